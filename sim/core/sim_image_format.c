/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Texel formats of the emulated texture unit: the gfx10 image formats
 * (the unified IMG_FORMAT table of Mesa's register database, by name)
 * that OpenCL's image formats map to, and the conversion of one texel
 * between its memory bytes and the shader's 32-bit register values.
 *
 * The conversions are the OpenCL specification's (OpenCL C 2.0, 8.3):
 * a normalised channel reads as c / (2^n - 1), or max(-1, c / (2^(n-1) -
 * 1)) when signed, and is written as the saturated, round-to-nearest-even
 * conversion of f * (2^n - 1) (f * (2^(n-1) - 1) when signed) to the
 * channel's integer type, NaN giving 0; integer channels saturate to
 * their range on writes; 16-bit floats round to nearest even.  Packed
 * formats (5_6_5, 1_5_5_5, 2_10_10_10 ...) are channels of their own
 * widths, the first named in the highest bits.  The sRGB formats decode
 * their X, Y and Z channels with the specification's sRGB-to-linear curve
 * and encode with its linear-to-sRGB one (8.3.1.5, 8.3.2.5); W is plain
 * UNORM.  These are the conversions kiln promises OpenCL programs; where a
 * real RDNA2 texture unit rounds or clamps otherwise (say, SNORM writes
 * below -1, which the specification makes -128), the emulator does not
 * model it.
 */
#include <math.h>

#include "sid.h"
#include "sim_image.h"
#include "valu/sim_fp.h"

#define FMT(name, ch, b0, b1, b2, b3, num)                                                         \
   {                                                                                               \
      V_008F0C_GFX10_FORMAT_##name, ((b0) + (b1) + (b2) + (b3)) / 8, ch, { b0, b1, b2, b3 },       \
         SIM_IMG_##num                                                                             \
   }

/* Every number type of a uniform format of n channels of b bits. */
#define NORM_INT(prefix, ch, b0, b1, b2, b3)                                                       \
   FMT(prefix##_UNORM, ch, b0, b1, b2, b3, UNORM), FMT(prefix##_SNORM, ch, b0, b1, b2, b3, SNORM), \
      FMT(prefix##_USCALED, ch, b0, b1, b2, b3, USCALED),                                          \
      FMT(prefix##_SSCALED, ch, b0, b1, b2, b3, SSCALED),                                          \
      FMT(prefix##_UINT, ch, b0, b1, b2, b3, UINT), FMT(prefix##_SINT, ch, b0, b1, b2, b3, SINT)

/* Every number type of a format of 32-bit channels: gfx10 has no
 * normalised or scaled ones. */
#define INT_FLOAT_32(prefix, ch, b1, b2, b3)                                                       \
   FMT(prefix##_UINT, ch, 32, b1, b2, b3, UINT), FMT(prefix##_SINT, ch, 32, b1, b2, b3, SINT),     \
      FMT(prefix##_FLOAT, ch, 32, b1, b2, b3, FLOAT)

static const struct sim_img_format formats[] = {
   NORM_INT(8, 1, 8, 0, 0, 0),
   NORM_INT(16, 1, 16, 0, 0, 0),
   FMT(16_FLOAT, 1, 16, 0, 0, 0, FLOAT),
   NORM_INT(8_8, 2, 8, 8, 0, 0),
   INT_FLOAT_32(32, 1, 0, 0, 0),
   NORM_INT(16_16, 2, 16, 16, 0, 0),
   FMT(16_16_FLOAT, 2, 16, 16, 0, 0, FLOAT),
   NORM_INT(10_10_10_2, 4, 2, 10, 10, 10),
   NORM_INT(2_10_10_10, 4, 10, 10, 10, 2),
   NORM_INT(8_8_8_8, 4, 8, 8, 8, 8),
   INT_FLOAT_32(32_32, 2, 32, 0, 0),
   NORM_INT(16_16_16_16, 4, 16, 16, 16, 16),
   FMT(16_16_16_16_FLOAT, 4, 16, 16, 16, 16, FLOAT),
   INT_FLOAT_32(32_32_32, 3, 32, 32, 0),
   INT_FLOAT_32(32_32_32_32, 4, 32, 32, 32),
   FMT(5_6_5_UNORM, 3, 5, 6, 5, 0, UNORM),
   FMT(1_5_5_5_UNORM, 4, 5, 5, 5, 1, UNORM),
   FMT(5_5_5_1_UNORM, 4, 1, 5, 5, 5, UNORM),
   FMT(4_4_4_4_UNORM, 4, 4, 4, 4, 4, UNORM),
   FMT(8_SRGB, 1, 8, 0, 0, 0, SRGB),
   FMT(8_8_SRGB, 2, 8, 8, 0, 0, SRGB),
   FMT(8_8_8_8_SRGB, 4, 8, 8, 8, 8, SRGB),
};

const struct sim_img_format *
sim_img_format_find(unsigned hw_format)
{
   for (unsigned i = 0; i < sizeof(formats) / sizeof(formats[0]); i++) {
      if (formats[i].hw == hw_format)
         return &formats[i];
   }
   return NULL;
}

/* n bits at bit offset off of a little-endian texel (n <= 32). */
static uint32_t
get_bits(const uint8_t *src, unsigned off, unsigned n)
{
   uint64_t v = 0;
   unsigned first = off / 8, last = (off + n - 1) / 8;
   for (unsigned i = first; i <= last; i++)
      v |= (uint64_t)src[i] << (8 * (i - first));
   v >>= off % 8;
   return n == 32 ? (uint32_t)v : (uint32_t)v & ((1u << n) - 1);
}

static void
put_bits(uint8_t *dst, unsigned off, unsigned n, uint32_t v)
{
   for (unsigned i = 0; i < n; i++) {
      unsigned b = off + i;
      dst[b / 8] = (dst[b / 8] & ~(1u << (b % 8))) | ((v >> i) & 1) << (b % 8);
   }
}

static float
srgb_to_linear(float c)
{
   return c <= 0.04045f ? c / 12.92f : powf((c + 0.055f) / 1.055f, 2.4f);
}

static float
linear_to_srgb(float c)
{
   if (isnan(c))
      c = 0.0f;
   if (c > 1.0f)
      c = 1.0f;
   else if (c < 0.0f)
      c = 0.0f;
   else if (c < 0.0031308f)
      c = 12.92f * c;
   else
      c = 1.055f * powf(c, 1.0f / 2.4f) - 0.055f;
   return c;
}

static uint32_t
decode_channel(unsigned num, unsigned bits, uint32_t raw)
{
   uint32_t umax = bits == 32 ? ~0u : (1u << bits) - 1;
   int32_t s = bits == 32 ? (int32_t)raw : (int32_t)(raw << (32 - bits)) >> (32 - bits);
   switch (num) {
   case SIM_IMG_UNORM:
      return sim_u32((float)raw / (float)umax);
   case SIM_IMG_SRGB:
      return sim_u32(srgb_to_linear((float)raw / (float)umax));
   case SIM_IMG_SNORM:
      return sim_u32(fmaxf(-1.0f, (float)s / (float)(umax >> 1)));
   case SIM_IMG_USCALED:
      return sim_u32((float)raw);
   case SIM_IMG_SSCALED:
      return sim_u32((float)s);
   case SIM_IMG_UINT:
      return raw;
   case SIM_IMG_SINT:
      return (uint32_t)s;
   default:
      return bits == 16 ? sim_u32(sim_f16_to_f32(raw)) : raw;
   }
}

/* The saturated round-to-nearest-even conversion of a float to the
 * integer range [lo, hi] (OpenCL's convert_<type>_sat_rte); NaN is 0. */
static int64_t
float_to_int_sat(float f, int64_t lo, int64_t hi)
{
   if (isnan(f))
      return 0;
   if (f <= (float)lo)
      return lo;
   if (f >= (float)hi)
      return hi;
   return (int64_t)nearbyint((double)f);
}

static uint32_t
encode_channel(unsigned num, unsigned bits, uint32_t v)
{
   uint32_t umax = bits == 32 ? ~0u : (1u << bits) - 1;
   int64_t smax = umax >> 1, smin = -smax - 1;
   float f = sim_f32(v);
   switch (num) {
   case SIM_IMG_UNORM:
      return (uint32_t)float_to_int_sat(f * (float)umax, 0, umax);
   case SIM_IMG_SRGB:
      return (uint32_t)float_to_int_sat(linear_to_srgb(f) * (float)umax, 0, umax);
   case SIM_IMG_SNORM:
      return (uint32_t)float_to_int_sat(f * (float)smax, smin, smax) & umax;
   case SIM_IMG_USCALED:
      return (uint32_t)float_to_int_sat(f, 0, umax);
   case SIM_IMG_SSCALED:
      return (uint32_t)float_to_int_sat(f, smin, smax) & umax;
   case SIM_IMG_UINT:
      return v > umax ? umax : v;
   case SIM_IMG_SINT: {
      int32_t s = (int32_t)v;
      return (uint32_t)(s < smin ? smin : s > smax ? smax : s) & umax;
   }
   default:
      return bits == 16 ? sim_f16_from_f32(f, SIM_ROUND_NE, false) : v;
   }
}

/* The number type of channel c: an sRGB format's W is plain UNORM. */
static unsigned
channel_num(const struct sim_img_format *f, unsigned c)
{
   return f->num == SIM_IMG_SRGB && c == 3 ? SIM_IMG_UNORM : f->num;
}

struct sim_texel
sim_img_decode(const struct sim_img_format *f, const uint8_t *src)
{
   bool is_int = sim_img_format_is_int(f);
   struct sim_texel t = { { 0, 0, 0, is_int ? 1 : 0x3f800000u } };
   unsigned off = 0;
   for (unsigned c = 0; c < f->channels; c++) {
      t.v[c] = decode_channel(channel_num(f, c), f->bits[c], get_bits(src, off, f->bits[c]));
      off += f->bits[c];
   }
   return t;
}

void
sim_img_encode(const struct sim_img_format *f, const struct sim_texel *t, unsigned mask,
               uint8_t *dst)
{
   unsigned off = 0;
   for (unsigned c = 0; c < f->channels; c++) {
      if (mask & (1u << c))
         put_bits(dst, off, f->bits[c], encode_channel(channel_num(f, c), f->bits[c], t->v[c]));
      off += f->bits[c];
   }
}

struct sim_texel
sim_texel_swizzle(const uint8_t dst_sel[4], bool is_int, const struct sim_texel *raw)
{
   struct sim_texel t;
   for (unsigned i = 0; i < 4; i++) {
      unsigned sel = dst_sel[i];
      if (sel >= V_008F1C_SQ_SEL_X && sel <= V_008F1C_SQ_SEL_W)
         t.v[i] = raw->v[sel - V_008F1C_SQ_SEL_X];
      else if (sel == V_008F1C_SQ_SEL_1)
         t.v[i] = is_int ? 1 : 0x3f800000u;
      else
         t.v[i] = 0;
   }
   return t;
}

/* Stores go through dst_sel backwards: radv and radeonsi give a
 * B8G8R8A8 storage image the format's swizzle and no other handling. */
unsigned
sim_texel_unswizzle(const uint8_t dst_sel[4], unsigned provided, const struct sim_texel *val,
                    struct sim_texel *raw)
{
   unsigned set = 0;
   for (unsigned c = 0; c < 4; c++) {
      for (unsigned i = 0; i < 4; i++) {
         if ((provided & (1u << i)) && dst_sel[i] == V_008F1C_SQ_SEL_X + c) {
            raw->v[c] = val->v[i];
            set |= 1u << c;
            break;
         }
      }
   }
   return set;
}
