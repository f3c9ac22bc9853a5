/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Single-precision VALU opcodes (VOP1, VOP2 and VOP3 forms): arithmetic,
 * fused and unfused multiply-add, min/max/med3, rounding, transcendentals,
 * conversions to and from f32, the division helpers and the cube-map
 * helpers.  Each opcode is one line over the shared lane loop; the host
 * FPU runs in the wave's f32 round/denorm mode (valu_internal.h).
 */
#include "valu_internal.h"

/* Round to nearest even integer whatever the current round mode:
 * remainder() is exact and rounds its quotient to nearest even. */
static inline float
rndne_f32(float x)
{
   if (!isfinite(x) || fabsf(x) >= 0x1p23f)
      return x;
   float r = x - remainderf(x, 1.0f);
   return copysignf(r, x);
}

static inline uint32_t
in_flush(const struct valu_io *io, uint32_t x)
{
   return (io->denorm & SIM_DENORM_IN) ? x : sim_f32_flush(x);
}

DEF_F32(v_add_f32, VALU_F32(0) + VALU_F32(1))
DEF_F32(v_sub_f32, VALU_F32(0) - VALU_F32(1))
DEF_F32(v_subrev_f32, VALU_F32(1) - VALU_F32(0))
DEF_F32(v_mul_f32, VALU_F32(0) * VALU_F32(1))
DEF_F32(v_fma_f32, fmaf(VALU_F32(0), VALU_F32(1), VALU_F32(2)))
DEF_F32B(v_mad_f32, sim_f32_mad(VALU_B32F(0), VALU_B32F(1), VALU_B32F(2)))
DEF_F32B(v_mul_legacy_f32, sim_f32_mul_legacy(VALU_B32F(0), VALU_B32F(1)))
DEF_F32B(v_fma_legacy_f32, sim_f32_fma_legacy(VALU_B32F(0), VALU_B32F(1), VALU_B32F(2)))
DEF_F32B(v_min_f32, sim_f32_min(VALU_B32F(0), VALU_B32F(1), io->ieee))
DEF_F32B(v_max_f32, sim_f32_max(VALU_B32F(0), VALU_B32F(1), io->ieee))
DEF_F32B(v_min3_f32,
         sim_f32_min(sim_f32_min(VALU_B32F(0), VALU_B32F(1), io->ieee), VALU_B32F(2), io->ieee))
DEF_F32B(v_max3_f32,
         sim_f32_max(sim_f32_max(VALU_B32F(0), VALU_B32F(1), io->ieee), VALU_B32F(2), io->ieee))
DEF_F32B(v_med3_f32, sim_f32_med3(VALU_B32F(0), VALU_B32F(1), VALU_B32F(2), io->ieee))

DEF_F32(v_trunc_f32, truncf(VALU_F32(0)))
DEF_F32(v_ceil_f32, ceilf(VALU_F32(0)))
DEF_F32(v_floor_f32, floorf(VALU_F32(0)))
DEF_F32(v_rndne_f32, rndne_f32(VALU_F32(0)))
DEF_F32B(v_fract_f32, sim_f32_fract(in_flush(io, VALU_B32F(0))))
DEF_F32B(v_exp_f32, sim_f32_exp(in_flush(io, VALU_B32F(0))))
DEF_F32B(v_log_f32, sim_f32_log(in_flush(io, VALU_B32F(0))))
DEF_F32B(v_rcp_f32, sim_f32_rcp(in_flush(io, VALU_B32F(0))))
DEF_F32B(v_rsq_f32, sim_f32_rsq(in_flush(io, VALU_B32F(0))))
DEF_F32B(v_sqrt_f32, sim_f32_sqrt(in_flush(io, VALU_B32F(0))))
DEF_F32B(v_sin_f32, sim_f32_sin(in_flush(io, VALU_B32F(0))))
DEF_F32B(v_cos_f32, sim_f32_cos(in_flush(io, VALU_B32F(0))))
DEF_F32B(v_frexp_mant_f32, sim_f32_frexp_mant(in_flush(io, VALU_B32F(0))))
DEF_F32B(v_frexp_exp_i32_f32, (uint32_t)sim_f32_frexp_exp(in_flush(io, VALU_B32F(0))))
DEF_F32B(v_ldexp_f32, sim_f32_ldexp(in_flush(io, VALU_B32F(0)), (int32_t)VALU_U32(1)))

/* Conversions. */
DEF_F32(v_cvt_f32_i32, (float)(int32_t)VALU_U32(0))
DEF_F32(v_cvt_f32_u32, (float)VALU_U32(0))
DEF_F32B(v_cvt_i32_f32, (uint32_t)sim_cvt_i32_f64((double)VALU_F32(0)))
DEF_F32B(v_cvt_u32_f32, sim_cvt_u32_f64((double)VALU_F32(0)))
DEF_F32B(v_cvt_flr_i32_f32, (uint32_t)sim_cvt_flr_i32_f32(VALU_F32(0)))
DEF_F32B(v_cvt_rpi_i32_f32, (uint32_t)sim_cvt_rpi_i32_f32(VALU_F32(0)))
DEF_F32(v_cvt_off_f32_i4, (float)valu_sext(VALU_U32(0) & 0xf, 4) * 0.0625f)
DEF_F32(v_cvt_f32_ubyte0, (float)(VALU_U32(0) & 0xff))
DEF_F32(v_cvt_f32_ubyte1, (float)((VALU_U32(0) >> 8) & 0xff))
DEF_F32(v_cvt_f32_ubyte2, (float)((VALU_U32(0) >> 16) & 0xff))
DEF_F32(v_cvt_f32_ubyte3, (float)(VALU_U32(0) >> 24))
DEF_F32(v_cvt_f32_f64, (float)VALU_F64(0))

static inline uint32_t
pknorm_i16(float x)
{
   if (isnan(x))
      return 0;
   float r = rndne_f32(fminf(fmaxf(x, -1.0f), 1.0f) * 32767.0f);
   return (uint16_t)(int16_t)r;
}

static inline uint32_t
pknorm_u16(float x)
{
   if (isnan(x))
      return 0;
   return (uint16_t)rndne_f32(fminf(fmaxf(x, 0.0f), 1.0f) * 65535.0f);
}

static inline uint32_t
cvt_pk_u8(float x, uint32_t sel, uint32_t old)
{
   unsigned shift = (sel & 3) * 8;
   float r = nearbyintf(x);
   uint32_t b = isnan(r) ? 0 : (uint32_t)fminf(fmaxf(r, 0.0f), 255.0f);
   return (old & ~(0xffu << shift)) | (b << shift);
}

DEF_F32B(v_cvt_pknorm_i16_f32, pknorm_i16(VALU_F32(0)) | (pknorm_i16(VALU_F32(1)) << 16))
DEF_F32B(v_cvt_pknorm_u16_f32, pknorm_u16(VALU_F32(0)) | (pknorm_u16(VALU_F32(1)) << 16))
DEF_F32B(v_cvt_pk_u8_f32, cvt_pk_u8(VALU_F32(0), VALU_U32(1), VALU_U32(2)))

/* Round toward zero whatever the MODE says; the output denormal flush
 * follows the f16 mode. */
VALU_FN(v_cvt_pkrtz_f16_f32)
{
   bool flush = !(SIM_MODE_FP_DENORM_F64_F16(w->mode) & SIM_DENORM_OUT);
   (void)in;
   VALU_FP_LOOP(VALU_WR32(sim_f16_from_f32(VALU_F32(0), SIM_ROUND_ZERO, flush) |
                          ((uint32_t)sim_f16_from_f32(VALU_F32(1), SIM_ROUND_ZERO, flush) << 16)));
}

DEF_DIV_SCALE_FMAS(32, VALU_B32F, VALU_WR32)
DEF_F32B(v_div_fixup_f32, sim_f32_div_fixup(VALU_B32F(0), VALU_B32F(1), VALU_B32F(2)))

/* Cube-map helpers: the major axis is z, then y, then x. */
static inline unsigned
cube_major(float x, float y, float z)
{
   if (fabsf(z) >= fabsf(x) && fabsf(z) >= fabsf(y))
      return 2;
   if (fabsf(y) >= fabsf(x))
      return 1;
   return 0;
}

static inline float
cubeid(float x, float y, float z)
{
   switch (cube_major(x, y, z)) {
   case 2:
      return z < 0 ? 5.0f : 4.0f;
   case 1:
      return y < 0 ? 3.0f : 2.0f;
   default:
      return x < 0 ? 1.0f : 0.0f;
   }
}

static inline float
cubesc(float x, float y, float z)
{
   switch (cube_major(x, y, z)) {
   case 2:
      return z < 0 ? -x : x;
   case 1:
      return x;
   default:
      return x < 0 ? z : -z;
   }
}

static inline float
cubetc(float x, float y, float z)
{
   switch (cube_major(x, y, z)) {
   case 1:
      return y < 0 ? -z : z;
   default:
      return -y;
   }
}

static inline float
cubema(float x, float y, float z)
{
   switch (cube_major(x, y, z)) {
   case 2:
      return 2.0f * z;
   case 1:
      return 2.0f * y;
   default:
      return 2.0f * x;
   }
}

DEF_F32(v_cubeid_f32, cubeid(VALU_F32(0), VALU_F32(1), VALU_F32(2)))
DEF_F32(v_cubesc_f32, cubesc(VALU_F32(0), VALU_F32(1), VALU_F32(2)))
DEF_F32(v_cubetc_f32, cubetc(VALU_F32(0), VALU_F32(1), VALU_F32(2)))
DEF_F32(v_cubema_f32, cubema(VALU_F32(0), VALU_F32(1), VALU_F32(2)))

static const struct valu_entry rows[] = {
   VALU_ENTRY(v_add_f32, v_add_f32, F32, F32, NONE, F32, 0),
   VALU_ENTRY(v_sub_f32, v_sub_f32, F32, F32, NONE, F32, 0),
   VALU_ENTRY(v_subrev_f32, v_subrev_f32, F32, F32, NONE, F32, 0),
   VALU_ENTRY(v_mul_f32, v_mul_f32, F32, F32, NONE, F32, 0),
   VALU_ENTRY(v_mul_legacy_f32, v_mul_legacy_f32, F32, F32, NONE, F32, 0),
   VALU_ENTRY(v_min_f32, v_min_f32, F32, F32, NONE, F32, 0),
   VALU_ENTRY(v_max_f32, v_max_f32, F32, F32, NONE, F32, 0),
   VALU_ENTRY(v_fma_f32, v_fma_f32, F32, F32, F32, F32, 0),
   VALU_ENTRY(v_fmac_f32, v_fma_f32, F32, F32, F32, F32, VALU_ACC),
   VALU_ENTRY(v_fmamk_f32, v_fma_f32, F32, F32, F32, F32, VALU_FMAMK),
   VALU_ENTRY(v_fmaak_f32, v_fma_f32, F32, F32, F32, F32, VALU_FMAAK),
   VALU_ENTRY(v_mad_f32, v_mad_f32, F32, F32, F32, F32, 0),
   VALU_ENTRY(v_mac_f32, v_mad_f32, F32, F32, F32, F32, VALU_ACC),
   VALU_ENTRY(v_madmk_f32, v_mad_f32, F32, F32, F32, F32, VALU_FMAMK),
   VALU_ENTRY(v_madak_f32, v_mad_f32, F32, F32, F32, F32, VALU_FMAAK),
   VALU_ENTRY(v_fma_legacy_f32, v_fma_legacy_f32, F32, F32, F32, F32, 0),
   VALU_ENTRY(v_fmac_legacy_f32, v_fma_legacy_f32, F32, F32, F32, F32, VALU_ACC),
   VALU_ENTRY(v_min3_f32, v_min3_f32, F32, F32, F32, F32, 0),
   VALU_ENTRY(v_max3_f32, v_max3_f32, F32, F32, F32, F32, 0),
   VALU_ENTRY(v_med3_f32, v_med3_f32, F32, F32, F32, F32, 0),
   VALU_ENTRY(v_trunc_f32, v_trunc_f32, F32, NONE, NONE, F32, 0),
   VALU_ENTRY(v_ceil_f32, v_ceil_f32, F32, NONE, NONE, F32, 0),
   VALU_ENTRY(v_floor_f32, v_floor_f32, F32, NONE, NONE, F32, 0),
   VALU_ENTRY(v_rndne_f32, v_rndne_f32, F32, NONE, NONE, F32, 0),
   VALU_ENTRY(v_fract_f32, v_fract_f32, F32, NONE, NONE, F32, 0),
   VALU_ENTRY(v_exp_f32, v_exp_f32, F32, NONE, NONE, F32, 0),
   VALU_ENTRY(v_log_f32, v_log_f32, F32, NONE, NONE, F32, 0),
   VALU_ENTRY(v_rcp_f32, v_rcp_f32, F32, NONE, NONE, F32, 0),
   VALU_ENTRY(v_rcp_iflag_f32, v_rcp_f32, F32, NONE, NONE, F32, 0),
   VALU_ENTRY(v_rsq_f32, v_rsq_f32, F32, NONE, NONE, F32, 0),
   VALU_ENTRY(v_sqrt_f32, v_sqrt_f32, F32, NONE, NONE, F32, 0),
   VALU_ENTRY(v_sin_f32, v_sin_f32, F32, NONE, NONE, F32, 0),
   VALU_ENTRY(v_cos_f32, v_cos_f32, F32, NONE, NONE, F32, 0),
   VALU_ENTRY(v_frexp_mant_f32, v_frexp_mant_f32, F32, NONE, NONE, F32, 0),
   VALU_ENTRY(v_frexp_exp_i32_f32, v_frexp_exp_i32_f32, F32, NONE, NONE, B32, 0),
   VALU_ENTRY(v_ldexp_f32, v_ldexp_f32, F32, B32, NONE, F32, 0),
   VALU_ENTRY(v_cvt_f32_i32, v_cvt_f32_i32, B32, NONE, NONE, F32, 0),
   VALU_ENTRY(v_cvt_f32_u32, v_cvt_f32_u32, B32, NONE, NONE, F32, 0),
   VALU_ENTRY(v_cvt_i32_f32, v_cvt_i32_f32, F32, NONE, NONE, B32, 0),
   VALU_ENTRY(v_cvt_u32_f32, v_cvt_u32_f32, F32, NONE, NONE, B32, 0),
   VALU_ENTRY(v_cvt_flr_i32_f32, v_cvt_flr_i32_f32, F32, NONE, NONE, B32, 0),
   VALU_ENTRY(v_cvt_rpi_i32_f32, v_cvt_rpi_i32_f32, F32, NONE, NONE, B32, 0),
   VALU_ENTRY(v_cvt_off_f32_i4, v_cvt_off_f32_i4, B32, NONE, NONE, F32, 0),
   VALU_ENTRY(v_cvt_f32_ubyte0, v_cvt_f32_ubyte0, B32, NONE, NONE, F32, 0),
   VALU_ENTRY(v_cvt_f32_ubyte1, v_cvt_f32_ubyte1, B32, NONE, NONE, F32, 0),
   VALU_ENTRY(v_cvt_f32_ubyte2, v_cvt_f32_ubyte2, B32, NONE, NONE, F32, 0),
   VALU_ENTRY(v_cvt_f32_ubyte3, v_cvt_f32_ubyte3, B32, NONE, NONE, F32, 0),
   VALU_ENTRY(v_cvt_f32_f64, v_cvt_f32_f64, F64, NONE, NONE, F32, 0),
   VALU_ENTRY(v_cvt_pknorm_i16_f32, v_cvt_pknorm_i16_f32, F32, F32, NONE, B32, 0),
   VALU_ENTRY(v_cvt_pknorm_u16_f32, v_cvt_pknorm_u16_f32, F32, F32, NONE, B32, 0),
   VALU_ENTRY(v_cvt_pk_u8_f32, v_cvt_pk_u8_f32, F32, B32, B32, B32, 0),
   VALU_ENTRY(v_cvt_pkrtz_f16_f32, v_cvt_pkrtz_f16_f32, F32, F32, NONE, B32, 0),
   VALU_ENTRY(v_div_scale_f32, v_div_scale_f32, F32, F32, F32, F32, VALU_CARRY_OUT),
   VALU_ENTRY(v_div_fmas_f32, v_div_fmas_f32, F32, F32, F32, F32, 0),
   VALU_ENTRY(v_div_fixup_f32, v_div_fixup_f32, F32, F32, F32, F32, 0),
   VALU_ENTRY(v_cubeid_f32, v_cubeid_f32, F32, F32, F32, F32, 0),
   VALU_ENTRY(v_cubesc_f32, v_cubesc_f32, F32, F32, F32, F32, 0),
   VALU_ENTRY(v_cubetc_f32, v_cubetc_f32, F32, F32, F32, F32, 0),
   VALU_ENTRY(v_cubema_f32, v_cubema_f32, F32, F32, F32, F32, 0),
};

const struct valu_table valu_f32_table = { rows, sizeof(rows) / sizeof(rows[0]) };
