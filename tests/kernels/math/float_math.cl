// SPDX-License-Identifier: MIT
// Floating-point math built-ins (OpenCL C 2.0 §6.13.2), one per build (-DARITY=1|2|3 selects the kernel unary,
// binary or ternary):
// -DFN=<name> -DT=<half, float or double type> (-DFP16 for half, -DFP64 for
// double). The accuracy each case allows is the §7.4 table's bound for FN
// (e.g. sqrt 3 ulp, sin 4 ulp, pow 16 ulp, fma correctly rounded,
// fabs/floor/... exact), cl_khr_fp16's for half (sin 2 ulp, pow 4, sqrt
// correctly rounded).
#ifdef FP64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif
#ifdef FP16
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#endif

#if ARITY == 1
kernel void
unary(global const T *x, global T *out)
{
   size_t i = get_global_id(0);
   out[i] = FN(x[i]);
}

#elif ARITY == 2
kernel void
binary(global const T *x, global const T *y, global T *out)
{
   size_t i = get_global_id(0);
   out[i] = FN(x[i], y[i]);
}

#else
kernel void
ternary(global const T *x, global const T *y, global const T *z, global T *out)
{
   size_t i = get_global_id(0);
   out[i] = FN(x[i], y[i], z[i]);
}
#endif
