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
