// SPDX-License-Identifier: MIT
// Arithmetic operators + - * / % on vectors (OpenCL C 2.0 §6.3.a, §6.3.b):
// applied component-wise; with one scalar operand the scalar is converted
// to the element type and widened to a vector. Built with -DT=<vector type>
// -DS=<its scalar type>. out holds 8 results per work-item, result k at
// out[k * get_global_size(0) + i]. Floating-point types: farith.cl.

kernel void
arith_int(global const T *a, global const T *b, S s, global T *out)
{
   size_t i = get_global_id(0), n = get_global_size(0);
   out[0 * n + i] = a[i] + b[i];
   out[1 * n + i] = a[i] - b[i];
   out[2 * n + i] = a[i] * b[i];
   out[3 * n + i] = a[i] / b[i];
   out[4 * n + i] = a[i] % b[i]; // sign follows the dividend (C99)
   out[5 * n + i] = a[i] + s;    // scalar widened
   out[6 * n + i] = s - a[i];
   out[7 * n + i] = a[i] * s;
}
