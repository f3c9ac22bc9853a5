/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * References for the local-memory kernels, computed directly from what
 * each computes per work-group (a group's sum, a transposed matrix, values
 * of other work-items of the same group) without modelling barriers.
 */
#include "ref.h"

static int
ref_group_sum(struct kiln_run_command *l)
{
   if (ref_expect(l, strcmp(l->kernel, "reduce_arg") ? 2 : 3))
      return 1;
   struct kiln_run_arg *in = REF_ARG(l, 0), *out = REF_ARG(l, 1);
   size_t ls = l->local[0], groups = l->global[0] / ls;
   for (size_t g = 0; g < groups; g++) {
      int64_t s = 0;
      for (size_t k = 0; k < ls; k++)
         s += corpus_get_i(in, g * ls + k);
      corpus_set_i(out, g, ref_wrap(out, s));
   }
   return 0;
}

static int
ref_transpose(struct kiln_run_command *l)
{
   if (ref_expect(l, 2))
      return 1;
   size_t w = l->global[0], h = l->global[1];
   for (size_t y = 0; y < h; y++)
      for (size_t x = 0; x < w; x++)
         corpus_set_bits(REF_ARG(l, 1), x * h + y, corpus_get_bits(REF_ARG(l, 0), y * w + x));
   return 0;
}

static int
ref_local_args(struct kiln_run_command *l)
{
   if (ref_expect(l, 4))
      return 1;
   struct kiln_run_arg *in = REF_ARG(l, 0), *out = REF_ARG(l, 1);
   size_t n = l->local[0];
   for (size_t g = 0; g < l->global[0] / n; g++)
      for (size_t i = 0; i < n; i++) {
         int64_t a = corpus_get_i(in, g * n + (n - 1 - i));
         /* (short)(x & 0xff) */
         int64_t b = corpus_get_i(in, g * n + (i + 1) % n) & 0xff;
         int64_t base = corpus_get_i(in, g * n) * 1000;
         corpus_set_i(out, g * n + i, ref_wrap(out, a + b + base));
      }
   return 0;
}

static int
ref_group_mirror2(struct kiln_run_command *l)
{
   if (ref_expect(l, 3))
      return 1;
   struct kiln_run_arg *in = REF_ARG(l, 0), *out = REF_ARG(l, 1);
   size_t n = l->local[0];
   for (size_t g = 0; g < l->global[0] / n; g++)
      for (size_t i = 0; i < n; i++)
         corpus_set_i(out, g * n + i, ref_wrap(out, 2 * corpus_get_i(in, g * n + n - 1 - i)));
   return 0;
}

const struct corpus_ref corpus_refs_local[] = {
   { "group_mirror2", ref_group_mirror2 },
   { "group_sum", ref_group_sum },
   { "transpose", ref_transpose },
   { "local_args", ref_local_args },
   { NULL, NULL },
};
