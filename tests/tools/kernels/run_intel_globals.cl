/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * A program with a __global variable, whose buffer `kiln run` cannot pass
 * on Intel devices yet (test_kiln_run_intel.py checks the refusal names
 * it).  Needs -cl-std=CL2.0.
 */

global int launches;

kernel void
counts(global int *out)
{
   out[0] = ++launches;
}
