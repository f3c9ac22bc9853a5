// SPDX-License-Identifier: MIT
// Pre/post increment and decrement and unary + and - on vectors (OpenCL C
// 2.0 §6.3.c): ++ and -- add or subtract 1 in every component (the result
// of v++ is the old value, of ++v the new one); unsigned types wrap. They
// are not defined for float types (§6.3.c), so T is an integer type.
// Built with -DT=<type>.
kernel void
incdec(global const T *a, global T *out)
{
   size_t i = get_global_id(0), n = get_global_size(0);
   T v = a[i];
   out[0 * n + i] = v++;
   out[1 * n + i] = v;
   out[2 * n + i] = ++v;
   out[3 * n + i] = v--;
   out[4 * n + i] = --v;
   out[5 * n + i] = v;
   out[6 * n + i] = -a[i];
   out[7 * n + i] = +a[i];
}
