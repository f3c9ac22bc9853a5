// SPDX-License-Identifier: MIT
// Writes each work-item's global id (x, y, z) and its packed local id
// (x | y << 10 | z << 20) to out[linear index], as kiln_amd_abi.h lays the
// launch out: s[2:3] kernarg pointer, s4..s6 workgroup id, v0..v2 local id,
// implicit arguments at 16 (after one 8-byte pointer).
//   kernel void ids(global uint4 *out)
//   linear index = ((gz - oz) * gsy + (gy - oy)) * gsx + (gx - ox)
.text
.globl ids
ids:
  s_load_dwordx2 s[8:9], s[2:3], 0x0      // out
  s_load_dwordx8 s[12:19], s[2:3], 0x10   // global_offset[3], work_dim, global_size[3], pad
  s_load_dwordx4 s[20:23], s[2:3], 0x30   // local_size[3], pad
  s_waitcnt lgkmcnt(0)
  s_mul_i32 s24, s4, s20
  s_add_u32 s24, s24, s12
  v_add_nc_u32 v12, s24, v0               // gx
  s_mul_i32 s25, s5, s21
  s_add_u32 s25, s25, s13
  v_add_nc_u32 v13, s25, v1               // gy
  s_mul_i32 s26, s6, s22
  s_add_u32 s26, s26, s14
  v_add_nc_u32 v14, s26, v2               // gz
  v_subrev_nc_u32 v6, s14, v14
  v_mul_lo_u32 v6, v6, s17
  v_subrev_nc_u32 v7, s13, v13
  v_add_nc_u32 v6, v6, v7
  v_mul_lo_u32 v6, v6, s16
  v_subrev_nc_u32 v7, s12, v12
  v_add_nc_u32 v6, v6, v7
  v_lshlrev_b32 v6, 4, v6
  v_lshlrev_b32 v8, 10, v1
  v_lshlrev_b32 v9, 20, v2
  v_or3_b32 v15, v0, v8, v9
  global_store_dwordx4 v6, v[12:15], s[8:9]
  s_endpgm
