/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Every work-item of every level enqueues the next level (OpenCL C 2.0
 * §6.13.17), as the OpenCL-CTS's enqueue_nested_blocks_all_eq and
 * enqueue_1D_wg_size_all_eq do: `level` levels below the launch, each a
 * block of `width` work-items in work-groups of a size drawn from `rnd`
 * below get_kernel_work_group_size() (so often a partial last group).
 * Every work-item counts itself at its global id modulo n, n being the
 * launch's size; an enqueue that fails counts at n.  A parent completes
 * only after its children, so the whole tree is in the queue at once:
 * 64 work-items, 4 wide, 4 levels make 5440 enqueues.
 */

static void
level_of(global int *res, global const int *rnd, int n, int width, int level)
{
   const size_t tid = get_global_id(0);
   if (--level < 0)
      return;
   void (^next)(void) = ^{ level_of(res, rnd, n, width, level); };
   const uint wg = get_kernel_work_group_size(next);
   const size_t ls = (uint)rnd[tid % n] % wg % width;
   atomic_inc(&res[tid % n]);
   if (enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_WAIT_KERNEL,
                      ndrange_1D(width, ls ? ls : 1), next) != CLK_SUCCESS)
      atomic_inc(&res[n]);
}

kernel void
every_level(global int *res, global const int *rnd, int n, int width, int level)
{
   level_of(res, rnd, n, width, level);
}
