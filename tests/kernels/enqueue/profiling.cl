/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * capture_event_profiling_info (OpenCL C 2.0 §6.13.17.8): once the
 * event's command is complete, CLK_PROFILING_COMMAND_EXEC_TIME writes two
 * 64-bit values: the command's execution time and the time until it and
 * its children completed, in nanoseconds.  The kernel asks for them on a
 * child that enqueues a grandchild; a later child waiting on the event
 * checks them: both written (non-zero) and the second no smaller than the
 * first.
 */

kernel void
exec_time(global ulong *times, global int *out)
{
   if (get_global_id(0) != 0)
      return;
   queue_t q = get_default_queue();
   clk_event_t e;
   out[0] = enqueue_kernel(q, CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D(64), 0, NULL, &e, ^{
      if (get_global_id(0) == 0)
         enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_WAIT_KERNEL, ndrange_1D(64),
                        ^{ atomic_inc(&out[3]); });
   });
   capture_event_profiling_info(e, CLK_PROFILING_COMMAND_EXEC_TIME, times);
   out[1] = enqueue_kernel(q, CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D(1), 1, &e, NULL, ^{
      out[2] = times[0] > 0 && times[1] >= times[0] ? 1 : -1;
      times[0] = 0;
      times[1] = 0;
   });
   release_event(e);
}
