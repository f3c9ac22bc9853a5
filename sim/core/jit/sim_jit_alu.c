/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The region translator's opcode table (what it does with each opcode,
 * the memory ones sim_jit_mem.c translates among them) and its ALU
 * instructions (sim_jit_priv.h): which operand forms it covers, and
 * their IR, a VALU instruction as operations on the lanes' vectors with
 * EXEC as the select mask, a SALU one on scalars, a branch as its
 * condition.  The semantics are the
 * interpreter's, bit for bit: where its f32 results depend on which
 * operand the host FPU returns as a NaN, the order is probed from the
 * interpreter itself once.
 */
#include <stdio.h>
#include <stdlib.h>

#include <llvm-c/Core.h>

#include "sim_engine.h"
#include "sim_jit_priv.h"
#include "../valu/valu_internal.h"

void valu_exec_plain(struct sim_wave *w, const struct sim_inst *in);

static uint8_t jk_of[SIM_OP_COUNT];
static uint8_t jk_arg[SIM_OP_COUNT];

static void
set(unsigned op, enum jk k, unsigned arg)
{
   jk_of[op] = k;
   jk_arg[op] = arg;
}

static void
init_tables(void)
{
   set(SIM_OP_v_add_f32, JK_ADD_F32, 0);
   set(SIM_OP_v_sub_f32, JK_SUB_F32, 0);
   set(SIM_OP_v_subrev_f32, JK_SUBREV_F32, 0);
   set(SIM_OP_v_mul_f32, JK_MUL_F32, 0);
   set(SIM_OP_v_fma_f32, JK_FMA_F32, 0);
   set(SIM_OP_v_fmac_f32, JK_FMA_F32, 0);
   set(SIM_OP_v_fmamk_f32, JK_FMA_F32, 0);
   set(SIM_OP_v_fmaak_f32, JK_FMA_F32, 0);
   set(SIM_OP_v_mad_f32, JK_MAD_F32, 0);
   set(SIM_OP_v_mac_f32, JK_MAD_F32, 0);
   set(SIM_OP_v_madmk_f32, JK_MAD_F32, 0);
   set(SIM_OP_v_madak_f32, JK_MAD_F32, 0);
   set(SIM_OP_v_min_f32, JK_MIN_F32, 0);
   set(SIM_OP_v_max_f32, JK_MAX_F32, 0);
   set(SIM_OP_v_cvt_f32_u32, JK_CVT_F32_U32, 0);
   set(SIM_OP_v_cvt_f32_i32, JK_CVT_F32_I32, 0);
   set(SIM_OP_v_cvt_u32_f32, JK_CVT_U32_F32, 0);
   set(SIM_OP_v_cvt_i32_f32, JK_CVT_I32_F32, 0);
   set(SIM_OP_v_mov_b32, JK_MOV, 0);
   set(SIM_OP_v_cndmask_b32, JK_CNDMASK, 0);
   set(SIM_OP_v_not_b32, JK_NOT, 0);
   set(SIM_OP_v_and_b32, JK_AND, 0);
   set(SIM_OP_v_or_b32, JK_OR, 0);
   set(SIM_OP_v_xor_b32, JK_XOR, 0);
   set(SIM_OP_v_xnor_b32, JK_XNOR, 0);
   set(SIM_OP_v_lshlrev_b32, JK_LSHLREV, 0);
   set(SIM_OP_v_lshrrev_b32, JK_LSHRREV, 0);
   set(SIM_OP_v_ashrrev_i32, JK_ASHRREV, 0);
   set(SIM_OP_v_min_i32, JK_MIN_I32, 0);
   set(SIM_OP_v_max_i32, JK_MAX_I32, 0);
   set(SIM_OP_v_min_u32, JK_MIN_U32, 0);
   set(SIM_OP_v_max_u32, JK_MAX_U32, 0);
   set(SIM_OP_v_mul_u32_u24, JK_MUL_U24, 0);
   set(SIM_OP_v_mul_lo_u32, JK_MUL_LO, 0);
   set(SIM_OP_v_mul_lo_i32, JK_MUL_LO, 0);
   set(SIM_OP_v_mul_hi_u32, JK_MUL_HI_U32, 0);
   set(SIM_OP_v_mad_u32_u24, JK_MAD_U24, 0);
   set(SIM_OP_v_add3_u32, JK_ADD3, 0);
   set(SIM_OP_v_lshl_add_u32, JK_LSHL_ADD, 0);
   set(SIM_OP_v_add_lshl_u32, JK_ADD_LSHL, 0);
   set(SIM_OP_v_lshl_or_b32, JK_LSHL_OR, 0);
   set(SIM_OP_v_and_or_b32, JK_AND_OR, 0);
   set(SIM_OP_v_or3_b32, JK_OR3, 0);
   set(SIM_OP_v_xor3_b32, JK_XOR3, 0);
   set(SIM_OP_v_bfe_u32, JK_BFE_U32, 0);
   set(SIM_OP_v_bfe_i32, JK_BFE_I32, 0);
   set(SIM_OP_v_bfi_b32, JK_BFI, 0);
   set(SIM_OP_v_add_u32, JK_ADD_U32, 0);
   set(SIM_OP_v_sub_u32, JK_SUB_U32, 0);
   set(SIM_OP_v_subrev_u32, JK_SUBREV_U32, 0);
   set(SIM_OP_v_add_co_u32_e64, JK_ADD_CO, 0);
   set(SIM_OP_v_sub_co_u32_e64, JK_SUB_CO, 0);
   set(SIM_OP_v_subrev_co_u32_e64, JK_SUBREV_CO, 0);
   set(SIM_OP_v_addc_co_u32, JK_ADDC, 0);
   set(SIM_OP_v_subb_co_u32, JK_SUBB, 0);
   set(SIM_OP_v_subbrev_co_u32, JK_SUBBREV, 0);
   set(SIM_OP_v_lshlrev_b64_e64, JK_SHIFTREV_64, SH_LEFT);
   set(SIM_OP_v_lshrrev_b64, JK_SHIFTREV_64, SH_RIGHT);
   set(SIM_OP_v_ashrrev_i64, JK_SHIFTREV_64, SH_ARITH);

   /* Compares: the relation is the descriptor's outcome mask (valu_cmp.c);
    * the operand type says float, signed or unsigned. */
   for (unsigned op = 0; op < SIM_OP_COUNT; op++) {
      const struct valu_desc *d = valu_desc_of(op);
      if (!d || !d->fn || d->dst != VT_MASK || (d->flags & VALU_CARRY_OUT) ||
          d->src[1] == VT_NONE || d->src[2] != VT_NONE)
         continue;
      const char *name = sim_opcodes[op].name;
      if (strncmp(name, "v_cmp", 5) != 0 || strstr(name, "class"))
         continue;
      size_t len = strlen(name);
      if (len < 4)
         continue;
      const char *ty = name + len - 4;
      if (!strcmp(ty, "_f32") && d->src[0] == VT_F32)
         set(op, JK_CMP_F32, d->arg);
      else if (!strcmp(ty, "_i32") && d->src[0] == VT_B32)
         set(op, JK_CMP_I32, d->arg);
      else if (!strcmp(ty, "_u32") && d->src[0] == VT_B32)
         set(op, JK_CMP_U32, d->arg);
   }

   set(SIM_OP_s_mov_b32, JK_S_MOV32, 0);
   set(SIM_OP_s_mov_b64, JK_S_MOV64, 0);
   set(SIM_OP_s_movk_i32, JK_S_MOVK, 0);
   set(SIM_OP_s_not_b32, JK_S_NOT32, 0);
   set(SIM_OP_s_add_u32, JK_S_ADD_U32, 0);
   set(SIM_OP_s_sub_u32, JK_S_SUB_U32, 0);
   set(SIM_OP_s_add_i32, JK_S_ADD_I32, 0);
   set(SIM_OP_s_sub_i32, JK_S_SUB_I32, 0);
   set(SIM_OP_s_addc_u32, JK_S_ADDC_U32, 0);
   set(SIM_OP_s_subb_u32, JK_S_SUBB_U32, 0);
   set(SIM_OP_s_addk_i32, JK_S_ADDK, 0);
   set(SIM_OP_s_mul_i32, JK_S_MUL_I32, 0);
   set(SIM_OP_s_mul_hi_u32, JK_S_MUL_HI, false);
   set(SIM_OP_s_mul_hi_i32, JK_S_MUL_HI, true);
   set(SIM_OP_s_min_i32, JK_S_MIN_I32, 0);
   set(SIM_OP_s_min_u32, JK_S_MIN_U32, 0);
   set(SIM_OP_s_max_i32, JK_S_MAX_I32, 0);
   set(SIM_OP_s_max_u32, JK_S_MAX_U32, 0);
   set(SIM_OP_s_cselect_b32, JK_S_CSELECT32, 0);
   set(SIM_OP_s_cselect_b64, JK_S_CSELECT64, 0);
   static const struct {
      uint16_t op32, op64, sv32, sv64;
   } logic[] = {
      [L_AND] = { SIM_OP_s_and_b32, SIM_OP_s_and_b64, SIM_OP_s_and_saveexec_b32,
                  SIM_OP_s_and_saveexec_b64 },
      [L_OR] = { SIM_OP_s_or_b32, SIM_OP_s_or_b64, SIM_OP_s_or_saveexec_b32,
                 SIM_OP_s_or_saveexec_b64 },
      [L_XOR] = { SIM_OP_s_xor_b32, SIM_OP_s_xor_b64, SIM_OP_s_xor_saveexec_b32,
                  SIM_OP_s_xor_saveexec_b64 },
      [L_ANDN2] = { SIM_OP_s_andn2_b32, SIM_OP_s_andn2_b64, SIM_OP_s_andn2_saveexec_b32,
                    SIM_OP_s_andn2_saveexec_b64 },
      [L_ORN2] = { SIM_OP_s_orn2_b32, SIM_OP_s_orn2_b64, SIM_OP_s_orn2_saveexec_b32,
                   SIM_OP_s_orn2_saveexec_b64 },
      [L_NAND] = { SIM_OP_s_nand_b32, SIM_OP_s_nand_b64, SIM_OP_s_nand_saveexec_b32,
                   SIM_OP_s_nand_saveexec_b64 },
      [L_NOR] = { SIM_OP_s_nor_b32, SIM_OP_s_nor_b64, SIM_OP_s_nor_saveexec_b32,
                  SIM_OP_s_nor_saveexec_b64 },
      [L_XNOR] = { SIM_OP_s_xnor_b32, SIM_OP_s_xnor_b64, SIM_OP_s_xnor_saveexec_b32,
                   SIM_OP_s_xnor_saveexec_b64 },
   };
   for (unsigned i = 0; i < sizeof(logic) / sizeof(logic[0]); i++) {
      set(logic[i].op32, JK_S_LOGIC32, i);
      set(logic[i].op64, JK_S_LOGIC64, i);
      set(logic[i].sv32, JK_S_SAVEEXEC32, i);
      set(logic[i].sv64, JK_S_SAVEEXEC64, i);
   }
   set(SIM_OP_s_lshl_b32, JK_S_SHIFT32, SH_LEFT);
   set(SIM_OP_s_lshr_b32, JK_S_SHIFT32, SH_RIGHT);
   set(SIM_OP_s_ashr_i32, JK_S_SHIFT32, SH_ARITH);
   set(SIM_OP_s_lshl_b64, JK_S_SHIFT64, SH_LEFT);
   set(SIM_OP_s_lshr_b64, JK_S_SHIFT64, SH_RIGHT);
   set(SIM_OP_s_ashr_i64, JK_S_SHIFT64, SH_ARITH);
   set(SIM_OP_s_lshl1_add_u32, JK_S_LSHLN_ADD, 1);
   set(SIM_OP_s_lshl2_add_u32, JK_S_LSHLN_ADD, 2);
   set(SIM_OP_s_lshl3_add_u32, JK_S_LSHLN_ADD, 3);
   set(SIM_OP_s_lshl4_add_u32, JK_S_LSHLN_ADD, 4);
   set(SIM_OP_s_cmp_eq_i32, JK_S_CMP32, LLVMIntEQ);
   set(SIM_OP_s_cmp_lg_i32, JK_S_CMP32, LLVMIntNE);
   set(SIM_OP_s_cmp_gt_i32, JK_S_CMP32, LLVMIntSGT);
   set(SIM_OP_s_cmp_ge_i32, JK_S_CMP32, LLVMIntSGE);
   set(SIM_OP_s_cmp_lt_i32, JK_S_CMP32, LLVMIntSLT);
   set(SIM_OP_s_cmp_le_i32, JK_S_CMP32, LLVMIntSLE);
   set(SIM_OP_s_cmp_eq_u32, JK_S_CMP32, LLVMIntEQ);
   set(SIM_OP_s_cmp_lg_u32, JK_S_CMP32, LLVMIntNE);
   set(SIM_OP_s_cmp_gt_u32, JK_S_CMP32, LLVMIntUGT);
   set(SIM_OP_s_cmp_ge_u32, JK_S_CMP32, LLVMIntUGE);
   set(SIM_OP_s_cmp_lt_u32, JK_S_CMP32, LLVMIntULT);
   set(SIM_OP_s_cmp_le_u32, JK_S_CMP32, LLVMIntULE);
   set(SIM_OP_s_cmpk_eq_i32, JK_S_CMPK, LLVMIntEQ);
   set(SIM_OP_s_cmpk_lg_i32, JK_S_CMPK, LLVMIntNE);
   set(SIM_OP_s_cmpk_gt_i32, JK_S_CMPK, LLVMIntSGT);
   set(SIM_OP_s_cmpk_ge_i32, JK_S_CMPK, LLVMIntSGE);
   set(SIM_OP_s_cmpk_lt_i32, JK_S_CMPK, LLVMIntSLT);
   set(SIM_OP_s_cmpk_le_i32, JK_S_CMPK, LLVMIntSLE);
   set(SIM_OP_s_cmpk_eq_u32, JK_S_CMPK, LLVMIntEQ);
   set(SIM_OP_s_cmpk_lg_u32, JK_S_CMPK, LLVMIntNE);
   set(SIM_OP_s_cmpk_gt_u32, JK_S_CMPK, LLVMIntUGT);
   set(SIM_OP_s_cmpk_ge_u32, JK_S_CMPK, LLVMIntUGE);
   set(SIM_OP_s_cmpk_lt_u32, JK_S_CMPK, LLVMIntULT);
   set(SIM_OP_s_cmpk_le_u32, JK_S_CMPK, LLVMIntULE);
   set(SIM_OP_s_nop, JK_S_NOP, 0);
   set(SIM_OP_s_waitcnt, JK_S_NOP, 0);
   set(SIM_OP_s_waitcnt_vscnt, JK_S_NOP, 0);
   set(SIM_OP_s_waitcnt_vmcnt, JK_S_NOP, 0);
   set(SIM_OP_s_waitcnt_expcnt, JK_S_NOP, 0);
   set(SIM_OP_s_waitcnt_lgkmcnt, JK_S_NOP, 0);
   set(SIM_OP_s_waitcnt_depctr, JK_S_NOP, 0);
   set(SIM_OP_s_clause, JK_S_NOP, 0);
   set(SIM_OP_s_inst_prefetch, JK_S_NOP, 0);
   set(SIM_OP_s_load_dword, JK_SMEM, 0);
   set(SIM_OP_s_load_dwordx2, JK_SMEM, 0);
   set(SIM_OP_s_load_dwordx4, JK_SMEM, 0);
   set(SIM_OP_s_load_dwordx8, JK_SMEM, 0);
   set(SIM_OP_s_load_dwordx16, JK_SMEM, 0);
   set(SIM_OP_s_branch, JK_BRANCH, 0);
   set(SIM_OP_s_cbranch_scc0, JK_CBRANCH_SCC0, 0);
   set(SIM_OP_s_cbranch_scc1, JK_CBRANCH_SCC1, 0);
   set(SIM_OP_s_cbranch_vccz, JK_CBRANCH_VCCZ, 0);
   set(SIM_OP_s_cbranch_vccnz, JK_CBRANCH_VCCNZ, 0);
   set(SIM_OP_s_cbranch_execz, JK_CBRANCH_EXECZ, 0);
   set(SIM_OP_s_cbranch_execnz, JK_CBRANCH_EXECNZ, 0);
   for (unsigned op = 0; op < SIM_OP_COUNT; op++) {
      unsigned kind = sim_mem_ops[op].kind;
      unsigned fmt = sim_opcodes[op].format;
      if ((fmt == SIM_FMT_FLAT || fmt == SIM_FMT_GLOBAL || fmt == SIM_FMT_SCRATCH ||
           fmt == SIM_FMT_MUBUF) &&
          (kind == SIM_MEM_LOAD || kind == SIM_MEM_STORE))
         set(op, JK_VMEM, 0);
   }
}

/* Which operand's NaN the interpreter's f32 arithmetic returns when
 * several are NaN: the host FPU returns its first NaN source, and which
 * source that is depends on how the C compiler ordered the operands of
 * the interpreter's a + b (it may commute them).  Rather than assume, the
 * translator asks the interpreter once: prio[k] lists source indices,
 * the first NaN among them wins. */
static uint8_t nan_prio[JK_VALU_LAST + 1][3];
static uint8_t mad_mul_first, mad_add_p_first;

static uint32_t
probe_valu(unsigned op, const uint32_t x[3])
{
   struct sim_wave *w = aligned_alloc(64, sizeof(*w));
   if (!w)
      return 0;
   memset(w, 0, sizeof(*w));
   w->wave_size = 32;
   w->lane_mask = 0xffffffffull;
   w->sgpr[SIM_SRC_EXEC_LO] = 1;
   w->mode = 0xf0 | SIM_MODE_IEEE;
   for (unsigned i = 0; i < 3; i++)
      w->vgpr[1 + i][0] = x[i];
   const struct sim_opcode *o = &sim_opcodes[op];
   unsigned opc = o->opcode + (o->format == SIM_FMT_VOP2   ? 0x100
                               : o->format == SIM_FMT_VOP1 ? 0x180
                                                           : 0);
   uint32_t words[2] = { 0xd4000000u | opc << 16 | 4, (SIM_SRC_VGPR0 + 3) << 18 |
                                                         (SIM_SRC_VGPR0 + 2) << 9 |
                                                         (SIM_SRC_VGPR0 + 1) };
   struct sim_inst in;
   memset(&in, 0, sizeof(in));
   uint32_t r = 0;
   if (sim_decode(words, 2, &in) == 2 && in.exec == valu_exec_plain) {
      in.exec(w, &in);
      r = w->vgpr[4][0];
   }
   free(w);
   return r;
}

static void
probe_nan_order(enum jk k, unsigned op, unsigned nsrc)
{
   static const uint32_t nan[3] = { 0x7fa00001u, 0x7fa00002u, 0x7fa00003u };
   uint32_t x[3] = { 0x3f800000u, 0x3f800000u, 0x3f800000u };
   bool used[3] = { false, false, false };
   for (unsigned i = 0; i < nsrc; i++)
      x[i] = nan[i];
   for (unsigned n = 0; n < nsrc; n++) {
      uint32_t r = probe_valu(op, x);
      unsigned win = nsrc;
      for (unsigned i = 0; i < nsrc; i++)
         if (!used[i] && r == (nan[i] | 0x00400000u))
            win = i;
      if (win == nsrc) { /* unexpected: keep the natural order */
         for (unsigned i = 0, m = n; i < nsrc; i++)
            if (!used[i])
               nan_prio[k][m++] = i;
         return;
      }
      nan_prio[k][n] = win;
      used[win] = true;
      x[win] = 0x3f800000u;
   }
}

static void
probe_nans(void)
{
   probe_nan_order(JK_ADD_F32, SIM_OP_v_add_f32, 2);
   probe_nan_order(JK_SUB_F32, SIM_OP_v_sub_f32, 2);
   probe_nan_order(JK_SUBREV_F32, SIM_OP_v_subrev_f32, 2);
   probe_nan_order(JK_MUL_F32, SIM_OP_v_mul_f32, 2);
   probe_nan_order(JK_FMA_F32, SIM_OP_v_fma_f32, 3);
   mad_mul_first = sim_f32_mad(0x7fa00001u, 0x7fa00002u, 0) == 0x7fe00001u;
   mad_add_p_first = sim_f32_mad(0x7fa00001u, 0x3f800000u, 0x7fa00002u) == 0x7fe00001u;
}

void
sim_jit_alu_init(void)
{
   init_tables();
   probe_nans();
}

static bool
ssrc32_ok(unsigned enc)
{
   return enc < SIM_NUM_SGPR_SLOTS || sim_src_is_inline(enc) || enc == SIM_SRC_LITERAL ||
          enc == SIM_SRC_SCC;
}

static bool
ssrc64_ok(unsigned enc)
{
   return enc < SIM_NUM_SGPR_SLOTS - 1 || sim_src_is_inline(enc) || enc == SIM_SRC_LITERAL;
}

/* A 64-bit integer VALU source the translator reads: a VGPR or SGPR
 * pair, or an inline constant (a literal's extension depends on the
 * operand's type). */
static bool
vsrc64_ok(unsigned enc)
{
   return (enc >= SIM_SRC_VGPR0 && enc < SIM_SRC_VGPR0 + SIM_NUM_VGPRS - 1) ||
          enc < SIM_NUM_SGPR_SLOTS - 1 || sim_src_is_inline(enc);
}

static bool
valu_ok(const struct sim_inst *in, enum jk k)
{
   const struct sim_valu_fields *v = &in->valu;
   const struct valu_desc *d = &valu_descs[in->op];
   if (in->exec != valu_exec_plain || v->aux[VALU_AUX_KIND] != VALU_KIND_PLAIN || v->clamp ||
       v->omod || !d->fn)
      return false;
   for (unsigned i = 0; i < 3; i++) {
      unsigned t = d->src[i], enc = v->src[i];
      if (t == VT_NONE)
         continue;
      if (t == VT_MASK) {
         if (!ssrc64_ok(enc))
            return false;
      } else if (t == VT_B32 || t == VT_F32) {
         if (enc < SIM_SRC_VGPR0 && !ssrc32_ok(enc))
            return false;
      } else if ((t == VT_B64 || t == VT_I64) && k == JK_SHIFTREV_64) {
         if (!vsrc64_ok(enc))
            return false;
      } else {
         return false;
      }
   }
   if (d->dst == VT_B64)
      return k == JK_SHIFTREV_64 && v->vdst < SIM_NUM_VGPRS - 1;
   return d->dst == VT_B32 || d->dst == VT_F32 || d->dst == VT_MASK;
}

enum jk
sim_jit_classify(const struct sim_inst *in)
{
   if (in->op >= SIM_OP_COUNT)
      return JK_NONE;
   enum jk k = jk_of[in->op];
   if (k == JK_NONE)
      return JK_NONE;
   if (k == JK_VMEM)
      return sim_jit_mem_ok(in) ? k : JK_NONE;
   if (k == JK_SMEM)
      return sim_jit_smem_ok(in) ? k : JK_NONE;
   if (k <= JK_VALU_LAST) {
      switch (in->format) {
      case SIM_FMT_VOP1:
      case SIM_FMT_VOP2:
      case SIM_FMT_VOPC:
      case SIM_FMT_VOP3:
         return valu_ok(in, k) ? k : JK_NONE;
      default:
         return JK_NONE;
      }
   }
   const struct sim_sop_fields *s = &in->sop;
   switch (k) {
   case JK_S_MOV32:
   case JK_S_NOT32:
      return ssrc32_ok(s->ssrc0) ? k : JK_NONE;
   case JK_S_MOV64:
   case JK_S_SAVEEXEC64:
      return ssrc64_ok(s->ssrc0) ? k : JK_NONE;
   case JK_S_SAVEEXEC32:
      return ssrc32_ok(s->ssrc0) ? k : JK_NONE;
   case JK_S_CSELECT64:
   case JK_S_LOGIC64:
      return ssrc64_ok(s->ssrc0) && ssrc64_ok(s->ssrc1) ? k : JK_NONE;
   case JK_S_SHIFT64:
      return ssrc64_ok(s->ssrc0) && ssrc32_ok(s->ssrc1) ? k : JK_NONE;
   case JK_S_MOVK:
   case JK_S_ADDK:
   case JK_S_CMPK:
   case JK_S_NOP:
   case JK_BRANCH:
   case JK_CBRANCH_SCC0:
   case JK_CBRANCH_SCC1:
   case JK_CBRANCH_VCCZ:
   case JK_CBRANCH_VCCNZ:
   case JK_CBRANCH_EXECZ:
   case JK_CBRANCH_EXECNZ:
      return k;
   default: /* two 32-bit sources */
      return ssrc32_ok(s->ssrc0) && ssrc32_ok(s->ssrc1) ? k : JK_NONE;
   }
}

static LLVMValueRef
scc_slot(struct jb *j)
{
   if (!j->scc) {
      j->scc = LLVMBuildAlloca(j->eb, j->i1, "");
      LLVMValueRef v = LLVMBuildLoad2(
         j->eb, j->i8, wave_ptr(j, j->eb, offsetof(struct sim_wave, scc), j->i8), "");
      LLVMBuildStore(j->eb, LLVMBuildICmp(j->eb, LLVMIntNE, v, LLVMConstInt(j->i8, 0, 0), ""),
                     j->scc);
   }
   return j->scc;
}

static LLVMValueRef
get_scc(struct jb *j)
{
   return LLVMBuildLoad2(j->b, j->i1, scc_slot(j), "");
}

static void
put_scc(struct jb *j, LLVMValueRef v)
{
   LLVMBuildStore(j->b, v, scc_slot(j));
   j->scc_w = true;
}

static LLVMValueRef
vc32(struct jb *j, uint32_t v)
{
   return splat(j, c32(j, v));
}

/* A 32-bit scalar source (ssrc32_ok). */
static LLVMValueRef
ssrc32(struct jb *j, const struct sim_inst *in, unsigned enc)
{
   if (enc < SIM_NUM_SGPR_SLOTS)
      return get_sgpr(j, enc);
   if (sim_src_is_inline(enc))
      return c32(j, (uint32_t)sim_inline_constant(enc, 32));
   if (enc == SIM_SRC_LITERAL)
      return c32(j, in->literal);
   return LLVMBuildZExt(j->b, get_scc(j), j->i32, "");
}

/* A 64-bit scalar source (ssrc64_ok), as sim_read_src64 reads it. */
static LLVMValueRef
ssrc64(struct jb *j, const struct sim_inst *in, unsigned enc, bool sext)
{
   if (enc < SIM_NUM_SGPR_SLOTS - 1) {
      LLVMValueRef lo = LLVMBuildZExt(j->b, get_sgpr(j, enc), j->i64, "");
      LLVMValueRef hi = LLVMBuildZExt(j->b, get_sgpr(j, enc + 1), j->i64, "");
      return LLVMBuildOr(j->b, lo, LLVMBuildShl(j->b, hi, c64(j, 32), ""), "");
   }
   if (sim_src_is_inline(enc))
      return c64(j, sim_inline_constant(enc, 64));
   return c64(j, sext ? (uint64_t)(int64_t)(int32_t)in->literal : in->literal);
}

/* sim_write_sdst64. */
static void
put_sgpr64(struct jb *j, unsigned r, LLVMValueRef v)
{
   put_sgpr(j, r, LLVMBuildTrunc(j->b, v, j->i32, ""));
   put_sgpr(j, r + 1, LLVMBuildTrunc(j->b, LLVMBuildLShr(j->b, v, c64(j, 32), ""), j->i32, ""));
}

/* A lane mask result (compare, carry) of the active lanes, as write_mask
 * writes it: wave32 the low dword only. */
static void
put_mask(struct jb *j, unsigned sdst, LLVMValueRef bits)
{
   LLVMValueRef m = LLVMBuildBitCast(j->b, LLVMBuildAnd(j->b, bits, exec_vec(j), ""),
                                     LLVMIntTypeInContext(j->ctx, j->n), "");
   if (j->n == 32)
      put_sgpr(j, sdst, m);
   else
      put_sgpr64(j, sdst, m);
}

LLVMValueRef
sim_jit_md(struct jb *j, const char *s)
{
   return LLVMMetadataAsValue(j->ctx, LLVMMDStringInContext2(j->ctx, s, strlen(s)));
}

LLVMValueRef
sim_jit_call_intrinsic(struct jb *j, const char *name, LLVMTypeRef *types, unsigned ntypes,
                       LLVMValueRef *args, unsigned nargs, bool strict)
{
   unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
   LLVMValueRef f = LLVMGetIntrinsicDeclaration(j->mod, id, types, ntypes);
   LLVMTypeRef ft = LLVMIntrinsicGetType(j->ctx, id, types, ntypes);
   LLVMValueRef c = LLVMBuildCall2(j->b, ft, f, args, nargs, "");
   if (strict)
      LLVMAddCallSiteAttribute(c, LLVMAttributeFunctionIndex, j->strictfp);
   return c;
}

static LLVMValueRef
as_f(struct jb *j, LLVMValueRef v)
{
   return LLVMBuildBitCast(j->b, v, j->vf32, "");
}

static LLVMValueRef
as_i(struct jb *j, LLVMValueRef v)
{
   return LLVMBuildBitCast(j->b, v, j->vi32, "");
}

/* Constrained (dynamic rounding, MXCSR-governed) f32 arithmetic on i32
 * lanes. */
static LLVMValueRef
fop(struct jb *j, const char *op, LLVMValueRef a, LLVMValueRef b, LLVMValueRef c)
{
   char name[64];
   snprintf(name, sizeof(name), "llvm.experimental.constrained.%s", op);
   LLVMValueRef args[5];
   unsigned n = 0;
   args[n++] = as_f(j, a);
   if (b)
      args[n++] = as_f(j, b);
   if (c)
      args[n++] = as_f(j, c);
   args[n++] = j->round_md;
   args[n++] = j->except_md;
   return as_i(j, sim_jit_call_intrinsic(j, name, &j->vf32, 1, args, n, true));
}

static LLVMValueRef
is_nan(struct jb *j, LLVMValueRef a)
{
   return LLVMBuildICmp(j->b, LLVMIntUGT, LLVMBuildAnd(j->b, a, vc32(j, 0x7fffffffu), ""),
                        vc32(j, 0x7f800000u), "");
}

static LLVMValueRef
quiet(struct jb *j, LLVMValueRef a)
{
   return LLVMBuildOr(j->b, a, vc32(j, 0x00400000u), "");
}

/* The host FPU's NaN result: the first NaN source (in the order prio
 * gives), quieted. */
static LLVMValueRef
nanfix(struct jb *j, LLVMValueRef r, LLVMValueRef *src, const uint8_t *prio, unsigned n)
{
   for (unsigned i = n; i-- > 0;) {
      LLVMValueRef x = src[prio[i]];
      r = LLVMBuildSelect(j->b, is_nan(j, x), quiet(j, x), r, "");
   }
   return r;
}

static LLVMValueRef
nanfix2(struct jb *j, LLVMValueRef r, LLVMValueRef a, LLVMValueRef b, bool a_first)
{
   LLVMValueRef src[2] = { a, b };
   static const uint8_t ab[2] = { 0, 1 }, ba[2] = { 1, 0 };
   return nanfix(j, r, src, a_first ? ab : ba, 2);
}

/* sim_f32_flush. */
static LLVMValueRef
flush(struct jb *j, LLVMValueRef a)
{
   LLVMValueRef exp0 = LLVMBuildICmp(
      j->b, LLVMIntEQ, LLVMBuildAnd(j->b, a, vc32(j, 0x7f800000u), ""), vc32(j, 0), "");
   return LLVMBuildSelect(j->b, exp0, LLVMBuildAnd(j->b, a, vc32(j, 0x80000000u), ""), a, "");
}

static LLVMValueRef
fcmp(struct jb *j, LLVMRealPredicate pred, LLVMValueRef a, LLVMValueRef b)
{
   /* A plain compare: LLVM 15 cannot split a constrained one over the
    * host's vector width.  Its operands are run-time values, so it is
    * the host's compare, which honours MXCSR.DAZ as the interpreter's. */
   return LLVMBuildFCmp(j->b, pred, as_f(j, a), as_f(j, b), "");
}

/* sim_f32_min / sim_f32_max: the IEEE-mode and NaN rules of the ISA on
 * bit patterns, ordered by the host's compare (which sees MXCSR.DAZ). */
static LLVMValueRef
fminmax(struct jb *j, LLVMValueRef a, LLVMValueRef b, bool max, bool ieee)
{
   LLVMBuilderRef B = j->b;
   LLVMValueRef lt_ab = fcmp(j, LLVMRealOLT, a, b), lt_ba = fcmp(j, LLVMRealOLT, b, a);
   LLVMValueRef a_neg = LLVMBuildICmp(B, LLVMIntSLT, a, vc32(j, 0), "");
   LLVMValueRef r;
   if (!max) {
      r = LLVMBuildSelect(B, a_neg, a, b, "");
      r = LLVMBuildSelect(B, lt_ba, b, r, "");
      r = LLVMBuildSelect(B, lt_ab, a, r, "");
   } else {
      r = LLVMBuildSelect(B, a_neg, b, a, "");
      r = LLVMBuildSelect(B, lt_ba, a, r, "");
      r = LLVMBuildSelect(B, lt_ab, b, r, "");
   }
   LLVMValueRef na = is_nan(j, a), nb = is_nan(j, b);
   /* one NaN: the other operand; both: a quieted */
   LLVMValueRef nr = LLVMBuildSelect(B, na, LLVMBuildSelect(B, nb, quiet(j, a), b, ""), a, "");
   if (ieee) {
      LLVMValueRef qa =
         LLVMBuildICmp(B, LLVMIntNE, LLVMBuildAnd(B, a, vc32(j, 0x00400000u), ""), vc32(j, 0), "");
      LLVMValueRef qb =
         LLVMBuildICmp(B, LLVMIntNE, LLVMBuildAnd(B, b, vc32(j, 0x00400000u), ""), vc32(j, 0), "");
      LLVMValueRef sb = LLVMBuildAnd(B, nb, LLVMBuildNot(B, qb, ""), "");
      LLVMValueRef sa = LLVMBuildAnd(B, na, LLVMBuildNot(B, qa, ""), "");
      nr = LLVMBuildSelect(B, sb, quiet(j, b), nr, "");
      nr = LLVMBuildSelect(B, sa, quiet(j, a), nr, "");
   }
   return LLVMBuildSelect(B, LLVMBuildOr(B, na, nb, ""), nr, r, "");
}

/* A constant operand of vector code, as a value LLVM cannot see through:
 * LLVM 15's x86 back end folds some bitwise patterns with constant
 * operands into vpternlog wrongly (v_bfi_b32 with an inline constant
 * mask computed the merge with its operands exchanged), so vector
 * operations get their constants from a load, once per region. */
static LLVMValueRef
opaque_c32(struct jb *j, uint64_t v)
{
   LLVMValueRef g = LLVMAddGlobal(j->mod, j->i32, "");
   LLVMSetInitializer(g, c32(j, (uint32_t)v));
   LLVMSetLinkage(g, LLVMInternalLinkage);
   return LLVMBuildLoad2(j->eb, j->i32, g, "");
}

/* A VALU source as the exec wrapper's setup() resolves it: a VGPR, or a
 * scalar for every lane; abs/neg as bit masks on f32 operands. */
static LLVMValueRef
vsrc(struct jb *j, const struct sim_inst *in, unsigned i)
{
   const struct sim_valu_fields *v = &in->valu;
   const struct valu_desc *d = &valu_descs[in->op];
   unsigned enc = v->src[i];
   LLVMValueRef x;
   if (enc >= SIM_SRC_VGPR0)
      x = LLVMBuildLoad2(j->b, j->vi32, vgpr_slot(j, enc - SIM_SRC_VGPR0), "");
   else if (enc < SIM_NUM_SGPR_SLOTS || enc == SIM_SRC_SCC)
      x = splat(j, ssrc32(j, in, enc));
   else
      x = splat(j, opaque_c32(j, LLVMConstIntGetZExtValue(ssrc32(j, in, enc))));
   if (d->src[i] == VT_F32 && !(d->flags & VALU_NO_MODS)) {
      if ((v->abs >> i) & 1)
         x = LLVMBuildAnd(j->b, x, vc32(j, 0x7fffffffu), "");
      if ((v->neg >> i) & 1)
         x = LLVMBuildXor(j->b, x, vc32(j, 0x80000000u), "");
   }
   return x;
}

/* A VT_MASK source as lanes. */
static LLVMValueRef
vmask(struct jb *j, const struct sim_inst *in, unsigned i)
{
   LLVMValueRef m = ssrc64(j, in, in->valu.src[i], false);
   m = LLVMBuildTrunc(j->b, m, LLVMIntTypeInContext(j->ctx, j->n), "");
   return LLVMBuildBitCast(j->b, m, j->vi1, "");
}

static LLVMValueRef
zext64(struct jb *j, LLVMValueRef v)
{
   return LLVMBuildZExt(j->b, v, j->vi64, "");
}

static LLVMValueRef
shamt(struct jb *j, LLVMValueRef v)
{
   return LLVMBuildAnd(j->b, v, vc32(j, 31), "");
}

/* A 64-bit VALU source (vsrc64_ok) as its low and high dwords. */
static void
vsrc64(struct jb *j, const struct sim_inst *in, unsigned i, LLVMValueRef x[2])
{
   unsigned enc = in->valu.src[i];
   if (enc >= SIM_SRC_VGPR0) {
      for (unsigned h = 0; h < 2; h++)
         x[h] = LLVMBuildLoad2(j->b, j->vi32, vgpr_slot(j, enc - SIM_SRC_VGPR0 + h), "");
   } else if (enc < SIM_NUM_SGPR_SLOTS) {
      for (unsigned h = 0; h < 2; h++)
         x[h] = splat(j, get_sgpr(j, enc + h));
   } else {
      uint64_t c = sim_inline_constant(enc, 64);
      x[0] = splat(j, opaque_c32(j, (uint32_t)c));
      x[1] = splat(j, opaque_c32(j, (uint32_t)(c >> 32)));
   }
}

/* v_lshlrev_b64, v_lshrrev_b64 and v_ashrrev_i64 of x (low and high
 * dwords, replaced by the result) by amt & 63, in 32-bit lanes (wide
 * vectors of i64 are slow to compile): every shift amount stays below 32,
 * and a bit moving between the halves goes in two steps so that a shift
 * by 0 moves none. */
static void
shift64(struct jb *j, enum shift how, LLVMValueRef amt, LLVMValueRef x[2])
{
   LLVMBuilderRef B = j->b;
   LLVMValueRef s = shamt(j, amt), inv = LLVMBuildSub(B, vc32(j, 31), s, "");
   LLVMValueRef big =
      LLVMBuildICmp(B, LLVMIntNE, LLVMBuildAnd(B, amt, vc32(j, 32), ""), vc32(j, 0), "");
   LLVMValueRef lo = x[0], hi = x[1];
   if (how == SH_LEFT) {
      LLVMValueRef l = LLVMBuildShl(B, lo, s, "");
      LLVMValueRef h =
         LLVMBuildOr(B, LLVMBuildShl(B, hi, s, ""),
                     LLVMBuildLShr(B, LLVMBuildLShr(B, lo, vc32(j, 1), ""), inv, ""), "");
      x[0] = LLVMBuildSelect(B, big, vc32(j, 0), l, "");
      x[1] = LLVMBuildSelect(B, big, l, h, "");
      return;
   }
   bool arith = how == SH_ARITH;
   LLVMValueRef h = arith ? LLVMBuildAShr(B, hi, s, "") : LLVMBuildLShr(B, hi, s, "");
   LLVMValueRef l = LLVMBuildOr(B, LLVMBuildLShr(B, lo, s, ""),
                                LLVMBuildShl(B, LLVMBuildShl(B, hi, vc32(j, 1), ""), inv, ""), "");
   LLVMValueRef fill = arith ? LLVMBuildAShr(B, hi, vc32(j, 31), "") : vc32(j, 0);
   x[0] = LLVMBuildSelect(B, big, h, l, "");
   x[1] = LLVMBuildSelect(B, big, fill, h, "");
}

static const LLVMRealPredicate fcmp_pred[16] = {
   /* outcome masks: 1 lt, 2 eq, 4 gt, 8 unordered */
   LLVMRealPredicateFalse,
   LLVMRealOLT,
   LLVMRealOEQ,
   LLVMRealOLE,
   LLVMRealOGT,
   LLVMRealONE,
   LLVMRealOGE,
   LLVMRealORD,
   LLVMRealUNO,
   LLVMRealULT,
   LLVMRealUEQ,
   LLVMRealULE,
   LLVMRealUGT,
   LLVMRealUNE,
   LLVMRealUGE,
   LLVMRealPredicateTrue,
};

static LLVMValueRef
int_cmp(struct jb *j, unsigned rel, bool sign, LLVMValueRef a, LLVMValueRef b)
{
   LLVMIntPredicate p;
   switch (rel & 7) {
   case 1:
      p = sign ? LLVMIntSLT : LLVMIntULT;
      break;
   case 2:
      p = LLVMIntEQ;
      break;
   case 3:
      p = sign ? LLVMIntSLE : LLVMIntULE;
      break;
   case 4:
      p = sign ? LLVMIntSGT : LLVMIntUGT;
      break;
   case 5:
      p = LLVMIntNE;
      break;
   case 6:
      p = sign ? LLVMIntSGE : LLVMIntUGE;
      break;
   case 7:
      return LLVMConstAllOnes(j->vi1);
   default:
      return LLVMConstNull(j->vi1);
   }
   return LLVMBuildICmp(j->b, p, a, b, "");
}

/* A compare's lane mask: to EXEC (v_cmpx, gfx10), else to its SDST. */
static void
put_cmp(struct jb *j, const struct sim_inst *in, LLVMValueRef m)
{
   if (valu_descs[in->op].flags & VALU_CMPX) {
      LLVMValueRef e = LLVMBuildBitCast(j->b, LLVMBuildAnd(j->b, m, exec_vec(j), ""),
                                        LLVMIntTypeInContext(j->ctx, j->n), "");
      if (j->n == 32)
         put_sgpr(j, SIM_SRC_EXEC_LO, e);
      else
         put_sgpr64(j, SIM_SRC_EXEC_LO, e);
   } else {
      put_mask(j, in->valu.sdst, m);
   }
}

void
sim_jit_emit_valu(struct jb *j, const struct sim_inst *in, enum jk k, bool ieee)
{
   LLVMBuilderRef B = j->b;
   const struct sim_valu_fields *v = &in->valu;
   const struct valu_desc *d = &valu_descs[in->op];
   LLVMValueRef s[3] = { NULL, NULL, NULL }, r = NULL, co = NULL;
   for (unsigned i = 0; i < 3; i++)
      if (d->src[i] != VT_NONE && d->src[i] != VT_MASK && d->src[i] != VT_B64 &&
          d->src[i] != VT_I64)
         s[i] = vsrc(j, in, i);
   LLVMValueRef a = s[0], b = s[1], c = s[2];

   switch (k) {
   case JK_ADD_F32:
      r = nanfix(j, fop(j, "fadd", a, b, NULL), s, nan_prio[k], 2);
      break;
   case JK_SUB_F32:
      r = nanfix(j, fop(j, "fsub", a, b, NULL), s, nan_prio[k], 2);
      break;
   case JK_SUBREV_F32:
      r = nanfix(j, fop(j, "fsub", b, a, NULL), s, nan_prio[k], 2);
      break;
   case JK_MUL_F32:
      r = nanfix(j, fop(j, "fmul", a, b, NULL), s, nan_prio[k], 2);
      break;
   case JK_FMA_F32:
      r = nanfix(j, fop(j, "fma", a, b, c), s, nan_prio[k], 3);
      break;
   case JK_MAD_F32: {
      /* sim_f32_mad: flushed in and out, the product rounded */
      LLVMValueRef fa = flush(j, a), fb = flush(j, b), fc = flush(j, c);
      LLVMValueRef p = flush(j, nanfix2(j, fop(j, "fmul", fa, fb, NULL), fa, fb, mad_mul_first));
      r = flush(j, nanfix2(j, fop(j, "fadd", p, fc, NULL), p, fc, mad_add_p_first));
      break;
   }
   case JK_MIN_F32:
      r = fminmax(j, a, b, false, ieee);
      break;
   case JK_MAX_F32:
      r = fminmax(j, a, b, true, ieee);
      break;
   case JK_CVT_F32_U32:
   case JK_CVT_F32_I32: {
      LLVMTypeRef t[2] = { j->vf32, j->vi32 };
      LLVMValueRef args[3] = { a, j->round_md, j->except_md };
      r = as_i(j,
               sim_jit_call_intrinsic(j,
                                      k == JK_CVT_F32_U32 ? "llvm.experimental.constrained.uitofp"
                                                          : "llvm.experimental.constrained.sitofp",
                                      t, 2, args, 3, true));
      break;
   }
   case JK_CVT_U32_F32:
   case JK_CVT_I32_F32: {
      /* sim_cvt_u32_f64 / sim_cvt_i32_f64 of the float: NaN is 0, out of
       * range saturates; the lanes in range convert (truncating) a value
       * the conversion is defined for. */
      LLVMValueRef f = as_f(j, a);
      bool u = k == JK_CVT_U32_F32;
      LLVMValueRef lo = LLVMConstReal(j->f32, u ? -1.0 : -2147483648.0);
      LLVMValueRef hi = LLVMConstReal(j->f32, u ? 4294967296.0 : 2147483648.0);
      LLVMValueRef big = LLVMBuildFCmp(B, LLVMRealOGE, f, splat(j, hi), "");
      LLVMValueRef small = LLVMBuildFCmp(B, LLVMRealOLE, f, splat(j, lo), "");
      LLVMValueRef nan = LLVMBuildFCmp(B, LLVMRealUNO, f, f, "");
      LLVMValueRef out = LLVMBuildOr(B, LLVMBuildOr(B, big, small, ""), nan, "");
      LLVMValueRef safe = LLVMBuildSelect(B, out, LLVMConstNull(j->vf32), f, "");
      if (u)
         safe = LLVMBuildSelect(B, LLVMBuildFCmp(B, LLVMRealOLT, safe, LLVMConstNull(j->vf32), ""),
                                LLVMConstNull(j->vf32), safe, "");
      r = u ? LLVMBuildFPToUI(B, safe, j->vi32, "") : LLVMBuildFPToSI(B, safe, j->vi32, "");
      LLVMValueRef sat = vc32(j, u ? 0xffffffffu : 0x7fffffffu);
      r = LLVMBuildSelect(B, big, sat, r, "");
      r = LLVMBuildSelect(B, small, vc32(j, u ? 0 : 0x80000000u), r, "");
      r = LLVMBuildSelect(B, nan, vc32(j, 0), r, "");
      break;
   }
   case JK_CMP_F32: {
      unsigned rel = jk_arg[in->op] & 15;
      LLVMValueRef m = rel == 0    ? LLVMConstNull(j->vi1)
                       : rel == 15 ? LLVMConstAllOnes(j->vi1)
                                   : fcmp(j, fcmp_pred[rel], a, b);
      put_cmp(j, in, m);
      return;
   }
   case JK_CMP_I32:
   case JK_CMP_U32: {
      LLVMValueRef m = int_cmp(j, jk_arg[in->op], k == JK_CMP_I32, a, b);
      put_cmp(j, in, m);
      return;
   }
   case JK_MOV:
      r = a;
      break;
   case JK_CNDMASK:
      r = LLVMBuildSelect(B, vmask(j, in, 2), b, a, "");
      break;
   case JK_NOT:
      r = LLVMBuildNot(B, a, "");
      break;
   case JK_AND:
      r = LLVMBuildAnd(B, a, b, "");
      break;
   case JK_OR:
      r = LLVMBuildOr(B, a, b, "");
      break;
   case JK_XOR:
      r = LLVMBuildXor(B, a, b, "");
      break;
   case JK_XNOR:
      r = LLVMBuildNot(B, LLVMBuildXor(B, a, b, ""), "");
      break;
   case JK_LSHLREV:
      r = LLVMBuildShl(B, b, shamt(j, a), "");
      break;
   case JK_LSHRREV:
      r = LLVMBuildLShr(B, b, shamt(j, a), "");
      break;
   case JK_ASHRREV:
      r = LLVMBuildAShr(B, b, shamt(j, a), "");
      break;
   case JK_MIN_I32:
      r = LLVMBuildSelect(B, LLVMBuildICmp(B, LLVMIntSLT, a, b, ""), a, b, "");
      break;
   case JK_MAX_I32:
      r = LLVMBuildSelect(B, LLVMBuildICmp(B, LLVMIntSGT, a, b, ""), a, b, "");
      break;
   case JK_MIN_U32:
      r = LLVMBuildSelect(B, LLVMBuildICmp(B, LLVMIntULT, a, b, ""), a, b, "");
      break;
   case JK_MAX_U32:
      r = LLVMBuildSelect(B, LLVMBuildICmp(B, LLVMIntUGT, a, b, ""), a, b, "");
      break;
   case JK_MUL_U24:
      r = LLVMBuildMul(B, LLVMBuildAnd(B, a, vc32(j, 0xffffff), ""),
                       LLVMBuildAnd(B, b, vc32(j, 0xffffff), ""), "");
      break;
   case JK_MUL_LO:
      r = LLVMBuildMul(B, a, b, "");
      break;
   case JK_MUL_HI_U32: {
      LLVMValueRef p = LLVMBuildMul(B, zext64(j, a), zext64(j, b), "");
      r = LLVMBuildTrunc(B, LLVMBuildLShr(B, p, splat(j, c64(j, 32)), ""), j->vi32, "");
      break;
   }
   case JK_MAD_U24:
      r = LLVMBuildAdd(B,
                       LLVMBuildMul(B, LLVMBuildAnd(B, a, vc32(j, 0xffffff), ""),
                                    LLVMBuildAnd(B, b, vc32(j, 0xffffff), ""), ""),
                       c, "");
      break;
   case JK_ADD3:
      r = LLVMBuildAdd(B, LLVMBuildAdd(B, a, b, ""), c, "");
      break;
   case JK_LSHL_ADD:
      r = LLVMBuildAdd(B, LLVMBuildShl(B, a, shamt(j, b), ""), c, "");
      break;
   case JK_ADD_LSHL:
      r = LLVMBuildShl(B, LLVMBuildAdd(B, a, b, ""), shamt(j, c), "");
      break;
   case JK_LSHL_OR:
      r = LLVMBuildOr(B, LLVMBuildShl(B, a, shamt(j, b), ""), c, "");
      break;
   case JK_AND_OR:
      r = LLVMBuildOr(B, LLVMBuildAnd(B, a, b, ""), c, "");
      break;
   case JK_OR3:
      r = LLVMBuildOr(B, LLVMBuildOr(B, a, b, ""), c, "");
      break;
   case JK_XOR3:
      r = LLVMBuildXor(B, LLVMBuildXor(B, a, b, ""), c, "");
      break;
   case JK_BFE_U32: {
      LLVMValueRef off = shamt(j, b), width = shamt(j, c);
      LLVMValueRef mask = LLVMBuildSub(B, LLVMBuildShl(B, vc32(j, 1), width, ""), vc32(j, 1), "");
      r = LLVMBuildAnd(B, LLVMBuildLShr(B, a, off, ""), mask, "");
      r = LLVMBuildSelect(B, LLVMBuildICmp(B, LLVMIntEQ, width, vc32(j, 0), ""), vc32(j, 0), r, "");
      break;
   }
   case JK_BFE_I32: {
      LLVMValueRef off = shamt(j, b), width = shamt(j, c);
      LLVMValueRef ow = LLVMBuildAdd(B, off, width, "");
      /* off + width < 32: shift the field to the top, then back */
      LLVMValueRef up = LLVMBuildSub(B, vc32(j, 32), ow, "");
      LLVMValueRef down = LLVMBuildSub(B, vc32(j, 32), width, "");
      LLVMValueRef small = LLVMBuildICmp(B, LLVMIntULT, ow, vc32(j, 32), "");
      /* keep the shift amounts in range on the lanes whose result is unused */
      up = LLVMBuildSelect(B, small, up, vc32(j, 0), "");
      down = LLVMBuildAnd(B, down, vc32(j, 31), "");
      LLVMValueRef r1 = LLVMBuildAShr(B, LLVMBuildShl(B, a, up, ""), down, "");
      LLVMValueRef r2 = LLVMBuildAShr(B, a, off, "");
      r = LLVMBuildSelect(B, small, r1, r2, "");
      r = LLVMBuildSelect(B, LLVMBuildICmp(B, LLVMIntEQ, width, vc32(j, 0), ""), vc32(j, 0), r, "");
      break;
   }
   case JK_BFI:
      r = LLVMBuildOr(B, LLVMBuildAnd(B, a, b, ""), LLVMBuildAnd(B, LLVMBuildNot(B, a, ""), c, ""),
                      "");
      break;
   case JK_ADD_U32:
      r = LLVMBuildAdd(B, a, b, "");
      break;
   case JK_SUB_U32:
      r = LLVMBuildSub(B, a, b, "");
      break;
   case JK_SUBREV_U32:
      r = LLVMBuildSub(B, b, a, "");
      break;
   case JK_ADD_CO:
      r = LLVMBuildAdd(B, a, b, "");
      co = LLVMBuildICmp(B, LLVMIntULT, r, a, "");
      break;
   case JK_SUB_CO:
      r = LLVMBuildSub(B, a, b, "");
      co = LLVMBuildICmp(B, LLVMIntUGT, b, a, "");
      break;
   case JK_SUBREV_CO:
      r = LLVMBuildSub(B, b, a, "");
      co = LLVMBuildICmp(B, LLVMIntUGT, a, b, "");
      break;
   case JK_ADDC:
   case JK_SUBB:
   case JK_SUBBREV: {
      /* in 32-bit lanes: wide vectors of i64 are slow to compile */
      LLVMValueRef cin = LLVMBuildZExt(B, vmask(j, in, 2), j->vi32, "");
      if (k == JK_ADDC) {
         LLVMValueRef s1 = LLVMBuildAdd(B, a, b, "");
         r = LLVMBuildAdd(B, s1, cin, "");
         co = LLVMBuildOr(B, LLVMBuildICmp(B, LLVMIntULT, s1, a, ""),
                          LLVMBuildICmp(B, LLVMIntULT, r, s1, ""), "");
      } else {
         /* x - y - cin; borrow = y + cin > x */
         LLVMValueRef x = k == JK_SUBB ? a : b, y = k == JK_SUBB ? b : a;
         LLVMValueRef d1 = LLVMBuildSub(B, x, y, "");
         r = LLVMBuildSub(B, d1, cin, "");
         LLVMValueRef eq_borrow =
            LLVMBuildAnd(B, LLVMBuildICmp(B, LLVMIntEQ, d1, vc32(j, 0), ""),
                         LLVMBuildICmp(B, LLVMIntNE, cin, vc32(j, 0), ""), "");
         co = LLVMBuildOr(B, LLVMBuildICmp(B, LLVMIntUGT, y, x, ""), eq_borrow, "");
      }
      break;
   }
   case JK_SHIFTREV_64: {
      LLVMValueRef x[2];
      vsrc64(j, in, 1, x);
      shift64(j, jk_arg[in->op], a, x);
      put_vgpr(j, v->vdst, x[0]);
      put_vgpr(j, v->vdst + 1, x[1]);
      return;
   }
   default:
      abort();
   }
   put_vgpr(j, v->vdst, r);
   if (co)
      put_mask(j, v->sdst, co);
}

static LLVMValueRef
logic(struct jb *j, unsigned op, LLVMValueRef a, LLVMValueRef b)
{
   LLVMBuilderRef B = j->b;
   switch (op) {
   case L_AND:
      return LLVMBuildAnd(B, a, b, "");
   case L_OR:
      return LLVMBuildOr(B, a, b, "");
   case L_XOR:
      return LLVMBuildXor(B, a, b, "");
   case L_ANDN2:
      return LLVMBuildAnd(B, a, LLVMBuildNot(B, b, ""), "");
   case L_ORN2:
      return LLVMBuildOr(B, a, LLVMBuildNot(B, b, ""), "");
   case L_NAND:
      return LLVMBuildNot(B, LLVMBuildAnd(B, a, b, ""), "");
   case L_NOR:
      return LLVMBuildNot(B, LLVMBuildOr(B, a, b, ""), "");
   default:
      return LLVMBuildNot(B, LLVMBuildXor(B, a, b, ""), "");
   }
}

static LLVMValueRef
nonzero(struct jb *j, LLVMValueRef v)
{
   return LLVMBuildICmp(j->b, LLVMIntNE, v, LLVMConstNull(LLVMTypeOf(v)), "");
}

/* A scalar shift by an amount already in range. */
static LLVMValueRef
sshift(struct jb *j, enum shift how, LLVMValueRef a, LLVMValueRef amt)
{
   return how == SH_LEFT    ? LLVMBuildShl(j->b, a, amt, "")
          : how == SH_RIGHT ? LLVMBuildLShr(j->b, a, amt, "")
                            : LLVMBuildAShr(j->b, a, amt, "");
}

void
sim_jit_emit_salu(struct jb *j, const struct sim_inst *in, enum jk k)
{
   LLVMBuilderRef B = j->b;
   const struct sim_sop_fields *s = &in->sop;
   unsigned arg = jk_arg[in->op];
   LLVMValueRef a, b, d, a64, b64;

   switch (k) {
   case JK_S_MOV32:
      put_sgpr(j, s->sdst, ssrc32(j, in, s->ssrc0));
      break;
   case JK_S_MOV64:
      put_sgpr64(j, s->sdst, ssrc64(j, in, s->ssrc0, true));
      break;
   case JK_S_MOVK:
      put_sgpr(j, s->sdst, c32(j, (uint32_t)(int32_t)(int16_t)s->simm16));
      break;
   case JK_S_NOT32:
      d = LLVMBuildNot(B, ssrc32(j, in, s->ssrc0), "");
      put_sgpr(j, s->sdst, d);
      put_scc(j, nonzero(j, d));
      break;
   case JK_S_ADD_U32:
   case JK_S_ADDC_U32:
   case JK_S_SUB_U32:
   case JK_S_SUBB_U32: {
      a = LLVMBuildZExt(B, ssrc32(j, in, s->ssrc0), j->i64, "");
      b = LLVMBuildZExt(B, ssrc32(j, in, s->ssrc1), j->i64, "");
      LLVMValueRef cin = k == JK_S_ADDC_U32 || k == JK_S_SUBB_U32
                            ? LLVMBuildZExt(B, get_scc(j), j->i64, "")
                            : c64(j, 0);
      LLVMValueRef r = k == JK_S_ADD_U32 || k == JK_S_ADDC_U32
                          ? LLVMBuildAdd(B, LLVMBuildAdd(B, a, b, ""), cin, "")
                          : LLVMBuildSub(B, LLVMBuildSub(B, a, b, ""), cin, "");
      put_sgpr(j, s->sdst, LLVMBuildTrunc(B, r, j->i32, ""));
      put_scc(j, nonzero(j, LLVMBuildLShr(B, r, c64(j, 32), "")));
      break;
   }
   case JK_S_ADD_I32:
   case JK_S_SUB_I32: {
      a = ssrc32(j, in, s->ssrc0);
      b = ssrc32(j, in, s->ssrc1);
      LLVMValueRef ovf;
      if (k == JK_S_ADD_I32) {
         d = LLVMBuildAdd(B, a, b, "");
         ovf = LLVMBuildAnd(B, LLVMBuildXor(B, a, d, ""), LLVMBuildXor(B, b, d, ""), "");
      } else {
         d = LLVMBuildSub(B, a, b, "");
         ovf = LLVMBuildAnd(B, LLVMBuildXor(B, a, b, ""), LLVMBuildXor(B, a, d, ""), "");
      }
      put_sgpr(j, s->sdst, d);
      put_scc(j, LLVMBuildICmp(B, LLVMIntSLT, ovf, c32(j, 0), ""));
      break;
   }
   case JK_S_ADDK: {
      a = get_sgpr(j, s->sdst & 0x7f);
      b = c32(j, (uint32_t)(int32_t)(int16_t)s->simm16);
      d = LLVMBuildAdd(B, a, b, "");
      LLVMValueRef ovf = LLVMBuildAnd(B, LLVMBuildXor(B, a, d, ""), LLVMBuildXor(B, b, d, ""), "");
      put_scc(j, LLVMBuildICmp(B, LLVMIntSLT, ovf, c32(j, 0), ""));
      put_sgpr(j, s->sdst, d);
      break;
   }
   case JK_S_MUL_I32:
      put_sgpr(j, s->sdst, LLVMBuildMul(B, ssrc32(j, in, s->ssrc0), ssrc32(j, in, s->ssrc1), ""));
      break;
   case JK_S_MUL_HI: {
      bool sign = arg;
      a = ssrc32(j, in, s->ssrc0);
      b = ssrc32(j, in, s->ssrc1);
      a = sign ? LLVMBuildSExt(B, a, j->i64, "") : LLVMBuildZExt(B, a, j->i64, "");
      b = sign ? LLVMBuildSExt(B, b, j->i64, "") : LLVMBuildZExt(B, b, j->i64, "");
      d = LLVMBuildLShr(B, LLVMBuildMul(B, a, b, ""), c64(j, 32), "");
      put_sgpr(j, s->sdst, LLVMBuildTrunc(B, d, j->i32, ""));
      break;
   }
   case JK_S_MIN_I32:
   case JK_S_MIN_U32:
   case JK_S_MAX_I32:
   case JK_S_MAX_U32: {
      static const LLVMIntPredicate p[] = { LLVMIntSLT, LLVMIntULT, LLVMIntSGT, LLVMIntUGT };
      a = ssrc32(j, in, s->ssrc0);
      b = ssrc32(j, in, s->ssrc1);
      LLVMValueRef c = LLVMBuildICmp(B, p[k - JK_S_MIN_I32], a, b, "");
      put_sgpr(j, s->sdst, LLVMBuildSelect(B, c, a, b, ""));
      put_scc(j, c);
      break;
   }
   case JK_S_CSELECT32:
      a = ssrc32(j, in, s->ssrc0);
      b = ssrc32(j, in, s->ssrc1);
      put_sgpr(j, s->sdst, LLVMBuildSelect(B, get_scc(j), a, b, ""));
      break;
   case JK_S_CSELECT64:
      a64 = ssrc64(j, in, s->ssrc0, true);
      b64 = ssrc64(j, in, s->ssrc1, true);
      put_sgpr64(j, s->sdst, LLVMBuildSelect(B, get_scc(j), a64, b64, ""));
      break;
   case JK_S_LOGIC32:
      d = logic(j, arg, ssrc32(j, in, s->ssrc0), ssrc32(j, in, s->ssrc1));
      put_sgpr(j, s->sdst, d);
      put_scc(j, nonzero(j, d));
      break;
   case JK_S_LOGIC64:
      d = logic(j, arg, ssrc64(j, in, s->ssrc0, true), ssrc64(j, in, s->ssrc1, true));
      put_sgpr64(j, s->sdst, d);
      put_scc(j, nonzero(j, d));
      break;
   case JK_S_SHIFT32:
      b = LLVMBuildAnd(B, ssrc32(j, in, s->ssrc1), c32(j, 31), "");
      d = sshift(j, arg, ssrc32(j, in, s->ssrc0), b);
      put_sgpr(j, s->sdst, d);
      put_scc(j, nonzero(j, d));
      break;
   case JK_S_SHIFT64:
      b64 = LLVMBuildZExt(B, LLVMBuildAnd(B, ssrc32(j, in, s->ssrc1), c32(j, 63), ""), j->i64, "");
      d = sshift(j, arg, ssrc64(j, in, s->ssrc0, true), b64);
      put_sgpr64(j, s->sdst, d);
      put_scc(j, nonzero(j, d));
      break;
   case JK_S_LSHLN_ADD: {
      a = LLVMBuildZExt(B, ssrc32(j, in, s->ssrc0), j->i64, "");
      b = LLVMBuildZExt(B, ssrc32(j, in, s->ssrc1), j->i64, "");
      LLVMValueRef r = LLVMBuildAdd(B, LLVMBuildShl(B, a, c64(j, arg), ""), b, "");
      put_sgpr(j, s->sdst, LLVMBuildTrunc(B, r, j->i32, ""));
      put_scc(j, nonzero(j, LLVMBuildLShr(B, r, c64(j, 32), "")));
      break;
   }
   case JK_S_CMP32:
      put_scc(j, LLVMBuildICmp(B, arg, ssrc32(j, in, s->ssrc0), ssrc32(j, in, s->ssrc1), ""));
      break;
   case JK_S_CMPK: {
      bool sign = arg == LLVMIntSGT || arg == LLVMIntSGE || arg == LLVMIntSLT ||
                  arg == LLVMIntSLE || in->op == SIM_OP_s_cmpk_eq_i32 ||
                  in->op == SIM_OP_s_cmpk_lg_i32;
      uint32_t k32 = sign ? (uint32_t)(int32_t)(int16_t)s->simm16 : s->simm16;
      put_scc(j, LLVMBuildICmp(B, arg, get_sgpr(j, s->sdst & 0x7f), c32(j, k32), ""));
      break;
   }
   case JK_S_SAVEEXEC32:
   case JK_S_SAVEEXEC64: {
      /* as SAVEEXEC in sim_sop.c: EXEC first, then the saved copy */
      LLVMValueRef lane_mask = c64(j, j->n == 64 ? ~0ull : 0xffffffffull);
      LLVMValueRef exec64 =
         LLVMBuildOr(B, LLVMBuildZExt(B, get_sgpr(j, SIM_SRC_EXEC_LO), j->i64, ""),
                     LLVMBuildShl(B, LLVMBuildZExt(B, get_sgpr(j, SIM_SRC_EXEC_HI), j->i64, ""),
                                  c64(j, 32), ""),
                     "");
      LLVMValueRef e = LLVMBuildAnd(B, exec64, lane_mask, "");
      if (k == JK_S_SAVEEXEC32) {
         e = LLVMBuildTrunc(B, e, j->i32, "");
         LLVMValueRef n = logic(j, arg, ssrc32(j, in, s->ssrc0), e);
         put_sgpr(j, SIM_SRC_EXEC_LO, n);
         put_sgpr(j, s->sdst, e);
      } else {
         LLVMValueRef n = logic(j, arg, ssrc64(j, in, s->ssrc0, true), e);
         if (j->n == 32)
            put_sgpr(j, SIM_SRC_EXEC_LO, LLVMBuildTrunc(B, n, j->i32, ""));
         else
            put_sgpr64(j, SIM_SRC_EXEC_LO, n);
         put_sgpr64(j, s->sdst, e);
      }
      LLVMValueRef now =
         LLVMBuildOr(B, LLVMBuildZExt(B, get_sgpr(j, SIM_SRC_EXEC_LO), j->i64, ""),
                     LLVMBuildShl(B, LLVMBuildZExt(B, get_sgpr(j, SIM_SRC_EXEC_HI), j->i64, ""),
                                  c64(j, 32), ""),
                     "");
      put_scc(j, nonzero(j, LLVMBuildAnd(B, now, lane_mask, "")));
      break;
   }
   case JK_S_NOP:
      break;
   default:
      abort();
   }
}

/* The condition of a region's closing branch. */
LLVMValueRef
sim_jit_branch_cond(struct jb *j, enum jk k)
{
   switch (k) {
   case JK_BRANCH:
      return LLVMConstInt(j->i1, 1, false);
   case JK_CBRANCH_SCC0:
      return LLVMBuildNot(j->b, get_scc(j), "");
   case JK_CBRANCH_SCC1:
      return get_scc(j);
   case JK_CBRANCH_VCCZ:
   case JK_CBRANCH_VCCNZ:
   case JK_CBRANCH_EXECZ:
   case JK_CBRANCH_EXECNZ: {
      unsigned r = k <= JK_CBRANCH_VCCNZ ? SIM_SRC_VCC_LO : SIM_SRC_EXEC_LO;
      LLVMValueRef m = mask_int(j, r);
      bool z = k == JK_CBRANCH_VCCZ || k == JK_CBRANCH_EXECZ;
      return LLVMBuildICmp(j->b, z ? LLVMIntEQ : LLVMIntNE, m, LLVMConstNull(LLVMTypeOf(m)), "");
   }
   default:
      abort();
   }
}
