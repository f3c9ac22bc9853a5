/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * References for tests/kernels/images: image reads, writes, sampled reads,
 * queries and read_write updates, from the OpenCL 2.0 specification alone:
 * the memory layout of the image formats (5.3.1.1), the conversions
 * between a channel and the kernel's values (8.3: sRGB channels to linear
 * by 8.3.5's curve, normalised integers to
 * float by division, float to normalised integers by convert_*_sat_rte
 * of the scaled value, integers saturated), the channel mapping of the
 * orders (read_imagef of CL_R is (r, 0, 0, 1), of CL_INTENSITY (I, I, I,
 * I)...), and the sampler's addressing and filtering formulas (8.2), with
 * the border colour of CL_ADDRESS_CLAMP (0,0,0,0), or (0,0,0,1) for an
 * order without alpha.  Sampled cases use coordinates whose filter weights
 * are multiples of 1/4, which any filtering precision represents exactly.
 */
#include "ref.h"

#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>

#include <stdlib.h>

#include "util/u_math.h"

/* --- formats --------------------------------------------------------- */

/* Bits of the format's channels in memory order, and their kind. */
static unsigned
channel_bits(uint32_t type)
{
   switch (type) {
   case CL_SNORM_INT8:
   case CL_UNORM_INT8:
   case CL_SIGNED_INT8:
   case CL_UNSIGNED_INT8:
      return 8;
   case CL_SIGNED_INT32:
   case CL_UNSIGNED_INT32:
   case CL_FLOAT:
      return 32;
   default:
      return 16;
   }
}

static bool
is_packed(uint32_t type)
{
   return type == CL_UNORM_SHORT_565 || type == CL_UNORM_SHORT_555 || type == CL_UNORM_INT_101010;
}

/* The memory channels of an order, as indices into (r, g, b, a); for
 * INTENSITY and LUMINANCE the one channel is 'r'. */
static unsigned
order_channels(uint32_t order, unsigned map[4])
{
   switch (order) {
   case CL_A:
      map[0] = 3;
      return 1;
   case CL_RG:
      map[0] = 0;
      map[1] = 1;
      return 2;
   case CL_RA:
      map[0] = 0;
      map[1] = 3;
      return 2;
   case CL_RGB:
      map[0] = 0;
      map[1] = 1;
      map[2] = 2;
      return 3;
   case CL_RGBA:
      map[0] = 0;
      map[1] = 1;
      map[2] = 2;
      map[3] = 3;
      return 4;
   case CL_BGRA:
      map[0] = 2;
      map[1] = 1;
      map[2] = 0;
      map[3] = 3;
      return 4;
   case CL_sRGBA:
      map[0] = 0;
      map[1] = 1;
      map[2] = 2;
      map[3] = 3;
      return 4;
   case CL_sBGRA:
      map[0] = 2;
      map[1] = 1;
      map[2] = 0;
      map[3] = 3;
      return 4;
   case CL_ARGB:
      map[0] = 3;
      map[1] = 0;
      map[2] = 1;
      map[3] = 2;
      return 4;
   default:
      map[0] = 0;
      return 1; /* R, INTENSITY, LUMINANCE */
   }
}

static bool
has_alpha(uint32_t order)
{
   return order == CL_A || order == CL_RA || order == CL_RGBA || order == CL_BGRA ||
          order == CL_ARGB || order == CL_INTENSITY || order == CL_sRGBA || order == CL_sBGRA;
}

static unsigned
pixel_bytes(const struct kiln_run_image *img)
{
   unsigned map[4];
   if (is_packed(img->data_type))
      return img->data_type == CL_UNORM_INT_101010 ? 4 : 2;
   return order_channels(img->order, map) * channel_bits(img->data_type) / 8;
}

/* Raw channel c (memory order) of pixel p. */
static uint32_t
raw_channel(const struct kiln_run_arg *a, size_t p, unsigned c)
{
   const uint8_t *px = (const uint8_t *)a->data + p * pixel_bytes(&a->image);
   const uint32_t type = a->image.data_type;
   if (is_packed(type)) {
      uint32_t w = 0;
      memcpy(&w, px, pixel_bytes(&a->image));
      /* red in the high bits, blue in the low (5.3.1.1) */
      if (type == CL_UNORM_INT_101010)
         return (w >> (20 - 10 * c)) & 0x3ff;
      if (type == CL_UNORM_SHORT_565)
         return c == 0 ? w >> 11 & 31 : c == 1 ? w >> 5 & 63 : w & 31;
      return (w >> (10 - 5 * c)) & 31;
   }
   const unsigned bytes = channel_bits(type) / 8;
   uint32_t v = 0;
   memcpy(&v, px + c * bytes, bytes);
   return v;
}

static void
set_raw_channel(struct kiln_run_arg *a, size_t p, unsigned c, uint32_t v)
{
   uint8_t *px = (uint8_t *)a->data + p * pixel_bytes(&a->image);
   const uint32_t type = a->image.data_type;
   if (is_packed(type)) {
      uint32_t w = 0;
      memcpy(&w, px, pixel_bytes(&a->image));
      unsigned shift, bits;
      if (type == CL_UNORM_INT_101010)
         shift = 20 - 10 * c, bits = 10;
      else if (type == CL_UNORM_SHORT_565)
         shift = c == 0 ? 11 : c == 1 ? 5 : 0, bits = c == 1 ? 6 : 5;
      else
         shift = 10 - 5 * c, bits = 5;
      w = (w & ~(((1u << bits) - 1) << shift)) | v << shift;
      memcpy(px, &w, pixel_bytes(&a->image));
      return;
   }
   memcpy(px + c * channel_bits(type) / 8, &v, channel_bits(type) / 8);
}

/* The largest value of a packed channel. */
static double
packed_max(uint32_t type, unsigned c)
{
   if (type == CL_UNORM_INT_101010)
      return 1023;
   return type == CL_UNORM_SHORT_565 && c == 1 ? 63 : 31;
}

/* 8.3.1.1: a normalised or float channel as read_imagef returns it,
 * computed in double and rounded once to float. */
static float
channel_to_float(uint32_t type, unsigned c, uint32_t raw)
{
   switch (type) {
   case CL_UNORM_INT8:
      return (float)(raw / 255.0);
   case CL_UNORM_INT16:
      return (float)(raw / 65535.0);
   case CL_SNORM_INT8:
      return (float)fmax(-1.0, (int8_t)raw / 127.0);
   case CL_SNORM_INT16:
      return (float)fmax(-1.0, (int16_t)raw / 32767.0);
   case CL_HALF_FLOAT:
      return (float)corpus_half_to_double(raw);
   case CL_FLOAT:
      return uif(raw);
   default:
      return (float)(raw / packed_max(type, c));
   }
}

/* The pixel as read_imagef (kind 'f'), read_imagei ('i') or read_imageui
 * ('u') returns it, in (r, g, b, a) order, as doubles holding the float,
 * int or uint values. */
static void
read_pixel(const struct kiln_run_arg *a, size_t p, char kind, double out[4])
{
   const struct kiln_run_image *img = &a->image;
   unsigned map[4];
   const unsigned n = order_channels(img->order, map);
   out[0] = out[1] = out[2] = 0;
   out[3] = 1;
   double v[4];
   for (unsigned c = 0; c < n; c++) {
      const uint32_t raw = raw_channel(a, p, c);
      if (kind == 'f')
         v[c] = channel_to_float(img->data_type, c, raw);
      else if (img->data_type == CL_SIGNED_INT8)
         v[c] = (int8_t)raw;
      else if (img->data_type == CL_SIGNED_INT16)
         v[c] = (int16_t)raw;
      else if (img->data_type == CL_SIGNED_INT32)
         v[c] = (int32_t)raw;
      else
         v[c] = raw;
      out[map[c]] = v[c];
   }
   /* 8.3.5: sRGB colour channels to linear (alpha is linear already) */
   if (kind == 'f' && (img->order == CL_sRGBA || img->order == CL_sBGRA)) {
      for (unsigned c = 0; c < 3; c++)
         out[c] = (float)(out[c] <= 0.04045 ? out[c] / 12.92 : pow((out[c] + 0.055) / 1.055, 2.4));
   }
   if (img->order == CL_INTENSITY)
      out[1] = out[2] = out[3] = v[0];
   else if (img->order == CL_LUMINANCE)
      out[1] = out[2] = v[0];
}

/* round to nearest even, saturated to [lo, hi]; NaN to 0 */
static uint32_t
sat_rte(double v, double lo, double hi)
{
   if (isnan(v))
      return 0;
   v = rint(fmin(fmax(v, lo), hi));
   return (uint32_t)(int64_t)v;
}

/* 8.3.1.2 and 8.3.2-3: a value write_imagef ('f'), write_imagei ('i') or
 * write_imageui ('u') is given, as the channel's bits.  The scaled value
 * is the float product f * scale (one rounding), as the spec writes it. */
static uint32_t
channel_from_value(uint32_t type, unsigned c, char kind, double v)
{
   if (kind == 'i') {
      const int64_t i = (int64_t)v;
      switch (type) {
      case CL_SIGNED_INT8:
         return (uint8_t)(i < -128 ? -128 : i > 127 ? 127 : i);
      case CL_SIGNED_INT16:
         return (uint16_t)(i < -32768 ? -32768 : i > 32767 ? 32767 : i);
      default:
         return (uint32_t)i;
      }
   }
   if (kind == 'u') {
      const uint64_t u = (uint32_t)(int64_t)v;
      switch (type) {
      case CL_UNSIGNED_INT8:
         return u > 255 ? 255 : u;
      case CL_UNSIGNED_INT16:
         return u > 65535 ? 65535 : u;
      default:
         return u;
      }
   }
   const float f = (float)v;
   switch (type) {
   case CL_UNORM_INT8:
      return sat_rte((float)(f * 255.0f), 0, 255);
   case CL_UNORM_INT16:
      return sat_rte((float)(f * 65535.0f), 0, 65535);
   case CL_SNORM_INT8:
      return (uint8_t)(int8_t)(int32_t)sat_rte((float)(f * 127.0f), -128, 127);
   case CL_SNORM_INT16:
      return (uint16_t)(int16_t)(int32_t)sat_rte((float)(f * 32767.0f), -32768, 32767);
   case CL_HALF_FLOAT:
      return corpus_half_from_double(f, CORPUS_RTE);
   case CL_FLOAT:
      return fui(f);
   default: {
      const float m = packed_max(type, c);
      return sat_rte((float)(f * m), 0, m);
   }
   }
}

static void
write_pixel(struct kiln_run_arg *a, size_t p, char kind, const double rgba[4])
{
   unsigned map[4];
   const unsigned n = order_channels(a->image.order, map);
   for (unsigned c = 0; c < n; c++)
      set_raw_channel(a, p, c, channel_from_value(a->image.data_type, c, kind, rgba[map[c]]));
}

/* The kind of value a buffer of the kernel's element type holds. */
static char
value_kind(const struct kiln_run_arg *buf)
{
   switch (buf->type.base) {
   case KILN_TYPE_INT:
      return 'i';
   case KILN_TYPE_UINT:
      return 'u';
   default:
      return 'f';
   }
}

static size_t
image_pixels(const struct kiln_run_image *img)
{
   return img->width * img->height * img->depth * img->layers;
}

static int
expect_image(const struct kiln_run_command *l, unsigned i)
{
   if (l->args[i].kind != KILN_RUN_ARG_IMAGE) {
      fprintf(stderr, "corpus_ref: kernel %s: argument %u is no image\n", l->kernel, i);
      return -1;
   }
   return 0;
}

/* image_read: out[p] = read_image{f,i,ui}(img, pixel p's coordinates),
 * p in memory order. */
static int
ref_image_read(struct kiln_run_command *l)
{
   if (ref_expect(l, 2) || expect_image(l, 0))
      return 1;
   struct kiln_run_arg *img = REF_ARG(l, 0), *out = REF_ARG(l, 1);
   const char kind = value_kind(out);
   for (size_t p = 0; p < image_pixels(&img->image) && p < out->count; p++) {
      double v[4];
      read_pixel(img, p, kind, v);
      for (unsigned c = 0; c < 4; c++)
         corpus_set_f(out, p * 4 + c, v[c]);
   }
   return 0;
}

/* image_write: write_image{f,i,ui}(img, pixel p's coordinates, in[p]). */
static int
ref_image_write(struct kiln_run_command *l)
{
   if (ref_expect(l, 2) || expect_image(l, 0))
      return 1;
   struct kiln_run_arg *img = REF_ARG(l, 0), *in = REF_ARG(l, 1);
   const char kind = value_kind(in);
   for (size_t p = 0; p < image_pixels(&img->image) && p < in->count; p++) {
      double v[4];
      for (unsigned c = 0; c < 4; c++)
         v[c] = kind == 'f' ? corpus_get_f(in, p * 4 + c) : (double)corpus_get_i(in, p * 4 + c);
      if (kind == 'u')
         for (unsigned c = 0; c < 4; c++)
            v[c] = (double)corpus_get_u(in, p * 4 + c);
      write_pixel(img, p, kind, v);
   }
   return 0;
}

/* image_rw: a read_write image's every pixel p becomes
 * write_imagef(read_imagef(p) * 0.5f + 0.25f). */
static int
ref_image_rw(struct kiln_run_command *l)
{
   if (ref_expect(l, 1) || expect_image(l, 0))
      return 1;
   struct kiln_run_arg *img = REF_ARG(l, 0);
   for (size_t p = 0; p < image_pixels(&img->image); p++) {
      double v[4];
      read_pixel(img, p, 'f', v);
      for (unsigned c = 0; c < 4; c++)
         v[c] = (float)((float)v[c] * 0.5f + 0.25f);
      write_pixel(img, p, 'f', v);
   }
   return 0;
}

/* --- sampling (8.2) ---------------------------------------------------- */

struct sampler {
   bool normalized;
   uint32_t addressing, filter;
};

/* A coordinate's texel indices and weight along one axis of size n: i0,
 * i1 and the fraction a for linear filtering, i0 alone for nearest; an
 * index outside [0, n) means the border (CL_ADDRESS_CLAMP). */
static void
address(const struct sampler *s, double coord, int n, int *i0, int *i1, double *a)
{
   double u = s->normalized ? coord * n : coord;
   if (s->addressing == CL_ADDRESS_REPEAT || s->addressing == CL_ADDRESS_MIRRORED_REPEAT) {
      double sc = coord;
      if (s->addressing == CL_ADDRESS_REPEAT) {
         u = (sc - floor(sc)) * n;
      } else {
         const double m = 2.0 * rint(0.5 * sc);
         u = fabs(sc - m) * n;
      }
      if (s->filter == CL_FILTER_NEAREST) {
         *i0 = (int)floor(u);
         if (s->addressing == CL_ADDRESS_REPEAT && *i0 > n - 1)
            *i0 -= n;
         if (s->addressing == CL_ADDRESS_MIRRORED_REPEAT && *i0 > n - 1)
            *i0 = n - 1;
         *i1 = *i0;
         *a = 0;
         return;
      }
      *i0 = (int)floor(u - 0.5);
      *i1 = *i0 + 1;
      *a = (u - 0.5) - floor(u - 0.5);
      if (s->addressing == CL_ADDRESS_REPEAT) {
         if (*i0 < 0)
            *i0 += n;
         if (*i1 > n - 1)
            *i1 -= n;
      } else {
         *i0 = *i0 < 0 ? 0 : *i0;
         *i1 = *i1 > n - 1 ? n - 1 : *i1;
      }
      return;
   }
   const int lo = s->addressing == CL_ADDRESS_CLAMP ? -1 : 0;
   const int hi = s->addressing == CL_ADDRESS_CLAMP ? n : n - 1;
   if (s->filter == CL_FILTER_NEAREST) {
      const double f = floor(u);
      *i0 = *i1 = f < lo ? lo : f > hi ? hi : (int)f;
      *a = 0;
      return;
   }
   const double f = floor(u - 0.5);
   *a = (u - 0.5) - f;
   *i0 = f < lo ? lo : f > hi ? hi : (int)f;
   *i1 = f + 1 < lo ? lo : f + 1 > hi ? hi : (int)f + 1;
}

/* Texel (x, y, z) of layer `layer`, or the border colour outside. */
static void
texel(const struct kiln_run_arg *a, int x, int y, int z, size_t layer, char kind, double out[4])
{
   const struct kiln_run_image *img = &a->image;
   if (x < 0 || y < 0 || z < 0 || x >= (int)img->width || y >= (int)img->height ||
       z >= (int)img->depth) {
      out[0] = out[1] = out[2] = 0;
      out[3] = has_alpha(img->order) ? 0 : 1;
      return;
   }
   const size_t slice = img->depth > 1 ? (size_t)z : layer;
   read_pixel(a, (slice * img->height + y) * img->width + x, kind, out);
}

/* read_image{f,i,ui}(img, sampler, coord) with coord (x[, y[, z]]) and
 * for arrays the layer last. */
static void
sample(const struct kiln_run_arg *a, const struct sampler *s, const double *coord, char kind,
       double out[4])
{
   const struct kiln_run_image *img = &a->image;
   const bool has_y =
      img->type == KILN_IMAGE_2D || img->type == KILN_IMAGE_2D_ARRAY || img->type == KILN_IMAGE_3D;
   const bool has_z = img->type == KILN_IMAGE_3D;
   size_t layer = 0;
   if (img->layers > 1 || img->type == KILN_IMAGE_1D_ARRAY || img->type == KILN_IMAGE_2D_ARRAY) {
      const double l = rint(coord[has_y ? 2 : 1]);
      layer = l < 0 ? 0 : l > img->layers - 1 ? img->layers - 1 : (size_t)l;
   }
   int x0, x1, y0 = 0, y1 = 0, z0 = 0, z1 = 0;
   double ax, ay = 0, az = 0;
   address(s, coord[0], img->width, &x0, &x1, &ax);
   if (has_y)
      address(s, coord[1], img->height, &y0, &y1, &ay);
   if (has_z)
      address(s, coord[2], img->depth, &z0, &z1, &az);
   for (unsigned c = 0; c < 4; c++)
      out[c] = 0;
   for (unsigned k = 0; k < 8; k++) {
      const double w = (k & 1 ? ax : 1 - ax) * (k & 2 ? ay : 1 - ay) * (k & 4 ? az : 1 - az);
      if (w == 0)
         continue;
      double t[4];
      texel(a, k & 1 ? x1 : x0, k & 2 ? y1 : y0, k & 4 ? z1 : z0, layer, kind, t);
      for (unsigned c = 0; c < 4; c++)
         out[c] += w * t[c];
   }
   if (kind == 'f')
      for (unsigned c = 0; c < 4; c++)
         out[c] = (float)out[c];
}

static int
sample_all(struct kiln_run_command *l, const struct kiln_run_arg *img, const struct sampler *s,
           const struct kiln_run_arg *coords, struct kiln_run_arg *out)
{
   const char kind = value_kind(out);
   const bool int_coords = !kiln_run_base_is_float(coords->type.base);
   for (size_t i = 0; i < ref_total_items(l) && i < out->count && i < coords->count; i++) {
      double c[4] = { 0, 0, 0, 0 }, v[4];
      for (unsigned k = 0; k < coords->type.n && k < 4; k++) {
         const size_t slot = i * coords->type.slots + k;
         c[k] = int_coords ? (double)corpus_get_i(coords, slot) : corpus_get_f(coords, slot);
      }
      if (int_coords) {
         /* OpenCL C 6.13.14.2: integer coordinates address the texel, an
          * array's layer the layer: the texel's centre, unnormalised */
         const bool arr =
            img->image.type == KILN_IMAGE_1D_ARRAY || img->image.type == KILN_IMAGE_2D_ARRAY;
         const unsigned n = coords->type.n - (arr ? 1 : 0);
         for (unsigned k = 0; k < n && k < 3; k++)
            c[k] += 0.5;
      }
      sample(img, s, c, kind, v);
      for (unsigned k = 0; k < 4; k++)
         corpus_set_f(out, i * 4 + k, v[k]);
   }
   return 0;
}

/* image_sample: out[i] = read_image{f,i,ui}(img, s, coords[i]). */
static int
ref_image_sample(struct kiln_run_command *l)
{
   if (ref_expect(l, 4) || expect_image(l, 0) || l->args[1].kind != KILN_RUN_ARG_SAMPLER)
      return 1;
   const struct sampler s = {
      l->args[1].sampler.normalized,
      l->args[1].sampler.addressing,
      l->args[1].sampler.filter,
   };
   return sample_all(l, REF_ARG(l, 0), &s, REF_ARG(l, 2), REF_ARG(l, 3));
}

/* The value of -DNAME=word in the build options, or NULL. */
static bool
option(const struct kiln_run_command *l, const char *name, char *out, size_t size)
{
   char key[32];
   snprintf(key, sizeof(key), "-D%s=", name);
   const char *p = strstr(l->options, key);
   if (!p)
      return false;
   p += strlen(key);
   const size_t n = strcspn(p, " ");
   if (n >= size)
      return false;
   memcpy(out, p, n);
   out[n] = 0;
   return true;
}

/* image_sample_literal: the same with the literal sampler the kernel
 * builds from -DNORM=CLK_NORMALIZED_COORDS_{TRUE,FALSE}
 * -DADDR=CLK_ADDRESS_... -DFILT=CLK_FILTER_...; arguments img, coords,
 * out. */
static int
ref_image_sample_literal(struct kiln_run_command *l)
{
   static const struct {
      const char *name;
      uint32_t value;
   } addr[] = {
      { "CLK_ADDRESS_NONE", CL_ADDRESS_NONE },
      { "CLK_ADDRESS_CLAMP_TO_EDGE", CL_ADDRESS_CLAMP_TO_EDGE },
      { "CLK_ADDRESS_CLAMP", CL_ADDRESS_CLAMP },
      { "CLK_ADDRESS_REPEAT", CL_ADDRESS_REPEAT },
      { "CLK_ADDRESS_MIRRORED_REPEAT", CL_ADDRESS_MIRRORED_REPEAT },
   };
   char norm[64], ad[64], filt[64];
   if (ref_expect(l, 3) || expect_image(l, 0) || !option(l, "NORM", norm, sizeof(norm)) ||
       !option(l, "ADDR", ad, sizeof(ad)) || !option(l, "FILT", filt, sizeof(filt))) {
      fprintf(stderr, "corpus_ref: image_sample_literal needs -DNORM, -DADDR and -DFILT\n");
      return 1;
   }
   struct sampler s = {
      .normalized = !strcmp(norm, "CLK_NORMALIZED_COORDS_TRUE"),
      .filter = !strcmp(filt, "CLK_FILTER_LINEAR") ? CL_FILTER_LINEAR : CL_FILTER_NEAREST,
      .addressing = 0,
   };
   for (unsigned i = 0; i < sizeof(addr) / sizeof(addr[0]); i++)
      if (!strcmp(ad, addr[i].name))
         s.addressing = addr[i].value;
   if (!s.addressing) {
      fprintf(stderr, "corpus_ref: unknown addressing mode %s\n", ad);
      return 1;
   }
   return sample_all(l, REF_ARG(l, 0), &s, REF_ARG(l, 1), REF_ARG(l, 2));
}

/* image_query: out = { width, height, depth, array size, channel data
 * type, channel order, get_image_dim's x, y, z } as far as the image's
 * type has them (0 beyond). */
static int
ref_image_query(struct kiln_run_command *l)
{
   if (ref_expect(l, 2) || expect_image(l, 0))
      return 1;
   const struct kiln_run_image *img = &l->args[0].image;
   struct kiln_run_arg *out = REF_ARG(l, 1);
   const enum kiln_image_type t = img->type;
   const bool has_h = t == KILN_IMAGE_2D || t == KILN_IMAGE_2D_ARRAY || t == KILN_IMAGE_3D;
   const bool arr = t == KILN_IMAGE_1D_ARRAY || t == KILN_IMAGE_2D_ARRAY;
   const int64_t v[9] = {
      img->width,
      has_h ? img->height : 0,
      t == KILN_IMAGE_3D ? img->depth : 0,
      arr ? img->layers : 0,
      img->data_type,
      img->order,
      has_h ? img->width : 0,
      has_h ? img->height : 0,
      t == KILN_IMAGE_3D ? img->depth : 0,
   };
   for (unsigned i = 0; i < 9 && i < out->count; i++)
      corpus_set_i(out, i, v[i]);
   return 0;
}

const struct corpus_ref corpus_refs_images[] = {
   { "image_read", ref_image_read },
   { "image_write", ref_image_write },
   { "image_rw", ref_image_rw },
   { "image_sample", ref_image_sample },
   { "image_sample_literal", ref_image_sample_literal },
   { "image_query", ref_image_query },
   { NULL, NULL },
};
