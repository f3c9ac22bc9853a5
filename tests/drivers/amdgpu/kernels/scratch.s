// SPDX-License-Identifier: MIT
// Private memory through the scratch ring, set up as kiln_amd_abi.h says
// ACO does: FLAT_SCRATCH = scratch base s[0:1] + the wave's scratch offset
// (the system SGPR after the workgroup ids, s7).  Each work-item stores
// gid * 3 + k at private[k] (k = 0..3), reads them back in reverse and
// writes their sum to out[gid]:  out[gid] = 4 * 3 * gid + 6.
//   kernel void scratch(global uint *out)  (16 bytes of scratch per lane)
.text
.globl scratch
scratch:
  s_add_u32 s0, s0, s7
  s_addc_u32 s1, s1, 0
  s_setreg_b32 hwreg(HW_REG_FLAT_SCR_LO), s0
  s_setreg_b32 hwreg(HW_REG_FLAT_SCR_HI), s1
  s_load_dwordx2 s[8:9], s[2:3], 0x0
  s_load_dword s10, s[2:3], 0x30          // local_size.x
  s_waitcnt lgkmcnt(0)
  s_mul_i32 s10, s10, s4
  v_add_nc_u32 v1, s10, v0                // gid
  v_mul_u32_u24 v2, 3, v1
  v_add_nc_u32 v3, 1, v2
  v_add_nc_u32 v4, 2, v2
  v_add_nc_u32 v5, 3, v2
  v_mov_b32 v6, 0
  scratch_store_dwordx4 v6, v[2:5], off
  s_waitcnt_vscnt null, 0
  scratch_load_dword v7, v6, off offset:12
  scratch_load_dword v8, v6, off offset:8
  scratch_load_dword v9, v6, off offset:4
  scratch_load_dword v10, v6, off
  s_waitcnt vmcnt(0)
  v_add3_u32 v7, v7, v8, v9
  v_add_nc_u32 v7, v7, v10
  v_lshlrev_b32 v11, 2, v1
  global_store_dword v11, v7, s[8:9]
  s_endpgm
