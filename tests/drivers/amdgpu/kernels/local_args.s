// SPDX-License-Identifier: MIT
// Static LDS and two __local pointer arguments, one wave of 16 work-items:
//   kernel void local_args(global uint *out, local uint *a, local uint *b)
//   (64 bytes of static LDS, as if from a __local uint s[16])
//   s[lid] = 0xabc00000 | lid; a[lid] = 100 + lid; b[lid] = 200 + lid;
//   barrier; out[3 * lid + 0..2] = s[15 - lid], a[15 - lid], b[15 - lid]
// If the driver placed a or b over the static LDS or over each other, the
// values read back are the wrong ones.
.text
.globl local_args
local_args:
  s_load_dwordx2 s[8:9], s[2:3], 0x0      // out
  s_load_dwordx2 s[10:11], s[2:3], 0x8    // a, b (LDS byte offsets)
  v_lshlrev_b32 v3, 2, v0                 // 4 * lid
  v_sub_nc_u32 v4, 15, v0
  v_lshlrev_b32 v4, 2, v4                 // 4 * (15 - lid)
  v_or_b32 v5, 0xabc00000, v0
  v_add_nc_u32 v6, 100, v0
  v_add_nc_u32 v7, 200, v0
  s_waitcnt lgkmcnt(0)
  ds_write_b32 v3, v5                     // s[lid]
  v_add_nc_u32 v8, s10, v3
  ds_write_b32 v8, v6                     // a[lid]
  v_add_nc_u32 v9, s11, v3
  ds_write_b32 v9, v7                     // b[lid]
  s_waitcnt lgkmcnt(0)
  s_barrier
  ds_read_b32 v10, v4
  v_add_nc_u32 v8, s10, v4
  ds_read_b32 v11, v8
  v_add_nc_u32 v9, s11, v4
  ds_read_b32 v12, v9
  v_mul_u32_u24 v13, 12, v0               // 12 * lid
  s_waitcnt lgkmcnt(0)
  global_store_dwordx3 v13, v[10:12], s[8:9]
  s_endpgm
