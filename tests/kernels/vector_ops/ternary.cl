// SPDX-License-Identifier: MIT
// The ternary selection operator (OpenCL C 2.0 §6.3.i) and select()
// (§6.13.6). With a vector condition, c ? x : y is component-wise and
// equals select(y, x, c): a component is taken from x when the MSB of the
// condition component is set -- so a condition of 1 picks y. With a scalar
// condition the whole vector is chosen; a scalar operand is widened.
// Built with -DT=<type> -DS=<scalar type> -DC=<signed integer vector type of
// the same element size>.
#ifdef FP64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif

kernel void
ternary(global const T *a, global const T *b, global const C *c, S s, int k,
        global T *out)
{
   size_t i = get_global_id(0), n = get_global_size(0);
   out[0 * n + i] = c[i] ? a[i] : b[i];
   out[1 * n + i] = select(a[i], b[i], c[i]);
   out[2 * n + i] = k ? a[i] : b[i];
   out[3 * n + i] = c[i] ? s : b[i];
   out[4 * n + i] = (k == 7) ? a[i] : b[i];
}
