/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * References for tests/kernels/math/pi_edge_cases.cl: the results OpenCL
 * C 2.0 §7.5.1 prescribes for sinpi, cospi, tanpi and atanpi, written
 * from its list (not computed with a math library), as the bits of the
 * input's type; a NaN is the kernel's positive quiet NaN.  An input for
 * which the list prescribes no value is refused, so every case checks
 * only prescribed values:
 *
 *   sinpi(±0) = ±0, sinpi(+n) = +0 and sinpi(-n) = -0 for integers n,
 *   sinpi(±inf) = NaN;
 *   cospi(±0) = 1, cospi(n + 0.5) = +0 for integers n, cospi(±inf) = NaN;
 *   tanpi(±0) = ±0, tanpi(n) = copysign(0, n) for even n and
 *   copysign(0, -n) for odd n, tanpi(n + 0.5) = +inf for even n and -inf
 *   for odd n, tanpi(±inf) = NaN;
 *   atanpi(±0) = ±0, atanpi(±inf) = ±0.5.
 */
#include "ref.h"

/* The prescribed value of fn(x), or false. */
static bool
prescribed(const char *fn, double x, double *r)
{
   const bool integer = isfinite(x) && x == floor(x);
   const bool half_odd = isfinite(x) && !integer && x - floor(x) == 0.5;
   /* The parity of an integer, and of n in n + 0.5. */
   const bool odd = fmod(fabs(floor(x)), 2.0) == 1.0;

   if (!strcmp(fn, "sinpi")) {
      if (isinf(x))
         *r = NAN;
      else if (x == 0)
         *r = x;
      else if (integer)
         *r = x > 0 ? 0.0 : -0.0;
      else
         return false;
   } else if (!strcmp(fn, "cospi")) {
      if (isinf(x))
         *r = NAN;
      else if (x == 0)
         *r = 1.0;
      else if (half_odd)
         *r = 0.0;
      else
         return false;
   } else if (!strcmp(fn, "tanpi")) {
      if (isinf(x))
         *r = NAN;
      else if (x == 0)
         *r = x;
      else if (integer)
         *r = copysign(0.0, odd ? -x : x);
      else if (half_odd)
         *r = odd ? -INFINITY : INFINITY;
      else
         return false;
   } else if (!strcmp(fn, "atanpi")) {
      if (isinf(x))
         *r = copysign(0.5, x);
      else if (x == 0)
         *r = x;
      else
         return false;
   } else {
      return false;
   }
   return true;
}

static int
ref_pi_edge_cases(struct kiln_run_command *l)
{
   char fn[32];
   if (ref_expect(l, 2) || !ref_get_fn(l, fn, sizeof(fn)))
      return 1;
   struct kiln_run_arg *out = REF_ARG(l, 0);
   const struct kiln_run_arg *in = REF_ARG(l, 1);
   const bool is_half = in->type.base == KILN_TYPE_HALF;
   const bool is_double = in->type.base == KILN_TYPE_DOUBLE;
   for (size_t i = 0; i < ref_ncomp(in); i++) {
      const double x = corpus_get_f(in, i);
      double r;
      if (!prescribed(fn, x, &r)) {
         fprintf(stderr, "corpus_ref: %s(%g): OpenCL C 2.0 §7.5.1 prescribes no value\n", fn, x);
         return 1;
      }
      uint64_t bits;
      if (isnan(r)) {
         bits = is_half ? 0x7e00 : is_double ? 0x7ff8000000000000ull : 0x7fc00000;
      } else if (is_half) {
         bits = corpus_half_from_double(r, CORPUS_RTE);
      } else if (is_double) {
         memcpy(&bits, &r, sizeof(bits));
      } else {
         const float f = (float)r;
         uint32_t u;
         memcpy(&u, &f, sizeof(u));
         bits = u;
      }
      corpus_set_u(out, i, bits);
   }
   return 0;
}

const struct corpus_ref corpus_refs_math_edge_cases[] = {
   { "pi_edge_cases", ref_pi_edge_cases },
   { NULL, NULL },
};
