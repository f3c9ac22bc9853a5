// SPDX-License-Identifier: MIT
// Arithmetic operators + - * / and unary - on floating-point vectors (OpenCL
// C 2.0 §6.3.a-c), a scalar operand widened. Built with -DT=<vector type>
// -DS=<scalar type> (-DFP64 for double, -DFP16 for half); result k of
// work-item i at out[k * get_global_size(0) + i].
#ifdef FP64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif
#ifdef FP16
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#endif

// + - * are correctly rounded: exact comparison.
kernel void
arith_float(global const T *a, global const T *b, S s, global T *out)
{
   size_t i = get_global_id(0), n = get_global_size(0);
   out[0 * n + i] = a[i] + b[i];
   out[1 * n + i] = a[i] - b[i];
   out[2 * n + i] = a[i] * b[i];
   out[3 * n + i] = a[i] * s;
   out[4 * n + i] = s - a[i];
   out[5 * n + i] = -a[i];
}

// Single-precision division is within 2.5 ulp (§7.4, table 7.1); double
// and half division are correctly rounded.
kernel void
div_float(global const T *a, global const T *b, S s, global T *out)
{
   size_t i = get_global_id(0), n = get_global_size(0);
   out[0 * n + i] = a[i] / b[i];
   out[1 * n + i] = s / a[i];
}
