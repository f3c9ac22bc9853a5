/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Reference for tests/kernels/calls/: C's own by-value struct semantics
 * (C99 §6.5.2.2, which OpenCL C follows), computed with host structs.
 */
#include "ref.h"

struct pair {
   signed char c;
   int a[4];
};

static int
pair_sum(struct pair p)
{
   return p.c + p.a[0] + p.a[1] + p.a[2] + p.a[3];
}

static int
ref_struct_by_value(struct kiln_run_command *l)
{
   if (ref_expect(l, 2))
      return 1;
   struct kiln_run_arg *out = REF_ARG(l, 0), *in = REF_ARG(l, 1);
   size_t n = ref_total_items(l);
   for (size_t id = 0; id < n; id++) {
      int x = (int)corpus_get_i(in, id);
      struct pair v = { -20, { 14, -8, x, 100 } };
      struct pair m = { 15, { 14, -8, x, 900 } };
      struct pair callee = m; /* sum_pair's own copy */
      callee.a[0] += 100;
      struct pair b = v; /* bump's own copy */
      b.c = (signed char)(b.c + 15);
      b.a[0] += 14, b.a[1] -= 8, b.a[2] += 9, b.a[3] += 18;
      corpus_set_i(out, 4 * id + 0, pair_sum(callee));
      corpus_set_i(out, 4 * id + 1, pair_sum(b));
      corpus_set_i(out, 4 * id + 2, pair_sum(v));
      corpus_set_i(out, 4 * id + 3, m.a[0]);
   }
   return 0;
}

const struct corpus_ref corpus_refs_calls[] = {
   { "struct_by_value", ref_struct_by_value },
   { NULL, NULL },
};
