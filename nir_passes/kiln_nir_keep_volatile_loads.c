/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Volatile loads of memory that other work-items or the host write
 * (__global, __local, generic) kept in the control flow that contains
 * them.  A volatile access is a side effect (C11 §5.1.2.3, which OpenCL C
 * inherits), so `while (p[0] == 0) {}` on a volatile pointer must read p[0]
 * again on every iteration until another agent changes it.  NIR has no
 * such notion: every load is eliminable, and nir_opt_dead_cf deletes a loop
 * or if whose instructions are all eliminable and whose values are not
 * used after it.  Mesa 25.0's nir_opt_dead_cf keeps the loop while the
 * load is a load_global (volatile loads are not reorderable), but the AMD
 * backend turns it into load_global_amd (ac_nir_lower_global_access)
 * before its last nir_opt_dead_cf, which does not know that intrinsic and
 * deletes the loop: the spin returns at once.
 *
 * Each such load is followed by a barrier of no execution scope, no memory
 * scope and no semantics.  A barrier is never eliminable, so a loop or if
 * around the load survives every pass; it orders nothing, and ACO emits no
 * instruction for it (a p_barrier below workgroup scope only steers its
 * optimisations).  The load itself stays a volatile load, which ACO never
 * removes and issues with the cache bypassed.  Run right after
 * spirv_to_nir, on the kernel's own load_deref instructions (load_global
 * too, for a later run; load_shared carries no access qualifier, and
 * nir_opt_dead_cf keeps every loop that contains one).
 */
#include "kiln_nir_passes.h"

#include "nir_builder.h"

static bool
is_anchor(const nir_instr *instr)
{
   if (!instr || instr->type != nir_instr_type_intrinsic)
      return false;
   const nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
   return intr->intrinsic == nir_intrinsic_barrier &&
          nir_intrinsic_execution_scope(intr) == SCOPE_NONE &&
          nir_intrinsic_memory_scope(intr) == SCOPE_NONE &&
          nir_intrinsic_memory_semantics(intr) == 0 && nir_intrinsic_memory_modes(intr) == 0;
}

static bool
anchor_volatile_load(nir_builder *b, nir_intrinsic_instr *intr, void *data)
{
   nir_variable_mode shared_modes = nir_var_mem_global | nir_var_mem_shared;
   switch (intr->intrinsic) {
   case nir_intrinsic_load_deref:
      /* Right after spirv_to_nir: every load_deref reads a deref. */
      assert(nir_src_as_deref(intr->src[0]));
      if (!nir_deref_mode_may_be(nir_src_as_deref(intr->src[0]), shared_modes))
         return false;
      break;
   case nir_intrinsic_load_global:
      break;
   default:
      return false;
   }
   if (!(nir_intrinsic_access(intr) & ACCESS_VOLATILE) || is_anchor(nir_instr_next(&intr->instr)))
      return false;

   b->cursor = nir_after_instr(&intr->instr);
   nir_barrier(b, .execution_scope = SCOPE_NONE, .memory_scope = SCOPE_NONE, .memory_semantics = 0,
               .memory_modes = 0);
   assert(is_anchor(nir_instr_next(&intr->instr)));
   return true;
}

bool
kiln_nir_keep_volatile_loads(nir_shader *nir)
{
   return nir_shader_intrinsics_pass(nir, anchor_volatile_load, nir_metadata_control_flow, NULL);
}
