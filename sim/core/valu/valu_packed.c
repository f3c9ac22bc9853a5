/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * VOP3P: packed 16-bit math (v_pk_*), the mixed-precision v_fma_mix*
 * and the dot products.  For packed ops each source's low-result half is
 * the half op_sel picks and its high-result half the one op_sel_hi picks;
 * neg_lo/neg_hi negate per half.  v_fma_mix reads a source as f16 when its
 * op_sel_hi bit is set (op_sel then picks the half), else as f32, with
 * neg_hi acting as abs.  v_pk_fmac_f16 (a VOP2 encoding) reads halves in
 * place.
 */
#include "valu_internal.h"

typedef uint16_t (*pk_half_fn)(uint16_t a, uint16_t b, uint16_t c, const struct valu_io *io);

struct pk_sel {
   unsigned lo[3], hi[3];   /* bit offsets */
   uint16_t nlo[3], nhi[3]; /* sign masks (float ops) */
};

static void
pk_sel_init(const struct sim_inst *in, bool fp, struct pk_sel *s)
{
   const struct sim_valu_fields *v = &in->valu;
   bool vop3p = in->format == SIM_FMT_VOP3P;
   unsigned opsel = vop3p ? v->opsel : 0, opsel_hi = vop3p ? v->opsel_hi : 7;
   for (unsigned i = 0; i < 3; i++) {
      s->lo[i] = (opsel >> i) & 1 ? 16 : 0;
      s->hi[i] = (opsel_hi >> i) & 1 ? 16 : 0;
      s->nlo[i] = fp && vop3p && ((v->neg >> i) & 1) ? 0x8000u : 0;
      s->nhi[i] = fp && vop3p && ((v->neg_hi >> i) & 1) ? 0x8000u : 0;
   }
}

static void
pk_loop(const struct sim_inst *in, struct valu_io *io, unsigned nsrc, bool fp, pk_half_fn f)
{
   struct pk_sel s;
   pk_sel_init(in, fp, &s);
   bool clamp = fp && in->valu.clamp;
   struct sim_fp_env env;
   sim_fp_env_enter(&env, io->round, io->denorm);
   SIM_FOREACH_LANE(l, io->exec)
   {
      uint32_t x[3] = { 0, 0, 0 };
      for (unsigned i = 0; i < nsrc; i++)
         x[i] = io->s[i][l & io->m[i]];
      uint16_t lo =
         f((uint16_t)(x[0] >> s.lo[0]) ^ s.nlo[0], (uint16_t)(x[1] >> s.lo[1]) ^ s.nlo[1],
           (uint16_t)(x[2] >> s.lo[2]) ^ s.nlo[2], io);
      uint16_t hi =
         f((uint16_t)(x[0] >> s.hi[0]) ^ s.nhi[0], (uint16_t)(x[1] >> s.hi[1]) ^ s.nhi[1],
           (uint16_t)(x[2] >> s.hi[2]) ^ s.nhi[2], io);
      if (clamp) {
         lo = sim_f16_omod_clamp(lo, 0, true, io->dx10);
         hi = sim_f16_omod_clamp(hi, 0, true, io->dx10);
      }
      io->d[l] = (uint32_t)lo | ((uint32_t)hi << 16);
   }
   sim_fp_env_leave(&env);
}

#define FLUSH_OUT (!(io->denorm & SIM_DENORM_OUT))
#define IN(x)     ((io->denorm & SIM_DENORM_IN) ? (x) : sim_f16_flush(x))
#define HALF(name, expr)                                                                           \
   static uint16_t name(uint16_t a, uint16_t b, uint16_t c, const struct valu_io *io)              \
   {                                                                                               \
      (void)a;                                                                                     \
      (void)b;                                                                                     \
      (void)c;                                                                                     \
      (void)io;                                                                                    \
      return (uint16_t)(expr);                                                                     \
   }

HALF(h_add_f16, sim_f16_add(IN(a), IN(b), io->round, FLUSH_OUT))
HALF(h_mul_f16, sim_f16_mul(IN(a), IN(b), io->round, FLUSH_OUT))
HALF(h_fma_f16, sim_f16_fma(IN(a), IN(b), IN(c), io->round, FLUSH_OUT))
HALF(h_min_f16, sim_f16_min(IN(a), IN(b), io->ieee))
HALF(h_max_f16, sim_f16_max(IN(a), IN(b), io->ieee))
HALF(h_add_u16, a + b)
HALF(h_sub_u16, a - b)
HALF(h_mul_lo_u16, a *b)
HALF(h_lshlrev_b16, b << (a & 15))
HALF(h_lshrrev_b16, b >> (a & 15))
HALF(h_ashrrev_i16, (int16_t)b >> (a & 15))
HALF(h_max_i16, (int16_t)a > (int16_t)b ? a : b)
HALF(h_min_i16, (int16_t)a < (int16_t)b ? a : b)
HALF(h_max_u16, a > b ? a : b)
HALF(h_min_u16, a < b ? a : b)
HALF(h_mad_u16, a *b + c)

#define DEF_PK(name, nsrc, fp, half)                                                               \
   VALU_FN(name)                                                                                   \
   {                                                                                               \
      (void)w;                                                                                     \
      pk_loop(in, io, nsrc, fp, half);                                                             \
   }

DEF_PK(v_pk_add_f16, 2, true, h_add_f16)
DEF_PK(v_pk_mul_f16, 2, true, h_mul_f16)
DEF_PK(v_pk_fma_f16, 3, true, h_fma_f16)
DEF_PK(v_pk_min_f16, 2, true, h_min_f16)
DEF_PK(v_pk_max_f16, 2, true, h_max_f16)
DEF_PK(v_pk_add_u16, 2, false, h_add_u16)
DEF_PK(v_pk_sub_u16, 2, false, h_sub_u16)
DEF_PK(v_pk_mul_lo_u16, 2, false, h_mul_lo_u16)
DEF_PK(v_pk_lshlrev_b16, 2, false, h_lshlrev_b16)
DEF_PK(v_pk_lshrrev_b16, 2, false, h_lshrrev_b16)
DEF_PK(v_pk_ashrrev_i16, 2, false, h_ashrrev_i16)
DEF_PK(v_pk_max_i16, 2, false, h_max_i16)
DEF_PK(v_pk_min_i16, 2, false, h_min_i16)
DEF_PK(v_pk_max_u16, 2, false, h_max_u16)
DEF_PK(v_pk_min_u16, 2, false, h_min_u16)
DEF_PK(v_pk_mad_u16, 3, false, h_mad_u16)

/* v_fma_mix*: per-source f16-or-f32 selection. */
static inline float
mix_src(const struct sim_valu_fields *v, uint32_t x, unsigned i, bool flush16)
{
   float f;
   if ((v->opsel_hi >> i) & 1) {
      uint16_t h = (uint16_t)(x >> ((v->opsel >> i) & 1 ? 16 : 0));
      f = sim_f16_to_f32(flush16 ? sim_f16_flush(h) : h);
   } else {
      f = sim_f32(x);
   }
   if ((v->neg_hi >> i) & 1)
      f = fabsf(f);
   if ((v->neg >> i) & 1)
      f = -f;
   return f;
}

static void
fma_mix(struct sim_wave *w, const struct sim_inst *in, struct valu_io *io, int half)
{
   const struct sim_valu_fields *v = &in->valu;
   unsigned round32 = SIM_MODE_FP_ROUND_F32(w->mode), denorm32 = SIM_MODE_FP_DENORM_F32(w->mode);
   unsigned round16 = SIM_MODE_FP_ROUND_F64_F16(w->mode);
   unsigned denorm16 = SIM_MODE_FP_DENORM_F64_F16(w->mode);
   bool flush16_in = !(denorm16 & SIM_DENORM_IN), flush16_out = !(denorm16 & SIM_DENORM_OUT);
   struct sim_fp_env env;
   sim_fp_env_enter(&env, round32, denorm32);
   SIM_FOREACH_LANE(l, io->exec)
   {
      float a = mix_src(v, VALU_RD(0), 0, flush16_in);
      float b = mix_src(v, VALU_RD(1), 1, flush16_in);
      float c = mix_src(v, VALU_RD(2), 2, flush16_in);
      if (half < 0) {
         uint32_t r = sim_u32(fmaf(a, b, c));
         io->d[l] = v->clamp ? sim_f32_omod_clamp(r, 0, true, io->dx10) : r;
      } else {
         uint16_t r = sim_f16_from_f64(sim_fma_round_odd(a, b, c), round16, flush16_out);
         if (v->clamp)
            r = sim_f16_omod_clamp(r, 0, true, io->dx10);
         unsigned sh = half ? 16 : 0;
         io->d[l] = (io->d[l] & ~(0xffffu << sh)) | ((uint32_t)r << sh);
      }
   }
   sim_fp_env_leave(&env);
}

VALU_FN(v_fma_mix_f32)
{
   fma_mix(w, in, io, -1);
}

VALU_FN(v_fma_mixlo_f16)
{
   fma_mix(w, in, io, 0);
}

VALU_FN(v_fma_mixhi_f16)
{
   fma_mix(w, in, io, 1);
}

/* Dot products: the halves/bytes/nibbles in place, plus src2. */
VALU_FN(v_dot2_f32_f16)
{
   (void)w;
   (void)in;
   VALU_FP_LOOP({
      uint32_t a = VALU_RD(0), b = VALU_RD(1);
      double r = (double)sim_f16_to_f32(a) * sim_f16_to_f32(b) +
                 (double)sim_f16_to_f32(a >> 16) * sim_f16_to_f32(b >> 16) +
                 (double)sim_f32(VALU_RD(2));
      VALU_WR32(sim_u32((float)r));
   });
}

DEF_U32(v_dot2_i32_i16,
        (uint32_t)((int32_t)(int16_t)VALU_RD(0) * (int16_t)VALU_RD(1) +
                   (int32_t)(int16_t)(VALU_RD(0) >> 16) * (int16_t)(VALU_RD(1) >> 16) +
                   (int32_t)VALU_RD(2)))
DEF_U32(v_dot2_u32_u16, (VALU_RD(0) & 0xffff) * (VALU_RD(1) & 0xffff) +
                           (VALU_RD(0) >> 16) * (VALU_RD(1) >> 16) + VALU_RD(2))

static inline uint32_t
dot4_u8(uint32_t a, uint32_t b, uint32_t c)
{
   for (unsigned i = 0; i < 32; i += 8)
      c += ((a >> i) & 0xff) * ((b >> i) & 0xff);
   return c;
}

static inline uint32_t
dot8_u4(uint32_t a, uint32_t b, uint32_t c)
{
   for (unsigned i = 0; i < 32; i += 4)
      c += ((a >> i) & 0xf) * ((b >> i) & 0xf);
   return c;
}

DEF_U32(v_dot4_i32_i8, valu_dot4_i8(VALU_RD(0), VALU_RD(1), VALU_RD(2)))
DEF_U32(v_dot4_u32_u8, dot4_u8(VALU_RD(0), VALU_RD(1), VALU_RD(2)))
DEF_U32(v_dot8_u32_u4, dot8_u4(VALU_RD(0), VALU_RD(1), VALU_RD(2)))

#define P(name, n) VALU_ENTRY(name, name, PK16, PK16, n, PK16, VALU_NO_MODS)

static const struct valu_entry rows[] = {
   P(v_pk_add_f16, NONE),
   P(v_pk_mul_f16, NONE),
   P(v_pk_fma_f16, PK16),
   VALU_ENTRY(v_pk_fmac_f16, v_pk_fma_f16, PK16, PK16, PK16, PK16, VALU_NO_MODS | VALU_ACC),
   P(v_pk_min_f16, NONE),
   P(v_pk_max_f16, NONE),
   P(v_pk_add_u16, NONE),
   P(v_pk_sub_u16, NONE),
   VALU_ENTRY(v_pk_add_i16, v_pk_add_u16, PK16, PK16, NONE, PK16, VALU_NO_MODS),
   VALU_ENTRY(v_pk_sub_i16, v_pk_sub_u16, PK16, PK16, NONE, PK16, VALU_NO_MODS),
   P(v_pk_mul_lo_u16, NONE),
   P(v_pk_lshlrev_b16, NONE),
   P(v_pk_lshrrev_b16, NONE),
   P(v_pk_ashrrev_i16, NONE),
   P(v_pk_max_i16, NONE),
   P(v_pk_min_i16, NONE),
   P(v_pk_max_u16, NONE),
   P(v_pk_min_u16, NONE),
   P(v_pk_mad_u16, PK16),
   VALU_ENTRY(v_pk_mad_i16, v_pk_mad_u16, PK16, PK16, PK16, PK16, VALU_NO_MODS),
   VALU_ENTRY(v_fma_mix_f32, v_fma_mix_f32, B32, B32, B32, F32, VALU_NO_MODS),
   VALU_ENTRY(v_fma_mixlo_f16, v_fma_mixlo_f16, B32, B32, B32, B32, VALU_NO_MODS),
   VALU_ENTRY(v_fma_mixhi_f16, v_fma_mixhi_f16, B32, B32, B32, B32, VALU_NO_MODS),
   VALU_ENTRY(v_dot2_f32_f16, v_dot2_f32_f16, B32, B32, B32, B32, VALU_NO_MODS),
   VALU_ENTRY(v_dot2_i32_i16, v_dot2_i32_i16, B32, B32, B32, B32, VALU_NO_MODS),
   VALU_ENTRY(v_dot2_u32_u16, v_dot2_u32_u16, B32, B32, B32, B32, VALU_NO_MODS),
   VALU_ENTRY(v_dot4_i32_i8, v_dot4_i32_i8, B32, B32, B32, B32, VALU_NO_MODS),
   VALU_ENTRY(v_dot4_u32_u8, v_dot4_u32_u8, B32, B32, B32, B32, VALU_NO_MODS),
   VALU_ENTRY(v_dot8_u32_u4, v_dot8_u32_u4, B32, B32, B32, B32, VALU_NO_MODS),
};

const struct valu_table valu_packed_table = { rows, sizeof(rows) / sizeof(rows[0]) };
