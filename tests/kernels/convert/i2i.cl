// SPDX-License-Identifier: MIT
// Integer -> integer conversions (OpenCL C 2.0 §6.2.3.3): without _sat the
// value is taken modulo 2^N (C99 for unsigned, two's complement wrap for
// signed on every OpenCL device); with _sat it clamps to the destination
// range, including signed <-> unsigned.
kernel void
i2i(global const int *a, global const long *l, global const short *s,
    global char *a_c_sat, global char *a_c, global uchar *a_uc_sat,
    global ushort *a_us_sat, global uint *a_u_sat, global int *l_i_sat,
    global uint *l_u_sat, global short *l_s_sat, global ulong *l_ul_sat,
    global int *l_i, global uchar *s_uc_sat)
{
   size_t i = get_global_id(0);
   a_c_sat[i] = convert_char_sat(a[i]);
   a_c[i] = convert_char(a[i]);
   a_uc_sat[i] = convert_uchar_sat(a[i]);
   a_us_sat[i] = convert_ushort_sat(a[i]);
   a_u_sat[i] = convert_uint_sat(a[i]);
   l_i_sat[i] = convert_int_sat(l[i]);
   l_u_sat[i] = convert_uint_sat(l[i]);
   l_s_sat[i] = convert_short_sat(l[i]);
   l_ul_sat[i] = convert_ulong_sat(l[i]);
   l_i[i] = convert_int(l[i]);
   s_uc_sat[i] = convert_uchar_sat(s[i]);
}
