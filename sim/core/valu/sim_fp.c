/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The parts of the gfx1030 floating-point semantics that are more than one
 * host operation: fp16 rounding in software, min/max/med3 NaN rules, the
 * non-fused v_mad, the legacy DX9 multiply, the division helper
 * instructions (div_scale, div_fmas, div_fixup) exactly as the ISA
 * pseudocode states them, transcendentals, and clamping conversions.
 * See sim_fp.h for the environment these run in.
 */
#include "sim_fp.h"

#include <float.h>
#include <limits.h>

/* ---------------------------------------------------------------------- */
/* fp16 */

float
sim_f16_to_f32(uint16_t h)
{
   uint32_t sign = (uint32_t)(h & 0x8000u) << 16;
   uint32_t exp = (h >> 10) & 0x1f;
   uint32_t mant = h & 0x3ffu;

   if (exp == 0x1f)
      return sim_f32(sign | 0x7f800000u | (mant << 13));
   if (exp == 0) {
      /* Zero or denormal: mant * 2^-24, exact in float. */
      float f = (float)mant * 0x1p-24f;
      return sign ? -f : f;
   }
   return sim_f32(sign | ((exp + 112) << 23) | (mant << 13));
}

uint16_t
sim_f16_from_f64(double x, unsigned round, bool flush_out)
{
   uint64_t b = sim_u64(x);
   uint16_t sign = (uint16_t)((b >> 63) << 15);
   int exp = (int)((b >> 52) & 0x7ff);
   uint64_t mant = b & 0xfffffffffffffull;

   if (exp == 0x7ff) {
      if (mant)
         return sign | 0x7e00u | (uint16_t)(mant >> 42);
      return sign | 0x7c00u;
   }
   if (exp == 0 && mant == 0)
      return sign;

   /* value = sig * 2^(e - 52) with sig holding the implicit bit; double
    * denormals are far below half's range and only matter as "tiny". */
   uint64_t sig = exp ? (mant | (1ull << 52)) : mant;
   int e = exp ? exp - 1023 : -1022;
   bool denorm = e < -14;
   unsigned shift = 42 + (denorm ? (unsigned)(-14 - e) : 0);

   uint64_t q, rem, half;
   if (shift >= 64) {
      q = 0;
      rem = sig;
      half = ~0ull; /* rem is always below half an ulp here */
   } else {
      q = sig >> shift;
      rem = sig & ((1ull << shift) - 1);
      half = 1ull << (shift - 1);
   }

   bool inc = false;
   switch (round & 3) {
   case SIM_ROUND_NE:
      inc = rem > half || (rem == half && (q & 1));
      if (shift >= 64)
         inc = false;
      break;
   case SIM_ROUND_PINF:
      inc = rem != 0 && !sign;
      break;
   case SIM_ROUND_NINF:
      inc = rem != 0 && sign;
      break;
   default:
      break;
   }
   q += inc;

   if (denorm) {
      /* q == 0x400 is the smallest normal, which the encoding below
       * produces by itself. */
      if (flush_out && q < 0x400)
         return sign;
      return sign | (uint16_t)q;
   }
   if (q == 0x800) {
      q = 0x400;
      e++;
   }
   if (e > 15) {
      bool to_inf = (round & 3) == SIM_ROUND_NE || ((round & 3) == SIM_ROUND_PINF && !sign) ||
                    ((round & 3) == SIM_ROUND_NINF && sign);
      return sign | (to_inf ? 0x7c00u : 0x7bffu);
   }
   return sign | (uint16_t)((e + 15) << 10) | (uint16_t)(q & 0x3ff);
}

double
sim_fma_round_odd(double a, double b, double c)
{
   struct sim_fp_env env;
   sim_fp_env_enter(&env, SIM_ROUND_NE, SIM_DENORM_ALL);

   /* The callers pass operands of at most 26 significant bits, so the
    * product is exact; TwoSum gives the exact error of the sum. */
   double p = a * b;
   double s = p + c;
   double r = s;
   if (isfinite(s) && s != 0.0) {
      double bb = s - p;
      double err = (p - (s - bb)) + (c - bb);
      if (err != 0.0) {
         uint64_t u = sim_u64(s);
         if ((err < 0) != (s < 0))
            u -= 1; /* truncate: one ulp toward zero */
         r = sim_f64(u | 1);
      }
   }
   sim_fp_env_leave(&env);
   return r;
}

uint16_t
sim_f16_add(uint16_t a, uint16_t b, unsigned round, bool flush)
{
   /* Two halves add exactly in double (at most 40 significant bits). */
   double r = (double)sim_f16_to_f32(a) + (double)sim_f16_to_f32(b);
   return sim_f16_from_f64(r, round, flush);
}

uint16_t
sim_f16_mul(uint16_t a, uint16_t b, unsigned round, bool flush)
{
   double r = (double)sim_f16_to_f32(a) * (double)sim_f16_to_f32(b);
   return sim_f16_from_f64(r, round, flush);
}

uint16_t
sim_f16_fma(uint16_t a, uint16_t b, uint16_t c, unsigned round, bool flush)
{
   double r = sim_fma_round_odd(sim_f16_to_f32(a), sim_f16_to_f32(b), sim_f16_to_f32(c));
   return sim_f16_from_f64(r, round, flush);
}

uint16_t
sim_f16_mad(uint16_t a, uint16_t b, uint16_t c, unsigned round, bool flush)
{
   uint16_t p = sim_f16_mul(a, b, round, flush);
   return sim_f16_add(p, c, round, flush);
}

/* ---------------------------------------------------------------------- */
/* min / max / med3 */

#define DEFINE_MINMAX(T, name, is_nan, quiet, sbit, qbit, lt)                                      \
   /* With a NaN operand min and max agree: in IEEE mode a signalling NaN                          \
    * wins (quieted), two NaNs give the first, and one NaN the other operand. */                   \
   static T name##_nan_operand(T a, T b, bool ieee)                                                \
   {                                                                                               \
      if (ieee && is_nan(a) && !(a & qbit))                                                        \
         return quiet(a);                                                                          \
      if (ieee && is_nan(b) && !(b & qbit))                                                        \
         return quiet(b);                                                                          \
      if (is_nan(a) && is_nan(b))                                                                  \
         return quiet(a);                                                                          \
      return is_nan(a) ? b : a;                                                                    \
   }                                                                                               \
   T name##_min(T a, T b, bool ieee)                                                               \
   {                                                                                               \
      if (is_nan(a) || is_nan(b))                                                                  \
         return name##_nan_operand(a, b, ieee);                                                    \
      if (lt(a, b))                                                                                \
         return a;                                                                                 \
      if (lt(b, a))                                                                                \
         return b;                                                                                 \
      return (a & sbit) ? a : b;                                                                   \
   }                                                                                               \
   T name##_max(T a, T b, bool ieee)                                                               \
   {                                                                                               \
      if (is_nan(a) || is_nan(b))                                                                  \
         return name##_nan_operand(a, b, ieee);                                                    \
      if (lt(a, b))                                                                                \
         return b;                                                                                 \
      if (lt(b, a))                                                                                \
         return a;                                                                                 \
      return (a & sbit) ? b : a;                                                                   \
   }

#define LT32(a, b) (sim_f32(a) < sim_f32(b))
#define LT64(a, b) (sim_f64(a) < sim_f64(b))
#define LT16(a, b) (sim_f16_to_f32(a) < sim_f16_to_f32(b))

DEFINE_MINMAX(uint32_t, sim_f32, sim_f32_is_nan, sim_f32_quiet, 0x80000000u, 0x00400000u, LT32)
DEFINE_MINMAX(uint64_t, sim_f64, sim_f64_is_nan, sim_f64_quiet, 0x8000000000000000ull,
              0x0008000000000000ull, LT64)
DEFINE_MINMAX(uint16_t, sim_f16, sim_f16_is_nan, sim_f16_quiet, 0x8000u, 0x0200u, LT16)

/* V_MED3: with any NaN operand the result is min3; otherwise the maximum
 * of the two operands that are not the overall maximum. */
uint32_t
sim_f32_med3(uint32_t a, uint32_t b, uint32_t c, bool ieee)
{
   if (sim_f32_is_nan(a) || sim_f32_is_nan(b) || sim_f32_is_nan(c))
      return sim_f32_min(sim_f32_min(a, b, ieee), c, ieee);
   uint32_t m = sim_f32_max(sim_f32_max(a, b, ieee), c, ieee);
   if (m == a)
      return sim_f32_max(b, c, ieee);
   if (m == b)
      return sim_f32_max(a, c, ieee);
   return sim_f32_max(a, b, ieee);
}

uint16_t
sim_f16_med3(uint16_t a, uint16_t b, uint16_t c, bool ieee)
{
   if (sim_f16_is_nan(a) || sim_f16_is_nan(b) || sim_f16_is_nan(c))
      return sim_f16_min(sim_f16_min(a, b, ieee), c, ieee);
   uint16_t m = sim_f16_max(sim_f16_max(a, b, ieee), c, ieee);
   if (m == a)
      return sim_f16_max(b, c, ieee);
   if (m == b)
      return sim_f16_max(a, c, ieee);
   return sim_f16_max(a, b, ieee);
}

/* ---------------------------------------------------------------------- */
/* mad / legacy */

uint32_t
sim_f32_mad(uint32_t a, uint32_t b, uint32_t c)
{
   float p = sim_f32(sim_f32_flush(a)) * sim_f32(sim_f32_flush(b));
   float r = sim_f32(sim_f32_flush(sim_u32(p))) + sim_f32(sim_f32_flush(c));
   return sim_f32_flush(sim_u32(r));
}

uint32_t
sim_f32_mul_legacy(uint32_t a, uint32_t b)
{
   if ((a & 0x7fffffffu) == 0 || (b & 0x7fffffffu) == 0)
      return 0;
   return sim_u32(sim_f32(a) * sim_f32(b));
}

uint32_t
sim_f32_fma_legacy(uint32_t a, uint32_t b, uint32_t c)
{
   if ((a & 0x7fffffffu) == 0 || (b & 0x7fffffffu) == 0)
      return sim_u32(0.0f + sim_f32(c));
   return sim_u32(fmaf(sim_f32(a), sim_f32(b), sim_f32(c)));
}

/* ---------------------------------------------------------------------- */
/* Division helpers. */

/* V_DIV_SCALE: s0 is the value to scale (the numerator or the
 * denominator), s1 the denominator, s2 the numerator.  VCC says that only
 * one of the two was scaled, which div_fmas undoes.  The ISA tests
 * "1/S1 is denormal" in double precision, which no single-precision S1
 * satisfies, so those branches exist only in the f64 form. */
uint32_t
sim_f32_div_scale(uint32_t s0, uint32_t s1, uint32_t s2, bool *vcc)
{
   float f0 = sim_f32(s0), f1 = sim_f32(s1), f2 = sim_f32(s2);
   uint32_t d = s0;
   uint32_t scaled = sim_u32((float)ldexp((double)f0, 64));
   *vcc = false;

   if (f2 == 0.0f || f1 == 0.0f)
      return 0x7fc00000u;

   /* The quotient in double cannot underflow for single operands. */
   double q = (double)f2 / (double)f1;
   bool q_denorm = fabs(q) < (double)FLT_MIN;

   if (sim_f32_exponent(s2) - sim_f32_exponent(s1) >= 96) {
      *vcc = true;
      if (f0 == f1)
         d = scaled;
   } else if (sim_f32_is_denorm(s1)) {
      d = scaled;
   } else if (q_denorm) {
      *vcc = true;
      if (f0 == f2)
         d = scaled;
   } else if (sim_f32_exponent(s2) <= 23) {
      d = scaled;
   }
   return d;
}

uint64_t
sim_f64_div_scale(uint64_t s0, uint64_t s1, uint64_t s2, bool *vcc)
{
   double f0 = sim_f64(s0), f1 = sim_f64(s1), f2 = sim_f64(s2);
   uint64_t d = s0;
   uint64_t scaled = sim_u64(ldexp(f0, 128));
   uint64_t scaled_down = sim_u64(ldexp(f0, -128));
   *vcc = false;

   if (f2 == 0.0 || f1 == 0.0)
      return 0x7ff8000000000000ull;

   /* 1/s1 is denormal exactly when |s1| > 2^1022; s2/s1 from the exponent
    * difference, refined by the quotient where it is representable. */
   bool r_denorm = (s1 & 0x7fffffffffffffffull) > 0x7fd0000000000000ull && !sim_f64_is_nan(s1);
   int ediff = sim_f64_exponent(s2) - sim_f64_exponent(s1);
   bool q_denorm;
   if (ediff < -1030)
      q_denorm = true;
   else if (ediff > -1010)
      q_denorm = false;
   else
      q_denorm = fabs(ldexp(f2, 64) / f1) < ldexp(DBL_MIN, 64);

   if (ediff >= 768) {
      *vcc = true;
      if (f0 == f1)
         d = scaled;
   } else if (sim_f64_is_denorm(s1)) {
      d = scaled;
   } else if (r_denorm && q_denorm) {
      /* A huge denominator and a denormal quotient: only the denominator
       * comes down. */
      *vcc = true;
      if (f0 == f1)
         d = scaled_down;
   } else if (r_denorm) {
      /* A huge denominator: both come down, the quotient is unchanged. */
      d = scaled_down;
   } else if (q_denorm) {
      *vcc = true;
      if (f0 == f2)
         d = scaled;
   } else if (sim_f64_exponent(s2) <= 53) {
      d = scaled;
   }
   return d;
}

/* With VCC set, div_scale scaled only one of numerator and denominator by
 * 2^64: a quotient estimate (s2) of magnitude >= 2 means the denominator
 * was scaled and the result is scaled back up, else down. */
uint32_t
sim_f32_div_fmas(uint32_t s0, uint32_t s1, uint32_t s2, bool vcc)
{
   if (!vcc)
      return sim_u32(fmaf(sim_f32(s0), sim_f32(s1), sim_f32(s2)));
   double r = sim_fma_round_odd(sim_f32(s0), sim_f32(s1), sim_f32(s2));
   r = ldexp(r, sim_f32_exponent(s2) >= 128 ? 64 : -64);
   return sim_u32((float)r);
}

uint64_t
sim_f64_div_fmas(uint64_t s0, uint64_t s1, uint64_t s2, bool vcc)
{
   double r = fma(sim_f64(s0), sim_f64(s1), sim_f64(s2));
   if (vcc)
      r = ldexp(r, sim_f64_exponent(s2) >= 1024 ? 128 : -128);
   return sim_u64(r);
}

#define DEFINE_DIV_FIXUP(T, name, is_nan, quiet, sbit, absm, inf, nan, expf, emax, uf)             \
   T name(T s0, T s1, T s2)                                                                        \
   {                                                                                               \
      T sign = (s1 ^ s2) & sbit;                                                                   \
      T a1 = s1 & absm, a2 = s2 & absm;                                                            \
      if (is_nan(s2))                                                                              \
         return quiet(s2);                                                                         \
      if (is_nan(s1))                                                                              \
         return quiet(s1);                                                                         \
      if (a1 == 0 && a2 == 0)                                                                      \
         return nan;                                                                               \
      if (a1 == inf && a2 == inf)                                                                  \
         return nan;                                                                               \
      if (a1 == 0 || a2 == inf)                                                                    \
         return sign | inf;                                                                        \
      if (a1 == inf || a2 == 0)                                                                    \
         return sign;                                                                              \
      if (expf(s2) - expf(s1) < uf)                                                                \
         return sign;                                                                              \
      if (expf(s1) == emax)                                                                        \
         return sign | inf;                                                                        \
      if (is_nan(s0))                                                                              \
         return sign | inf;                                                                        \
      return sign | (s0 & absm);                                                                   \
   }

DEFINE_DIV_FIXUP(uint32_t, sim_f32_div_fixup, sim_f32_is_nan, sim_f32_quiet, 0x80000000u,
                 0x7fffffffu, 0x7f800000u, 0x7fc00000u, sim_f32_exponent, 255, -150)
DEFINE_DIV_FIXUP(uint64_t, sim_f64_div_fixup, sim_f64_is_nan, sim_f64_quiet, 0x8000000000000000ull,
                 0x7fffffffffffffffull, 0x7ff0000000000000ull, 0x7ff8000000000000ull,
                 sim_f64_exponent, 2047, -1075)
DEFINE_DIV_FIXUP(uint16_t, sim_f16_div_fixup, sim_f16_is_nan, sim_f16_quiet, 0x8000u, 0x7fffu,
                 0x7c00u, 0x7e00u, sim_f16_exponent, 31, -25)

/* ---------------------------------------------------------------------- */
/* Transcendentals: computed in double, rounded once to the result type. */

uint32_t
sim_f32_rcp(uint32_t a)
{
   return sim_u32((float)(1.0 / (double)sim_f32(a)));
}

uint32_t
sim_f32_rsq(uint32_t a)
{
   return sim_u32((float)(1.0 / sqrt((double)sim_f32(a))));
}

uint32_t
sim_f32_sqrt(uint32_t a)
{
   return sim_u32((float)sqrt((double)sim_f32(a)));
}

uint32_t
sim_f32_exp(uint32_t a)
{
   return sim_u32((float)exp2((double)sim_f32(a)));
}

uint32_t
sim_f32_log(uint32_t a)
{
   return sim_u32((float)log2((double)sim_f32(a)));
}

/* The argument is in revolutions: reduce it exactly to [-0.5, 0.5]. */
static double
revolutions(uint32_t a)
{
   double x = sim_f32(a);
   return x - nearbyint(x);
}

uint32_t
sim_f32_sin(uint32_t a)
{
   if (!isfinite(sim_f32(a)))
      return 0x7fc00000u;
   return sim_u32((float)sin(2.0 * M_PI * revolutions(a)));
}

uint32_t
sim_f32_cos(uint32_t a)
{
   if (!isfinite(sim_f32(a)))
      return 0x7fc00000u;
   return sim_u32((float)cos(2.0 * M_PI * revolutions(a)));
}

uint64_t
sim_f64_rcp(uint64_t a)
{
   return sim_u64(1.0 / sim_f64(a));
}

uint64_t
sim_f64_rsq(uint64_t a)
{
   return sim_u64(1.0 / sqrt(sim_f64(a)));
}

uint64_t
sim_f64_sqrt(uint64_t a)
{
   return sim_u64(sqrt(sim_f64(a)));
}

/* ---------------------------------------------------------------------- */
/* Fractions, exponents. */

uint32_t
sim_f32_fract(uint32_t a)
{
   float x = sim_f32(a);
   if (isnan(x))
      return sim_f32_quiet(a);
   if (isinf(x))
      return 0x7fc00000u;
   float r = x - floorf(x);
   return sim_u32(fminf(r, 0x1.fffffep-1f));
}

uint64_t
sim_f64_fract(uint64_t a)
{
   double x = sim_f64(a);
   if (isnan(x))
      return sim_f64_quiet(a);
   if (isinf(x))
      return 0x7ff8000000000000ull;
   double r = x - floor(x);
   return sim_u64(fmin(r, 0x1.fffffffffffffp-1));
}

uint32_t
sim_f32_frexp_mant(uint32_t a)
{
   float x = sim_f32(a);
   if (!isfinite(x))
      return a;
   int e;
   return sim_u32(frexpf(x, &e));
}

int32_t
sim_f32_frexp_exp(uint32_t a)
{
   float x = sim_f32(a);
   if (!isfinite(x))
      return 0;
   int e;
   frexpf(x, &e);
   return e;
}

uint64_t
sim_f64_frexp_mant(uint64_t a)
{
   double x = sim_f64(a);
   if (!isfinite(x))
      return a;
   int e;
   return sim_u64(frexp(x, &e));
}

int32_t
sim_f64_frexp_exp(uint64_t a)
{
   double x = sim_f64(a);
   if (!isfinite(x))
      return 0;
   int e;
   frexp(x, &e);
   return e;
}

uint32_t
sim_f32_ldexp(uint32_t a, int32_t e)
{
   return sim_u32(ldexpf(sim_f32(a), e));
}

uint64_t
sim_f64_ldexp(uint64_t a, int32_t e)
{
   return sim_u64(ldexp(sim_f64(a), e));
}

/* ---------------------------------------------------------------------- */
/* Conversions. */

/* The hardware's float to integer conversions saturate: NaN gives 0 and
 * values beyond the type its nearest bound; what lies within truncates
 * toward zero.  Every bound is exact in a double, and so is every float. */
static double
saturate(double x, double lo, double hi)
{
   if (isnan(x))
      return 0.0;
   return x < lo ? lo : x > hi ? hi : x;
}

int32_t
sim_cvt_i32_f64(double x)
{
   return (int32_t)saturate(x, INT32_MIN, INT32_MAX);
}

uint32_t
sim_cvt_u32_f64(double x)
{
   return (uint32_t)saturate(x, 0.0, UINT32_MAX);
}

int16_t
sim_cvt_i16_f32(float x)
{
   return (int16_t)saturate(x, INT16_MIN, INT16_MAX);
}

uint16_t
sim_cvt_u16_f32(float x)
{
   return (uint16_t)saturate(x, 0.0, UINT16_MAX);
}

int32_t
sim_cvt_flr_i32_f32(float x)
{
   return sim_cvt_i32_f64(floor((double)x));
}

int32_t
sim_cvt_rpi_i32_f32(float x)
{
   return sim_cvt_i32_f64(floor((double)x + 0.5));
}

/* ---------------------------------------------------------------------- */
/* Classes and output modifiers. */

#define DEFINE_CLASS(T, name, sbit, absm, inf, qbit, expmask)                                      \
   unsigned name(T a)                                                                              \
   {                                                                                               \
      bool neg = (a & sbit) != 0;                                                                  \
      T m = a & absm;                                                                              \
      if (m > inf)                                                                                 \
         return (a & qbit) ? SIM_CLASS_QNAN : SIM_CLASS_SNAN;                                      \
      if (m == inf)                                                                                \
         return neg ? SIM_CLASS_NINF : SIM_CLASS_PINF;                                             \
      if (m == 0)                                                                                  \
         return neg ? SIM_CLASS_NZERO : SIM_CLASS_PZERO;                                           \
      if ((m & expmask) == 0)                                                                      \
         return neg ? SIM_CLASS_NDENORM : SIM_CLASS_PDENORM;                                       \
      return neg ? SIM_CLASS_NNORM : SIM_CLASS_PNORM;                                              \
   }

DEFINE_CLASS(uint32_t, sim_f32_class, 0x80000000u, 0x7fffffffu, 0x7f800000u, 0x00400000u,
             0x7f800000u)
DEFINE_CLASS(uint64_t, sim_f64_class, 0x8000000000000000ull, 0x7fffffffffffffffull,
             0x7ff0000000000000ull, 0x0008000000000000ull, 0x7ff0000000000000ull)
DEFINE_CLASS(uint16_t, sim_f16_class, 0x8000u, 0x7fffu, 0x7c00u, 0x0200u, 0x7c00u)

static const float omod_f32[4] = { 1.0f, 2.0f, 4.0f, 0.5f };

uint32_t
sim_f32_omod_clamp(uint32_t r, unsigned omod, bool clamp, bool dx10)
{
   float f = sim_f32(r);
   if (omod)
      f *= omod_f32[omod & 3];
   if (clamp) {
      if (isnan(f))
         return dx10 ? 0 : sim_u32(f);
      if (f < 0.0f)
         f = 0.0f;
      else if (f > 1.0f)
         f = 1.0f;
   }
   return sim_u32(f);
}

uint64_t
sim_f64_omod_clamp(uint64_t r, unsigned omod, bool clamp, bool dx10)
{
   double f = sim_f64(r);
   if (omod)
      f *= (double)omod_f32[omod & 3];
   if (clamp) {
      if (isnan(f))
         return dx10 ? 0 : sim_u64(f);
      if (f < 0.0)
         f = 0.0;
      else if (f > 1.0)
         f = 1.0;
   }
   return sim_u64(f);
}

uint16_t
sim_f16_omod_clamp(uint16_t r, unsigned omod, bool clamp, bool dx10)
{
   if (omod)
      r = sim_f16_from_f64((double)sim_f16_to_f32(r) * omod_f32[omod & 3], SIM_ROUND_NE, false);
   if (clamp) {
      if (sim_f16_is_nan(r))
         return dx10 ? 0 : r;
      if ((r & 0x8000u) && (r & 0x7fffu))
         return 0;
      if (r > 0x3c00u && !(r & 0x8000u))
         return 0x3c00u;
   }
   return r;
}

/* ---------------------------------------------------------------------- */
/* v_trig_preop_f64 */

/* The fractional bits of 2/pi, most significant first (the ISA keeps
 * 1201 of them; the rest read as zero).  Computed with Machin's formula in
 * integer arithmetic: pi = 16 atan(1/5) - 4 atan(1/239). */
static const uint32_t two_over_pi[40] = {
   0xa2f9836e, 0x4e441529, 0xfc2757d1, 0xf534ddc0, 0xdb629599, 0x3c439041, 0xfe5163ab, 0xdebbc561,
   0xb7246e3a, 0x424dd2e0, 0x06492eea, 0x09d1921c, 0xfe1deb1c, 0xb129a73e, 0xe88235f5, 0x2ebb4484,
   0xe99c7026, 0xb45f7e41, 0x3991d639, 0x835339f4, 0x9c845f8b, 0xbdf9283b, 0x1ff897ff, 0xde05980f,
   0xef2f118b, 0x5a0a6d1f, 0x6d367ecf, 0x27cb09b7, 0x4f463f66, 0x9e5fea2d, 0x7527bac7, 0xebe5f17b,
   0x3d0739f7, 0x8a5292ea, 0x6bfb5fb1, 0x1f8d5d08, 0x56033046, 0xfc7b6bab, 0xf0cfbc20, 0x9af4361d
};

static uint64_t
two_over_pi_bits(unsigned first, unsigned count)
{
   /* Bits first+1 .. first+count after the binary point (1-based). */
   uint64_t r = 0;
   for (unsigned i = 0; i < count; i++) {
      unsigned pos = first + i; /* 0-based index of the bit */
      unsigned bit = 0;
      if (pos < 1201)
         bit = (two_over_pi[pos / 32] >> (31 - pos % 32)) & 1;
      r = (r << 1) | bit;
   }
   return r;
}

uint64_t
sim_f64_trig_preop(uint64_t s0, uint32_t s1)
{
   int exp = sim_f64_exponent(s0);
   unsigned shift = (s1 & 31) * 53;
   if (exp > 1077)
      shift += exp - 1077;
   uint64_t result = two_over_pi_bits(shift, 53);
   int scale = -53 - (int)shift;
   if (exp >= 1968)
      scale += 128;
   return sim_u64(ldexp((double)result, scale));
}
