// SPDX-License-Identifier: MIT
// Bitwise operators & | ^ ~ (OpenCL C 2.0 §6.3.f), component-wise on
// vectors, a scalar operand converted and widened.
// Built with -DT=<integer type> -DS=<scalar type>.
kernel void
bitwise(global const T *a, global const T *b, S s, global T *out)
{
   size_t i = get_global_id(0), n = get_global_size(0);
   out[0 * n + i] = a[i] & b[i];
   out[1 * n + i] = a[i] | b[i];
   out[2 * n + i] = a[i] ^ b[i];
   out[3 * n + i] = ~a[i];
   out[4 * n + i] = a[i] & s;
   out[5 * n + i] = s | a[i];
   out[6 * n + i] = a[i] ^ s;
}
