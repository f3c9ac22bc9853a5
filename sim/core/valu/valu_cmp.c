/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * VOPC compares (v_cmp_*, v_cmpx_*, v_cmp_class_*) for f16/f32/f64,
 * i16/u16, i32/u32 and i64/u64.  One function per operand type computes,
 * per lane, which of less / equal / greater / unordered holds; the
 * relation of the opcode is a 4-bit mask of those outcomes (its valu_desc
 * arg), so all sixteen float relations and eight integer ones share the
 * loop.  The lane mask goes to VCC (VOPC), an SGPR pair (VOP3) or, for
 * v_cmpx on gfx10, to EXEC only.
 */
#include "valu_internal.h"

enum { LT = 1, EQ = 2, GT = 4, UN = 8 };

static inline unsigned
int_outcome(int64_t a, int64_t b)
{
   return a < b ? LT : a == b ? EQ : GT;
}

static inline unsigned
uint_outcome(uint64_t a, uint64_t b)
{
   return a < b ? LT : a == b ? EQ : GT;
}

#define DEF_CMP(name, outcome, fp)                                                                 \
   VALU_FN(name)                                                                                   \
   {                                                                                               \
      (void)w;                                                                                     \
      (void)in;                                                                                    \
      unsigned cond = io->arg;                                                                     \
      uint64_t m = 0;                                                                              \
      if (fp) {                                                                                    \
         VALU_FP_LOOP(m |= (uint64_t)((cond & (outcome)) != 0) << l);                              \
      } else {                                                                                     \
         VALU_LOOP(m |= (uint64_t)((cond & (outcome)) != 0) << l);                                 \
      }                                                                                            \
      io->mask_out = m;                                                                            \
   }

static inline unsigned
f16_outcome(uint16_t a, uint16_t b)
{
   return sim_f32_cmp_outcome(sim_f16_to_f32(a), sim_f16_to_f32(b));
}

DEF_CMP(cmp_f16, f16_outcome(VALU_F16_IN(0), VALU_F16_IN(1)), true)
DEF_CMP(cmp_f32, sim_f32_cmp_outcome(VALU_F32(0), VALU_F32(1)), true)
DEF_CMP(cmp_f64, sim_f64_cmp_outcome(VALU_F64(0), VALU_F64(1)), true)
DEF_CMP(cmp_i16, int_outcome((int16_t)VALU_U16(0), (int16_t)VALU_U16(1)), false)
DEF_CMP(cmp_u16, uint_outcome(VALU_U16(0), VALU_U16(1)), false)
DEF_CMP(cmp_i32, int_outcome((int32_t)VALU_U32(0), (int32_t)VALU_U32(1)), false)
DEF_CMP(cmp_u32, uint_outcome(VALU_U32(0), VALU_U32(1)), false)
DEF_CMP(cmp_i64, int_outcome((int64_t)VALU_U64(0), (int64_t)VALU_U64(1)), false)
DEF_CMP(cmp_u64, uint_outcome(VALU_U64(0), VALU_U64(1)), false)

/* v_cmp_class: src1 is the class mask (sim_fp.h SIM_CLASS_*). */
#define DEF_CMP_CLASS(name, class_of_src0)                                                         \
   VALU_FN(name)                                                                                   \
   {                                                                                               \
      (void)w;                                                                                     \
      (void)in;                                                                                    \
      uint64_t m = 0;                                                                              \
      VALU_LOOP(m |= (uint64_t)((VALU_U32(1) & (class_of_src0)) != 0) << l);                       \
      io->mask_out = m;                                                                            \
   }

DEF_CMP_CLASS(cmp_class_f16, sim_f16_class(VALU_H16(0)))
DEF_CMP_CLASS(cmp_class_f32, sim_f32_class(VALU_B32F(0)))
DEF_CMP_CLASS(cmp_class_f64, sim_f64_class(VALU_B64F(0)))

/* Relation masks. */
#define R_f   0
#define R_lt  LT
#define R_eq  EQ
#define R_le  (LT | EQ)
#define R_gt  GT
#define R_lg  (LT | GT)
#define R_ge  (GT | EQ)
#define R_o   (LT | EQ | GT)
#define R_u   UN
#define R_nge (LT | UN)
#define R_nlg (EQ | UN)
#define R_ngt (LT | EQ | UN)
#define R_nle (GT | UN)
#define R_neq (LT | GT | UN)
#define R_nlt (EQ | GT | UN)
#define R_tru (LT | EQ | GT | UN)

#define CMP2(rel, ty, ST)                                                                          \
   VALU_ENTRY_ARG(v_cmp_##rel##_##ty, cmp_##ty, ST, ST, NONE, MASK, 0, R_##rel),                   \
      VALU_ENTRY_ARG(v_cmpx_##rel##_##ty, cmp_##ty, ST, ST, NONE, MASK, VALU_CMPX, R_##rel)

#define FREL(ty, ST)                                                                               \
   CMP2(f, ty, ST), CMP2(lt, ty, ST), CMP2(eq, ty, ST), CMP2(le, ty, ST), CMP2(gt, ty, ST),        \
      CMP2(lg, ty, ST), CMP2(ge, ty, ST), CMP2(o, ty, ST), CMP2(u, ty, ST), CMP2(nge, ty, ST),     \
      CMP2(nlg, ty, ST), CMP2(ngt, ty, ST), CMP2(nle, ty, ST), CMP2(neq, ty, ST),                  \
      CMP2(nlt, ty, ST), CMP2(tru, ty, ST)

#define IREL6(ty, ST)                                                                              \
   CMP2(lt, ty, ST), CMP2(eq, ty, ST), CMP2(le, ty, ST), CMP2(gt, ty, ST), CMP2(lg, ty, ST),       \
      CMP2(ge, ty, ST)

#define IREL8(ty, ST) CMP2(f, ty, ST), IREL6(ty, ST), CMP2(tru, ty, ST)

#define CLASS(ty, ST)                                                                              \
   VALU_ENTRY(v_cmp_class_##ty, cmp_class_##ty, ST, B32, NONE, MASK, 0),                           \
      VALU_ENTRY(v_cmpx_class_##ty, cmp_class_##ty, ST, B32, NONE, MASK, VALU_CMPX)

static const struct valu_entry rows[] = {
   FREL(f16, F16),  FREL(f32, F32),  FREL(f64, F64),  IREL6(i16, B16),
   IREL6(u16, B16), IREL8(i32, B32), IREL8(u32, B32), IREL8(i64, I64),
   IREL8(u64, B64), CLASS(f16, F16), CLASS(f32, F32), CLASS(f64, F64),
};

const struct valu_table valu_cmp_table = { rows, sizeof(rows) / sizeof(rows[0]) };
