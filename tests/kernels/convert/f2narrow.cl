// SPDX-License-Identifier: MIT
// Saturating float -> integer conversions to every integer width and
// signedness (OpenCL C 2.0 §6.2.3.3 and §6.2.3.2): values clamp to
// [MIN, MAX] of the destination, NaN gives 0, the rounding suffix applies
// before clamping.
kernel void
f2narrow(global const float *w, global uchar *u8, global char *i8,
         global short *i16, global ushort *u16, global uint *u32,
         global long *i64, global ulong *u64)
{
   size_t i = get_global_id(0);
   u8[i] = convert_uchar_sat(w[i]);
   i8[i] = convert_char_sat_rtn(w[i]);
   i16[i] = convert_short_sat_rte(w[i]);
   u16[i] = convert_ushort_sat_rtp(w[i]);
   u32[i] = convert_uint_sat(w[i]);
   i64[i] = convert_long_sat_rtz(w[i]);
   u64[i] = convert_ulong_sat_rte(w[i]);
}
