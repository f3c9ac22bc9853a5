/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * VOP1/VOP2/VOP3/VOP3P instructions, run on the engine from programs that
 * llvm-mc assembled (test_valu_vop.s), every lane compared with a value
 * computed here from the ISA's definition: host IEEE-754 float/double
 * arithmetic, GCC's _Float16 for half precision, and plain integer C.
 */
#include <math.h>
#include <stdlib.h>

#include "valu_test.h"
#include "test_valu_vop.h"

#define LANES 32

static void
check_f32(struct sim_test *t, const char *what, unsigned lane, uint32_t got, float exp)
{
   if (isnan(exp))
      CHECK(isnan(sim_f32(got)), "%s lane %u: got %a, expected nan", what, lane, sim_f32(got));
   else
      CHECK(got == sim_u32(exp), "%s lane %u: got %a (0x%08x), expected %a (0x%08x)", what, lane,
            sim_f32(got), got, exp, sim_u32(exp));
}

/* Within n units in the last place (the ISA's transcendental accuracy). */
static void
check_ulp(struct sim_test *t, const char *what, unsigned lane, uint32_t got, float exp, int n)
{
   int64_t d = (int64_t)(int32_t)got - (int64_t)(int32_t)sim_u32(exp);
   CHECK(llabs(d) <= n, "%s lane %u: got %a, expected %a within %d ulp", what, lane, sim_f32(got),
         exp, n);
}

static float
minnum(float a, float b)
{
   if (isnan(a))
      return b;
   if (isnan(b))
      return a;
   return a < b ? a : b;
}

static float
maxnum(float a, float b)
{
   if (isnan(a))
      return b;
   if (isnan(b))
      return a;
   return a > b ? a : b;
}

static void
test_f32(struct sim_test *t)
{
   uint32_t a[LANES], b[LANES], c[LANES], d[LANES];
   for (unsigned l = 0; l < LANES; l++) {
      a[l] = sim_u32(((int)l - 12) * 1.37f);
      b[l] = sim_u32(3.5f - l * 0.61f);
      c[l] = sim_u32(l * 0.03125f - 0.4f);
      d[l] = 0;
   }
   a[5] = sim_u32(NAN);
   b[6] = sim_u32(INFINITY);
   a[7] = sim_u32(1e-40f); /* denormal, kept in this mode */
   b[8] = sim_u32(1e-39f);
   uint32_t *out = vt_inputs(t, LANES, a, b, c, d);
   struct kiln_sim_dispatch disp = vt_dispatch(LANES, 32);
   if (!ST_RUN_OK(t, prog_f32, &disp))
      return;

   for (unsigned l = 0; l < LANES; l++) {
      float x = sim_f32(a[l]), y = sim_f32(b[l]), z = sim_f32(c[l]);
      float mul = x * y;
      float clamped = isnan(mul) ? 0.0f : mul < 0.0f ? 0.0f : mul > 1.0f ? 1.0f : mul;
      check_f32(t, "v_add_f32", l, SLOT(out, 0, l), x + y);
      check_f32(t, "v_sub_f32", l, SLOT(out, 1, l), x - y);
      check_f32(t, "v_subrev_f32", l, SLOT(out, 2, l), y - x);
      check_f32(t, "v_mul_f32", l, SLOT(out, 3, l), x * y);
      check_f32(t, "v_fma_f32", l, SLOT(out, 4, l), fmaf(x, y, z));
      check_f32(t, "v_fmac_f32", l, SLOT(out, 5, l), fmaf(x, y, z));
      check_f32(t, "v_fmamk_f32", l, SLOT(out, 6, l), fmaf(x, 3.0f, y));
      check_f32(t, "v_fmaak_f32", l, SLOT(out, 7, l), fmaf(x, y, -5.0f));
      check_f32(t, "neg/abs modifiers", l, SLOT(out, 8, l), -x + fabsf(y));
      check_f32(t, "clamp", l, SLOT(out, 9, l), clamped);
      check_f32(t, "omod mul:2", l, SLOT(out, 10, l), (x + y) * 2.0f);
      check_f32(t, "omod div:2", l, SLOT(out, 11, l), (x + y) * 0.5f);
      check_f32(t, "v_min_f32", l, SLOT(out, 12, l), minnum(x, y));
      check_f32(t, "v_max_f32", l, SLOT(out, 13, l), maxnum(x, y));
      check_f32(t, "inline 0.5", l, SLOT(out, 14, l), 0.5f + x);
      check_f32(t, "inline -4.0", l, SLOT(out, 15, l), -4.0f + x);
      check_f32(t, "inline 1/(2pi)", l, SLOT(out, 16, l), sim_f32(0x3e22f983u) * x);
      if (!isnan(x) && !isinf(y)) {
         float lo = fminf(fminf(x, y), z), hi = fmaxf(fmaxf(x, y), z);
         float med = x + y + z - lo - hi;
         /* med computed by sorting: pick the one that is neither. */
         med = (x != lo && x != hi) ? x : (y != lo && y != hi) ? y : (z != lo && z != hi) ? z : lo;
         check_f32(t, "v_med3_f32", l, SLOT(out, 17, l), med);
         check_f32(t, "v_max3_f32", l, SLOT(out, 18, l), hi);
      }
      check_f32(t, "literal", l, SLOT(out, 19, l), 123.0f - x);
      check_f32(t, "v_ldexp_f32", l, SLOT(out, 20, l), ldexpf(x, -3));
      CHECK_EQ32("v_cndmask_b32", SLOT(out, 21, l), (0x5555aaaau >> l) & 1 ? b[l] : a[l]);
   }
}

static void
test_transc(struct sim_test *t)
{
   uint32_t a[LANES], b[LANES], c[LANES], d[LANES];
   for (unsigned l = 0; l < LANES; l++) {
      a[l] = sim_u32(0.37f + l * 1.9f);
      b[l] = sim_u32(((int)l - 16) * 0.3183f);
      c[l] = d[l] = 0;
   }
   uint32_t *out = vt_inputs(t, LANES, a, b, c, d);
   struct kiln_sim_dispatch disp = vt_dispatch(LANES, 32);
   if (!ST_RUN_OK(t, prog_transc, &disp))
      return;
   for (unsigned l = 0; l < LANES; l++) {
      float x = sim_f32(a[l]), y = sim_f32(b[l]);
      int e;
      check_ulp(t, "v_rcp_f32", l, SLOT(out, 0, l), 1.0f / x, 1);
      check_ulp(t, "v_sqrt_f32", l, SLOT(out, 1, l), sqrtf(x), 1);
      check_ulp(t, "v_rsq_f32", l, SLOT(out, 2, l), (float)(1.0 / sqrt(x)), 1);
      check_ulp(t, "v_exp_f32", l, SLOT(out, 3, l), (float)exp2(y), 1);
      check_ulp(t, "v_log_f32", l, SLOT(out, 4, l), (float)log2(x), 2);
      CHECK(fabsf(sim_f32(SLOT(out, 5, l)) - (float)sin(2 * M_PI * y)) < 2e-6f,
            "v_sin_f32 lane %u: %a", l, sim_f32(SLOT(out, 5, l)));
      CHECK(fabsf(sim_f32(SLOT(out, 6, l)) - (float)cos(2 * M_PI * y)) < 2e-6f,
            "v_cos_f32 lane %u: %a", l, sim_f32(SLOT(out, 6, l)));
      check_f32(t, "v_fract_f32", l, SLOT(out, 7, l), y - floorf(y));
      check_f32(t, "v_floor_f32", l, SLOT(out, 8, l), floorf(y));
      check_f32(t, "v_ceil_f32", l, SLOT(out, 9, l), ceilf(y));
      check_f32(t, "v_trunc_f32", l, SLOT(out, 10, l), truncf(y));
      check_f32(t, "v_rndne_f32", l, SLOT(out, 11, l), rintf(y));
      check_f32(t, "v_frexp_mant_f32", l, SLOT(out, 12, l), frexpf(y, &e));
      CHECK_EQ32("v_frexp_exp_i32_f32", SLOT(out, 13, l), (uint32_t)e);
   }
}

static int32_t
clamp_i32(double v)
{
   if (isnan(v))
      return 0;
   return v >= 2147483647.0 ? INT32_MAX : v <= -2147483648.0 ? INT32_MIN : (int32_t)v;
}

static uint32_t
clamp_u32(double v)
{
   if (isnan(v) || v <= 0)
      return 0;
   return v >= 4294967295.0 ? UINT32_MAX : (uint32_t)v;
}

/* f32 -> f16 rounding toward zero: the nearest-even result, stepped one
 * encoding toward zero when it is larger in magnitude. */
static uint16_t
f16_rtz(float x)
{
   uint16_t h = vt_half_bits((_Float16)x);
   if (isnan(x))
      return h;
   if (fabsf((float)vt_half(h)) > fabsf(x))
      h--;
   return h;
}

static void
test_cvt(struct sim_test *t)
{
   uint32_t a[LANES], b[LANES], c[LANES], d[LANES];
   for (unsigned l = 0; l < LANES; l++) {
      a[l] = sim_u32(l * 1000.3f - 7000.0f);
      b[l] = sim_u32(((int)l - 16) * 2.7e7f + 0.5f * l);
      c[l] = l * 0x9e3779b9u;
      d[l] = 0x3c00u + l * 0x123u;
   }
   b[3] = sim_u32(3e9f);
   b[4] = sim_u32(-3e9f);
   b[5] = sim_u32(NAN);
   b[6] = sim_u32(-2.5f);
   b[7] = sim_u32(2.5f);
   a[8] = sim_u32(1e6f); /* overflows half: RTZ gives the largest finite */
   uint32_t *out = vt_inputs(t, LANES, a, b, c, d);
   struct kiln_sim_dispatch disp = vt_dispatch(LANES, 32);
   if (!ST_RUN_OK(t, prog_cvt, &disp))
      return;
   for (unsigned l = 0; l < LANES; l++) {
      float x = sim_f32(a[l]), y = sim_f32(b[l]);
      check_f32(t, "v_cvt_f32_i32", l, SLOT(out, 0, l), (float)(int32_t)c[l]);
      check_f32(t, "v_cvt_f32_u32", l, SLOT(out, 1, l), (float)c[l]);
      CHECK_EQ32("v_cvt_i32_f32", SLOT(out, 2, l), clamp_i32(y));
      CHECK_EQ32("v_cvt_u32_f32", SLOT(out, 3, l), clamp_u32(y));
      uint32_t h = vt_half_bits((_Float16)y);
      if (isnan(y))
         CHECK((SLOT(out, 4, l) & 0x7e00) == 0x7e00, "v_cvt_f16_f32 nan lane %u", l);
      else
         CHECK_EQ32("v_cvt_f16_f32 (high half kept)", SLOT(out, 4, l),
                    (SLOT(out, 3, l) & 0xffff0000u) | h);
      check_f32(t, "v_cvt_f32_f16", l, SLOT(out, 5, l), (float)vt_half((uint16_t)d[l]));
      if (!isnan(y))
         CHECK_EQ32("v_cvt_pkrtz_f16_f32", SLOT(out, 6, l),
                    f16_rtz(x) | ((uint32_t)f16_rtz(y) << 16));
      check_f32(t, "v_cvt_f32_ubyte2", l, SLOT(out, 7, l), (float)((c[l] >> 16) & 0xff));
      CHECK_EQ32("v_cvt_flr_i32_f32", SLOT(out, 8, l), clamp_i32(floor(y)));
      CHECK_EQ32("v_cvt_rpi_i32_f32", SLOT(out, 9, l), clamp_i32(floor((double)y + 0.5)));
      uint64_t dd = sim_u64((double)y);
      if (!isnan(y)) {
         CHECK_EQ32("v_cvt_f64_f32 lo", SLOT(out, 10, l), (uint32_t)dd);
         CHECK_EQ32("v_cvt_f64_f32 hi", SLOT(out, 11, l), (uint32_t)(dd >> 32));
      }
      CHECK_EQ32("v_cvt_i32_f64", SLOT(out, 12, l), clamp_i32(y));
   }
}

static uint32_t
ref_perm(uint32_t s0, uint32_t s1, uint32_t sel)
{
   uint8_t bytes[8];
   for (unsigned i = 0; i < 4; i++) {
      bytes[i] = s1 >> (8 * i);
      bytes[4 + i] = s0 >> (8 * i);
   }
   uint32_t r = 0;
   for (unsigned i = 0; i < 4; i++) {
      unsigned s = (sel >> (8 * i)) & 0xff;
      uint8_t v;
      if (s < 8)
         v = bytes[s];
      else if (s < 12)
         v = (bytes[2 * (s - 8) + 1] & 0x80) ? 0xff : 0; /* sign of bytes 1, 3, 5, 7 */
      else if (s == 12)
         v = 0;
      else
         v = 0xff;
      r |= (uint32_t)v << (8 * i);
   }
   return r;
}

static void
test_int(struct sim_test *t)
{
   uint32_t a[LANES], b[LANES], c[LANES], d[LANES];
   for (unsigned l = 0; l < LANES; l++) {
      a[l] = l * 0x9e3779b9u + 0x1234u;
      b[l] = ~l * 0x85ebca6bu;
      c[l] = l * 0x27d4eb2fu;
      d[l] = l;
   }
   a[3] = 0xffffffffu; /* carries */
   b[3] = 1;
   uint32_t *out = vt_inputs(t, LANES, a, b, c, d);
   struct kiln_sim_dispatch disp = vt_dispatch(LANES, 32);
   if (!ST_RUN_OK(t, prog_int, &disp))
      return;
   for (unsigned l = 0; l < LANES; l++) {
      uint64_t x64 = ((uint64_t)c[l] << 32) | a[l], y64 = ((uint64_t)d[l] << 32) | b[l];
      uint64_t sum = x64 + y64, diff = x64 - y64;
      uint64_t ab = ((uint64_t)b[l] << 32) | a[l], cd = ((uint64_t)d[l] << 32) | c[l];
      uint32_t bits = 0;
      for (unsigned i = 0; i < 32; i++)
         bits |= ((a[l] >> i) & 1) << (31 - i);
      int32_t s0 = a[l], s1 = b[l], s2 = c[l];
      int32_t med =
         s0 > s1 ? (s1 > s2 ? s1 : (s0 > s2 ? s2 : s0)) : (s0 > s2 ? s0 : (s1 > s2 ? s2 : s1));

      CHECK_EQ32("v_add_co_u32 (64-bit lo)", SLOT(out, 0, l), (uint32_t)sum);
      CHECK_EQ32("v_add_co_ci_u32 (64-bit hi)", SLOT(out, 1, l), (uint32_t)(sum >> 32));
      CHECK_EQ32("v_sub_co_u32 (64-bit lo)", SLOT(out, 2, l), (uint32_t)diff);
      CHECK_EQ32("v_sub_co_ci_u32 (64-bit hi)", SLOT(out, 3, l), (uint32_t)(diff >> 32));
      CHECK_EQ32("v_mul_lo_u32", SLOT(out, 4, l), a[l] * b[l]);
      CHECK_EQ32("v_mul_hi_u32", SLOT(out, 5, l), ((uint64_t)a[l] * b[l]) >> 32);
      CHECK_EQ32("v_mul_hi_i32", SLOT(out, 6, l), ((int64_t)s0 * s1) >> 32);
      CHECK_EQ32("v_mul_u32_u24", SLOT(out, 7, l), (a[l] & 0xffffff) * (b[l] & 0xffffff));
      CHECK_EQ32("v_mul_i32_i24", SLOT(out, 8, l),
                 (uint32_t)(((int32_t)(a[l] << 8) >> 8) * ((int32_t)(b[l] << 8) >> 8)));
      CHECK_EQ32("v_bfe_u32", SLOT(out, 9, l), (a[l] >> 5) & 0x7ff);
      CHECK_EQ32("v_bfe_i32", SLOT(out, 10, l), (uint32_t)(int32_t)(int8_t)(a[l] >> 8));
      CHECK_EQ32("v_bfi_b32", SLOT(out, 11, l), (c[l] & a[l]) | (~c[l] & b[l]));
      CHECK_EQ32("v_alignbit_b32", SLOT(out, 12, l),
                 (uint32_t)((((uint64_t)a[l] << 32) | b[l]) >> (d[l] & 31)));
      CHECK_EQ32("v_perm_b32", SLOT(out, 13, l), ref_perm(a[l], b[l], 0x0c090207));
      CHECK_EQ32("v_lshlrev_b64 lo", SLOT(out, 14, l), (uint32_t)(ab << d[l]));
      CHECK_EQ32("v_lshlrev_b64 hi", SLOT(out, 15, l), (uint32_t)((ab << d[l]) >> 32));
      CHECK_EQ32("v_ashrrev_i64 lo", SLOT(out, 16, l), (uint32_t)((int64_t)ab >> d[l]));
      CHECK_EQ32("v_ashrrev_i64 hi", SLOT(out, 17, l), (uint32_t)(((int64_t)ab >> d[l]) >> 32));
      uint64_t mad = (uint64_t)a[l] * b[l] + cd;
      CHECK_EQ32("v_mad_u64_u32 lo", SLOT(out, 18, l), (uint32_t)mad);
      CHECK_EQ32("v_mad_u64_u32 hi", SLOT(out, 19, l), (uint32_t)(mad >> 32));
      CHECK_EQ32("v_bcnt_u32_b32", SLOT(out, 20, l), __builtin_popcount(a[l]) + 3);
      CHECK_EQ32("v_ffbh_u32", SLOT(out, 21, l), __builtin_clz(a[l]));
      CHECK_EQ32("v_ffbl_b32", SLOT(out, 22, l), __builtin_ctz(a[l]));
      CHECK_EQ32("v_bfrev_b32", SLOT(out, 23, l), bits);
      uint64_t s = (uint64_t)a[l] + b[l];
      CHECK_EQ32("v_add_nc_u32 clamp", SLOT(out, 24, l), s > UINT32_MAX ? UINT32_MAX : s);
      CHECK_EQ32("v_sub_nc_u32", SLOT(out, 25, l), a[l] - b[l]);
      CHECK_EQ32("inline 64", SLOT(out, 26, l), l + 64);
      CHECK_EQ32("inline -16", SLOT(out, 27, l), l - 16);
      CHECK_EQ32("literal", SLOT(out, 28, l), l + 0x12345);
      CHECK_EQ32("v_lshl_add_u32", SLOT(out, 29, l), (a[l] << 3) + b[l]);
      CHECK_EQ32("v_med3_i32", SLOT(out, 30, l), (uint32_t)med);
      CHECK_EQ32("v_max_u32", SLOT(out, 31, l), a[l] > b[l] ? a[l] : b[l]);
      CHECK_EQ32("v_ashrrev_i32", SLOT(out, 32, l), (uint32_t)(s0 >> 4));
      CHECK_EQ32("v_mbcnt_lo_u32_b32", SLOT(out, 33, l),
                 __builtin_popcount(a[l] & ((1u << l) - 1)));
   }
}

static void
test_f64(struct sim_test *t)
{
   uint32_t a[LANES], b[LANES], c[LANES], d[LANES];
   double x[LANES], y[LANES];
   for (unsigned l = 0; l < LANES; l++) {
      x[l] = ((int)l - 7) * 1.25 + 0.1;
      y[l] = 2.5 - l * 0.3;
      a[l] = (uint32_t)sim_u64(x[l]);
      b[l] = (uint32_t)(sim_u64(x[l]) >> 32);
      c[l] = (uint32_t)sim_u64(y[l]);
      d[l] = (uint32_t)(sim_u64(y[l]) >> 32);
   }
   uint32_t *out = vt_inputs(t, LANES, a, b, c, d);
   struct kiln_sim_dispatch disp = vt_dispatch(LANES, 32);
   if (!ST_RUN_OK(t, prog_f64, &disp))
      return;
   for (unsigned l = 0; l < LANES; l++) {
      double r[6] = { x[l] + y[l], x[l] * y[l], fma(x[l], y[l], x[l]),
                      -x[l] + 1.0, 1.0 / y[l],  fmax(x[l], y[l]) };
      static const char *names[6] = { "v_add_f64", "v_mul_f64",
                                      "v_fma_f64", "v_add_f64 neg, inline 1.0",
                                      "v_rcp_f64", "v_max_f64" };
      for (unsigned i = 0; i < 6; i++) {
         uint64_t got = ((uint64_t)SLOT(out, 2 * i + 1, l) << 32) | SLOT(out, 2 * i, l);
         CHECK_EQ64(names[i], got, sim_u64(r[i]));
      }
      check_f32(t, "v_cvt_f32_f64", l, SLOT(out, 12, l), (float)x[l]);
   }
}

static uint32_t
pk(_Float16 lo, _Float16 hi)
{
   return vt_half_bits(lo) | ((uint32_t)vt_half_bits(hi) << 16);
}

static _Float16
lo16(uint32_t v)
{
   return vt_half((uint16_t)v);
}

static _Float16
hi16(uint32_t v)
{
   return vt_half((uint16_t)(v >> 16));
}

/* Half fma: the product and sum are exact in double, then one rounding. */
static _Float16
fma16(_Float16 a, _Float16 b, _Float16 c)
{
   return (_Float16)((double)a * (double)b + (double)c);
}

static void
test_f16(struct sim_test *t)
{
   uint32_t a[LANES], b[LANES], c[LANES], d[LANES];
   for (unsigned l = 0; l < LANES; l++) {
      a[l] = pk((_Float16)(l * 0.5 - 3), (_Float16)(1.5 + l * 0.125));
      b[l] = pk((_Float16)(2.25 - l * 0.25), (_Float16)(l * 0.75));
      c[l] = pk((_Float16)(0.1 * l), (_Float16)(-(double)l));
      d[l] = l * 1000 + 7;
   }
   uint32_t *out = vt_inputs(t, LANES, a, b, c, d);
   struct kiln_sim_dispatch disp = vt_dispatch(LANES, 32);
   if (!ST_RUN_OK(t, prog_f16, &disp))
      return;
   for (unsigned l = 0; l < LANES; l++) {
      uint32_t A = a[l], B = b[l], C = c[l];
      uint32_t e;
      e = pk(lo16(A) + lo16(B), hi16(A));
      CHECK_EQ32("v_add_f16 (high half kept)", SLOT(out, 0, l), e);
      e = pk(lo16(A), fma16(hi16(A), hi16(B), lo16(C)));
      CHECK_EQ32("v_fma_f16 op_sel", SLOT(out, 1, l), e);
      e = pk(lo16(A) * lo16(B), hi16(e));
      CHECK_EQ32("v_mul_f16", SLOT(out, 2, l), e);
      e = pk(fma16(lo16(A), lo16(B), lo16(C)), hi16(e));
      CHECK_EQ32("v_fma_f16", SLOT(out, 3, l), e);
      CHECK_EQ32("v_pk_add_f16", SLOT(out, 4, l), pk(lo16(A) + lo16(B), hi16(A) + hi16(B)));
      CHECK_EQ32("v_pk_mul_f16 op_sel", SLOT(out, 5, l), pk(hi16(A) * lo16(B), lo16(A) * hi16(B)));
      CHECK_EQ32("v_pk_fma_f16 neg_lo", SLOT(out, 6, l),
                 pk(fma16(-lo16(A), lo16(B), lo16(C)), fma16(hi16(A), hi16(B), hi16(C))));
      check_f32(t, "v_fma_mix_f32", l, SLOT(out, 7, l),
                fmaf((float)lo16(A), (float)lo16(B), sim_f32(C)));
      e = (SLOT(out, 7, l) & 0xffff0000u) | ((A + B) & 0xffff);
      CHECK_EQ32("v_add_nc_u16", SLOT(out, 8, l), e);
      CHECK_EQ32("v_pk_add_u16", SLOT(out, 9, l),
                 ((A + B) & 0xffff) | (((A >> 16) + (B >> 16)) << 16));
      e = ((A << 3) & 0xffff) | ((((A >> 16) << 3) & 0xffff) << 16);
      CHECK_EQ32("v_pk_lshlrev_b16", SLOT(out, 10, l), e);
      e = (e & 0xffff0000u) | vt_half_bits((_Float16)(double)(uint16_t)d[l]);
      CHECK_EQ32("v_cvt_f16_u16", SLOT(out, 11, l), e);
      _Float16 mx = lo16(A) > lo16(B) ? lo16(A) : lo16(B);
      CHECK_EQ32("v_max_f16", SLOT(out, 12, l), (e & 0xffff0000u) | vt_half_bits(mx));
   }
}

static void
test_fdiv(struct sim_test *t)
{
   uint32_t a[LANES], b[LANES], c[LANES], d[LANES];
   static const float special[][2] = {
      { 1.0f, 3.0f },       { 1.0f, 0.0f },      { 0.0f, 0.0f },     { INFINITY, 2.0f },
      { 1e30f, 1e-10f },    { 0x1p-140f, 3.0f }, { 1.0f, 0x1p127f }, { 0x1p127f, 0x1p-20f },
      { -7.0f, 0x1p-140f }, { 5.0f, -INFINITY }, { NAN, 1.0f },      { 0x1.fffffep127f, 0.5f },
   };
   for (unsigned l = 0; l < LANES; l++) {
      a[l] = sim_u32(((int)l - 13) * 3.3f + 0.01f);
      b[l] = sim_u32(0.7f + l * 0.9f);
      if (l < sizeof(special) / sizeof(special[0])) {
         a[l] = sim_u32(special[l][0]);
         b[l] = sim_u32(special[l][1]);
      }
      c[l] = d[l] = 0;
   }
   uint32_t *out = vt_inputs(t, LANES, a, b, c, d);
   struct kiln_sim_dispatch disp = vt_dispatch(LANES, 32);
   if (!ST_RUN_OK(t, prog_fdiv, &disp))
      return;
   for (unsigned l = 0; l < LANES; l++)
      check_f32(t, "f32 division sequence", l, SLOT(out, 0, l), sim_f32(a[l]) / sim_f32(b[l]));
}

int
main(void)
{
   struct sim_test t;
   st_init(&t);
   test_f32(&t);
   test_transc(&t);
   test_cvt(&t);
   test_int(&t);
   test_f64(&t);
   test_f16(&t);
   test_fdiv(&t);
   return st_finish(&t);
}
