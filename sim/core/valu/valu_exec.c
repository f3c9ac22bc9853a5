/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The exec wrappers every VALU opcode runs through: they resolve the
 * sources of the instruction into lane arrays or uniform values (once per
 * instruction, not per lane), apply the lane permutation of DPP16/DPP8 and
 * the byte/word selection of SDWA into temporary lane arrays, call the
 * opcode's semantic function, and then apply what is common to all
 * opcodes after it: output modifiers (omod, clamp), SDWA destination
 * selection, and writing the lane mask of compares and carries to VCC, an
 * SGPR pair or EXEC.
 */
#include "valu_internal.h"

static inline bool
is_f16_type(unsigned t)
{
   return t == VT_F16 || t == VT_B16;
}

/* Which MODE fields govern the op: those of its destination type, or of
 * its first source when the destination is not a float. */
static inline bool
uses_f64_mode(const struct valu_desc *d)
{
   unsigned t = d->dst;
   if (t != VT_F32 && t != VT_F64 && t != VT_F16)
      t = d->src[0];
   return t == VT_F64 || t == VT_F16 || t == VT_B16;
}

static void
setup(struct sim_wave *w, const struct sim_inst *in, const struct valu_desc *d, struct valu_io *io,
      uint64_t exec)
{
   const struct sim_valu_fields *v = &in->valu;

   io->exec = exec;
   io->all = sim_wave_lanes(w);
   io->nlanes = w->wave_size;
   io->mask_out = 0;
   io->arg = d->arg;
   if (uses_f64_mode(d)) {
      io->round = SIM_MODE_FP_ROUND_F64_F16(w->mode);
      io->denorm = SIM_MODE_FP_DENORM_F64_F16(w->mode);
   } else {
      io->round = SIM_MODE_FP_ROUND_F32(w->mode);
      io->denorm = SIM_MODE_FP_DENORM_F32(w->mode);
   }
   io->ieee = (w->mode & SIM_MODE_IEEE) != 0;
   io->dx10 = (w->mode & SIM_MODE_DX10_CLAMP) != 0;

   bool mods = !(d->flags & VALU_NO_MODS);
   for (unsigned i = 0; i < 3; i++) {
      unsigned t = d->src[i];
      if (t == VT_NONE)
         continue;
      unsigned enc = v->src[i];
      bool abs = mods && ((v->abs >> i) & 1);
      bool neg = mods && ((v->neg >> i) & 1);
      switch (t) {
      case VT_B32:
      case VT_F32:
      case VT_B16:
      case VT_F16:
      case VT_PK16:
         if (enc >= SIM_SRC_VGPR0) {
            io->s[i] = w->vgpr[enc - SIM_SRC_VGPR0];
            io->m[i] = 63;
         } else {
            io->u[i][0] = sim_read_src32(w, in, enc, 0, t == VT_B32 || t == VT_F32 ? 32 : 16);
            io->s[i] = io->u[i];
            io->m[i] = 0;
         }
         if (t == VT_F32) {
            io->am[i] = abs ? 0x7fffffffu : ~0u;
            io->nm[i] = neg ? 0x80000000u : 0;
         } else if (t == VT_F16) {
            io->am[i] = abs ? 0x7fffu : 0xffffu;
            io->nm[i] = neg ? 0x8000u : 0;
         } else {
            io->am[i] = ~0u;
            io->nm[i] = 0;
         }
         io->sel[i] = (v->opsel >> i) & 1 ? 16 : 0;
         break;
      case VT_B64:
      case VT_I64:
      case VT_F64:
         if (enc >= SIM_SRC_VGPR0) {
            unsigned r = enc - SIM_SRC_VGPR0;
            io->s[i] = w->vgpr[r];
            io->sh[i] = w->vgpr[r < SIM_NUM_VGPRS - 1 ? r + 1 : r];
            io->m[i] = 63;
         } else {
            uint64_t x = sim_read_src64(w, in, enc, 0, t == VT_F64, t == VT_I64);
            io->u[i][0] = (uint32_t)x;
            io->u[i][1] = (uint32_t)(x >> 32);
            io->s[i] = &io->u[i][0];
            io->sh[i] = &io->u[i][1];
            io->m[i] = 0;
         }
         io->am[i] = t == VT_F64 && abs ? 0x7fffffffu : ~0u;
         io->nm[i] = t == VT_F64 && neg ? 0x80000000u : 0;
         break;
      case VT_MASK:
         io->mask_in = sim_read_src64(w, in, enc, 0, false, false);
         break;
      default:
         break;
      }
   }

   unsigned r = v->vdst;
   io->d = w->vgpr[r];
   io->dh = w->vgpr[r < SIM_NUM_VGPRS - 1 ? r + 1 : r];
   io->dsel = (v->opsel >> 3) & 1 ? 16 : 0;
}

static void
write_mask(struct sim_wave *w, unsigned sdst, uint64_t mask)
{
   if (w->wave_size == 32)
      sim_write_sdst32(w, sdst, (uint32_t)mask);
   else
      sim_write_sdst64(w, sdst, mask);
}

/* Output modifiers and lane-mask results. */
static void
finish(struct sim_wave *w, const struct sim_inst *in, const struct valu_desc *d, struct valu_io *io)
{
   const struct sim_valu_fields *v = &in->valu;

   if (SIM_UNLIKELY(v->clamp | v->omod) && !(d->flags & VALU_CLAMP_INT)) {
      struct sim_fp_env env;
      sim_fp_env_enter(&env, io->round, io->denorm);
      switch (d->dst) {
      case VT_F32:
         SIM_FOREACH_LANE(l, io->exec)
         io->d[l] = sim_f32_omod_clamp(io->d[l], v->omod, v->clamp, io->dx10);
         break;
      case VT_F64:
         SIM_FOREACH_LANE(l, io->exec)
         {
            uint64_t x = ((uint64_t)io->dh[l] << 32) | io->d[l];
            x = sim_f64_omod_clamp(x, v->omod, v->clamp, io->dx10);
            io->d[l] = (uint32_t)x;
            io->dh[l] = (uint32_t)(x >> 32);
         }
         break;
      case VT_F16:
         SIM_FOREACH_LANE(l, io->exec)
         {
            uint16_t x = (uint16_t)(io->d[l] >> io->dsel);
            x = sim_f16_omod_clamp(x, v->omod, v->clamp, io->dx10);
            io->d[l] = (io->d[l] & ~(0xffffu << io->dsel)) | ((uint32_t)x << io->dsel);
         }
         break;
      default:
         break;
      }
      sim_fp_env_leave(&env);
   }

   if (d->dst == VT_MASK) {
      if (d->flags & VALU_CMPX)
         sim_set_exec_mask(w, io->mask_out);
      else
         write_mask(w, v->sdst, io->mask_out);
   } else if (d->flags & VALU_CARRY_OUT) {
      write_mask(w, v->sdst, io->mask_out);
   }
}

void
valu_exec_plain(struct sim_wave *w, const struct sim_inst *in)
{
   const struct valu_desc *d = &valu_descs[in->op];
   struct valu_io io;
   setup(w, in, d, &io, sim_exec_mask(w));
   d->fn(w, in, &io);
   finish(w, in, d, &io);
}

/* DPP16 and DPP8: the op over lanes, with src0 read from a lane array. */
static void
exec_with_src0(struct sim_wave *w, const struct sim_inst *in, const struct valu_desc *d,
               uint64_t lanes, const uint32_t *src0)
{
   struct valu_io io;
   setup(w, in, d, &io, lanes);
   io.s[0] = src0;
   io.m[0] = 63;
   d->fn(w, in, &io);
   finish(w, in, d, &io);
}

/* ---------------------------------------------------------------------- */
/* DPP16: src0 is read from another lane of the same row of 16. Returns
 * the source lane, or -1 when it lies outside the row. */
static int
dpp16_source(unsigned ctrl, unsigned lane)
{
   unsigned row = lane & ~15u, idx = lane & 15;
   if (ctrl <= 0xff)
      return (int)((lane & ~3u) | ((ctrl >> (2 * (lane & 3))) & 3));
   if (ctrl >= 0x101 && ctrl <= 0x10f) { /* row_shl */
      unsigned n = ctrl & 15;
      return idx + n < 16 ? (int)(lane + n) : -1;
   }
   if (ctrl >= 0x111 && ctrl <= 0x11f) { /* row_shr */
      unsigned n = ctrl & 15;
      return idx >= n ? (int)(lane - n) : -1;
   }
   if (ctrl >= 0x121 && ctrl <= 0x12f) /* row_ror */
      return (int)(row | ((idx - (ctrl & 15)) & 15));
   if (ctrl == 0x140) /* row_mirror */
      return (int)(row | (15 - idx));
   if (ctrl == 0x141) /* row_half_mirror */
      return (int)((lane & ~7u) | (7 - (lane & 7)));
   if (ctrl >= 0x150 && ctrl <= 0x15f) /* row_share */
      return (int)(row | (ctrl & 15));
   if (ctrl >= 0x160 && ctrl <= 0x16f) /* row_xmask */
      return (int)(row | (idx ^ (ctrl & 15)));
   return -2; /* reserved control */
}

void
valu_exec_dpp16(struct sim_wave *w, const struct sim_inst *in)
{
   const struct valu_desc *d = &valu_descs[in->op];
   uint32_t e = in->valu.aux[VALU_AUX_DPP];
   unsigned ctrl = (e >> 8) & 0x1ff;
   bool fi = (e >> 18) & 1, bound_ctrl = (e >> 19) & 1;
   unsigned bank_mask = (e >> 24) & 0xf, row_mask = e >> 28;
   uint64_t exec = sim_exec_mask(w);
   const uint32_t *src = w->vgpr[in->valu.src[0] - SIM_SRC_VGPR0];
   uint32_t tmp[SIM_MAX_LANES];

   if (dpp16_source(ctrl, 0) == -2) {
      sim_wave_fault(w, KILN_SIM_FAULT_ILLEGAL, 0, false, "reserved dpp_ctrl 0x%x", ctrl);
      return;
   }
   uint64_t active = exec;
   SIM_FOREACH_LANE(l, exec)
   {
      if (!((row_mask >> (l >> 4)) & 1) || !((bank_mask >> ((l >> 2) & 3)) & 1)) {
         active &= ~(1ull << l);
         continue;
      }
      int s = dpp16_source(ctrl, l);
      bool valid = s >= 0 && (unsigned)s < w->wave_size && (fi || ((exec >> s) & 1));
      if (valid)
         tmp[l] = src[s];
      else if (bound_ctrl)
         tmp[l] = 0;
      else
         active &= ~(1ull << l);
   }

   exec_with_src0(w, in, d, active, tmp);
}

void
valu_exec_dpp8(struct sim_wave *w, const struct sim_inst *in)
{
   const struct valu_desc *d = &valu_descs[in->op];
   uint32_t e = in->valu.aux[VALU_AUX_DPP];
   bool fi = in->valu.aux[VALU_AUX_SRCIDX] != 0;
   uint64_t exec = sim_exec_mask(w);
   const uint32_t *src = w->vgpr[in->valu.src[0] - SIM_SRC_VGPR0];
   uint32_t tmp[SIM_MAX_LANES];

   SIM_FOREACH_LANE(l, exec)
   {
      unsigned s = (l & ~7u) | ((e >> (8 + 3 * (l & 7))) & 7);
      tmp[l] = (fi || ((exec >> s) & 1)) ? src[s] : 0;
   }

   exec_with_src0(w, in, d, exec, tmp);
}

/* ---------------------------------------------------------------------- */
/* SDWA: byte/word selection of src0/src1 and of the destination. */

enum { SDWA_BYTE0 = 0, SDWA_WORD0 = 4, SDWA_WORD1 = 5, SDWA_DWORD = 6 };

static inline uint32_t
sdwa_extract(uint32_t v, unsigned sel, bool sext)
{
   if (sel >= SDWA_DWORD)
      return v;
   unsigned shift = sel < 4 ? sel * 8 : (sel - 4) * 16;
   unsigned bits = sel < 4 ? 8 : 16;
   uint32_t x = (v >> shift) & ((1u << bits) - 1);
   return sext ? (uint32_t)valu_sext(x, bits) : x;
}

void
valu_exec_sdwa(struct sim_wave *w, const struct sim_inst *in)
{
   const struct valu_desc *d = &valu_descs[in->op];
   uint32_t e = in->valu.aux[VALU_AUX_SDWA];
   uint64_t exec = sim_exec_mask(w);
   bool vopc = d->dst == VT_MASK;
   uint32_t tmp[2][SIM_MAX_LANES];
   uint32_t dtmp[SIM_MAX_LANES];
   unsigned sel[2] = { (e >> 16) & 7, (e >> 24) & 7 };
   bool sext[2] = { (e >> 19) & 1, (e >> 27) & 1 };

   struct valu_io io;
   setup(w, in, d, &io, exec);
   for (unsigned i = 0; i < 2; i++) {
      if (!d->src[i] || d->src[i] == VT_MASK || (sel[i] >= SDWA_DWORD && !sext[i]))
         continue;
      SIM_FOREACH_LANE(l, exec)
      tmp[i][l] = sdwa_extract(io.s[i][l & io.m[i]], sel[i], sext[i]);
      io.s[i] = tmp[i];
      io.m[i] = 63;
      io.sel[i] = 0;
   }

   unsigned dst_sel = vopc ? SDWA_DWORD : (e >> 8) & 7;
   unsigned dst_unused = (e >> 11) & 3;
   uint32_t *real = io.d;
   if (dst_sel < SDWA_DWORD) {
      memcpy(dtmp, real, sizeof(dtmp));
      io.d = dtmp;
   }
   d->fn(w, in, &io);
   finish(w, in, d, &io);

   if (dst_sel < SDWA_DWORD) {
      unsigned shift = dst_sel < 4 ? dst_sel * 8 : (dst_sel - 4) * 16;
      unsigned bits = dst_sel < 4 ? 8 : 16;
      uint32_t field = ((1u << bits) - 1) << shift;
      SIM_FOREACH_LANE(l, exec)
      {
         uint32_t r = (dtmp[l] << shift) & field;
         if (dst_unused == 2)
            r |= real[l] & ~field;
         else if (dst_unused == 1 && (r >> (shift + bits - 1)) & 1)
            r |= ~0u << (shift + bits);
         real[l] = r;
      }
   }
}
