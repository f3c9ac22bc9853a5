/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Unit tests for kiln_nir_lower_fdiv64, kiln_nir_lower_float_narrowing and
 * kiln_nir_lower_cl_sign.
 * Each test builds a kernel of constant operations, checks that the pass
 * replaced every one of them, then lets NIR's constant folding evaluate
 * the replacement sequence and compares the bits with the host's IEEE
 * arithmetic: double division (correctly rounded by the host FPU) and
 * double-to-float conversion under fesetround (the rounding mode the
 * conversion names).  Operands cover normal, subnormal, overflowing and
 * tie results, and special values.
 */
#include <fenv.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kiln_nir_passes.h"
#include "nir_pass_test.h"

#pragma STDC FENV_ACCESS ON


static const nir_shader_compiler_options options = { 0 };

static uint64_t
bits64(double d)
{
   uint64_t u;
   memcpy(&u, &d, 8);
   return u;
}

static uint32_t
bits32(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

/* Folds everything foldable; returns the value stored by each store, in
 * program order. */
static unsigned
fold_and_collect(nir_shader *s, struct nir_test_store *out, unsigned max)
{
   nir_test_fold(s, 0);
   return nir_test_stores(s, nir_intrinsic_store_global, out, max);
}

static void
store(nir_builder *b, nir_def *v)
{
   nir_store_global(b, nir_imm_int64(b, 0x1000), v->bit_size / 8, v, 1);
}

/* A deterministic pseudo-random double with the given exponent range. */
static double
random_double(uint64_t *state, int emin, int emax)
{
   *state = *state * 6364136223846793005ull + 1442695040888963407ull;
   uint64_t r = *state;
   double m = 1.0 + (double)(r >> 12) * 0x1p-52;
   int e = emin + (int)((r >> 4) % (uint64_t)(emax - emin + 1));
   return ((r & 1) ? -1 : 1) * ldexp(m, e);
}

#define NUM_DIV 96

static void
test_fdiv64_is_correctly_rounded(void)
{
   double a[NUM_DIV], d[NUM_DIV];
   unsigned n = 0;
   static const double fixed[][2] = {
      { 1.0, 3.0 },
      { 2.0, 3.0 },
      { 10.0, 7.0 },
      { -93.25, 0.1 },
      { 1.0, 0x1.fffffffffffffp-1 },      /* 1/y with y just below 1 */
      { 0x1.fffffffffffffp+1023, 0.5 },   /* overflows to inf */
      { 0x1.fffffffffffffp+1023, 0x1.0000000000001p+0 },
      { 1e300, 1e-10 },
      { 0x3p-1074, 2.0 },                 /* subnormal tie: rounds to even */
      { 0x5p-1074, 2.0 },                 /* subnormal tie: rounds to even */
      { 0x1p-1022, 3.0 },                 /* subnormal result */
      { 0x1.5555555555555p-1000, 0x1.8p+70 },
      { -0x1.23456789abcdep-900, 0x1.fedcba9876543p+170 }, /* underflows to -0 */
      { 5e-324, 0.75 },                   /* subnormal operand */
      { 7.0, 5e-324 },
      { 0.0, 5.0 },
      { -0.0, 5.0 },
      { 5.0, 0.0 },
      { -5.0, 0.0 },
      { 0.0, 0.0 },
      { INFINITY, 3.0 },
      { 3.0, -INFINITY },
      { INFINITY, INFINITY },
      { NAN, 1.0 },
      { 1.0, NAN },
   };
   for (unsigned i = 0; i < ARRAY_SIZE(fixed); i++, n++) {
      a[n] = fixed[i][0];
      d[n] = fixed[i][1];
   }
   uint64_t state = 12345;
   for (; n < 56; n++) {
      a[n] = random_double(&state, -8, 8);
      d[n] = random_double(&state, -8, 8);
   }
   for (; n < NUM_DIV; n++) { /* subnormal quotients */
      a[n] = random_double(&state, -1020, -990);
      d[n] = random_double(&state, 20, 60);
   }

   nir_builder b = nir_test_kernel(&options, "fdiv64");
   for (unsigned i = 0; i < NUM_DIV; i++)
      store(&b, nir_fdiv(&b, nir_imm_double(&b, a[i]), nir_imm_double(&b, d[i])));
   /* A 32-bit division is not the pass's business. */
   store(&b, nir_fdiv(&b, nir_imm_float(&b, 1.0f), nir_imm_float(&b, 3.0f)));

   CHECK(kiln_nir_lower_fdiv64(b.shader), "no progress");
   CHECK(nir_test_count_alu(b.shader, nir_op_fdiv, 64) == 0, "%u 64-bit fdivs remain",
         nir_test_count_alu(b.shader, nir_op_fdiv, 64));
   CHECK(nir_test_count_alu(b.shader, nir_op_fdiv, 32) == 1, "the 32-bit fdiv was touched");

   struct nir_test_store v[NUM_DIV + 1];
   unsigned got = fold_and_collect(b.shader, v, NUM_DIV + 1);
   CHECK(got == NUM_DIV + 1, "%u stores", got);
   for (unsigned i = 0; i < NUM_DIV && i < got; i++) {
      volatile double x = a[i], y = d[i];
      double want = x / y;
      if (!v[i].is_const) {
         CHECK(false, "%a / %a did not fold", a[i], d[i]);
         continue;
      }
      bool ok = isnan(want) ? isnan(v[i].value.f64) : v[i].value.u64 == bits64(want);
      CHECK(ok, "%a / %a = %a, want %a", a[i], d[i], v[i].value.f64, want);
   }
   nir_test_free(b.shader);
}

static const struct {
   nir_rounding_mode mode;
   int fe;
   const char *name;
} modes[] = {
   { nir_rounding_mode_rtz, FE_TOWARDZERO, "rtz" },
   { nir_rounding_mode_ru, FE_UPWARD, "rtp" },
   { nir_rounding_mode_rd, FE_DOWNWARD, "rtn" },
};

static void
test_d2f_rounding_modes(void)
{
   static const double in[] = {
      0.1, -0.1, 0.75, 1.00000005960464477539, -1.0000000596046448, 3.4028235677973366e38,
      3.5e38, -3.5e38, 1e300, -1e300, 1e-30, -1e-30, 1e-40, -1e-45, 1e-50, 2147483647.5,
      0.0, -0.0, INFINITY, -INFINITY, NAN, 16777217.0, -16777219.0, 0x1.fffffffp-127,
   };
   const unsigned num = ARRAY_SIZE(in);

   nir_builder b = nir_test_kernel(&options, "d2f");
   for (unsigned m = 0; m < ARRAY_SIZE(modes); m++) {
      for (unsigned i = 0; i < num; i++) {
         store(&b, nir_convert_alu_types(&b, 32, nir_imm_double(&b, in[i]),
                                         .src_type = nir_type_float64,
                                         .dest_type = nir_type_float32,
                                         .rounding_mode = modes[m].mode, .saturate = false));
      }
   }
   /* Round-to-nearest stays for nir_lower_convert_alu_types. */
   store(&b, nir_convert_alu_types(&b, 32, nir_imm_double(&b, 0.1), .src_type = nir_type_float64,
                                   .dest_type = nir_type_float32,
                                   .rounding_mode = nir_rounding_mode_rtne, .saturate = false));

   CHECK(kiln_nir_lower_float_narrowing(b.shader), "no progress");
   CHECK(nir_test_count_intrinsic(b.shader, nir_intrinsic_convert_alu_types) == 1,
         "%u conversions left, want only the rtne one",
         nir_test_count_intrinsic(b.shader, nir_intrinsic_convert_alu_types));
   NIR_PASS(_, b.shader, nir_lower_convert_alu_types, NULL);

   struct nir_test_store v[3 * ARRAY_SIZE(in) + 1];
   unsigned got = fold_and_collect(b.shader, v, 3 * num + 1);
   CHECK(got == 3 * num + 1, "%u stores", got);
   for (unsigned m = 0; m < ARRAY_SIZE(modes); m++) {
      for (unsigned i = 0; i < num && m * num + i < got; i++) {
         unsigned k = m * num + i;
         volatile double x = in[i];
         fesetround(modes[m].fe);
         volatile float want = (float)x;
         fesetround(FE_TONEAREST);
         if (!v[k].is_const) {
            CHECK(false, "convert_float_%s(%a) did not fold", modes[m].name, in[i]);
            continue;
         }
         bool ok = isnan(want) ? isnan(v[k].value.f32) : v[k].value.u32 == bits32(want);
         CHECK(ok, "convert_float_%s(%a) = %a, want %a", modes[m].name, in[i], v[k].value.f32,
               (double)want);
      }
   }
   nir_test_free(b.shader);
}

/* sign() of a value only known at run time: the fsign ACO gets is guarded
 * by the two selects for NaN (0.0) and zeros (x itself); constants fold to
 * the values OpenCL C 2.0 6.13.2 gives. */
static void
test_cl_sign(void)
{
   nir_builder b = nir_test_kernel(&options, "sign");
   nir_def *x = nir_build_load_global(&b, 1, 32, nir_imm_int64(&b, 0x1000), .align_mul = 4);
   store(&b, nir_fsign(&b, x));
   static const float in[] = { NAN, -0.0f, 0.0f, INFINITY, -INFINITY, 1e-40f, -3.5f };
   static const float want[] = { 0.0f, -0.0f, 0.0f, 1.0f, -1.0f, 1.0f, -1.0f };
   for (unsigned i = 0; i < ARRAY_SIZE(in); i++)
      store(&b, nir_fsign(&b, nir_imm_float(&b, in[i])));

   CHECK(kiln_nir_lower_cl_sign(b.shader), "no progress");
   CHECK(nir_test_count_alu(b.shader, nir_op_fsign, 32) == 1 + ARRAY_SIZE(in),
         "%u fsigns, want one per sign()", nir_test_count_alu(b.shader, nir_op_fsign, 32));
   CHECK(nir_test_count_alu(b.shader, nir_op_bcsel, 32) == 2 * (1 + ARRAY_SIZE(in)),
         "%u selects, want two per sign()", nir_test_count_alu(b.shader, nir_op_bcsel, 32));

   struct nir_test_store v[1 + ARRAY_SIZE(in)];
   unsigned got = fold_and_collect(b.shader, v, ARRAY_SIZE(v));
   CHECK(got == ARRAY_SIZE(v), "%u stores", got);
   CHECK(!v[0].is_const, "the run-time sign() folded");
   for (unsigned i = 0; i < ARRAY_SIZE(in) && i + 1 < got; i++)
      CHECK(v[i + 1].is_const && v[i + 1].value.u32 == bits32(want[i]), "sign(%a) = %a, want %a",
            in[i], v[i + 1].value.f32, want[i]);
   nir_test_free(b.shader);
}

int
main(void)
{
   nir_test_init();
   test_fdiv64_is_correctly_rounded();
   test_d2f_rounding_modes();
   test_cl_sign();
   return nir_test_finish();
}
