// Dispatch test programs: the initial state the hardware gives a wave.

// @prog sgprs
// 2 user SGPRs (s[0:1] = results), then TGID X/Y/Z (s2..s4), TG_SIZE
// (s5) and the scratch wave offset (s6). Lane 0 of each wave stores
// s2..s6 and EXEC at results + (group_linear * 4 + wave) * 32.
s_mov_b32 s20, exec_lo
s_mov_b32 s21, exec_hi
s_bfe_u32 s10, s5, 0x60006          // wave id in group = TG_SIZE[11:6]
s_lshl_b32 s11, s3, 1               // group linear = x + y * 2 (2x2x1 groups)
s_add_u32 s11, s11, s2
s_lshl_b32 s11, s11, 2
s_add_u32 s11, s11, s10
s_lshl_b32 s11, s11, 5              // * 32 bytes
s_mov_b32 exec_lo, 1
s_mov_b32 exec_hi, 0
v_mov_b32 v10, s11
v_mov_b32 v1, s2
v_mov_b32 v2, s3
v_mov_b32 v3, s4
v_mov_b32 v4, s5
v_mov_b32 v5, s6
v_mov_b32 v6, s20
v_mov_b32 v7, s21
global_store_dwordx4 v10, v[1:4], s[0:1]
global_store_dwordx3 v10, v[5:7], s[0:1] offset:16
s_endpgm

// @prog local_ids
// groups of 4x2x2 (x,y,z in v0,v1,v2); each lane stores its ids at
// results + (x + 4y + 8z) * 16 + group_x * 256, group_x in s2
v_lshlrev_b32 v3, 2, v1
v_lshlrev_b32 v4, 3, v2
v_add_nc_u32 v5, v0, v3
v_add_nc_u32 v5, v5, v4
v_lshlrev_b32 v5, 4, v5
s_lshl_b32 s10, s2, 8
v_add_nc_u32 v5, s10, v5
v_mov_b32 v3, 1
global_store_dwordx4 v5, v[0:3], s[0:1]
s_endpgm

// @prog count
// every thread adds 1 to results[0]; lane counts come from s_bcnt1 of EXEC
v_mov_b32 v1, 1
v_mov_b32 v2, 0
global_atomic_add v2, v1, s[0:1]
s_bcnt1_i32_b64 s10, exec
v_mov_b32 v3, s10
s_mov_b64 exec, 1
v_mov_b32 v4, 4
global_atomic_add v4, v3, s[0:1]
s_endpgm

// @prog scratch_slices
// 8 user SGPRs (s[0:1] scratch base, s[6:7] flag), TGID_X in s8, TG_SIZE
// in s9, scratch wave offset in s10.  Each wave writes its group and wave
// id to its scratch, spins, reads it back and ORs any difference into
// the flag, with many waves in flight on several host threads.
s_add_u32 s0, s0, s10
s_addc_u32 s1, s1, 0
s_setreg_b32 hwreg(HW_REG_FLAT_SCR_LO), s0
s_setreg_b32 hwreg(HW_REG_FLAT_SCR_HI), s1
s_bfe_u32 s20, s9, 0x60006
s_lshl_b32 s21, s8, 8
s_or_b32 s21, s21, s20
v_mov_b32 v1, s21
v_mov_b32 v5, 0
scratch_store_dword v5, v1, off
s_waitcnt vmcnt(0)
s_barrier                            // all waves of the group have stored
s_mov_b32 s22, 0
spin:
s_add_u32 s22, s22, 1
s_cmp_lt_u32 s22, 2000
s_cbranch_scc1 spin
scratch_load_dword v2, v5, off
s_waitcnt vmcnt(0)
v_xor_b32 v2, v2, v1                 // 0 when the slice was private
v_mov_b32 v3, 0
global_atomic_or v3, v2, s[6:7]
s_endpgm

// @prog wave32_exec_hi
// wave32: EXEC_HI is not part of the mask; VCC_HI is plain storage
s_mov_b64 exec, -1
v_lshlrev_b32 v2, 2, v0
v_mov_b32 v1, 5
global_store_dword v2, v1, s[0:1]      // 32 lanes, not 64
s_mov_b32 exec_lo, 0
s_mov_b32 exec_hi, -1
s_cbranch_execz empty
s_mov_b32 s10, 0x0bad
s_branch store
empty:
s_mov_b32 s10, 0x600d
store:
s_mov_b32 vcc_lo, 0
s_mov_b32 vcc_hi, -1
s_cselect_b32 s11, 1, 0
s_cbranch_vccz vz
s_mov_b32 s11, 0x0bad
s_branch out
vz:
s_mov_b32 s11, 0x600d
out:
s_mov_b32 exec_lo, 1
v_mov_b32 v3, s10
v_mov_b32 v4, s11
v_mov_b32 v5, 0
global_store_dwordx2 v5, v[3:4], s[0:1] offset:512
s_endpgm
