/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * A kernel that enqueues a block, which kiln's Intel backend refuses to
 * compile (test_kiln_run_intel.py checks the message names device-side
 * enqueue).
 */

kernel void
spawns(global int *out)
{
   enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D(1),
                  ^{ out[0] = 1; });
}
