/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * What the region translator's files share (sim_jit.c forms regions,
 * builds their functions and caches them, sim_jit_alu.c translates ALU
 * instructions, sim_jit_mem.c memory instructions): what the translator
 * does with each opcode, the state of the function being built, and the
 * accessors of the registers it keeps in allocas (SROA makes them SSA
 * values).  A register is loaded from the wave in the entry block the
 * first time the region reads it, and stored back in the exit block if
 * the region wrote it.
 */
#ifndef SIM_JIT_PRIV_H
#define SIM_JIT_PRIV_H

#include <llvm-c/Core.h>

#include "sim_core.h"

struct jb {
   LLVMContextRef ctx;
   LLVMModuleRef mod;
   LLVMBuilderRef b, eb; /* body, entry (allocas and initial loads) */
   LLVMValueRef fn, w;
   unsigned n; /* lanes */
   LLVMTypeRef i1, i8, i32, i64, f32, vi1, vi32, vi64, vf32;
   LLVMValueRef sgpr[SIM_NUM_SGPR_SLOTS], vgpr[SIM_NUM_VGPRS], scc;
   bool sgpr_w[SIM_NUM_SGPR_SLOTS], vgpr_w[SIM_NUM_VGPRS], scc_w;
   LLVMAttributeRef strictfp;
   LLVMValueRef round_md, except_md;

   /* The function's bookkeeping, in allocas: passes completed, lanes
    * counted, the PC to leave with, and the wave instructions run (the
    * return value); the block that stores the registers back. */
   LLVMValueRef iters, lanes, next_pc, ran;
   LLVMBasicBlockRef exit;
   unsigned ninst;
   /* The instruction being translated: its index in the region, its PC,
    * and the lanes the pass counted before it. */
   unsigned index;
   uint64_t pc;
   LLVMValueRef lanes_before;
   /* Memory instructions' lane addresses and data (sim_jit_mem.c). */
   LLVMValueRef mem_lo, mem_hi, mem_data;
};

static inline LLVMValueRef
wave_ptr(struct jb *j, LLVMBuilderRef b, size_t off, LLVMTypeRef t)
{
   LLVMValueRef idx = LLVMConstInt(j->i64, off, false);
   LLVMValueRef p = LLVMBuildGEP2(b, j->i8, j->w, &idx, 1, "");
   return LLVMBuildPointerCast(b, p, LLVMPointerType(t, 0), "");
}

static inline LLVMValueRef
slot(struct jb *j, LLVMTypeRef t, size_t off, unsigned align)
{
   LLVMValueRef a = LLVMBuildAlloca(j->eb, t, "");
   LLVMValueRef v = LLVMBuildLoad2(j->eb, t, wave_ptr(j, j->eb, off, t), "");
   LLVMSetAlignment(v, align);
   LLVMBuildStore(j->eb, v, a);
   return a;
}

static inline LLVMValueRef
sgpr_slot(struct jb *j, unsigned r)
{
   if (!j->sgpr[r])
      j->sgpr[r] = slot(j, j->i32, offsetof(struct sim_wave, sgpr) + 4 * r, 4);
   return j->sgpr[r];
}

static inline LLVMValueRef
vgpr_slot(struct jb *j, unsigned r)
{
   if (!j->vgpr[r])
      j->vgpr[r] = slot(j, j->vi32, offsetof(struct sim_wave, vgpr) + sizeof(uint32_t) * 64 * r, 4);
   return j->vgpr[r];
}

static inline LLVMValueRef
get_sgpr(struct jb *j, unsigned r)
{
   return LLVMBuildLoad2(j->b, j->i32, sgpr_slot(j, r), "");
}

static inline LLVMValueRef
c32(struct jb *j, uint32_t v)
{
   return LLVMConstInt(j->i32, v, false);
}

static inline LLVMValueRef
c64(struct jb *j, uint64_t v)
{
   return LLVMConstInt(j->i64, v, false);
}

/* EXEC (or VCC) as the wave's lane mask: an iN integer. */
static inline LLVMValueRef
mask_int(struct jb *j, unsigned r)
{
   if (j->n == 32)
      return get_sgpr(j, r);
   LLVMValueRef lo = LLVMBuildZExt(j->b, get_sgpr(j, r), j->i64, "");
   LLVMValueRef hi = LLVMBuildZExt(j->b, get_sgpr(j, r + 1), j->i64, "");
   return LLVMBuildOr(j->b, lo, LLVMBuildShl(j->b, hi, c64(j, 32), ""), "");
}

static inline LLVMValueRef
exec_vec(struct jb *j)
{
   return LLVMBuildBitCast(j->b, mask_int(j, SIM_SRC_EXEC_LO), j->vi1, "");
}

/* sim_write_sdst32: NULL and out-of-range destinations discard. */
static inline void
put_sgpr(struct jb *j, unsigned r, LLVMValueRef v)
{
   if (r >= SIM_NUM_SGPR_SLOTS || r == SIM_SRC_NULL)
      return;
   LLVMBuildStore(j->b, v, sgpr_slot(j, r));
   j->sgpr_w[r] = true;
}

static inline void
put_vgpr(struct jb *j, unsigned r, LLVMValueRef v)
{
   LLVMValueRef s = vgpr_slot(j, r);
   LLVMValueRef old = LLVMBuildLoad2(j->b, j->vi32, s, "");
   LLVMBuildStore(j->b, LLVMBuildSelect(j->b, exec_vec(j), v, old, ""), s);
   j->vgpr_w[r] = true;
}

static inline LLVMValueRef
splat(struct jb *j, LLVMValueRef s)
{
   LLVMTypeRef t = LLVMTypeOf(s);
   LLVMTypeRef vt = LLVMVectorType(t, j->n);
   if (LLVMIsConstant(s)) {
      LLVMValueRef e[SIM_MAX_LANES];
      for (unsigned i = 0; i < j->n; i++)
         e[i] = s;
      return LLVMConstVector(e, j->n);
   }
   LLVMValueRef v = LLVMBuildInsertElement(j->b, LLVMGetUndef(vt), s, c32(j, 0), "");
   return LLVMBuildShuffleVector(j->b, v, LLVMGetUndef(vt),
                                 LLVMConstNull(LLVMVectorType(j->i32, j->n)), "");
}

/* ALU instructions (sim_jit_alu.c). */

/* What the translator does with an opcode. */
enum jk {
   JK_NONE = 0,
   /* VALU */
   JK_ADD_F32,
   JK_SUB_F32,
   JK_SUBREV_F32,
   JK_MUL_F32,
   JK_FMA_F32,
   JK_MAD_F32,
   JK_MIN_F32,
   JK_MAX_F32,
   JK_CVT_F32_U32,
   JK_CVT_F32_I32,
   JK_CVT_U32_F32,
   JK_CVT_I32_F32,
   JK_CMP_F32,
   JK_CMP_I32,
   JK_CMP_U32,
   JK_MOV,
   JK_CNDMASK,
   JK_NOT,
   JK_AND,
   JK_OR,
   JK_XOR,
   JK_XNOR,
   JK_LSHLREV,
   JK_LSHRREV,
   JK_ASHRREV,
   JK_MIN_I32,
   JK_MAX_I32,
   JK_MIN_U32,
   JK_MAX_U32,
   JK_MUL_U24,
   JK_MUL_LO,
   JK_MUL_HI_U32,
   JK_MAD_U24,
   JK_ADD3,
   JK_LSHL_ADD,
   JK_ADD_LSHL,
   JK_LSHL_OR,
   JK_AND_OR,
   JK_OR3,
   JK_XOR3,
   JK_BFE_U32,
   JK_BFE_I32,
   JK_BFI,
   JK_ADD_U32,
   JK_SUB_U32,
   JK_SUBREV_U32,
   JK_ADD_CO,
   JK_SUB_CO,
   JK_SUBREV_CO,
   JK_ADDC,
   JK_SUBB,
   JK_SUBBREV,
   JK_SHIFTREV_64, /* arg = enum shift; in 32-bit lanes */
   JK_VALU_LAST = JK_SHIFTREV_64,
   /* SALU */
   JK_S_MOV32,
   JK_S_MOV64,
   JK_S_MOVK,
   JK_S_NOT32,
   JK_S_ADD_U32,
   JK_S_SUB_U32,
   JK_S_ADD_I32,
   JK_S_SUB_I32,
   JK_S_ADDC_U32,
   JK_S_SUBB_U32,
   JK_S_ADDK,
   JK_S_MUL_I32,
   JK_S_MUL_HI, /* arg = signed */
   JK_S_MIN_I32,
   JK_S_MIN_U32,
   JK_S_MAX_I32,
   JK_S_MAX_U32,
   JK_S_CSELECT32,
   JK_S_CSELECT64,
   JK_S_LOGIC32, /* and, or, xor, andn2, orn2, nand, nor, xnor: arg */
   JK_S_LOGIC64,
   JK_S_SHIFT32, /* arg = enum shift */
   JK_S_SHIFT64,
   JK_S_LSHLN_ADD,  /* arg = shift */
   JK_S_CMP32,      /* arg = predicate */
   JK_S_CMPK,       /* arg = predicate */
   JK_S_SAVEEXEC32, /* arg = logic op */
   JK_S_SAVEEXEC64,
   JK_S_NOP,
   /* memory (sim_jit_mem.c) */
   JK_VMEM,
   JK_SMEM,
   /* branches (end a region) */
   JK_BRANCH,
   JK_CBRANCH_SCC0,
   JK_CBRANCH_SCC1,
   JK_CBRANCH_VCCZ,
   JK_CBRANCH_VCCNZ,
   JK_CBRANCH_EXECZ,
   JK_CBRANCH_EXECNZ,
};

/* Scalar logic ops (arg of JK_S_LOGIC* and JK_S_SAVEEXEC*). */
enum { L_AND, L_OR, L_XOR, L_ANDN2, L_ORN2, L_NAND, L_NOR, L_XNOR };

/* Shifts (arg of JK_SHIFTREV_64 and JK_S_SHIFT*). */
enum shift { SH_LEFT, SH_RIGHT, SH_ARITH };

static inline bool
is_branch(enum jk k)
{
   return k >= JK_BRANCH;
}

/* Fills the opcode tables and probes the interpreter's NaN order; once,
 * before anything else here. */
void sim_jit_alu_init(void);

/* What the translator does with the instruction: JK_NONE ends a region
 * before it. */
enum jk sim_jit_classify(const struct sim_inst *in);

/* IR of a VALU (ieee: MODE.IEEE) or SALU instruction at the builder. */
void sim_jit_emit_valu(struct jb *j, const struct sim_inst *in, enum jk k, bool ieee);
void sim_jit_emit_salu(struct jb *j, const struct sim_inst *in, enum jk k);

/* The condition under which the closing branch k is taken. */
LLVMValueRef sim_jit_branch_cond(struct jb *j, enum jk k);

LLVMValueRef sim_jit_call_intrinsic(struct jb *j, const char *name, LLVMTypeRef *types,
                                    unsigned ntypes, LLVMValueRef *args, unsigned nargs,
                                    bool strict);
LLVMValueRef sim_jit_md(struct jb *j, const char *s);

/* Memory instructions (sim_jit_mem.c). */

/* Whether the translator covers the instruction: FLAT, GLOBAL, SCRATCH
 * and MUBUF loads and stores (not formatted, no LDS or TFE). */
bool sim_jit_mem_ok(const struct sim_inst *in);

/* Whether the translator covers the scalar memory instruction: s_load
 * of one to sixteen dwords. */
bool sim_jit_smem_ok(const struct sim_inst *in);

/* Emits an s_load, which leaves the region as sim_jit_emit_mem does
 * when its range would fault. */
void sim_jit_emit_smem(struct jb *j, const struct sim_inst *in);

/* Emits a memory instruction, which checks every active lane against
 * the VM first and moves the data only when none would fault.  When one
 * would, the region leaves through the exit block at this instruction,
 * with everything before it done, so that the interpreter runs it and
 * reports the fault as it always does. */
void sim_jit_emit_mem(struct jb *j, const struct sim_inst *in);

#endif
