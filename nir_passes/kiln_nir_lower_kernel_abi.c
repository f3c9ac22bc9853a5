/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Lowers an OpenCL kernel's inputs to kiln's AMD compute ABI
 * (kiln_amd_abi.h): kernel arguments and the launch values OpenCL exposes
 * (global offset and size, enqueued local size, number of groups, work_dim)
 * the printf buffer nir_lower_printf writes to, and the program's buffer
 * of __global variables (load_global_base_ptr) become scalar loads from
 * the kernarg buffer, whose address arrives in two user SGPRs.  Workgroup and local ids stay
 * hardware-provided; the backend maps them to their SGPRs/VGPRs.
 *
 * Argument offsets are constants in OpenCL, so nearly every read is an
 * s_load of whole dwords at a fixed offset; sub-dword arguments are
 * extracted from the containing dword.  The implicit values are 32-bit in
 * memory (the ABI caps launches at 32 bits) and widened here when the
 * kernel asks for size_t.
 */
#include "kiln_nir_passes.h"
#include "kiln_amd_abi.h"

#include "nir_builder.h"

/* SMEM loads at most 16 dwords; 8 keeps every piece a legal vector. */
#define MAX_DWORDS_PER_LOAD 8

static nir_def *
kernarg_ptr(nir_builder *b, const struct kiln_nir_kernel_abi_options *opts)
{
   nir_def *lo_hi = nir_load_scalar_arg_amd(b, 2, .base = opts->kernarg_ptr_arg);
   return nir_pack_64_2x32_split(b, nir_channel(b, lo_hi, 0), nir_channel(b, lo_hi, 1));
}

static nir_def *
load_kernarg_const(nir_builder *b, const struct kiln_nir_kernel_abi_options *opts, unsigned offset,
                   unsigned num_components, unsigned bit_size)
{
   assert(num_components >= 1 && num_components <= 16);
   assert(bit_size >= 8 && bit_size <= 64 && util_is_power_of_two_nonzero(bit_size));
   nir_def *ptr = kernarg_ptr(b, opts);
   unsigned start = offset & ~3u;
   unsigned skip_bits = (offset - start) * 8;
   unsigned dwords = DIV_ROUND_UP(skip_bits + num_components * bit_size, 32);

   nir_def *pieces[DIV_ROUND_UP(16 * 64 / 32, MAX_DWORDS_PER_LOAD) + 1];
   unsigned num_pieces = 0;
   for (unsigned dw = 0; dw < dwords; dw += MAX_DWORDS_PER_LOAD) {
      unsigned n = MIN2(MAX_DWORDS_PER_LOAD, dwords - dw);
      assert(num_pieces < ARRAY_SIZE(pieces));
      pieces[num_pieces++] = nir_load_smem_amd(b, n, ptr, nir_imm_int(b, start + dw * 4),
                                               .align_mul = 4, .align_offset = 0);
   }
   return nir_extract_bits(b, pieces, num_pieces, skip_bits, num_components, bit_size);
}

/* A kernel input at a run-time offset (an indexed by-value aggregate):
 * still uniform, read through the scalar cache by the backend. */
static nir_def *
load_kernarg_dynamic(nir_builder *b, const struct kiln_nir_kernel_abi_options *opts,
                     nir_def *offset, unsigned num_components, unsigned bit_size, unsigned align)
{
   nir_def *addr = nir_iadd(b, kernarg_ptr(b, opts), nir_u2u64(b, offset));
   return nir_load_global_constant(b, addr, align, num_components, bit_size);
}

static nir_def *
load_implicit_input(nir_builder *b, unsigned offset, unsigned num_components, unsigned bit_size,
                    const void *data)
{
   return load_kernarg_const(b, data, offset, num_components, bit_size);
}

static bool
lower_abi_intrinsic(nir_builder *b, nir_intrinsic_instr *intr, void *data)
{
   const struct kiln_nir_kernel_abi_options *opts = data;
   unsigned bit_size = intr->def.bit_size;
   unsigned num_components = intr->def.num_components;
   nir_def *value;

   b->cursor = nir_before_instr(&intr->instr);

   if (intr->intrinsic == nir_intrinsic_load_kernel_input) {
      unsigned base = kiln_nir_kernel_input_base(intr, opts->implicit_offset);
      if (nir_src_is_const(intr->src[0])) {
         value = load_kernarg_const(b, opts, base + nir_src_as_uint(intr->src[0]), num_components,
                                    bit_size);
      } else {
         nir_def *offset = nir_iadd_imm(b, intr->src[0].ssa, base);
         value = load_kernarg_dynamic(b, opts, offset, num_components, bit_size,
                                      nir_intrinsic_align(intr));
      }
   } else {
      value = kiln_nir_load_implicit(b, intr, opts->implicit_offset, load_implicit_input, opts);
      if (!value)
         return false;
   }

   nir_def_replace(&intr->def, value);
   return true;
}

bool
kiln_nir_lower_kernel_abi(nir_shader *nir, const struct kiln_nir_kernel_abi_options *options)
{
   return nir_shader_intrinsics_pass(nir, lower_abi_intrinsic, nir_metadata_control_flow,
                                     (void *)options);
}
