/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Half-precision VALU opcodes (non-packed).  Sources are the low half of a
 * VGPR, or the half op_sel picks in VOP3; results go to the low half (or
 * the op_sel[3] half) and, as on all gfx10 16-bit instructions, the other
 * half of the destination keeps its value.  Arithmetic is exact in double
 * and rounded once to half in the f64/f16 round mode (sim_fp.c).
 */
#include "valu_internal.h"

#define H2F(x)  sim_f16_to_f32(x)
#define F16R(x) sim_f16_from_f64((double)(x), io->round, VALU_F16_FLUSH_OUT)
#define A       VALU_F16_IN(0)
#define B       VALU_F16_IN(1)
#define C       VALU_F16_IN(2)

static inline double
rndne(double x)
{
   if (!isfinite(x) || fabs(x) >= 0x1p52)
      return x;
   return copysign(x - remainder(x, 1.0), x);
}

static inline double
revolutions(float x)
{
   return (double)x - nearbyint((double)x);
}

static inline uint16_t
fract16(uint16_t a, unsigned round, bool flush)
{
   float x = H2F(a);
   if (isnan(x))
      return sim_f16_quiet(a);
   if (isinf(x))
      return 0x7e00u;
   uint16_t r = sim_f16_from_f64((double)x - floor((double)x), round, flush);
   return r > 0x3bffu && !(r & 0x8000u) ? 0x3bffu : r;
}

/* A half is exact as a float, so its mantissa and exponent are the float's. */
static inline uint16_t
frexp_mant16(uint16_t a, unsigned round, bool flush)
{
   float x = H2F(a);
   if (!isfinite(x))
      return a;
   return sim_f16_from_f64(sim_f32(sim_f32_frexp_mant(sim_u32(x))), round, flush);
}

static inline uint16_t
cvt_i16(float x)
{
   return (uint16_t)sim_cvt_i16_f32(x);
}

static inline uint16_t
norm_i16(float x)
{
   if (isnan(x))
      return 0;
   return (uint16_t)(int16_t)rndne(fmin(fmax(x, -1.0), 1.0) * 32767.0);
}

static inline uint16_t
norm_u16(float x)
{
   if (isnan(x))
      return 0;
   return (uint16_t)rndne(fmin(fmax(x, 0.0), 1.0) * 65535.0);
}

DEF_F16(v_add_f16, sim_f16_add(A, B, io->round, VALU_F16_FLUSH_OUT))
DEF_F16(v_sub_f16, sim_f16_add(A, B ^ 0x8000u, io->round, VALU_F16_FLUSH_OUT))
DEF_F16(v_subrev_f16, sim_f16_add(B, A ^ 0x8000u, io->round, VALU_F16_FLUSH_OUT))
DEF_F16(v_mul_f16, sim_f16_mul(A, B, io->round, VALU_F16_FLUSH_OUT))
DEF_F16(v_fma_f16, sim_f16_fma(A, B, C, io->round, VALU_F16_FLUSH_OUT))
DEF_F16(v_min_f16, sim_f16_min(A, B, io->ieee))
DEF_F16(v_max_f16, sim_f16_max(A, B, io->ieee))
DEF_F16(v_min3_f16, sim_f16_min(sim_f16_min(A, B, io->ieee), C, io->ieee))
DEF_F16(v_max3_f16, sim_f16_max(sim_f16_max(A, B, io->ieee), C, io->ieee))
DEF_F16(v_med3_f16, sim_f16_med3(A, B, C, io->ieee))
DEF_F16(v_ldexp_f16, F16R(ldexp((double)H2F(A), valu_sext(VALU_U16(1), 16))))
DEF_F16(v_div_fixup_f16, sim_f16_div_fixup(VALU_H16(0), VALU_H16(1), VALU_H16(2)))
DEF_F16(v_rcp_f16, F16R(1.0 / (double)H2F(A)))
DEF_F16(v_sqrt_f16, F16R(sqrt((double)H2F(A))))
DEF_F16(v_rsq_f16, F16R(1.0 / sqrt((double)H2F(A))))
DEF_F16(v_log_f16, F16R(log2((double)H2F(A))))
DEF_F16(v_exp_f16, F16R(exp2((double)H2F(A))))
DEF_F16(v_sin_f16, isfinite(H2F(A)) ? F16R(sin(2.0 * M_PI * revolutions(H2F(A)))) : 0x7e00u)
DEF_F16(v_cos_f16, isfinite(H2F(A)) ? F16R(cos(2.0 * M_PI * revolutions(H2F(A)))) : 0x7e00u)
DEF_F16(v_floor_f16, F16R(floor((double)H2F(A))))
DEF_F16(v_ceil_f16, F16R(ceil((double)H2F(A))))
DEF_F16(v_trunc_f16, F16R(trunc((double)H2F(A))))
DEF_F16(v_rndne_f16, F16R(rndne((double)H2F(A))))
DEF_F16(v_fract_f16, fract16(A, io->round, VALU_F16_FLUSH_OUT))
DEF_F16(v_frexp_mant_f16, frexp_mant16(A, io->round, VALU_F16_FLUSH_OUT))
DEF_F16(v_frexp_exp_i16_f16, (uint16_t)(int16_t)sim_f32_frexp_exp(sim_u32(H2F(A))))
DEF_F16(v_cvt_f16_u16, F16R(VALU_U16(0)))
DEF_F16(v_cvt_f16_i16, F16R(valu_sext(VALU_U16(0), 16)))
DEF_F16(v_cvt_u16_f16, sim_cvt_u16_f32(H2F(A)))
DEF_F16(v_cvt_i16_f16, cvt_i16(H2F(A)))
DEF_F16(v_cvt_norm_i16_f16, norm_i16(H2F(A)))
DEF_F16(v_cvt_norm_u16_f16, norm_u16(H2F(A)))
DEF_F16(v_cvt_f16_f32, sim_f16_from_f32(VALU_F32(0), io->round, VALU_F16_FLUSH_OUT))

VALU_FN(v_cvt_f32_f16)
{
   bool flush_in = !(SIM_MODE_FP_DENORM_F64_F16(w->mode) & SIM_DENORM_IN);
   (void)in;
   VALU_FP_LOOP({
      uint16_t h = VALU_H16(0);
      VALU_WR32(sim_u32(H2F(flush_in ? sim_f16_flush(h) : h)));
   });
}

DEF_U32(v_pack_b32_f16, (uint32_t)VALU_H16(0) | ((uint32_t)VALU_H16(1) << 16))
DEF_U32(v_cvt_pknorm_i16_f16,
        (uint32_t)norm_i16(H2F(VALU_H16(0))) | ((uint32_t)norm_i16(H2F(VALU_H16(1))) << 16))
DEF_U32(v_cvt_pknorm_u16_f16,
        (uint32_t)norm_u16(H2F(VALU_H16(0))) | ((uint32_t)norm_u16(H2F(VALU_H16(1))) << 16))

/* D.f32 = S0.lo * S1.lo + S0.hi * S1.hi + D.f32 (products exact in double). */
VALU_FN(v_dot2c_f32_f16)
{
   (void)w;
   (void)in;
   VALU_FP_LOOP({
      uint32_t a = VALU_U32(0), b = VALU_U32(1);
      double r =
         (double)H2F(a) * H2F(b) + (double)H2F(a >> 16) * H2F(b >> 16) + (double)VALU_F32(2);
      VALU_WR32(sim_u32((float)r));
   });
}

static const struct valu_entry rows[] = {
   VALU_ENTRY(v_add_f16, v_add_f16, F16, F16, NONE, F16, 0),
   VALU_ENTRY(v_sub_f16, v_sub_f16, F16, F16, NONE, F16, 0),
   VALU_ENTRY(v_subrev_f16, v_subrev_f16, F16, F16, NONE, F16, 0),
   VALU_ENTRY(v_mul_f16, v_mul_f16, F16, F16, NONE, F16, 0),
   VALU_ENTRY(v_fma_f16, v_fma_f16, F16, F16, F16, F16, 0),
   VALU_ENTRY(v_fmac_f16, v_fma_f16, F16, F16, F16, F16, VALU_ACC),
   VALU_ENTRY(v_fmamk_f16, v_fma_f16, F16, F16, F16, F16, VALU_FMAMK),
   VALU_ENTRY(v_fmaak_f16, v_fma_f16, F16, F16, F16, F16, VALU_FMAAK),
   VALU_ENTRY(v_min_f16, v_min_f16, F16, F16, NONE, F16, 0),
   VALU_ENTRY(v_max_f16, v_max_f16, F16, F16, NONE, F16, 0),
   VALU_ENTRY(v_min3_f16, v_min3_f16, F16, F16, F16, F16, 0),
   VALU_ENTRY(v_max3_f16, v_max3_f16, F16, F16, F16, F16, 0),
   VALU_ENTRY(v_med3_f16, v_med3_f16, F16, F16, F16, F16, 0),
   VALU_ENTRY(v_ldexp_f16, v_ldexp_f16, F16, B16, NONE, F16, 0),
   VALU_ENTRY(v_div_fixup_f16, v_div_fixup_f16, F16, F16, F16, F16, 0),
   VALU_ENTRY(v_rcp_f16, v_rcp_f16, F16, NONE, NONE, F16, 0),
   VALU_ENTRY(v_sqrt_f16, v_sqrt_f16, F16, NONE, NONE, F16, 0),
   VALU_ENTRY(v_rsq_f16, v_rsq_f16, F16, NONE, NONE, F16, 0),
   VALU_ENTRY(v_log_f16, v_log_f16, F16, NONE, NONE, F16, 0),
   VALU_ENTRY(v_exp_f16, v_exp_f16, F16, NONE, NONE, F16, 0),
   VALU_ENTRY(v_sin_f16, v_sin_f16, F16, NONE, NONE, F16, 0),
   VALU_ENTRY(v_cos_f16, v_cos_f16, F16, NONE, NONE, F16, 0),
   VALU_ENTRY(v_floor_f16, v_floor_f16, F16, NONE, NONE, F16, 0),
   VALU_ENTRY(v_ceil_f16, v_ceil_f16, F16, NONE, NONE, F16, 0),
   VALU_ENTRY(v_trunc_f16, v_trunc_f16, F16, NONE, NONE, F16, 0),
   VALU_ENTRY(v_rndne_f16, v_rndne_f16, F16, NONE, NONE, F16, 0),
   VALU_ENTRY(v_fract_f16, v_fract_f16, F16, NONE, NONE, F16, 0),
   VALU_ENTRY(v_frexp_mant_f16, v_frexp_mant_f16, F16, NONE, NONE, F16, 0),
   VALU_ENTRY(v_frexp_exp_i16_f16, v_frexp_exp_i16_f16, F16, NONE, NONE, B16, 0),
   VALU_ENTRY(v_cvt_f16_u16, v_cvt_f16_u16, B16, NONE, NONE, F16, 0),
   VALU_ENTRY(v_cvt_f16_i16, v_cvt_f16_i16, B16, NONE, NONE, F16, 0),
   VALU_ENTRY(v_cvt_u16_f16, v_cvt_u16_f16, F16, NONE, NONE, B16, 0),
   VALU_ENTRY(v_cvt_i16_f16, v_cvt_i16_f16, F16, NONE, NONE, B16, 0),
   VALU_ENTRY(v_cvt_norm_i16_f16, v_cvt_norm_i16_f16, F16, NONE, NONE, B16, 0),
   VALU_ENTRY(v_cvt_norm_u16_f16, v_cvt_norm_u16_f16, F16, NONE, NONE, B16, 0),
   VALU_ENTRY(v_cvt_f16_f32, v_cvt_f16_f32, F32, NONE, NONE, F16, 0),
   VALU_ENTRY(v_cvt_f32_f16, v_cvt_f32_f16, F16, NONE, NONE, F32, 0),
   VALU_ENTRY(v_pack_b32_f16, v_pack_b32_f16, F16, F16, NONE, B32, 0),
   VALU_ENTRY(v_cvt_pknorm_i16_f16, v_cvt_pknorm_i16_f16, F16, F16, NONE, B32, 0),
   VALU_ENTRY(v_cvt_pknorm_u16_f16, v_cvt_pknorm_u16_f16, F16, F16, NONE, B32, 0),
   VALU_ENTRY(v_dot2c_f32_f16, v_dot2c_f32_f16, B32, B32, F32, F32, VALU_ACC),
};

const struct valu_table valu_f16_table = { rows, sizeof(rows) / sizeof(rows[0]) };
