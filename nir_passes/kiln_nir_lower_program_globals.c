/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Program-scope and static __global variables (OpenCL C 2.0 §6.5.1) live
 * in one buffer per program, shared by its kernels, which the compiler
 * laid out once for the whole module (src/compiler/kiln_spirv_globals.c):
 * every kernel must address each variable at the same offset, whichever
 * variables it uses.  This pass replaces each reference to a
 * nir_var_mem_global variable by a cast of the buffer's address
 * (load_global_base_ptr, an implicit kernel argument in kiln's ABI) plus
 * the variable's offset, and removes the variables, so that Mesa's own
 * layout of global variables (nir_lower_vars_to_explicit_types, which
 * would count only the variables left in each kernel) never applies.
 */
#include "kiln_nir_passes.h"

#include "nir_builder.h"

static bool
lower_var_deref(nir_builder *b, nir_instr *instr, void *data)
{
   struct hash_table *places = data;
   if (instr->type != nir_instr_type_deref)
      return false;
   nir_deref_instr *deref = nir_instr_as_deref(instr);
   if (deref->deref_type != nir_deref_type_var || deref->var->data.mode != nir_var_mem_global)
      return false;

   /* Every __global variable is in places: none has gone yet. */
   struct hash_entry *place = _mesa_hash_table_search(places, deref->var);
   assert(place);
   const struct kiln_nir_program_global *g = place->data;
   b->cursor = nir_before_instr(instr);
   nir_def *addr = nir_iadd_imm(b, nir_load_global_base_ptr(b, 1, 64), g->offset);
   nir_deref_instr *cast = nir_build_deref_cast(b, addr, nir_var_mem_global, deref->type, 0);
   cast->cast.align_mul = g->alignment;
   cast->cast.align_offset = 0;
   nir_def_replace(&deref->def, &cast->def);
   return true;
}

bool
kiln_nir_lower_program_globals(nir_shader *nir, const struct kiln_nir_program_global *globals,
                               unsigned num_globals)
{
   struct hash_table *places = _mesa_pointer_hash_table_create(NULL);
   unsigned i = 0;
   nir_foreach_variable_with_modes (var, nir, nir_var_mem_global) {
      assert(i < num_globals);
      _mesa_hash_table_insert(places, var, (void *)&globals[i++]);
   }
   assert(i == num_globals);

   bool progress =
      nir_shader_instructions_pass(nir, lower_var_deref, nir_metadata_control_flow, places);
   _mesa_hash_table_destroy(places, NULL);

   nir_foreach_variable_with_modes_safe(var, nir, nir_var_mem_global)
   {
      exec_node_remove(&var->node);
      progress = true;
   }
   return progress;
}
