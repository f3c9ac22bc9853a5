/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Component access by memory slot for the CPU references.  Integers are
 * read sign- or zero-extended from their width and written modulo 2^N (a C
 * conversion to unsigned, two's complement for signed); floats convert as
 * C's casts do.
 */
#include "slots.h"

#include <math.h>
#include <string.h>

static void *
slot_ptr(const struct kiln_run_arg *arg, size_t slot)
{
   return (char *)arg->data + slot * arg->type.scalar_size;
}

uint64_t
corpus_get_bits(const struct kiln_run_arg *arg, size_t slot)
{
   uint64_t v = 0;
   memcpy(&v, slot_ptr(arg, slot), arg->type.scalar_size);
   return v;
}

void
corpus_set_bits(struct kiln_run_arg *arg, size_t slot, uint64_t bits)
{
   memcpy(slot_ptr(arg, slot), &bits, arg->type.scalar_size);
}

int64_t
corpus_get_i(const struct kiln_run_arg *arg, size_t slot)
{
   uint64_t bits = corpus_get_bits(arg, slot);
   switch (arg->type.base) {
   case KILN_TYPE_CHAR:
      return (int8_t)bits;
   case KILN_TYPE_SHORT:
      return (int16_t)bits;
   case KILN_TYPE_INT:
      return (int32_t)bits;
   case KILN_TYPE_HALF:
      return (int64_t)corpus_get_f(arg, slot);
   case KILN_TYPE_FLOAT:
      return (int64_t)corpus_get_f(arg, slot);
   case KILN_TYPE_DOUBLE:
      return (int64_t)corpus_get_f(arg, slot);
   default:
      return (int64_t)bits;
   }
}

uint64_t
corpus_get_u(const struct kiln_run_arg *arg, size_t slot)
{
   if (kiln_run_base_is_float(arg->type.base))
      return (uint64_t)corpus_get_f(arg, slot);
   return (uint64_t)corpus_get_i(arg, slot);
}

double
corpus_get_f(const struct kiln_run_arg *arg, size_t slot)
{
   if (arg->type.base == KILN_TYPE_HALF)
      return corpus_half_to_double(corpus_get_bits(arg, slot));
   if (arg->type.base == KILN_TYPE_FLOAT) {
      float f;
      memcpy(&f, slot_ptr(arg, slot), 4);
      return f;
   }
   if (arg->type.base == KILN_TYPE_DOUBLE) {
      double d;
      memcpy(&d, slot_ptr(arg, slot), 8);
      return d;
   }
   if (kiln_run_base_is_signed(arg->type.base))
      return (double)corpus_get_i(arg, slot);
   return (double)corpus_get_bits(arg, slot);
}

void
corpus_set_u(struct kiln_run_arg *arg, size_t slot, uint64_t v)
{
   if (kiln_run_base_is_float(arg->type.base))
      corpus_set_f(arg, slot, (double)v);
   else
      corpus_set_bits(arg, slot, v); /* modulo 2^N, as a conversion to unsigned */
}

void
corpus_set_i(struct kiln_run_arg *arg, size_t slot, int64_t v)
{
   if (kiln_run_base_is_float(arg->type.base))
      corpus_set_f(arg, slot, (double)v);
   else
      corpus_set_bits(arg, slot, (uint64_t)v);
}

void
corpus_set_f(struct kiln_run_arg *arg, size_t slot, double v)
{
   if (arg->type.base == KILN_TYPE_HALF) {
      corpus_set_bits(arg, slot, corpus_half_from_double(v, CORPUS_RTE));
   } else if (arg->type.base == KILN_TYPE_FLOAT) {
      float f = (float)v;
      memcpy(slot_ptr(arg, slot), &f, 4);
   } else if (arg->type.base == KILN_TYPE_DOUBLE) {
      memcpy(slot_ptr(arg, slot), &v, 8);
   } else if (kiln_run_base_is_signed(arg->type.base)) {
      corpus_set_i(arg, slot, (int64_t)v);
   } else {
      corpus_set_u(arg, slot, (uint64_t)v);
   }
}

double
corpus_half_to_double(uint16_t h)
{
   const double sign = h >> 15 ? -1.0 : 1.0;
   const unsigned exponent = (h >> 10) & 0x1f, fraction = h & 0x3ff;
   if (exponent == 0x1f)
      return fraction ? NAN : sign * INFINITY;
   if (exponent == 0)
      return sign * ldexp(fraction, -24);
   return sign * ldexp(fraction | 0x400, (int)exponent - 25);
}

/* |v| as an integer count of its half ulp, rounded by mode: the ulp is
 * 2^(e - 11) for |v| in [2^(e-1), 2^e), and 2^-24 below 2^-14, and both
 * scalings by it are exact. */
uint16_t
corpus_half_from_double(double v, enum corpus_rounding mode)
{
   const uint16_t sign = signbit(v) ? 0x8000 : 0;
   const double a = fabs(v);
   if (isnan(v))
      return 0x7e00;
   if (isinf(v))
      return sign | 0x7c00;
   int e;
   frexp(a, &e);
   const int ulp_exp = e - 11 > -24 ? e - 11 : -24;
   const double units = ldexp(a, -ulp_exp);
   /* The direction of rounding |v|: up for rtp of a positive value and
    * rtn of a negative one, toward zero for rtz and the opposite cases. */
   const bool up = (mode == CORPUS_RTP && !sign) || (mode == CORPUS_RTN && sign);
   const double rounded = mode == CORPUS_RTE ? nearbyint(units) : up ? ceil(units) : floor(units);
   const double r = ldexp(rounded, ulp_exp);
   if (r > 65504.0)
      return sign | (mode == CORPUS_RTE || up ? 0x7c00 : 0x7bff);
   if (r < 0x1p-14)
      return sign | (uint16_t)ldexp(r, 24);
   int re;
   const double m = frexp(r, &re); /* r = m 2^re, m in [0.5, 1) */
   return sign | (uint16_t)((re + 14) << 10) | ((uint16_t)ldexp(m, 11) & 0x3ff);
}
