// SPDX-License-Identifier: MIT
// Conversions to and from half (cl_khr_fp16, OpenCL C 2.0 §6.2.3): to
// half, float, double and integers are rounded by the suffix (_rte, the
// default for a floating-point result, _rtz, _rtp, _rtn); an overflow
// gives infinity when rounding away from zero and the largest half,
// 65504, otherwise.  half to float and double is exact; half to an integer
// rounds toward zero by default, and _sat clamps to the integer's range
// with NaN giving 0.
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

// Result k * 5 + m of work-item i at out[(k * 5 + m) * n + i]: source k in
// float, double, int, uint, long; mode m in default, _rte, _rtz, _rtp, _rtn.
#define TO_HALF(k, x)                                                                    \
   out[((k) * 5 + 0) * n + i] = convert_half(x);                                         \
   out[((k) * 5 + 1) * n + i] = convert_half_rte(x);                                     \
   out[((k) * 5 + 2) * n + i] = convert_half_rtz(x);                                     \
   out[((k) * 5 + 3) * n + i] = convert_half_rtp(x);                                     \
   out[((k) * 5 + 4) * n + i] = convert_half_rtn(x)

kernel void
to_half(global const float *f, global const double *d, global const int *a,
        global const uint *u, global const long *l, global half *out)
{
   size_t i = get_global_id(0), n = get_global_size(0);
   TO_HALF(0, f[i]);
   TO_HALF(1, d[i]);
   TO_HALF(2, a[i]);
   TO_HALF(3, u[i]);
   TO_HALF(4, l[i]);
}

// half to floating point (exact) and to int in each rounding mode at
// a[m * n + i], m in default (toward zero), _rte, _rtp, _rtn (finite
// values: out of range, the result is undefined).
kernel void
from_half(global const half *h, global float *f, global double *d, global int *a)
{
   size_t i = get_global_id(0), n = get_global_size(0);
   f[i] = convert_float(h[i]);
   d[i] = convert_double(h[i]);
   a[0 * n + i] = convert_int(h[i]);
   a[1 * n + i] = convert_int_rte(h[i]);
   a[2 * n + i] = convert_int_rtp(h[i]);
   a[3 * n + i] = convert_int_rtn(h[i]);
}

// Saturated: every value, infinities and NaN included.
kernel void
from_half_sat(global const half *h, global int *a, global char *c, global uchar *uc,
              global short *s, global ushort *us, global long *l, global ulong *ul)
{
   size_t i = get_global_id(0);
   a[i] = convert_int_sat(h[i]);
   c[i] = convert_char_sat(h[i]);
   uc[i] = convert_uchar_sat_rte(h[i]);
   s[i] = convert_short_sat_rtp(h[i]);
   us[i] = convert_ushort_sat_rtn(h[i]);
   l[i] = convert_long_sat_rte(h[i]);
   ul[i] = convert_ulong_sat(h[i]);
}

// Vectors: half4 from float4 toward zero, int4 from half4 to nearest,
// half3 from double3 upward, float8 from half8.
kernel void
vector_half(global const float4 *f4, global const half4 *h4, global const double3 *d3,
            global const half8 *h8, global half4 *o_h4, global int4 *o_i4,
            global half3 *o_h3, global float8 *o_f8)
{
   size_t i = get_global_id(0);
   o_h4[i] = convert_half4_rtz(f4[i]);
   o_i4[i] = convert_int4_rte(h4[i]);
   o_h3[i] = convert_half3_rtp(d3[i]);
   o_f8[i] = convert_float8(h8[i]);
}
