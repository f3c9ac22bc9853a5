/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * References for explicit conversions (OpenCL C 2.0 §6.2.3): rounding to
 * an integer with _rte/_rtz/_rtp/_rtn done by hand from floor/ceil, then
 * saturation (NaN -> 0, clamp to the destination range) or modulo 2^N;
 * integer -> float rounding done on the integer's bits (keep 24 significant
 * bits, inspect the rest); double -> float by stepping to the neighbour
 * float that the mode asks for.
 */
#include "ref.h"

#include <float.h>

enum rmode { RTE, RTZ, RTP, RTN };

/* x rounded to an integral value (x finite). */
static double
round_int(double x, enum rmode m)
{
   double f = floor(x), c = ceil(x);
   switch (m) {
   case RTZ:
      return x < 0 ? c : f;
   case RTP:
      return c;
   case RTN:
      return f;
   default: {
      double d = x - f;
      if (d < 0.5)
         return f;
      if (d > 0.5)
         return c;
      return fmod(f, 2.0) == 0 ? f : c; /* tie: even */
   }
   }
}

/* Rounded and saturated to the integer type of dst, as raw bits. */
static void
set_sat(struct kiln_run_arg *dst, size_t slot, double x, enum rmode m)
{
   if (isnan(x)) {
      corpus_set_bits(dst, slot, 0);
      return;
   }
   double lo = (double)ref_min_of(dst);
   double hi = (double)ref_umax(dst); /* 2^N - 1 rounds up to 2^N in double */
   double r = isinf(x) ? x : round_int(x, m);
   if (r <= lo) {
      corpus_set_i(dst, slot, ref_min_of(dst));
   } else if (r >= hi) {
      corpus_set_u(dst, slot, ref_umax(dst));
   } else if (r < 0) {
      corpus_set_i(dst, slot, (int64_t)r);
   } else {
      corpus_set_u(dst, slot, (uint64_t)r);
   }
}

static void
set_round(struct kiln_run_arg *dst, size_t slot, double x, enum rmode m)
{
   double r = round_int(x, m);
   if (r < 0)
      corpus_set_i(dst, slot, (int64_t)r);
   else
      corpus_set_u(dst, slot, (uint64_t)r);
}

/* Integer (sign, magnitude) to the nearest float in the mode's direction. */
static float
int_to_float(bool neg, uint64_t mag, enum rmode m)
{
   unsigned len = 0;
   for (uint64_t t = mag; t; t >>= 1)
      len++;
   uint64_t kept = mag;
   unsigned shift = 0;
   if (len > 24) {
      shift = len - 24;
      kept = mag >> shift;
      uint64_t rest = mag & ((1ull << shift) - 1);
      uint64_t half = 1ull << (shift - 1);
      bool up;
      switch (m) {
      case RTZ:
         up = false;
         break;
      case RTP:
         up = rest && !neg;
         break;
      case RTN:
         up = rest && neg;
         break;
      default:
         up = rest > half || (rest == half && (kept & 1));
         break;
      }
      kept += up; /* may carry to 2^24: still exact in a float */
   }
   double v = ldexp((double)kept, shift); /* exact: <= 25 significant bits */
   return (float)(neg ? -v : v);
}

static void
set_int_to_float(struct kiln_run_arg *dst, size_t slot, const struct kiln_run_arg *src,
                 size_t sslot, enum rmode m)
{
   bool neg = kiln_run_base_is_signed(src->type.base) && corpus_get_i(src, sslot) < 0;
   uint64_t mag = neg ? (uint64_t)0 - (uint64_t)corpus_get_i(src, sslot) : corpus_get_u(src, sslot);
   if (!kiln_run_base_is_signed(src->type.base))
      mag = corpus_get_bits(src, sslot);
   corpus_set_f(dst, slot, int_to_float(neg, mag, m));
}

static float
double_to_float(double d, enum rmode m)
{
   float f = (float)d; /* nearest, ties to even (the host's default) */
   if (isnan(d) || (double)f == d)
      return f;
   switch (m) {
   case RTZ:
      return fabs((double)f) > fabs(d) ? nextafterf(f, 0.0f) : f;
   case RTP:
      return (double)f < d ? nextafterf(f, INFINITY) : f;
   case RTN:
      return (double)f > d ? nextafterf(f, -INFINITY) : f;
   default:
      return f;
   }
}

static int
ref_f2i(struct kiln_run_command *l)
{
   if (ref_expect(l, 3))
      return 1;
   struct kiln_run_arg *a = REF_ARG(l, 0), *w = REF_ARG(l, 1), *out = REF_ARG(l, 2);
   size_t n = l->global[0];
   for (size_t i = 0; i < n; i++) {
      double x = corpus_get_f(a, i), y = corpus_get_f(w, i);
      set_round(out, 0 * n + i, x, RTZ); /* default float -> int: rtz */
      set_round(out, 1 * n + i, x, RTE);
      set_round(out, 2 * n + i, x, RTZ);
      set_round(out, 3 * n + i, x, RTP);
      set_round(out, 4 * n + i, x, RTN);
      set_sat(out, 5 * n + i, y, RTZ);
      set_sat(out, 6 * n + i, y, RTE);
      set_sat(out, 7 * n + i, y, RTP);
      set_sat(out, 8 * n + i, y, RTN);
   }
   return 0;
}

static int
ref_f2narrow(struct kiln_run_command *l)
{
   if (ref_expect(l, 8))
      return 1;
   static const enum rmode modes[7] = { RTZ, RTN, RTE, RTP, RTZ, RTZ, RTE };
   for (size_t i = 0; i < l->global[0]; i++)
      for (unsigned k = 0; k < 7; k++)
         set_sat(REF_ARG(l, 1 + k), i, corpus_get_f(REF_ARG(l, 0), i), modes[k]);
   return 0;
}

static int
ref_i2f(struct kiln_run_command *l)
{
   if (ref_expect(l, 5))
      return 1;
   struct kiln_run_arg *out = REF_ARG(l, 4);
   size_t n = l->global[0];
   static const enum rmode modes[4] = { RTE, RTZ, RTP, RTN };
   for (size_t i = 0; i < n; i++)
      for (unsigned s = 0; s < 4; s++)
         for (unsigned m = 0; m < 4; m++)
            set_int_to_float(out, (s * 4 + m) * n + i, REF_ARG(l, s), i, modes[m]);
   return 0;
}

/* Saturating integer conversion of v (as int64 or uint64) to dst. */
static void
set_int_sat(struct kiln_run_arg *dst, size_t slot, const struct kiln_run_arg *src, size_t sslot)
{
   if (!kiln_run_base_is_signed(src->type.base)) {
      uint64_t v = corpus_get_bits(src, sslot);
      corpus_set_u(dst, slot, v > ref_umax(dst) ? ref_umax(dst) : v);
      return;
   }
   int64_t v = corpus_get_i(src, sslot);
   if (v < ref_min_of(dst))
      corpus_set_i(dst, slot, ref_min_of(dst));
   else if (v >= 0 && (uint64_t)v > ref_umax(dst))
      corpus_set_u(dst, slot, ref_umax(dst));
   else
      corpus_set_i(dst, slot, v);
}

static int
ref_i2i(struct kiln_run_command *l)
{
   if (ref_expect(l, 14))
      return 1;
   /* destination argument, source argument, saturating */
   static const struct {
      unsigned dst, src;
      bool sat;
   } map[] = {
      { 3, 0, true },  { 4, 0, false },  { 5, 0, true },  { 6, 0, true },
      { 7, 0, true },  { 8, 1, true },   { 9, 1, true },  { 10, 1, true },
      { 11, 1, true }, { 12, 1, false }, { 13, 2, true },
   };
   for (size_t i = 0; i < l->global[0]; i++)
      for (unsigned k = 0; k < sizeof(map) / sizeof(map[0]); k++) {
         struct kiln_run_arg *dst = REF_ARG(l, map[k].dst);
         const struct kiln_run_arg *src = REF_ARG(l, map[k].src);
         if (map[k].sat)
            set_int_sat(dst, i, src, i);
         else /* modulo 2^N */
            corpus_set_bits(dst, i, (uint64_t)corpus_get_i(src, i));
      }
   return 0;
}

static int
ref_d2f(struct kiln_run_command *l)
{
   if (ref_expect(l, 4))
      return 1;
   struct kiln_run_arg *d = REF_ARG(l, 0), *out = REF_ARG(l, 1), *iout = REF_ARG(l, 2),
                       *back = REF_ARG(l, 3);
   size_t n = l->global[0];
   static const enum rmode modes[4] = { RTE, RTZ, RTP, RTN };
   for (size_t i = 0; i < n; i++) {
      double x = corpus_get_f(d, i);
      for (unsigned m = 0; m < 4; m++)
         corpus_set_f(out, m * n + i, double_to_float(x, modes[m]));
      set_sat(iout, i, x, RTE);
      set_sat(iout, n + i, x, RTZ);
      corpus_set_f(back, i, double_to_float(x, RTP));
   }
   return 0;
}

static int
ref_vconvert(struct kiln_run_command *l)
{
   if (ref_expect(l, 7))
      return 1;
   struct kiln_run_arg *f = REF_ARG(l, 0), *v = REF_ARG(l, 1), *v3 = REF_ARG(l, 2);
   for (size_t i = 0; i < l->global[0]; i++) {
      for (unsigned c = 0; c < 4; c++) {
         double x = corpus_get_f(f, i * 4 + c);
         set_sat(REF_ARG(l, 3), i * 4 + c, x, RTE);
         /* f * 0.25f is exact (a power of two, no underflow here) */
         set_sat(REF_ARG(l, 6), i * 4 + c, x * 0.25, RTN);
      }
      for (unsigned c = 0; c < 8; c++)
         set_int_sat(REF_ARG(l, 4), i * 8 + c, v, i * 8 + c);
      for (unsigned c = 0; c < 3; c++)
         set_int_to_float(REF_ARG(l, 5), i * 4 + c, v3, i * 4 + c, RTE);
   }
   return 0;
}

const struct corpus_ref corpus_refs_convert[] = {
   { "f2i", ref_f2i }, { "f2narrow", ref_f2narrow }, { "i2f", ref_i2f }, { "i2i", ref_i2i },
   { "d2f", ref_d2f }, { "vconvert", ref_vconvert }, { NULL, NULL },
};
