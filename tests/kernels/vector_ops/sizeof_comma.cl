// SPDX-License-Identifier: MIT
// sizeof on vectors (OpenCL C 2.0 §6.1.5: a 3-component vector has the size
// of 4 components), vec_step (§6.13.12: 4 for 3-component vectors) and the
// comma operator (§6.3.n: evaluates left then right, value of the right).
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

kernel void
sizeof_comma(global int *out, global int4 *vout)
{
   out[0] = sizeof(char2);
   out[1] = sizeof(char3);
   out[2] = sizeof(short3);
   out[3] = sizeof(int3);
   out[4] = sizeof(float3);
   out[5] = sizeof(long3);
   out[6] = sizeof(double3);
   out[7] = sizeof(int16);
   out[8] = sizeof(uchar16);
   out[9] = vec_step(int3);
   out[10] = vec_step(float8);
   out[11] = vec_step(char16);
   int x = 1;
   int y = (x += 2, x * 5);
   out[12] = y;
   out[13] = x;
   int4 v = (int4)(1, 2, 3, 4);
   vout[0] = (v += 1, v * 2);
   vout[1] = v;
}
