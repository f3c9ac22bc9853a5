/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * An enqueued block's kernel compiled by a front end that passes the
 * launch values (global offset and size, number of groups, work_dim) as
 * kernel inputs of its own, as Rusticl does: its launches come from kiln's
 * device queue drain, which knows nothing of that front end's inputs but
 * writes kiln's implicit arguments (kiln_amd_abi.h).  So the block reads
 * them there: the front end finds no such system value left to lower.
 * Run after nir_lower_system_values and nir_lower_compute_system_values
 * with has_base_global_invocation_id and has_global_size, which leave the
 * global id as the offset plus the group's place and the local id.
 */
#include "kiln_nir_passes.h"

#include "kiln_amd_abi.h"
#include "nir_builder.h"

static bool
lower(nir_builder *b, nir_intrinsic_instr *intr, void *data)
{
   unsigned offset;
   switch (intr->intrinsic) {
   case nir_intrinsic_load_base_global_invocation_id:
      offset = KILN_IMPLICIT_GLOBAL_OFFSET;
      break;
   case nir_intrinsic_load_global_size:
      offset = KILN_IMPLICIT_GLOBAL_SIZE;
      break;
   case nir_intrinsic_load_num_workgroups:
      offset = KILN_IMPLICIT_NUM_GROUPS;
      break;
   case nir_intrinsic_load_work_dim:
      offset = KILN_IMPLICIT_WORK_DIM;
      break;
   default:
      return false;
   }
   b->cursor = nir_before_instr(&intr->instr);
   const unsigned n = intr->def.num_components;
   assert(n == (intr->intrinsic == nir_intrinsic_load_work_dim ? 1 : 3));
   nir_def *v = nir_load_kernel_input(b, n, 32, nir_imm_int(b, 0),
                                      .base = KILN_NIR_IMPLICIT_INPUT + offset, .range = n * 4);
   nir_def_replace(&intr->def, nir_u2uN(b, v, intr->def.bit_size));
   return true;
}

bool
kiln_nir_lower_launch_sysvals(nir_shader *nir)
{
   return nir_shader_intrinsics_pass(nir, lower, nir_metadata_control_flow, NULL);
}
