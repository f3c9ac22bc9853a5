// VOP1/VOP2/VOP3/VOP3P test programs (wave32).  Each lane loads four
// inputs a, b, c, d from buffer 1 (s[2:3]) at lane*4 + 0/256/512/768 and
// stores each result to buffer 0 (s[0:1]) in consecutive 256-byte slots
// (slot*256 + lane*4), advancing s[0:1] after each store.

.include "valu_io.inc"

// @prog f32
PROLOGUE
v_add_f32 v5, v1, v2
OUT v5
v_sub_f32 v5, v1, v2
OUT v5
v_subrev_f32 v5, v1, v2
OUT v5
v_mul_f32 v5, v1, v2
OUT v5
v_fma_f32 v5, v1, v2, v3
OUT v5
v_mov_b32 v5, v3
v_fmac_f32 v5, v1, v2
OUT v5
v_fmamk_f32 v5, v1, 0x40400000, v2
OUT v5
v_fmaak_f32 v5, v1, v2, 0xc0a00000
OUT v5
v_add_f32_e64 v5, -v1, |v2|
OUT v5
v_mul_f32_e64 v5, v1, v2 clamp
OUT v5
v_add_f32_e64 v5, v1, v2 mul:2
OUT v5
v_add_f32_e64 v5, v1, v2 div:2
OUT v5
v_min_f32 v5, v1, v2
OUT v5
v_max_f32 v5, v1, v2
OUT v5
v_add_f32 v5, 0.5, v1
OUT v5
v_add_f32 v5, -4.0, v1
OUT v5
v_mul_f32 v5, 0.15915494, v1
OUT v5
v_med3_f32 v5, v1, v2, v3
OUT v5
v_max3_f32 v5, v1, v2, v3
OUT v5
v_sub_f32 v5, 0x42f60000, v1
OUT v5
v_ldexp_f32 v5, v1, -3
OUT v5
s_mov_b32 s20, 0x5555aaaa
v_cndmask_b32_e64 v5, v1, v2, s20
OUT v5
s_endpgm

// @prog transc
PROLOGUE
v_rcp_f32 v5, v1
OUT v5
v_sqrt_f32 v5, v1
OUT v5
v_rsq_f32 v5, v1
OUT v5
v_exp_f32 v5, v2
OUT v5
v_log_f32 v5, v1
OUT v5
v_sin_f32 v5, v2
OUT v5
v_cos_f32 v5, v2
OUT v5
v_fract_f32 v5, v2
OUT v5
v_floor_f32 v5, v2
OUT v5
v_ceil_f32 v5, v2
OUT v5
v_trunc_f32 v5, v2
OUT v5
v_rndne_f32 v5, v2
OUT v5
v_frexp_mant_f32 v5, v2
OUT v5
v_frexp_exp_i32_f32 v5, v2
OUT v5
s_endpgm

// @prog cvt
PROLOGUE
v_cvt_f32_i32 v5, v3
OUT v5
v_cvt_f32_u32 v5, v3
OUT v5
v_cvt_i32_f32 v5, v2
OUT v5
v_cvt_u32_f32 v5, v2
OUT v5
v_cvt_f16_f32 v5, v2
OUT v5
v_cvt_f32_f16 v5, v4
OUT v5
v_cvt_pkrtz_f16_f32 v5, v1, v2
OUT v5
v_cvt_f32_ubyte2 v5, v3
OUT v5
v_cvt_flr_i32_f32 v5, v2
OUT v5
v_cvt_rpi_i32_f32 v5, v2
OUT v5
v_cvt_f64_f32 v[6:7], v2
OUT v6
OUT v7
v_cvt_i32_f64 v5, v[6:7]
OUT v5
s_endpgm

// @prog int
PROLOGUE
v_add_co_u32 v5, vcc_lo, v1, v2
v_add_co_ci_u32 v6, vcc_lo, v3, v4, vcc_lo
OUT v5
OUT v6
v_sub_co_u32 v5, s10, v1, v2
v_sub_co_ci_u32 v6, s10, v3, v4, s10
OUT v5
OUT v6
v_mul_lo_u32 v5, v1, v2
OUT v5
v_mul_hi_u32 v5, v1, v2
OUT v5
v_mul_hi_i32 v5, v1, v2
OUT v5
v_mul_u32_u24 v5, v1, v2
OUT v5
v_mul_i32_i24 v5, v1, v2
OUT v5
v_bfe_u32 v5, v1, 5, 11
OUT v5
v_bfe_i32 v5, v1, 8, 8
OUT v5
v_bfi_b32 v5, v3, v1, v2
OUT v5
v_alignbit_b32 v5, v1, v2, v4
OUT v5
v_perm_b32 v5, v1, v2, 0x0c090207
OUT v5
v_lshlrev_b64 v[6:7], v4, v[1:2]
OUT v6
OUT v7
v_ashrrev_i64 v[6:7], v4, v[1:2]
OUT v6
OUT v7
v_mad_u64_u32 v[6:7], s10, v1, v2, v[3:4]
OUT v6
OUT v7
v_bcnt_u32_b32 v5, v1, 3
OUT v5
v_ffbh_u32 v5, v1
OUT v5
v_ffbl_b32 v5, v1
OUT v5
v_bfrev_b32 v5, v1
OUT v5
v_add_nc_u32_e64 v5, v1, v2 clamp
OUT v5
v_sub_nc_u32 v5, v1, v2
OUT v5
v_add_nc_u32 v5, 64, v0
OUT v5
v_add_nc_u32 v5, -16, v0
OUT v5
v_add_nc_u32 v5, 0x12345, v0
OUT v5
v_lshl_add_u32 v5, v1, 3, v2
OUT v5
v_med3_i32 v5, v1, v2, v3
OUT v5
v_max_u32 v5, v1, v2
OUT v5
v_ashrrev_i32 v5, 4, v1
OUT v5
v_mbcnt_lo_u32_b32 v5, v1, 0
OUT v5
s_endpgm

// @prog f64
PROLOGUE
v_add_f64 v[6:7], v[1:2], v[3:4]
OUT v6
OUT v7
v_mul_f64 v[6:7], v[1:2], v[3:4]
OUT v6
OUT v7
v_fma_f64 v[6:7], v[1:2], v[3:4], v[1:2]
OUT v6
OUT v7
v_add_f64 v[6:7], -v[1:2], 1.0
OUT v6
OUT v7
v_rcp_f64 v[6:7], v[3:4]
OUT v6
OUT v7
v_max_f64 v[6:7], v[1:2], v[3:4]
OUT v6
OUT v7
v_cvt_f32_f64 v5, v[1:2]
OUT v5
s_endpgm

// @prog f16
PROLOGUE
v_mov_b32 v5, v1
v_add_f16 v5, v1, v2
OUT v5
v_mov_b32 v5, v1
v_fma_f16 v5, v1, v2, v3 op_sel:[1,1,0,1]
OUT v5
v_mul_f16 v5, v1, v2
OUT v5
v_fma_f16 v5, v1, v2, v3
OUT v5
v_pk_add_f16 v5, v1, v2
OUT v5
v_pk_mul_f16 v5, v1, v2 op_sel:[1,0] op_sel_hi:[0,1]
OUT v5
v_pk_fma_f16 v5, v1, v2, v3 neg_lo:[1,0,0]
OUT v5
v_fma_mix_f32 v5, v1, v2, v3 op_sel_hi:[1,1,0]
OUT v5
v_add_nc_u16 v5, v1, v2
OUT v5
v_pk_add_u16 v5, v1, v2
OUT v5
v_pk_lshlrev_b16 v5, 3, v1 op_sel_hi:[0,1]
OUT v5
v_cvt_f16_u16 v5, v4
OUT v5
v_max_f16 v5, v1, v2
OUT v5
s_endpgm

// @prog fdiv
PROLOGUE
v_div_scale_f32 v5, s10, v2, v2, v1
v_div_scale_f32 v6, vcc_lo, v1, v2, v1
v_rcp_f32 v7, v5
v_fma_f32 v8, -v5, v7, 1.0
v_fmac_f32 v7, v8, v7
v_mul_f32 v8, v6, v7
v_fma_f32 v9, -v5, v8, v6
v_fmac_f32 v8, v9, v7
v_fma_f32 v5, -v5, v8, v6
v_div_fmas_f32 v5, v5, v7, v8
v_div_fixup_f32 v5, v5, v2, v1
OUT v5
s_endpgm
