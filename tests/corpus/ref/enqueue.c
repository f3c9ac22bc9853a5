/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * References for tests/kernels/enqueue/: device-side enqueue (OpenCL C
 * 2.0 §6.13.17).  Each computes what the children write from the rules
 * of enqueue_kernel and of the work-item functions (§6.13.1) over the
 * ndrange the parent asks for: a child sees get_global_id from the
 * ndrange's offset, the local size of its own (possibly partial) group,
 * work_dim from the ndrange_nD used, and 0 (ids) or 1 (sizes) in the
 * dimensions past it; captured values are copied at the enqueue (§6.12).
 * enqueue_kernel returns CLK_SUCCESS (0) when it enqueued, and
 * CLK_ENQUEUE_FAILURE (-101) otherwise.
 */
#include "ref.h"

#define CLK_SUCCESS         0
#define CLK_ENQUEUE_FAILURE -101

/* The device's limits the queries report: kiln's devices run work-groups
 * of up to 1024 work-items (CL_DEVICE_MAX_WORK_GROUP_SIZE) in waves of 32
 * on gfx1030; `kiln run` and the ICD give programs a device queue of 8192
 * records. */
#define DEVICE_MAX_WORK_GROUP_SIZE 1024
#define DEVICE_WAVE_SIZE           32
#define KILN_RUN_QUEUE_RECORDS     8192

/* get_local_size(d) of the group holding index j of a dimension of n
 * work-items in groups of l (OpenCL 2.0: the last group may be partial). */
static int64_t
group_size(int64_t j, int64_t n, int64_t l)
{
   const int64_t first = j / l * l;
   return n - first < l ? n - first : l;
}

static int64_t
num_groups(int64_t n, int64_t l)
{
   return (n + l - 1) / l;
}

static int64_t
value(struct kiln_run_command *l, unsigned arg, unsigned component)
{
   return corpus_get_i(REF_ARG(l, arg), component);
}

/* every_item(out, ret, scale, width): item i's child of `width` items
 * writes i * scale + 3 * j + 1000 * width at i * width + j. */
static int
ref_every_item(struct kiln_run_command *l)
{
   if (ref_expect(l, 4))
      return 1;
   const int64_t scale = value(l, 2, 0), width = value(l, 3, 0);
   for (size_t i = 0; i < ref_total_items(l); i++) {
      for (int64_t j = 0; j < width; j++)
         corpus_set_i(REF_ARG(l, 0), i * width + j, (int64_t)i * scale + 3 * j + 1000 * width);
      corpus_set_i(REF_ARG(l, 1), i, CLK_SUCCESS);
   }
   return 0;
}

/* every_item_offset(out, ret, offset, width, lsize): ndrange_1D(offset,
 * width, lsize); per child item: global id, local id, group id, local
 * size + 100 * number of groups. */
static int
ref_every_item_offset(struct kiln_run_command *l)
{
   if (ref_expect(l, 5))
      return 1;
   const int64_t offset = value(l, 2, 0), width = value(l, 3, 0), lsize = value(l, 4, 0);
   for (size_t i = 0; i < ref_total_items(l); i++) {
      for (int64_t j = 0; j < width; j++) {
         const size_t at = (i * width + j) * 4;
         corpus_set_i(REF_ARG(l, 0), at, offset + j);
         corpus_set_i(REF_ARG(l, 0), at + 1, j % lsize);
         corpus_set_i(REF_ARG(l, 0), at + 2, j / lsize);
         corpus_set_i(REF_ARG(l, 0), at + 3,
                      group_size(j, width, lsize) + 100 * num_groups(width, lsize));
      }
      corpus_set_i(REF_ARG(l, 1), i, CLK_SUCCESS);
   }
   return 0;
}

/* flag_order(out, flags): the parent stores 7 after enqueuing; a child
 * that waits for its parent (WAIT_KERNEL, WAIT_WORK_GROUP) reads it, and
 * the NO_WAIT child writes 7 itself. */
static int
ref_flag_order(struct kiln_run_command *l)
{
   if (ref_expect(l, 2))
      return 1;
   corpus_set_i(REF_ARG(l, 0), 0, 7);
   corpus_set_i(REF_ARG(l, 0), 1, 7);
   corpus_set_i(REF_ARG(l, 0), 2, CLK_SUCCESS);
   return 0;
}

/* wide_capture(out, tags): item i's child stores (0..15) * i - 3 and
 * 'a' + i. */
static int
ref_wide_capture(struct kiln_run_command *l)
{
   if (ref_expect(l, 2))
      return 1;
   for (size_t i = 0; i < ref_total_items(l); i++) {
      for (int64_t k = 0; k < 16; k++)
         corpus_set_i(REF_ARG(l, 0), i * 16 + k, k * (int64_t)i - 3);
      corpus_set_i(REF_ARG(l, 1), i, 'a' + (int64_t)i);
   }
   return 0;
}

/* The twelve values ndrange.cl's record() writes for every work-item of
 * a child of `dim` dimensions. */
static void
ndrange_child(struct kiln_run_command *l, unsigned dim, const int64_t *g, const int64_t *lsz,
              const int64_t *o, bool has_local)
{
   struct kiln_run_arg *out = REF_ARG(l, 0);
   int64_t id[3];
   for (id[2] = 0; id[2] < g[2]; id[2]++) {
      for (id[1] = 0; id[1] < g[1]; id[1]++) {
         for (id[0] = 0; id[0] < g[0]; id[0]++) {
            const size_t linear = id[0] + g[0] * (id[1] + g[1] * id[2]);
            const size_t at = linear * 12;
            for (unsigned d = 0; d < 3; d++) {
               corpus_set_i(out, at + d, d < dim ? o[d] + id[d] : 0);
               corpus_set_i(out, at + 3 + d, !has_local ? -1 : d < dim ? id[d] % lsz[d] : 0);
               corpus_set_i(out, at + 6 + d, !has_local ? -1 : d < dim ? id[d] / lsz[d] : 0);
            }
            corpus_set_i(out, at + 9, dim);
            corpus_set_i(out, at + 10, g[0] + 1000 * o[0]);
            corpus_set_i(
               out, at + 11,
               !has_local ? -1 : num_groups(g[0], lsz[0]) + 100 * group_size(id[1], g[1], lsz[1]));
         }
      }
   }
   corpus_set_i(REF_ARG(l, 1), 0, CLK_SUCCESS);
}

/* enqueue_2d / enqueue_3d / enqueue_3d_local (out, ret, global, local,
 * offset, has_local): ndrange_nD(offset, global, local) when has_local,
 * ndrange_nD(global) otherwise; enqueue_3d_local: ndrange_3D(global,
 * local). */
static int
ref_ndrange(struct kiln_run_command *l, unsigned dim, bool always_local, bool with_offset)
{
   if (ref_expect(l, 6))
      return 1;
   const bool has_local = always_local || value(l, 5, 0);
   int64_t g[3] = { 1, 1, 1 }, lsz[3] = { 1, 1, 1 }, o[3] = { 0, 0, 0 };
   for (unsigned d = 0; d < dim; d++) {
      g[d] = value(l, 2, d);
      lsz[d] = value(l, 3, d);
      o[d] = has_local && with_offset ? value(l, 4, d) : 0;
   }
   ndrange_child(l, dim, g, lsz, o, has_local);
   return 0;
}

static int
ref_ndrange_2d(struct kiln_run_command *l)
{
   return ref_ndrange(l, 2, false, true);
}

static int
ref_ndrange_3d(struct kiln_run_command *l)
{
   return ref_ndrange(l, 3, false, true);
}

static int
ref_ndrange_3d_local(struct kiln_run_command *l)
{
   return ref_ndrange(l, 3, true, false);
}

/* local_sums(in, out, ret, n, group): per group of the child, the sum of
 * its inputs and of their squares. */
static int
ref_local_sums(struct kiln_run_command *l)
{
   if (ref_expect(l, 5))
      return 1;
   const int64_t n = value(l, 3, 0), group = value(l, 4, 0);
   for (int64_t g = 0; g < num_groups(n, group); g++) {
      int64_t sum = 0, sum2 = 0;
      for (int64_t j = g * group; j < n && j < (g + 1) * group; j++) {
         const int64_t v = corpus_get_i(REF_ARG(l, 0), j);
         sum += v;
         sum2 += v * v;
      }
      corpus_set_i(REF_ARG(l, 1), 2 * g, ref_wrap(REF_ARG(l, 1), sum));
      corpus_set_i(REF_ARG(l, 1), 2 * g + 1, ref_wrap(REF_ARG(l, 1), sum2));
   }
   corpus_set_i(REF_ARG(l, 2), 0, CLK_SUCCESS);
   return 0;
}

/* ordered and after_tree: the events allow one order only, a, b, c, so
 * the tickets are 0, 1, 2 and the counter ends at 3; every enqueue
 * succeeds; is_valid_event is true for events made, false for
 * CLK_NULL_EVENT. */
static int
ref_ordered(struct kiln_run_command *l)
{
   if (ref_expect(l, 2))
      return 1;
   for (unsigned t = 0; t < 4; t++)
      corpus_set_i(REF_ARG(l, 0), t, t);
   const int64_t out[7] = { CLK_SUCCESS, CLK_SUCCESS, CLK_SUCCESS, CLK_SUCCESS, 1, 0, 1 };
   for (unsigned i = 0; i < REF_ARG(l, 1)->count && i < 7; i++)
      corpus_set_i(REF_ARG(l, 1), i, out[i]);
   return 0;
}

/* nested(out, depth): level k writes the sum of the levels 0..k. */
static int
ref_nested(struct kiln_run_command *l)
{
   if (ref_expect(l, 2))
      return 1;
   const int64_t depth = value(l, 1, 0);
   for (int64_t k = 0; k < depth; k++)
      corpus_set_i(REF_ARG(l, 0), k, k * (k + 1) / 2);
   return 0;
}

/* fan_out(out, ret): item i's child of two writes 3 * i + j at 2 * i + j. */
static int
ref_fan_out(struct kiln_run_command *l)
{
   if (ref_expect(l, 2))
      return 1;
   for (size_t i = 0; i < ref_total_items(l); i++) {
      for (unsigned j = 0; j < 2; j++)
         corpus_set_i(REF_ARG(l, 0), 2 * i + j, 3 * i + j);
      corpus_set_i(REF_ARG(l, 1), i, CLK_SUCCESS);
   }
   return 0;
}

/* tree(out, levels): node n of the binary tree is at level
 * floor(log2(n + 1)); there are 2^levels - 1 nodes. */
static int
ref_tree(struct kiln_run_command *l)
{
   if (ref_expect(l, 2))
      return 1;
   const int64_t levels = value(l, 1, 0);
   for (int64_t n = 0; n + 1 < (INT64_C(1) << levels); n++) {
      int64_t level = 0;
      while ((INT64_C(2) << level) <= n + 1)
         level++;
      corpus_set_i(REF_ARG(l, 0), n, level);
   }
   return 0;
}

/* -k fill -k count: as many enqueues succeed as the queue has records,
 * the rest fail cleanly, none is anything else; the scratch is cleared. */
static int
ref_full_queue(struct kiln_run_command *l)
{
   if (ref_expect(l, 3))
      return 1;
   const int64_t n = ref_total_items(l);
   const int64_t ok = n < KILN_RUN_QUEUE_RECORDS ? n : KILN_RUN_QUEUE_RECORDS;
   corpus_set_i(REF_ARG(l, 2), 0, ok);
   corpus_set_i(REF_ARG(l, 2), 1, n - ok);
   corpus_set_i(REF_ARG(l, 2), 2, 0);
   return 0;
}

/* sizes(out, count): the device's largest work-group and its wave size,
 * the second dividing the first, and the block run over two such groups. */
static int
ref_sizes(struct kiln_run_command *l)
{
   if (ref_expect(l, 2))
      return 1;
   const int64_t out[4] = { DEVICE_MAX_WORK_GROUP_SIZE, DEVICE_WAVE_SIZE,
                            DEVICE_MAX_WORK_GROUP_SIZE % DEVICE_WAVE_SIZE, CLK_SUCCESS };
   for (unsigned i = 0; i < 4; i++)
      corpus_set_i(REF_ARG(l, 0), i, out[i]);
   corpus_set_i(REF_ARG(l, 1), 0, 2 * DEVICE_MAX_WORK_GROUP_SIZE);
   return 0;
}

/* sub_groups(out): ndrange_1D(100, 40): groups of 40 work-items, so 2
 * waves, the largest of 32; ndrange_2D of 4x2 groups: one wave of 8; and
 * the launch without a local size agrees with the queries. */
static int
ref_sub_groups(struct kiln_run_command *l)
{
   if (ref_expect(l, 1))
      return 1;
   const int64_t out[8] = {
      (40 + DEVICE_WAVE_SIZE - 1) / DEVICE_WAVE_SIZE, DEVICE_WAVE_SIZE, 1, 8, CLK_SUCCESS, 1, 1, 1
   };
   for (unsigned i = 0; i < 8; i++)
      corpus_set_i(REF_ARG(l, 0), i, out[i]);
   return 0;
}

/* invalid(out): every enqueue but the sixth fails, and only the sixth's
 * block runs, once. */
static int
ref_invalid(struct kiln_run_command *l)
{
   if (ref_expect(l, 1))
      return 1;
   const int64_t out[10] = { CLK_ENQUEUE_FAILURE,
                             CLK_ENQUEUE_FAILURE,
                             CLK_ENQUEUE_FAILURE,
                             CLK_ENQUEUE_FAILURE,
                             CLK_ENQUEUE_FAILURE,
                             CLK_SUCCESS,
                             CLK_ENQUEUE_FAILURE,
                             0,
                             0,
                             7 };
   for (unsigned i = 0; i < 10; i++)
      corpus_set_i(REF_ARG(l, 0), i, out[i]);
   return 0;
}

/* exec_time(times, out): both enqueues succeed, the waiting child finds
 * the two values written and ordered (and clears them), the grandchild's
 * 64 items all ran. */
static int
ref_exec_time(struct kiln_run_command *l)
{
   if (ref_expect(l, 2))
      return 1;
   const int64_t out[4] = { CLK_SUCCESS, CLK_SUCCESS, 1, 64 };
   for (unsigned i = 0; i < 4; i++)
      corpus_set_i(REF_ARG(l, 1), i, out[i]);
   return 0;
}

/* after / before (out): capture_event_profiling_info's two values reach
 * every work-item's array slot, non-zero and ordered, whether it was asked
 * for before the command ran or after it completed: 1 for each. */
static int
ref_captured(struct kiln_run_command *l)
{
   if (ref_expect(l, 1))
      return 1;
   for (size_t i = 0; i < ref_total_items(l); i++)
      corpus_set_i(REF_ARG(l, 0), i, 1);
   return 0;
}

/* A launch of `size` work-items `level` levels above the last: each
 * work-item counts itself at its id modulo n and enqueues `width` more one
 * level down, until no level is left (the local size changes none of it). */
static void
count_levels(struct kiln_run_arg *res, int64_t n, int64_t width, int64_t size, int64_t level)
{
   if (--level < 0)
      return;
   for (int64_t t = 0; t < size; t++) {
      corpus_set_i(res, t % n, corpus_get_i(res, t % n) + 1);
      count_levels(res, n, width, width, level);
   }
}

/* every_level(res, rnd, n, width, level): the counts, and no enqueue
 * failed (res[n] = 0). */
static int
ref_every_level(struct kiln_run_command *l)
{
   if (ref_expect(l, 5))
      return 1;
   const int64_t n = value(l, 2, 0), width = value(l, 3, 0), level = value(l, 4, 0);
   for (int64_t t = 0; t <= n; t++)
      corpus_set_i(REF_ARG(l, 0), t, 0);
   count_levels(REF_ARG(l, 0), n, width, ref_total_items(l), level);
   return 0;
}

/* from_constants(out, count): the block's work-item i writes the square
 * of (7 i) mod 16; both enqueues succeed; the 4 x 8 child counts 32. */
static int
ref_from_constants(struct kiln_run_command *l)
{
   if (ref_expect(l, 2))
      return 1;
   for (int64_t i = 0; i < 16; i++)
      corpus_set_i(REF_ARG(l, 0), i, (i * 7 % 16) * (i * 7 % 16));
   corpus_set_i(REF_ARG(l, 0), 16, CLK_SUCCESS);
   corpus_set_i(REF_ARG(l, 0), 17, CLK_SUCCESS);
   corpus_set_i(REF_ARG(l, 1), 0, 4 * 8);
   return 0;
}

/* Program-scope blocks (tests/kernels/enqueue/blocks.cl), each from the
 * arithmetic its blocks do (OpenCL C 2.0 §6.12): program_block(out, in)
 * writes 7 in[i] (i + 1), block_program_data(out, in) 13 (11 (7 in[i]))
 * - 1001 (i + 1), typedef_blocks(out, in) the float-to-int conversions
 * (truncating, §6.2.3.3) of its four blocks, in float as the kernel does.
 * i is get_global_id(0). */
static void
program_block_item(struct kiln_run_command *l, const struct ref_item *it, void *ctx)
{
   const int64_t in = corpus_get_i(REF_ARG(l, 1), it->gid[0]);
   corpus_set_i(REF_ARG(l, 0), it->gid[0],
                ref_wrap(REF_ARG(l, 0), 7 * in * (int64_t)(it->gid[0] + 1)));
}

static void
block_program_data_item(struct kiln_run_command *l, const struct ref_item *it, void *ctx)
{
   const int64_t in = corpus_get_i(REF_ARG(l, 1), it->gid[0]);
   corpus_set_i(REF_ARG(l, 0), it->gid[0],
                ref_wrap(REF_ARG(l, 0), 13 * (11 * (7 * in)) - 1001 * (int64_t)(it->gid[0] + 1)));
}

static void
typedef_blocks_item(struct kiln_run_command *l, const struct ref_item *it, void *ctx)
{
   const int32_t in = (int32_t)corpus_get_i(REF_ARG(l, 1), it->gid[0]);
   const float f = 1.1f;
   const int32_t fi2 = (int32_t)((float)in + f);
   const int32_t fi1 = (int32_t)((float)fi2 + f);
   const float ii = (float)(in + 1);
   const int32_t ff = (int32_t)(ii + f);
   corpus_set_i(REF_ARG(l, 0), it->gid[0], ref_wrap(REF_ARG(l, 0), (int64_t)fi1 - ff));
}

static int
ref_program_blocks(struct kiln_run_command *l, ref_item_fn fn)
{
   if (ref_expect(l, 2))
      return 1;
   ref_foreach_item(l, fn, NULL);
   return 0;
}

static int
ref_program_block(struct kiln_run_command *l)
{
   return ref_program_blocks(l, program_block_item);
}

static int
ref_block_program_data(struct kiln_run_command *l)
{
   return ref_program_blocks(l, block_program_data_item);
}

static int
ref_typedef_blocks(struct kiln_run_command *l)
{
   return ref_program_blocks(l, typedef_blocks_item);
}

const struct corpus_ref corpus_refs_enqueue[] = {
   { "every_item", ref_every_item },
   { "every_item_offset", ref_every_item_offset },
   { "flag_order", ref_flag_order },
   { "wide_capture", ref_wide_capture },
   { "enqueue_2d", ref_ndrange_2d },
   { "enqueue_3d", ref_ndrange_3d },
   { "enqueue_3d_local", ref_ndrange_3d_local },
   { "local_sums", ref_local_sums },
   { "ordered", ref_ordered },
   { "nested", ref_nested },
   { "fan_out", ref_fan_out },
   { "tree", ref_tree },
   { "full_queue", ref_full_queue },
   { "sizes", ref_sizes },
   { "sub_groups", ref_sub_groups },
   { "exec_time", ref_exec_time },
   { "invalid", ref_invalid },
   { "captured", ref_captured },
   { "every_level", ref_every_level },
   { "from_constants", ref_from_constants },
   { "program_block", ref_program_block },
   { "block_program_data", ref_block_program_data },
   { "typedef_blocks", ref_typedef_blocks },
   { NULL, NULL },
};
