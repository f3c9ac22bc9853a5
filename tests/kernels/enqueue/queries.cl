/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The work-group-size queries of blocks (OpenCL C 2.0 §6.13.17.6):
 * get_kernel_work_group_size is a size the block can be enqueued with,
 * get_kernel_preferred_work_group_size_multiple divides it.  The kernel
 * writes both, then enqueues the block with that local size over two
 * groups, and each of its work-items counts itself.
 */

kernel void
sizes(global int *out, global int *count)
{
   if (get_global_id(0) != 0)
      return;
   void (^block)(void) = ^{ atomic_inc(count); };
   const uint size = get_kernel_work_group_size(block);
   const uint multiple = get_kernel_preferred_work_group_size_multiple(block);
   out[0] = size;
   out[1] = multiple;
   out[2] = size % multiple;
   out[3] = enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_WAIT_KERNEL,
                           ndrange_1D(2 * size, size), block);
}
