// SPDX-License-Identifier: MIT
// double -> float and double -> int conversions with rounding modes (OpenCL
// C 2.0 §6.2.3.2): a double between two floats rounds per the suffix (the
// default is _rte); _rtz never overflows to infinity.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

kernel void
d2f(global const double *d, global float *out, global int *iout,
    global double *back)
{
   size_t i = get_global_id(0), n = get_global_size(0);
   out[0 * n + i] = convert_float(d[i]);
   out[1 * n + i] = convert_float_rtz(d[i]);
   out[2 * n + i] = convert_float_rtp(d[i]);
   out[3 * n + i] = convert_float_rtn(d[i]);
   iout[0 * n + i] = convert_int_sat_rte(d[i]);
   iout[1 * n + i] = convert_int_sat(d[i]);
   back[i] = convert_double(convert_float_rtp(d[i])); // float -> double is exact
}
