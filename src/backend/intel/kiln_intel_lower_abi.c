/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * An OpenCL kernel's inputs as Intel push constants (kiln_intel_abi.h):
 * the kernel arguments and the launch values of struct kiln_implicit_args
 * arrive in registers with the thread, so where the AMD ABI reads its
 * kernarg buffer with scalar loads (nir_passes/kiln_nir_lower_kernel_abi.c)
 * every read here is a load_uniform at the same byte offset, the way
 * brw_kernel.c lowers intel_clc's kernels.  The constant data brw appends
 * to the code is reached through its address, pushed after the kernarg
 * bytes.  The implicit values are 32-bit (the ABI caps launches at 32
 * bits) and widened where the kernel asks for size_t.
 *
 * The work-group size has two readers.  OpenCL's values (global ids,
 * get_enqueued_local_size(), kiln_nir_lower_partial_local_size's formula)
 * want the size the launch asked for, the pushed local size: they are
 * lowered first, before brw_nir_lower_cs_intrinsics.  brw's own local-id
 * derivation (index % size.x, ...), which that pass then adds, wants the
 * size of the group the hardware runs, smaller in a partial group
 * (drivers/intel gives partial groups walkers of their own):
 * kiln_intel_lower_hw_group_size computes it after.
 */
#include "kiln_intel_backend.h"
#include "kiln_amd_abi.h"
#include "kiln_intel_abi.h"
#include "kiln_nir_passes.h"

#include "nir_builder.h"

struct lower_state {
   unsigned push_size;
   unsigned implicit_offset;
   unsigned const_data_addr;
};

static nir_def *
load_push(nir_builder *b, const struct lower_state *s, nir_def *offset, unsigned base,
          unsigned num_components, unsigned bit_size)
{
   return nir_load_uniform(b, num_components, bit_size, offset, .base = base, .range = s->push_size,
                           .dest_type = nir_type_uint | bit_size);
}

static nir_def *
load_implicit_input(nir_builder *b, unsigned offset, unsigned num_components, unsigned bit_size,
                    const void *data)
{
   return load_push(b, data, nir_imm_int(b, 0), offset, num_components, bit_size);
}

static bool
lower_intrinsic(nir_builder *b, nir_intrinsic_instr *intr, void *data)
{
   const struct lower_state *s = data;
   const unsigned bit_size = intr->def.bit_size;
   const unsigned num_components = intr->def.num_components;
   nir_def *value;

   b->cursor = nir_before_instr(&intr->instr);

   switch (intr->intrinsic) {
   case nir_intrinsic_load_kernel_input: {
      unsigned base = kiln_nir_kernel_input_base(intr, s->implicit_offset);
      value = load_push(b, s, nir_u2u32(b, intr->src[0].ssa), base, num_components, bit_size);
      break;
   }
   case nir_intrinsic_load_constant: {
      nir_def *base = load_push(b, s, nir_imm_int(b, 0), s->const_data_addr, 1, 64);
      nir_def *offset = nir_iadd_imm(b, intr->src[0].ssa, nir_intrinsic_base(intr));
      nir_def *addr = nir_iadd(b, base, nir_u2u64(b, offset));
      value = nir_build_load_global_constant(b, num_components, bit_size, addr,
                                             .align_mul = nir_intrinsic_align_mul(intr),
                                             .align_offset = nir_intrinsic_align_offset(intr));
      break;
   }
   default:
      value = kiln_nir_load_implicit(b, intr, s->implicit_offset, load_implicit_input, s);
      if (!value)
         return false;
      break;
   }

   nir_def_replace(&intr->def, value);
   return true;
}

bool
kiln_intel_lower_abi(nir_shader *nir, unsigned kernarg_alloc_size, unsigned implicit_offset)
{
   const struct lower_state s = {
      .push_size = KILN_INTEL_PUSH_SIZE(kernarg_alloc_size),
      .implicit_offset = implicit_offset,
      .const_data_addr = KILN_INTEL_CONST_DATA_ADDR(kernarg_alloc_size),
   };
   /* The implicit arguments end the kernarg buffer, which the push
    * constants hold whole with the constant data's address. */
   assert(implicit_offset + KILN_IMPLICIT_SIZE <= kernarg_alloc_size);
   assert(s.const_data_addr + 8 <= s.push_size && s.push_size % 32 == 0);
   nir->num_uniforms = s.push_size;
   return nir_shader_intrinsics_pass(nir, lower_intrinsic, nir_metadata_control_flow, (void *)&s);
}

/* The hardware group's size: min(local_size, global_size - id * local_size)
 * per dimension, the real size of a partial last group. */
static bool
lower_hw_group_size(nir_builder *b, nir_intrinsic_instr *intr, void *data)
{
   const struct lower_state *s = data;
   if (intr->intrinsic != nir_intrinsic_load_workgroup_size)
      return false;

   b->cursor = nir_before_instr(&intr->instr);
   struct kiln_nir_implicit_field local, global;
   ASSERTED bool found = kiln_nir_implicit_field(nir_intrinsic_load_workgroup_size, &local) &&
                         kiln_nir_implicit_field(nir_intrinsic_load_global_size, &global);
   assert(found && local.bit_size == 32 && global.bit_size == 32);
   nir_def *size = load_push(b, s, nir_imm_int(b, 0), s->implicit_offset + local.offset, 3, 32);
   nir_def *global_size =
      load_push(b, s, nir_imm_int(b, 0), s->implicit_offset + global.offset, 3, 32);
   nir_def *id = nir_u2u32(b, nir_load_workgroup_id(b));
   nir_def *left = nir_isub(b, global_size, nir_imul(b, id, size));
   nir_def *value = nir_umin(b, size, left);
   nir_def_replace(&intr->def, nir_u2uN(b, value, intr->def.bit_size));
   return true;
}

bool
kiln_intel_lower_hw_group_size(nir_shader *nir, unsigned kernarg_alloc_size,
                               unsigned implicit_offset)
{
   const struct lower_state s = {
      .push_size = KILN_INTEL_PUSH_SIZE(kernarg_alloc_size),
      .implicit_offset = implicit_offset,
      .const_data_addr = KILN_INTEL_CONST_DATA_ADDR(kernarg_alloc_size),
   };
   return nir_shader_intrinsics_pass(nir, lower_hw_group_size, nir_metadata_control_flow,
                                     (void *)&s);
}
