/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * capture_event_profiling_info (OpenCL C 2.0 §6.13.17.8) from every
 * work-item, as the OpenCL-CTS's enqueue_block asks for it: into a
 * program-scope __global array (§6.5.1) that only the blocks name, once
 * before the event's command ran (the values appear when it completes)
 * and once after it completed (the values are there at once).  A later
 * block checks them: both written (non-zero) and the time to completion
 * no smaller than the execution time.  Each work-item's slot ends 1 when
 * the values were right, -1 when not, or an enqueue's failure.
 */

#define MAX_ITEMS 256

global ulong times[2 * MAX_ITEMS];

static int
written(size_t i)
{
   return times[2 * i] > 0 && times[2 * i + 1] >= times[2 * i] ? 1 : -1;
}

/* The capture is asked for by the block that waits for the command, after
 * it completed. */
kernel void
after(global int *out)
{
   const size_t i = get_global_id(0);
   queue_t q = get_default_queue();
   clk_event_t e;
   out[i] = 0;
   int r = enqueue_kernel(q, CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D(1), 0, NULL, &e,
                          ^{ out[i] = 2; });
   if (r != CLK_SUCCESS) {
      out[i] = r;
      return;
   }
   r = enqueue_kernel(q, CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D(1), 1, &e, NULL, ^{
      capture_event_profiling_info(e, CLK_PROFILING_COMMAND_EXEC_TIME, &times[2 * i]);
      out[i] = out[i] == 2 ? written(i) : -1;
      release_event(e);
   });
   if (r != CLK_SUCCESS)
      out[i] = r;
}

/* The capture is asked for by the parent while the command waits for a
 * user event. */
kernel void
before(global int *out)
{
   const size_t i = get_global_id(0);
   queue_t q = get_default_queue();
   clk_event_t u = create_user_event(), e, checked;
   out[i] = 0;
   int r = enqueue_kernel(q, CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D(1), 1, &u, &e,
                          ^{ out[i] = 2; });
   if (r != CLK_SUCCESS) {
      out[i] = r;
      return;
   }
   capture_event_profiling_info(e, CLK_PROFILING_COMMAND_EXEC_TIME, &times[2 * i]);
   set_user_event_status(u, CL_COMPLETE);
   r = enqueue_kernel(q, CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D(1), 1, &e, &checked,
                      ^{ out[i] = out[i] == 2 ? written(i) : -1; });
   if (r != CLK_SUCCESS)
      out[i] = r;
   release_event(u);
   release_event(e);
   release_event(checked);
}
