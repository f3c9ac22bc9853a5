// SPDX-License-Identifier: MIT
// Assignment operators = *= /= += -= %= <<= >>= &= ^= |= on vectors
// (OpenCL C 2.0 §6.3.o): E1 op= E2 is E1 = E1 op E2 component-wise; shift
// counts are masked to the element width. Each step's value is stored.
// Built with -DT=<integer vector type>.
kernel void
compound(global const T *a, global const T *b, global T *out)
{
   size_t i = get_global_id(0), n = get_global_size(0);
   T v = a[i];
   v += b[i];  out[0 * n + i] = v;
   v *= b[i];  out[1 * n + i] = v;
   v -= a[i];  out[2 * n + i] = v;
   v /= b[i];  out[3 * n + i] = v;
   v %= a[i];  out[4 * n + i] = v;
   v <<= b[i]; out[5 * n + i] = v;
   v >>= 1;    out[6 * n + i] = v;
   v &= a[i];  out[7 * n + i] = v;
   v |= b[i];  out[8 * n + i] = v;
   v ^= a[i];  out[9 * n + i] = v;
}
