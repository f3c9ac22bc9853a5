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

static float
u32_as_f(uint32_t u)
{
   float f;
   memcpy(&f, &u, 4);
   return f;
}

static uint32_t
f_as_u32(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

static float
half_to_float(uint16_t h)
{
   unsigned e = (h >> 10) & 0x1f, m = h & 0x3ff;
   float v = e == 0 ? ldexpf(m, -24) : e == 31 ? (m ? NAN : INFINITY) : ldexpf(m | 0x400, e - 25);
   return h & 0x8000 ? -v : v;
}

static uint16_t
float_to_half(float f)
{
   uint32_t u = f_as_u32(f), sign = (u >> 16) & 0x8000;
   float a = fabsf(f);
   if (isnan(f))
      return sign | 0x7e00;
   if (a >= 65520.0f)
      return sign | 0x7c00;
   if (a < ldexpf(1, -14)) /* subnormal half: multiples of 2^-24 */
      return sign | (uint16_t)nearbyintf(a * ldexpf(1, 24));
   int e;
   float m = frexpf(a, &e); /* a = m * 2^e, m in [0.5, 1) */
   uint32_t mant = (uint32_t)nearbyintf(m * 2048.0f); /* 11 bits incl. implicit */
   if (mant == 2048) {
      mant = 1024;
      e++;
   }
   return sign | (uint16_t)((e + 14) << 10) | (mant & 0x3ff);
}

/* One channel's raw bits to its 32-bit register value. */
static uint32_t
decode_channel(const struct fmt *f, uint32_t raw)
{
   unsigned b = f->bits;
   uint32_t max = b == 32 ? ~0u : (1u << b) - 1;
   int32_t s = b == 32 ? (int32_t)raw : (int32_t)(raw << (32 - b)) >> (32 - b);
   switch (f->num) {
   case UNORM: return f_as_u32((float)raw / max);
   case SNORM: return f_as_u32(fmaxf((float)s / (max >> 1), -1.0f));
   case USCALED: return f_as_u32((float)raw);
   case SSCALED: return f_as_u32((float)s);
   case UINT: return raw;
   case SINT: return (uint32_t)s;
   default: return b == 16 ? f_as_u32(half_to_float(raw)) : raw;
   }
}

static uint32_t
encode_channel(const struct fmt *f, uint32_t v)
{
   unsigned b = f->bits;
   uint32_t max = b == 32 ? ~0u : (1u << b) - 1;
   float x = u32_as_f(v);
   switch (f->num) {
   case UNORM: return (uint32_t)nearbyintf(fminf(fmaxf(x, 0.0f), 1.0f) * max);
   case SNORM:
      return (uint32_t)(int32_t)nearbyintf(fminf(fmaxf(x, -1.0f), 1.0f) * (max >> 1)) & max;
   case USCALED: return (uint32_t)fmaxf(x, 0.0f) & max;
   case SSCALED: return (uint32_t)(int32_t)x & max;
   case UINT:
   case SINT: return v & max;
   default: return b == 16 ? float_to_half(x) : v;
   }
}

struct format_op {
   uint8_t comps;
   bool store, d16, typed;
};

static struct format_op format_ops[SIM_OP_COUNT];

static bool
format_of(struct sim_wave *w, const struct sim_inst *in, struct fmt *f)
{
   unsigned num = format_ops[in->op].typed ? in->buf.format
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
   const struct format_op *op = &format_ops[in->op];
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
      if (!op->d16) {
         for (unsigned c = 0; c < op->comps; c++)
            w->vgpr[(v + c) & 0xff][l] = val[c];
         continue;
      }
      /* d16: 16-bit results packed two per register */
      bool fp = f.num != UINT && f.num != SINT;
      for (unsigned c = 0; c < op->comps; c++) {
         uint16_t h = fp ? float_to_half(u32_as_f(val[c])) : (uint16_t)val[c];
         uint32_t *r = &w->vgpr[(v + c / 2) & 0xff][l];
         *r = c & 1 ? (*r & 0xffff) | (uint32_t)h << 16 : (*r & 0xffff0000) | h;
      }
   }
}

static void
x_format_store(struct sim_wave *w, const struct sim_inst *in)
{
   const struct format_op *op = &format_ops[in->op];
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
      if (op->comps < f.channels && !sim_seg_read(w, SIM_SEG_GLOBAL, a, l, raw, bytes))
         return;
      for (unsigned c = 0; c < f.channels && c < op->comps; c++) {
         uint32_t v = w->vgpr[(in->buf.vdata + (op->d16 ? c / 2 : c)) & 0xff][l];
         if (op->d16) {
            uint16_t h = c & 1 ? v >> 16 : v & 0xffff;
            v = fp ? f_as_u32(half_to_float(h)) : h;
         }
         uint32_t r = encode_channel(&f, v);
         memcpy(raw + c * f.bits / 8, &r, f.bits / 8);
      }
      if (!sim_seg_write(w, SIM_SEG_GLOBAL, a, l, raw, bytes))
         return;
   }
}

void
sim_format_bind(sim_exec_fn *table)
{
   for (unsigned op = 0; op < SIM_OP_COUNT; op++) {
      const struct sim_opcode *o = &sim_opcodes[op];
      if ((o->format != SIM_FMT_MUBUF && o->format != SIM_FMT_MTBUF) ||
          !strstr(o->name, "_format_") || strstr(o->name, "d16_hi"))
         continue;
      const char *sw = strrchr(o->name, '_') + 1;
      struct format_op *f = &format_ops[op];
      f->comps = strlen(sw);
      f->store = strstr(o->name, "store") != NULL;
      f->d16 = strstr(o->name, "d16") != NULL;
      f->typed = o->format == SIM_FMT_MTBUF;
      table[op] = f->store ? x_format_store : x_format_load;
   }
}
