/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Unit test for kiln_nir_lower_program_globals: every kernel of a program
 * reaches each __global variable at the offset the program gave it in its
 * globals buffer, whichever variables the kernel uses.  Each test declares
 * the program's variables as spirv_to_nir does (in module order), accesses
 * some, runs the pass and Mesa's explicit I/O lowering, puts the buffer at
 * a known address and folds: the accesses must land at that address plus
 * the variable's offset plus the member's or element's.
 */
#include <stdio.h>

#include "compiler/glsl_types.h"
#include "kiln_nir_passes.h"
#include "nir_builder.h"
#include "nir_pass_test.h"

static const nir_shader_compiler_options options = { 0 };

#define BUFFER 0x70000000ull

/* The program: int counter; int table[4]; struct { char tag; double v; } rec; */
static const struct kiln_nir_program_global places[] = {
   { .offset = 0, .alignment = 4 },
   { .offset = 16, .alignment = 16 },
   { .offset = 32, .alignment = 8 },
};

static nir_variable *vars[3];

static nir_builder
program_kernel(void)
{
   nir_builder b = nir_test_kernel(&options, "program_globals");
   const struct glsl_struct_field fields[] = {
      { .type = glsl_int8_t_type(), .name = "tag", .offset = -1 },
      { .type = glsl_double_type(), .name = "v", .offset = -1 },
   };
   vars[0] = nir_variable_create(b.shader, nir_var_mem_global, glsl_int_type(), "counter");
   vars[1] = nir_variable_create(b.shader, nir_var_mem_global,
                                 glsl_array_type(glsl_int_type(), 4, 0), "table");
   vars[2] = nir_variable_create(b.shader, nir_var_mem_global,
                                 glsl_struct_type(fields, 2, "rec_t", false), "rec");
   return b;
}

static bool
place_buffer(nir_builder *b, nir_intrinsic_instr *intr, void *data)
{
   if (intr->intrinsic != nir_intrinsic_load_global_base_ptr)
      return false;
   b->cursor = nir_before_instr(&intr->instr);
   nir_def_replace(&intr->def, nir_imm_int64(b, BUFFER));
   return true;
}

/* The pass, explicit I/O and folding; the constant addresses of the
 * shader's global loads and stores, in order. */
static unsigned
lower_and_fold(nir_shader *s, uint64_t *addresses, unsigned max)
{
   kiln_nir_lower_program_globals(s, places, 3);
   unsigned left = 0;
   nir_foreach_variable_with_modes (var, s, nir_var_mem_global)
      left++;
   CHECK(left == 0, "%u variables left", left);
   nir_lower_vars_to_explicit_types(s, nir_var_mem_global, glsl_get_cl_type_size_align);
   nir_lower_explicit_io(s, nir_var_mem_global, nir_address_format_64bit_global);
   nir_shader_intrinsics_pass(s, place_buffer, nir_metadata_control_flow, NULL);
   nir_test_fold(s, NIR_TEST_FOLD_ALGEBRAIC);

   unsigned n = 0;
   nir_test_foreach_instr(instr, s)
   {
      if (instr->type != nir_instr_type_intrinsic)
         continue;
      nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
      nir_src *addr = NULL;
      if (intr->intrinsic == nir_intrinsic_load_global)
         addr = &intr->src[0];
      else if (intr->intrinsic == nir_intrinsic_store_global)
         addr = &intr->src[1];
      if (!addr || n == max)
         continue;
      addresses[n++] = nir_src_is_const(*addr) ? nir_src_as_uint(*addr) : 0;
   }
   return n;
}

static void
test_each_variable_at_its_offset(void)
{
   nir_builder b = program_kernel();
   nir_def *c = nir_load_deref(&b, nir_build_deref_var(&b, vars[0]));
   nir_deref_instr *t = nir_build_deref_array_imm(&b, nir_build_deref_var(&b, vars[1]), 3);
   nir_store_deref(&b, t, c, 1);
   nir_deref_instr *v = nir_build_deref_struct(&b, nir_build_deref_var(&b, vars[2]), 1);
   nir_store_deref(&b, v, nir_imm_double(&b, 2.5), 1);

   uint64_t a[4];
   unsigned n = lower_and_fold(b.shader, a, 4);
   CHECK(n == 3, "%u global accesses", n);
   if (n == 3) {
      CHECK(a[0] == BUFFER + 0, "counter read at 0x%llx", (unsigned long long)a[0]);
      CHECK(a[1] == BUFFER + 16 + 3 * 4, "table[3] written at 0x%llx", (unsigned long long)a[1]);
      CHECK(a[2] == BUFFER + 32 + 8, "rec.v written at 0x%llx", (unsigned long long)a[2]);
   }
   nir_test_free(b.shader);
}

/* A kernel that uses only the last variable finds it where the others do:
 * Mesa's own layout would have put it at 0. */
static void
test_unused_variables_keep_their_room(void)
{
   nir_builder b = program_kernel();
   nir_deref_instr *tag = nir_build_deref_struct(&b, nir_build_deref_var(&b, vars[2]), 0);
   nir_store_deref(&b, tag, nir_imm_intN_t(&b, 7, 8), 1);

   uint64_t a[2];
   unsigned n = lower_and_fold(b.shader, a, 2);
   CHECK(n == 1 && a[0] == BUFFER + 32, "%u accesses, rec.tag at 0x%llx", n,
         (unsigned long long)a[0]);
   nir_test_free(b.shader);
}

int
main(void)
{
   nir_test_init();
   test_each_variable_at_its_offset();
   test_unused_variables_keep_their_room();
   return nir_test_finish();
}
