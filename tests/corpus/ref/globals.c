/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * References for tests/kernels/globals/globals.cl: program-scope and
 * static __global variables (OpenCL C 2.0 §6.5.1) hold their initial
 * values when the program is loaded, pointers in initialisers point to the
 * variables named, and every launch (--launches, one -k after another)
 * finds what the launches before it left.
 */
#include "ref.h"

/* The initial values of globals.cl's variables, as §6.5.1 and the C99
 * initialisation rules give them, after `launches` launches of
 * read_globals in one work-group of n work-items: the last launch reads
 * counter and base as the launches before it left them. */
static int
ref_read_globals(struct kiln_run_command *l)
{
   if (ref_expect(l, 1))
      return 1;
   struct kiln_run_arg *out = REF_ARG(l, 0);
   const int64_t n = ref_total_items(l), before = l->launches - 1;
   const int64_t counter = before * n, base = 100 + before;
   const int64_t want[24] = {
      counter,
      base,
      -5000000000ll,
      -1,
      2,
      -3,
      4,
      -5,
      /* vec * 2 truncated: 1, -3, 5, -7 */
      1 - 30 + 500 - 7000,
      /* rgb */
      7 + 80 + 900,
      'r',
      9,
      10 + 20 + 30,
      'a' + 'b' * 1000,
      1,
      /* through the pointers */
      base,
      -3,
      20,
      counter,
      42,
      base + 6 * 1000 + 1,
      4,
      1,
      /* the address as an integer */
      1,
   };
   for (unsigned i = 0; i < 24; i++)
      corpus_set_i(out, i, want[i]);
   return 0;
}

/* Every launch draws n tickets, 1000 + n * launch + 0..n-1; slot t - 1000
 * of seen counts ticket t.  The other static draws 5, 15, 25, ...: the
 * last launch's draw is in steps[0]. */
static int
ref_tickets(struct kiln_run_command *l)
{
   if (ref_expect(l, 2))
      return 1;
   struct kiln_run_arg *seen = REF_ARG(l, 0);
   const size_t drawn = ref_total_items(l) * l->launches;
   for (size_t i = 0; i < drawn && i < seen->count; i++)
      corpus_set_i(seen, i, corpus_get_i(seen, i) + 1);
   corpus_set_i(REF_ARG(l, 1), 0, 5 + 10 * (int64_t)(l->launches - 1));
   return 0;
}

/* -k put -k take, --launches times: put then take make each element
 * 2 * (v + scale), and take adds 10 to scale, which starts at 1. */
static int
ref_put_take(struct kiln_run_command *l)
{
   if (ref_expect(l, 1))
      return 1;
   struct kiln_run_arg *io = REF_ARG(l, 0);
   int64_t scale = 1;
   for (unsigned launch = 0; launch < l->launches; launch++) {
      for (size_t i = 0; i < ref_total_items(l); i++)
         corpus_set_i(io, i, 2 * (corpus_get_i(io, i) + scale));
      scale += 10;
   }
   return 0;
}

/* plain starts at 7; each launch adds one through a generic pointer. */
static int
ref_generic_globals(struct kiln_run_command *l)
{
   if (ref_expect(l, 1))
      return 1;
   corpus_set_i(REF_ARG(l, 0), 0, 7 + l->launches);
   corpus_set_i(REF_ARG(l, 0), 1, 1);
   return 0;
}

const struct corpus_ref corpus_refs_globals[] = {
   { "read_globals", ref_read_globals },
   { "tickets", ref_tickets },
   { "put_take", ref_put_take },
   { "generic_globals", ref_generic_globals },
   { NULL, NULL },
};
