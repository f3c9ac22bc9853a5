// SPDX-License-Identifier: MIT
// Shifts of a scalar narrow type (OpenCL C 2.0 §6.3.j): E1 is promoted to
// int first, so the count is masked to log2(32) = 5 bits and the result
// has type int (a char shifted by 9 keeps all its bits). -DT=char|short.
kernel void
shift_promoted(global const T *a, global const T *b, global int *out)
{
   size_t i = get_global_id(0), n = get_global_size(0);
   out[0 * n + i] = a[i] << b[i];
   out[1 * n + i] = a[i] >> b[i];
}
