// SPDX-License-Identifier: MIT
// Vector conversions (OpenCL C 2.0 §6.2.3.1): convert_destTypen converts
// component by component with the same rules as the scalar forms, and
// works for 3-component vectors.
kernel void
vconvert(global const float4 *f, global const int8 *v, global const int3 *v3,
         global int4 *f_i, global uchar8 *v_uc, global float3 *v3_f,
         global short4 *f_s)
{
   size_t i = get_global_id(0);
   f_i[i] = convert_int4_sat_rte(f[i]);
   v_uc[i] = convert_uchar8_sat(v[i]);
   v3_f[i] = convert_float3(v3[i]);
   f_s[i] = convert_short4_sat_rtn(f[i] * 0.25f);
}
