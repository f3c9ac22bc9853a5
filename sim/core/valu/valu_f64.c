/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Double-precision VALU opcodes: arithmetic, fma, min/max, rounding,
 * reciprocal/square root, conversions to and from f64, the division
 * helpers and v_trig_preop.  The host FPU runs in the wave's f64 mode.
 */
#include "valu_internal.h"

static inline double
rndne_f64(double x)
{
   if (!isfinite(x) || fabs(x) >= 0x1p52)
      return x;
   return copysign(x - remainder(x, 1.0), x);
}

DEF_F64(v_add_f64, VALU_F64(0) + VALU_F64(1))
DEF_F64(v_mul_f64, VALU_F64(0) * VALU_F64(1))
DEF_F64(v_fma_f64, fma(VALU_F64(0), VALU_F64(1), VALU_F64(2)))
DEF_F64B(v_min_f64, sim_f64_min(VALU_B64F(0), VALU_B64F(1), io->ieee))
DEF_F64B(v_max_f64, sim_f64_max(VALU_B64F(0), VALU_B64F(1), io->ieee))
DEF_F64B(v_ldexp_f64, sim_f64_ldexp(VALU_B64F(0), (int32_t)VALU_U32(1)))
DEF_F64(v_trunc_f64, trunc(VALU_F64(0)))
DEF_F64(v_ceil_f64, ceil(VALU_F64(0)))
DEF_F64(v_floor_f64, floor(VALU_F64(0)))
DEF_F64(v_rndne_f64, rndne_f64(VALU_F64(0)))
DEF_F64B(v_fract_f64, sim_f64_fract(VALU_B64F(0)))
DEF_F64B(v_rcp_f64, sim_f64_rcp(VALU_B64F(0)))
DEF_F64B(v_rsq_f64, sim_f64_rsq(VALU_B64F(0)))
DEF_F64B(v_sqrt_f64, sim_f64_sqrt(VALU_B64F(0)))
DEF_F64B(v_frexp_mant_f64, sim_f64_frexp_mant(VALU_B64F(0)))
DEF_F64(v_cvt_f64_i32, (double)(int32_t)VALU_U32(0))
DEF_F64(v_cvt_f64_u32, (double)VALU_U32(0))
DEF_F64(v_cvt_f64_f32, (double)VALU_F32(0))
DEF_F64B(v_div_fixup_f64, sim_f64_div_fixup(VALU_B64F(0), VALU_B64F(1), VALU_B64F(2)))
DEF_F64B(v_trig_preop_f64, sim_f64_trig_preop(VALU_B64F(0), VALU_U32(1)))

VALU_FN(v_frexp_exp_i32_f64)
{
   (void)w;
   (void)in;
   VALU_FP_LOOP(VALU_WR32((uint32_t)sim_f64_frexp_exp(VALU_B64F(0))));
}

VALU_FN(v_cvt_i32_f64)
{
   (void)w;
   (void)in;
   VALU_FP_LOOP(VALU_WR32((uint32_t)sim_cvt_i32_f64(VALU_F64(0))));
}

VALU_FN(v_cvt_u32_f64)
{
   (void)w;
   (void)in;
   VALU_FP_LOOP(VALU_WR32(sim_cvt_u32_f64(VALU_F64(0))));
}

DEF_DIV_SCALE_FMAS(64, VALU_B64F, VALU_WR64)

static const struct valu_entry rows[] = {
   VALU_ENTRY(v_add_f64_e64, v_add_f64, F64, F64, NONE, F64, 0),
   VALU_ENTRY(v_mul_f64_e64, v_mul_f64, F64, F64, NONE, F64, 0),
   VALU_ENTRY(v_min_f64_e64, v_min_f64, F64, F64, NONE, F64, 0),
   VALU_ENTRY(v_max_f64_e64, v_max_f64, F64, F64, NONE, F64, 0),
   VALU_ENTRY(v_fma_f64, v_fma_f64, F64, F64, F64, F64, 0),
   VALU_ENTRY(v_ldexp_f64, v_ldexp_f64, F64, B32, NONE, F64, 0),
   VALU_ENTRY(v_trunc_f64, v_trunc_f64, F64, NONE, NONE, F64, 0),
   VALU_ENTRY(v_ceil_f64, v_ceil_f64, F64, NONE, NONE, F64, 0),
   VALU_ENTRY(v_floor_f64, v_floor_f64, F64, NONE, NONE, F64, 0),
   VALU_ENTRY(v_rndne_f64, v_rndne_f64, F64, NONE, NONE, F64, 0),
   VALU_ENTRY(v_fract_f64, v_fract_f64, F64, NONE, NONE, F64, 0),
   VALU_ENTRY(v_rcp_f64, v_rcp_f64, F64, NONE, NONE, F64, 0),
   VALU_ENTRY(v_rsq_f64, v_rsq_f64, F64, NONE, NONE, F64, 0),
   VALU_ENTRY(v_sqrt_f64, v_sqrt_f64, F64, NONE, NONE, F64, 0),
   VALU_ENTRY(v_frexp_mant_f64, v_frexp_mant_f64, F64, NONE, NONE, F64, 0),
   VALU_ENTRY(v_frexp_exp_i32_f64, v_frexp_exp_i32_f64, F64, NONE, NONE, B32, 0),
   VALU_ENTRY(v_cvt_f64_i32, v_cvt_f64_i32, B32, NONE, NONE, F64, 0),
   VALU_ENTRY(v_cvt_f64_u32, v_cvt_f64_u32, B32, NONE, NONE, F64, 0),
   VALU_ENTRY(v_cvt_f64_f32, v_cvt_f64_f32, F32, NONE, NONE, F64, 0),
   VALU_ENTRY(v_cvt_i32_f64, v_cvt_i32_f64, F64, NONE, NONE, B32, 0),
   VALU_ENTRY(v_cvt_u32_f64, v_cvt_u32_f64, F64, NONE, NONE, B32, 0),
   VALU_ENTRY(v_div_scale_f64, v_div_scale_f64, F64, F64, F64, F64, VALU_CARRY_OUT),
   VALU_ENTRY(v_div_fmas_f64, v_div_fmas_f64, F64, F64, F64, F64, 0),
   VALU_ENTRY(v_div_fixup_f64, v_div_fixup_f64, F64, F64, F64, F64, 0),
   VALU_ENTRY(v_trig_preop_f64, v_trig_preop_f64, F64, B32, NONE, F64, 0),
};

const struct valu_table valu_f64_table = { rows, sizeof(rows) / sizeof(rows[0]) };
