// SPDX-License-Identifier: MIT
// Image reads without a sampler (OpenCL C 2.0 6.13.14.2): every pixel of
// the image read at its integer coordinates into out, in memory order.
// READ is read_imagef, read_imagei or read_imageui (-DREAD=..., -DT= the
// matching float4, int4 or uint4); half4 with -DFP16 and read_imageh.
#ifdef FP16
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#endif
#ifndef READ
#define READ read_imagef
#define T float4
#endif

kernel void read_1d(read_only image1d_t img, global T *out)
{
   int x = get_global_id(0);
   out[x] = READ(img, x);
}

kernel void read_1d_buffer(read_only image1d_buffer_t img, global T *out)
{
   int x = get_global_id(0);
   out[x] = READ(img, x);
}

kernel void read_1d_array(read_only image1d_array_t img, global T *out)
{
   int x = get_global_id(0), l = get_global_id(1);
   out[l * get_global_size(0) + x] = READ(img, (int2)(x, l));
}

kernel void read_2d(read_only image2d_t img, global T *out)
{
   int x = get_global_id(0), y = get_global_id(1);
   out[y * get_global_size(0) + x] = READ(img, (int2)(x, y));
}

kernel void read_2d_array(read_only image2d_array_t img, global T *out)
{
   int x = get_global_id(0), y = get_global_id(1), l = get_global_id(2);
   out[(l * get_global_size(1) + y) * get_global_size(0) + x] = READ(img, (int4)(x, y, l, 0));
}

kernel void read_3d(read_only image3d_t img, global T *out)
{
   int x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
   out[(z * get_global_size(1) + y) * get_global_size(0) + x] = READ(img, (int4)(x, y, z, 0));
}
