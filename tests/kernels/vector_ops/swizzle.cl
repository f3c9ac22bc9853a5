// SPDX-License-Identifier: MIT
// Vector components and literals (OpenCL C 2.0 §6.1.7, §6.1.6): .xyzw and
// .sN selection in any order with repeats, .lo/.hi halves, .even/.odd, and
// literals built from a mix of scalars and smaller vectors.
kernel void
swizzle(global const int8 *a, global int4 *out)
{
   size_t i = get_global_id(0), n = get_global_size(0);
   int8 v = a[i];
   out[0 * n + i] = v.s7654;
   out[1 * n + i] = v.lo.xxyy;
   out[2 * n + i] = v.hi;
   out[3 * n + i] = v.even;
   out[4 * n + i] = v.odd;
   out[5 * n + i] = (int4)(v.s1, v.s32, 9);
   int4 w = v.lo;
   w.zx = v.s67; // write through a swizzle
   out[6 * n + i] = w;
}
