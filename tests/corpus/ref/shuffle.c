/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * References for shuffle and shuffle2 (OpenCL C 2.0 §6.13.12): result
 * element k is input element (mask[k] mod m) of x, or (mask[k] mod 2m) of
 * the concatenation x,y, for every input size m and mask size n.
 */
#include "ref.h"

static const unsigned sizes[] = { 2, 4, 8, 16 };

static int
shuffle_common(struct kiln_run_command *l, bool two)
{
   if (ref_expect(l, 3))
      return 1;
   const struct kiln_run_arg *x = REF_ARG(l, 0), *mask = REF_ARG(l, 1);
   struct kiln_run_arg *out = REF_ARG(l, 2);
   size_t o = 0;
   for (unsigned mi = 0; mi < 4; mi++) {
      unsigned m = sizes[mi];
      for (unsigned ni = 0; ni < 4; ni++) {
         unsigned n = sizes[ni];
         for (unsigned k = 0; k < n; k++, o++) {
            /* ilogb(2m-1) low bits select among m, one more among 2m. */
            uint64_t sel = corpus_get_bits(mask, k) % (two ? 2 * m : m);
            size_t src = sel < m ? sel : 16 + (sel - m);
            corpus_set_bits(out, o, corpus_get_bits(x, src));
         }
      }
   }
   return 0;
}

static int
ref_shuffle(struct kiln_run_command *l)
{
   return shuffle_common(l, false);
}

static int
ref_shuffle2(struct kiln_run_command *l)
{
   return shuffle_common(l, true);
}

const struct corpus_ref corpus_refs_shuffle[] = {
   { "shuffle", ref_shuffle },
   { "shuffle2", ref_shuffle2 },
   { NULL, NULL },
};
