/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Reference for the work-item functions (OpenCL C 2.0 §6.13.1): the
 * launch's ND-range enumerated on the CPU, each work-item's ids and sizes
 * derived from the definitions (including the smaller last work-group of a
 * non-uniform launch and the unit sizes past get_work_dim()), and at any
 * dimension index past get_work_dim(): 1 for the sizes, 0 for the ids and
 * the offset.
 */
#include "ref.h"

static void
item(struct kiln_run_command *l, const struct ref_item *it, void *ctx)
{
   struct kiln_run_arg *out = REF_ARG(l, 0);
   bool cl20 = *(bool *)ctx;
   size_t o = it->linear * 28;
   for (unsigned d = 0; d < 3; d++) {
      uint64_t v[8] = { it->gid[d],     it->gsize[d],
                        it->offset[d],  it->lid[d],
                        it->lsize[d],   it->grp[d],
                        it->ngroups[d], cl20 ? it->enq_lsize[d] : it->lsize[d] };
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

struct dims_ctx {
   bool cl20;
   uint32_t d;
};

/* Function f of workitem_dims.cl's eight at dimension dim. */
static uint64_t
dim_value(const struct kiln_run_command *l, const struct ref_item *it, bool cl20, uint32_t dim,
          unsigned f)
{
   if (dim >= l->dim) {
      /* get_global_size, get_local_size, get_num_groups and
       * get_enqueued_local_size are sizes. */
      return f == 1 || f == 4 || f == 6 || f == 7;
   }
   switch (f) {
   case 0:
      return it->gid[dim];
   case 1:
      return it->gsize[dim];
   case 2:
      return it->offset[dim];
   case 3:
      return it->lid[dim];
   case 4:
      return it->lsize[dim];
   case 5:
      return it->grp[dim];
   case 6:
      return it->ngroups[dim];
   default:
      return cl20 ? it->enq_lsize[dim] : it->lsize[dim];
   }
}

static void
item_dims(struct kiln_run_command *l, const struct ref_item *it, void *data)
{
   const struct dims_ctx *ctx = data;
   const uint32_t dims[5] = { ctx->d, ctx->d + 1, 3, 4, 0xffffffff };
   struct kiln_run_arg *out = REF_ARG(l, 0);
   for (unsigned k = 0; k < 5; k++) {
      for (unsigned f = 0; f < 8; f++)
         corpus_set_u(out, it->linear * 40 + k * 8 + f, dim_value(l, it, ctx->cl20, dims[k], f));
   }
}

static int
ref_workitem_dims(struct kiln_run_command *l)
{
   if (ref_expect(l, 2))
      return 1;
   if (!l->has_local) {
      fprintf(stderr, "corpus_ref: workitem_dims needs -l\n");
      return 1;
   }
   struct dims_ctx ctx = {
      .cl20 = !strcmp(l->kernel, "workitem_dims20"),
      .d = corpus_get_u(REF_ARG(l, 1), 0),
   };
   ref_foreach_item(l, item_dims, &ctx);
   return 0;
}

const struct corpus_ref corpus_refs_workitem[] = {
   { "workitem", ref_workitem },
   { "workitem_dims", ref_workitem_dims },
   { NULL, NULL },
};
