// SPDX-License-Identifier: MIT
// as_typen between types with a different number of elements (OpenCL C 2.0
// §6.2.4.2): implementation-defined in general; the spec asks that it match
// what reinterpreting a register of the source type gives. On little-endian
// devices (PoCL's x86, AMD GPUs) that is the memory order: element 0 is the
// lowest-addressed byte(s). This case pins kiln to that choice.
kernel void
as_bytes(global const int *i, global uchar4 *i_as_b, global short2 *i_as_s,
         global const uchar4 *b, global int *b_as_i, global const int4 *v,
         global char16 *v_as_c)
{
   size_t k = get_global_id(0);
   i_as_b[k] = as_uchar4(i[k]);
   i_as_s[k] = as_short2(i[k]);
   b_as_i[k] = as_int(b[k]);
   v_as_c[k] = as_char16(v[k]);
}
