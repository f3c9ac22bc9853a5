/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Unit tests of the VALU floating-point semantics library (sim_fp.h), on
 * its own: round modes and denormal flushing of the host environment,
 * fp16 rounding (expected half encodings computed with Python's
 * struct 'e' format, which rounds to nearest even, or derived by hand
 * from the IEEE-754 encoding), fused vs. unfused multiply-add, the ISA's
 * min/max NaN rules, the division helpers (checked end to end: the
 * div_scale/rcp/fma/div_fmas/div_fixup sequence LLVM and libclc emit
 * must give the correctly rounded quotient the host computes), clamping
 * conversions, classes and transcendental special values.
 */
#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>

#include "kiln_test.h"
#include "sim_fp.h"

/* Floats compared as their bits, so that -0 and NaNs count. */
#define CHECK_EQF(what, got, want) CHECK_EQ32(what, sim_u32(got), sim_u32(want))

/* Host arithmetic inside an environment; volatile keeps the compiler
 * from folding across the mode change. */
static float
env_add(unsigned round, unsigned denorm, float a, float b)
{
   struct sim_fp_env env;
   volatile float x = a, y = b, r;
   sim_fp_env_enter(&env, round, denorm);
   r = x + y;
   sim_fp_env_leave(&env);
   return r;
}

static float
env_mul(unsigned round, unsigned denorm, float a, float b)
{
   struct sim_fp_env env;
   volatile float x = a, y = b, r;
   sim_fp_env_enter(&env, round, denorm);
   r = x * y;
   sim_fp_env_leave(&env);
   return r;
}

static void
test_round_modes(void)
{
   /* 1 + (2^-24 + 2^-30): just above half an ulp of 1. */
   float s = 0x1p-24f + 0x1p-30f;
   CHECK_EQF("add rne", env_add(SIM_ROUND_NE, SIM_DENORM_ALL, 1.0f, s), 0x1.000002p0f);
   CHECK_EQF("add rtz", env_add(SIM_ROUND_ZERO, SIM_DENORM_ALL, 1.0f, s), 1.0f);
   CHECK_EQF("add +inf", env_add(SIM_ROUND_PINF, SIM_DENORM_ALL, 1.0f, s), 0x1.000002p0f);
   CHECK_EQF("add -inf", env_add(SIM_ROUND_NINF, SIM_DENORM_ALL, 1.0f, s), 1.0f);
   CHECK_EQF("neg add -inf", env_add(SIM_ROUND_NINF, SIM_DENORM_ALL, -1.0f, -s), -0x1.000002p0f);
   CHECK_EQF("neg add +inf", env_add(SIM_ROUND_PINF, SIM_DENORM_ALL, -1.0f, -s), -1.0f);
   /* Exact tie: 1 + 2^-24 rounds to even (1.0). */
   CHECK_EQF("add tie", env_add(SIM_ROUND_NE, SIM_DENORM_ALL, 1.0f, 0x1p-24f), 1.0f);
   /* 3 * (1 + 2^-23) = 3 + 1.5 ulp(3): tie to even is +2 ulp. */
   CHECK_EQF("mul rne", env_mul(SIM_ROUND_NE, SIM_DENORM_ALL, 3.0f, 0x1.000002p0f), 0x1.800004p1f);
   CHECK_EQF("mul rtz", env_mul(SIM_ROUND_ZERO, SIM_DENORM_ALL, 3.0f, 0x1.000002p0f),
             0x1.800002p1f);
   /* The environment is restored afterwards. */
   volatile float one = 1.0f;
   CHECK_EQF("restored", one + (0x1p-24f + 0x1p-30f), 0x1.000002p0f);
}

static void
test_denorms(void)
{
   /* 2^-126 * 0.5 is the denormal 2^-127. */
   CHECK_EQF("keep out", env_mul(SIM_ROUND_NE, SIM_DENORM_ALL, 0x1p-126f, 0.5f), 0x1p-127f);
   CHECK_EQF("flush out", env_mul(SIM_ROUND_NE, SIM_DENORM_IN, 0x1p-126f, 0.5f), 0.0f);
   CHECK_EQF("flush out sign", env_mul(SIM_ROUND_NE, 0, -0x1p-126f, 0.5f), -0.0f);
   /* A denormal input reads as zero when inputs are flushed. */
   CHECK_EQF("flush in", env_add(SIM_ROUND_NE, SIM_DENORM_OUT, 0x1p-127f, 0x1p-127f), 0.0f);
   CHECK_EQF("keep in", env_add(SIM_ROUND_NE, SIM_DENORM_ALL, 0x1p-127f, 0x1p-127f), 0x1p-126f);
   CHECK_EQ32("flush helper", sim_f32_flush(0x80000001u), 0x80000000u);
   CHECK_EQ32("flush keeps normal", sim_f32_flush(0x00800000u), 0x00800000u);
}

static void
test_f16(void)
{
   CHECK_EQ32("1.0", sim_f16_from_f64(1.0, SIM_ROUND_NE, false), 0x3c00);
   CHECK_EQ32("1/3 rne", sim_f16_from_f64(1.0 / 3.0, SIM_ROUND_NE, false), 0x3555);
   CHECK_EQ32("1/3 +inf", sim_f16_from_f64(1.0 / 3.0, SIM_ROUND_PINF, false), 0x3556);
   CHECK_EQ32("-1/3 -inf", sim_f16_from_f64(-1.0 / 3.0, SIM_ROUND_NINF, false), 0xb556);
   CHECK_EQ32("-1/3 rtz", sim_f16_from_f64(-1.0 / 3.0, SIM_ROUND_ZERO, false), 0xb555);
   CHECK_EQ32("0.1", sim_f16_from_f64(0.1, SIM_ROUND_NE, false), 0x2e66);
   CHECK_EQ32("-2.5", sim_f16_from_f64(-2.5, SIM_ROUND_NE, false), 0xc100);
   CHECK_EQ32("max", sim_f16_from_f64(65504.0, SIM_ROUND_NE, false), 0x7bff);
   /* 65520 is halfway between 65504 and 2^16: to even = overflow. */
   CHECK_EQ32("overflow rne", sim_f16_from_f64(65520.0, SIM_ROUND_NE, false), 0x7c00);
   CHECK_EQ32("overflow rtz", sim_f16_from_f64(65520.0, SIM_ROUND_ZERO, false), 0x7bff);
   CHECK_EQ32("overflow -inf", sim_f16_from_f64(-1e6, SIM_ROUND_PINF, false), 0xfbff);
   CHECK_EQ32("min denorm", sim_f16_from_f64(0x1p-24, SIM_ROUND_NE, false), 0x0001);
   CHECK_EQ32("half min denorm tie", sim_f16_from_f64(0x1p-25, SIM_ROUND_NE, false), 0x0000);
   CHECK_EQ32("0.75 min denorm", sim_f16_from_f64(3 * 0x1p-26, SIM_ROUND_NE, false), 0x0001);
   CHECK_EQ32("tiny +inf", sim_f16_from_f64(0x1p-40, SIM_ROUND_PINF, false), 0x0001);
   CHECK_EQ32("denorm flushed", sim_f16_from_f64(0x1p-24, SIM_ROUND_NE, true), 0x0000);
   CHECK_EQ32("denorm rounds to normal", sim_f16_from_f64(0x1p-14 - 0x1p-26, SIM_ROUND_NE, false),
              0x0400);
   CHECK_EQ32("nan", sim_f16_from_f64(NAN, SIM_ROUND_NE, false) & 0x7e00, 0x7e00);
   CHECK_EQ32("inf", sim_f16_from_f64(-INFINITY, SIM_ROUND_NE, false), 0xfc00);
   CHECK_EQF("widen denorm", sim_f16_to_f32(0x0001), 0x1p-24f);
   CHECK_EQF("widen max", sim_f16_to_f32(0xfbff), -65504.0f);
   CHECK_EQF("widen inf", sim_f16_to_f32(0x7c00), INFINITY);
   CHECK_EQF("widen 0.1", sim_f16_to_f32(0x2e66), 0x1.998p-4f);

   /* fma(1+2^-10, 1-2^-11, -1) = 2^-11 - 2^-21 exactly (0x0ffe); the
    * unfused form rounds the product to 1.0 first and gives 0. */
   CHECK_EQ32("fma f16", sim_f16_fma(0x3c01, 0x3bff, 0xbc00, SIM_ROUND_NE, false), 0x0ffe);
   CHECK_EQ32("mad f16", sim_f16_mad(0x3c01, 0x3bff, 0xbc00, SIM_ROUND_NE, false), 0x0000);
   /* 1 + 2^-11 is a tie in half: to even (1.0) or up with +inf. */
   CHECK_EQ32("add f16 tie", sim_f16_add(0x3c00, 0x1000, SIM_ROUND_NE, false), 0x3c00);
   CHECK_EQ32("add f16 +inf", sim_f16_add(0x3c00, 0x1000, SIM_ROUND_PINF, false), 0x3c01);
   CHECK_EQ32("mul f16", sim_f16_mul(0x4200, 0xc100, SIM_ROUND_NE, false), 0xc780); /* 3 * -2.5 */
   CHECK_EQ32("add f16 overflow", sim_f16_add(0x7bff, 0x7bff, SIM_ROUND_NE, false), 0x7c00);
}

static void
test_fma_mad(void)
{
   /* (1+2^-23)(1-2^-23) - 1 = -2^-46 exactly when fused. */
   float a = 0x1.000002p0f, b = 0x1.fffffcp-1f;
   CHECK_EQF("fmaf", fmaf(a, b, -1.0f), -0x1p-46f);
   CHECK_EQ32("mad unfused", sim_f32_mad(sim_u32(a), sim_u32(b), sim_u32(-1.0f)), 0);
   /* v_mad_f32 flushes denormal inputs and outputs. */
   CHECK_EQ32("mad flush in", sim_f32_mad(sim_u32(0x1p-130f), sim_u32(4.0f), 0), 0);
   CHECK_EQ32("mul_legacy 0*inf", sim_f32_mul_legacy(0, 0x7f800000u), 0);
   CHECK_EQ32("mul_legacy 0*nan", sim_f32_mul_legacy(0x80000000u, 0x7fc00000u), 0);
   CHECK_EQF("mul_legacy", sim_f32(sim_f32_mul_legacy(sim_u32(3.0f), sim_u32(-2.0f))), -6.0f);
   CHECK_EQF("fma_legacy 0*inf+c", sim_f32(sim_f32_fma_legacy(0, 0x7f800000u, sim_u32(2.0f))),
             2.0f);
}

static void
test_minmax(void)
{
   uint32_t one = sim_u32(1.0f), two = sim_u32(2.0f);
   uint32_t qnan = 0x7fc00001u, snan = 0x7f800001u;
   CHECK_EQ32("min", sim_f32_min(one, two, true), one);
   CHECK_EQ32("max", sim_f32_max(one, two, true), two);
   CHECK_EQ32("min qnan", sim_f32_min(qnan, two, true), two);
   CHECK_EQ32("max qnan second", sim_f32_max(one, qnan, true), one);
   CHECK_EQ32("min snan ieee", sim_f32_min(snan, two, true), 0x7fc00001u);
   CHECK_EQ32("min snan non-ieee", sim_f32_min(snan, two, false), two);
   CHECK_EQ32("min zeros", sim_f32_min(0x80000000u, 0, true), 0x80000000u);
   CHECK_EQ32("max zeros", sim_f32_max(0x80000000u, 0, true), 0);
   CHECK_EQ32("med3", sim_f32_med3(sim_u32(5.0f), one, two, true), two);
   CHECK_EQ32("med3 nan", sim_f32_med3(qnan, two, one, true), one);
   CHECK_EQ64("min f64", sim_f64_min(sim_u64(-1.0), sim_u64(3.0), true), sim_u64(-1.0));
   CHECK_EQ64("max f64 nan", sim_f64_max(0x7ff8000000000000ull, sim_u64(3.0), true), sim_u64(3.0));
   CHECK_EQ32("min f16", sim_f16_min(0x3c00, 0xbc00, true), 0xbc00);
   CHECK_EQ32("max f16 nan", sim_f16_max(0x7e00, 0x3c00, true), 0x3c00);
}

/* The division sequence of LLVM's and libclc's fdiv for gfx10. */
static float
div_sequence(float num, float den)
{
   struct sim_fp_env env;
   sim_fp_env_enter(&env, SIM_ROUND_NE, SIM_DENORM_ALL);
   bool vcc_unused, vcc;
   float dens = sim_f32(sim_f32_div_scale(sim_u32(den), sim_u32(den), sim_u32(num), &vcc_unused));
   float nums = sim_f32(sim_f32_div_scale(sim_u32(num), sim_u32(den), sim_u32(num), &vcc));
   float rcp = sim_f32(sim_f32_rcp(sim_u32(dens)));
   float fma0 = fmaf(-dens, rcp, 1.0f);
   float fma1 = fmaf(fma0, rcp, rcp);
   float mul = nums * fma1;
   float fma2 = fmaf(-dens, mul, nums);
   float fma3 = fmaf(fma2, fma1, mul);
   float fma4 = fmaf(-dens, fma3, nums);
   uint32_t fmas = sim_f32_div_fmas(sim_u32(fma4), sim_u32(fma1), sim_u32(fma3), vcc);
   uint32_t r = sim_f32_div_fixup(fmas, sim_u32(den), sim_u32(num));
   sim_fp_env_leave(&env);
   return sim_f32(r);
}

static double
div_sequence64(double num, double den)
{
   bool vcc_unused, vcc;
   double dens = sim_f64(sim_f64_div_scale(sim_u64(den), sim_u64(den), sim_u64(num), &vcc_unused));
   double nums = sim_f64(sim_f64_div_scale(sim_u64(num), sim_u64(den), sim_u64(num), &vcc));
   double rcp = sim_f64(sim_f64_rcp(sim_u64(dens)));
   double fma0 = fma(-dens, rcp, 1.0);
   double fma1 = fma(rcp, fma0, rcp);
   double fma2 = fma(-dens, fma1, 1.0);
   double fma3 = fma(fma1, fma2, fma1);
   double mul = nums * fma3;
   double fma4 = fma(-dens, mul, nums);
   uint64_t fmas = sim_f64_div_fmas(sim_u64(fma4), sim_u64(fma3), sim_u64(mul), vcc);
   return sim_f64(sim_f64_div_fixup(fmas, sim_u64(den), sim_u64(num)));
}

static void
test_division(void)
{
   static const float cases[][2] = {
      { 1.0f, 3.0f },         { 2.0f, 7.0f },
      { -5.5f, 0.1f },        { 1e30f, 1e-10f },
      { 0x1p100f, 0x1p-30f }, { 0x1p-120f, 0x1p10f },
      { 0x1p-140f, 3.0f },    { 1.0f, 0x1p127f },
      { 3.0f, 0x1.8p127f },   { 0x1p127f, 0x1p-20f },
      { 7.0f, 0x1p-140f },    { 0x1p-149f, 0x1p-149f },
      { 1.0f, 0.0f },         { 0.0f, 0.0f },
      { -0.0f, 5.0f },        { INFINITY, 2.0f },
      { INFINITY, INFINITY }, { 1.0f, -INFINITY },
      { 123456.0f, 0.001f },  { 0x1.fffffep127f, 0.5f },
   };
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      float n = cases[i][0], d = cases[i][1];
      volatile float vn = n, vd = d;
      float expect = vn / vd;
      float got = div_sequence(n, d);
      char what[64];
      snprintf(what, sizeof(what), "f32 %a / %a", n, d);
      if (isnan(expect))
         CHECK(isnan(got), "%s: got %a expected nan", what, got);
      else
         CHECK_EQF(what, got, expect);
   }

   static const double cases64[][2] = {
      { 1.0, 3.0 },          { 2.0, 7.0 },       { -5.5, 0.1 },     { 1e300, 1e-10 },
      { 0x1p-1000, 0x1p30 }, { 0x1p-1060, 3.0 }, { 1.0, 0x1p1023 }, { 0x1p1000, 0x1p-30 },
      { 1.0, 0.0 },          { INFINITY, 2.0 },
   };
   for (unsigned i = 0; i < sizeof(cases64) / sizeof(cases64[0]); i++) {
      double n = cases64[i][0], d = cases64[i][1];
      volatile double vn = n, vd = d;
      double expect = vn / vd;
      double got = div_sequence64(n, d);
      char what[64];
      snprintf(what, sizeof(what), "f64 %a / %a", n, d);
      CHECK_EQ64(what, sim_u64(got), sim_u64(expect));
   }

   /* div_fixup's special cases per the ISA. */
   CHECK_EQ32("fixup 0/0", sim_f32_div_fixup(0, 0, 0), 0x7fc00000u);
   CHECK_EQ32("fixup x/0", sim_f32_div_fixup(0, 0x80000000u, sim_u32(2.0f)), 0xff800000u);
   CHECK_EQ32("fixup 0/x", sim_f32_div_fixup(0, sim_u32(-2.0f), 0), 0x80000000u);
   CHECK_EQ32("fixup nan num", sim_f32_div_fixup(0, sim_u32(2.0f), 0x7f800001u), 0x7fc00001u);
   CHECK_EQ32("fixup sign", sim_f32_div_fixup(sim_u32(0.5f), sim_u32(-2.0f), sim_u32(1.0f)),
              sim_u32(-0.5f));
   CHECK_EQ32("fixup f16 x/0", sim_f16_div_fixup(0, 0x0000, 0x3c00), 0x7c00);
}

static void
test_conversions(void)
{
   CHECK_EQ32("cvt_i32 nan", sim_cvt_i32_f64(NAN), 0);
   CHECK_EQ32("cvt_i32 big", sim_cvt_i32_f64(3e9), INT32_MAX);
   CHECK_EQ32("cvt_i32 -big", sim_cvt_i32_f64(-3e9), (uint32_t)INT32_MIN);
   CHECK_EQ32("cvt_i32 trunc", sim_cvt_i32_f64(-2.75), (uint32_t)-2);
   CHECK_EQ32("cvt_u32 neg", sim_cvt_u32_f64(-5.0), 0);
   CHECK_EQ32("cvt_u32 big", sim_cvt_u32_f64(5e9), UINT32_MAX);
   CHECK_EQ32("cvt_u32", sim_cvt_u32_f64(4294967295.0), UINT32_MAX);
   CHECK_EQ32("cvt_u32 frac", sim_cvt_u32_f64(7.9), 7);
   CHECK_EQ32("cvt_flr", sim_cvt_flr_i32_f32(-2.5f), (uint32_t)-3);
   CHECK_EQ32("cvt_rpi", sim_cvt_rpi_i32_f32(-2.5f), (uint32_t)-2);
   CHECK_EQ32("cvt_rpi up", sim_cvt_rpi_i32_f32(2.5f), 3);
   CHECK_EQ32("cvt_i16 sat", (uint16_t)sim_cvt_i16_f32(1e5f), 0x7fff);
   CHECK_EQ32("cvt_u16 sat", sim_cvt_u16_f32(-3.0f), 0);
   CHECK_EQF("frexp mant", sim_f32(sim_f32_frexp_mant(sim_u32(12.0f))), 0.75f);
   CHECK_EQ32("frexp exp", sim_f32_frexp_exp(sim_u32(12.0f)), 4);
   CHECK_EQ32("frexp exp denorm", sim_f32_frexp_exp(sim_u32(0x1p-140f)), -139);
   CHECK_EQ32("frexp inf", sim_f32_frexp_mant(0x7f800000u), 0x7f800000u);
   CHECK_EQ32("frexp exp inf", sim_f32_frexp_exp(0x7f800000u), 0);
   CHECK_EQF("ldexp", sim_f32(sim_f32_ldexp(sim_u32(3.0f), -2)), 0.75f);
   CHECK_EQF("fract", sim_f32(sim_f32_fract(sim_u32(-1.25f))), 0.75f);
   CHECK_EQF("fract tiny negative", sim_f32(sim_f32_fract(sim_u32(-0x1p-30f))), 0x1.fffffep-1f);
   CHECK_EQ64("fract f64", sim_f64_fract(sim_u64(5.5)), sim_u64(0.5));
}

static void
test_transcendental(void)
{
   CHECK_EQF("rcp 0", sim_f32(sim_f32_rcp(0)), INFINITY);
   CHECK_EQF("rcp -0", sim_f32(sim_f32_rcp(0x80000000u)), -INFINITY);
   CHECK_EQF("rcp inf", sim_f32(sim_f32_rcp(0x7f800000u)), 0.0f);
   CHECK_EQF("rcp 4", sim_f32(sim_f32_rcp(sim_u32(4.0f))), 0.25f);
   CHECK_EQF("rsq 4", sim_f32(sim_f32_rsq(sim_u32(4.0f))), 0.5f);
   CHECK_EQF("rsq -0", sim_f32(sim_f32_rsq(0x80000000u)), -INFINITY);
   CHECK(isnan(sim_f32(sim_f32_rsq(sim_u32(-1.0f)))), "rsq -1 is nan");
   CHECK_EQF("sqrt 2", sim_f32(sim_f32_sqrt(sim_u32(2.0f))), 0x1.6a09e6p0f);
   CHECK_EQF("exp 10", sim_f32(sim_f32_exp(sim_u32(10.0f))), 1024.0f);
   CHECK_EQF("exp -inf", sim_f32(sim_f32_exp(0xff800000u)), 0.0f);
   CHECK_EQF("log 1/8", sim_f32(sim_f32_log(sim_u32(0.125f))), -3.0f);
   CHECK_EQF("log 0", sim_f32(sim_f32_log(0)), -INFINITY);
   CHECK(isnan(sim_f32(sim_f32_log(sim_u32(-2.0f)))), "log -2 is nan");
   /* sin/cos take revolutions: sin(2*pi*0.25) = 1, cos(2*pi*0.5) = -1. */
   CHECK_EQF("sin 0.25", sim_f32(sim_f32_sin(sim_u32(0.25f))), 1.0f);
   CHECK_EQF("sin 10.25", sim_f32(sim_f32_sin(sim_u32(10.25f))), 1.0f);
   CHECK_EQF("cos 0.5", sim_f32(sim_f32_cos(sim_u32(0.5f))), -1.0f);
   CHECK_EQF("cos 0", sim_f32(sim_f32_cos(0)), 1.0f);
   CHECK(fabsf(sim_f32(sim_f32_sin(sim_u32(1.0f / 12.0f))) - 0.5f) < 1e-6f, "sin 30 degrees");
   CHECK(isnan(sim_f32(sim_f32_sin(0x7f800000u))), "sin inf is nan");
   CHECK_EQ64("sqrt f64", sim_f64_sqrt(sim_u64(2.0)), sim_u64(0x1.6a09e667f3bcdp0));
   CHECK_EQ64("rcp f64", sim_f64_rcp(sim_u64(-8.0)), sim_u64(-0.125));
}

static void
test_classes(void)
{
   CHECK_EQ32("snan", sim_f32_class(0x7f800001u), SIM_CLASS_SNAN);
   CHECK_EQ32("qnan", sim_f32_class(0xffc00000u), SIM_CLASS_QNAN);
   CHECK_EQ32("-inf", sim_f32_class(0xff800000u), SIM_CLASS_NINF);
   CHECK_EQ32("-norm", sim_f32_class(sim_u32(-1.0f)), SIM_CLASS_NNORM);
   CHECK_EQ32("-denorm", sim_f32_class(0x80000001u), SIM_CLASS_NDENORM);
   CHECK_EQ32("-0", sim_f32_class(0x80000000u), SIM_CLASS_NZERO);
   CHECK_EQ32("+0", sim_f32_class(0), SIM_CLASS_PZERO);
   CHECK_EQ32("+denorm", sim_f32_class(0x00000001u), SIM_CLASS_PDENORM);
   CHECK_EQ32("+norm", sim_f32_class(0x00800000u), SIM_CLASS_PNORM);
   CHECK_EQ32("+inf", sim_f32_class(0x7f800000u), SIM_CLASS_PINF);
   CHECK_EQ32("f64 denorm", sim_f64_class(1), SIM_CLASS_PDENORM);
   CHECK_EQ32("f16 -inf", sim_f16_class(0xfc00), SIM_CLASS_NINF);
   CHECK_EQ32("f16 denorm", sim_f16_class(0x8001), SIM_CLASS_NDENORM);
}

static void
test_output_modifiers(void)
{
   CHECK_EQF("omod *2", sim_f32(sim_f32_omod_clamp(sim_u32(1.5f), 1, false, true)), 3.0f);
   CHECK_EQF("omod *4 clamp", sim_f32(sim_f32_omod_clamp(sim_u32(0.5f), 2, true, true)), 1.0f);
   CHECK_EQF("omod /2", sim_f32(sim_f32_omod_clamp(sim_u32(-3.0f), 3, false, true)), -1.5f);
   CHECK_EQF("clamp neg", sim_f32(sim_f32_omod_clamp(sim_u32(-3.0f), 0, true, true)), 0.0f);
   CHECK_EQ32("clamp nan dx10", sim_f32_omod_clamp(0x7fc00000u, 0, true, true), 0);
   CHECK_EQ32("clamp f16", sim_f16_omod_clamp(0x4000, 0, true, true), 0x3c00);
}

static void
test_trig_preop(void)
{
   /* Segment 0 is 2/pi truncated to 53 bits; the sum of the first
    * segments is 2/pi as far as double can tell. */
   double s0 = sim_f64(sim_f64_trig_preop(sim_u64(1.0), 0));
   double s1 = sim_f64(sim_f64_trig_preop(sim_u64(1.0), 1));
   CHECK_EQ64("trig_preop 0", sim_u64(s0), sim_u64(0x1.45f306dc9c882p-1));
   CHECK(s1 > 0 && s1 < 0x1p-53, "trig_preop 1 is the next 53 bits: %a", s1);
   CHECK_EQ64("trig_preop sum", sim_u64(s0 + s1), sim_u64(2.0 / M_PI));
}

int
main(void)
{
   test_round_modes();
   test_denorms();
   test_f16();
   test_fma_mad();
   test_minmax();
   test_division();
   test_conversions();
   test_transcendental();
   test_classes();
   test_output_modifiers();
   test_trig_preop();
   return kiln_test_summary();
}
