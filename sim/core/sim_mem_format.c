/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Formatted buffer access: buffer_load/store_format_* (format from the
 * V#) and tbuffer_* (MTBUF, format from the instruction).  The formats and
 * their conversions are the texture unit's (sim_image_format.c: every
 * gfx10 format OpenCL images use, the packed ones included, converted by
 * OpenCL's rules, so that an image1d_buffer, which ACO accesses with these
 * instructions, reads and writes like the other images), with the V#'s
 * dst_sel on loads and backwards on stores.  Formats outside that table
 * (10_11_11 floats ...) stop as unsupported, naming the format.
 */
#include <stdio.h>

#include "sim_image.h"
#include "sim_mem.h"
#include "valu/sim_fp.h"

static const struct sim_img_format *
format_of(struct sim_wave *w, const struct sim_inst *in)
{
   unsigned num = in->format == SIM_FMT_MTBUF ? in->buf.format
                                              : (w->sgpr[(in->buf.srsrc & 0x7c) + 3] >> 12) & 0x7f;
   const struct sim_img_format *f = sim_img_format_find(num);
   if (!f)
      sim_wave_fault(w, KILN_SIM_FAULT_UNSUPPORTED, 0, false,
                     "unsupported instruction %s with buffer format %u at PC 0x%" PRIx64,
                     sim_inst_name(in), num, w->pc);
   return f;
}

/* The V#'s DST_SEL_X/Y/Z/W (word3, 3 bits each, as in a T#). */
static void
dst_sel_of(const struct sim_wave *w, const struct sim_inst *in, uint8_t sel[4])
{
   uint32_t word3 = w->sgpr[(in->buf.srsrc & 0x7c) + 3];
   for (unsigned c = 0; c < 4; c++)
      sel[c] = (word3 >> (3 * c)) & 7;
}

static void
x_format_load(struct sim_wave *w, const struct sim_inst *in)
{
   const struct sim_opcode *op = &sim_opcodes[in->op];
   unsigned comps = op->data_dwords;
   bool d16 = op->flags & SIM_OPF_D16;
   const struct sim_img_format *f = format_of(w, in);
   if (!f)
      return;
   uint8_t sel[4];
   dst_sel_of(w, in, sel);
   bool is_int = sim_img_format_is_int(f);
   SIM_FOREACH_LANE(l, sim_exec_mask(w))
   {
      uint64_t a;
      struct sim_texel val = { { 0, 0, 0, 0 } };
      if (sim_buf_address(w, in, l, f->bytes, &a)) {
         uint8_t raw[16];
         if (!sim_seg_read(w, SIM_SEG_GLOBAL, a, l, raw, f->bytes))
            return;
         struct sim_texel t = sim_img_decode(f, raw);
         val = sim_texel_swizzle(sel, is_int, &t);
      }
      unsigned v = in->buf.vdata;
      if (!d16) {
         for (unsigned c = 0; c < comps; c++)
            w->vgpr[(v + c) & 0xff][l] = val.v[c];
         continue;
      }
      /* d16: 16-bit results packed two per register */
      for (unsigned c = 0; c < comps; c++) {
         uint16_t h =
            !is_int ? sim_f16_from_f32(sim_f32(val.v[c]), SIM_ROUND_NE, false) : (uint16_t)val.v[c];
         uint32_t *r = &w->vgpr[(v + c / 2) & 0xff][l];
         *r = c & 1 ? (*r & 0xffff) | (uint32_t)h << 16 : (*r & 0xffff0000) | h;
      }
   }
}

static void
x_format_store(struct sim_wave *w, const struct sim_inst *in)
{
   const struct sim_opcode *op = &sim_opcodes[in->op];
   unsigned comps = op->data_dwords;
   bool d16 = op->flags & SIM_OPF_D16;
   const struct sim_img_format *f = format_of(w, in);
   if (!f)
      return;
   uint8_t sel[4];
   dst_sel_of(w, in, sel);
   bool is_int = sim_img_format_is_int(f);
   SIM_FOREACH_LANE(l, sim_exec_mask(w))
   {
      uint64_t a;
      if (!sim_buf_address(w, in, l, f->bytes, &a))
         continue;
      struct sim_texel val = { { 0, 0, 0, 0 } }, raw = { { 0, 0, 0, 0 } };
      for (unsigned c = 0; c < comps; c++) {
         uint32_t v = w->vgpr[(in->buf.vdata + (d16 ? c / 2 : c)) & 0xff][l];
         if (d16) {
            uint16_t h = c & 1 ? v >> 16 : v & 0xffff;
            v = !is_int                  ? sim_u32(sim_f16_to_f32(h))
                : f->num == SIM_IMG_SINT ? (uint32_t)(int32_t)(int16_t)h
                                         : h;
         }
         val.v[c] = v;
      }
      unsigned all = (1u << f->channels) - 1;
      unsigned set = sim_texel_unswizzle(sel, (1u << comps) - 1, &val, &raw);
      /* a store of fewer components than the format has keeps the other
       * channels' memory; a full one writes 0 where dst_sel names no
       * component (the X2 of B10G10R10X2) */
      unsigned mask = comps >= f->channels ? all : set;
      uint8_t bytes[16] = { 0 };
      if ((mask & all) != all && !sim_seg_read(w, SIM_SEG_GLOBAL, a, l, bytes, f->bytes))
         return;
      sim_img_encode(f, &raw, mask, bytes);
      if (!sim_seg_write(w, SIM_SEG_GLOBAL, a, l, bytes, f->bytes))
         return;
   }
}

/* Binds the opcodes the generated table marks as format conversions
 * (not the d16_hi forms, which are not modelled). */
void
sim_format_bind(sim_exec_fn *table)
{
   for (unsigned op = 0; op < SIM_OP_COUNT; op++) {
      const struct sim_opcode *o = &sim_opcodes[op];
      if (o->flags & SIM_OPF_FORMAT)
         table[op] = (o->flags & SIM_OPF_STORE) ? x_format_store : x_format_load;
   }
}
