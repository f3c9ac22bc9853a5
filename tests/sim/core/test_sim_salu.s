// Scalar ALU and program control test programs. Each stores its results
// as dwords to s[0:1] (buffer 0) from lane 0 of a one-thread wave; v0 is
// that lane's local id, 0, used as the store offset.

.macro OUT reg, idx
  v_mov_b32 v1, \reg
  global_store_dword v0, v1, s[0:1] offset:\idx*4
.endm
.macro OUTSCC idx
  s_cselect_b32 s30, 1, 0
  OUT s30, \idx
.endm

// @prog sop2
s_mov_b32 s10, 0xfffffff0
s_mov_b32 s11, 0x20
s_add_u32 s12, s10, s11
OUT s12, 0
OUTSCC 1
s_sub_u32 s12, s11, s10
OUT s12, 2
OUTSCC 3
s_add_i32 s12, 0x7fffffff, 1
OUT s12, 4
OUTSCC 5
s_add_u32 s12, s10, s11
s_addc_u32 s13, 5, 6
OUT s13, 6
s_min_i32 s12, s10, s11
OUT s12, 7
s_min_u32 s12, s10, s11
OUT s12, 8
s_max_i32 s12, s10, s11
OUT s12, 9
s_mov_b32 s20, 0x12345678
s_bfe_u32 s12, s20, 0xc0008
OUT s12, 10
s_mov_b32 s20, 0xf000
s_bfe_i32 s12, s20, 0x4000c
OUT s12, 11
s_lshl_b64 s[14:15], s[10:11], 4
OUT s14, 12
OUT s15, 13
s_ashr_i32 s12, s10, 2
OUT s12, 14
s_lshr_b32 s12, s10, 2
OUT s12, 15
s_mul_i32 s12, s10, -3
OUT s12, 16
s_mul_hi_u32 s12, s10, s10
OUT s12, 17
s_mul_hi_i32 s12, s10, s10
OUT s12, 18
s_mov_b32 s20, 0xff00ff
s_andn2_b32 s12, s20, 0xf0f0f0f0
OUT s12, 19
s_xnor_b32 s12, s20, 0xf0f0f0f0
OUT s12, 20
s_bfm_b32 s12, 5, 3
OUT s12, 21
s_mov_b32 s20, 0x11112222
s_pack_lh_b32_b16 s12, s20, 0x33334444
OUT s12, 22
s_lshl2_add_u32 s12, 0x40000001, 7
OUT s12, 23
OUTSCC 24
s_absdiff_i32 s12, -5, 7
OUT s12, 25
s_subb_u32 s12, 3, 5
OUT s12, 26
OUTSCC 27
s_endpgm

// @prog sop1
s_mov_b32 s10, 0x00f00100
s_not_b32 s12, s10
OUT s12, 0
s_brev_b32 s12, s10
OUT s12, 1
s_bcnt1_i32_b32 s12, s10
OUT s12, 2
s_ff1_i32_b32 s12, s10
OUT s12, 3
s_flbit_i32_b32 s12, s10
OUT s12, 4
s_flbit_i32 s12, -8
OUT s12, 5
s_sext_i32_i8 s12, 0x80
OUT s12, 6
s_sext_i32_i16 s12, 0x7fff
OUT s12, 7
s_mov_b32 s12, 0
s_bitset1_b32 s12, 31
OUT s12, 8
s_wqm_b32 s12, 0x0101
OUT s12, 9
s_quadmask_b32 s12, 0x0f01
OUT s12, 10
s_abs_i32 s12, -7
OUT s12, 11
s_mov_b64 s[14:15], -2
OUT s14, 12
OUT s15, 13
s_bcnt1_i32_b64 s12, s[14:15]
OUT s12, 14
s_ff0_i32_b32 s12, 0xffff
OUT s12, 15
s_movk_i32 s12, 0x8001
OUT s12, 16
s_addk_i32 s12, 0x10
OUT s12, 17
s_cmpk_lt_i32 s12, 0
OUTSCC 18
s_cmpk_lt_u32 s12, 0
OUTSCC 19
s_mov_b32 m0, 2
s_mov_b32 s22, 0x1234
s_movrels_b32 s12, s20
OUT s12, 20
s_endpgm

// @prog control
s_mov_b32 s10, 0
s_mov_b32 s11, 0
loop:
s_add_u32 s10, s10, 1
s_add_u32 s11, s11, s10
s_cmp_lt_u32 s10, 10
s_cbranch_scc1 loop
OUT s10, 0
OUT s11, 1
s_cmp_eq_u64 s[0:1], 0
s_cbranch_scc1 skip
s_mov_b32 s12, 0x77
skip:
OUT s12, 2
s_mov_b32 s12, 0x55
s_branch over
s_mov_b32 s12, 0x66
over:
OUT s12, 3
// exec manipulation on a 1-lane wave
s_mov_b32 s13, exec_lo
OUT s13, 4
s_and_saveexec_b32 s14, 0
s_cbranch_execz noexec
s_mov_b32 s15, 0x99
noexec:
s_mov_b32 exec_lo, s14
OUT s14, 5
OUTSCC 6
// hardware registers: write MODE round bits, read back
s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 4), 0xa
s_getreg_b32 s16, hwreg(HW_REG_MODE, 0, 8)
OUT s16, 7
s_round_mode 0x3
s_denorm_mode 0x5
s_getreg_b32 s16, hwreg(HW_REG_MODE, 0, 8)
OUT s16, 8
// FLAT_SCRATCH as ACO sets it up
s_mov_b32 s17, 0x12345678
s_mov_b32 s18, 0xabcd0042
s_setreg_b32 hwreg(HW_REG_FLAT_SCR_LO), s17
s_setreg_b32 hwreg(HW_REG_FLAT_SCR_HI), s18
s_getreg_b32 s19, hwreg(HW_REG_FLAT_SCR_HI)
OUT s19, 9
// call and return
s_call_b64 s[20:21], func
OUT s22, 10
s_getpc_b64 s[24:25]
s_sub_u32 s24, s24, s20
OUT s24, 11
s_waitcnt vmcnt(0) lgkmcnt(0)
s_nop 3
s_endpgm
func:
s_mov_b32 s22, 0xf00d
s_setpc_b64 s[20:21]

// @prog smem
s_load_dwordx2 s[10:11], s[2:3], 0x8
s_load_dword s12, s[2:3], 0x0
s_mov_b32 s13, 4
s_load_dword s14, s[2:3], s13
s_waitcnt lgkmcnt(0)
OUT s10, 0
OUT s11, 1
OUT s12, 2
OUT s14, 3
// V#: base = buffer 1, stride 0, num_records = 12 bytes
s_mov_b32 s16, s2
s_and_b32 s17, s3, 0xffff
s_mov_b32 s18, 12
s_mov_b32 s19, 0x30000000
s_buffer_load_dwordx4 s[20:23], s[16:19], 0x4
s_waitcnt lgkmcnt(0)
OUT s20, 4
OUT s21, 5
OUT s22, 6
OUT s23, 7
s_memtime s[24:25]
s_memtime s[26:27]
s_sub_u32 s24, s26, s24
s_subb_u32 s25, s27, s25
s_cmp_lt_i32 s25, 0
OUTSCC 8
s_endpgm
