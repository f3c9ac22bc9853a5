/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Scalar ALU: SOP1, SOP2, SOPK and SOPC semantics, one small function per
 * opcode generated from a one-line expression, bound to the opcode by
 * name.  Results and SCC follow the RDNA2 ISA guide's instruction
 * descriptions (e.g. SCC = result != 0 for logic ops, carry for s_add_u32,
 * signed overflow for s_add_i32).
 */
#include <time.h>

#include "sim_engine.h"

#define A32 sim_read_ssrc32(w, in, in->sop.ssrc0)
#define B32 sim_read_ssrc32(w, in, in->sop.ssrc1)
#define A64 sim_read_src64(w, in, in->sop.ssrc0, 0, false, true)
#define B64 sim_read_src64(w, in, in->sop.ssrc1, 0, false, true)

/* SOP2 with 32-bit sources: body computes d (and may set scc). */
#define SOP2_32(name, body)                                                                        \
   static void x_##name(struct sim_wave *w, const struct sim_inst *in)                             \
   {                                                                                               \
      uint32_t a = A32, b = B32, d;                                                                \
      bool scc = w->scc;                                                                           \
      body;                                                                                        \
      sim_write_sdst32(w, in->sop.sdst, d);                                                        \
      w->scc = scc;                                                                                \
   }

#define SOP2_64(name, body)                                                                        \
   static void x_##name(struct sim_wave *w, const struct sim_inst *in)                             \
   {                                                                                               \
      uint64_t a = A64, b = B64, d;                                                                \
      bool scc = w->scc;                                                                           \
      body;                                                                                        \
      sim_write_sdst64(w, in->sop.sdst, d);                                                        \
      w->scc = scc;                                                                                \
   }

/* Shifts and field ops take a 64-bit first source and a 32-bit second. */
#define SOP2_64_32(name, body)                                                                     \
   static void x_##name(struct sim_wave *w, const struct sim_inst *in)                             \
   {                                                                                               \
      uint64_t a = A64, d;                                                                         \
      uint32_t b = B32;                                                                            \
      bool scc = w->scc;                                                                           \
      body;                                                                                        \
      sim_write_sdst64(w, in->sop.sdst, d);                                                        \
      w->scc = scc;                                                                                \
   }

#define SOP1_32(name, body)                                                                        \
   static void x_##name(struct sim_wave *w, const struct sim_inst *in)                             \
   {                                                                                               \
      uint32_t a = A32, d = w->sgpr[in->sop.sdst & 0x7f];                                          \
      bool scc = w->scc;                                                                           \
      body;                                                                                        \
      sim_write_sdst32(w, in->sop.sdst, d);                                                        \
      w->scc = scc;                                                                                \
   }

#define SOP1_64(name, body)                                                                        \
   static void x_##name(struct sim_wave *w, const struct sim_inst *in)                             \
   {                                                                                               \
      unsigned r = in->sop.sdst & 0x7e;                                                            \
      uint64_t a = A64, d = w->sgpr[r] | (uint64_t)w->sgpr[r + 1] << 32;                           \
      bool scc = w->scc;                                                                           \
      body;                                                                                        \
      sim_write_sdst64(w, in->sop.sdst, d);                                                        \
      w->scc = scc;                                                                                \
   }

/* 64-bit source, 32-bit destination (s_bcnt1_i32_b64 ...). */
#define SOP1_32_64(name, body)                                                                     \
   static void x_##name(struct sim_wave *w, const struct sim_inst *in)                             \
   {                                                                                               \
      uint64_t a = A64;                                                                            \
      uint32_t d;                                                                                  \
      bool scc = w->scc;                                                                           \
      body;                                                                                        \
      sim_write_sdst32(w, in->sop.sdst, d);                                                        \
      w->scc = scc;                                                                                \
   }

#define SOPC_32(name, cond)                                                                        \
   static void x_##name(struct sim_wave *w, const struct sim_inst *in)                             \
   {                                                                                               \
      uint32_t a = A32, b = B32;                                                                   \
      w->scc = (cond);                                                                             \
   }

#define SOPC_64(name, cond)                                                                        \
   static void x_##name(struct sim_wave *w, const struct sim_inst *in)                             \
   {                                                                                               \
      uint64_t a = A64;                                                                            \
      uint32_t b = B32;                                                                            \
      uint64_t b64 = B64;                                                                          \
      (void)b;                                                                                     \
      (void)b64;                                                                                   \
      w->scc = (cond);                                                                             \
   }

/* SOPK: d is the destination register's value, k the immediate. */
#define SOPK(name, body)                                                                           \
   static void x_##name(struct sim_wave *w, const struct sim_inst *in)                             \
   {                                                                                               \
      uint32_t d = w->sgpr[in->sop.sdst & 0x7f];                                                   \
      int32_t k = (int16_t)in->sop.simm16;                                                         \
      uint32_t ku = in->sop.simm16;                                                                \
      bool scc = w->scc;                                                                           \
      (void)k;                                                                                     \
      (void)ku;                                                                                    \
      body;                                                                                        \
      sim_write_sdst32(w, in->sop.sdst, d);                                                        \
      w->scc = scc;                                                                                \
   }

#define SOPK_CMP(name, cond)                                                                       \
   static void x_##name(struct sim_wave *w, const struct sim_inst *in)                             \
   {                                                                                               \
      uint32_t d = w->sgpr[in->sop.sdst & 0x7f];                                                   \
      int32_t k = (int16_t)in->sop.simm16;                                                         \
      uint32_t ku = in->sop.simm16;                                                                \
      (void)k;                                                                                     \
      (void)ku;                                                                                    \
      w->scc = (cond);                                                                             \
   }

static inline bool
add_ovf_i32(uint32_t a, uint32_t b, uint32_t d)
{
   return ((a ^ d) & (b ^ d)) >> 31;
}

static inline bool
sub_ovf_i32(uint32_t a, uint32_t b, uint32_t d)
{
   return ((a ^ b) & (a ^ d)) >> 31;
}

static inline uint32_t
bfe32(uint32_t v, uint32_t ctl, bool sign)
{
   unsigned off = ctl & 31, width = (ctl >> 16) & 0x7f;
   if (width == 0)
      return 0;
   if (width >= 32)
      width = 32;
   uint64_t field = ((uint64_t)v >> off) & ((1ull << width) - 1);
   if (sign && width < 32 && (field >> (width - 1)) & 1)
      field |= ~0ull << width;
   return (uint32_t)field;
}

static inline uint64_t
bfe64(uint64_t v, uint32_t ctl, bool sign)
{
   unsigned off = ctl & 63, width = (ctl >> 16) & 0x7f;
   if (width == 0)
      return 0;
   uint64_t field = v >> off;
   if (width < 64) {
      field &= (1ull << width) - 1;
      if (sign && (field >> (width - 1)) & 1)
         field |= ~0ull << width;
   }
   return field;
}

/* ---- SOP2 ---- */
SOP2_32(s_add_u32, {
   uint64_t r = (uint64_t)a + b;
   d = r;
   scc = r >> 32;
})
SOP2_32(s_sub_u32, {
   d = a - b;
   scc = b > a;
})
SOP2_32(s_add_i32, {
   d = a + b;
   scc = add_ovf_i32(a, b, d);
})
SOP2_32(s_sub_i32, {
   d = a - b;
   scc = sub_ovf_i32(a, b, d);
})
SOP2_32(s_addc_u32, {
   uint64_t r = (uint64_t)a + b + scc;
   d = r;
   scc = r >> 32;
})
SOP2_32(s_subb_u32, {
   uint64_t r = (uint64_t)a - b - scc;
   d = r;
   scc = (r >> 32) != 0;
})
SOP2_32(s_min_i32, {
   scc = (int32_t)a < (int32_t)b;
   d = scc ? a : b;
})
SOP2_32(s_min_u32, {
   scc = a < b;
   d = scc ? a : b;
})
SOP2_32(s_max_i32, {
   scc = (int32_t)a > (int32_t)b;
   d = scc ? a : b;
})
SOP2_32(s_max_u32, {
   scc = a > b;
   d = scc ? a : b;
})
SOP2_32(s_cselect_b32, { d = scc ? a : b; })
SOP2_64(s_cselect_b64, { d = scc ? a : b; })
SOP2_32(s_and_b32, {
   d = a & b;
   scc = d != 0;
})
SOP2_64(s_and_b64, {
   d = a & b;
   scc = d != 0;
})
SOP2_32(s_or_b32, {
   d = a | b;
   scc = d != 0;
})
SOP2_64(s_or_b64, {
   d = a | b;
   scc = d != 0;
})
SOP2_32(s_xor_b32, {
   d = a ^ b;
   scc = d != 0;
})
SOP2_64(s_xor_b64, {
   d = a ^ b;
   scc = d != 0;
})
SOP2_32(s_andn2_b32, {
   d = a & ~b;
   scc = d != 0;
})
SOP2_64(s_andn2_b64, {
   d = a & ~b;
   scc = d != 0;
})
SOP2_32(s_orn2_b32, {
   d = a | ~b;
   scc = d != 0;
})
SOP2_64(s_orn2_b64, {
   d = a | ~b;
   scc = d != 0;
})
SOP2_32(s_nand_b32, {
   d = ~(a & b);
   scc = d != 0;
})
SOP2_64(s_nand_b64, {
   d = ~(a & b);
   scc = d != 0;
})
SOP2_32(s_nor_b32, {
   d = ~(a | b);
   scc = d != 0;
})
SOP2_64(s_nor_b64, {
   d = ~(a | b);
   scc = d != 0;
})
SOP2_32(s_xnor_b32, {
   d = ~(a ^ b);
   scc = d != 0;
})
SOP2_64(s_xnor_b64, {
   d = ~(a ^ b);
   scc = d != 0;
})
SOP2_32(s_lshl_b32, {
   d = a << (b & 31);
   scc = d != 0;
})
SOP2_64_32(s_lshl_b64, {
   d = a << (b & 63);
   scc = d != 0;
})
SOP2_32(s_lshr_b32, {
   d = a >> (b & 31);
   scc = d != 0;
})
SOP2_64_32(s_lshr_b64, {
   d = a >> (b & 63);
   scc = d != 0;
})
SOP2_32(s_ashr_i32, {
   d = (int32_t)a >> (b & 31);
   scc = d != 0;
})
SOP2_64_32(s_ashr_i64, {
   d = (int64_t)a >> (b & 63);
   scc = d != 0;
})
SOP2_32(s_bfm_b32, { d = (uint32_t)(((1ull << (a & 31)) - 1) << (b & 31)); })
static void
x_s_bfm_b64(struct sim_wave *w, const struct sim_inst *in)
{
   uint32_t a = A32, b = B32;
   uint64_t mask = (a & 63) ? (1ull << (a & 63)) - 1 : 0;
   sim_write_sdst64(w, in->sop.sdst, mask << (b & 63));
}
SOP2_32(s_mul_i32, { d = (uint32_t)((int64_t)(int32_t)a * (int32_t)b); })
SOP2_32(s_bfe_u32, {
   d = bfe32(a, b, false);
   scc = d != 0;
})
SOP2_32(s_bfe_i32, {
   d = bfe32(a, b, true);
   scc = d != 0;
})
SOP2_64_32(s_bfe_u64, {
   d = bfe64(a, b, false);
   scc = d != 0;
})
SOP2_64_32(s_bfe_i64, {
   d = bfe64(a, b, true);
   scc = d != 0;
})
SOP2_32(s_absdiff_i32, {
   int64_t r = (int64_t)(int32_t)a - (int32_t)b;
   d = (uint32_t)(r < 0 ? -r : r);
   scc = d != 0;
})
SOP2_32(s_lshl1_add_u32, {
   uint64_t r = ((uint64_t)a << 1) + b;
   d = r;
   scc = r >> 32;
})
SOP2_32(s_lshl2_add_u32, {
   uint64_t r = ((uint64_t)a << 2) + b;
   d = r;
   scc = r >> 32;
})
SOP2_32(s_lshl3_add_u32, {
   uint64_t r = ((uint64_t)a << 3) + b;
   d = r;
   scc = r >> 32;
})
SOP2_32(s_lshl4_add_u32, {
   uint64_t r = ((uint64_t)a << 4) + b;
   d = r;
   scc = r >> 32;
})
SOP2_32(s_pack_ll_b32_b16, { d = (a & 0xffff) | b << 16; })
SOP2_32(s_pack_lh_b32_b16, { d = (a & 0xffff) | (b & 0xffff0000); })
SOP2_32(s_pack_hh_b32_b16, { d = a >> 16 | (b & 0xffff0000); })
SOP2_32(s_mul_hi_u32, { d = (uint32_t)(((uint64_t)a * b) >> 32); })
SOP2_32(s_mul_hi_i32, { d = (uint32_t)(((int64_t)(int32_t)a * (int32_t)b) >> 32); })

/* ---- SOP1 ---- */
static inline uint32_t
wqm32(uint32_t a)
{
   uint32_t d = 0;
   for (unsigned i = 0; i < 32; i += 4)
      if ((a >> i) & 0xf)
         d |= 0xfu << i;
   return d;
}

static inline uint64_t
wqm64(uint64_t a)
{
   return wqm32((uint32_t)a) | (uint64_t)wqm32(a >> 32) << 32;
}

static inline uint64_t
quadmask(uint64_t a, unsigned bits)
{
   uint64_t d = 0;
   for (unsigned i = 0; i < bits; i += 4)
      if ((a >> i) & 0xf)
         d |= 1ull << (i / 4);
   return d;
}

static inline uint32_t
flbit_signed(uint64_t a, unsigned bits)
{
   bool neg = (a >> (bits - 1)) & 1;
   for (int i = bits - 1; i >= 0; i--)
      if (((a >> i) & 1) != neg)
         return bits - 1 - i;
   return 0xffffffffu;
}

static inline uint64_t
brev64(uint64_t a)
{
   uint64_t d = 0;
   for (unsigned i = 0; i < 64; i++)
      d |= ((a >> i) & 1) << (63 - i);
   return d;
}

SOP1_32(s_mov_b32, { d = a; })
SOP1_64(s_mov_b64, { d = a; })
SOP1_32(s_cmov_b32, {
   if (scc)
      d = a;
})
SOP1_64(s_cmov_b64, {
   if (scc)
      d = a;
})
SOP1_32(s_not_b32, {
   d = ~a;
   scc = d != 0;
})
SOP1_64(s_not_b64, {
   d = ~a;
   scc = d != 0;
})
SOP1_32(s_wqm_b32, {
   d = wqm32(a);
   scc = d != 0;
})
SOP1_64(s_wqm_b64, {
   d = wqm64(a);
   scc = d != 0;
})
SOP1_32(s_brev_b32, { d = (uint32_t)(brev64(a) >> 32); })
SOP1_64(s_brev_b64, { d = brev64(a); })
SOP1_32(s_bcnt0_i32_b32, {
   d = 32 - __builtin_popcount(a);
   scc = d != 0;
})
SOP1_32_64(s_bcnt0_i32_b64, {
   d = 64 - __builtin_popcountll(a);
   scc = d != 0;
})
SOP1_32(s_bcnt1_i32_b32, {
   d = __builtin_popcount(a);
   scc = d != 0;
})
SOP1_32_64(s_bcnt1_i32_b64, {
   d = __builtin_popcountll(a);
   scc = d != 0;
})
SOP1_32(s_ff0_i32_b32, { d = ~a ? (uint32_t)__builtin_ctz(~a) : ~0u; })
SOP1_32_64(s_ff0_i32_b64, { d = ~a ? (uint32_t)__builtin_ctzll(~a) : ~0u; })
SOP1_32(s_ff1_i32_b32, { d = a ? (uint32_t)__builtin_ctz(a) : ~0u; })
SOP1_32_64(s_ff1_i32_b64, { d = a ? (uint32_t)__builtin_ctzll(a) : ~0u; })
SOP1_32(s_flbit_i32_b32, { d = a ? (uint32_t)__builtin_clz(a) : ~0u; })
SOP1_32_64(s_flbit_i32_b64, { d = a ? (uint32_t)__builtin_clzll(a) : ~0u; })
SOP1_32(s_flbit_i32, { d = flbit_signed(a, 32); })
SOP1_32_64(s_flbit_i32_i64, { d = flbit_signed(a, 64); })
SOP1_32(s_sext_i32_i8, { d = (int8_t)a; })
SOP1_32(s_sext_i32_i16, { d = (int16_t)a; })
SOP1_32(s_bitset0_b32, { d &= ~(1u << (a & 31)); })
SOP1_64(s_bitset0_b64, { d &= ~(1ull << (a & 63)); })
SOP1_32(s_bitset1_b32, { d |= 1u << (a & 31); })
SOP1_64(s_bitset1_b64, { d |= 1ull << (a & 63); })
SOP1_32(s_quadmask_b32, {
   d = quadmask(a, 32);
   scc = d != 0;
})
SOP1_64(s_quadmask_b64, {
   d = quadmask(a, 64);
   scc = d != 0;
})
SOP1_32(s_abs_i32, {
   d = (int32_t)a < 0 ? -a : a;
   scc = d != 0;
})
SOP1_64(s_bitreplicate_b64_b32, {
   d = 0;
   for (unsigned i = 0; i < 32; i++)
      d |= (uint64_t)((a >> i) & 1) * 3 << (2 * i);
})

static void
x_s_getpc_b64(struct sim_wave *w, const struct sim_inst *in)
{
   sim_write_sdst64(w, in->sop.sdst, w->pc + 4);
}

static void
x_s_setpc_b64(struct sim_wave *w, const struct sim_inst *in)
{
   w->next_pc = A64 & ~3ull;
}

static void
x_s_swappc_b64(struct sim_wave *w, const struct sim_inst *in)
{
   uint64_t target = A64 & ~3ull;
   sim_write_sdst64(w, in->sop.sdst, w->pc + 4);
   w->next_pc = target;
}

/* s_*_saveexec / s_*_wrexec: the saved value is the old EXEC, except for
 * the wrexec forms, which write the new EXEC. SCC = new EXEC != 0. */
#define SAVEEXEC(name, bits, expr, wr)                                                             \
   static void x_##name(struct sim_wave *w, const struct sim_inst *in)                             \
   {                                                                                               \
      uint64_t s = bits == 64 ? A64 : A32;                                                         \
      uint64_t e = sim_exec_mask(w);                                                               \
      if (bits == 32)                                                                              \
         e &= 0xffffffffu;                                                                         \
      uint64_t n = (expr);                                                                         \
      if (bits == 32) {                                                                            \
         n &= 0xffffffffu;                                                                         \
         w->sgpr[SIM_SRC_EXEC_LO] = (uint32_t)n;                                                   \
         sim_write_sdst32(w, in->sop.sdst, (uint32_t)((wr) ? n : e));                              \
      } else {                                                                                     \
         sim_set_exec_mask(w, n);                                                                  \
         sim_write_sdst64(w, in->sop.sdst, (wr) ? sim_exec_mask(w) : e);                           \
      }                                                                                            \
      w->scc = sim_exec_mask(w) != 0;                                                              \
   }

#define SAVEEXEC_BOTH(op, expr)                                                                    \
   SAVEEXEC(s_##op##_saveexec_b32, 32, expr, false)                                                \
   SAVEEXEC(s_##op##_saveexec_b64, 64, expr, false)

SAVEEXEC_BOTH(and, s &e)
SAVEEXEC_BOTH(or, s | e)
SAVEEXEC_BOTH(xor, s ^ e)
SAVEEXEC_BOTH(andn2, s & ~e)
SAVEEXEC_BOTH(orn2, s | ~e)
SAVEEXEC_BOTH(nand, ~(s &e))
SAVEEXEC_BOTH(nor, ~(s | e))
SAVEEXEC_BOTH(xnor, ~(s ^ e))
SAVEEXEC_BOTH(andn1, ~s &e)
SAVEEXEC_BOTH(orn1, ~s | e)
SAVEEXEC(s_andn1_wrexec_b32, 32, ~s &e, true)
SAVEEXEC(s_andn1_wrexec_b64, 64, ~s &e, true)
SAVEEXEC(s_andn2_wrexec_b32, 32, s & ~e, true)
SAVEEXEC(s_andn2_wrexec_b64, 64, s & ~e, true)

/* M0-relative moves: the indexed register must stay inside s0..s105 (and
 * the other scalar slots, as the hardware allows). */
static void
x_s_movrels_b32(struct sim_wave *w, const struct sim_inst *in)
{
   unsigned src = in->sop.ssrc0 + w->sgpr[SIM_SRC_M0];
   sim_write_sdst32(w, in->sop.sdst, src < SIM_NUM_SGPR_SLOTS ? w->sgpr[src] : 0);
}

static void
x_s_movrels_b64(struct sim_wave *w, const struct sim_inst *in)
{
   unsigned src = in->sop.ssrc0 + w->sgpr[SIM_SRC_M0];
   uint64_t v = src + 1 < SIM_NUM_SGPR_SLOTS ? w->sgpr[src] | (uint64_t)w->sgpr[src + 1] << 32 : 0;
   sim_write_sdst64(w, in->sop.sdst, v);
}

static void
x_s_movreld_b32(struct sim_wave *w, const struct sim_inst *in)
{
   unsigned dst = in->sop.sdst + w->sgpr[SIM_SRC_M0];
   if (dst < SIM_NUM_SGPR_SLOTS)
      sim_write_sdst32(w, dst, A32);
}

static void
x_s_movreld_b64(struct sim_wave *w, const struct sim_inst *in)
{
   unsigned dst = in->sop.sdst + w->sgpr[SIM_SRC_M0];
   if (dst + 1 < SIM_NUM_SGPR_SLOTS)
      sim_write_sdst64(w, dst, A64);
}

/* ---- SOPC ---- */
SOPC_32(s_cmp_eq_i32, a == b)
SOPC_32(s_cmp_lg_i32, a != b)
SOPC_32(s_cmp_gt_i32, (int32_t)a > (int32_t)b)
SOPC_32(s_cmp_ge_i32, (int32_t)a >= (int32_t)b)
SOPC_32(s_cmp_lt_i32, (int32_t)a < (int32_t)b)
SOPC_32(s_cmp_le_i32, (int32_t)a <= (int32_t)b)
SOPC_32(s_cmp_eq_u32, a == b)
SOPC_32(s_cmp_lg_u32, a != b)
SOPC_32(s_cmp_gt_u32, a > b)
SOPC_32(s_cmp_ge_u32, a >= b)
SOPC_32(s_cmp_lt_u32, a < b)
SOPC_32(s_cmp_le_u32, a <= b)
SOPC_32(s_bitcmp0_b32, !((a >> (b & 31)) & 1))
SOPC_32(s_bitcmp1_b32, (a >> (b & 31)) & 1)
SOPC_64(s_bitcmp0_b64, !((a >> (b & 63)) & 1))
SOPC_64(s_bitcmp1_b64, (a >> (b & 63)) & 1)
SOPC_64(s_cmp_eq_u64, a == b64)
SOPC_64(s_cmp_lg_u64, a != b64)

/* ---- SOPK ---- */
SOPK(s_movk_i32, { d = k; })
SOPK(s_cmovk_i32, {
   if (scc)
      d = k;
})
SOPK(s_addk_i32, {
   uint32_t r = d + k;
   scc = add_ovf_i32(d, k, r);
   d = r;
})
SOPK(s_mulk_i32, { d = (uint32_t)((int64_t)(int32_t)d * k); })
SOPK_CMP(s_cmpk_eq_i32, (int32_t)d == k)
SOPK_CMP(s_cmpk_lg_i32, (int32_t)d != k)
SOPK_CMP(s_cmpk_gt_i32, (int32_t)d > k)
SOPK_CMP(s_cmpk_ge_i32, (int32_t)d >= k)
SOPK_CMP(s_cmpk_lt_i32, (int32_t)d < k)
SOPK_CMP(s_cmpk_le_i32, (int32_t)d <= k)
SOPK_CMP(s_cmpk_eq_u32, d == ku)
SOPK_CMP(s_cmpk_lg_u32, d != ku)
SOPK_CMP(s_cmpk_gt_u32, d > ku)
SOPK_CMP(s_cmpk_ge_u32, d >= ku)
SOPK_CMP(s_cmpk_lt_u32, d < ku)
SOPK_CMP(s_cmpk_le_u32, d <= ku)

static void
x_s_call_b64(struct sim_wave *w, const struct sim_inst *in)
{
   sim_write_sdst64(w, in->sop.sdst, w->pc + 4);
   w->next_pc = w->pc + 4 + (int64_t)(int16_t)in->sop.simm16 * 4;
}

static void
x_nop(struct sim_wave *w, const struct sim_inst *in)
{
}

/* Hardware registers: s_getreg/s_setreg see fields of these (hwreg id,
 * bit offset, size) as the ISA's "Hardware Registers" table lays out. */
static uint32_t
hwreg_read(const struct sim_wave *w, unsigned id)
{
   switch (id) {
   case SIM_HWREG_MODE:
      return w->mode;
   case SIM_HWREG_STATUS:
      return (w->status & ~(SIM_STATUS_SCC | SIM_STATUS_EXECZ | SIM_STATUS_VCCZ)) |
             (w->scc ? SIM_STATUS_SCC : 0) | (sim_exec_mask(w) == 0 ? SIM_STATUS_EXECZ : 0) |
             (sim_vcc_mask(w) == 0 ? SIM_STATUS_VCCZ : 0);
   case SIM_HWREG_TRAPSTS:
      return w->trapsts;
   case SIM_HWREG_FLAT_SCR_LO:
      return (uint32_t)w->flat_scratch;
   case SIM_HWREG_FLAT_SCR_HI:
      return (uint32_t)(w->flat_scratch >> 32);
   case SIM_HWREG_SH_MEM_BASES:
      return (uint32_t)(SIM_PRIVATE_APERTURE >> 48) | (uint32_t)(SIM_SHARED_APERTURE >> 48) << 16;
   case SIM_HWREG_SHADER_CYCLES: {
      /* a free-running 20-bit cycle counter (100 MHz here) */
      struct timespec ts;
      clock_gettime(CLOCK_MONOTONIC, &ts);
      return (uint32_t)(((uint64_t)ts.tv_sec * 1000000000ull + ts.tv_nsec) / 10) & 0xfffff;
   }
   case SIM_HWREG_HW_ID1:
      /* WAVE_ID [4:0] */
      return w->wave_id & 0x1f;
   default:
      return id < SIM_HWREG_COUNT ? w->hwreg[id] : 0;
   }
}

static void
hwreg_write(struct sim_wave *w, unsigned id, uint32_t v)
{
   switch (id) {
   case SIM_HWREG_MODE:
      w->mode = v;
      break;
   case SIM_HWREG_STATUS:
      break; /* read-only for shaders */
   case SIM_HWREG_TRAPSTS:
      w->trapsts = v;
      break;
   case SIM_HWREG_FLAT_SCR_LO:
      w->flat_scratch = (w->flat_scratch & ~0xffffffffull) | v;
      break;
   case SIM_HWREG_FLAT_SCR_HI:
      /* ACO fills the upper 16 bits with junk: the address is 48 bits. */
      w->flat_scratch = ((uint64_t)(v & 0xffff) << 32) | (uint32_t)w->flat_scratch;
      break;
   default:
      if (id < SIM_HWREG_COUNT)
         w->hwreg[id] = v;
      break;
   }
}

static void
setreg(struct sim_wave *w, unsigned simm16, uint32_t value)
{
   unsigned id = simm16 & 0x3f, off = (simm16 >> 6) & 0x1f, size = (simm16 >> 11) + 1;
   uint32_t mask = (size >= 32 ? ~0u : ((1u << size) - 1)) << off;
   uint32_t old = hwreg_read(w, id);
   hwreg_write(w, id, (old & ~mask) | ((value << off) & mask));
}

static void
x_s_getreg_b32(struct sim_wave *w, const struct sim_inst *in)
{
   unsigned imm = in->sop.simm16;
   unsigned id = imm & 0x3f, off = (imm >> 6) & 0x1f, size = (imm >> 11) + 1;
   uint32_t v = hwreg_read(w, id) >> off;
   if (size < 32)
      v &= (1u << size) - 1;
   sim_write_sdst32(w, in->sop.sdst, v);
}

static void
x_s_setreg_b32(struct sim_wave *w, const struct sim_inst *in)
{
   setreg(w, in->sop.simm16, w->sgpr[in->sop.sdst & 0x7f]);
}

static void
x_s_setreg_imm32_b32(struct sim_wave *w, const struct sim_inst *in)
{
   setreg(w, in->sop.simm16, in->literal);
}

#define B(name)                                                                                    \
   {                                                                                               \
      SIM_OP_##name, x_##name                                                                      \
   }

const struct sim_op_impl sim_sop_impls[] = {
   /* SOP2 */
   B(s_add_u32),
   B(s_sub_u32),
   B(s_add_i32),
   B(s_sub_i32),
   B(s_addc_u32),
   B(s_subb_u32),
   B(s_min_i32),
   B(s_min_u32),
   B(s_max_i32),
   B(s_max_u32),
   B(s_cselect_b32),
   B(s_cselect_b64),
   B(s_and_b32),
   B(s_and_b64),
   B(s_or_b32),
   B(s_or_b64),
   B(s_xor_b32),
   B(s_xor_b64),
   B(s_andn2_b32),
   B(s_andn2_b64),
   B(s_orn2_b32),
   B(s_orn2_b64),
   B(s_nand_b32),
   B(s_nand_b64),
   B(s_nor_b32),
   B(s_nor_b64),
   B(s_xnor_b32),
   B(s_xnor_b64),
   B(s_lshl_b32),
   B(s_lshl_b64),
   B(s_lshr_b32),
   B(s_lshr_b64),
   B(s_ashr_i32),
   B(s_ashr_i64),
   B(s_bfm_b32),
   B(s_bfm_b64),
   B(s_mul_i32),
   B(s_bfe_u32),
   B(s_bfe_i32),
   B(s_bfe_u64),
   B(s_bfe_i64),
   B(s_absdiff_i32),
   B(s_lshl1_add_u32),
   B(s_lshl2_add_u32),
   B(s_lshl3_add_u32),
   B(s_lshl4_add_u32),
   B(s_pack_ll_b32_b16),
   B(s_pack_lh_b32_b16),
   B(s_pack_hh_b32_b16),
   B(s_mul_hi_u32),
   B(s_mul_hi_i32),
   /* SOP1 */
   B(s_mov_b32),
   B(s_mov_b64),
   B(s_cmov_b32),
   B(s_cmov_b64),
   B(s_not_b32),
   B(s_not_b64),
   B(s_wqm_b32),
   B(s_wqm_b64),
   B(s_brev_b32),
   B(s_brev_b64),
   B(s_bcnt0_i32_b32),
   B(s_bcnt0_i32_b64),
   B(s_bcnt1_i32_b32),
   B(s_bcnt1_i32_b64),
   B(s_ff0_i32_b32),
   B(s_ff0_i32_b64),
   B(s_ff1_i32_b32),
   B(s_ff1_i32_b64),
   B(s_flbit_i32_b32),
   B(s_flbit_i32_b64),
   B(s_flbit_i32),
   B(s_flbit_i32_i64),
   B(s_sext_i32_i8),
   B(s_sext_i32_i16),
   B(s_bitset0_b32),
   B(s_bitset0_b64),
   B(s_bitset1_b32),
   B(s_bitset1_b64),
   B(s_getpc_b64),
   B(s_setpc_b64),
   B(s_swappc_b64),
   B(s_and_saveexec_b32),
   B(s_and_saveexec_b64),
   B(s_or_saveexec_b32),
   B(s_or_saveexec_b64),
   B(s_xor_saveexec_b32),
   B(s_xor_saveexec_b64),
   B(s_andn2_saveexec_b32),
   B(s_andn2_saveexec_b64),
   B(s_orn2_saveexec_b32),
   B(s_orn2_saveexec_b64),
   B(s_nand_saveexec_b32),
   B(s_nand_saveexec_b64),
   B(s_nor_saveexec_b32),
   B(s_nor_saveexec_b64),
   B(s_xnor_saveexec_b32),
   B(s_xnor_saveexec_b64),
   B(s_andn1_saveexec_b32),
   B(s_andn1_saveexec_b64),
   B(s_orn1_saveexec_b32),
   B(s_orn1_saveexec_b64),
   B(s_andn1_wrexec_b32),
   B(s_andn1_wrexec_b64),
   B(s_andn2_wrexec_b32),
   B(s_andn2_wrexec_b64),
   B(s_quadmask_b32),
   B(s_quadmask_b64),
   B(s_movrels_b32),
   B(s_movrels_b64),
   B(s_movreld_b32),
   B(s_movreld_b64),
   B(s_abs_i32),
   B(s_bitreplicate_b64_b32),
   /* SOPC */
   B(s_cmp_eq_i32),
   B(s_cmp_lg_i32),
   B(s_cmp_gt_i32),
   B(s_cmp_ge_i32),
   B(s_cmp_lt_i32),
   B(s_cmp_le_i32),
   B(s_cmp_eq_u32),
   B(s_cmp_lg_u32),
   B(s_cmp_gt_u32),
   B(s_cmp_ge_u32),
   B(s_cmp_lt_u32),
   B(s_cmp_le_u32),
   B(s_bitcmp0_b32),
   B(s_bitcmp1_b32),
   B(s_bitcmp0_b64),
   B(s_bitcmp1_b64),
   B(s_cmp_eq_u64),
   B(s_cmp_lg_u64),
   /* SOPK */
   B(s_movk_i32),
   B(s_cmovk_i32),
   B(s_addk_i32),
   B(s_mulk_i32),
   B(s_cmpk_eq_i32),
   B(s_cmpk_lg_i32),
   B(s_cmpk_gt_i32),
   B(s_cmpk_ge_i32),
   B(s_cmpk_lt_i32),
   B(s_cmpk_le_i32),
   B(s_cmpk_eq_u32),
   B(s_cmpk_lg_u32),
   B(s_cmpk_gt_u32),
   B(s_cmpk_ge_u32),
   B(s_cmpk_lt_u32),
   B(s_cmpk_le_u32),
   B(s_call_b64),
   B(s_getreg_b32),
   B(s_setreg_b32),
   B(s_setreg_imm32_b32),
   { SIM_OP_s_version, x_nop },
   { SIM_OP_s_waitcnt_vscnt, x_nop },
   { SIM_OP_s_waitcnt_vmcnt, x_nop },
   { SIM_OP_s_waitcnt_expcnt, x_nop },
   { SIM_OP_s_waitcnt_lgkmcnt, x_nop },
   { 0, NULL },
};
