// SPDX-License-Identifier: MIT
// vload_half and vstore_half (OpenCL C 2.0 §6.13.7): half data in memory
// read as float and float or double written as half, rounded by the suffix
// (the default is _rte; the others as convert_half_rt*).  vload_halfn and
// vstore_halfn address p + offset * n, a 3-vector included; vloada_halfn
// and vstorea_halfn address p + offset * 4 for n = 3.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

// The stores of work-item i at out[k * n + i]: float in the default, _rte,
// _rtz, _rtp, _rtn modes (k = 0..4), then double (k = 5..9).
kernel void
vstore_half_modes(global const float *f, global const double *d, global half *out)
{
   size_t i = get_global_id(0), n = get_global_size(0);
   vstore_half(f[i], 0 * n + i, out);
   vstore_half_rte(f[i], 1 * n + i, out);
   vstore_half_rtz(f[i], 2 * n + i, out);
   vstore_half_rtp(f[i], 3 * n + i, out);
   vstore_half_rtn(f[i], 4 * n + i, out);
   vstore_half(d[i], 5 * n + i, out);
   vstore_half_rte(d[i], 6 * n + i, out);
   vstore_half_rtz(d[i], 7 * n + i, out);
   vstore_half_rtp(d[i], 8 * n + i, out);
   vstore_half_rtn(d[i], 9 * n + i, out);
}

// Vector forms: a float4 stored toward zero, a float3 packed (3 halves an
// element) and aligned (4 halves an element, the fourth left alone) with
// _rtp, a double2 with _rtn.
kernel void
vstore_halfn(global const float4 *f4, global const float *f3, global const double2 *d2,
             global half *o4, global half *o3, global half *oa3, global half *o2)
{
   size_t i = get_global_id(0);
   float3 v3 = vload3(i, f3);
   vstore_half4_rtz(f4[i], i, o4);
   vstore_half3_rtp(v3, i, o3);
   vstorea_half3_rtp(v3, i, oa3);
   vstore_half2_rtn(d2[i], i, o2);
}

// Loads: one half, a half4, a packed and an aligned half3, a half16.
kernel void
vload_halfn(global const half *h, global float *o1, global float4 *o4, global float *o3,
            global float *oa3, global float16 *o16)
{
   size_t i = get_global_id(0);
   o1[i] = vload_half(i, h);
   o4[i] = vload_half4(i, h);
   vstore3(vload_half3(i, h), i, o3);
   vstore3(vloada_half3(i, h), i, oa3);
   o16[i] = vload_half16(0, h + i);
}

// Halves staged as the CTS's vload_half kernels stage them: copied as an
// int2 into a __local uchar array and as ints into a __private one,
// through pointers cast from the arrays (stores the compiler sees as
// 1-byte aligned, OpenCL C 2.0 §6.3.i allowing any aligned address), then
// read with vload_halfn at an even and at an odd half offset, a half3
// stored at float 3i (vstore3), and written back with vstore_half3 at odd
// half offsets.  Work-item i's halves are h[4i..4i+3].
kernel void
vload_half_staged(global const half *h, global float4 *o4, global float *o3, global float2 *o2,
                  global half *s3)
{
   local uchar lds[16 * sizeof(int2)] __attribute__((aligned(sizeof(int2))));
   uchar priv[2 * sizeof(int)] __attribute__((aligned(sizeof(int))));
   size_t i = get_global_id(0), lid = get_local_id(0);
   *(local int2 *)&lds[lid * sizeof(int2)] = ((global const int2 *)h)[i];
   for (int k = 0; k < 2; k++)
      *(private int *)&priv[k * sizeof(int)] = ((global const int *)h)[2 * i + k];
   local half *lh = (local half *)lds;
   private half *ph = (private half *)priv;
   o4[i] = vload_half4(lid, lh);
   vstore3(vload_half3(0, ph + 1), i, o3);
   o2[i] = vload_half2(0, lh + 4 * lid + 1);
   vstore_half3(vload_half3(0, ph), i, s3 + 1);
}
