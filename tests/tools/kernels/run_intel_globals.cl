/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * A program with a __global variable, which keeps its value from launch
 * to launch (test_kiln_run_intel.py).  Needs -cl-std=CL2.0.
 */

global int launches;

kernel void
counts(global int *out)
{
   out[0] = ++launches;
}
