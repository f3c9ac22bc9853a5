/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The NIR pass tests' shared fixture (see nir_pass_test.h).
 */
#include <stdio.h>

#include "compiler/glsl_types.h"
#include "nir_pass_test.h"

/* The shader under test, and whether a failure has printed it already. */
static nir_shader *current;
static bool current_printed;

static void
print_current_shader(void)
{
   if (!current || current_printed)
      return;
   current_printed = true;
   fprintf(stderr, "the shader under test:\n");
   nir_print_shader(current, stderr);
}

void
nir_test_init(void)
{
   glsl_type_singleton_init_or_ref();
   kiln_test.on_failure = print_current_shader;
}

int
nir_test_finish(void)
{
   glsl_type_singleton_decref();
   return kiln_test_summary();
}

nir_builder
nir_test_kernel(const nir_shader_compiler_options *options, const char *name)
{
   nir_builder b = nir_builder_init_simple_shader(MESA_SHADER_KERNEL, options, "%s", name);
   b.shader->info.cs.ptr_size = 64;
   current = b.shader;
   current_printed = false;
   return b;
}

void
nir_test_free(nir_shader *s)
{
   if (s == current)
      current = NULL;
   ralloc_free(s);
}

nir_intrinsic_instr *
nir_test_find_intrinsic(nir_shader *s, nir_intrinsic_op op)
{
   nir_test_foreach_instr(instr, s)
   {
      if (instr->type == nir_instr_type_intrinsic && nir_instr_as_intrinsic(instr)->intrinsic == op)
         return nir_instr_as_intrinsic(instr);
   }
   return NULL;
}

/* The first intrinsic op whose source src is the constant address addr. */
static nir_intrinsic_instr *
find_at_address(nir_shader *s, nir_intrinsic_op op, unsigned src, uint64_t addr)
{
   nir_test_foreach_instr(instr, s)
   {
      if (instr->type != nir_instr_type_intrinsic)
         continue;
      nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
      if (intr->intrinsic == op && nir_src_is_const(intr->src[src]) &&
          nir_src_as_uint(intr->src[src]) == addr)
         return intr;
   }
   return NULL;
}

nir_intrinsic_instr *
nir_test_find_load(nir_shader *s, uint64_t addr)
{
   return find_at_address(s, nir_intrinsic_load_global, 0, addr);
}

nir_intrinsic_instr *
nir_test_find_store(nir_shader *s, uint64_t addr)
{
   /* store_global(value, address) */
   return find_at_address(s, nir_intrinsic_store_global, 1, addr);
}

unsigned
nir_test_count_intrinsic(nir_shader *s, nir_intrinsic_op op)
{
   unsigned n = 0;
   nir_test_foreach_instr(instr, s)
   {
      n +=
         instr->type == nir_instr_type_intrinsic && nir_instr_as_intrinsic(instr)->intrinsic == op;
   }
   return n;
}

unsigned
nir_test_count_alu(nir_shader *s, nir_op op, unsigned bit_size)
{
   unsigned n = 0;
   nir_test_foreach_instr(instr, s)
   {
      if (instr->type != nir_instr_type_alu)
         continue;
      nir_alu_instr *alu = nir_instr_as_alu(instr);
      n += alu->op == op && (!bit_size || alu->def.bit_size == bit_size);
   }
   return n;
}

bool
nir_test_set_load(nir_shader *s, uint64_t addr, unsigned num_components, unsigned bit_size,
                  const nir_const_value *values)
{
   nir_intrinsic_instr *load = nir_test_find_load(s, addr);
   if (!load)
      return false;
   nir_builder b = nir_builder_at(nir_before_instr(&load->instr));
   nir_def_rewrite_uses(&load->def, nir_build_imm(&b, num_components, bit_size, values));
   return true;
}

bool
nir_test_set_load_int(nir_shader *s, uint64_t addr, unsigned bit_size, uint64_t value)
{
   nir_const_value v = nir_const_value_for_raw_uint(value, bit_size);
   return nir_test_set_load(s, addr, 1, bit_size, &v);
}

void
nir_test_fold(nir_shader *s, enum nir_test_fold_flags flags)
{
   bool progress;
   do {
      progress = false;
      NIR_PASS(progress, s, nir_copy_prop);
      NIR_PASS(progress, s, nir_opt_constant_folding);
      if (flags & NIR_TEST_FOLD_ALGEBRAIC)
         NIR_PASS(progress, s, nir_opt_algebraic);
      if (flags & NIR_TEST_FOLD_MEMORY)
         NIR_PASS(progress, s, nir_opt_undef);
      NIR_PASS(progress, s, nir_opt_dce);
      if (flags & NIR_TEST_FOLD_MEMORY) {
         /* Once an index is a constant, a load from a private array
          * reads the component stored there. */
         NIR_PASS(progress, s, nir_opt_copy_prop_vars);
         NIR_PASS(progress, s, nir_lower_vars_to_ssa);
      }
   } while (progress);
}

unsigned
nir_test_stores(nir_shader *s, nir_intrinsic_op op, struct nir_test_store *out, unsigned max)
{
   assert(op == nir_intrinsic_store_global || op == nir_intrinsic_store_deref);
   bool global = op == nir_intrinsic_store_global;
   unsigned n = 0;
   nir_test_foreach_instr(instr, s)
   {
      if (n == max || instr->type != nir_instr_type_intrinsic ||
          nir_instr_as_intrinsic(instr)->intrinsic != op)
         continue;
      nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
      /* store_global(value, address), store_deref(deref, value) */
      nir_src *value = &intr->src[global ? 0 : 1];
      struct nir_test_store *st = &out[n++];
      *st = (struct nir_test_store){
         .is_const = nir_src_is_const(*value),
         .bit_size = nir_src_bit_size(*value),
         .addr_is_const = global && nir_src_is_const(intr->src[1]),
      };
      if (st->is_const)
         st->value = *nir_src_as_const_value(*value);
      if (st->addr_is_const)
         st->addr = nir_src_as_uint(intr->src[1]);
   }
   return n;
}
