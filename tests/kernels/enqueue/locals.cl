/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Blocks with __local pointer arguments (OpenCL C 2.0 §6.13.17.2): the
 * sizes after the block give each argument's bytes per work-group.  Each
 * group of the child sums its slice of `in` in one __local array and
 * keeps a per-item square in the other, synchronising with barriers, and
 * writes the group's sum and the sum of squares.
 */

kernel void
local_sums(global const int *in, global int *out, global int *ret, int n, int group)
{
   if (get_global_id(0) != 0)
      return;
   ret[0] = enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_WAIT_KERNEL,
                           ndrange_1D(n, group),
                           ^(local void *a, local void *b) {
                              local int *values = a, *squares = b;
                              const int l = get_local_id(0), g = get_group_id(0);
                              const int v = in[get_global_id(0)];
                              values[l] = v;
                              squares[l] = v * v;
                              barrier(CLK_LOCAL_MEM_FENCE);
                              if (l == 0) {
                                 int sum = 0, sum2 = 0;
                                 for (int k = 0; k < get_local_size(0); k++) {
                                    sum += values[k];
                                    sum2 += squares[k];
                                 }
                                 out[2 * g] = sum;
                                 out[2 * g + 1] = sum2;
                              }
                           },
                           (uint)(group * sizeof(int)), (uint)(group * sizeof(int)));
}
