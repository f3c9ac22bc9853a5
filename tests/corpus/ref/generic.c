/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * References for tests/kernels/generic/: the generic address space
 * (OpenCL C 2.0 §6.5.5).  A generic pointer designates an object in one
 * of __global, __local or __private memory; reading or writing through it
 * reads or writes that object; to_global, to_local and to_private
 * (§6.13.9) give the pointer in their space or NULL; get_fence gives
 * CLK_GLOBAL_MEM_FENCE (2) or CLK_LOCAL_MEM_FENCE (1); null stays null
 * across conversions.  Here each object is a host variable.
 */
#include "ref.h"

#define CLK_LOCAL_MEM_FENCE  1
#define CLK_GLOBAL_MEM_FENCE 2

enum space { GLOBAL, LOCAL, PRIVATE };

static void
select_item(struct kiln_run_command *l, const struct ref_item *it, void *data)
{
   struct kiln_run_arg *out = REF_ARG(l, 0), *g = REF_ARG(l, 1);
   const int gid = (int)it->gid[0];
   const enum space s = (enum space)(gid % 3);
   int value;
   switch (s) {
   case GLOBAL:
      value = (int)corpus_get_i(g, gid);
      break;
   case LOCAL:
      value = gid + 1000;
      break;
   default:
      value = gid * 10 + (gid & 3);
      break;
   }
   corpus_set_i(out, 4 * gid + 0, value);
   corpus_set_i(out, 4 * gid + 1, 1 << s); /* exactly one of to_global/local/private */
   corpus_set_i(out, 4 * gid + 2,
                s == GLOBAL  ? CLK_GLOBAL_MEM_FENCE
                : s == LOCAL ? CLK_LOCAL_MEM_FENCE
                             : -1);
   corpus_set_i(out, 4 * gid + 3, value + 5); /* the write through the pointer */
   if (s == GLOBAL)
      corpus_set_i(g, gid, value + 5);
}

static int
ref_generic_select(struct kiln_run_command *l)
{
   if (ref_expect(l, 3))
      return 1;
   ref_foreach_item(l, select_item, NULL);
   return 0;
}

static void
helpers_item(struct kiln_run_command *l, const struct ref_item *it, void *data)
{
   struct kiln_run_arg *out = REF_ARG(l, 0), *g = REF_ARG(l, 1), *h = REF_ARG(l, 2);
   const int gid = (int)it->gid[0];
   const int hsum = (int)(corpus_get_i(h, 2 * gid) + corpus_get_i(h, 2 * gid + 1));
   corpus_set_i(g, gid, corpus_get_i(g, gid) + 7);
   /* to_local of a __global pointer is NULL: 14 off */
   corpus_set_i(out, 3 * gid + 0, hsum - 14);
   /* l[2 lid] = gid + 100 plus 1, l[2 lid + 1] = gid + 200; to_local gives it back */
   corpus_set_i(out, 3 * gid + 1, (gid + 101) + (gid + 200) + 1000);
   /* priv = { gid, 2 gid + 3 }; to_private gives it back, to_global NULL */
   corpus_set_i(out, 3 * gid + 2, gid + (2 * gid + 3) + 1000 + 10000);
}

static int
ref_generic_helpers(struct kiln_run_command *l)
{
   if (ref_expect(l, 4))
      return 1;
   ref_foreach_item(l, helpers_item, NULL);
   return 0;
}

static int
ref_generic_atomic(struct kiln_run_command *l)
{
   if (ref_expect(l, 3))
      return 1;
   struct kiln_run_arg *gcount = REF_ARG(l, 0), *out = REF_ARG(l, 1);
   const size_t groups = l->global[0] / l->local[0], lsize = l->local[0];
   /* even local ids add to the __global counter, odd ones to their
    * group's __local counter */
   corpus_set_i(gcount, 0, corpus_get_i(gcount, 0) + (int64_t)(groups * ((lsize + 1) / 2)));
   for (size_t k = 0; k < groups; k++)
      corpus_set_i(out, k, (int64_t)(lsize / 2));
   return 0;
}

static void
null_item(struct kiln_run_command *l, const struct ref_item *it, void *data)
{
   for (unsigned k = 0; k < 8; k++)
      corpus_set_i(REF_ARG(l, 0), 8 * it->gid[0] + k, 1);
}

static int
ref_generic_null(struct kiln_run_command *l)
{
   if (ref_expect(l, 3))
      return 1;
   if (corpus_get_i(REF_ARG(l, 2), 0) != 0) {
      fprintf(stderr, "generic_null: z must be 0\n");
      return 1;
   }
   ref_foreach_item(l, null_item, NULL);
   return 0;
}

static void
table_item(struct kiln_run_command *l, const struct ref_item *it, void *data)
{
   const int gid = (int)it->gid[0];
   const int t[3] = { (int)corpus_get_i(REF_ARG(l, 1), gid), 3 * gid, 7 * gid };
   const int k = gid % 3;
   corpus_set_i(REF_ARG(l, 0), gid, t[k] + 100 * t[(k + 1) % 3]);
}

static int
ref_generic_table(struct kiln_run_command *l)
{
   if (ref_expect(l, 3))
      return 1;
   ref_foreach_item(l, table_item, NULL);
   return 0;
}

const struct corpus_ref corpus_refs_generic[] = {
   { "generic_select", ref_generic_select }, { "generic_helpers", ref_generic_helpers },
   { "generic_atomic", ref_generic_atomic }, { "generic_null", ref_generic_null },
   { "generic_table", ref_generic_table },   { NULL, NULL },
};
