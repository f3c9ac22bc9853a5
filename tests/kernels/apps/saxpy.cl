// SPDX-License-Identifier: MIT
// saxpy: y = a * x + y. The inputs are multiples of 1/16 below 2^10 so the
// product and sum are exact whether or not the compiler contracts them into
// an fma (OpenCL C allows contraction by default, §6.10 FP_CONTRACT).
kernel void
saxpy(float a, global const float *x, global float *y)
{
   size_t i = get_global_id(0);
   y[i] = a * x[i] + y[i];
}
