/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The CPU reference for OpenCL images (see image_ref.h): pixel layouts
 * from the channel orders' component lists (CL_BGRA is b, g, r, a in
 * increasing addresses; the packed RGB types put red in the high bits),
 * conversions as OpenCL C 2.0 8.3 writes them, and the sampler formulas
 * of 8.2, transcribed per addressing mode and filter.  16-bit floats go
 * through the compiler's _Float16.
 */
#include <math.h>
#include <string.h>

#include "image_ref.h"
#include "util/u_math.h"

static const char *
order_letters(cl_channel_order order)
{
   switch (order) {
   case CL_R:
      return "r";
   case CL_A:
      return "a";
   case CL_RG:
      return "rg";
   case CL_RA:
      return "ra";
   case CL_RGB:
      return "rgb";
   case CL_RGBA:
      return "rgba";
   case CL_BGRA:
      return "bgra";
   case CL_ARGB:
      return "argb";
   case CL_INTENSITY:
      return "i";
   case CL_LUMINANCE:
      return "l";
   case CL_sRGBA:
      return "rgba";
   case CL_sBGRA:
      return "bgra";
   default:
      return "";
   }
}

const char *
ref_order_name(cl_channel_order order)
{
   switch (order) {
   case CL_R:
      return "R";
   case CL_A:
      return "A";
   case CL_RG:
      return "RG";
   case CL_RA:
      return "RA";
   case CL_RGB:
      return "RGB";
   case CL_RGBA:
      return "RGBA";
   case CL_BGRA:
      return "BGRA";
   case CL_ARGB:
      return "ARGB";
   case CL_INTENSITY:
      return "INTENSITY";
   case CL_LUMINANCE:
      return "LUMINANCE";
   case CL_sRGBA:
      return "sRGBA";
   case CL_sBGRA:
      return "sBGRA";
   default:
      return "?";
   }
}

const char *
ref_type_name(cl_channel_type type)
{
   switch (type) {
   case CL_SNORM_INT8:
      return "SNORM_INT8";
   case CL_SNORM_INT16:
      return "SNORM_INT16";
   case CL_UNORM_INT8:
      return "UNORM_INT8";
   case CL_UNORM_INT16:
      return "UNORM_INT16";
   case CL_UNORM_SHORT_565:
      return "UNORM_SHORT_565";
   case CL_UNORM_SHORT_555:
      return "UNORM_SHORT_555";
   case CL_UNORM_INT_101010:
      return "UNORM_INT_101010";
   case CL_SIGNED_INT8:
      return "SIGNED_INT8";
   case CL_SIGNED_INT16:
      return "SIGNED_INT16";
   case CL_SIGNED_INT32:
      return "SIGNED_INT32";
   case CL_UNSIGNED_INT8:
      return "UNSIGNED_INT8";
   case CL_UNSIGNED_INT16:
      return "UNSIGNED_INT16";
   case CL_UNSIGNED_INT32:
      return "UNSIGNED_INT32";
   case CL_HALF_FLOAT:
      return "HALF_FLOAT";
   case CL_FLOAT:
      return "FLOAT";
   default:
      return "?";
   }
}

static bool
type_is_packed(cl_channel_type type)
{
   return type == CL_UNORM_SHORT_565 || type == CL_UNORM_SHORT_555 || type == CL_UNORM_INT_101010;
}

bool
ref_type_is_signed_int(cl_channel_type type)
{
   return type == CL_SIGNED_INT8 || type == CL_SIGNED_INT16 || type == CL_SIGNED_INT32;
}

bool
ref_type_is_int(cl_channel_type type)
{
   return ref_type_is_signed_int(type) || type == CL_UNSIGNED_INT8 || type == CL_UNSIGNED_INT16 ||
          type == CL_UNSIGNED_INT32;
}

bool
ref_order_has_alpha(cl_channel_order order)
{
   return strchr(order_letters(order), 'a') || order == CL_INTENSITY;
}

bool
ref_format_valid(struct ref_format f)
{
   if ((f.order == CL_RGB) != type_is_packed(f.type))
      return false;
   if (f.order == CL_sRGBA || f.order == CL_sBGRA)
      return f.type == CL_UNORM_INT8;
   if (f.order == CL_BGRA || f.order == CL_ARGB)
      return f.type == CL_UNORM_INT8 || f.type == CL_SNORM_INT8 || f.type == CL_SIGNED_INT8 ||
             f.type == CL_UNSIGNED_INT8;
   if (f.order == CL_INTENSITY || f.order == CL_LUMINANCE)
      return f.type == CL_UNORM_INT8 || f.type == CL_UNORM_INT16 || f.type == CL_SNORM_INT8 ||
             f.type == CL_SNORM_INT16 || f.type == CL_HALF_FLOAT || f.type == CL_FLOAT;
   return true;
}

static unsigned
type_bytes(cl_channel_type type)
{
   switch (type) {
   case CL_SNORM_INT8:
   case CL_UNORM_INT8:
   case CL_SIGNED_INT8:
   case CL_UNSIGNED_INT8:
      return 1;
   case CL_SIGNED_INT32:
   case CL_UNSIGNED_INT32:
   case CL_FLOAT:
   case CL_UNORM_INT_101010:
      return 4;
   default:
      return 2;
   }
}

unsigned
ref_pixel_bytes(struct ref_format f)
{
   if (type_is_packed(f.type))
      return type_bytes(f.type);
   return type_bytes(f.type) * strlen(order_letters(f.order));
}

/* One element of a non-packed type to the value read_image returns. */
static uint32_t
read_element(cl_channel_type type, const uint8_t *p)
{
   uint8_t u8 = p[0];
   uint16_t u16;
   uint32_t u32;
   _Float16 h;
   memcpy(&u16, p, 2);
   memcpy(&u32, p, 4);
   memcpy(&h, p, 2);
   switch (type) {
   case CL_UNORM_INT8:
      return fui((float)u8 / 255.0f);
   case CL_UNORM_INT16:
      return fui((float)u16 / 65535.0f);
   case CL_SNORM_INT8:
      return fui(fmaxf(-1.0f, (float)(int8_t)u8 / 127.0f));
   case CL_SNORM_INT16:
      return fui(fmaxf(-1.0f, (float)(int16_t)u16 / 32767.0f));
   case CL_SIGNED_INT8:
      return (uint32_t)(int32_t)(int8_t)u8;
   case CL_SIGNED_INT16:
      return (uint32_t)(int32_t)(int16_t)u16;
   case CL_UNSIGNED_INT8:
      return u8;
   case CL_UNSIGNED_INT16:
      return u16;
   case CL_HALF_FLOAT:
      return fui((float)h);
   default:
      return u32; /* 32-bit integers and floats as they are */
   }
}

/* convert_<type>_sat_rte of a float: NaN to 0, saturated, ties to even. */
static int64_t
sat_rte(float x, int64_t lo, int64_t hi)
{
   if (isnan(x))
      return 0;
   if ((double)x <= (double)lo)
      return lo;
   if ((double)x >= (double)hi)
      return hi;
   return (int64_t)rint((double)x);
}

static int64_t
clamp64(int64_t v, int64_t lo, int64_t hi)
{
   return v < lo ? lo : v > hi ? hi : v;
}

static void
write_element(cl_channel_type type, uint32_t v, uint8_t *p)
{
   float f = uif(v);
   uint32_t r;
   _Float16 h;
   switch (type) {
   case CL_UNORM_INT8:
      r = (uint32_t)sat_rte(f * 255.0f, 0, 255);
      break;
   case CL_UNORM_INT16:
      r = (uint32_t)sat_rte(f * 65535.0f, 0, 65535);
      break;
   case CL_SNORM_INT8:
      r = (uint32_t)sat_rte(f * 127.0f, -128, 127);
      break;
   case CL_SNORM_INT16:
      r = (uint32_t)sat_rte(f * 32767.0f, -32768, 32767);
      break;
   case CL_SIGNED_INT8:
      r = (uint32_t)clamp64((int32_t)v, -128, 127);
      break;
   case CL_SIGNED_INT16:
      r = (uint32_t)clamp64((int32_t)v, -32768, 32767);
      break;
   case CL_UNSIGNED_INT8:
      r = v > 255 ? 255 : v;
      break;
   case CL_UNSIGNED_INT16:
      r = v > 65535 ? 65535 : v;
      break;
   case CL_HALF_FLOAT:
      h = (_Float16)f;
      memcpy(p, &h, 2);
      return;
   default:
      r = v;
      break;
   }
   memcpy(p, &r, type_bytes(type)); /* little-endian host */
}

/* Red, green and blue widths of the packed types (alpha reads as 1). */
static void
packed_widths(cl_channel_type type, unsigned bits[3])
{
   bits[0] = type == CL_UNORM_INT_101010 ? 10 : 5;
   bits[1] = type == CL_UNORM_INT_101010 ? 10 : type == CL_UNORM_SHORT_565 ? 6 : 5;
   bits[2] = bits[0];
}

static bool
order_is_srgb(cl_channel_order order)
{
   return order == CL_sRGBA || order == CL_sBGRA;
}

/* 8.3.1.5: an sRGB colour channel's value in linear space. */
static float
from_srgb(float c)
{
   if (c <= 0.04045f)
      return c / 12.92f;
   return powf((c + 0.055f) / 1.055f, 2.4f);
}

/* 8.3.2.5: a linear value in sRGB space, before the 8-bit conversion. */
static float
to_srgb(float c)
{
   if (isnan(c))
      return 0.0f;
   if (c > 1.0f)
      return 1.0f;
   if (c < 0.0f)
      return 0.0f;
   if (c < 0.0031308f)
      return 12.92f * c;
   return 1.055f * powf(c, 1.0f / 2.4f) - 0.055f;
}

void
ref_read_pixel(struct ref_format f, const uint8_t *px, uint32_t out[4])
{
   bool is_int = ref_type_is_int(f.type);
   uint32_t one = is_int ? 1 : fui(1.0f);
   out[0] = out[1] = out[2] = 0;
   out[3] = one;
   if (type_is_packed(f.type)) {
      unsigned bits[3];
      uint32_t v = 0;
      packed_widths(f.type, bits);
      memcpy(&v, px, type_bytes(f.type));
      /* blue in the low bits, then green, then red */
      unsigned shift = 0;
      for (int c = 2; c >= 0; c--) {
         uint32_t max = (1u << bits[c]) - 1;
         out[c] = fui((float)((v >> shift) & max) / (float)max);
         shift += bits[c];
      }
      return;
   }
   const char *letters = order_letters(f.order);
   for (unsigned i = 0; letters[i]; i++) {
      uint32_t v = read_element(f.type, px + i * type_bytes(f.type));
      if (order_is_srgb(f.order) && letters[i] != 'a')
         v = fui(from_srgb(uif(v)));
      switch (letters[i]) {
      case 'r':
         out[0] = v;
         break;
      case 'g':
         out[1] = v;
         break;
      case 'b':
         out[2] = v;
         break;
      case 'a':
         out[3] = v;
         break;
      case 'i':
         out[0] = out[1] = out[2] = out[3] = v;
         break;
      case 'l':
         out[0] = out[1] = out[2] = v;
         break;
      }
   }
}

void
ref_write_pixel(struct ref_format f, const uint32_t in[4], uint8_t *px)
{
   if (type_is_packed(f.type)) {
      unsigned bits[3], shift = 0;
      uint32_t v = 0;
      packed_widths(f.type, bits);
      for (int c = 2; c >= 0; c--) {
         uint32_t max = (1u << bits[c]) - 1;
         v |= (uint32_t)sat_rte(uif(in[c]) * (float)max, 0, max) << shift;
         shift += bits[c];
      }
      memcpy(px, &v, type_bytes(f.type));
      return;
   }
   const char *letters = order_letters(f.order);
   for (unsigned i = 0; letters[i]; i++) {
      const char *rgba = "rgba";
      const char *pos = strchr(rgba, letters[i]);
      uint32_t v = pos ? in[pos - rgba] : in[0]; /* intensity and luminance: red */
      if (order_is_srgb(f.order) && letters[i] != 'a')
         v = fui(to_srgb(uif(v)));
      write_element(f.type, v, px + i * type_bytes(f.type));
   }
}

/* ------------------------------------------------------------------ */
/* Sampling (OpenCL 2.0 8.2). */

static int
address_clamp(cl_addressing_mode mode, int i, int size)
{
   if (mode == CL_ADDRESS_CLAMP)
      return i < -1 ? -1 : i > size ? size : i;
   /* CLAMP_TO_EDGE, and NONE (only ever given coordinates in range) */
   return i < 0 ? 0 : i > size - 1 ? size - 1 : i;
}

static float
frac(float x)
{
   return x - floorf(x);
}

static int
nearest_index(const struct ref_sampler *s, float coord, int size)
{
   switch (s->addressing) {
   case CL_ADDRESS_REPEAT: {
      float u = (coord - floorf(coord)) * size;
      int i = (int)floorf(u);
      return i > size - 1 ? 0 : i;
   }
   case CL_ADDRESS_MIRRORED_REPEAT: {
      float sp = 2.0f * rintf(0.5f * coord);
      sp = fabsf(coord - sp);
      float u = sp * size;
      int i = (int)floorf(u);
      return i < size - 1 ? i : size - 1;
   }
   default: {
      float u = s->normalized ? coord * size : coord;
      return address_clamp(s->addressing, (int)floorf(u), size);
   }
   }
}

static void
linear_index(const struct ref_sampler *s, float coord, int size, int *i0, int *i1, float *a)
{
   switch (s->addressing) {
   case CL_ADDRESS_REPEAT: {
      float u = (coord - floorf(coord)) * size;
      *i0 = (int)floorf(u - 0.5f);
      *i1 = *i0 + 1;
      if (*i0 < 0)
         *i0 = size + *i0;
      if (*i1 > size - 1)
         *i1 = *i1 - size;
      *a = frac(u - 0.5f);
      return;
   }
   case CL_ADDRESS_MIRRORED_REPEAT: {
      float sp = 2.0f * rintf(0.5f * coord);
      sp = fabsf(coord - sp);
      float u = sp * size;
      *i0 = (int)floorf(u - 0.5f);
      *i1 = *i0 + 1;
      *i0 = *i0 > 0 ? *i0 : 0;
      *i1 = *i1 < size - 1 ? *i1 : size - 1;
      *a = frac(u - 0.5f);
      return;
   }
   default: {
      float u = s->normalized ? coord * size : coord;
      *i0 = address_clamp(s->addressing, (int)floorf(u - 0.5f), size);
      *i1 = address_clamp(s->addressing, (int)floorf(u - 0.5f) + 1, size);
      *a = frac(u - 0.5f);
      return;
   }
   }
}

/* The pixel at (i, j, k) (k the depth slice or layer), or the border
 * colour outside the image. */
static void
texel(const struct ref_image *img, int i, int j, int k, int layer, float out[4], uint32_t raw[4])
{
   int size[3] = { (int)img->width, (int)img->height, (int)img->depth };
   int idx[3] = { i, j, k };
   bool inside = true;
   for (unsigned d = 0; d < img->dims; d++)
      inside &= idx[d] >= 0 && idx[d] < size[d];
   if (!inside) {
      bool is_int = ref_type_is_int(img->fmt.type);
      raw[0] = raw[1] = raw[2] = 0;
      raw[3] = ref_order_has_alpha(img->fmt.order) ? 0 : is_int ? 1 : fui(1.0f);
   } else {
      size_t slice = img->array ? (size_t)layer : img->dims == 3 ? (size_t)k : 0;
      size_t row = img->dims >= 2 ? (size_t)j : 0;
      const uint8_t *p = img->data + slice * img->slice_pitch + row * img->row_pitch +
                         (size_t)i * ref_pixel_bytes(img->fmt);
      ref_read_pixel(img->fmt, p, raw);
   }
   for (unsigned c = 0; c < 4; c++)
      out[c] = uif(raw[c]);
}

void
ref_sample(const struct ref_image *img, const struct ref_sampler *s, const float *coord,
           uint32_t out[4])
{
   int size[3] = { (int)img->width, (int)img->height, (int)img->depth };
   int layer = 0;
   if (img->array) {
      float l = rintf(coord[img->dims]);
      layer = l < 0.0f ? 0 : l > (float)(img->layers - 1) ? (int)img->layers - 1 : (int)l;
   }
   float t[8][4];
   uint32_t raw[4];

   if (s->filter == CL_FILTER_NEAREST || ref_type_is_int(img->fmt.type)) {
      int idx[3] = { 0, 0, 0 };
      for (unsigned d = 0; d < img->dims; d++)
         idx[d] = nearest_index(s, coord[d], size[d]);
      texel(img, idx[0], idx[1], idx[2], layer, t[0], out);
      return;
   }

   int i0, i1, j0 = 0, j1 = 0, k0 = 0, k1 = 0;
   float a, b = 0.0f, c = 0.0f;
   linear_index(s, coord[0], size[0], &i0, &i1, &a);
   if (img->dims >= 2)
      linear_index(s, coord[1], size[1], &j0, &j1, &b);
   if (img->dims == 3)
      linear_index(s, coord[2], size[2], &k0, &k1, &c);

   float r[4];
   if (img->dims == 1) {
      texel(img, i0, 0, 0, layer, t[0], raw);
      texel(img, i1, 0, 0, layer, t[1], raw);
      for (unsigned ch = 0; ch < 4; ch++)
         r[ch] = (1 - a) * t[0][ch] + a * t[1][ch];
   } else if (img->dims == 2) {
      texel(img, i0, j0, 0, layer, t[0], raw);
      texel(img, i1, j0, 0, layer, t[1], raw);
      texel(img, i0, j1, 0, layer, t[2], raw);
      texel(img, i1, j1, 0, layer, t[3], raw);
      for (unsigned ch = 0; ch < 4; ch++)
         r[ch] = (1 - a) * (1 - b) * t[0][ch] + a * (1 - b) * t[1][ch] + (1 - a) * b * t[2][ch] +
                 a * b * t[3][ch];
   } else {
      texel(img, i0, j0, k0, layer, t[0], raw);
      texel(img, i1, j0, k0, layer, t[1], raw);
      texel(img, i0, j1, k0, layer, t[2], raw);
      texel(img, i1, j1, k0, layer, t[3], raw);
      texel(img, i0, j0, k1, layer, t[4], raw);
      texel(img, i1, j0, k1, layer, t[5], raw);
      texel(img, i0, j1, k1, layer, t[6], raw);
      texel(img, i1, j1, k1, layer, t[7], raw);
      for (unsigned ch = 0; ch < 4; ch++)
         r[ch] = (1 - a) * (1 - b) * (1 - c) * t[0][ch] + a * (1 - b) * (1 - c) * t[1][ch] +
                 (1 - a) * b * (1 - c) * t[2][ch] + a * b * (1 - c) * t[3][ch] +
                 (1 - a) * (1 - b) * c * t[4][ch] + a * (1 - b) * c * t[5][ch] +
                 (1 - a) * b * c * t[6][ch] + a * b * c * t[7][ch];
   }
   for (unsigned ch = 0; ch < 4; ch++)
      out[ch] = fui(r[ch]);
}
