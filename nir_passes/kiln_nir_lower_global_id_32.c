/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * get_global_id() in 32 bits.  OpenCL returns size_t, and Mesa builds the
 * value in 64 bits: (group_id * local_size + local_id) + global_offset,
 * which on AMD costs 64-bit multiplies and add/carry pairs per work-item.
 * kiln's launch ABI (kiln_amd_abi.h) caps every global size and offset,
 * and their sum, at 32 bits, so the whole sum is exact in 32 bits and is
 * widened once.  Run after nir_lower_system_values (which emits
 * iadd(load_global_invocation_id, load_base_global_invocation_id)) and
 * after kiln_nir_lower_partial_local_size (the local size here is the
 * enqueued one), before nir_lower_compute_system_values.
 */
#include "kiln_nir_passes.h"

#include "nir_builder.h"

static nir_def *
global_id_32(nir_builder *b)
{
   nir_def *group = nir_load_workgroup_id(b);
   nir_def *size = nir_load_workgroup_size(b);
   nir_def *local = nir_load_local_invocation_id(b);
   return nir_iadd(b, nir_imul(b, group, size), local);
}

static bool
is_intrinsic(nir_alu_instr *alu, unsigned src, nir_intrinsic_op op)
{
   nir_instr *parent = alu->src[src].src.ssa->parent_instr;
   if (parent->type != nir_instr_type_intrinsic || nir_instr_as_intrinsic(parent)->intrinsic != op)
      return false;
   for (unsigned c = 0; c < alu->def.num_components; c++) {
      if (alu->src[src].swizzle[c] != c)
         return false;
   }
   return true;
}

/* First the id + offset sums, while their sources are still the
 * intrinsics; then any id read on its own. */
static bool
lower_sum(nir_builder *b, nir_instr *instr, void *data)
{
   if (instr->type == nir_instr_type_alu) {
      nir_alu_instr *alu = nir_instr_as_alu(instr);
      if (alu->op != nir_op_iadd || alu->def.bit_size != 64 || alu->def.num_components != 3)
         return false;
      if (!(is_intrinsic(alu, 0, nir_intrinsic_load_global_invocation_id) &&
            is_intrinsic(alu, 1, nir_intrinsic_load_base_global_invocation_id)) &&
          !(is_intrinsic(alu, 1, nir_intrinsic_load_global_invocation_id) &&
            is_intrinsic(alu, 0, nir_intrinsic_load_base_global_invocation_id)))
         return false;

      b->cursor = nir_before_instr(instr);
      nir_def *sum = nir_iadd(b, global_id_32(b), nir_load_base_global_invocation_id(b, 32));
      nir_def_replace(&alu->def, nir_u2u64(b, sum));
      return true;
   }
   return false;
}

static bool
lower_id(nir_builder *b, nir_instr *instr, void *data)
{
   if (instr->type == nir_instr_type_intrinsic) {
      nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
      if (intr->intrinsic != nir_intrinsic_load_global_invocation_id || intr->def.bit_size != 64)
         return false;
      assert(intr->def.num_components == 3);
      b->cursor = nir_before_instr(instr);
      nir_def_replace(&intr->def, nir_u2u64(b, global_id_32(b)));
      return true;
   }
   return false;
}

bool
kiln_nir_lower_global_id_32(nir_shader *nir)
{
   bool progress = nir_shader_instructions_pass(nir, lower_sum, nir_metadata_control_flow, NULL);
   progress |= nir_shader_instructions_pass(nir, lower_id, nir_metadata_control_flow, NULL);
   return progress;
}
