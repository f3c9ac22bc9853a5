/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * A full device queue (OpenCL C 2.0 §6.13.17.1): more work-items enqueue
 * than the queue holds, so some enqueue_kernel calls return
 * CLK_ENQUEUE_FAILURE.  The enqueues that succeeded must run exactly
 * their block, and the ones that failed must leave nothing behind.  The
 * second kernel, run after the first and its children, counts: enqueues
 * that returned CLK_SUCCESS and whose child wrote its value, enqueues
 * that returned CLK_ENQUEUE_FAILURE and left the slot untouched, and
 * anything else; then it clears the scratch buffers so that only the
 * counts remain to compare.
 */

kernel void
fill(global int *slots, global int *ret, global int *counts)
{
   const int i = get_global_id(0);
   ret[i] = enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D(1),
                           ^{ slots[i] = i + 1; });
}

kernel void
count(global int *slots, global int *ret, global int *counts)
{
   const int i = get_global_id(0);
   if (ret[i] == CLK_SUCCESS && slots[i] == i + 1)
      atomic_inc(&counts[0]);
   else if (ret[i] == CLK_ENQUEUE_FAILURE && slots[i] == 0)
      atomic_inc(&counts[1]);
   else
      atomic_inc(&counts[2]);
   barrier(CLK_GLOBAL_MEM_FENCE);
   slots[i] = 0;
   ret[i] = 0;
}
