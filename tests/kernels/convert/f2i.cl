// SPDX-License-Identifier: MIT
// Explicit float -> int conversions (OpenCL C 2.0 §6.2.3): the default for
// float -> integer is _rtz; _rte (ties to even), _rtz, _rtp, _rtn pick the
// rounding. Without _sat an out-of-range value is undefined, so `a` holds
// in-range values; with _sat (§6.2.3.3) out-of-range values clamp to the
// type's range and NaN converts to 0, tested on `w`. 9 results per item.
kernel void
f2i(global const float *a, global const float *w, global int *out)
{
   size_t i = get_global_id(0), n = get_global_size(0);
   out[0 * n + i] = convert_int(a[i]);
   out[1 * n + i] = convert_int_rte(a[i]);
   out[2 * n + i] = convert_int_rtz(a[i]);
   out[3 * n + i] = convert_int_rtp(a[i]);
   out[4 * n + i] = convert_int_rtn(a[i]);
   out[5 * n + i] = convert_int_sat(w[i]);
   out[6 * n + i] = convert_int_sat_rte(w[i]);
   out[7 * n + i] = convert_int_sat_rtp(w[i]);
   out[8 * n + i] = convert_int_sat_rtn(w[i]);
}
