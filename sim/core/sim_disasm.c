/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Disassembly of the scalar, memory and control encodings, in the shape of
 * LLVM's AMDGPU syntax ("name operands"), for fault reports and traces.
 * Register counts and operand layouts come from the generated opcode
 * table (sim_opcodes[]); the vector ALU's operand printers live with its
 * decoder in valu/.
 */
#include <stdio.h>

#include "sim_engine.h"

static void
reg_range(char *buf, size_t size, const char *prefix, unsigned first, unsigned regs)
{
   if (regs <= 1)
      snprintf(buf, size, "%s%u", prefix, first);
   else
      snprintf(buf, size, "%s[%u:%u]", prefix, first, first + regs - 1);
}

void
sim_disasm_operand(const struct sim_inst *in, unsigned enc, unsigned regs, char *buf, size_t size)
{
   static const char *const fconst[9] = {
      "0.5", "-0.5", "1.0", "-1.0", "2.0", "-2.0", "4.0", "-4.0", "0.15915494",
   };

   if (enc <= SIM_SRC_SGPR_MAX)
      reg_range(buf, size, "s", enc, regs);
   else if (enc >= SIM_SRC_VGPR0)
      reg_range(buf, size, "v", enc - SIM_SRC_VGPR0, regs);
   else if (enc >= SIM_SRC_TTMP0 && enc < SIM_SRC_M0)
      reg_range(buf, size, "ttmp", enc - SIM_SRC_TTMP0, regs);
   else if (enc == SIM_SRC_VCC_LO)
      snprintf(buf, size, regs > 1 ? "vcc" : "vcc_lo");
   else if (enc == SIM_SRC_VCC_HI)
      snprintf(buf, size, "vcc_hi");
   else if (enc == SIM_SRC_M0)
      snprintf(buf, size, "m0");
   else if (enc == SIM_SRC_NULL)
      snprintf(buf, size, "null");
   else if (enc == SIM_SRC_EXEC_LO)
      snprintf(buf, size, regs > 1 ? "exec" : "exec_lo");
   else if (enc == SIM_SRC_EXEC_HI)
      snprintf(buf, size, "exec_hi");
   else if (enc >= 128 && enc <= 192)
      snprintf(buf, size, "%u", enc - 128);
   else if (enc >= 193 && enc <= 208)
      snprintf(buf, size, "-%u", enc - 192);
   else if (enc >= 240 && enc <= 248)
      snprintf(buf, size, "%s", fconst[enc - 240]);
   else if (enc == SIM_SRC_LITERAL)
      snprintf(buf, size, "0x%x", in ? in->literal : 0);
   else if (enc == SIM_SRC_VCCZ)
      snprintf(buf, size, "src_vccz");
   else if (enc == SIM_SRC_EXECZ)
      snprintf(buf, size, "src_execz");
   else if (enc == SIM_SRC_SCC)
      snprintf(buf, size, "src_scc");
   else if (enc == SIM_SRC_SHARED_BASE)
      snprintf(buf, size, "src_shared_base");
   else if (enc == SIM_SRC_SHARED_LIMIT)
      snprintf(buf, size, "src_shared_limit");
   else if (enc == SIM_SRC_PRIVATE_BASE)
      snprintf(buf, size, "src_private_base");
   else if (enc == SIM_SRC_PRIVATE_LIMIT)
      snprintf(buf, size, "src_private_limit");
   else
      snprintf(buf, size, "src_%u", enc);
}

#define OPND(enc, regs) (sim_disasm_operand(in, (enc), (regs), o[n], sizeof(o[n])), o[n++])

void
sim_disasm_sop1(const struct sim_inst *in, char *buf, size_t size)
{
   char o[2][32];
   unsigned n = 0;
   const struct sim_opcode *op = &sim_opcodes[in->op];
   const char *a = OPND(in->sop.sdst, op->dst_regs);
   const char *b = OPND(in->sop.ssrc0, op->src_regs);
   snprintf(buf, size, "%s, %s", a, b);
}

void
sim_disasm_sop2(const struct sim_inst *in, char *buf, size_t size)
{
   char o[3][32];
   unsigned n = 0;
   const struct sim_opcode *op = &sim_opcodes[in->op];
   const char *a = OPND(in->sop.sdst, op->dst_regs);
   const char *b = OPND(in->sop.ssrc0, op->src_regs);
   const char *c = OPND(in->sop.ssrc1, op->src_regs);
   snprintf(buf, size, "%s, %s, %s", a, b, c);
}

void
sim_disasm_sopc(const struct sim_inst *in, char *buf, size_t size)
{
   char o[2][32];
   unsigned n = 0;
   const struct sim_opcode *op = &sim_opcodes[in->op];
   const char *a = OPND(in->sop.ssrc0, op->src_regs);
   const char *b = OPND(in->sop.ssrc1, op->src_regs);
   snprintf(buf, size, "%s, %s", a, b);
}

/* hwreg(NAME[, offset, size]) as LLVM prints it. */
static void
hwreg_text(unsigned imm, char *buf, size_t size)
{
   static const char *const names[32] = {
      [1] = "HW_REG_MODE",           [2] = "HW_REG_STATUS",        [3] = "HW_REG_TRAPSTS",
      [4] = "HW_REG_HW_ID",          [5] = "HW_REG_GPR_ALLOC",     [6] = "HW_REG_LDS_ALLOC",
      [7] = "HW_REG_IB_STS",         [15] = "HW_REG_SH_MEM_BASES", [16] = "HW_REG_TBA_LO",
      [17] = "HW_REG_TBA_HI",        [18] = "HW_REG_TMA_LO",       [19] = "HW_REG_TMA_HI",
      [20] = "HW_REG_FLAT_SCR_LO",   [21] = "HW_REG_FLAT_SCR_HI",  [22] = "HW_REG_XNACK_MASK",
      [23] = "HW_REG_HW_ID1",        [24] = "HW_REG_HW_ID2",       [25] = "HW_REG_POPS_PACKER",
      [29] = "HW_REG_SHADER_CYCLES",
   };
   unsigned id = imm & 0x3f, off = (imm >> 6) & 0x1f, bits = (imm >> 11) + 1;
   char idtext[24];
   if (id < 32 && names[id])
      snprintf(idtext, sizeof(idtext), "%s", names[id]);
   else
      snprintf(idtext, sizeof(idtext), "%u", id);
   if (off == 0 && bits == 32)
      snprintf(buf, size, "hwreg(%s)", idtext);
   else
      snprintf(buf, size, "hwreg(%s, %u, %u)", idtext, off, bits);
}

void
sim_disasm_sopk(const struct sim_inst *in, char *buf, size_t size)
{
   char o[1][32];
   unsigned n = 0;
   const char *a = OPND(in->sop.sdst, sim_opcodes[in->op].dst_regs);
   unsigned op = in->op;
   if (op == SIM_OP_s_getreg_b32 || op == SIM_OP_s_setreg_b32 || op == SIM_OP_s_setreg_imm32_b32) {
      char reg[48];
      hwreg_text(in->sop.simm16, reg, sizeof(reg));
      if (op == SIM_OP_s_getreg_b32)
         snprintf(buf, size, "%s, %s", a, reg);
      else if (op == SIM_OP_s_setreg_b32)
         snprintf(buf, size, "%s, %s", reg, a);
      else
         snprintf(buf, size, "%s, 0x%x", reg, in->literal);
      return;
   }
   snprintf(buf, size, "%s, 0x%x", a, in->sop.simm16);
}

void
sim_disasm_sopp(const struct sim_inst *in, char *buf, size_t size)
{
   if (in->op == SIM_OP_s_waitcnt) {
      /* gfx10: vmcnt = [3:0] | [15:14] << 4, expcnt [6:4], lgkmcnt [13:8];
       * counters at their maximum are not waited for and not printed. */
      unsigned imm = in->sop.simm16;
      unsigned vm = (imm & 0xf) | ((imm >> 14) & 3) << 4, exp = (imm >> 4) & 7;
      unsigned lgkm = (imm >> 8) & 0x3f;
      int len = 0;
      buf[0] = 0;
      if (vm != 63)
         len += snprintf(buf + len, size - len, "vmcnt(%u)", vm);
      if (exp != 7)
         len += snprintf(buf + len, size - len, "%sexpcnt(%u)", len ? " " : "", exp);
      if (lgkm != 63)
         len += snprintf(buf + len, size - len, "%slgkmcnt(%u)", len ? " " : "", lgkm);
      if (!len)
         snprintf(buf, size, "0x%x", imm);
      return;
   }
   if (sim_opcodes[in->op].flags & SIM_OPF_BRANCH)
      snprintf(buf, size, "%d", (int16_t)in->sop.simm16);
   else if (in->sop.simm16 || in->op == SIM_OP_s_nop)
      snprintf(buf, size, "0x%x", in->sop.simm16);
   else
      buf[0] = 0;
}

void
sim_disasm_smem(const struct sim_inst *in, char *buf, size_t size)
{
   char o[3][32];
   unsigned n = 0;
   const struct sim_opcode *op = &sim_opcodes[in->op];
   unsigned dw = op->data_dwords;
   bool buffer = op->flags & SIM_OPF_VSHARP;
   bool no_data = in->op == SIM_OP_s_memtime || in->op == SIM_OP_s_memrealtime;
   const char *d = OPND(in->smem.sdata, no_data ? 2 : dw);
   if (no_data) {
      snprintf(buf, size, "%s", d);
      return;
   }
   const char *b = OPND(in->smem.sbase, buffer ? 4 : 2);
   if (in->smem.soffset != SIM_SRC_NULL) {
      const char *so = OPND(in->smem.soffset, 1);
      snprintf(buf, size, "%s, %s, %s offset:0x%x", d, b, so, in->smem.offset);
   } else {
      snprintf(buf, size, "%s, %s, 0x%x%s%s", d, b, in->smem.offset, in->smem.glc ? " glc" : "",
               in->smem.dlc ? " dlc" : "");
   }
}

void
sim_disasm_flat(const struct sim_inst *in, char *buf, size_t size)
{
   char o[4][32];
   unsigned n = 0;
   const struct sim_opcode *op = &sim_opcodes[in->op];
   const struct sim_flat_fields *f = &in->flat;
   unsigned dw = op->data_dwords;
   bool store = op->flags & SIM_OPF_STORE;
   bool atomic = op->is_atomic;

   /* address: FLAT and "off" saddr use a 64-bit VGPR address; global with
    * saddr a 32-bit VGPR offset; scratch with saddr no VGPR at all. */
   const char *addr;
   if (in->format == SIM_FMT_SCRATCH)
      addr = f->saddr_off && !f->st_mode ? OPND(SIM_SRC_VGPR0 + f->vaddr, 1) : "off";
   else
      addr = OPND(SIM_SRC_VGPR0 + f->vaddr, in->format == SIM_FMT_FLAT || f->saddr_off ? 2 : 1);
   char sad[40] = "";
   if (in->format != SIM_FMT_FLAT) {
      const char *s = f->saddr_off ? "off" : OPND(f->saddr, in->format == SIM_FMT_SCRATCH ? 1 : 2);
      snprintf(sad, sizeof(sad), ", %.30s", s);
   }
   char mods[48];
   snprintf(mods, sizeof(mods), "%s%.0d%s%s%s", f->offset ? " offset:" : "", f->offset,
            f->glc ? " glc" : "", f->slc ? " slc" : "", f->dlc ? " dlc" : "");

   if (store || (atomic && !f->glc)) {
      const char *data = OPND(SIM_SRC_VGPR0 + f->vdata, dw);
      snprintf(buf, size, "%s, %s%s%s", addr, data, sad, mods);
   } else if (atomic) {
      const char *vdst = OPND(SIM_SRC_VGPR0 + f->vdst, op->dst_regs);
      const char *data = OPND(SIM_SRC_VGPR0 + f->vdata, dw);
      snprintf(buf, size, "%s, %s, %s%s%s", vdst, addr, data, sad, mods);
   } else {
      const char *vdst = OPND(SIM_SRC_VGPR0 + f->vdst, op->dst_regs);
      snprintf(buf, size, "%s, %s%s%s", vdst, addr, sad, mods);
   }
}

/* DS: [vdst, ]addr[, data0[, data1]] with one 16-bit offset or, for the
 * two-address forms, offset0 and offset1. */
void
sim_disasm_ds(const struct sim_inst *in, char *buf, size_t size)
{
   char o[4][32];
   unsigned n = 0;
   const struct sim_opcode *op = &sim_opcodes[in->op];
   const struct sim_ds_fields *f = &in->ds;
   char off[40] = "";
   if (op->flags & SIM_OPF_DS_PAIR)
      snprintf(off, sizeof(off), " offset0:%u offset1:%u", f->offset0, f->offset1);
   else if (f->offset0 | f->offset1 << 8)
      snprintf(off, sizeof(off), " offset:%u", f->offset0 | f->offset1 << 8);

   int len = 0;
   buf[0] = 0;
   if (op->dst_regs)
      len += snprintf(buf + len, size - len, "%s, ", OPND(SIM_SRC_VGPR0 + f->vdst, op->dst_regs));
   len += snprintf(buf + len, size - len, "%s", OPND(SIM_SRC_VGPR0 + f->addr, 1));
   const uint16_t data[2] = { f->data0, f->data1 };
   for (unsigned i = 0; i < op->data_srcs && len < (int)size; i++)
      len +=
         snprintf(buf + len, size - len, ", %s", OPND(SIM_SRC_VGPR0 + data[i], op->data_dwords));
   if (len < (int)size)
      snprintf(buf + len, size - len, "%s", off);
}

void
sim_disasm_buf(const struct sim_inst *in, char *buf, size_t size)
{
   char o[4][32];
   unsigned n = 0;
   const struct sim_buf_fields *f = &in->buf;
   unsigned dw = sim_opcodes[in->op].data_dwords;
   const char *vdata = OPND(SIM_SRC_VGPR0 + f->vdata, dw);
   const char *vaddr =
      f->offen || f->idxen ? OPND(SIM_SRC_VGPR0 + f->vaddr, f->offen && f->idxen ? 2 : 1) : "off";
   const char *rsrc = OPND(f->srsrc, 4);
   const char *soff = OPND(f->soffset, 1);
   char off[16] = "";
   if (f->offset)
      snprintf(off, sizeof(off), " offset:%u", f->offset);
   char fmt[24] = "";
   if (in->format == SIM_FMT_MTBUF)
      snprintf(fmt, sizeof(fmt), " format:%u", f->format);
   snprintf(buf, size, "%s, %s, %s, %s%s%s%s%s%s%s", vdata, vaddr, rsrc, soff, fmt,
            f->idxen ? " idxen" : "", f->offen ? " offen" : "", off, f->glc ? " glc" : "",
            f->slc ? " slc" : "");
}

/* MIMG: enough to recognise the instruction in a report (the address
 * register count depends on the dimension and is not worked out). */
/* LLVM's syntax: "image_sample_lz v[4:7], [v8, v20, v23], s[8:15], s[16:19]
 * dmask:0xf dim:SQ_RSRC_IMG_3D" with the flags in LLVM's order. */
void
sim_disasm_mimg(const struct sim_inst *in, char *buf, size_t size)
{
   static const char *const dims[8] = { "1D",       "2D",       "3D",      "CUBE",
                                        "1D_ARRAY", "2D_ARRAY", "2D_MSAA", "2D_MSAA_ARRAY" };
   char o[4][32], addr[96];
   unsigned n = 0;
   const struct sim_mimg_fields *f = &in->mimg;
   bool sample = sim_opcodes[in->op].flags & SIM_OPF_SAMPLER;
   unsigned data = __builtin_popcount(f->dmask) ? __builtin_popcount(f->dmask) : 1;
   data = (f->d16 ? (data + 1) / 2 : data) + (f->tfe || f->lwe);
   unsigned regs = sim_mimg_addr_regs(in);
   const char *vdata = OPND(SIM_SRC_VGPR0 + f->vdata, data);
   if (f->nsa) {
      int len = snprintf(addr, sizeof(addr), "[v%u", f->vaddr);
      for (unsigned i = 1; i < regs && i <= 4u * f->nsa && len < (int)sizeof(addr); i++)
         len += snprintf(addr + len, sizeof(addr) - len, ", v%u", f->nsa_addr[i - 1]);
      snprintf(addr + len, sizeof(addr) - len, "]");
   } else {
      snprintf(addr, sizeof(addr), "%s", OPND(SIM_SRC_VGPR0 + f->vaddr, regs ? regs : 1));
   }
   const char *rsrc = OPND(f->srsrc, 8);
   const char *ssamp = OPND(f->ssamp, 4);
   snprintf(buf, size, "%s, %s, %s%s%s dmask:0x%x dim:SQ_RSRC_IMG_%s%s%s%s%s%s%s%s%s%s", vdata,
            addr, rsrc, sample ? ", " : "", sample ? ssamp : "", f->dmask, dims[f->dim],
            f->unrm ? " unorm" : "", f->glc ? " glc" : "", f->slc ? " slc" : "",
            f->dlc ? " dlc" : "", f->r128 ? " r128" : "", f->a16 ? " a16" : "",
            f->tfe ? " tfe" : "", f->lwe ? " lwe" : "", f->d16 ? " d16" : "");
}

unsigned
kiln_sim_disasm(const uint32_t *words, unsigned n, char *buf, size_t buf_size)
{
   struct sim_inst inst;
   unsigned size = sim_decode(words, n, &inst);
   if (!buf || buf_size == 0)
      return size;
   if (size == 0) {
      snprintf(buf, buf_size, "<illegal 0x%08x>", n ? words[0] : 0);
      return 0;
   }
   char ops[160] = "";
   if (inst.disasm)
      inst.disasm(&inst, ops, sizeof(ops));
   snprintf(buf, buf_size, "%s%s%s", sim_inst_name(&inst), ops[0] ? " " : "", ops);
   return size;
}
