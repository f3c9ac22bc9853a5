/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Unit tests for kiln_nir_lower_fdiv64, kiln_nir_lower_fdiv16,
 * kiln_nir_lower_float_narrowing, kiln_nir_lower_f16_f64_casts and
 * kiln_nir_lower_cl_sign.
 * Each test builds a kernel of constant operations, checks that the pass
 * replaced every one of them, then lets NIR's constant folding evaluate
 * the replacement sequence and compares the bits with the host's IEEE
 * arithmetic: double division (correctly rounded by the host FPU), and
 * conversions to float and to half (GCC's _Float16) under fesetround (the
 * rounding mode the conversion names).  Operands cover normal, subnormal,
 * overflowing and tie results, and special values.
 */
#include <fenv.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/glsl_types.h"
#include "kiln_nir_passes.h"
#include "nir_builder.h"
#include "nir_pass_test.h"
#include "util/u_math.h"

#pragma STDC FENV_ACCESS ON

static const nir_shader_compiler_options options = { 0 };

static _Float16
half_of_bits(uint16_t u)
{
   _Float16 h;
   memcpy(&h, &u, 2);
   return h;
}

/* Bit-equal, any NaN equal to any NaN. */
static bool
same_half(uint16_t got, _Float16 want)
{
   if (want != want)
      return (got & 0x7c00) == 0x7c00 && (got & 0x3ff);
   return !memcmp(&got, &want, 2);
}

/* Folds everything foldable; returns the constant stored by each store,
 * in program order. */
static unsigned
fold_and_collect(nir_shader *s, nir_const_value *out, bool *is_const, unsigned max)
{
   nir_test_fold(s, 0);
   struct nir_test_store *stores = calloc(max, sizeof(*stores));
   assert(stores);
   unsigned n = nir_test_stores(s, nir_intrinsic_store_global, stores, max);
   for (unsigned i = 0; i < n; i++) {
      is_const[i] = stores[i].is_const;
      if (is_const[i])
         out[i] = stores[i].value;
   }
   free(stores);
   return n;
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
      { 1.0, 0x1.fffffffffffffp-1 },    /* 1/y with y just below 1 */
      { 0x1.fffffffffffffp+1023, 0.5 }, /* overflows to inf */
      { 0x1.fffffffffffffp+1023, 0x1.0000000000001p+0 },
      { 1e300, 1e-10 },
      { 0x3p-1074, 2.0 }, /* subnormal tie: rounds to even */
      { 0x5p-1074, 2.0 }, /* subnormal tie: rounds to even */
      { 0x1p-1022, 3.0 }, /* subnormal result */
      { 0x1.5555555555555p-1000, 0x1.8p+70 },
      { -0x1.23456789abcdep-900, 0x1.fedcba9876543p+170 }, /* underflows to -0 */
      { 5e-324, 0.75 },                                    /* subnormal operand */
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

   nir_builder b = nir_builder_init_simple_shader(MESA_SHADER_KERNEL, &options, "fdiv64");
   for (unsigned i = 0; i < NUM_DIV; i++)
      store(&b, nir_fdiv(&b, nir_imm_double(&b, a[i]), nir_imm_double(&b, d[i])));
   /* A 32-bit division is not the pass's business. */
   store(&b, nir_fdiv(&b, nir_imm_float(&b, 1.0f), nir_imm_float(&b, 3.0f)));

   CHECK(kiln_nir_lower_fdiv64(b.shader), "no progress");
   CHECK(nir_test_count_alu(b.shader, nir_op_fdiv, 64) == 0, "%u 64-bit fdivs remain",
         nir_test_count_alu(b.shader, nir_op_fdiv, 64));
   CHECK(nir_test_count_alu(b.shader, nir_op_fdiv, 32) == 1, "the 32-bit fdiv was touched");

   nir_const_value v[NUM_DIV + 1];
   bool is_const[NUM_DIV + 1];
   unsigned got = fold_and_collect(b.shader, v, is_const, NUM_DIV + 1);
   CHECK(got == NUM_DIV + 1, "%u stores", got);
   for (unsigned i = 0; i < NUM_DIV && i < got; i++) {
      volatile double x = a[i], y = d[i];
      double want = x / y;
      if (!is_const[i]) {
         CHECK(false, "%a / %a did not fold", a[i], d[i]);
         continue;
      }
      bool ok = isnan(want) ? isnan(v[i].f64) : v[i].u64 == dui(want);
      CHECK(ok, "%a / %a = %a, want %a", a[i], d[i], v[i].f64, want);
   }
   ralloc_free(b.shader);
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
      0.1,
      -0.1,
      0.75,
      1.00000005960464477539,
      -1.0000000596046448,
      3.4028235677973366e38,
      3.5e38,
      -3.5e38,
      1e300,
      -1e300,
      1e-30,
      -1e-30,
      1e-40,
      -1e-45,
      1e-50,
      2147483647.5,
      0.0,
      -0.0,
      INFINITY,
      -INFINITY,
      NAN,
      16777217.0,
      -16777219.0,
      0x1.fffffffp-127,
   };
   const unsigned num = ARRAY_SIZE(in);

   nir_builder b = nir_builder_init_simple_shader(MESA_SHADER_KERNEL, &options, "d2f");
   for (unsigned m = 0; m < ARRAY_SIZE(modes); m++) {
      for (unsigned i = 0; i < num; i++) {
         store(&b,
               nir_convert_alu_types(&b, 32, nir_imm_double(&b, in[i]),
                                     .src_type = nir_type_float64, .dest_type = nir_type_float32,
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

   nir_const_value v[3 * ARRAY_SIZE(in) + 1];
   bool is_const[3 * ARRAY_SIZE(in) + 1];
   unsigned got = fold_and_collect(b.shader, v, is_const, 3 * num + 1);
   CHECK(got == 3 * num + 1, "%u stores", got);
   for (unsigned m = 0; m < ARRAY_SIZE(modes); m++) {
      for (unsigned i = 0; i < num && m * num + i < got; i++) {
         unsigned k = m * num + i;
         volatile double x = in[i];
         fesetround(modes[m].fe);
         volatile float want = (float)x;
         fesetround(FE_TONEAREST);
         if (!is_const[k]) {
            CHECK(false, "convert_float_%s(%a) did not fold", modes[m].name, in[i]);
            continue;
         }
         bool ok = isnan(want) ? isnan(v[k].f32) : v[k].u32 == fui(want);
         CHECK(ok, "convert_float_%s(%a) = %a, want %a", modes[m].name, in[i], v[k].f32,
               (double)want);
      }
   }
   ralloc_free(b.shader);
}

#define NUM_DIV16 600

/* Half division against the host's: the double quotient of two halves
 * rounded once to half is the correctly rounded half quotient. */
static void
test_fdiv16_is_correctly_rounded(void)
{
   static const uint16_t fixed[][2] = {
      { 0x3c00, 0x4200 }, /* 1 / 3 */
      { 0x7bff, 0x3800 }, /* 65504 / 0.5 overflows */
      { 0x7bff, 0x3bff }, /* 65504 / (1 - 2^-11) rounds to 65536: infinity */
      { 0x0001, 0x4000 }, /* the smallest subnormal halved: a tie, to 0 */
      { 0x0003, 0x4000 }, /* a subnormal tie, to even */
      { 0x0400, 0x6400 }, /* 2^-14 / 1024: subnormal */
      { 0x7bff, 0x0001 }, /* 65504 / 2^-24 */
      { 0x0001, 0x7bff }, /* 2^-24 / 65504: 0 */
      { 0x3c00, 0x0000 }, /* 1 / 0 */
      { 0xbc00, 0x0000 }, /* -1 / 0 */
      { 0x0000, 0x0000 }, /* 0 / 0 */
      { 0x8000, 0x3c00 }, /* -0 / 1 */
      { 0x0000, 0xbc00 }, /* 0 / -1 */
      { 0x7c00, 0x4000 }, /* inf / 2 */
      { 0x4000, 0x7c00 }, /* 2 / inf */
      { 0x7c00, 0xfc00 }, /* inf / -inf */
      { 0x7e00, 0x3c00 }, /* NaN / 1 */
      { 0x3c00, 0x7e00 }, /* 1 / NaN */
   };
   uint16_t a[NUM_DIV16], d[NUM_DIV16];
   unsigned n = 0;
   for (; n < ARRAY_SIZE(fixed); n++) {
      a[n] = fixed[n][0];
      d[n] = fixed[n][1];
   }
   /* Finite halves of every magnitude. */
   uint64_t state = 777;
   for (; n < NUM_DIV16; n++) {
      do {
         state = state * 6364136223846793005ull + 1442695040888963407ull;
         a[n] = state >> 48;
         d[n] = state >> 24;
      } while ((a[n] & 0x7c00) == 0x7c00 || (d[n] & 0x7c00) == 0x7c00);
   }

   nir_builder b = nir_builder_init_simple_shader(MESA_SHADER_KERNEL, &options, "fdiv16");
   for (unsigned i = 0; i < NUM_DIV16; i++)
      store(&b, nir_fdiv(&b, nir_imm_float16(&b, (float)half_of_bits(a[i])),
                         nir_imm_float16(&b, (float)half_of_bits(d[i]))));
   store(&b, nir_fdiv(&b, nir_imm_float(&b, 1.0f), nir_imm_float(&b, 3.0f)));

   CHECK(kiln_nir_lower_fdiv16(b.shader), "no progress");
   CHECK(nir_test_count_alu(b.shader, nir_op_fdiv, 16) == 0, "%u 16-bit fdivs remain",
         nir_test_count_alu(b.shader, nir_op_fdiv, 16));
   CHECK(nir_test_count_alu(b.shader, nir_op_fdiv, 32) == 1, "the 32-bit fdiv was touched");

   nir_const_value v[NUM_DIV16 + 1];
   bool is_const[NUM_DIV16 + 1];
   unsigned got = fold_and_collect(b.shader, v, is_const, NUM_DIV16 + 1);
   CHECK(got == NUM_DIV16 + 1, "%u stores", got);
   for (unsigned i = 0; i < NUM_DIV16 && i < got; i++) {
      volatile double x = half_of_bits(a[i]), y = half_of_bits(d[i]);
      _Float16 want = (_Float16)(x / y);
      CHECK(is_const[i] && same_half(v[i].u16, want), "%a / %a = %a, want %a", x, y,
            is_const[i] ? (double)half_of_bits(v[i].u16) : NAN, (double)want);
   }
   ralloc_free(b.shader);
}

/* How many f2f64 of a 16-bit value the shader has. */
static unsigned
count_f2f64_of_half(nir_shader *s)
{
   unsigned n = 0;
   nir_test_foreach_instr(instr, s)
   {
      n += instr->type == nir_instr_type_alu && nir_instr_as_alu(instr)->op == nir_op_f2f64 &&
           nir_src_bit_size(nir_instr_as_alu(instr)->src[0].src) == 16;
   }
   return n;
}

/* double to half, to nearest (f2f16) and toward zero (f2f16_rtz), against
 * GCC's conversions; half to double exactly, and in a form
 * nir_opt_algebraic does not fold back into an f2f64 of a half. */
static void
test_f16_f64_casts(void)
{
   static const double in[] = {
      0.1,
      -0.1,
      1.0 + 0x1p-11,
      1.0 + 0x1p-11 + 0x1p-40,
      1.0 + 0x1p-11 - 0x1p-40,
      1.0 + 0x3p-11,
      1.0 + 0x1p-10 - 0x1p-45,
      65504.0,
      65519.99,
      65520.0,
      -65520.0,
      1e300,
      -1e300,
      0x1p-25,
      0x1p-25 + 0x1p-60,
      -0x3p-26,
      0x1p-14 - 0x1p-40,
      1e-320,
      -1e-320,
      0.0,
      -0.0,
      INFINITY,
      -INFINITY,
      NAN,
      3.14159265358979,
      0x1.ee6a0000000001p+14,
      0x1.ffdffffffffffp+15,
   };
   const unsigned num = ARRAY_SIZE(in);

   nir_builder b = nir_builder_init_simple_shader(MESA_SHADER_KERNEL, &options, "f16_f64");
   for (unsigned i = 0; i < num; i++) {
      store(&b, nir_f2f16(&b, nir_imm_double(&b, in[i])));
      store(&b, nir_f2f16_rtz(&b, nir_imm_double(&b, in[i])));
   }
   static const uint16_t halves[] = { 0x0001, 0x03ff, 0x0400, 0x3555, 0x7bff,
                                      0xfbff, 0x8000, 0x7c00, 0xfc00 };
   for (unsigned i = 0; i < ARRAY_SIZE(halves); i++)
      store(&b, nir_f2f64(&b, nir_imm_float16(&b, (float)half_of_bits(halves[i]))));
   /* A half to double of a run-time value stays as two conversions. */
   nir_def *x = nir_build_load_global(&b, 1, 16, nir_imm_int64(&b, 0x1000), .align_mul = 2);
   store(&b, nir_f2f64(&b, x));

   CHECK(kiln_nir_lower_f16_f64_casts(b.shader), "no progress");
   NIR_PASS(_, b.shader, nir_opt_algebraic);
   CHECK(count_f2f64_of_half(b.shader) == 0, "%u f2f64 of a half remain",
         count_f2f64_of_half(b.shader));

   const unsigned total = 2 * num + ARRAY_SIZE(halves) + 1;
   nir_const_value v[2 * ARRAY_SIZE(in) + ARRAY_SIZE(halves) + 1];
   bool is_const[2 * ARRAY_SIZE(in) + ARRAY_SIZE(halves) + 1];
   unsigned got = fold_and_collect(b.shader, v, is_const, total);
   CHECK(got == total, "%u stores", got);
   for (unsigned i = 0; i < num && 2 * i + 1 < got; i++) {
      for (unsigned rtz = 0; rtz < 2; rtz++) {
         volatile double d = in[i];
         fesetround(rtz ? FE_TOWARDZERO : FE_TONEAREST);
         volatile _Float16 want = (_Float16)d;
         fesetround(FE_TONEAREST);
         unsigned k = 2 * i + rtz;
         CHECK(is_const[k] && same_half(v[k].u16, want), "f2f16%s(%a) = %a, want %a",
               rtz ? "_rtz" : "", in[i], is_const[k] ? (double)half_of_bits(v[k].u16) : NAN,
               (double)want);
      }
   }
   for (unsigned i = 0; i < ARRAY_SIZE(halves) && 2 * num + i < got; i++) {
      unsigned k = 2 * num + i;
      double want = half_of_bits(halves[i]);
      CHECK(is_const[k] && v[k].u64 == dui(want), "f2f64(%a) = %a", want, v[k].f64);
   }
   CHECK(got == total && !is_const[total - 1], "the run-time conversion folded");
   ralloc_free(b.shader);
}

/* Integers to half with a rounding mode and half to long with saturation,
 * which kiln_nir_lower_float_narrowing takes through float. */
static void
test_half_integer_conversions(void)
{
   static const int32_t ints[] = { 0,         1,         -1,    2049,   2051,   -2051,
                                   65504,     65519,     65520, -65536, 123457, -123457,
                                   INT32_MAX, INT32_MIN, 4097,  -4099 };
   /* No NaN: its 0 comes from the backend's float-to-integer conversion,
    * which constant folding does not model. */
   static const double halves[] = { 0.0,      -0.5,     2.5,       -2.5,  65504.0,
                                    -65504.0, INFINITY, -INFINITY, 1023.5 };
   const unsigned ni = ARRAY_SIZE(ints), nh = ARRAY_SIZE(halves);

   nir_builder b = nir_builder_init_simple_shader(MESA_SHADER_KERNEL, &options, "half_int");
   for (unsigned m = 0; m < ARRAY_SIZE(modes); m++) {
      for (unsigned i = 0; i < ni; i++) {
         store(&b, nir_convert_alu_types(&b, 16, nir_imm_int(&b, ints[i]),
                                         .src_type = nir_type_int32, .dest_type = nir_type_float16,
                                         .rounding_mode = modes[m].mode, .saturate = false));
      }
   }
   for (unsigned i = 0; i < nh; i++) {
      store(&b, nir_convert_alu_types(&b, 64, nir_imm_float16(&b, halves[i]),
                                      .src_type = nir_type_float16, .dest_type = nir_type_int64,
                                      .rounding_mode = nir_rounding_mode_rtne, .saturate = true));
   }

   CHECK(kiln_nir_lower_float_narrowing(b.shader), "no progress");
   NIR_PASS(_, b.shader, nir_lower_convert_alu_types, NULL);

   const unsigned total = ARRAY_SIZE(modes) * ni + nh;
   nir_const_value v[3 * ARRAY_SIZE(ints) + ARRAY_SIZE(halves)];
   bool is_const[3 * ARRAY_SIZE(ints) + ARRAY_SIZE(halves)];
   unsigned got = fold_and_collect(b.shader, v, is_const, total);
   CHECK(got == total, "%u stores", got);
   for (unsigned m = 0; m < ARRAY_SIZE(modes); m++) {
      for (unsigned i = 0; i < ni && m * ni + i < got; i++) {
         unsigned k = m * ni + i;
         volatile int32_t x = ints[i];
         fesetround(modes[m].fe);
         volatile _Float16 want = (_Float16)x;
         fesetround(FE_TONEAREST);
         CHECK(is_const[k] && same_half(v[k].u16, want), "convert_half_%s(%d) = %a, want %a",
               modes[m].name, ints[i], is_const[k] ? (double)half_of_bits(v[k].u16) : NAN,
               (double)want);
      }
   }
   for (unsigned i = 0; i < nh && ARRAY_SIZE(modes) * ni + i < got; i++) {
      unsigned k = ARRAY_SIZE(modes) * ni + i;
      double h = halves[i];
      int64_t want = h >= 0x1p63 ? INT64_MAX : h < -0x1p63 ? INT64_MIN : (int64_t)nearbyint(h);
      CHECK(is_const[k] && v[k].i64 == want,
            "convert_long_sat_rte(%a) = %" PRId64 ", want %" PRId64, h, v[k].i64, want);
   }
   ralloc_free(b.shader);
}

/* sign() of a value only known at run time: the fsign ACO gets is guarded
 * by the two selects for NaN (0.0) and zeros (x itself); constants fold to
 * the values OpenCL C 2.0 6.13.2 gives. */
static void
test_cl_sign(void)
{
   nir_builder b = nir_builder_init_simple_shader(MESA_SHADER_KERNEL, &options, "sign");
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

   nir_const_value v[1 + ARRAY_SIZE(in)];
   bool is_const[1 + ARRAY_SIZE(in)];
   unsigned got = fold_and_collect(b.shader, v, is_const, ARRAY_SIZE(v));
   CHECK(got == ARRAY_SIZE(v), "%u stores", got);
   CHECK(!is_const[0], "the run-time sign() folded");
   for (unsigned i = 0; i < ARRAY_SIZE(in) && i + 1 < got; i++)
      CHECK(is_const[i + 1] && v[i + 1].u32 == fui(want[i]), "sign(%a) = %a, want %a", in[i],
            v[i + 1].f32, want[i]);
   ralloc_free(b.shader);
}

int
main(void)
{
   glsl_type_singleton_init_or_ref();
   test_fdiv64_is_correctly_rounded();
   test_d2f_rounding_modes();
   test_fdiv16_is_correctly_rounded();
   test_f16_f64_casts();
   test_half_integer_conversions();
   test_cl_sign();
   glsl_type_singleton_decref();
   return kiln_test_summary();
}
