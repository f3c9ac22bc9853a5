// SPDX-License-Identifier: MIT
// A __constant pointer argument (OpenCL C 2.0 §6.5.3) used as a lookup
// table with data-dependent indices, plus a program-scope __constant array.
constant int bias[4] = {1, -10, 100, -1000};

kernel void
constant_lut(constant int *lut, global const uchar *idx, global int *out)
{
   size_t i = get_global_id(0);
   uchar k = idx[i];
   out[i] = lut[k % 16] * 3 + bias[k >> 6];
}
