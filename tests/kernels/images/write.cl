// SPDX-License-Identifier: MIT
// Image writes (OpenCL C 2.0 6.13.14.4): every pixel of a write_only image
// written from in, in memory order, with the value conversions of the
// image's format (8.3).  WRITE is write_imagef, write_imagei or
// write_imageui (-DWRITE=..., -DT= float4, int4 or uint4).
#ifdef FP16
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#endif
#ifndef WRITE
#define WRITE write_imagef
#define T float4
#endif

kernel void write_1d(write_only image1d_t img, global const T *in)
{
   int x = get_global_id(0);
   WRITE(img, x, in[x]);
}

kernel void write_1d_buffer(write_only image1d_buffer_t img, global const T *in)
{
   int x = get_global_id(0);
   WRITE(img, x, in[x]);
}

kernel void write_1d_array(write_only image1d_array_t img, global const T *in)
{
   int x = get_global_id(0), l = get_global_id(1);
   WRITE(img, (int2)(x, l), in[l * get_global_size(0) + x]);
}

kernel void write_2d(write_only image2d_t img, global const T *in)
{
   int x = get_global_id(0), y = get_global_id(1);
   WRITE(img, (int2)(x, y), in[y * get_global_size(0) + x]);
}

kernel void write_2d_array(write_only image2d_array_t img, global const T *in)
{
   int x = get_global_id(0), y = get_global_id(1), l = get_global_id(2);
   WRITE(img, (int4)(x, y, l, 0), in[(l * get_global_size(1) + y) * get_global_size(0) + x]);
}

kernel void write_3d(write_only image3d_t img, global const T *in)
{
   int x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
   WRITE(img, (int4)(x, y, z, 0), in[(z * get_global_size(1) + y) * get_global_size(0) + x]);
}
