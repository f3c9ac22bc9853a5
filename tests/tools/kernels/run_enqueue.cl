/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Device-side enqueue cases of `kiln run`'s own: a child waiting for a user
 * event nobody sets and a child that faults, which it must report rather
 * than run, and printf in enqueued blocks.
 */

kernel void
never_set(global int *out)
{
   if (get_global_id(0) != 0)
      return;
   clk_event_t u = create_user_event();
   out[0] = enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D(1), 1,
                           &u, NULL, ^{ out[1] = 1; });
   release_event(u);
}

kernel void
child_faults(global int *out, ulong bad)
{
   if (get_global_id(0) != 0)
      return;
   out[0] = enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D(1),
                           ^{ *(global int *)bad = 1; });
}

/* printf in a parent and in the blocks it enqueues (each block kernel
 * writes records of its own formats). */
kernel void
prints(global int *out)
{
   int i = get_global_id(0);
   printf("parent %d\n", i);
   out[i] = enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_WAIT_KERNEL, ndrange_1D(2),
                           ^{ printf("child of %d: %d (%s)\n", i, (int)get_global_id(0), "x"); });
}
