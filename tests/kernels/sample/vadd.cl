// SPDX-License-Identifier: MIT
// The smallest corpus kernel: c = a + b per element (OpenCL C 2.0 §6.3,
// float addition is correctly rounded). The README's first command runs it.
kernel void
vadd(global const float *a, global const float *b, global float *c)
{
   size_t i = get_global_id(0);
   c[i] = a[i] + b[i];
}
