/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Unit test for kiln_nir_lower_generic_casts and _access: generic pointers
 * are flat addresses, __local ones offsets placed in the shared aperture,
 * __private ones in the private aperture.  Each test builds what vtn makes
 * of a conversion or a generic access, runs the pass, folds constants and
 * checks the value that comes out (a pointer stored to memory, a mode
 * test) for addresses in each aperture, outside them, and null; and that
 * an access the optimiser could not resolve becomes one access per
 * address space the pointer may be in, with no generic deref left.
 */
#include <stdio.h>

#include "compiler/glsl_types.h"
#include "kiln_nir_passes.h"
#include "nir_pass_test.h"

static const nir_shader_compiler_options options = { 0 };

/* Odd apertures, so that nothing passes by accident of the real values. */
static const struct kiln_nir_generic_options apertures = {
   .shared_aperture_hi = 0x00050000,
   .private_aperture_hi = 0x00090000,
};

#define SHARED(off)  ((uint64_t)apertures.shared_aperture_hi << 32 | (off))
#define PRIVATE(off) ((uint64_t)apertures.private_aperture_hi << 32 | (off))

/* The value stored to __global memory once derefs are addresses, as
 * kiln_cl_to_nir lowers them, and constants folded: a constant. */
static bool
stored_constant(nir_shader *s, uint64_t *value)
{
   nir_lower_explicit_io(s, nir_var_mem_global | nir_var_mem_constant,
                         nir_address_format_64bit_global);
   nir_lower_explicit_io(s, nir_var_mem_shared | nir_var_function_temp,
                         nir_address_format_32bit_offset_as_64bit);
   nir_test_fold(s, NIR_TEST_FOLD_ALGEBRAIC);
   struct nir_test_store store;
   if (!nir_test_stores(s, nir_intrinsic_store_global, &store, 1) || !store.is_const)
      return false;
   *value = nir_const_value_as_uint(store.value, store.bit_size);
   return true;
}

static void
store_pointer(nir_builder *b, nir_def *pointer)
{
   nir_deref_instr *out = nir_build_deref_cast(b, nir_imm_int64(b, 0x1000), nir_var_mem_global,
                                               glsl_uint64_t_type(), 8);
   nir_store_deref(b, out, pointer, 1);
}

/* A __local or __private pointer (offset) converted to generic and
 * stored: the stored value is flat. */
static void
test_to_generic(nir_variable_mode from, uint64_t offset, uint64_t expect)
{
   nir_builder b = nir_test_kernel(&options, "to_generic");
   nir_deref_instr *p =
      nir_build_deref_cast(&b, nir_imm_int64(&b, offset), from, glsl_uint_type(), 4);
   nir_deref_instr *g = nir_build_deref_cast(&b, &p->def, nir_var_mem_generic, glsl_uint_type(), 4);
   store_pointer(&b, &g->def);

   kiln_nir_lower_generic_casts(b.shader, &apertures);
   kiln_nir_lower_generic_access(b.shader, &apertures);
   uint64_t v = 0;
   CHECK(stored_constant(b.shader, &v) && v == expect,
         "%s offset 0x%" PRIx64 " as generic: 0x%" PRIx64 ", expected 0x%" PRIx64,
         from == nir_var_mem_shared ? "__local" : "__private", offset, v, expect);
   nir_test_free(b.shader);
}

/* A generic pointer explicitly cast to __local or __private and stored:
 * its offset, ~0 for null. */
static void
test_from_generic(nir_variable_mode to, uint64_t flat, uint64_t expect)
{
   nir_builder b = nir_test_kernel(&options, "from_generic");
   nir_deref_instr *g =
      nir_build_deref_cast(&b, nir_imm_int64(&b, flat), nir_var_mem_generic, glsl_uint_type(), 4);
   nir_deref_instr *p = nir_build_deref_cast(&b, &g->def, to, glsl_uint_type(), 4);
   store_pointer(&b, &p->def);

   kiln_nir_lower_generic_casts(b.shader, &apertures);
   kiln_nir_lower_generic_access(b.shader, &apertures);
   uint64_t v = 0;
   CHECK(stored_constant(b.shader, &v) && v == expect,
         "generic 0x%" PRIx64 " as %s: 0x%" PRIx64 ", expected 0x%" PRIx64, flat,
         to == nir_var_mem_shared ? "__local" : "__private", v, expect);
   nir_test_free(b.shader);
}

/* deref_mode_is (to_global, to_local, to_private) on a flat address. */
static void
test_mode_is(uint64_t flat, nir_variable_mode mode, bool expect)
{
   nir_builder b = nir_test_kernel(&options, "mode_is");
   nir_deref_instr *g =
      nir_build_deref_cast(&b, nir_imm_int64(&b, flat), nir_var_mem_generic, glsl_uint_type(), 4);
   nir_def *is = nir_build_deref_mode_is(&b, 1, &g->def, mode);
   store_pointer(&b, nir_b2i64(&b, is));

   kiln_nir_lower_generic_access(b.shader, &apertures);
   CHECK(nir_test_count_intrinsic(b.shader, nir_intrinsic_deref_mode_is) == 0,
         "deref_mode_is left");
   uint64_t v = 2;
   CHECK(stored_constant(b.shader, &v) && v == expect,
         "0x%" PRIx64 " in mode 0x%x: %" PRIu64 ", expected %d", flat, mode, v, expect);
   nir_test_free(b.shader);
}

/* A load or atomic through a generic pointer of unknown value: one access
 * per address space (no __private arm for atomics), none generic. */
static void
test_access(bool atomic)
{
   nir_builder b = nir_test_kernel(&options, "access");
   nir_def *addr = nir_load_global(&b, nir_imm_int64(&b, 0x2000), 8, 1, 64);
   nir_deref_instr *g = nir_build_deref_cast(&b, addr, nir_var_mem_generic, glsl_uint_type(), 4);
   nir_def *v = atomic ? nir_deref_atomic(&b, 32, &g->def, nir_imm_int(&b, 1),
                                          .atomic_op = nir_atomic_op_iadd)
                       : nir_load_deref(&b, g);
   store_pointer(&b, nir_u2u64(&b, v));

   kiln_nir_lower_generic_access(b.shader, &apertures);
   nir_validate_shader(b.shader, "after kiln_nir_lower_generic_access");
   nir_intrinsic_op op = atomic ? nir_intrinsic_deref_atomic : nir_intrinsic_load_deref;
   unsigned per_mode[3] = { 0 }, generic = 0;
   nir_test_foreach_instr(instr, b.shader)
   {
      if (instr->type == nir_instr_type_deref &&
          util_bitcount(nir_instr_as_deref(instr)->modes) > 1)
         generic++;
      if (instr->type != nir_instr_type_intrinsic || nir_instr_as_intrinsic(instr)->intrinsic != op)
         continue;
      nir_deref_instr *d = nir_src_as_deref(nir_instr_as_intrinsic(instr)->src[0]);
      per_mode[0] += d->modes == nir_var_mem_shared;
      per_mode[1] += d->modes == nir_var_function_temp;
      per_mode[2] += d->modes == nir_var_mem_global;
   }
   CHECK(per_mode[0] == 1 && per_mode[1] == !atomic && per_mode[2] == 1,
         "%s: %u shared, %u private, %u global accesses", atomic ? "atomic" : "load", per_mode[0],
         per_mode[1], per_mode[2]);
   CHECK(generic == 0, "%u generic derefs left", generic);
   nir_test_free(b.shader);
}

/* vtn's OpGenericPtrMemSemantics: iand of the two terms becomes ior. */
static void
test_get_fence(void)
{
   nir_builder b = nir_test_kernel(&options, "get_fence");
   nir_deref_instr *g = nir_build_deref_cast(&b, nir_imm_int64(&b, SHARED(8)), nir_var_mem_generic,
                                             glsl_uint_type(), 4);
   nir_def *global = nir_bcsel(&b, nir_build_deref_mode_is(&b, 1, &g->def, nir_var_mem_global),
                               nir_imm_int(&b, 0x200), nir_imm_int(&b, 0));
   nir_def *shared = nir_bcsel(&b, nir_build_deref_mode_is(&b, 1, &g->def, nir_var_mem_shared),
                               nir_imm_int(&b, 0x100), nir_imm_int(&b, 0));
   store_pointer(&b, nir_u2u64(&b, nir_iand(&b, global, shared)));

   kiln_nir_lower_generic_casts(b.shader, &apertures);
   kiln_nir_lower_generic_access(b.shader, &apertures);
   uint64_t v = 0;
   CHECK(stored_constant(b.shader, &v) && v == 0x100,
         "get_fence of a __local pointer: 0x%" PRIx64 ", expected 0x100", v);
   nir_test_free(b.shader);
}

int
main(void)
{
   nir_test_init();

   test_to_generic(nir_var_mem_shared, 0x40, SHARED(0x40));
   test_to_generic(nir_var_mem_shared, 0, SHARED(0));
   test_to_generic(nir_var_mem_shared, UINT64_MAX, 0);
   test_to_generic(nir_var_function_temp, 0x10, PRIVATE(0x10));
   test_to_generic(nir_var_function_temp, UINT64_MAX, 0);
   test_to_generic(nir_var_mem_global, 0x123456789ull, 0x123456789ull);

   test_from_generic(nir_var_mem_shared, SHARED(0x80), 0x80);
   test_from_generic(nir_var_mem_shared, SHARED(0), 0);
   test_from_generic(nir_var_mem_shared, 0, UINT64_MAX);
   test_from_generic(nir_var_function_temp, PRIVATE(0x24), 0x24);
   test_from_generic(nir_var_function_temp, 0, UINT64_MAX);

   const uint64_t addrs[] = { SHARED(0), SHARED(0xfffffffc), PRIVATE(4), 0x7fff00001000ull, 0 };
   const nir_variable_mode where[] = { nir_var_mem_shared, nir_var_mem_shared,
                                       nir_var_function_temp, nir_var_mem_global,
                                       nir_var_mem_global };
   const nir_variable_mode modes[] = { nir_var_mem_shared, nir_var_function_temp,
                                       nir_var_mem_global };
   for (unsigned i = 0; i < ARRAY_SIZE(addrs); i++) {
      for (unsigned m = 0; m < ARRAY_SIZE(modes); m++)
         test_mode_is(addrs[i], modes[m], where[i] == modes[m]);
   }

   test_access(false);
   test_access(true);
   test_get_fence();

   return nir_test_finish();
}
