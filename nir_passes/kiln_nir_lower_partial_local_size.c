/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * OpenCL 2.0 non-uniform work-groups: in the last work-group of a dimension
 * whose global size is not a multiple of the local size, get_local_size()
 * returns the remainder.  SPIR-V's WorkgroupSize builtin reaches NIR as
 * load_workgroup_size, the same intrinsic the global-id expansion uses for
 * the enqueued size, so this pass runs first and gives the kernel's own
 * reads the partial-aware value:
 *
 *    local_size = min(size, global_size - group_id * size)
 *
 * (group_id * size < global_size always holds, so the subtraction cannot
 * wrap.)  The result is three scalar ALU ops per read on uniform values.
 */
#include "kiln_nir_passes.h"

#include "nir_builder.h"

static bool
lower_local_size(nir_builder *b, nir_intrinsic_instr *intr, void *data)
{
   if (intr->intrinsic != nir_intrinsic_load_workgroup_size)
      return false;

   /* The new loads go before the old one, where the pass's forward walk
    * will not visit them again. */
   b->cursor = nir_before_instr(&intr->instr);

   nir_def *size = nir_load_workgroup_size(b);
   nir_def *global_size = nir_load_global_size(b, 32);
   nir_def *group_id = nir_load_workgroup_id(b);
   nir_def *left = nir_isub(b, global_size, nir_imul(b, group_id, size));
   nir_def *local = nir_umin(b, size, left);

   nir_def_replace(&intr->def, local);
   return true;
}

bool
kiln_nir_lower_partial_local_size(nir_shader *nir)
{
   return nir_shader_intrinsics_pass(nir, lower_local_size,
                                     nir_metadata_control_flow, NULL);
}
