/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * References for the math (OpenCL C 2.0 §6.13.2) and integer (§6.13.3)
 * built-ins. Floating-point functions are evaluated in double (or long
 * double for double inputs) and rounded once, so the reference is within
 * about half an ulp; the case's ULP bound is the spec's. Integer functions
 * are evaluated exactly in 128-bit arithmetic from their definitions.
 */
#include "ref.h"

#include <stdlib.h>

bool
ref_get_fn(const struct kiln_run_command *l, char *fn, size_t size)
{
   const char *p = strstr(l->options, "-DFN=");
   if (!p)
      return false;
   p += 5;
   size_t n = strcspn(p, " ");
   if (n >= size)
      return false;
   memcpy(fn, p, n);
   fn[n] = 0;
   return true;
}

static long double
fround_away(long double x)
{
   /* round(): halfway cases away from zero */
   long double f = floorl(fabsl(x) + 0.5L);
   if (f - fabsl(x) > 0.5L) /* cannot happen; kept for clarity */
      f -= 1;
   return copysignl(f, x);
}

static long double
ffmin(long double x, long double y)
{
   /* fmin: if one argument is NaN, the other is returned */
   if (isnan(x))
      return y;
   if (isnan(y))
      return x;
   return y < x ? y : x;
}

static long double
ffmax(long double x, long double y)
{
   if (isnan(x))
      return y;
   if (isnan(y))
      return x;
   return y > x ? y : x;
}

static bool
eval_float(const char *fn, bool dbl, long double x, long double y, long double z, long double *r)
{
   if (!strcmp(fn, "sqrt"))
      *r = sqrtl(x);
   else if (!strcmp(fn, "rsqrt"))
      *r = 1.0L / sqrtl(x);
   else if (!strcmp(fn, "exp"))
      *r = expl(x);
   else if (!strcmp(fn, "log"))
      *r = logl(x);
   else if (!strcmp(fn, "sin"))
      *r = sinl(x);
   else if (!strcmp(fn, "cos"))
      *r = cosl(x);
   else if (!strcmp(fn, "fabs"))
      *r = fabsl(x);
   /* sign: zeros keep their sign, a NaN gives 0.0 */
   else if (!strcmp(fn, "sign"))
      *r = isnan(x) ? 0.0L : x > 0 ? 1.0L : x < 0 ? -1.0L : x;
   else if (!strcmp(fn, "floor"))
      *r = floorl(x);
   else if (!strcmp(fn, "ceil"))
      *r = ceill(x);
   else if (!strcmp(fn, "trunc"))
      *r = x < 0 ? ceill(x) : floorl(x);
   else if (!strcmp(fn, "round"))
      *r = fround_away(x);
   else if (!strcmp(fn, "pow"))
      *r = powl(x, y);
   else if (!strcmp(fn, "fmin"))
      *r = ffmin(x, y);
   else if (!strcmp(fn, "fmax"))
      *r = ffmax(x, y);
   /* fma: one rounding of the exact x * y + z. The exact product of two
    * doubles needs 106 bits; long double has 64, so double fma uses fmal. */
   else if (!strcmp(fn, "fma"))
      *r = dbl ? fmal(x, y, z) : x * y + z;
   else if (!strcmp(fn, "mad"))
      *r = x * y + z; /* inputs keep it exact */
   else if (!strcmp(fn, "clamp"))
      *r = ffmin(ffmax(x, y), z);
   else if (!strcmp(fn, "mix"))
      *r = x + (y - x) * z;
   else
      return false;
   return true;
}

static int
ref_float_math(struct kiln_run_command *l)
{
   char fn[32];
   unsigned nin = !strcmp(l->kernel, "unary") ? 1 : !strcmp(l->kernel, "binary") ? 2 : 3;
   if (!ref_get_fn(l, fn, sizeof(fn)) || ref_expect(l, nin + 1))
      return 1;
   struct kiln_run_arg *out = REF_ARG(l, nin);
   bool dbl = out->type.base == KILN_TYPE_DOUBLE;
   size_t comps = l->global[0] * out->type.n;
   for (size_t i = 0; i < comps; i++) {
      size_t s = ref_slot(out, i);
      long double v[3] = { 0, 0, 0 }, r;
      for (unsigned k = 0; k < nin; k++)
         v[k] = corpus_get_f(REF_ARG(l, k), s);
      if (!eval_float(fn, dbl, v[0], v[1], v[2], &r)) {
         fprintf(stderr, "corpus_ref: no float reference for %s\n", fn);
         return 1;
      }
      corpus_set_f(out, s, (double)r);
   }
   return 0;
}

typedef __int128 i128;

static i128
sat(const struct kiln_run_arg *t, i128 v)
{
   i128 lo = ref_min_of(t), hi = (i128)ref_umax(t);
   return v < lo ? lo : v > hi ? hi : v;
}

static i128
floor_shr1(i128 v)
{
   return v >= 0 ? v / 2 : -((-v + 1) / 2);
}

static bool
eval_int(const char *fn, const struct kiln_run_arg *t, i128 x, i128 y, i128 z, i128 *r)
{
   unsigned bits = ref_bits(t);
   uint64_t mask = bits == 64 ? UINT64_MAX : (1ull << bits) - 1;
   uint64_t ux = (uint64_t)x & mask;
   if (!strcmp(fn, "abs"))
      *r = x < 0 ? -x : x;
   else if (!strcmp(fn, "abs_diff"))
      *r = x > y ? x - y : y - x;
   else if (!strcmp(fn, "add_sat"))
      *r = sat(t, x + y);
   else if (!strcmp(fn, "sub_sat"))
      *r = sat(t, x - y);
   else if (!strcmp(fn, "hadd"))
      *r = floor_shr1(x + y);
   else if (!strcmp(fn, "rhadd"))
      *r = floor_shr1(x + y + 1);
   else if (!strcmp(fn, "min"))
      *r = x < y ? x : y;
   else if (!strcmp(fn, "max"))
      *r = x > y ? x : y;
   else if (!strcmp(fn, "clamp"))
      *r = x < y ? y : x > z ? z : x;
   else if (!strcmp(fn, "mul_hi") || !strcmp(fn, "mad_hi")) {
      /* high half of the 2N-bit product: floor division by 2^N */
      i128 p;
      if (bits == 64 && !kiln_run_base_is_signed(t->type.base)) {
         unsigned __int128 up = (unsigned __int128)(uint64_t)x * (uint64_t)y;
         p = (i128)(up >> 64);
      } else {
         p = x * y;
         p = p >= 0 ? p >> bits : -((-p + ((i128)1 << bits) - 1) >> bits);
      }
      *r = fn[1] == 'a' ? p + z : p;
   } else if (!strcmp(fn, "mad_sat"))
      *r = sat(t, x * y + z);
   else if (!strcmp(fn, "rotate")) {
      unsigned c = (unsigned)((uint64_t)y & (bits - 1));
      *r = c ? ((ux << c) | (ux >> (bits - c))) & mask : ux;
   } else if (!strcmp(fn, "clz")) {
      unsigned n = 0;
      while (n < bits && !(ux >> (bits - 1 - n) & 1))
         n++;
      *r = n;
   } else if (!strcmp(fn, "popcount")) {
      unsigned n = 0;
      for (unsigned b = 0; b < bits; b++)
         n += ux >> b & 1;
      *r = n;
   } else if (!strcmp(fn, "mul24"))
      *r = x * y;
   else if (!strcmp(fn, "mad24"))
      *r = x * y + z;
   else
      return false;
   return true;
}

static int
ref_int_math(struct kiln_run_command *l)
{
   char fn[32];
   unsigned nin = !strcmp(l->kernel, "unary") ? 1 : !strcmp(l->kernel, "binary") ? 2 : 3;
   if (!ref_get_fn(l, fn, sizeof(fn)) || ref_expect(l, nin + 1))
      return 1;
   struct kiln_run_arg *out = REF_ARG(l, nin);
   const struct kiln_run_arg *t = REF_ARG(l, 0);
   size_t comps = l->global[0] * out->type.n;
   for (size_t i = 0; i < comps; i++) {
      size_t s = ref_slot(out, i);
      i128 v[3] = { 0, 0, 0 }, r;
      for (unsigned k = 0; k < nin; k++) {
         const struct kiln_run_arg *a = REF_ARG(l, k);
         v[k] = kiln_run_base_is_signed(a->type.base) ? (i128)corpus_get_i(a, s)
                                                      : (i128)corpus_get_bits(a, s);
      }
      if (!eval_int(fn, t, v[0], v[1], v[2], &r)) {
         fprintf(stderr, "corpus_ref: no integer reference for %s\n", fn);
         return 1;
      }
      corpus_set_bits(out, s, (uint64_t)r); /* modulo 2^N */
   }
   return 0;
}

const struct corpus_ref corpus_refs_math[] = {
   { "float_math", ref_float_math },
   { "int_math", ref_int_math },
   { NULL, NULL },
};
