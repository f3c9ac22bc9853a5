/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Stores aligned below their component size (or below a dword, for
 * components of 4 bytes and more) split into stores of the bytes or
 * shorts their alignment allows.  OpenCL C lets a program store an int
 * through a pointer cast from a char array (the CTS's vload_half kernels
 * fill a __local uchar array as ints), and clang records such a store as
 * 1-byte aligned.  ac_nir_lower_mem_access_bit_sizes, written for
 * radeonsi and RADV, which never make such stores, splits a store into
 * pieces of its own component size and asserts when a piece is less
 * aligned than that (it may only turn them into atomics, which ACO does
 * not ask for).  Splitting first to the alignment leaves it pieces it
 * accepts; ACO then emits one ds_write_b8/b16 or global/scratch byte or
 * short store a piece, as it does for a char or short store.
 *
 * Global stores that kiln_nir_opt_unaligned_global made single
 * instructions are aligned by then and stay whole.  Run after it, before
 * ac_nir_lower_mem_access_bit_sizes.
 */
#include "kiln_nir_passes.h"

static nir_mem_access_size_align
piece_size(nir_intrinsic_op intrin, uint8_t bytes, uint8_t bit_size, uint32_t align_mul,
           uint32_t align_offset, bool offset_is_const, enum gl_access_qualifier access,
           const void *data)
{
   const unsigned component_bytes = bit_size / 8;
   const unsigned align = nir_combined_align(align_mul, align_offset);

   /* Loads, and stores aligned as ac requires: as they are. */
   if (nir_intrinsic_infos[intrin].has_dest || align >= MIN2(component_bytes, 4)) {
      return (nir_mem_access_size_align){
         .num_components = bytes / component_bytes,
         .bit_size = bit_size,
         .align = 1,
         .shift = nir_mem_access_shift_method_scalar,
      };
   }

   /* align is 1 or 2 here, below the component size. */
   return (nir_mem_access_size_align){
      .num_components = MIN2(bytes / align, 4),
      .bit_size = align * 8,
      .align = align,
      .shift = nir_mem_access_shift_method_scalar,
   };
}

bool
kiln_nir_lower_unaligned_stores(nir_shader *nir)
{
   const nir_lower_mem_access_bit_sizes_options options = {
      .callback = piece_size,
      .modes = nir_var_mem_ssbo | nir_var_mem_global | nir_var_mem_shared | nir_var_shader_temp |
               nir_var_function_temp,
   };
   return nir_lower_mem_access_bit_sizes(nir, &options);
}
