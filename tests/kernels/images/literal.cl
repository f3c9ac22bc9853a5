// SPDX-License-Identifier: MIT
// Sampled image reads through a literal sampler (OpenCL C 2.0 6.13.14.1):
// `const sampler_t s = NORM | ADDR | FILT`, its properties from -DNORM=,
// -DADDR= and -DFILT=; out[i] = read_imagef(img, s, coords[i]).
kernel void literal_2d(read_only image2d_t img, global const float2 *coords, global float4 *out)
{
   const sampler_t s = NORM | ADDR | FILT;
   int i = get_global_id(0);
   out[i] = read_imagef(img, s, coords[i]);
}

// The same sampler at program scope, used from a second function.
constant sampler_t program_sampler = NORM | ADDR | FILT;

static float4
fetch(read_only image1d_array_t img, float2 c)
{
   return read_imagef(img, program_sampler, c);
}

kernel void literal_1d_array(read_only image1d_array_t img, global const float2 *coords,
                             global float4 *out)
{
   int i = get_global_id(0);
   out[i] = fetch(img, coords[i]);
}
