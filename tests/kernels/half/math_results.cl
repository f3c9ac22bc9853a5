// SPDX-License-Identifier: MIT
// half math built-ins (cl_khr_fp16, OpenCL C 2.0 §6.13.2) of the shapes
// float_math.cl does not have, one kernel per build: -DINT_ARG, an int
// argument (pown, rootn, ldexp); -DINT_RESULT, an int result (ilogb);
// -DTWO_RESULTS, a second result through a private pointer (fract, modf
// and sincos give T, frexp give IT; -DOT= names it); -DREMQUO, remquo.
// -DFN=<name> -DT=<half type> -DIT=<int type of as many components>.
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

#if defined(INT_ARG)
kernel void
with_int(global const T *x, global const IT *k, global T *out)
{
   size_t i = get_global_id(0);
   out[i] = FN(x[i], k[i]);
}

#elif defined(INT_RESULT)
kernel void
int_result(global const T *x, global IT *out)
{
   size_t i = get_global_id(0);
   out[i] = FN(x[i]);
}

#elif defined(TWO_RESULTS)
kernel void
two_results(global const T *x, global T *out, global OT *out2)
{
   size_t i = get_global_id(0);
   OT second;
   out[i] = FN(x[i], &second);
   out2[i] = second;
}

#else
kernel void
remquo_results(global const T *x, global const T *y, global T *out, global IT *quo)
{
   size_t i = get_global_id(0);
   IT q;
   out[i] = remquo(x[i], y[i], &q);
   quo[i] = q;
}
#endif
