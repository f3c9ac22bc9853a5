// SPDX-License-Identifier: MIT
// Sampled image reads (OpenCL C 2.0 6.13.14.2 with the sampler of a kernel
// argument, OpenCL 2.0 8.2's addressing and filtering): out[i] = READ(img,
// s, coords[i]).  READ is read_imagef, read_imagei or read_imageui (-DT=
// the matching 4-vector); the coordinates are floats, or integers with
// -DINT_COORDS.
#ifndef READ
#define READ read_imagef
#define T float4
#endif
#ifdef INT_COORDS
typedef int C1;
typedef int2 C2;
typedef int4 C4;
#else
typedef float C1;
typedef float2 C2;
typedef float4 C4;
#endif

kernel void sample_1d(read_only image1d_t img, sampler_t s, global const C1 *coords,
                      global T *out)
{
   int i = get_global_id(0);
   out[i] = READ(img, s, coords[i]);
}

kernel void sample_1d_array(read_only image1d_array_t img, sampler_t s, global const C2 *coords,
                            global T *out)
{
   int i = get_global_id(0);
   out[i] = READ(img, s, coords[i]);
}

kernel void sample_2d(read_only image2d_t img, sampler_t s, global const C2 *coords,
                      global T *out)
{
   int i = get_global_id(0);
   out[i] = READ(img, s, coords[i]);
}

kernel void sample_2d_array(read_only image2d_array_t img, sampler_t s, global const C4 *coords,
                            global T *out)
{
   int i = get_global_id(0);
   out[i] = READ(img, s, coords[i]);
}

kernel void sample_3d(read_only image3d_t img, sampler_t s, global const C4 *coords,
                      global T *out)
{
   int i = get_global_id(0);
   out[i] = READ(img, s, coords[i]);
}
