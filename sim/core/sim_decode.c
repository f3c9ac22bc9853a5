/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Decoder for gfx1030 machine code: recognises the encoding family from the
 * first dword's prefix, looks the opcode up in the tables generated from
 * ACO's aco_opcodes.py, extracts the family's fields and binds the exec
 * function the family registered for that opcode (or the "unsupported"
 * stop).  Vector ALU encodings go to sim_valu_decode.  Field positions are
 * those of the RDNA2 ISA guide's "Microcode Formats" chapter.
 */
#include <pthread.h>

#include "sim_engine.h"

static sim_exec_fn exec_table[SIM_OP_COUNT];
static pthread_once_t exec_once = PTHREAD_ONCE_INIT;

static void
bind_family(const struct sim_op_impl *impls)
{
   for (; impls->fn; impls++)
      exec_table[impls->op] = impls->fn;
}

static void
bind_all(void)
{
   bind_family(sim_sop_impls);
   bind_family(sim_sopp_impls);
   bind_family(sim_smem_impls);
   sim_flat_bind(exec_table);
   sim_ds_bind(exec_table);
   sim_buf_bind(exec_table);
   sim_image_bind(exec_table);
}

void
sim_inst_set_op(struct sim_inst *inst, enum sim_format fmt, unsigned opcode)
{
   pthread_once(&exec_once, bind_all);
   int op = sim_op_find(fmt, opcode);
   inst->format = fmt;
   if (op < 0) {
      inst->op = SIM_OP_COUNT;
      inst->exec = sim_exec_illegal;
      return;
   }
   inst->op = op;
   inst->exec = exec_table[op] ? exec_table[op] : sim_exec_unsupported;
}

/* Scalar sources may be a literal, which then follows the instruction. */
static bool
take_literal(struct sim_inst *inst, unsigned enc, const uint32_t *words, unsigned avail,
             unsigned pos)
{
   if (enc != SIM_SRC_LITERAL || inst->has_literal)
      return true;
   if (avail <= pos)
      return false;
   inst->has_literal = true;
   inst->literal = words[pos];
   inst->size++;
   return true;
}

static unsigned
decode_scalar(const uint32_t *words, unsigned avail, struct sim_inst *inst)
{
   uint32_t w = words[0];
   struct sim_sop_fields *f = &inst->sop;

   inst->size = 1;
   if ((w >> 23) == 0x17d) { /* SOP1 */
      sim_inst_set_op(inst, SIM_FMT_SOP1, (w >> 8) & 0xff);
      f->sdst = (w >> 16) & 0x7f;
      f->ssrc0 = w & 0xff;
      inst->disasm = sim_disasm_sop1;
      if (!take_literal(inst, f->ssrc0, words, avail, 1))
         return 0;
   } else if ((w >> 23) == 0x17e) { /* SOPC */
      sim_inst_set_op(inst, SIM_FMT_SOPC, (w >> 16) & 0x7f);
      f->ssrc0 = w & 0xff;
      f->ssrc1 = (w >> 8) & 0xff;
      inst->disasm = sim_disasm_sopc;
      if (!take_literal(inst, f->ssrc0, words, avail, 1) ||
          !take_literal(inst, f->ssrc1, words, avail, 1))
         return 0;
   } else if ((w >> 23) == 0x17f) { /* SOPP */
      sim_inst_set_op(inst, SIM_FMT_SOPP, (w >> 16) & 0x7f);
      f->simm16 = w & 0xffff;
      inst->disasm = sim_disasm_sopp;
   } else if ((w >> 28) == 0xb) { /* SOPK */
      sim_inst_set_op(inst, SIM_FMT_SOPK, (w >> 23) & 0x1f);
      f->sdst = (w >> 16) & 0x7f;
      f->simm16 = w & 0xffff;
      inst->disasm = sim_disasm_sopk;
      /* s_setreg_imm32_b32 carries a 32-bit literal */
      if (inst->op == SIM_OP_s_setreg_imm32_b32) {
         if (avail < 2)
            return 0;
         inst->has_literal = true;
         inst->literal = words[1];
         inst->size = 2;
      }
   } else { /* SOP2 */
      sim_inst_set_op(inst, SIM_FMT_SOP2, (w >> 23) & 0x7f);
      f->sdst = (w >> 16) & 0x7f;
      f->ssrc0 = w & 0xff;
      f->ssrc1 = (w >> 8) & 0xff;
      inst->disasm = sim_disasm_sop2;
      if (!take_literal(inst, f->ssrc0, words, avail, 1) ||
          !take_literal(inst, f->ssrc1, words, avail, 1))
         return 0;
   }
   return inst->op == SIM_OP_COUNT ? 0 : inst->size;
}

static unsigned
decode_smem(const uint32_t *words, struct sim_inst *inst)
{
   uint32_t w0 = words[0], w1 = words[1];
   struct sim_smem_fields *f = &inst->smem;

   sim_inst_set_op(inst, SIM_FMT_SMEM, (w0 >> 18) & 0xff);
   f->sbase = (w0 & 0x3f) << 1;
   f->sdata = (w0 >> 6) & 0x7f;
   f->dlc = (w0 >> 14) & 1;
   f->glc = (w0 >> 16) & 1;
   f->offset = (int32_t)(w1 << 11) >> 11;
   f->soffset = w1 >> 25;
   f->imm = true;
   inst->disasm = sim_disasm_smem;
   inst->size = 2;
   return inst->op == SIM_OP_COUNT ? 0 : 2;
}

static unsigned
decode_flat(const uint32_t *words, struct sim_inst *inst)
{
   uint32_t w0 = words[0], w1 = words[1];
   struct sim_flat_fields *f = &inst->flat;
   static const enum sim_format seg_fmt[4] = {
      SIM_FMT_FLAT,
      SIM_FMT_SCRATCH,
      SIM_FMT_GLOBAL,
      SIM_FMT_COUNT,
   };
   enum sim_format fmt = seg_fmt[(w0 >> 14) & 3];

   inst->size = 2;
   if (fmt == SIM_FMT_COUNT)
      return 0;
   sim_inst_set_op(inst, fmt, (w0 >> 18) & 0x7f);
   /* gfx10: global/scratch offsets are 12-bit signed; FLAT's are 11-bit
    * unsigned (bit 11 ignored). */
   if (fmt == SIM_FMT_FLAT)
      f->offset = w0 & 0x7ff;
   else
      f->offset = (int16_t)(w0 << 4) >> 4;
   f->dlc = (w0 >> 12) & 1;
   f->lds = (w0 >> 13) & 1;
   f->glc = (w0 >> 16) & 1;
   f->slc = (w0 >> 17) & 1;
   f->vaddr = w1 & 0xff;
   f->vdata = (w1 >> 8) & 0xff;
   f->saddr = (w1 >> 16) & 0x7f;
   f->vdst = w1 >> 24;
   f->saddr_off = f->saddr == SIM_SRC_NULL || f->saddr == 0x7f;
   /* For scratch, 0x7f turns off VADDR as well as SADDR (GFX10.3's ST
    * addressing mode), while NULL turns off SADDR only. */
   f->st_mode = fmt == SIM_FMT_SCRATCH && f->saddr == 0x7f;
   inst->disasm = sim_disasm_flat;
   return inst->op == SIM_OP_COUNT ? 0 : 2;
}

static unsigned
decode_ds(const uint32_t *words, struct sim_inst *inst)
{
   uint32_t w0 = words[0], w1 = words[1];
   struct sim_ds_fields *f = &inst->ds;

   sim_inst_set_op(inst, SIM_FMT_DS, (w0 >> 18) & 0xff);
   f->offset0 = w0 & 0xff;
   f->offset1 = (w0 >> 8) & 0xff;
   f->gds = (w0 >> 17) & 1;
   f->addr = w1 & 0xff;
   f->data0 = (w1 >> 8) & 0xff;
   f->data1 = (w1 >> 16) & 0xff;
   f->vdst = w1 >> 24;
   inst->disasm = sim_disasm_ds;
   inst->size = 2;
   return inst->op == SIM_OP_COUNT ? 0 : 2;
}

static unsigned
decode_buf(const uint32_t *words, struct sim_inst *inst, bool typed)
{
   uint32_t w0 = words[0], w1 = words[1];
   struct sim_buf_fields *f = &inst->buf;

   if (typed) {
      sim_inst_set_op(inst, SIM_FMT_MTBUF, ((w0 >> 16) & 7) | (((w1 >> 21) & 1) << 3));
      f->format = (w0 >> 19) & 0x7f;
   } else {
      sim_inst_set_op(inst, SIM_FMT_MUBUF, (w0 >> 18) & 0xff);
      f->lds = (w0 >> 16) & 1;
   }
   f->offset = w0 & 0xfff;
   f->offen = (w0 >> 12) & 1;
   f->idxen = (w0 >> 13) & 1;
   f->glc = (w0 >> 14) & 1;
   f->dlc = (w0 >> 15) & 1;
   f->vaddr = w1 & 0xff;
   f->vdata = (w1 >> 8) & 0xff;
   f->srsrc = ((w1 >> 16) & 0x1f) << 2;
   f->slc = (w1 >> 22) & 1;
   f->tfe = (w1 >> 23) & 1;
   f->soffset = w1 >> 24;
   inst->disasm = sim_disasm_buf;
   inst->size = 2;
   return inst->op == SIM_OP_COUNT ? 0 : 2;
}

static unsigned
decode_mimg(const uint32_t *words, unsigned avail, struct sim_inst *inst)
{
   uint32_t w0 = words[0], w1 = words[1];
   unsigned nsa = (w0 >> 1) & 3;

   sim_inst_set_op(inst, SIM_FMT_MIMG, ((w0 >> 18) & 0x7f) | ((w0 & 1) << 7));
   inst->mimg.dim = (w0 >> 3) & 7;
   inst->mimg.dmask = (w0 >> 8) & 0xf;
   inst->mimg.vaddr = w1 & 0xff;
   inst->mimg.vdata = (w1 >> 8) & 0xff;
   inst->mimg.srsrc = ((w1 >> 16) & 0x1f) << 2;
   inst->mimg.ssamp = ((w1 >> 21) & 0x1f) << 2;
   inst->mimg.dlc = (w0 >> 7) & 1;
   inst->mimg.unrm = (w0 >> 12) & 1;
   inst->mimg.glc = (w0 >> 13) & 1;
   inst->mimg.r128 = (w0 >> 15) & 1;
   inst->mimg.tfe = (w0 >> 16) & 1;
   inst->mimg.lwe = (w0 >> 17) & 1;
   inst->mimg.slc = (w0 >> 25) & 1;
   inst->mimg.a16 = (w1 >> 30) & 1;
   inst->mimg.d16 = (w1 >> 31) & 1;
   inst->mimg.nsa = nsa;
   inst->disasm = sim_disasm_mimg;
   inst->size = 2 + nsa;
   if (inst->size > avail)
      return 0;
   for (unsigned i = 0; i < 4 * nsa; i++)
      inst->mimg.nsa_addr[i] = words[2 + i / 4] >> (8 * (i % 4));
   return inst->op == SIM_OP_COUNT ? 0 : inst->size;
}

unsigned
sim_decode(const uint32_t *words, unsigned avail, struct sim_inst *inst)
{
   memset(inst, 0, sizeof(*inst));
   inst->op = SIM_OP_COUNT;
   inst->exec = sim_exec_illegal;
   inst->format = SIM_FMT_COUNT;
   inst->size = 1;
   if (avail == 0)
      return 0;

   uint32_t w = words[0];
   unsigned size = 0;
   unsigned top6 = w >> 26;

   if ((w >> 31) == 0 || top6 == 0x35 || top6 == 0x33) {
      /* VOP1/VOP2/VOPC (and their DPP/SDWA forms), VOP3, VOP3P */
      size = sim_valu_decode(words, avail, inst);
   } else if ((w >> 30) == 2) {
      size = decode_scalar(words, avail, inst);
   } else if (avail < 2) {
      size = 0;
   } else {
      switch (top6) {
      case 0x3d:
         size = decode_smem(words, inst);
         break;
      case 0x37:
         size = decode_flat(words, inst);
         break;
      case 0x36:
         size = decode_ds(words, inst);
         break;
      case 0x38:
         size = decode_buf(words, inst, false);
         break;
      case 0x3a:
         size = decode_buf(words, inst, true);
         break;
      case 0x3c:
         size = decode_mimg(words, avail, inst);
         break;
      default:
         size = 0;
         break;
      }
   }

   if (size == 0) {
      inst->op = SIM_OP_COUNT;
      inst->exec = sim_exec_illegal;
      inst->size = 1;
   }
   for (unsigned i = 0; i < inst->size && i < 5 && i < avail; i++)
      inst->words[i] = words[i];
   return size;
}
