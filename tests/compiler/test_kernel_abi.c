/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Unit tests for kiln_nir_lower_kernel_abi and
 * kiln_nir_lower_partial_local_size, in the style of Mesa's
 * src/compiler/nir/tests: a kernel built with nir_builder, the pass run,
 * the result checked instruction by instruction against kiln_amd_abi.h.
 */
#include <stdio.h>
#include <stdlib.h>

#include "compiler/glsl_types.h"
#include "kiln_amd_abi.h"
#include "kiln_nir_passes.h"
#include "nir_builder.h"
#include "nir_pass_test.h"

static const nir_shader_compiler_options options = { 0 };
static const struct kiln_nir_kernel_abi_options abi = {
   .kernarg_ptr_arg = 1,
   .implicit_offset = 32,
};

static nir_builder
kernel(void)
{
   return nir_test_kernel(&options, "abi_test");
}

/* Keeps a value alive by storing it to a global address. */
static void
use(nir_builder *b, nir_def *v)
{
   nir_store_global(b, nir_imm_int64(b, 0x1000), 4, v, nir_component_mask(v->num_components));
}

struct found {
   unsigned count;
   nir_intrinsic_instr *intr[8];
};

static struct found
find(nir_shader *s, nir_intrinsic_op op)
{
   struct found f = { 0 };
   nir_test_foreach_instr(instr, s)
   {
      if (instr->type != nir_instr_type_intrinsic)
         continue;
      nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
      if (intr->intrinsic == op && f.count < 8)
         f.intr[f.count++] = intr;
   }
   return f;
}

static void
test_char_argument_reads_its_dword(void)
{
   nir_builder b = kernel();
   /* A char at offset 5 lives in the dword at offset 4, bits 8..15. */
   use(&b, nir_u2u32(&b, nir_load_kernel_input(&b, 1, 8, nir_imm_int(&b, 0), .base = 5)));
   CHECK(kiln_nir_lower_kernel_abi(b.shader, &abi), "pass made no progress");

   struct found smem = find(b.shader, nir_intrinsic_load_smem_amd);
   CHECK(find(b.shader, nir_intrinsic_load_kernel_input).count == 0, "kernel input left");
   CHECK(smem.count == 1, "%u smem loads", smem.count);
   if (smem.count == 1) {
      CHECK(nir_src_as_uint(smem.intr[0]->src[1]) == 4, "offset %u",
            (unsigned)nir_src_as_uint(smem.intr[0]->src[1]));
      CHECK(smem.intr[0]->def.num_components == 1, "%u dwords", smem.intr[0]->def.num_components);
   }
   struct found args = find(b.shader, nir_intrinsic_load_scalar_arg_amd);
   CHECK(args.count == 1 && nir_intrinsic_base(args.intr[0]) == abi.kernarg_ptr_arg,
         "kernarg pointer not read from its argument");
   nir_test_free(b.shader);
}

static void
test_double4_argument_is_eight_dwords(void)
{
   nir_builder b = kernel();
   use(&b, nir_unpack_64_2x32_split_x(
              &b, nir_channel(&b, nir_load_kernel_input(&b, 4, 64, nir_imm_int(&b, 0), .base = 32),
                              3)));
   kiln_nir_lower_kernel_abi(b.shader, &abi);

   struct found smem = find(b.shader, nir_intrinsic_load_smem_amd);
   unsigned dwords = 0;
   for (unsigned i = 0; i < smem.count; i++)
      dwords += smem.intr[i]->def.num_components;
   CHECK(dwords == 8, "%u dwords loaded for a double4", dwords);
   CHECK(smem.count >= 1 && nir_src_as_uint(smem.intr[0]->src[1]) == 32, "first offset");
   nir_test_free(b.shader);
}

static void
test_dynamic_offset_uses_a_global_load(void)
{
   nir_builder b = kernel();
   nir_def *index = nir_load_local_invocation_index(&b);
   use(&b, nir_load_kernel_input(&b, 1, 32, nir_ishl_imm(&b, index, 2), .base = 8, .align_mul = 4));
   kiln_nir_lower_kernel_abi(b.shader, &abi);
   CHECK(find(b.shader, nir_intrinsic_load_global_constant).count == 1,
         "indexed kernel input not read through a global load");
   CHECK(find(b.shader, nir_intrinsic_load_kernel_input).count == 0, "kernel input left");
   nir_test_free(b.shader);
}

static void
test_launch_values_come_from_the_implicit_table(void)
{
   static const struct {
      nir_intrinsic_op op;
      unsigned field, components;
   } cases[] = {
      { nir_intrinsic_load_num_workgroups, KILN_IMPLICIT_NUM_GROUPS, 3 },
      { nir_intrinsic_load_global_size, KILN_IMPLICIT_GLOBAL_SIZE, 3 },
      { nir_intrinsic_load_base_global_invocation_id, KILN_IMPLICIT_GLOBAL_OFFSET, 3 },
      { nir_intrinsic_load_work_dim, KILN_IMPLICIT_WORK_DIM, 1 },
      { nir_intrinsic_load_workgroup_size, KILN_IMPLICIT_LOCAL_SIZE, 3 },
   };
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      nir_builder b = kernel();
      nir_intrinsic_instr *load = nir_intrinsic_instr_create(b.shader, cases[i].op);
      unsigned bit_size = cases[i].op == nir_intrinsic_load_global_size ||
                                cases[i].op == nir_intrinsic_load_base_global_invocation_id
                             ? 64
                             : 32;
      nir_def_init(&load->instr, &load->def, cases[i].components, bit_size);
      nir_builder_instr_insert(&b, &load->instr);
      use(&b, nir_u2u32(&b, &load->def));

      kiln_nir_lower_kernel_abi(b.shader, &abi);
      CHECK(find(b.shader, cases[i].op).count == 0, "%s left",
            nir_intrinsic_infos[cases[i].op].name);
      struct found smem = find(b.shader, nir_intrinsic_load_smem_amd);
      CHECK(smem.count == 1, "%s: %u smem loads", nir_intrinsic_infos[cases[i].op].name,
            smem.count);
      if (smem.count == 1) {
         CHECK(nir_src_as_uint(smem.intr[0]->src[1]) == abi.implicit_offset + cases[i].field,
               "%s read at %u", nir_intrinsic_infos[cases[i].op].name,
               (unsigned)nir_src_as_uint(smem.intr[0]->src[1]));
         CHECK(smem.intr[0]->def.num_components == cases[i].components, "%s: %u dwords",
               nir_intrinsic_infos[cases[i].op].name, smem.intr[0]->def.num_components);
      }
      nir_test_free(b.shader);
   }
}

/* nir_lower_printf's buffer address is the 64-bit field of the implicit
 * table, its size the 32-bit one after it. */
static void
test_printf_buffer_comes_from_the_implicit_table(void)
{
   nir_builder b = kernel();
   use(&b, nir_unpack_64_2x32(&b, nir_load_printf_buffer_address(&b, 64)));
   use(&b, nir_load_printf_buffer_size(&b));
   kiln_nir_lower_kernel_abi(b.shader, &abi);
   CHECK(find(b.shader, nir_intrinsic_load_printf_buffer_address).count == 0 &&
            find(b.shader, nir_intrinsic_load_printf_buffer_size).count == 0,
         "printf buffer intrinsics left");
   struct found smem = find(b.shader, nir_intrinsic_load_smem_amd);
   CHECK(smem.count == 2, "%u smem loads", smem.count);
   if (smem.count == 2) {
      CHECK(nir_src_as_uint(smem.intr[0]->src[1]) ==
                  abi.implicit_offset + KILN_IMPLICIT_PRINTF_BUFFER &&
               smem.intr[0]->def.num_components == 2,
            "address read at %u, %u dwords", (unsigned)nir_src_as_uint(smem.intr[0]->src[1]),
            smem.intr[0]->def.num_components);
      CHECK(nir_src_as_uint(smem.intr[1]->src[1]) ==
                  abi.implicit_offset + KILN_IMPLICIT_PRINTF_BUFFER_SIZE &&
               smem.intr[1]->def.num_components == 1,
            "size read at %u, %u dwords", (unsigned)nir_src_as_uint(smem.intr[1]->src[1]),
            smem.intr[1]->def.num_components);
   }
   nir_test_free(b.shader);
}

static void
test_local_size_is_partial_but_enqueued_size_is_not(void)
{
   nir_builder b = kernel();
   const struct glsl_type *uvec3 = glsl_vector_type(GLSL_TYPE_UINT, 3);
   nir_variable *local =
      nir_variable_create(b.shader, nir_var_system_value, uvec3, "__spirv_BuiltInWorkgroupSize");
   nir_variable *enqueued = nir_variable_create(b.shader, nir_var_system_value, uvec3,
                                                "__spirv_BuiltInEnqueuedWorkgroupSize");
   local->data.location = enqueued->data.location = SYSTEM_VALUE_WORKGROUP_SIZE;
   use(&b, nir_load_var(&b, local));
   use(&b, nir_load_var(&b, enqueued));

   CHECK(kiln_nir_lower_partial_local_size(b.shader), "no progress");
   nir_opt_dce(b.shader);

   /* Only get_local_size() became umin(size, global_size - group_id * size). */
   CHECK(nir_test_count_alu(b.shader, nir_op_umin, 0) == 1, "%u umin",
         nir_test_count_alu(b.shader, nir_op_umin, 0));
   CHECK(find(b.shader, nir_intrinsic_load_workgroup_size).count == 1, "enqueued size load");
   CHECK(find(b.shader, nir_intrinsic_load_global_size).count == 1, "no global size");
   CHECK(find(b.shader, nir_intrinsic_load_workgroup_id).count == 1, "no group id");
   CHECK(find(b.shader, nir_intrinsic_load_deref).count == 1,
         "the EnqueuedWorkgroupSize read must stay for nir_lower_system_values");
   nir_test_free(b.shader);
}

static void
test_global_id_is_a_widened_32_bit_sum(void)
{
   nir_builder b = kernel();
   nir_def *id = nir_iadd(&b, nir_load_global_invocation_id(&b, 64),
                          nir_load_base_global_invocation_id(&b, 64));
   use(&b, nir_unpack_64_2x32_split_x(&b, nir_channel(&b, id, 0)));
   CHECK(kiln_nir_lower_global_id_32(b.shader), "no progress");
   nir_opt_dce(b.shader); /* the replaced 64-bit loads are left for DCE */

   CHECK(find(b.shader, nir_intrinsic_load_global_invocation_id).count == 0, "64-bit id left");
   struct found base = find(b.shader, nir_intrinsic_load_base_global_invocation_id);
   CHECK(base.count == 1 && base.intr[0]->def.bit_size == 32, "offset not read in 32 bits");
   unsigned alu64 = 0, widen = 0;
   nir_foreach_block (block, nir_shader_get_entrypoint(b.shader)) {
      nir_foreach_instr (instr, block) {
         if (instr->type != nir_instr_type_alu)
            continue;
         nir_alu_instr *alu = nir_instr_as_alu(instr);
         if (alu->op == nir_op_u2u64)
            widen++;
         else if (alu->def.bit_size == 64 && (alu->op == nir_op_iadd || alu->op == nir_op_imul))
            alu64++;
      }
   }
   CHECK(alu64 == 0, "%u 64-bit adds/multiplies remain", alu64);
   CHECK(widen == 1, "%u widenings", widen);
   nir_test_free(b.shader);
}

int
main(void)
{
   nir_test_init();
   test_char_argument_reads_its_dword();
   test_double4_argument_is_eight_dwords();
   test_dynamic_offset_uses_a_global_load();
   test_launch_values_come_from_the_implicit_table();
   test_printf_buffer_comes_from_the_implicit_table();
   test_local_size_is_partial_but_enqueued_size_is_not();
   test_global_id_is_a_widened_32_bit_sum();
   return nir_test_finish();
}
