// SPDX-License-Identifier: MIT
// Relational and equality operators (OpenCL C 2.0 §6.3.d, §6.3.e): scalars
// give int 1/0; vectors give a signed integer vector R of the same element
// size with -1 (all bits set) for true and 0 for false. Any comparison
// with NaN is false except !=, which is true. A scalar operand is widened.
// Built with -DT=<type> -DS=<scalar type> -DR=<result type> (-DFP64 for
// double, -DFP16 for half).
#ifdef FP64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif
#ifdef FP16
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#endif

kernel void
relational(global const T *a, global const T *b, S s, global R *out)
{
   size_t i = get_global_id(0), n = get_global_size(0);
   out[0 * n + i] = a[i] > b[i];
   out[1 * n + i] = a[i] < b[i];
   out[2 * n + i] = a[i] >= b[i];
   out[3 * n + i] = a[i] <= b[i];
   out[4 * n + i] = a[i] == b[i];
   out[5 * n + i] = a[i] != b[i];
   out[6 * n + i] = a[i] < s;
   out[7 * n + i] = s >= b[i];
}
