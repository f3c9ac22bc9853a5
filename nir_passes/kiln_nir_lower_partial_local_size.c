/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * OpenCL 2.0 non-uniform work-groups: in the last work-group of a dimension
 * whose global size is not a multiple of the local size, get_local_size()
 * returns the remainder, while get_enqueued_local_size() keeps returning
 * the size the launch asked for.  SPIR-V keeps the two apart (builtins
 * WorkgroupSize and EnqueuedWorkgroupSize), but spirv_to_nir gives both the
 * same system value, so this pass runs on the builtin variables before
 * nir_lower_system_values and gives get_local_size() reads the
 * partial-aware value:
 *
 *    local_size = min(size, global_size - group_id * size)
 *
 * (group_id * size < global_size always holds, so the subtraction cannot
 * wrap.)  The builtins are told apart by their SPIR-V names, which the
 * OpenCL C front end always emits; an unnamed variable is taken to be
 * WorkgroupSize, the common case.  The result costs three scalar ALU ops
 * on uniform values.
 */
#include <string.h>

#include "kiln_nir_passes.h"

#include "nir_builder.h"

static bool
is_local_size_var(const nir_variable *var)
{
   return var && var->data.mode == nir_var_system_value &&
          var->data.location == SYSTEM_VALUE_WORKGROUP_SIZE &&
          !(var->name && strstr(var->name, "EnqueuedWorkgroupSize"));
}

static bool
lower_local_size(nir_builder *b, nir_intrinsic_instr *intr, void *data)
{
   if (intr->intrinsic != nir_intrinsic_load_deref)
      return false;
   nir_deref_instr *deref = nir_src_as_deref(intr->src[0]);
   if (!is_local_size_var(nir_deref_instr_get_variable(deref)))
      return false;

   /* The variable itself or get_local_size(dim)'s element of it. */
   assert(deref->deref_type == nir_deref_type_var || deref->deref_type == nir_deref_type_array);
   b->cursor = nir_before_instr(&intr->instr);
   nir_def *size = nir_load_workgroup_size(b);
   /* 64 bits, as the OpenCL front ends (kiln's, Rusticl's) give it. */
   nir_def *global_size = nir_u2u32(b, nir_load_global_size(b, 64));
   nir_def *group_id = nir_load_workgroup_id(b);
   nir_def *left = nir_isub(b, global_size, nir_imul(b, group_id, size));
   nir_def *local = nir_umin(b, size, left);

   /* get_local_size(dim) may index the vector. */
   if (deref->deref_type == nir_deref_type_array)
      local = nir_vector_extract(b, local, nir_u2u32(b, deref->arr.index.ssa));

   nir_def_replace(&intr->def, nir_u2uN(b, local, intr->def.bit_size));
   return true;
}

bool
kiln_nir_lower_partial_local_size(nir_shader *nir)
{
   return nir_shader_intrinsics_pass(nir, lower_local_size, nir_metadata_control_flow, NULL);
}
