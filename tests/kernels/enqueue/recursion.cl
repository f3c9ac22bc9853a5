/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Nested enqueue (OpenCL C 2.0 §6.13.17): a block enqueues the next level
 * from inside itself, `depth` levels deep; each level writes its number
 * and the sum of the levels above it.  fan_out: one parent work-item per
 * child, thousands of children of one launch.
 */

static void
level(global int *out, int at, int depth, int sum)
{
   out[at] = sum + at;
   if (at + 1 < depth) {
      int r = enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_WAIT_KERNEL, ndrange_1D(1),
                             ^{ level(out, at + 1, depth, sum + at); });
      if (r != CLK_SUCCESS)
         out[at] = r;
   }
}

kernel void
nested(global int *out, int depth)
{
   if (get_global_id(0) == 0)
      level(out, 0, depth, 0);
}

kernel void
fan_out(global int *out, global int *ret)
{
   const int i = get_global_id(0);
   ret[i] = enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D(2),
                           ^{ out[2 * i + get_global_id(0)] = 3 * i + get_global_id(0); });
}

/* A binary tree `levels` deep: node n enqueues nodes 2n + 1 and 2n + 2,
 * each writing its level at its index; 2^levels - 1 launches in all. */
static void
node(global int *out, int n, int level, int levels)
{
   out[n] = level;
   if (level + 1 < levels) {
      for (int c = 1; c <= 2; c++)
         enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D(1),
                        ^{ node(out, 2 * n + c, level + 1, levels); });
   }
}

kernel void
tree(global int *out, int levels)
{
   if (get_global_id(0) == 0)
      enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_WAIT_KERNEL, ndrange_1D(1),
                     ^{ node(out, 0, 0, levels); });
}
