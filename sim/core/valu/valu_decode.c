/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Decoding of the gfx1030 vector ALU encodings: VOP1, VOP2, VOPC (32-bit
 * forms, with DPP16, DPP8 and SDWA extension dwords and the trailing
 * literal), VOP3a/VOP3b (including the promoted VOP1/VOP2/VOPC opcodes)
 * and VOP3P.  The result is a sim_inst whose valu fields say, per source,
 * which register or constant to read, and whose exec function is one of
 * the wrappers in valu_exec.c bound to the opcode's semantic function, or
 * the engine's "unsupported instruction" stop when the opcode has none.
 */
#include <pthread.h>
#include <stdio.h>

#include "valu_internal.h"

/* ---------------------------------------------------------------------- */
/* Descriptor table, merged from the families at first use. */

struct valu_desc valu_descs[SIM_OP_COUNT];
static pthread_once_t valu_once = PTHREAD_ONCE_INIT;

static const struct valu_table *const valu_tables[] = {
   &valu_f32_table, &valu_f64_table,  &valu_f16_table,    &valu_int_table,
   &valu_cmp_table, &valu_lane_table, &valu_packed_table,
};

static void
valu_init(void)
{
   for (unsigned t = 0; t < sizeof(valu_tables) / sizeof(valu_tables[0]); t++) {
      for (unsigned i = 0; i < valu_tables[t]->count; i++) {
         const struct valu_entry *e = &valu_tables[t]->rows[i];
         valu_descs[e->op] = e->desc;
      }
   }
}

const struct valu_desc *
valu_desc_of(unsigned op)
{
   pthread_once(&valu_once, valu_init);
   return op < SIM_OP_COUNT ? &valu_descs[op] : NULL;
}

void valu_exec_plain(struct sim_wave *w, const struct sim_inst *in);
void valu_exec_dpp16(struct sim_wave *w, const struct sim_inst *in);
void valu_exec_dpp8(struct sim_wave *w, const struct sim_inst *in);
void valu_exec_sdwa(struct sim_wave *w, const struct sim_inst *in);
void valu_disasm(const struct sim_inst *in, char *buf, size_t size);

/* The exec wrapper of each encoding (enum valu_kind). */
static const sim_exec_fn exec_of_kind[] = {
   [VALU_KIND_PLAIN] = valu_exec_plain,
   [VALU_KIND_DPP16] = valu_exec_dpp16,
   [VALU_KIND_DPP8] = valu_exec_dpp8,
   [VALU_KIND_SDWA] = valu_exec_sdwa,
};

/* ---------------------------------------------------------------------- */

static int
find_vop3_op(unsigned opcode)
{
   int op = sim_op_find(SIM_FMT_VOP3, opcode);
   if (op >= 0)
      return op;
   if (opcode < 0x100)
      return sim_op_find(SIM_FMT_VOPC, opcode);
   if (opcode < 0x140)
      return sim_op_find(SIM_FMT_VOP2, opcode - 0x100);
   if (opcode >= 0x180 && opcode < 0x200)
      return sim_op_find(SIM_FMT_VOP1, opcode - 0x180);
   return -1;
}

static bool
is_vopc_op(int op)
{
   return op >= 0 && sim_opcodes[op].format == SIM_FMT_VOPC;
}

/* Reads the literal dword after the `size` dwords decoded so far (it comes
 * last in every encoding, after a DPP or SDWA dword); returns the new size,
 * or 0 when the words run out. */
static unsigned
take_literal(const uint32_t *words, unsigned avail, unsigned size, struct sim_inst *in)
{
   if (avail < size + 1)
      return 0;
   in->has_literal = true;
   in->literal = words[size];
   return size + 1;
}

/* SDWA: src0 is a VGPR or an SGPR, src1 may be an SGPR, the operand
 * modifiers move here, and VOPC may name an SGPR destination. */
static void
decode_sdwa(uint32_t e, struct sim_valu_fields *v, bool vopc)
{
   v->aux[VALU_AUX_KIND] = VALU_KIND_SDWA;
   v->aux[VALU_AUX_SDWA] = e;
   v->src[0] = (e & 0xff) + ((e >> 23) & 1 ? 0 : SIM_SRC_VGPR0);
   if ((e >> 31) & 1)
      v->src[1] -= SIM_SRC_VGPR0; /* src1 is an SGPR */
   v->neg = ((e >> 20) & 1) | (((e >> 28) & 1) << 1);
   v->abs = ((e >> 21) & 1) | (((e >> 29) & 1) << 1);
   if (vopc) {
      if ((e >> 15) & 1)
         v->sdst = (e >> 8) & 0x7f;
   } else {
      v->clamp = (e >> 13) & 1;
      v->omod = (e >> 14) & 3;
   }
}

static void
decode_dpp16(uint32_t e, struct sim_valu_fields *v)
{
   v->aux[VALU_AUX_KIND] = VALU_KIND_DPP16;
   v->aux[VALU_AUX_DPP] = e;
   v->src[0] = SIM_SRC_VGPR0 + (e & 0xff);
   v->neg = ((e >> 20) & 1) | (((e >> 22) & 1) << 1);
   v->abs = ((e >> 21) & 1) | (((e >> 23) & 1) << 1);
}

static void
decode_dpp8(uint32_t e, struct sim_valu_fields *v, bool fetch_inactive)
{
   v->aux[VALU_AUX_KIND] = VALU_KIND_DPP8;
   v->aux[VALU_AUX_DPP] = e;
   v->aux[VALU_AUX_SRCIDX] = fetch_inactive;
   v->src[0] = SIM_SRC_VGPR0 + (e & 0xff);
}

/* The dword a 32-bit encoding's src0 may ask for: a literal, or a DPP or
 * SDWA extension. Returns the size so far, or 0 when the words run out. */
static unsigned
decode_src0_dword(const uint32_t *words, unsigned avail, struct sim_inst *in, bool vopc)
{
   struct sim_valu_fields *v = &in->valu;
   unsigned src0 = v->src[0];
   if (src0 == SIM_SRC_LITERAL)
      return take_literal(words, avail, 1, in);
   if (src0 != SIM_SRC_DPP && src0 != SIM_SRC_DPP8 && src0 != SIM_SRC_DPP8FI &&
       src0 != SIM_SRC_SDWA)
      return 1;
   if (avail < 2)
      return 0;
   if (src0 == SIM_SRC_SDWA)
      decode_sdwa(words[1], v, vopc);
   else if (src0 == SIM_SRC_DPP)
      decode_dpp16(words[1], v);
   else
      decode_dpp8(words[1], v, src0 == SIM_SRC_DPP8FI);
   return 2;
}

/* Binds the exec function and sets up implicit operands from the
 * descriptor (accumulators, VOP2 literal forms, VCC in and out). */
static void
bind(struct sim_inst *in, int op, bool vop3)
{
   struct sim_valu_fields *v = &in->valu;
   const struct valu_desc *d = valu_desc_of(op);

   in->op = op;
   in->disasm = valu_disasm;
   if (!d->fn) {
      in->exec = sim_exec_unsupported;
      return;
   }
   if (d->flags & VALU_ACC)
      v->src[2] = SIM_SRC_VGPR0 + v->vdst;
   if (d->flags & VALU_FMAMK) {
      v->src[2] = v->src[1];
      v->src[1] = SIM_SRC_LITERAL;
   }
   if (d->flags & VALU_FMAAK)
      v->src[2] = SIM_SRC_LITERAL;
   if (!vop3) {
      if (d->src[2] == VT_MASK)
         v->src[2] = SIM_SRC_VCC_LO;
      bool sdwa_sd = v->aux[VALU_AUX_KIND] == VALU_KIND_SDWA &&
                     ((v->aux[VALU_AUX_SDWA] >> 15) & 1) && d->dst == VT_MASK;
      if (((d->flags & VALU_CARRY_OUT) || d->dst == VT_MASK) && !sdwa_sd)
         v->sdst = SIM_SRC_VCC_LO;
   }
   in->exec = exec_of_kind[v->aux[VALU_AUX_KIND]];
}

static bool
needs_literal(const struct sim_valu_fields *v, unsigned n)
{
   for (unsigned i = 0; i < n; i++) {
      if (v->src[i] == SIM_SRC_LITERAL)
         return true;
   }
   return false;
}

/* VOP1, VOP2 and VOPC: 32 bits, then what src0 asks for; v_fmamk, fmaak,
 * madmk and madak always carry a literal. */
static unsigned
decode_vop1_vop2_vopc(const uint32_t *words, unsigned avail, struct sim_inst *in)
{
   uint32_t w0 = words[0];
   struct sim_valu_fields *v = &in->valu;
   bool vopc = (w0 >> 25) == 0x3e;
   int op;

   v->src[0] = w0 & 0x1ff;
   if ((w0 >> 25) == 0x3f) {
      in->format = SIM_FMT_VOP1;
      op = sim_op_find(SIM_FMT_VOP1, (w0 >> 9) & 0xff);
      v->vdst = (w0 >> 17) & 0xff;
   } else if (vopc) {
      in->format = SIM_FMT_VOPC;
      op = sim_op_find(SIM_FMT_VOPC, (w0 >> 17) & 0xff);
      v->src[1] = SIM_SRC_VGPR0 + ((w0 >> 9) & 0xff);
   } else {
      in->format = SIM_FMT_VOP2;
      op = sim_op_find(SIM_FMT_VOP2, (w0 >> 25) & 0x3f);
      v->src[1] = SIM_SRC_VGPR0 + ((w0 >> 9) & 0xff);
      v->vdst = (w0 >> 17) & 0xff;
   }
   if (op < 0)
      return 0;
   unsigned size = decode_src0_dword(words, avail, in, vopc);
   const struct valu_desc *d = valu_desc_of(op);
   bool literal_form =
      (d->flags & (VALU_FMAMK | VALU_FMAAK)) || (sim_opcodes[op].flags & SIM_OPF_LITERAL);
   if (size && literal_form && !in->has_literal)
      size = take_literal(words, avail, size, in);
   if (size)
      bind(in, op, false);
   return size;
}

/* What VOP3 and VOP3P end with: the three sources, then the literal one
 * of them may name (any of the three for an opcode without semantics).
 * Returns the size, or 0 when the words run out. */
static unsigned
decode_vop3_sources(const uint32_t *words, unsigned avail, struct sim_inst *in, int op)
{
   struct sim_valu_fields *v = &in->valu;
   const struct valu_desc *d = valu_desc_of(op);
   uint32_t w1 = words[1];
   v->src[0] = w1 & 0x1ff;
   v->src[1] = (w1 >> 9) & 0x1ff;
   v->src[2] = (w1 >> 18) & 0x1ff;
   v->neg = (w1 >> 29) & 7;
   unsigned nsrc = d->fn ? (d->src[2] ? 3 : d->src[1] ? 2 : 1) : 3;
   unsigned size = needs_literal(v, nsrc) ? take_literal(words, avail, 2, in) : 2;
   if (size)
      bind(in, op, true);
   return size;
}

/* VOP3a and VOP3b, including the VOP1, VOP2 and VOPC opcodes promoted to
 * 64 bits. */
static unsigned
decode_vop3(const uint32_t *words, unsigned avail, struct sim_inst *in)
{
   uint32_t w0 = words[0];
   int op = find_vop3_op((w0 >> 16) & 0x3ff);
   if (op < 0 || avail < 2)
      return 0;
   struct sim_valu_fields *v = &in->valu;
   in->format = SIM_FMT_VOP3;
   v->vdst = w0 & 0xff;
   v->omod = (words[1] >> 27) & 3;
   v->clamp = (w0 >> 15) & 1;
   if ((valu_desc_of(op)->flags & VALU_CARRY_OUT) && !is_vopc_op(op)) {
      v->sdst = (w0 >> 8) & 0x7f; /* VOP3b */
   } else {
      v->abs = (w0 >> 8) & 7;
      v->opsel = (w0 >> 11) & 0xf;
      if (is_vopc_op(op))
         v->sdst = v->vdst;
   }
   return decode_vop3_sources(words, avail, in, op);
}

static unsigned
decode_vop3p(const uint32_t *words, unsigned avail, struct sim_inst *in)
{
   uint32_t w0 = words[0];
   int op = sim_op_find(SIM_FMT_VOP3P, (w0 >> 16) & 0x7f);
   if (op < 0 || avail < 2)
      return 0;
   struct sim_valu_fields *v = &in->valu;
   in->format = SIM_FMT_VOP3P;
   v->vdst = w0 & 0xff;
   v->neg_hi = (w0 >> 8) & 7;
   v->opsel = (w0 >> 11) & 7;
   v->opsel_hi = ((words[1] >> 27) & 3) | (((w0 >> 14) & 1) << 2);
   v->clamp = (w0 >> 15) & 1;
   return decode_vop3_sources(words, avail, in, op);
}

unsigned
sim_valu_decode(const uint32_t *words, unsigned avail, struct sim_inst *in)
{
   if (avail < 1)
      return 0;
   memset(&in->valu, 0, sizeof(in->valu));
   in->has_literal = false;
   in->literal = 0;

   uint32_t w0 = words[0];
   unsigned size;
   if ((w0 >> 25) == 0x3f || (w0 >> 25) == 0x3e || (w0 >> 31) == 0)
      size = decode_vop1_vop2_vopc(words, avail, in);
   else if ((w0 >> 26) == 0x35)
      size = decode_vop3(words, avail, in);
   else if ((w0 >> 23) == 0x198)
      size = decode_vop3p(words, avail, in);
   else
      size = 0;
   if (!size)
      return 0;

   in->size = size;
   for (unsigned i = 0; i < size && i < 5; i++)
      in->words[i] = words[i];
   return size;
}

/* ---------------------------------------------------------------------- */
/* Disassembly of the operands: "dst, src0, src1[, src2]" plus modifiers. */

static unsigned
type_regs(unsigned t)
{
   return (t == VT_B64 || t == VT_I64 || t == VT_F64) ? 2 : 1;
}

static size_t
put_operand(const struct sim_inst *in, unsigned enc, unsigned regs, unsigned i, char *buf,
            size_t size)
{
   char tmp[48];
   const struct sim_valu_fields *v = &in->valu;
   sim_disasm_operand(in, enc, regs, tmp, sizeof(tmp));
   bool neg = i < 3 && ((v->neg >> i) & 1);
   bool abs = i < 3 && ((v->abs >> i) & 1);
   int n = snprintf(buf, size, "%s%s%s%s", neg ? "-" : "", abs ? "|" : "", tmp, abs ? "|" : "");
   return n < 0 ? 0 : (size_t)n < size ? (size_t)n : size;
}

void
valu_disasm(const struct sim_inst *in, char *buf, size_t size)
{
   const struct sim_valu_fields *v = &in->valu;
   const struct valu_desc *d = valu_desc_of(in->op);
   size_t pos = 0;
   buf[0] = '\0';
   if (!d || !d->fn) {
      /* Unknown operand layout: print the raw fields. */
      snprintf(buf, size, "v%u, src0=%u, src1=%u, src2=%u", v->vdst, v->src[0], v->src[1],
               v->src[2]);
      return;
   }

#define APPEND(...)                                                                                \
   do {                                                                                            \
      if (pos < size) {                                                                            \
         int _n = snprintf(buf + pos, size - pos, __VA_ARGS__);                                    \
         pos += _n > 0 ? (size_t)_n : 0;                                                           \
      }                                                                                            \
   } while (0)

   bool first = true;
   if (d->dst == VT_MASK) {
      if (!(d->flags & VALU_CMPX)) {
         char tmp[32];
         sim_disasm_operand(in, v->sdst, 2, tmp, sizeof(tmp));
         APPEND("%s", tmp);
         first = false;
      }
   } else if (d->dst == VT_SGPR) {
      char tmp[32];
      sim_disasm_operand(in, v->vdst, 1, tmp, sizeof(tmp));
      APPEND("%s", tmp);
      first = false;
   } else if (d->dst != VT_NONE) {
      if (type_regs(d->dst) == 2)
         APPEND("v[%u:%u]", v->vdst, v->vdst + 1);
      else
         APPEND("v%u", v->vdst);
      first = false;
      if (d->flags & VALU_CARRY_OUT) {
         char tmp[32];
         sim_disasm_operand(in, v->sdst, 2, tmp, sizeof(tmp));
         APPEND(", %s", tmp);
      }
   }
   for (unsigned i = 0; i < 3; i++) {
      if (!d->src[i])
         continue;
      if (i == 2 && (d->flags & VALU_ACC))
         continue;
      APPEND("%s", first ? "" : ", ");
      first = false;
      if (pos < size)
         pos += put_operand(in, v->src[i], d->src[i] == VT_MASK ? 2 : type_regs(d->src[i]), i,
                            buf + pos, size - pos);
   }
   if (v->clamp)
      APPEND(" clamp");
   if (v->omod)
      APPEND(" %s", v->omod == 1 ? "mul:2" : v->omod == 2 ? "mul:4" : "div:2");
   if (in->format == SIM_FMT_VOP3 && v->opsel)
      APPEND(" op_sel:[%u,%u,%u,%u]", v->opsel & 1, (v->opsel >> 1) & 1, (v->opsel >> 2) & 1,
             (v->opsel >> 3) & 1);
   if (in->format == SIM_FMT_VOP3P) {
      if (v->opsel)
         APPEND(" op_sel:[%u,%u,%u]", v->opsel & 1, (v->opsel >> 1) & 1, (v->opsel >> 2) & 1);
      if (v->opsel_hi != 7)
         APPEND(" op_sel_hi:[%u,%u,%u]", v->opsel_hi & 1, (v->opsel_hi >> 1) & 1,
                (v->opsel_hi >> 2) & 1);
   }
   switch (v->aux[VALU_AUX_KIND]) {
   case VALU_KIND_DPP16:
      APPEND(" dpp_ctrl:0x%x row_mask:0x%x bank_mask:0x%x%s%s", (v->aux[VALU_AUX_DPP] >> 8) & 0x1ff,
             v->aux[VALU_AUX_DPP] >> 28, (v->aux[VALU_AUX_DPP] >> 24) & 0xf,
             (v->aux[VALU_AUX_DPP] >> 19) & 1 ? " bound_ctrl:0" : "",
             (v->aux[VALU_AUX_DPP] >> 18) & 1 ? " fi:1" : "");
      break;
   case VALU_KIND_DPP8:
      APPEND(" dpp8:[");
      for (unsigned i = 0; i < 8; i++)
         APPEND("%s%u", i ? "," : "", (v->aux[VALU_AUX_DPP] >> (8 + 3 * i)) & 7);
      APPEND("]%s", v->aux[VALU_AUX_SRCIDX] ? " fi:1" : "");
      break;
   case VALU_KIND_SDWA:
      APPEND(" sdwa:0x%08x", v->aux[VALU_AUX_SDWA]);
      break;
   default:
      break;
   }
#undef APPEND
}
