/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Global loads and stores of 2, 4, 8, 12 or 16 bytes as single accesses
 * whatever their address alignment.  OpenCL only guarantees the alignment
 * of the element type (vload16 from a char pointer is 1-byte aligned), and
 * ac_nir_lower_mem_access_bit_sizes splits such an access into one byte or
 * short access per element.  GFX9+ global memory instructions, with the
 * SH_MEM_CONFIG alignment mode the amdgpu kernel driver programs
 * (unaligned) and the one the HSA ABI assumes, access any byte address, so
 * a 4-byte load at an odd address reads the same 4 bytes as four byte
 * loads.  The pass raises the recorded alignment of such accesses to what
 * lets the backend emit one dword/dwordx2/x3/x4 (or short) instruction;
 * the access size itself is unchanged, so nothing outside the original
 * bytes is read or written (no over-fetch across a page).
 *
 * kiln_nir_unaligned_global_size_ok() is the same rule for
 * nir_opt_load_store_vectorize callbacks, to merge per-element accesses
 * into those sizes first.  Run after vectorizing, before
 * ac_nir_lower_mem_access_bit_sizes.
 */
#include "kiln_nir_passes.h"

#include "nir_builder.h"

bool
kiln_nir_unaligned_global_size_ok(unsigned bytes)
{
   return bytes == 2 || bytes == 4 || bytes == 8 || bytes == 12 || bytes == 16;
}

static bool
raise_alignment(nir_builder *b, nir_intrinsic_instr *intr, void *data)
{
   unsigned bit_size, num_components;
   switch (intr->intrinsic) {
   case nir_intrinsic_load_global:
   case nir_intrinsic_load_global_constant:
      bit_size = intr->def.bit_size;
      num_components = intr->def.num_components;
      break;
   case nir_intrinsic_store_global:
      bit_size = nir_src_bit_size(intr->src[0]);
      /* A store with holes in its write mask is split anyway. */
      if (nir_intrinsic_write_mask(intr) != BITFIELD_MASK(intr->src[0].ssa->num_components))
         return false;
      num_components = intr->src[0].ssa->num_components;
      break;
   default:
      return false;
   }
   /* Volatile accesses keep the instructions the program wrote.  Scalar
    * (SMEM) loads ignore the address's two low bits: an unaligned one must
    * stay unaligned, for the backend to load aligned dwords and extract.
    * A uniform load may still become one (ac_nir_lower_mem_access_bit_sizes
    * and ACO choose SMEM for it), so only divergent loads are raised. */
   if (nir_intrinsic_access(intr) & (ACCESS_VOLATILE | ACCESS_SMEM_AMD))
      return false;
   if (intr->intrinsic != nir_intrinsic_store_global && !intr->def.divergent)
      return false;

   const unsigned bytes = num_components * bit_size / 8;
   if (!kiln_nir_unaligned_global_size_ok(bytes))
      return false;
   const unsigned want = MIN2(bytes, 4);
   assert(want == 2 || want == 4);
   if (nir_intrinsic_align(intr) >= want)
      return false;
   nir_intrinsic_set_align(intr, want, 0);
   return true;
}

bool
kiln_nir_opt_unaligned_global(nir_shader *nir)
{
   nir_divergence_analysis(nir);
   return nir_shader_intrinsics_pass(nir, raise_alignment, nir_metadata_all, NULL);
}
