/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Reference for tests/kernels/sample/vadd.cl: c[i] = a[i] + b[i], one IEEE
 * single-precision addition (correctly rounded, OpenCL C 2.0 §7.4).
 */
#include "ref.h"

static int
ref_vadd(struct kiln_run_command *l)
{
   if (ref_expect(l, 3))
      return 1;
   struct kiln_run_arg *a = REF_ARG(l, 0), *b = REF_ARG(l, 1), *c = REF_ARG(l, 2);
   size_t n = ref_total_items(l) * c->type.n;
   for (size_t i = 0; i < n; i++) {
      size_t s = ref_slot(c, i);
      float sum = (float)corpus_get_f(a, s) + (float)corpus_get_f(b, s);
      corpus_set_f(c, s, sum);
   }
   return 0;
}

const struct corpus_ref corpus_refs_sample[] = {
   { "vadd", ref_vadd },
   { NULL, NULL },
};
