// SPDX-License-Identifier: MIT
// printf into a buffer too small for all the calls (test_kiln_run_printf.py):
// printf returns -1 when its output could not be written (OpenCL C 2.0
// §6.13.13).

// One work-item, n calls in order.
kernel void
flood(global int *ret, int n)
{
   for (int i = 0; i < n; i++)
      ret[i] = printf("line %d\n", i);
}

// One call per work-item, each with its global id.
kernel void
crowd(global int *ret)
{
   size_t g = get_global_id(0);
   ret[g] = printf("item %u\n", (uint)g);
}

// A record of 4 + 16 * 8 bytes: the smallest buffer must hold it.
kernel void
wide(global const long16 *v)
{
   printf("%v16ld\n", v[0]);
}
