// SPDX-License-Identifier: MIT
// as_type / as_typen (OpenCL C 2.0 §6.2.4.2): with the same number of
// elements the operand's bits are returned unchanged as the new type
// (as_float(0x3f800000) == 1.0f); the same holds from a 4-component to a
// 3-component vector of the same size (the 4th component dropped).
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

kernel void
as_float_int(global const float4 *f, global const int4 *i, global int4 *f_as_i,
             global float4 *i_as_f, global uint *y_as_u)
{
   size_t k = get_global_id(0);
   f_as_i[k] = as_int4(f[k]);
   i_as_f[k] = as_float4(i[k]);
   y_as_u[k] = as_uint(f[k].y);
}

kernel void
as_double_long(global const double2 *d, global const ulong *u,
               global long2 *d_as_l, global double *u_as_d)
{
   size_t k = get_global_id(0);
   d_as_l[k] = as_long2(d[k]);
   u_as_d[k] = as_double(u[k]);
}

// 4 -> 3 components: defined, the bits of x, y, z are kept.
kernel void
as_4_to_3(global const int4 *a, global float3 *f3, global const uint4 *u,
          global char3 *c3)
{
   size_t k = get_global_id(0);
   f3[k] = as_float3(a[k]);
   c3[k] = as_char3(as_uchar4(u[k].x)); // uchar4 -> char3 via same-size 4->3
}

// 3 -> 4 components: x, y, z keep their bits; w is not specified, so only
// .xyz of the result is stored.
kernel void
as_3_to_4(global const float3 *f3, global int3 *i3)
{
   size_t k = get_global_id(0);
   i3[k] = as_int4(f3[k]).xyz;
}
