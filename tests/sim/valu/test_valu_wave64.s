// Wave64 test programs: every lane of a 64-lane wave, compare masks in
// SGPR pairs, v_cmpx on 64-bit EXEC, mbcnt_lo/hi, readlane of a high lane,
// and DPP rows 2 and 3.  Inputs and outputs as in test_valu_vop.s.
// llvm-mc assembles for wave32 here; a scalar mask operand encodes only
// its first register, so "s10" and "vcc_lo" are the encodings of s[10:11]
// and vcc that the wave64 hardware reads and writes.

.include "valu_io.inc"

// @prog w64
PROLOGUE
v_add_f32 v5, v1, v2
OUT v5
v_cmp_lt_u32_e64 s10, v3, v4
v_cndmask_b32_e64 v5, 0, 1, s10
OUT v5
v_mov_b32 v5, s10
OUT v5
v_mov_b32 v5, s11
OUT v5
v_mbcnt_lo_u32_b32 v5, -1, 0
v_mbcnt_hi_u32_b32 v5, -1, v5
OUT v5
v_readlane_b32 s12, v1, 45
v_mov_b32 v5, s12
OUT v5
v_mov_b32_dpp v5, v1 row_shr:3 row_mask:0xf bank_mask:0xf bound_ctrl:0
OUT v5
v_mov_b32 v5, 0
s_mov_b64 s[20:21], exec
v_cmpx_gt_u32 v3, v4
v_mov_b32 v5, 9
s_mov_b64 s[22:23], exec
s_mov_b64 exec, s[20:21]
OUT v5
v_mov_b32 v5, s22
OUT v5
v_mov_b32 v5, s23
OUT v5
v_add_co_u32 v5, vcc_lo, v3, v4
v_add_co_ci_u32 v6, vcc_lo, 0, 0, vcc_lo
OUT v6
s_endpgm
