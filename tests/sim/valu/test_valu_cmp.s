// VOPC test programs (wave32): compares to VCC, to an SGPR (VOP3) and
// v_cmpx to EXEC.  Inputs and outputs as in test_valu_vop.s.

.include "valu_io.inc"

// @prog cmp
PROLOGUE
v_cmp_lt_f32 vcc_lo, v1, v2
v_cndmask_b32 v5, 0, 1, vcc_lo
OUT v5
v_mov_b32 v5, vcc_lo
OUT v5
v_cmp_neq_f32 vcc_lo, v1, v2
v_cndmask_b32 v5, 0, 1, vcc_lo
OUT v5
v_cmp_lg_f32_e64 s10, v1, v2
v_cndmask_b32_e64 v5, 0, 1, s10
OUT v5
v_cmp_u_f32_e64 s10, v1, v2
v_cndmask_b32_e64 v5, 0, 1, s10
OUT v5
v_cmp_gt_u32_e64 s10, v3, v4
v_cndmask_b32_e64 v5, 0, 1, s10
OUT v5
v_cmp_ge_i32 vcc_lo, v3, v4
v_cndmask_b32 v5, 0, 1, vcc_lo
OUT v5
v_cmp_class_f32_e64 s10, v1, 0x3c
v_cndmask_b32_e64 v5, 0, 1, s10
OUT v5
v_cmp_eq_u64 vcc_lo, v[3:4], v[1:2]
v_cndmask_b32 v5, 0, 1, vcc_lo
OUT v5
v_cmp_lt_f32_e64 s10, -v1, |v2|
v_cndmask_b32_e64 v5, 0, 1, s10
OUT v5
v_cmp_ne_u32 vcc_lo, 7, v0
v_cndmask_b32 v5, 0, 1, vcc_lo
OUT v5
v_mov_b32 v5, 0
s_mov_b32 s20, exec_lo
v_cmpx_lt_i32 v3, v4
v_mov_b32 v5, 7
s_mov_b32 s21, exec_lo
s_mov_b32 exec_lo, s20
OUT v5
v_mov_b32 v5, s21
OUT v5
v_cmp_lt_f16 vcc_lo, v1, v2
v_cndmask_b32 v5, 0, 1, vcc_lo
OUT v5
s_endpgm
