/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Formatted buffer access: buffer_load/store_format_* (format from the
 * V#) and tbuffer_* (MTBUF, format from the instruction), converting
 * between memory elements and 32-bit register values as the gfx10 unified
 * buffer formats define them (UNORM/SNORM to float, USCALED/SSCALED to
 * float, UINT/SINT extended, 16-bit floats widened), with the V#'s
 * dst_sel swizzle on loads.  The uniform formats (1 to 4 channels of 8,
 * 16 or 32 bits) are supported; packed ones (10_11_11, 2_10_10_10 ...)
 * stop as unsupported, naming the format.
 */
#include <math.h>
#include <stdio.h>

#include "sim_mem.h"
#include "valu/sim_fp.h"

/* 16-bit floats convert as the VALU converts them, rounding to nearest
 * even and keeping denormals. */
static uint32_t
half_to_f32_bits(uint16_t h)
{
   return sim_u32(sim_f16_to_f32(h));
}

static uint16_t
f32_bits_to_half(uint32_t v)
{
   return sim_f16_from_f32(sim_f32(v), SIM_ROUND_NE, false);
}

enum num { UNORM, SNORM, USCALED, SSCALED, UINT, SINT, FLOAT };

struct fmt {
   uint8_t channels, bits, num;
};

/* gfx10 unified format numbers (Mesa's gfx10-rsrc.json GFX10_FORMAT_*). */
static bool
lookup_format(unsigned f, struct fmt *out)
{
   static const struct {
      uint8_t first, last, channels, bits, first_num;
   } ranges[] = {
      {1, 6, 1, 8, UNORM},     {7, 13, 1, 16, UNORM},  {14, 19, 2, 8, UNORM},
      {20, 22, 1, 32, UINT},   {23, 29, 2, 16, UNORM}, {56, 61, 4, 8, UNORM},
      {62, 64, 2, 32, UINT},   {65, 71, 4, 16, UNORM}, {72, 74, 3, 32, UINT},
      {75, 77, 4, 32, UINT},
   };
   for (unsigned i = 0; i < sizeof(ranges) / sizeof(ranges[0]); i++) {
      if (f >= ranges[i].first && f <= ranges[i].last) {
         *out = (struct fmt){ranges[i].channels, ranges[i].bits,
                             ranges[i].first_num + f - ranges[i].first};
         return true;
      }
   }
   return false;
}

/* One channel's raw bits to its 32-bit register value. */
static uint32_t
decode_channel(const struct fmt *f, uint32_t raw)
{
   unsigned b = f->bits;
   uint32_t max = b == 32 ? ~0u : (1u << b) - 1;
   int32_t s = b == 32 ? (int32_t)raw : (int32_t)(raw << (32 - b)) >> (32 - b);
   switch (f->num) {
   case UNORM: return sim_u32((float)raw / max);
   case SNORM: return sim_u32(fmaxf((float)s / (max >> 1), -1.0f));
   case USCALED: return sim_u32((float)raw);
   case SSCALED: return sim_u32((float)s);
   case UINT: return raw;
   case SINT: return (uint32_t)s;
   default: return b == 16 ? half_to_f32_bits(raw) : raw;
   }
}

static uint32_t
encode_channel(const struct fmt *f, uint32_t v)
{
   unsigned b = f->bits;
   uint32_t max = b == 32 ? ~0u : (1u << b) - 1;
   float x = sim_f32(v);
   switch (f->num) {
   case UNORM: return (uint32_t)nearbyintf(fminf(fmaxf(x, 0.0f), 1.0f) * max);
   case SNORM:
      return (uint32_t)(int32_t)nearbyintf(fminf(fmaxf(x, -1.0f), 1.0f) * (max >> 1)) & max;
   case USCALED: return (uint32_t)fmaxf(x, 0.0f) & max;
   case SSCALED: return (uint32_t)(int32_t)x & max;
   case UINT:
   case SINT: return v & max;
   default: return b == 16 ? f32_bits_to_half(v) : v;
   }
}

static bool
format_of(struct sim_wave *w, const struct sim_inst *in, struct fmt *f)
{
   unsigned num = in->format == SIM_FMT_MTBUF ? in->buf.format
                                            : (w->sgpr[(in->buf.srsrc & 0x7c) + 3] >> 12) & 0x7f;
   if (lookup_format(num, f))
      return true;
   sim_wave_fault(w, KILN_SIM_FAULT_UNSUPPORTED, 0, false,
                  "unsupported instruction %s with buffer format %u at PC 0x%" PRIx64,
                  sim_inst_name(in), num, w->pc);
   return false;
}

/* Register value of component c (0..3) after the V#'s dst_sel swizzle. */
static uint32_t
swizzle(const struct fmt *f, const uint32_t *ch, unsigned sel)
{
   bool is_int = f->num == UINT || f->num == SINT;
   switch (sel) {
   case 0: return 0;
   case 1: return is_int ? 1 : 0x3f800000;
   case 4: case 5: case 6: case 7:
      if (sel - 4 < f->channels)
         return ch[sel - 4];
      return sel == 7 ? (is_int ? 1 : 0x3f800000) : 0;
   default: return 0;
   }
}

static void
x_format_load(struct sim_wave *w, const struct sim_inst *in)
{
   const struct sim_opcode *op = &sim_opcodes[in->op];
   unsigned comps = op->data_dwords;
   bool d16 = op->flags & SIM_OPF_D16;
   struct fmt f;
   if (!format_of(w, in, &f))
      return;
   uint32_t dst_sel = w->sgpr[(in->buf.srsrc & 0x7c) + 3] & 0xfff;
   unsigned bytes = f.channels * f.bits / 8;
   SIM_FOREACH_LANE(l, sim_exec_mask(w)) {
      uint64_t a;
      uint32_t ch[4] = {0}, val[4];
      if (sim_buf_address(w, in, l, bytes, &a)) {
         uint8_t raw[16];
         if (!sim_seg_read(w, SIM_SEG_GLOBAL, a, l, raw, bytes))
            return;
         for (unsigned c = 0; c < f.channels; c++) {
            uint32_t r = 0;
            memcpy(&r, raw + c * f.bits / 8, f.bits / 8);
            ch[c] = decode_channel(&f, r);
         }
         for (unsigned c = 0; c < 4; c++)
            val[c] = swizzle(&f, ch, (dst_sel >> (3 * c)) & 7);
      } else {
         memset(val, 0, sizeof(val));
      }
      unsigned v = in->buf.vdata;
      if (!d16) {
         for (unsigned c = 0; c < comps; c++)
            w->vgpr[(v + c) & 0xff][l] = val[c];
         continue;
      }
      /* d16: 16-bit results packed two per register */
      bool fp = f.num != UINT && f.num != SINT;
      for (unsigned c = 0; c < comps; c++) {
         uint16_t h = fp ? f32_bits_to_half(val[c]) : (uint16_t)val[c];
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
   struct fmt f;
   if (!format_of(w, in, &f))
      return;
   unsigned bytes = f.channels * f.bits / 8;
   bool fp = f.num != UINT && f.num != SINT;
   SIM_FOREACH_LANE(l, sim_exec_mask(w)) {
      uint64_t a;
      if (!sim_buf_address(w, in, l, bytes, &a))
         continue;
      uint8_t raw[16] = {0};
      /* channels the instruction does not provide keep memory's value */
      if (comps < f.channels && !sim_seg_read(w, SIM_SEG_GLOBAL, a, l, raw, bytes))
         return;
      for (unsigned c = 0; c < f.channels && c < comps; c++) {
         uint32_t v = w->vgpr[(in->buf.vdata + (d16 ? c / 2 : c)) & 0xff][l];
         if (d16) {
            uint16_t h = c & 1 ? v >> 16 : v & 0xffff;
            v = fp ? half_to_f32_bits(h) : h;
         }
         uint32_t r = encode_channel(&f, v);
         memcpy(raw + c * f.bits / 8, &r, f.bits / 8);
      }
      if (!sim_seg_write(w, SIM_SEG_GLOBAL, a, l, raw, bytes))
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
