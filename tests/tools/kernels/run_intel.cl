/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * `kiln run` on Intel devices (test_kiln_run_intel.py): kernels the Intel
 * path launches (buffers, values, a __local argument, several kernels in
 * turn, a global offset, printf, scratch memory, partial work-groups).  A
 * program with __global variables, and kernels that fail an Intel compile
 * (images, device-side enqueue), have files of their own
 * (run_intel_globals.cl, run_intel_image.cl, run_intel_enqueue.cl).
 */

kernel void
axpy(global const float *x, global float *y, float a)
{
   size_t i = get_global_id(0);
   y[i] = a * x[i] + y[i];
}

kernel void
reverse_in_group(global int *v, local int *tile)
{
   size_t l = get_local_id(0);
   tile[l] = v[get_global_id(0)];
   barrier(CLK_LOCAL_MEM_FENCE);
   v[get_global_id(0)] = tile[get_local_size(0) - 1 - l];
}

/* The same arguments as reverse_in_group, to run after it (-k twice). */
kernel void
add_group_id(global int *v, local int *tile)
{
   tile[get_local_id(0)] = (int)get_group_id(0);
   v[get_global_id(0)] += tile[get_local_id(0)];
}

kernel void
ids(global uint *out)
{
   out[get_global_id(0) - get_global_offset(0)] = get_global_id(0);
}

kernel void
says(global int *out)
{
   printf("work-item %d\n", (int)get_global_id(0));
   out[get_global_id(0)] = 1;
}

/* A private array indexed at run time: brw keeps it in scratch. */
kernel void
private_table(global int *out, int n)
{
   int table[256];
   for (int i = 0; i < 256; i++)
      table[i] = i * n;
   out[get_global_id(0)] = table[(get_global_id(0) * 7 + n) % 256];
}
