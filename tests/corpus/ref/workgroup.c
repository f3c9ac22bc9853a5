/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * References for tests/kernels/workgroup/: the work-group collective
 * functions of OpenCL C 2.0 §6.13.15, computed from their definitions
 * over the work-items of each work-group in increasing local linear id
 * order (the scan order §6.13.15 prescribes), for partial work-groups
 * too.  Integers wrap to their type; the float types' inputs are small
 * integers, so double arithmetic gives the exact sums every order of
 * combination gives.  An exclusive scan of no work-item is the
 * operation's identity: 0, the type's largest value (min, +infinity for
 * the float types) or smallest (max, -infinity).
 */
#include "ref.h"

#include <stdlib.h>

#define NOUT 13

enum wg_op { WG_ADD, WG_MIN, WG_MAX };

/* A value of the case's type T: floats as double, integers as their bits
 * sign- or zero-extended to 64. */
struct wg_value {
   double f;
   int64_t i;
};

struct wg_type {
   const struct kiln_run_arg *arg; /* a buffer of T, for its type */
   bool is_float, is_signed;
};

static bool
wg_less(const struct wg_type *t, struct wg_value a, struct wg_value b)
{
   if (t->is_float)
      return a.f < b.f;
   return t->is_signed ? a.i < b.i : (uint64_t)a.i < (uint64_t)b.i;
}

static struct wg_value
wg_identity(const struct wg_type *t, enum wg_op op)
{
   struct wg_value v = { 0, 0 };
   if (op == WG_MIN) {
      v.f = INFINITY;
      v.i = (int64_t)ref_umax(t->arg);
   } else if (op == WG_MAX) {
      v.f = -INFINITY;
      v.i = ref_min_of(t->arg);
   }
   return v;
}

static struct wg_value
wg_combine(const struct wg_type *t, enum wg_op op, struct wg_value a, struct wg_value b)
{
   switch (op) {
   case WG_ADD:
      a.f += b.f;
      a.i = ref_wrap(t->arg, (int64_t)((uint64_t)a.i + (uint64_t)b.i));
      return a;
   case WG_MIN:
      return wg_less(t, b, a) ? b : a;
   default:
      return wg_less(t, a, b) ? b : a;
   }
}

static struct wg_value
wg_get(const struct wg_type *t, const struct kiln_run_arg *a, size_t slot)
{
   struct wg_value v = { 0, 0 };
   if (t->is_float)
      v.f = corpus_get_f(a, slot);
   else
      v.i = ref_wrap(t->arg, corpus_get_i(a, slot));
   return v;
}

static void
wg_set(const struct wg_type *t, struct kiln_run_arg *a, size_t slot, struct wg_value v)
{
   if (t->is_float)
      corpus_set_f(a, slot, v.f);
   else
      corpus_set_i(a, slot, v.i);
}

/* The global linear id of the work-item with local linear id j in the
 * caller's work-group. */
static size_t
member(const struct ref_item *it, size_t j)
{
   const size_t l[3] = { j % it->lsize[0], j / it->lsize[0] % it->lsize[1],
                         j / (it->lsize[0] * it->lsize[1]) };
   size_t rel[3];
   for (unsigned d = 0; d < 3; d++)
      rel[d] = it->grp[d] * it->enq_lsize[d] + l[d];
   return (rel[2] * it->gsize[1] + rel[1]) * it->gsize[0] + rel[0];
}

static void
collective_item(struct kiln_run_command *l, const struct ref_item *it, void *data)
{
   struct kiln_run_arg *out = REF_ARG(l, 0);
   const struct kiln_run_arg *in = REF_ARG(l, 1);
   const struct wg_type t = {
      .arg = in,
      .is_float = kiln_run_base_is_float(in->type.base),
      .is_signed = kiln_run_base_is_signed(in->type.base),
   };
   const struct wg_value t_all = wg_get(&t, REF_ARG(l, 2), 0);
   const struct wg_value t_any = wg_get(&t, REF_ARG(l, 3), 0);
   size_t b[3] = { 0, 0, 0 };
   for (unsigned d = 0; d < l->dim; d++)
      b[d] = (size_t)corpus_get_u(REF_ARG(l, 4 + d), 0);
   const size_t n = it->lsize[0] * it->lsize[1] * it->lsize[2];
   const size_t self = it->local_linear;
   const size_t from = (b[2] * it->lsize[1] + b[1]) * it->lsize[0] + b[0];
   if (b[0] >= it->lsize[0] || b[1] >= it->lsize[1] || b[2] >= it->lsize[2])
      *(bool *)data = true; /* no such work-item: §6.13.15 gives no value */

   struct wg_value red[3], incl[3], excl[3];
   for (enum wg_op op = WG_ADD; op <= WG_MAX; op++)
      red[op] = incl[op] = excl[op] = wg_identity(&t, op);
   struct wg_value bcast = { 0, 0 };
   bool all = true, any = false;
   for (size_t j = 0; j < n; j++) {
      const struct wg_value x = wg_get(&t, in, member(it, j));
      for (enum wg_op op = WG_ADD; op <= WG_MAX; op++) {
         red[op] = wg_combine(&t, op, red[op], x);
         if (j <= self)
            incl[op] = wg_combine(&t, op, incl[op], x);
         if (j < self)
            excl[op] = wg_combine(&t, op, excl[op], x);
      }
      if (j == from)
         bcast = x;
      all &= wg_less(&t, t_all, x);
      any |= wg_less(&t, t_any, x);
   }

   /* The loop: acc = reduce_max(acc - i) + scan_inclusive_min(x), three
    * rounds, acc starting at each work-item's x. */
   struct wg_value *acc = calloc(n, sizeof(*acc));
   struct wg_value *mins = calloc(n, sizeof(*mins));
   struct wg_value m = wg_identity(&t, WG_MIN);
   for (size_t j = 0; j < n; j++) {
      acc[j] = wg_get(&t, in, member(it, j));
      m = wg_combine(&t, WG_MIN, m, acc[j]);
      mins[j] = m;
   }
   for (int round = 0; round < 3; round++) {
      struct wg_value mx = wg_identity(&t, WG_MAX);
      const struct wg_value minus = { -(double)round, ref_wrap(in, -(int64_t)round) };
      for (size_t j = 0; j < n; j++)
         mx = wg_combine(&t, WG_MAX, mx, wg_combine(&t, WG_ADD, acc[j], minus));
      for (size_t j = 0; j < n; j++)
         acc[j] = wg_combine(&t, WG_ADD, mx, mins[j]);
   }
   const struct wg_value looped = acc[self];
   free(acc);
   free(mins);

   const size_t o = NOUT * it->linear;
   for (enum wg_op op = WG_ADD; op <= WG_MAX; op++) {
      wg_set(&t, out, o + op, red[op]);
      wg_set(&t, out, o + 3 + op, incl[op]);
      wg_set(&t, out, o + 6 + op, excl[op]);
   }
   wg_set(&t, out, o + 9, bcast);
   wg_set(&t, out, o + 10, (struct wg_value){ all, all });
   wg_set(&t, out, o + 11, (struct wg_value){ any, any });
   wg_set(&t, out, o + 12, looped);
}

static int
ref_wg_collective(struct kiln_run_command *l)
{
   if (ref_expect(l, 7))
      return 1;
   if (!l->has_local) {
      fprintf(stderr, "corpus_ref: wg_collective needs -l\n");
      return 1;
   }
   bool outside = false;
   ref_foreach_item(l, collective_item, &outside);
   if (outside) {
      fprintf(stderr, "corpus_ref: wg_collective: the broadcast's local id is not in every "
                      "work-group\n");
      return 1;
   }
   return 0;
}

const struct corpus_ref corpus_refs_workgroup[] = {
   { "wg_collective", ref_wg_collective },
   { NULL, NULL },
};
