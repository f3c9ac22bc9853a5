// SPDX-License-Identifier: MIT
// Logical operators && || ! (OpenCL C 2.0 §6.3.g, §6.3.h): on vectors both
// operands are evaluated and each component gives -1 (true) or 0; on
// scalars the result is int 1 or 0. A scalar operand is widened.
// Built with -DT=<integer type> -DS=<scalar type> -DR=<result type>.
kernel void
logical(global const T *a, global const T *b, S s, global R *out)
{
   size_t i = get_global_id(0), n = get_global_size(0);
   out[0 * n + i] = a[i] && b[i];
   out[1 * n + i] = a[i] || b[i];
   out[2 * n + i] = !a[i];
   out[3 * n + i] = a[i] && s;
   out[4 * n + i] = s || b[i];
}
