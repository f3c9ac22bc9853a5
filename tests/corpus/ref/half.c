/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * References for half precision (cl_khr_fp16): conversions to and from
 * half in every rounding mode (OpenCL C 2.0 §6.2.3), vload_half and
 * vstore_half (§6.13.7), and the math built-ins on half (§6.13.2).
 * Values are rounded to half by slots.c's corpus_half_from_double, written
 * from the format's definition.  Math functions are evaluated in long
 * double from glibc's and rounded once to half: within about half a half
 * ulp, so each case's bound is cl_khr_fp16's plus one.  sinpi, cospi and
 * tanpi reduce their argument exactly first; fmod, remainder and remquo
 * are exact in long double for half operands.
 */
#include "ref.h"

#include <limits.h>
#include <stdlib.h>

/* half_to: source k (float, double, int, uint, long) in the default,
 * _rte, _rtz, _rtp and _rtn modes at out[(k * 5 + m) * n + i]. */
static int
ref_half_to(struct kiln_run_command *l)
{
   static const enum corpus_rounding modes[5] = { CORPUS_RTE, CORPUS_RTE, CORPUS_RTZ, CORPUS_RTP,
                                                  CORPUS_RTN };
   if (ref_expect(l, 6))
      return 1;
   const size_t n = l->global[0];
   struct kiln_run_arg *out = REF_ARG(l, 5);
   for (size_t i = 0; i < n; i++) {
      for (unsigned k = 0; k < 5; k++) {
         /* An int, uint or long beyond 2^53 is not exact as a double, but
          * is far beyond half's range: the overflow is the same. */
         double v = corpus_get_f(REF_ARG(l, k), i);
         for (unsigned m = 0; m < 5; m++)
            corpus_set_bits(out, (k * 5 + m) * n + i, corpus_half_from_double(v, modes[m]));
      }
   }
   return 0;
}

static double
round_by(double v, enum corpus_rounding mode)
{
   switch (mode) {
   case CORPUS_RTE:
      return nearbyint(v);
   case CORPUS_RTZ:
      return trunc(v);
   case CORPUS_RTP:
      return ceil(v);
   default:
      return floor(v);
   }
}

/* half_from: exact float and double; int by default (toward zero), _rte,
 * _rtp and _rtn, at a[m * n + i] (finite inputs in int's range). */
static int
ref_half_from(struct kiln_run_command *l)
{
   static const enum corpus_rounding modes[4] = { CORPUS_RTZ, CORPUS_RTE, CORPUS_RTP, CORPUS_RTN };
   if (ref_expect(l, 4))
      return 1;
   const size_t n = l->global[0];
   for (size_t i = 0; i < n; i++) {
      double h = corpus_get_f(REF_ARG(l, 0), i);
      corpus_set_f(REF_ARG(l, 1), i, h);
      corpus_set_f(REF_ARG(l, 2), i, h);
      for (unsigned m = 0; m < 4; m++)
         corpus_set_i(REF_ARG(l, 3), m * n + i, (int64_t)round_by(h, modes[m]));
   }
   return 0;
}

/* half_from_sat: each integer type with _sat (§6.2.3.3): rounded by the
 * suffix, clamped to the type's range, NaN gives 0. */
static int
ref_half_from_sat(struct kiln_run_command *l)
{
   static const enum corpus_rounding modes[7] = { CORPUS_RTZ, CORPUS_RTZ, CORPUS_RTE, CORPUS_RTP,
                                                  CORPUS_RTN, CORPUS_RTE, CORPUS_RTZ };
   if (ref_expect(l, 8))
      return 1;
   for (size_t i = 0; i < l->global[0]; i++) {
      double h = corpus_get_f(REF_ARG(l, 0), i);
      for (unsigned k = 0; k < 7; k++) {
         struct kiln_run_arg *out = REF_ARG(l, k + 1);
         double lo = (double)ref_min_of(out), hi = (double)ref_umax(out);
         double r = isnan(h) ? 0 : round_by(h, modes[k]);
         r = r < lo ? lo : r > hi ? hi : r;
         if (kiln_run_base_is_signed(out->type.base))
            corpus_set_i(out, i, r >= 0x1p63 ? INT64_MAX : (int64_t)r);
         else
            corpus_set_u(out, i, r >= 0x1p64 ? UINT64_MAX : (uint64_t)r);
      }
   }
   return 0;
}

/* half_vconvert: convert_half4_rtz(float4), convert_int4_rte(half4),
 * convert_half3_rtp(double3), convert_float8(half8). */
static int
ref_half_vconvert(struct kiln_run_command *l)
{
   if (ref_expect(l, 8))
      return 1;
   for (size_t i = 0; i < l->global[0]; i++) {
      for (unsigned c = 0; c < 4; c++) {
         corpus_set_bits(
            REF_ARG(l, 4), i * 4 + c,
            corpus_half_from_double(corpus_get_f(REF_ARG(l, 0), i * 4 + c), CORPUS_RTZ));
         corpus_set_i(REF_ARG(l, 5), i * 4 + c,
                      (int64_t)nearbyint(corpus_get_f(REF_ARG(l, 1), i * 4 + c)));
      }
      for (unsigned c = 0; c < 3; c++)
         corpus_set_bits(
            REF_ARG(l, 6), i * 4 + c,
            corpus_half_from_double(corpus_get_f(REF_ARG(l, 2), i * 4 + c), CORPUS_RTP));
      for (unsigned c = 0; c < 8; c++)
         corpus_set_f(REF_ARG(l, 7), i * 8 + c, corpus_get_f(REF_ARG(l, 3), i * 8 + c));
   }
   return 0;
}

/* vstore_half_modes: float then double, each in the default, _rte, _rtz,
 * _rtp and _rtn modes, at out[k * n + i]. */
static int
ref_vstore_half(struct kiln_run_command *l)
{
   static const enum corpus_rounding modes[5] = { CORPUS_RTE, CORPUS_RTE, CORPUS_RTZ, CORPUS_RTP,
                                                  CORPUS_RTN };
   if (ref_expect(l, 3))
      return 1;
   const size_t n = l->global[0];
   for (size_t i = 0; i < n; i++)
      for (unsigned k = 0; k < 10; k++)
         corpus_set_bits(REF_ARG(l, 2), k * n + i,
                         corpus_half_from_double(corpus_get_f(REF_ARG(l, k / 5), i), modes[k % 5]));
   return 0;
}

/* vstore_halfn: vstore_half4_rtz, vstore_half3_rtp packed (3 halves an
 * element) and vstorea_half3_rtp aligned (4, the fourth untouched), and
 * vstore_half2_rtn of a double2. */
static int
ref_vstore_halfn(struct kiln_run_command *l)
{
   if (ref_expect(l, 7))
      return 1;
   for (size_t i = 0; i < l->global[0]; i++) {
      for (unsigned c = 0; c < 4; c++)
         corpus_set_bits(
            REF_ARG(l, 3), i * 4 + c,
            corpus_half_from_double(corpus_get_f(REF_ARG(l, 0), i * 4 + c), CORPUS_RTZ));
      for (unsigned c = 0; c < 3; c++) {
         uint16_t h = corpus_half_from_double(corpus_get_f(REF_ARG(l, 1), i * 3 + c), CORPUS_RTP);
         corpus_set_bits(REF_ARG(l, 4), i * 3 + c, h);
         corpus_set_bits(REF_ARG(l, 5), i * 4 + c, h);
      }
      for (unsigned c = 0; c < 2; c++)
         corpus_set_bits(
            REF_ARG(l, 6), i * 2 + c,
            corpus_half_from_double(corpus_get_f(REF_ARG(l, 2), i * 2 + c), CORPUS_RTN));
   }
   return 0;
}

/* vload_halfn: vload_half(i), vload_half4(i), vload_half3(i) (halves
 * 3i..3i+2), vloada_half3(i) (halves 4i..4i+2), vload_half16(0, h + i). */
static int
ref_vload_halfn(struct kiln_run_command *l)
{
   if (ref_expect(l, 6))
      return 1;
   const struct kiln_run_arg *h = REF_ARG(l, 0);
   for (size_t i = 0; i < l->global[0]; i++) {
      corpus_set_f(REF_ARG(l, 1), i, corpus_get_f(h, i));
      for (unsigned c = 0; c < 4; c++)
         corpus_set_f(REF_ARG(l, 2), i * 4 + c, corpus_get_f(h, i * 4 + c));
      for (unsigned c = 0; c < 3; c++) {
         corpus_set_f(REF_ARG(l, 3), i * 3 + c, corpus_get_f(h, i * 3 + c));
         corpus_set_f(REF_ARG(l, 4), i * 3 + c, corpus_get_f(h, i * 4 + c));
      }
      for (unsigned c = 0; c < 16; c++)
         corpus_set_f(REF_ARG(l, 5), i * 16 + c, corpus_get_f(h, i + c));
   }
   return 0;
}

/* vload_half_staged: work-item i's halves h[4i..4i+3] read back from
 * __local and __private copies: all four, halves 1..3 packed at float 3i,
 * halves 1..2, and halves 0..2 stored as halves at s3[1 + 3i..] (s3[0]
 * untouched).  Halves convert to float and back exactly. */
static int
ref_vload_half_staged(struct kiln_run_command *l)
{
   if (ref_expect(l, 5))
      return 1;
   const struct kiln_run_arg *h = REF_ARG(l, 0);
   for (size_t i = 0; i < l->global[0]; i++) {
      for (unsigned c = 0; c < 4; c++)
         corpus_set_f(REF_ARG(l, 1), i * 4 + c, corpus_get_f(h, i * 4 + c));
      for (unsigned c = 0; c < 3; c++) {
         corpus_set_f(REF_ARG(l, 2), i * 3 + c, corpus_get_f(h, i * 4 + 1 + c));
         corpus_set_bits(REF_ARG(l, 4), 1 + i * 3 + c,
                         corpus_half_from_double(corpus_get_f(h, i * 4 + c), CORPUS_RTE));
      }
      for (unsigned c = 0; c < 2; c++)
         corpus_set_f(REF_ARG(l, 3), i * 2 + c, corpus_get_f(h, i * 4 + 1 + c));
   }
   return 0;
}

/* sin(pi x), cos(pi x), tan(pi x): x reduced exactly (fmodl is exact), so
 * that integers and half-integers give exact zeros. */
static long double
sinpil(long double x)
{
   long double r = fmodl(x, 2.0L);
   if (r == truncl(r))
      return copysignl(0.0L, x);
   return sinl(M_PIl * r);
}

static long double
cospil(long double x)
{
   long double r = fmodl(fabsl(x), 2.0L);
   if (r == 0.5L || r == 1.5L)
      return 0.0L;
   return cosl(M_PIl * r);
}

static long double
tanpil(long double x)
{
   long double r = fmodl(x, 1.0L);
   if (r == 0.0L)
      return copysignl(0.0L, x);
   return tanl(M_PIl * r);
}

/* x^(1/n): NaN for n = 0 and for x < 0 with n even. */
static long double
rootnl(long double x, int n)
{
   if (n == 0 || (x < 0 && !(n & 1)))
      return NAN;
   long double r = expl(logl(fabsl(x)) / n);
   return x < 0 ? -r : r;
}

/* The half next to x toward y, from the encoding. */
static double
half_nextafter(double x, double y)
{
   if (isnan(x) || isnan(y))
      return NAN;
   if (x == y)
      return y;
   if (x == 0)
      return copysign(0x1p-24, y);
   uint16_t h = corpus_half_from_double(x, CORPUS_RTE);
   bool away = (y > x) == (x > 0);
   return corpus_half_to_double(away ? h + 1 : h - 1);
}

static bool
eval_half(const char *fn, long double x, long double y, long double z, long double *r)
{
   static const struct {
      const char *name;
      long double (*f)(long double);
   } unary[] = {
      { "acos", acosl },   { "acosh", acoshl },   { "asin", asinl },   { "asinh", asinhl },
      { "atan", atanl },   { "atanh", atanhl },   { "cbrt", cbrtl },   { "ceil", ceill },
      { "cos", cosl },     { "cosh", coshl },     { "cospi", cospil }, { "erf", erfl },
      { "erfc", erfcl },   { "exp", expl },       { "exp2", exp2l },   { "exp10", exp10l },
      { "expm1", expm1l }, { "fabs", fabsl },     { "floor", floorl }, { "log", logl },
      { "log2", log2l },   { "log10", log10l },   { "log1p", log1pl }, { "logb", logbl },
      { "rint", rintl },   { "round", roundl },   { "sin", sinl },     { "sinh", sinhl },
      { "sinpi", sinpil }, { "sqrt", sqrtl },     { "tan", tanl },     { "tanh", tanhl },
      { "tanpi", tanpil }, { "tgamma", tgammal }, { "trunc", truncl }, { "lgamma", lgammal },
   };
   for (unsigned i = 0; i < sizeof(unary) / sizeof(unary[0]); i++) {
      if (!strcmp(fn, unary[i].name)) {
         *r = unary[i].f(x);
         return true;
      }
   }
   if (!strcmp(fn, "rsqrt"))
      *r = 1.0L / sqrtl(x);
   else if (!strcmp(fn, "acospi"))
      *r = acosl(x) / M_PIl;
   else if (!strcmp(fn, "asinpi"))
      *r = asinl(x) / M_PIl;
   else if (!strcmp(fn, "atanpi"))
      *r = atanl(x) / M_PIl;
   else if (!strcmp(fn, "degrees"))
      *r = x * (180.0L / M_PIl);
   else if (!strcmp(fn, "radians"))
      *r = x * (M_PIl / 180.0L);
   else if (!strcmp(fn, "atan2"))
      *r = atan2l(x, y);
   else if (!strcmp(fn, "atan2pi"))
      *r = atan2l(x, y) / M_PIl;
   else if (!strcmp(fn, "hypot"))
      *r = hypotl(x, y);
   else if (!strcmp(fn, "pow") || !strcmp(fn, "powr"))
      *r = powl(x, y);
   else if (!strcmp(fn, "fmod"))
      *r = fmodl(x, y);
   else if (!strcmp(fn, "remainder"))
      *r = remainderl(x, y);
   else if (!strcmp(fn, "copysign"))
      *r = copysignl(x, y);
   else if (!strcmp(fn, "fdim"))
      *r = isnan(x) || isnan(y) ? NAN : x > y ? x - y : 0.0L;
   else if (!strcmp(fn, "fmin"))
      *r = fminl(x, y);
   else if (!strcmp(fn, "fmax"))
      *r = fmaxl(x, y);
   else if (!strcmp(fn, "maxmag"))
      *r = fabsl(x) > fabsl(y) ? x : fabsl(y) > fabsl(x) ? y : fmaxl(x, y);
   else if (!strcmp(fn, "minmag"))
      *r = fabsl(x) < fabsl(y) ? x : fabsl(y) < fabsl(x) ? y : fminl(x, y);
   else if (!strcmp(fn, "nextafter"))
      *r = half_nextafter(x, y);
   else if (!strcmp(fn, "step"))
      *r = y < x ? 0.0L : 1.0L;
   /* fma: the product of two halves is exact in long double, and the
    * cases' addends keep the sum exact too: one rounding, to half. */
   else if (!strcmp(fn, "fma"))
      *r = x * y + z;
   else if (!strcmp(fn, "clamp"))
      *r = fminl(fmaxl(x, y), z);
   else if (!strcmp(fn, "smoothstep")) {
      long double t = (z - x) / (y - x);
      t = t < 0 ? 0 : t > 1 ? 1 : t;
      *r = t * t * (3 - 2 * t);
   } else
      return false;
   return true;
}

/* float_math.cl's unary, binary and ternary kernels and math_results.cl's
 * with_int, int_result, two_results and remquo_results, on half. */
static int
ref_half_math(struct kiln_run_command *l)
{
   static const struct {
      const char *kernel;
      unsigned num_args;
   } kernels[] = {
      { "unary", 2 },      { "binary", 3 },      { "ternary", 4 },        { "with_int", 3 },
      { "int_result", 2 }, { "two_results", 3 }, { "remquo_results", 4 },
   };
   char fn[32] = "remquo";
   const char *k = l->kernel;
   const bool remquo = !strcmp(k, "remquo_results");
   unsigned num_args = 0;
   for (unsigned i = 0; i < sizeof(kernels) / sizeof(kernels[0]); i++)
      num_args = strcmp(k, kernels[i].kernel) ? num_args : kernels[i].num_args;
   if (!num_args || (!remquo && !ref_get_fn(l, fn, sizeof(fn))) || ref_expect(l, num_args))
      return 1;
   struct kiln_run_arg *x = REF_ARG(l, 0);
   const size_t comps = l->global[0] * x->type.n;
   for (size_t c = 0; c < comps; c++) {
      const size_t s = ref_slot(x, c);
      const long double xv = corpus_get_f(x, s);
      long double r;
      if (!strcmp(k, "with_int")) {
         const int n = (int)corpus_get_i(REF_ARG(l, 1), s);
         if (!strcmp(fn, "ldexp"))
            r = ldexpl(xv, n);
         else if (!strcmp(fn, "pown"))
            r = powl(xv, n);
         else if (!strcmp(fn, "rootn"))
            r = rootnl(xv, n);
         else
            goto unknown;
         corpus_set_f(REF_ARG(l, 2), s, (double)r);
      } else if (!strcmp(k, "int_result")) {
         if (strcmp(fn, "ilogb"))
            goto unknown;
         /* OpenCL's FP_ILOGB0 is INT_MIN and FP_ILOGBNAN INT_MAX. */
         corpus_set_i(REF_ARG(l, 1), s,
                      xv == 0                  ? INT_MIN
                      : isnan(xv) || isinf(xv) ? INT_MAX
                                               : ilogbl(xv));
      } else if (!strcmp(k, "two_results")) {
         long double second;
         int n = 0;
         if (!strcmp(fn, "fract")) {
            /* fmin(x - floor(x), 0x1.ffcp-1): the half just below 1 */
            second = floorl(xv);
            r = fminl(xv - second, 0x1.ffcp-1L);
         } else if (!strcmp(fn, "modf")) {
            r = modfl(xv, &second);
         } else if (!strcmp(fn, "sincos")) {
            r = sinl(xv);
            second = cosl(xv);
         } else if (!strcmp(fn, "frexp")) {
            r = frexpl(xv, &n);
            second = n;
         } else if (!strcmp(fn, "lgamma_r")) {
            r = lgammal_r(xv, &n);
            second = n;
         } else {
            goto unknown;
         }
         corpus_set_f(REF_ARG(l, 1), s, (double)r);
         corpus_set_f(REF_ARG(l, 2), s, (double)second);
      } else if (remquo) {
         /* x - r is n * y exactly (n below 2^41, y of 11 bits), so the
          * quotient n is exact too; kiln's remquo gives its 7 low bits
          * with the sign of x / y (the spec asks for at least 3). */
         const long double yv = corpus_get_f(REF_ARG(l, 1), s);
         r = remainderl(xv, yv);
         long long n = isfinite(r) && isfinite(yv) ? llrintl((xv - r) / yv) : 0;
         long long q = llabs(n) & 0x7f;
         corpus_set_f(REF_ARG(l, 2), s, (double)r);
         corpus_set_i(REF_ARG(l, 3), s, n < 0 ? -q : q);
      } else {
         const unsigned nin = l->num_args - 1;
         long double v[3] = { xv, 0, 0 };
         for (unsigned i = 1; i < nin; i++)
            v[i] = corpus_get_f(REF_ARG(l, i), s);
         if (!eval_half(fn, v[0], v[1], v[2], &r))
            goto unknown;
         corpus_set_f(REF_ARG(l, nin), s, (double)r);
      }
   }
   return 0;
unknown:
   fprintf(stderr, "corpus_ref: no half reference for %s in kernel %s\n", fn, k);
   return 1;
}

const struct corpus_ref corpus_refs_half[] = {
   { "half_to", ref_half_to },
   { "half_from", ref_half_from },
   { "half_from_sat", ref_half_from_sat },
   { "half_vconvert", ref_half_vconvert },
   { "vstore_half", ref_vstore_half },
   { "vstore_halfn", ref_vstore_halfn },
   { "vload_halfn", ref_vload_halfn },
   { "vload_half_staged", ref_vload_half_staged },
   { "half_math", ref_half_math },
   { NULL, NULL },
};
