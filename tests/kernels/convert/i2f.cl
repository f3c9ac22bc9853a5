// SPDX-License-Identifier: MIT
// Integer -> float conversions with rounding modes (OpenCL C 2.0 §6.2.3.2):
// the default is _rte; values needing more than 24 significant bits round
// per the suffix. Results k*4+m: source k in int, uint, long, ulong and
// mode m in default, _rtz, _rtp, _rtn.
kernel void
i2f(global const int *a, global const uint *u, global const long *l,
    global const ulong *ul, global float *out)
{
   size_t i = get_global_id(0), n = get_global_size(0);
   out[0 * n + i] = convert_float(a[i]);
   out[1 * n + i] = convert_float_rtz(a[i]);
   out[2 * n + i] = convert_float_rtp(a[i]);
   out[3 * n + i] = convert_float_rtn(a[i]);
   out[4 * n + i] = convert_float(u[i]);
   out[5 * n + i] = convert_float_rtz(u[i]);
   out[6 * n + i] = convert_float_rtp(u[i]);
   out[7 * n + i] = convert_float_rtn(u[i]);
   out[8 * n + i] = convert_float(l[i]);
   out[9 * n + i] = convert_float_rtz(l[i]);
   out[10 * n + i] = convert_float_rtp(l[i]);
   out[11 * n + i] = convert_float_rtn(l[i]);
   out[12 * n + i] = convert_float(ul[i]);
   out[13 * n + i] = convert_float_rtz(ul[i]);
   out[14 * n + i] = convert_float_rtp(ul[i]);
   out[15 * n + i] = convert_float_rtn(ul[i]);
}
