// SPDX-License-Identifier: MIT
// Shift operators (OpenCL C 2.0 §6.3.j): E1 << E2 and E1 >> E2 use only the
// log2(N) low bits of E2, N the bit width of E1's element type (vectors) or
// of E1 after integer promotion (scalars: char and short promote to int, so
// their count is masked to 5 bits, not 3 or 4). >> is arithmetic for signed
// negative values here (two's complement devices). The counts given exceed
// the width on purpose. Built with -DT=<type> -DS=<scalar type>.
kernel void
shift(global const T *a, global const T *b, S s, global T *out)
{
   size_t i = get_global_id(0), n = get_global_size(0);
   out[0 * n + i] = a[i] << b[i];
   out[1 * n + i] = a[i] >> b[i];
   out[2 * n + i] = a[i] << s; // scalar count widened to the vector
   out[3 * n + i] = a[i] >> s;
}
