/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Reference for the work-item functions (OpenCL C 2.0 §6.13.1): the
 * launch's ND-range enumerated on the CPU, each work-item's ids and sizes
 * derived from the definitions (including the smaller last work-group of a
 * non-uniform launch and the unit sizes past get_work_dim()).
 */
#include "ref.h"

static void
item(struct kiln_run_command *l, const struct ref_item *it, void *ctx)
{
   struct kiln_run_arg *out = REF_ARG(l, 0);
   bool cl20 = *(bool *)ctx;
   size_t o = it->linear * 28;
   for (unsigned d = 0; d < 3; d++) {
      uint64_t v[8] = {it->gid[d],  it->gsize[d], it->offset[d],
                       it->lid[d],  it->lsize[d], it->grp[d],
                       it->ngroups[d], cl20 ? it->enq_lsize[d] : it->lsize[d]};
      for (unsigned k = 0; k < 8; k++)
         corpus_set_u(out, o + d * 8 + k, v[k]);
   }
   corpus_set_u(out, o + 24, l->dim);
   corpus_set_u(out, o + 25, cl20 ? it->linear : UINT32_MAX);
   corpus_set_u(out, o + 26, cl20 ? it->local_linear : UINT32_MAX);
   corpus_set_u(out, o + 27, 0xdeadbeef);
}

static int
ref_workitem(struct kiln_run_command *l)
{
   if (ref_expect(l, 1))
      return 1;
   if (!l->has_local) {
      fprintf(stderr, "corpus_ref: workitem needs -l\n");
      return 1;
   }
   bool cl20 = !strcmp(l->kernel, "workitem20");
   ref_foreach_item(l, item, &cl20);
   return 0;
}

const struct corpus_ref corpus_refs_workitem[] = {
   {"workitem", ref_workitem},
   {NULL, NULL},
};
