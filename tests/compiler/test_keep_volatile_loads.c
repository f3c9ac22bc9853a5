/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Unit test for kiln_nir_keep_volatile_loads: a volatile access is a side
 * effect, so a loop that only spins on a volatile load must survive
 * optimisation.  Each test builds `while (load(p) == 0) {}`, runs the pass,
 * then does to the load what the AMD backend does (load_global becomes
 * load_global_amd, which nir_opt_dead_cf does not know) and runs dead
 * control-flow and dead-code elimination: for volatile __global and
 * __local loads the loop and its load must still be there, and the pass
 * must have added exactly one barrier of no scope and no semantics after
 * the load.  Non-volatile loads and volatile private loads get no barrier,
 * and running the pass twice adds nothing.
 */
#include <stdio.h>

#include "compiler/glsl_types.h"
#include "kiln_nir_passes.h"
#include "nir_pass_test.h"

static const nir_shader_compiler_options options = { 0 };

enum load_kind {
   LOAD_GLOBAL,       /* load_global, as after explicit I/O lowering */
   LOAD_DEREF_GLOBAL, /* load_deref of a cast __global pointer, as from vtn */
   LOAD_DEREF_SHARED, /* load_deref of a cast __local pointer */
   LOAD_DEREF_TEMP,   /* load_deref of a private variable */
};

static const char *const kind_names[] = {
   [LOAD_GLOBAL] = "load_global",
   [LOAD_DEREF_GLOBAL] = "load_deref(global)",
   [LOAD_DEREF_SHARED] = "load_deref(shared)",
   [LOAD_DEREF_TEMP] = "load_deref(function_temp)",
};

static nir_def *
build_load(nir_builder *b, enum load_kind kind, enum gl_access_qualifier access, nir_variable *temp)
{
   switch (kind) {
   case LOAD_GLOBAL:
      return nir_build_load_global(b, 1, 32, nir_imm_int64(b, 0x1000), .access = access,
                                   .align_mul = 4);
   case LOAD_DEREF_GLOBAL:
   case LOAD_DEREF_SHARED: {
      nir_variable_mode mode = kind == LOAD_DEREF_GLOBAL ? nir_var_mem_global : nir_var_mem_shared;
      nir_deref_instr *d =
         nir_build_deref_cast(b, nir_imm_int64(b, 0x1000), mode, glsl_uint_type(), 4);
      return nir_load_deref_with_access(b, d, access);
   }
   case LOAD_DEREF_TEMP:
      return nir_load_deref_with_access(b, nir_build_deref_var(b, temp), access);
   }
   return NULL;
}

static unsigned
count_loops(nir_shader *s)
{
   unsigned n = 0;
   nir_foreach_function_impl (impl, s) {
      foreach_list_typed(nir_cf_node, node, node, &impl->body) n += node->type == nir_cf_node_loop;
   }
   return n;
}

/* The backend's form of a global load: load_global_amd(base, offset 0). */
static bool
to_global_amd(nir_builder *b, nir_intrinsic_instr *intr, void *data)
{
   if (intr->intrinsic != nir_intrinsic_load_global)
      return false;
   b->cursor = nir_before_instr(&intr->instr);
   nir_def *v = nir_load_global_amd(b, 1, 32, intr->src[0].ssa, nir_imm_int(b, 0),
                                    .access = nir_intrinsic_access(intr), .align_mul = 4);
   nir_def_replace(&intr->def, v);
   return true;
}

static void
test_spin(enum load_kind kind, bool is_volatile)
{
   nir_builder b = nir_test_kernel(&options, "spin");
   nir_variable *temp = nir_local_variable_create(b.impl, glsl_uint_type(), "flag");
   nir_store_var(&b, temp, nir_imm_int(&b, 0), 1);

   const enum gl_access_qualifier access = is_volatile ? ACCESS_VOLATILE : 0;
   nir_loop *loop = nir_push_loop(&b);
   {
      nir_def *v = build_load(&b, kind, access, temp);
      nir_break_if(&b, nir_ine_imm(&b, v, 0));
   }
   nir_pop_loop(&b, loop);

   const bool expect_anchor = is_volatile && kind != LOAD_DEREF_TEMP;
   bool progress = kiln_nir_keep_volatile_loads(b.shader);
   CHECK(progress == expect_anchor, "%s%s: progress %d", is_volatile ? "volatile " : "",
         kind_names[kind], progress);
   CHECK(nir_test_count_intrinsic(b.shader, nir_intrinsic_barrier) == expect_anchor,
         "%s%s: %u barriers", is_volatile ? "volatile " : "", kind_names[kind],
         nir_test_count_intrinsic(b.shader, nir_intrinsic_barrier));
   CHECK(!kiln_nir_keep_volatile_loads(b.shader), "%s: a second run made progress",
         kind_names[kind]);

   nir_foreach_block (block, b.impl) {
      nir_foreach_instr (instr, block) {
         if (instr->type != nir_instr_type_intrinsic ||
             nir_instr_as_intrinsic(instr)->intrinsic != nir_intrinsic_barrier)
            continue;
         nir_intrinsic_instr *bar = nir_instr_as_intrinsic(instr);
         CHECK(nir_intrinsic_execution_scope(bar) == SCOPE_NONE &&
                  nir_intrinsic_memory_scope(bar) == SCOPE_NONE &&
                  nir_intrinsic_memory_semantics(bar) == 0 && nir_intrinsic_memory_modes(bar) == 0,
               "%s: the barrier orders something", kind_names[kind]);
         nir_instr *prev = nir_instr_prev(instr);
         CHECK(prev && prev->type == nir_instr_type_intrinsic &&
                  (nir_intrinsic_access(nir_instr_as_intrinsic(prev)) & ACCESS_VOLATILE),
               "%s: the barrier does not follow the volatile load", kind_names[kind]);
      }
   }

   if (expect_anchor) {
      /* What the backend does before its last dead-control-flow pass. */
      nir_shader_intrinsics_pass(b.shader, to_global_amd, nir_metadata_control_flow, NULL);
      bool more;
      do {
         more = false;
         NIR_PASS(more, b.shader, nir_opt_dce);
         NIR_PASS(more, b.shader, nir_opt_dead_cf);
      } while (more);
      CHECK(count_loops(b.shader) == 1, "volatile %s: the spin loop was deleted", kind_names[kind]);
      nir_intrinsic_op op =
         kind == LOAD_GLOBAL ? nir_intrinsic_load_global_amd : nir_intrinsic_load_deref;
      CHECK(nir_test_count_intrinsic(b.shader, op) == 1, "volatile %s: the load was deleted",
            kind_names[kind]);
   }
   nir_test_free(b.shader);
}

int
main(void)
{
   nir_test_init();
   for (enum load_kind k = LOAD_GLOBAL; k <= LOAD_DEREF_TEMP; k++) {
      test_spin(k, true);
      test_spin(k, false);
   }
   return nir_test_finish();
}
