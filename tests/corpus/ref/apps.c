/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * References for the application-style kernels (saxpy, tiled matrix
 * multiply, scan, histogram, reductions, a private array, a data-dependent
 * loop, a sort), each computed the plain sequential way.
 */
#include "ref.h"

#include <stdlib.h>

static int
ref_saxpy(struct kiln_run_command *l)
{
   if (ref_expect(l, 3))
      return 1;
   double a = corpus_get_f(REF_ARG(l, 0), 0);
   for (size_t i = 0; i < l->global[0]; i++)
      corpus_set_f(REF_ARG(l, 2), i,
                   a * corpus_get_f(REF_ARG(l, 1), i) + corpus_get_f(REF_ARG(l, 2), i));
   return 0;
}

static int
ref_matmul(struct kiln_run_command *l)
{
   if (ref_expect(l, 6))
      return 1;
   int64_t m = corpus_get_i(REF_ARG(l, 3), 0), n = corpus_get_i(REF_ARG(l, 4), 0),
           k = corpus_get_i(REF_ARG(l, 5), 0);
   for (int64_t r = 0; r < m; r++)
      for (int64_t c = 0; c < n; c++) {
         double acc = 0;
         for (int64_t j = 0; j < k; j++)
            acc += corpus_get_f(REF_ARG(l, 0), r * k + j) * corpus_get_f(REF_ARG(l, 1), j * n + c);
         corpus_set_f(REF_ARG(l, 2), r * n + c, acc);
      }
   return 0;
}

static int
ref_prefix_sum(struct kiln_run_command *l)
{
   if (ref_expect(l, 4))
      return 1;
   size_t n = l->local[0];
   for (size_t g = 0; g < l->global[0] / n; g++) {
      int64_t s = 0;
      for (size_t i = 0; i < n; i++) {
         s += corpus_get_i(REF_ARG(l, 0), g * n + i);
         corpus_set_i(REF_ARG(l, 1), g * n + i, ref_wrap(REF_ARG(l, 1), s));
      }
      corpus_set_i(REF_ARG(l, 2), g, ref_wrap(REF_ARG(l, 2), s));
   }
   return 0;
}

static int
ref_histogram(struct kiln_run_command *l)
{
   if (ref_expect(l, 2))
      return 1;
   for (size_t i = 0; i < l->global[0]; i++) {
      uint64_t bin = corpus_get_u(REF_ARG(l, 0), i) / 16;
      corpus_set_u(REF_ARG(l, 1), bin, corpus_get_u(REF_ARG(l, 1), bin) + 1);
   }
   return 0;
}

static int
ref_reduce_float(struct kiln_run_command *l)
{
   if (ref_expect(l, 4))
      return 1;
   size_t count = corpus_get_u(REF_ARG(l, 1), 0), total = l->global[0];
   size_t ls = l->local[0];
   for (size_t g = 0; g < total / ls; g++) {
      double s = 0;
      /* group g's work-items g*ls..g*ls+ls-1 each take every total-th value */
      for (size_t w = g * ls; w < (g + 1) * ls; w++)
         for (size_t i = w; i < count; i += total)
            s += corpus_get_f(REF_ARG(l, 0), i);
      corpus_set_f(REF_ARG(l, 2), g, s);
   }
   return 0;
}

static int
ref_scratch(struct kiln_run_command *l)
{
   if (ref_expect(l, 3))
      return 1;
   const struct kiln_run_arg *in = REF_ARG(l, 0), *idx = REF_ARG(l, 1);
   for (size_t i = 0; i < l->global[0]; i++) {
      int32_t arr[64];
      for (int k = 0; k < 64; k++)
         arr[k] = (int32_t)((uint32_t)corpus_get_i(in, i) * k + (k ^ 0x15));
      for (int k = 0; k < 8; k++)
         arr[corpus_get_u(idx, (i + k) % 64) % 64] += k;
      uint32_t sum = 0;
      for (int j = 0; j < 64; j++)
         sum += (uint32_t)arr[corpus_get_u(idx, (i + j) % 64) % 64] * (j & 3);
      corpus_set_i(REF_ARG(l, 2), i, (int32_t)sum);
   }
   return 0;
}

static int
ref_collatz(struct kiln_run_command *l)
{
   if (ref_expect(l, 3))
      return 1;
   for (size_t i = 0; i < l->global[0]; i++) {
      uint32_t v = corpus_get_u(REF_ARG(l, 0), i), top = v, n = 0;
      while (v != 1 && n < 1000) {
         v = v % 2 ? 3 * v + 1 : v / 2;
         top = v > top ? v : top;
         n++;
      }
      corpus_set_u(REF_ARG(l, 1), i, n);
      corpus_set_u(REF_ARG(l, 2), i, top);
   }
   return 0;
}

static int
cmp_i32(const void *a, const void *b)
{
   int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
   return (x > y) - (x < y);
}

static int
ref_sort64(struct kiln_run_command *l)
{
   if (ref_expect(l, 1))
      return 1;
   int32_t *d = REF_ARG(l, 0)->data;
   for (size_t g = 0; g < l->global[0] / 64; g++)
      qsort(d + g * 64, 64, sizeof(int32_t), cmp_i32);
   return 0;
}

static int
ref_constant_lut(struct kiln_run_command *l)
{
   if (ref_expect(l, 3))
      return 1;
   static const int64_t bias[4] = { 1, -10, 100, -1000 };
   for (size_t i = 0; i < l->global[0]; i++) {
      uint64_t k = corpus_get_u(REF_ARG(l, 1), i);
      int64_t v = corpus_get_i(REF_ARG(l, 0), k % 16) * 3 + bias[k / 64];
      corpus_set_i(REF_ARG(l, 2), i, ref_wrap(REF_ARG(l, 2), v));
   }
   return 0;
}

const struct corpus_ref corpus_refs_apps[] = {
   { "constant_lut", ref_constant_lut },
   { "saxpy", ref_saxpy },
   { "matmul", ref_matmul },
   { "prefix_sum", ref_prefix_sum },
   { "histogram", ref_histogram },
   { "reduce_float", ref_reduce_float },
   { "scratch", ref_scratch },
   { "collatz", ref_collatz },
   { "sort64", ref_sort64 },
   { NULL, NULL },
};
