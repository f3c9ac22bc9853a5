/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Unit test for kiln_nir_lower_work_group_collectives: calls of the
 * bodiless work_group_* functions (as spirv_to_nir makes them for group
 * instructions of Workgroup scope, returning through a deref) become
 * shared-memory partials, barriers and sub-group operations; other calls
 * stay.  The meaning is checked on a work-group of one work-item, where
 * OpenCL C 2.0 §6.13.15 gives every result from the value alone: the
 * sub-group operations of a one-lane wave are replaced by what they
 * compute there (a reduction or inclusive scan of one value is that value,
 * an exclusive scan of none the identity) and the shader is folded, the
 * shared partials being read back from where they were written.  Several
 * waves, partial waves and 2-D and 3-D groups are the corpus's
 * (tests/kernels/workgroup/, run on the emulated gfx1030).
 */
#include <stdio.h>

#include "compiler/glsl_types.h"
#include "kiln_nir_passes.h"
#include "nir_builder.h"
#include "nir_pass_test.h"

static const nir_shader_compiler_options options = { 0 };

#define IN_ADDR   0x1000
#define OUT_ADDR  0x2000
#define NUM_CALLS 9

static const struct {
   const char *name;
   unsigned bits;
   unsigned ids; /* broadcast's local ids */
} calls[NUM_CALLS] = {
   { "_Z21work_group_reduce_addi", 32, 0 },
   { "_Z21work_group_reduce_minj", 32, 0 },
   { "_Z29work_group_scan_inclusive_addl", 64, 0 },
   { "_Z29work_group_scan_exclusive_minj", 32, 0 },
   { "_Z29work_group_scan_exclusive_maxi", 32, 0 },
   { "_Z29work_group_scan_exclusive_addf", 32, 0 },
   { "_Z14work_group_alli", 32, 0 },
   { "_Z14work_group_anyi", 32, 0 },
   { "_Z20work_group_broadcastimm", 32, 2 },
};

static nir_function *
declare(nir_shader *s, const char *name, unsigned bits, unsigned ids)
{
   nir_function *fn = nir_shader_get_function_for_name(s, name);
   if (fn)
      return fn;
   fn = nir_function_create(s, name);
   fn->num_params = 2 + ids;
   fn->params = rzalloc_array(s, nir_parameter, fn->num_params);
   fn->params[0] = (nir_parameter){ .num_components = 1, .bit_size = 64 };
   fn->params[1] = (nir_parameter){ .num_components = 1, .bit_size = bits };
   for (unsigned i = 0; i < ids; i++)
      fn->params[2 + i] = (nir_parameter){ .num_components = 1, .bit_size = 64 };
   return fn;
}

/* out[i] = name(x) as vtn calls it, x of the call's bits (the low bits of
 * the 64-bit value read from IN_ADDR for the 32-bit calls). */
static void
call_and_store(nir_builder *b, nir_def *x, const char *name, unsigned bits, unsigned ids,
               unsigned i)
{
   nir_function *fn = declare(b->shader, name, bits, ids);
   if (bits == 32)
      x = nir_u2u32(b, x);
   nir_variable *ret = nir_local_variable_create(b->impl, glsl_uintN_t_type(bits), "ret");
   nir_deref_instr *deref = nir_build_deref_var(b, ret);
   nir_call_instr *call = nir_call_instr_create(b->shader, fn);
   call->params[0] = nir_src_for_ssa(&deref->def);
   call->params[1] = nir_src_for_ssa(x);
   for (unsigned d = 0; d < ids; d++)
      call->params[2 + d] = nir_src_for_ssa(nir_imm_int64(b, 0));
   nir_builder_instr_insert(b, &call->instr);
   nir_store_global(b, nir_imm_int64(b, OUT_ADDR + 8 * i), bits / 8,
                    nir_load_deref(b, nir_build_deref_var(b, ret)), 1);
}

static nir_builder
build(unsigned items, unsigned wave_size)
{
   nir_builder b = nir_test_kernel(&options, "collectives");
   b.shader->info.workgroup_size[0] = items;
   b.shader->info.workgroup_size[1] = 1;
   b.shader->info.workgroup_size[2] = 1;
   b.shader->info.workgroup_size_variable = items == 0;
   b.shader->info.subgroup_size = (enum gl_subgroup_size)wave_size;
   nir_def *x = nir_load_global(&b, nir_imm_int64(&b, IN_ADDR), 8, 1, 64);
   for (unsigned i = 0; i < NUM_CALLS; i++)
      call_and_store(&b, x, calls[i].name, calls[i].bits, calls[i].ids, i);
   /* Not a work-group function: left alone. */
   call_and_store(&b, x, "_Z21work_group_reduce_fooi", 32, 0, NUM_CALLS);
   return b;
}

/* How many calls the shader makes and how many loops it has. */
struct shape {
   unsigned calls, loops;
};

static struct shape
shape_of(nir_shader *s)
{
   struct shape n = { 0, 0 };
   nir_foreach_function_impl (impl, s) {
      nir_foreach_block (block, impl) {
         nir_cf_node *parent = block->cf_node.parent;
         n.loops += parent->type == nir_cf_node_loop &&
                    nir_loop_first_block(nir_cf_node_as_loop(parent)) == block;
         nir_foreach_instr (instr, block)
            n.calls += instr->type == nir_instr_type_call;
      }
   }
   return n;
}

/* The sub-group operations of a wave of one lane, lane 0 of wave 0 of
 * the only wave, at local id (0, 0, 0). */
static bool
one_lane(nir_builder *b, nir_intrinsic_instr *intr, void *data)
{
   b->cursor = nir_before_instr(&intr->instr);
   nir_def *v;
   switch (intr->intrinsic) {
   case nir_intrinsic_load_subgroup_id:
   case nir_intrinsic_load_subgroup_invocation:
      v = nir_imm_int(b, 0);
      break;
   case nir_intrinsic_load_num_subgroups:
      v = nir_imm_int(b, 1);
      break;
   case nir_intrinsic_elect:
      v = nir_imm_true(b);
      break;
   case nir_intrinsic_load_local_invocation_id:
      v = nir_imm_ivec3(b, 0, 0, 0);
      break;
   case nir_intrinsic_reduce:
   case nir_intrinsic_inclusive_scan:
      v = intr->src[0].ssa;
      break;
   case nir_intrinsic_exclusive_scan: {
      const unsigned bits = intr->def.bit_size;
      v = nir_build_imm(
         b, 1, bits,
         (nir_const_value[]){ nir_alu_binop_identity(nir_intrinsic_reduction_op(intr), bits) });
      break;
   }
   default:
      return false;
   }
   nir_def_replace(&intr->def, v);
   return true;
}

/* The shared partials as private memory, which folding reads back. */
static void
shared_to_private(nir_shader *s)
{
   nir_foreach_variable_with_modes_safe(var, s, nir_var_mem_shared)
   {
      exec_node_remove(&var->node);
      var->data.mode = nir_var_function_temp;
      exec_list_push_tail(&nir_shader_get_entrypoint(s)->locals, &var->node);
   }
   nir_test_foreach_instr(instr, s)
   {
      if (instr->type == nir_instr_type_deref &&
          nir_instr_as_deref(instr)->modes == nir_var_mem_shared)
         nir_instr_as_deref(instr)->modes = nir_var_function_temp;
   }
}

static void
test_calls_become_shared_memory_and_subgroup_operations(void)
{
   /* 100 work-items in waves of 32: 4 waves, read one a lane. */
   nir_builder b = build(100, 32);
   CHECK(kiln_nir_lower_work_group_collectives(b.shader), "no progress");
   nir_validate_shader(b.shader, "after kiln_nir_lower_work_group_collectives");
   CHECK(shape_of(b.shader).calls == 1, "%u calls left, not the other function's one",
         shape_of(b.shader).calls);

   unsigned shared = 0;
   nir_foreach_variable_with_modes (var, b.shader, nir_var_mem_shared) {
      CHECK(glsl_get_length(var->type) == 4, "%u slots for 4 waves", glsl_get_length(var->type));
      shared++;
   }
   CHECK(shared == 2, "%u shared variables, not one of 32 and one of 64 bits", shared);
   /* Each collective: a barrier before its write and one after. */
   CHECK(nir_test_count_intrinsic(b.shader, nir_intrinsic_barrier) == 2 * NUM_CALLS, "%u barriers",
         nir_test_count_intrinsic(b.shader, nir_intrinsic_barrier));
   /* Each but broadcast reduces its wave, counts the wave's lanes and
    * reduces the partials one a lane, or in a loop when the wave has
    * fewer lanes than the group has waves (a partial last wave). */
   CHECK(nir_test_count_intrinsic(b.shader, nir_intrinsic_reduce) == 3 * (NUM_CALLS - 1),
         "%u reductions", nir_test_count_intrinsic(b.shader, nir_intrinsic_reduce));
   CHECK(nir_test_count_intrinsic(b.shader, nir_intrinsic_exclusive_scan) == 3,
         "%u exclusive scans", nir_test_count_intrinsic(b.shader, nir_intrinsic_exclusive_scan));
   CHECK(shape_of(b.shader).loops == NUM_CALLS - 1, "%u loops", shape_of(b.shader).loops);
   nir_test_free(b.shader);
}

static void
test_many_waves_are_combined_in_a_loop(void)
{
   /* A variable work-group of up to 1024 work-items in waves of 8: more
    * waves than lanes. */
   nir_builder b = build(0, 8);
   CHECK(kiln_nir_lower_work_group_collectives(b.shader), "no progress");
   nir_validate_shader(b.shader, "after kiln_nir_lower_work_group_collectives");
   nir_foreach_variable_with_modes (var, b.shader, nir_var_mem_shared)
      CHECK(glsl_get_length(var->type) == 128, "%u slots for 128 waves",
            glsl_get_length(var->type));
   /* reduce, scan and all/any combine the partials in a loop only;
    * broadcast has none. */
   CHECK(shape_of(b.shader).loops == NUM_CALLS - 1, "%u loops", shape_of(b.shader).loops);
   CHECK(nir_test_count_intrinsic(b.shader, nir_intrinsic_reduce) == NUM_CALLS - 1, "%u reductions",
         nir_test_count_intrinsic(b.shader, nir_intrinsic_reduce));
   nir_test_free(b.shader);
}

/* §6.13.15 on one work-item holding x. */
static uint64_t
expected(unsigned i, uint64_t x)
{
   const uint32_t x32 = (uint32_t)x;
   switch (i) {
   case 0: /* reduce_add(int) */
   case 1: /* reduce_min(uint) */
      return x32;
   case 2: /* scan_inclusive_add(long) */
      return x;
   case 3: /* scan_exclusive_min(uint): the largest uint */
      return UINT32_MAX;
   case 4: /* scan_exclusive_max(int): the smallest int */
      return (uint32_t)INT32_MIN;
   case 5: /* scan_exclusive_add(float): 0.0 */
      return 0;
   case 6: /* all */
   case 7: /* any */
      return x32 != 0;
   default: /* broadcast from local id (0, 0) */
      return x32;
   }
}

static void
test_one_work_item_gets_its_own_value_or_the_identity(void)
{
   static const uint64_t inputs[] = { 0, 1, 5, 0xfffffff9, 0x123456789abcdef0ull, 0x80000000 };
   for (unsigned k = 0; k < ARRAY_SIZE(inputs); k++) {
      nir_builder b = build(1, 32);
      NIR_PASS(_, b.shader, kiln_nir_lower_work_group_collectives);
      NIR_PASS(_, b.shader, nir_shader_intrinsics_pass, one_lane, nir_metadata_control_flow, NULL);
      shared_to_private(b.shader);
      CHECK(nir_test_set_load_int(b.shader, IN_ADDR, 64, inputs[k]), "no load of the input");
      bool progress;
      do {
         progress = false;
         nir_test_fold(b.shader, NIR_TEST_FOLD_MEMORY | NIR_TEST_FOLD_ALGEBRAIC);
         NIR_PASS(progress, b.shader, nir_opt_dead_cf);
         NIR_PASS(progress, b.shader, nir_opt_remove_phis);
      } while (progress);

      struct nir_test_store st[NUM_CALLS + 1];
      const unsigned n = nir_test_stores(b.shader, nir_intrinsic_store_global, st, NUM_CALLS + 1);
      CHECK(n == NUM_CALLS + 1, "%u stores", n);
      for (unsigned i = 0; i < NUM_CALLS && i < n; i++) {
         const uint64_t want = expected(i, inputs[k]);
         const uint64_t got = calls[i].bits == 64 ? st[i].value.u64 : st[i].value.u32;
         CHECK(st[i].is_const && got == want, "%s(0x%llx): %s0x%llx, not 0x%llx", calls[i].name,
               (unsigned long long)inputs[k], st[i].is_const ? "" : "not a constant, ",
               (unsigned long long)got, (unsigned long long)want);
      }
      nir_test_free(b.shader);
   }
}

int
main(void)
{
   nir_test_init();
   test_calls_become_shared_memory_and_subgroup_operations();
   test_many_waves_are_combined_in_a_loop();
   test_one_work_item_gets_its_own_value_or_the_identity();
   return nir_test_finish();
}
