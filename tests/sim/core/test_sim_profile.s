// Profile test programs: counts each dispatch's profile must show, worked
// out from the program text (see test_sim_profile.c).
// s[0:1] = buffer 0, s[2:3] = buffer 1 (st_dispatch's user SGPRs).

// @prog loop
// seven trips through a three-instruction body and its branch
s_mov_b32 s10, 0
loop:
s_add_u32 s10, s10, 1
v_add_nc_u32 v1, v1, 1
s_cmp_lt_u32 s10, 7
s_cbranch_scc1 loop
s_endpgm

// @prog half
// the odd lanes take the branch body (wave32)
v_and_b32 v1, 1, v0
v_cmp_eq_u32 vcc_lo, 1, v1
s_and_saveexec_b32 s10, vcc_lo
s_cbranch_execz skip
v_add_nc_u32 v2, v2, 1
skip:
s_or_b32 exec_lo, exec_lo, s10
s_endpgm

// @prog none
// no lane takes the branch body (wave32)
v_and_b32 v1, 1, v0
v_cmp_eq_u32 vcc_lo, 2, v1
s_and_saveexec_b32 s10, vcc_lo
s_cbranch_execz skip2
v_add_nc_u32 v2, v2, 1
skip2:
s_or_b32 exec_lo, exec_lo, s10
s_endpgm

// @prog mem
// 16 bytes by SMEM; 32 consecutive dwords (one 128-byte line); 32 dwords
// 128 bytes apart (32 lines); 32 consecutive dword pairs stored (2 lines)
s_load_dwordx4 s[8:11], s[0:1], 0x0
v_lshlrev_b32 v1, 2, v0
global_load_dword v2, v1, s[0:1]
v_lshlrev_b32 v3, 7, v0
global_load_dword v4, v3, s[0:1]
v_lshlrev_b32 v5, 3, v0
s_waitcnt vmcnt(0) lgkmcnt(0)
global_store_dwordx2 v5, v[6:7], s[2:3]
s_endpgm

// @prog barrier
// every wave of the group stops at the barrier once
v_mov_b32 v1, 1
s_barrier
s_endpgm

// @prog fault
// the load faults (address 0 is unmapped): the profile stops there
s_mov_b64 s[10:11], 0
global_load_dword v1, v0, s[10:11]
s_waitcnt vmcnt(0)
s_endpgm

// @prog lds
// 32 lanes: each writes a dword (128 bytes) and reads two (256 bytes); the
// 16 odd lanes add to theirs (64 bytes read, 64 written)
v_lshlrev_b32 v1, 2, v0
ds_write_b32 v1, v0
ds_read2_b32 v[2:3], v1 offset1:1
v_and_b32 v4, 1, v0
v_cmp_eq_u32 vcc_lo, 1, v4
s_and_saveexec_b32 s10, vcc_lo
ds_add_u32 v1, v0
s_or_b32 exec_lo, exec_lo, s10
s_waitcnt lgkmcnt(0)
s_endpgm
