/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * get_sub_group_size() and get_enqueued_num_sub_groups() (cl_khr_subgroups,
 * OpenCL C 3.0 §6.15.18) where they differ from get_max_sub_group_size()
 * and get_num_sub_groups().  A work-group splits into sub-groups of the
 * wave size in local linear id order, so the last sub-group of a
 * work-group whose size is not a multiple of the wave size is smaller, and
 * get_sub_group_size() is the size of the caller's own sub-group:
 * min(wave size, work-items in the group - sub-group id * wave size).  A
 * partial (last) work-group of a non-uniform launch has fewer sub-groups
 * than the enqueued size gives: get_enqueued_num_sub_groups() is the count
 * for the enqueued size.  vtn maps both members of each pair to one system
 * value (SUBGROUP_SIZE, NUM_SUBGROUPS), so the builtin variable's name
 * tells them apart, as kiln_nir_lower_partial_local_size does for the
 * local size.  Run before nir_lower_system_values, after
 * kiln_nir_lower_partial_local_size (whose local size this one uses).
 */
#include <string.h>

#include "kiln_nir_passes.h"

#include "nir_builder.h"

static bool
is_builtin(const nir_variable *var, gl_system_value value, const char *name)
{
   return var && var->data.mode == nir_var_system_value && var->data.location == value &&
          var->name && strstr(var->name, name);
}

/* Work-items in this work-group (the partial group's own count). */
static nir_def *
group_items(nir_builder *b)
{
   nir_def *size = nir_load_workgroup_size(b);
   /* size_t, as vtn reads it: front ends lower the 64-bit form. */
   nir_def *global = nir_u2u32(b, nir_load_global_size(b, 64));
   nir_def *left = nir_isub(b, global, nir_imul(b, nir_load_workgroup_id(b), size));
   nir_def *local = nir_umin(b, size, left);
   return nir_imul(b, nir_imul(b, nir_channel(b, local, 0), nir_channel(b, local, 1)),
                   nir_channel(b, local, 2));
}

static bool
lower_subgroup_size(nir_builder *b, nir_intrinsic_instr *intr, void *data)
{
   if (intr->intrinsic != nir_intrinsic_load_deref)
      return false;
   nir_variable *var = nir_deref_instr_get_variable(nir_src_as_deref(intr->src[0]));
   const unsigned wave = *(const unsigned *)data;
   assert(util_is_power_of_two_nonzero(wave));

   nir_def *value;
   b->cursor = nir_before_instr(&intr->instr);
   if (is_builtin(var, SYSTEM_VALUE_SUBGROUP_SIZE, "BuiltInSubgroupSize")) {
      nir_def *first = nir_imul_imm(b, nir_load_subgroup_id(b), wave);
      value = nir_umin(b, nir_imm_int(b, wave), nir_isub(b, group_items(b), first));
   } else if (is_builtin(var, SYSTEM_VALUE_NUM_SUBGROUPS, "NumEnqueuedSubgroups")) {
      nir_def *size = nir_load_workgroup_size(b);
      nir_def *items = nir_imul(b, nir_imul(b, nir_channel(b, size, 0), nir_channel(b, size, 1)),
                                nir_channel(b, size, 2));
      value = nir_udiv_imm(b, nir_iadd_imm(b, items, wave - 1), wave);
   } else {
      return false;
   }
   nir_def_replace(&intr->def, nir_u2uN(b, value, intr->def.bit_size));
   return true;
}

bool
kiln_nir_lower_subgroup_size(nir_shader *nir, unsigned wave_size)
{
   return nir_shader_intrinsics_pass(nir, lower_subgroup_size, nir_metadata_control_flow,
                                     &wave_size);
}
