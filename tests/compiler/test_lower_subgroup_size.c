/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Unit test for kiln_nir_lower_subgroup_size: get_sub_group_size() is the
 * size of the caller's own sub-group (the last one of a work-group holds
 * what is left of it), get_max_sub_group_size() the wave size,
 * get_enqueued_num_sub_groups() the count for the enqueued work-group
 * size.  Each test reads one builtin variable as vtn declares it, runs
 * the pass, replaces the launch's system values with constants (a 1-D
 * launch of global_size work-items in groups of local_size, the caller in
 * group and sub-group given) and folds the result.
 */
#include <stdio.h>

#include "compiler/glsl_types.h"
#include "kiln_nir_passes.h"
#include "nir_pass_test.h"

static const nir_shader_compiler_options options = { 0 };

struct launch {
   unsigned global_size, local_size, group, subgroup;
};

static bool
constant_launch(nir_builder *b, nir_intrinsic_instr *intr, void *data)
{
   const struct launch *l = data;
   nir_def *v;
   b->cursor = nir_before_instr(&intr->instr);
   switch (intr->intrinsic) {
   case nir_intrinsic_load_workgroup_size:
      v = nir_imm_ivec3(b, l->local_size, 1, 1);
      break;
   case nir_intrinsic_load_global_size:
      v = nir_imm_ivec3(b, l->global_size, 1, 1);
      break;
   case nir_intrinsic_load_workgroup_id:
      v = nir_imm_ivec3(b, l->group, 0, 0);
      break;
   case nir_intrinsic_load_subgroup_id:
      v = nir_imm_int(b, l->subgroup);
      break;
   default:
      return false;
   }
   nir_def_replace(&intr->def, v);
   return true;
}

static unsigned
read_builtin(const char *name, gl_system_value value, unsigned wave, const struct launch *l)
{
   nir_builder b = nir_test_kernel(&options, "subgroup_size");
   nir_variable *var = nir_variable_create(b.shader, nir_var_system_value, glsl_uint_type(), name);
   var->data.location = value;
   nir_def *v = nir_load_deref(&b, nir_build_deref_var(&b, var));
   nir_deref_instr *out =
      nir_build_deref_cast(&b, nir_imm_int64(&b, 0x1000), nir_var_mem_global, glsl_uint_type(), 4);
   nir_store_deref(&b, out, v, 1);

   kiln_nir_lower_subgroup_size(b.shader, wave);
   nir_shader_intrinsics_pass(b.shader, constant_launch, nir_metadata_control_flow, (void *)l);
   nir_test_fold(b.shader, NIR_TEST_FOLD_ALGEBRAIC);

   unsigned result = ~0u;
   struct nir_test_store stores[4];
   unsigned count =
      nir_test_stores(b.shader, nir_intrinsic_store_deref, stores, ARRAY_SIZE(stores));
   for (unsigned i = 0; i < count; i++) {
      if (stores[i].is_const)
         result = nir_const_value_as_uint(stores[i].value, stores[i].bit_size);
   }
   nir_test_free(b.shader);
   return result;
}

static void
check_size(unsigned wave, struct launch l, unsigned expect)
{
   unsigned got = read_builtin("__spirv_BuiltInSubgroupSize", SYSTEM_VALUE_SUBGROUP_SIZE, wave, &l);
   CHECK(got == expect,
         "wave %u, %u items in groups of %u, group %u sub-group %u: size %u, "
         "expected %u",
         wave, l.global_size, l.local_size, l.group, l.subgroup, got, expect);
}

int
main(void)
{
   nir_test_init();

   /* whole sub-groups, a partial last sub-group, a partial last group */
   check_size(32, (struct launch){ 128, 64, 1, 1 }, 32);
   check_size(32, (struct launch){ 96, 48, 0, 0 }, 32);
   check_size(32, (struct launch){ 96, 48, 1, 1 }, 16);
   check_size(64, (struct launch){ 96, 48, 1, 0 }, 48);
   check_size(32, (struct launch){ 100, 48, 2, 0 }, 4);

   /* get_max_sub_group_size() is the wave size, left to the backend */
   struct launch l = { 96, 48, 1, 1 };
   CHECK(read_builtin("__spirv_BuiltInSubgroupMaxSize", SYSTEM_VALUE_SUBGROUP_SIZE, 32, &l) == ~0u,
         "get_max_sub_group_size() was rewritten");

   /* enqueued sub-groups: from the enqueued size, also in a partial group */
   l = (struct launch){ 100, 48, 2, 0 };
   unsigned n =
      read_builtin("__spirv_BuiltInNumEnqueuedSubgroups", SYSTEM_VALUE_NUM_SUBGROUPS, 32, &l);
   CHECK(n == 2, "enqueued sub-groups of a partial group of 48: %u, expected 2", n);
   CHECK(read_builtin("__spirv_BuiltInNumSubgroups", SYSTEM_VALUE_NUM_SUBGROUPS, 32, &l) == ~0u,
         "get_num_sub_groups() was rewritten");

   return nir_test_finish();
}
