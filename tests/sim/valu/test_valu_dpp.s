// DPP16, DPP8, SDWA and lane-crossing test programs (wave32).  Inputs
// and outputs as in test_valu_vop.s; v5 is preset to a sentinel where a
// lane may be left unwritten.

.include "valu_io.inc"

.macro SENTINEL
  v_mov_b32 v5, 0xdead
.endm

// @prog dpp
PROLOGUE
v_mov_b32_dpp v5, v1 quad_perm:[3,2,1,0] row_mask:0xf bank_mask:0xf
OUT v5
v_mov_b32_dpp v5, v1 row_shr:1 row_mask:0xf bank_mask:0xf bound_ctrl:0
OUT v5
SENTINEL
v_mov_b32_dpp v5, v1 row_shl:1 row_mask:0xf bank_mask:0xf
OUT v5
v_mov_b32_dpp v5, v1 row_ror:4 row_mask:0xf bank_mask:0xf
OUT v5
v_mov_b32_dpp v5, v1 row_mirror row_mask:0xf bank_mask:0xf
OUT v5
v_mov_b32_dpp v5, v1 row_half_mirror row_mask:0xf bank_mask:0xf
OUT v5
v_mov_b32_dpp v5, v1 row_share:3 row_mask:0xf bank_mask:0xf
OUT v5
v_mov_b32_dpp v5, v1 row_xmask:5 row_mask:0xf bank_mask:0xf
OUT v5
SENTINEL
v_mov_b32_dpp v5, v1 quad_perm:[1,1,1,1] row_mask:0x2 bank_mask:0x5
OUT v5
v_add_f32_dpp v5, v1, v2 row_shr:1 row_mask:0xf bank_mask:0xf bound_ctrl:0
OUT v5
v_add_f32_dpp v5, -v1, |v2| quad_perm:[0,0,0,0] row_mask:0xf bank_mask:0xf
OUT v5
v_mov_b32_dpp v5, v1 dpp8:[7,6,5,4,3,2,1,0]
OUT v5
v_add_nc_u32_dpp v5, v1, v2 dpp8:[1,1,1,1,0,0,0,0]
OUT v5
s_endpgm

// @prog sdwa
PROLOGUE
v_mov_b32 v5, v2
v_add_f16_sdwa v5, v1, v2 dst_sel:WORD_1 dst_unused:UNUSED_PRESERVE src0_sel:WORD_1 src1_sel:WORD_0
OUT v5
v_mov_b32_sdwa v5, v1 dst_sel:BYTE_1 dst_unused:UNUSED_PAD src0_sel:BYTE_3
OUT v5
v_mov_b32_sdwa v5, sext(v1) dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:BYTE_0
OUT v5
v_add_nc_u32_sdwa v5, v1, v2 dst_sel:WORD_0 dst_unused:UNUSED_SEXT src0_sel:WORD_1 src1_sel:BYTE_2
OUT v5
v_cmp_gt_u32_sdwa s10, v1, v2 src0_sel:BYTE_0 src1_sel:BYTE_0
v_cndmask_b32_e64 v5, 0, 1, s10
OUT v5
s_endpgm

// @prog lanes
PROLOGUE
v_readlane_b32 s10, v1, 5
v_mov_b32 v5, s10
OUT v5
s_mov_b32 exec_lo, 0xfff0
v_readfirstlane_b32 s11, v1
s_mov_b32 exec_lo, -1
v_mov_b32 v5, s11
OUT v5
v_mov_b32 v5, v2
s_mov_b32 s12, 0x1234
v_writelane_b32 v5, s12, 7
OUT v5
v_mbcnt_lo_u32_b32 v5, -1, 0
OUT v5
s_mov_b32 s12, 0x01234567
s_mov_b32 s13, 0x89abcdef
v_permlane16_b32 v5, v1, s12, s13
OUT v5
v_permlanex16_b32 v5, v1, s12, s13
OUT v5
s_mov_b32 m0, 2
v_movrels_b32 v5, v1
OUT v5
v_mov_b32 v6, v1
v_mov_b32 v7, v2
v_swap_b32 v6, v7
OUT v6
OUT v7
s_endpgm
