/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Enqueues OpenCL C 2.0 §6.13.17 says fail (CLK_ENQUEUE_FAILURE without
 * -g): a zero global size (an invalid ND-range, as OpenCL 2.0's
 * CL_INVALID_GLOBAL_WORK_SIZE), a work-group larger than the block can
 * run, a NULL wait list of one event, CLK_NULL_EVENT in a wait list, a
 * marker waiting for nothing, a __local size of 0 (CLK_INVALID_ARG_SIZE);
 * none of their blocks runs.  A valid enqueue among them runs once.
 */

kernel void
invalid(global int *out)
{
   if (get_global_id(0) != 0)
      return;
   queue_t q = get_default_queue();
   const kernel_enqueue_flags_t f = CLK_ENQUEUE_FLAGS_NO_WAIT;
   clk_event_t bad = CLK_NULL_EVENT, marker;
   out[0] = enqueue_kernel(q, f, ndrange_1D(0), ^{ out[8] += 1; });
   out[1] = enqueue_kernel(q, f, ndrange_1D(4096, 2048), ^{ out[8] += 1; });
   out[2] = enqueue_kernel(q, f, ndrange_1D(1), 1, NULL, NULL, ^{ out[8] += 1; });
   out[3] = enqueue_kernel(q, f, ndrange_1D(1), 1, &bad, NULL, ^{ out[8] += 1; });
   out[4] = enqueue_marker(q, 0, NULL, &marker);
   out[5] = enqueue_kernel(q, f, ndrange_1D(1), ^{ out[9] += 7; });
   out[6] = enqueue_kernel(q, f, ndrange_1D(1), ^(local void *p) { out[8] += 1; }, 0u);
}
