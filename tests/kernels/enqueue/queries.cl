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

/* The sub-group queries for an ndrange (cl_khr_subgroups): with a local
 * size, a work-group of l work-items has ceil(l / s) sub-groups of at most
 * s work-items, s the device's sub-group size, and at most l; without
 * one, the implementation picks the size, and the queries must describe
 * the groups a launch of that ndrange gets, which its first work-item
 * checks against get_num_sub_groups() and get_max_sub_group_size(). */
#pragma OPENCL EXTENSION cl_khr_subgroups : enable

kernel void
sub_groups(global int *out)
{
   if (get_global_id(0) != 0)
      return;
   const ndrange_t nd1 = ndrange_1D(100, 40);
   const size_t g[2] = {8, 8}, l[2] = {4, 2};
   const ndrange_t nd2 = ndrange_2D(g, l);
   const ndrange_t chosen = ndrange_1D(1000);
   out[0] = get_kernel_sub_group_count_for_ndrange(nd1, ^{ out[9] = 1; });
   out[1] = get_kernel_max_sub_group_size_for_ndrange(nd1, ^{ out[9] = 1; });
   out[2] = get_kernel_sub_group_count_for_ndrange(nd2, ^{ out[9] = 1; });
   out[3] = get_kernel_max_sub_group_size_for_ndrange(nd2, ^{ out[9] = 1; });
   const uint count = get_kernel_sub_group_count_for_ndrange(chosen, ^{ out[9] = 1; });
   const uint size = get_kernel_max_sub_group_size_for_ndrange(chosen, ^{ out[9] = 1; });
   out[4] = enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_WAIT_KERNEL, chosen, ^{
      if (get_global_id(0) == 0) {
         out[5] = get_num_sub_groups() == count;
         out[6] = get_max_sub_group_size() == size;
         out[7] = count * size >= get_local_size(0);
      }
   });
}
