/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * References for tests/kernels/subgroups/: cl_khr_subgroups (OpenCL 2.0
 * extension specification §9.17).  Sub-groups of SG work-items split each
 * work-group in local linear id order (AMD's mapping: a sub-group is a
 * wave; SG = 32, gfx1030's wave size, which the kernels also report), the
 * last one holding what is left; each collective combines the values of
 * the caller's sub-group as the extension defines it.
 */
#include "ref.h"

#define SG 32

static size_t
items_of(const size_t *size)
{
   return size[0] * size[1] * size[2];
}

static void
info_item(struct kiln_run_command *l, const struct ref_item *it, void *data)
{
   struct kiln_run_arg *out = REF_ARG(l, 0);
   const size_t n = items_of(it->lsize), enq = items_of(it->enq_lsize);
   const size_t sg = it->local_linear / SG, s = it->local_linear % SG;
   const size_t size = n - sg * SG < SG ? n - sg * SG : SG;
   const size_t o = 8 * it->linear;
   corpus_set_i(out, o + 0, (int64_t)size);
   corpus_set_i(out, o + 1, SG);
   corpus_set_i(out, o + 2, (int64_t)((n + SG - 1) / SG));
   corpus_set_i(out, o + 3, (int64_t)((enq + SG - 1) / SG));
   corpus_set_i(out, o + 4, (int64_t)sg);
   corpus_set_i(out, o + 5, (int64_t)s);
   corpus_set_i(out, o + 6, (int64_t)it->local_linear);
   corpus_set_i(out, o + 7, (int64_t)it->local_linear);
}

static int
ref_sg_info(struct kiln_run_command *l)
{
   if (ref_expect(l, 1))
      return 1;
   ref_foreach_item(l, info_item, NULL);
   return 0;
}

/* The global ids of the caller's sub-group (1-D launches): first and
 * count; the caller is first + s. */
static void
subgroup_of(const struct ref_item *it, size_t *first, size_t *count)
{
   const size_t sg = it->lid[0] / SG;
   const size_t n = it->lsize[0];
   *first = it->grp[0] * it->enq_lsize[0] + sg * SG;
   *count = n - sg * SG < SG ? n - sg * SG : SG;
}

static void
collective_item(struct kiln_run_command *l, const struct ref_item *it, void *data)
{
   struct kiln_run_arg *out = REF_ARG(l, 0), *in = REF_ARG(l, 1);
   const int k = (int)corpus_get_i(REF_ARG(l, 2), 0);
   size_t first, count;
   subgroup_of(it, &first, &count);
   const size_t s = it->gid[0] - first;

   int64_t sum = 0, mn = INT32_MAX, mx = INT32_MIN;
   int64_t isum = 0, imin = INT32_MAX, imax = INT32_MIN, esum = 0, emin = INT32_MAX,
           emax = INT32_MIN;
   int64_t ysum = 0, ymax_ex = INT64_MIN;
   double fsum = 0, fmin_in = INFINITY;
   bool all_a = true, all_b = true, any_a = false, any_b = false;
   const int in0 = (int)corpus_get_i(in, 0);
   for (size_t j = 0; j < count; j++) {
      const int x = (int)corpus_get_i(in, first + j);
      const int64_t y = (int64_t)((uint64_t)(int64_t)x << 33) + x;
      const float f = (float)(x % 1000);
      if (j < s) {
         esum += x;
         emin = x < emin ? x : emin;
         emax = x > emax ? x : emax;
         ymax_ex = y > ymax_ex ? y : ymax_ex;
      }
      if (j <= s) {
         isum += x;
         imin = x < imin ? x : imin;
         imax = x > imax ? x : imax;
         fmin_in = f < fmin_in ? f : fmin_in;
      }
      sum += x;
      mn = x < mn ? x : mn;
      mx = x > mx ? x : mx;
      ysum += y;
      fsum += f;
      all_a &= x > -900000;
      all_b &= x > 0;
      any_a |= x == in0;
      any_b |= x == 1234567;
   }
   const size_t o = 16 * it->gid[0];
   /* int results are 32-bit: the sums wrap as int */
   corpus_set_i(out, o + 0, (int32_t)(uint32_t)sum);
   corpus_set_i(out, o + 1, mn);
   corpus_set_i(out, o + 2, mx);
   corpus_set_i(out, o + 3, (int32_t)(uint32_t)isum);
   corpus_set_i(out, o + 4, imin);
   corpus_set_i(out, o + 5, imax);
   corpus_set_i(out, o + 6, (int32_t)(uint32_t)esum);
   corpus_set_i(out, o + 7, emin);
   corpus_set_i(out, o + 8, emax);
   corpus_set_i(out, o + 9, (int)corpus_get_i(in, first + (size_t)k));
   corpus_set_i(out, o + 10, all_a | all_b << 1);
   corpus_set_i(out, o + 11, any_a | any_b << 1);
   corpus_set_i(out, o + 12, ysum);
   corpus_set_i(out, o + 13, ymax_ex);
   corpus_set_i(out, o + 14, (int64_t)fsum); /* exact: small integers */
   corpus_set_i(out, o + 15, (int64_t)fmin_in);
}

static int
ref_sg_collective(struct kiln_run_command *l)
{
   if (ref_expect(l, 3))
      return 1;
   ref_foreach_item(l, collective_item, NULL);
   return 0;
}

static void
barrier_item(struct kiln_run_command *l, const struct ref_item *it, void *data)
{
   size_t first, count;
   subgroup_of(it, &first, &count);
   const size_t s = it->gid[0] - first;
   corpus_set_i(REF_ARG(l, 0), it->gid[0], corpus_get_i(REF_ARG(l, 1), first + count - 1 - s));
}

static int
ref_sg_barrier(struct kiln_run_command *l)
{
   if (ref_expect(l, 3))
      return 1;
   ref_foreach_item(l, barrier_item, NULL);
   return 0;
}

const struct corpus_ref corpus_refs_subgroups[] = {
   { "sg_info", ref_sg_info },
   { "sg_collective", ref_sg_collective },
   { "sg_barrier", ref_sg_barrier },
   { NULL, NULL },
};
