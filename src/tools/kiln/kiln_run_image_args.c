/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Image and sampler arguments of the runner command line:
 *   image1d:ORDER,TYPE[W]             image1d_buffer:ORDER,TYPE[W]
 *   image1d_array:ORDER,TYPE[W,N]     image2d:ORDER,TYPE[W,H]
 *   image2d_array:ORDER,TYPE[W,H,N]   image3d:ORDER,TYPE[W,H,D]
 * each optionally followed by `=v,v,...`, the values of every channel of
 * every pixel in memory order (x fastest, then rows, then slices or
 * layers; a pixel's channels in the order ORDER names them, so BGRA lists
 * blue first), the rest zero; and sampler:NORMALIZED,ADDRESS,FILTER.
 * ORDER and TYPE are OpenCL's names without CL_ (RGBA, UNORM_INT8), and
 * the combinations are those OpenCL defines (OpenCL 2.0 5.3.1.1): RGB
 * only with the packed types, BGRA and ARGB only with 8-bit ones, sRGBA
 * and sBGRA only with UNORM_INT8,
 * INTENSITY and LUMINANCE only with the normalised and float ones.  A
 * value is what the channel holds in memory: an integer for the
 * normalised and integer types (0 to 255 for UNORM_INT8, 0 to 31 for a
 * 5-bit channel of UNORM_SHORT_555), a number rounded once for
 * HALF_FLOAT and FLOAT; the image prints the same way after the run.
 */
#include "kiln_run_args.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>

#include "util/half_float.h"
#include "util/u_math.h"

static const struct {
   const char *prefix;
   enum kiln_image_type type;
   unsigned dims;
   const char *cl_name;
   uint32_t cl_type; /* cl_mem_object_type */
} image_types[] = {
   /* Longer names first where one is a prefix of another. */
   { "image1d_buffer:", KILN_IMAGE_1D_BUFFER, 1, "image1d_buffer_t", CL_MEM_OBJECT_IMAGE1D_BUFFER },
   { "image1d_array:", KILN_IMAGE_1D_ARRAY, 2, "image1d_array_t", CL_MEM_OBJECT_IMAGE1D_ARRAY },
   { "image2d_array:", KILN_IMAGE_2D_ARRAY, 3, "image2d_array_t", CL_MEM_OBJECT_IMAGE2D_ARRAY },
   { "image1d:", KILN_IMAGE_1D, 1, "image1d_t", CL_MEM_OBJECT_IMAGE1D },
   { "image2d:", KILN_IMAGE_2D, 2, "image2d_t", CL_MEM_OBJECT_IMAGE2D },
   { "image3d:", KILN_IMAGE_3D, 3, "image3d_t", CL_MEM_OBJECT_IMAGE3D },
};

static const struct {
   const char *name;
   uint32_t order;
   unsigned channels;
} orders[] = {
   { "RGBA", CL_RGBA, 4 },
   { "BGRA", CL_BGRA, 4 },
   { "ARGB", CL_ARGB, 4 },
   { "sRGBA", CL_sRGBA, 4 },
   { "sBGRA", CL_sBGRA, 4 },
   { "RGB", CL_RGB, 3 },
   { "RG", CL_RG, 2 },
   { "RA", CL_RA, 2 },
   { "R", CL_R, 1 },
   { "A", CL_A, 1 },
   { "INTENSITY", CL_INTENSITY, 1 },
   { "LUMINANCE", CL_LUMINANCE, 1 },
};

/* A channel's bits (of a packed type: its bits within the pixel, red's
 * first), and how its values read. */
enum value_kind { UNSIGNED_VALUE, SIGNED_VALUE, HALF_VALUE, FLOAT_VALUE };

static const struct {
   const char *name;
   uint32_t type;
   unsigned bits; /* of a channel; the packed types' pixel below */
   enum value_kind kind;
   unsigned packed_bits[3]; /* red, green, blue of a packed type */
} data_types[] = {
   { "SNORM_INT8", CL_SNORM_INT8, 8, SIGNED_VALUE },
   { "SNORM_INT16", CL_SNORM_INT16, 16, SIGNED_VALUE },
   { "UNORM_INT8", CL_UNORM_INT8, 8, UNSIGNED_VALUE },
   { "UNORM_INT16", CL_UNORM_INT16, 16, UNSIGNED_VALUE },
   { "UNORM_SHORT_565", CL_UNORM_SHORT_565, 16, UNSIGNED_VALUE, { 5, 6, 5 } },
   { "UNORM_SHORT_555", CL_UNORM_SHORT_555, 16, UNSIGNED_VALUE, { 5, 5, 5 } },
   { "UNORM_INT_101010", CL_UNORM_INT_101010, 32, UNSIGNED_VALUE, { 10, 10, 10 } },
   { "SIGNED_INT8", CL_SIGNED_INT8, 8, SIGNED_VALUE },
   { "SIGNED_INT16", CL_SIGNED_INT16, 16, SIGNED_VALUE },
   { "SIGNED_INT32", CL_SIGNED_INT32, 32, SIGNED_VALUE },
   { "UNSIGNED_INT8", CL_UNSIGNED_INT8, 8, UNSIGNED_VALUE },
   { "UNSIGNED_INT16", CL_UNSIGNED_INT16, 16, UNSIGNED_VALUE },
   { "UNSIGNED_INT32", CL_UNSIGNED_INT32, 32, UNSIGNED_VALUE },
   { "HALF_FLOAT", CL_HALF_FLOAT, 16, HALF_VALUE },
   { "FLOAT", CL_FLOAT, 32, FLOAT_VALUE },
};

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

bool
kiln_run_is_image_arg(const char *text)
{
   for (unsigned i = 0; i < ARRAY_LEN(image_types); i++)
      if (!strncmp(text, image_types[i].prefix, strlen(image_types[i].prefix)))
         return true;
   return !strncmp(text, "sampler:", 8);
}

const char *
kiln_run_image_type_name(enum kiln_image_type type)
{
   for (unsigned i = 0; i < ARRAY_LEN(image_types); i++)
      if (image_types[i].type == type)
         return image_types[i].cl_name;
   return "not an image";
}

uint32_t
kiln_run_image_cl_type(enum kiln_image_type type)
{
   for (unsigned i = 0; i < ARRAY_LEN(image_types); i++)
      if (image_types[i].type == type)
         return image_types[i].cl_type;
   return 0;
}

static int
data_type_index(uint32_t type)
{
   for (unsigned i = 0; i < ARRAY_LEN(data_types); i++)
      if (data_types[i].type == type)
         return i;
   return -1;
}

static bool
is_packed(uint32_t type)
{
   return type == CL_UNORM_SHORT_565 || type == CL_UNORM_SHORT_555 || type == CL_UNORM_INT_101010;
}

/* OpenCL 2.0 5.3.1.1's combinations. */
static bool
format_allowed(uint32_t order, uint32_t type)
{
   if (order == CL_RGB || is_packed(type))
      return order == CL_RGB && is_packed(type);
   if (order == CL_sRGBA || order == CL_sBGRA)
      return type == CL_UNORM_INT8;
   if (order == CL_BGRA || order == CL_ARGB)
      return type == CL_UNORM_INT8 || type == CL_SNORM_INT8 || type == CL_SIGNED_INT8 ||
             type == CL_UNSIGNED_INT8;
   if (order == CL_INTENSITY || order == CL_LUMINANCE)
      return type == CL_UNORM_INT8 || type == CL_UNORM_INT16 || type == CL_SNORM_INT8 ||
             type == CL_SNORM_INT16 || type == CL_HALF_FLOAT || type == CL_FLOAT;
   return true;
}

/* "NAME" of table at the start of text, up to the separator sep. */
static const char *
match_name(const char *text, char sep, const char *name)
{
   size_t len = strlen(name);
   return !strncmp(text, name, len) && text[len] == sep ? text + len + 1 : NULL;
}

/* Channel c's bits in a pixel and its shift (a packed type's), or the
 * plain channel's bits at byte offset c * bits / 8. */
static unsigned
channel_bits(const struct kiln_run_image *img, unsigned c, unsigned *shift)
{
   const int t = data_type_index(img->data_type);
   if (!is_packed(img->data_type)) {
      *shift = 0;
      return data_types[t].bits;
   }
   unsigned s = 0;
   for (unsigned i = 2; i > c; i--)
      s += data_types[t].packed_bits[i];
   *shift = s;
   return data_types[t].packed_bits[c];
}

static void
put_channel(const struct kiln_run_image *img, uint8_t *pixel, unsigned c, uint64_t bits)
{
   unsigned shift;
   const unsigned n = channel_bits(img, c, &shift);
   if (!is_packed(img->data_type)) {
      memcpy(pixel + c * n / 8, &bits, n / 8); /* little-endian host */
      return;
   }
   uint32_t word = 0;
   memcpy(&word, pixel, img->pixel_size);
   word |= (uint32_t)bits << shift;
   memcpy(pixel, &word, img->pixel_size);
}

static uint64_t
get_channel(const struct kiln_run_image *img, const uint8_t *pixel, unsigned c)
{
   unsigned shift;
   const unsigned n = channel_bits(img, c, &shift);
   uint64_t bits = 0;
   if (!is_packed(img->data_type)) {
      memcpy(&bits, pixel + c * n / 8, n / 8);
      return bits;
   }
   uint32_t word = 0;
   memcpy(&word, pixel, img->pixel_size);
   return (word >> shift) & ((1u << n) - 1);
}

/* One channel value from text, as the bits the channel holds. */
static int
parse_channel(const struct kiln_run_image *img, unsigned c, const char *text, uint64_t *bits)
{
   const int t = data_type_index(img->data_type);
   unsigned shift;
   const unsigned n = channel_bits(img, c, &shift);
   char *end;
   errno = 0;
   switch (data_types[t].kind) {
   case HALF_VALUE: {
      double v = strtod(text, &end);
      *bits = kiln_run_half_from_double(v);
      break;
   }
   case FLOAT_VALUE: {
      *bits = fui(strtof(text, &end));
      break;
   }
   case SIGNED_VALUE: {
      long long v = strtoll(text, &end, 0);
      if (v < -(1ll << (n - 1)) || v >= (1ll << (n - 1)))
         return -ERANGE;
      *bits = (uint64_t)v & ((1ull << n) - 1);
      break;
   }
   default: {
      if (text[0] == '-')
         return -ERANGE;
      unsigned long long v = strtoull(text, &end, 0);
      if (v >> n)
         return -ERANGE;
      *bits = v;
      break;
   }
   }
   /* strtod and strtof set ERANGE for subnormal results, which are values */
   const bool is_float = data_types[t].kind == HALF_VALUE || data_types[t].kind == FLOAT_VALUE;
   return end == text || *end || (errno && !is_float) ? -EINVAL : 0;
}

static int
parse_pixels(struct kiln_run_arg *arg, const char *list, unsigned index, char *err, size_t err_size)
{
   const struct kiln_run_image *img = &arg->image;
   const size_t max_values = arg->count * img->channels;
   char tok[64];
   for (size_t n = 0;; n++) {
      const size_t len = strcspn(list, ",");
      if (n >= max_values) {
         kiln_run_set_err(err, err_size,
                          "argument %u: more than %zu channel values for the image's "
                          "%zu pixels",
                          index, max_values, arg->count);
         return -EINVAL;
      }
      if (!len || len >= sizeof(tok)) {
         kiln_run_set_err(err, err_size, "argument %u: %s channel value %zu", index,
                          len ? "overlong" : "empty", n);
         return -EINVAL;
      }
      memcpy(tok, list, len);
      tok[len] = 0;
      uint64_t bits;
      const unsigned c = n % img->channels;
      int ret = parse_channel(img, c, tok, &bits);
      if (ret) {
         kiln_run_set_err(err, err_size, "argument %u: %s value '%s' for channel %u of pixel %zu",
                          index, ret == -ERANGE ? "out-of-range" : "bad", tok, c,
                          n / img->channels);
         return ret;
      }
      put_channel(img, (uint8_t *)arg->data + n / img->channels * img->pixel_size, c, bits);
      if (!list[len])
         return 0;
      list += len + 1;
   }
}

/* "ORDER,TYPE[d,d,...]" */
static int
parse_image(const char *text, unsigned t, unsigned index, struct kiln_run_arg *arg, char *err,
            size_t err_size)
{
   struct kiln_run_image *img = &arg->image;
   const char *p = text + strlen(image_types[t].prefix), *rest = NULL;
   unsigned o, d;
   for (o = 0; o < ARRAY_LEN(orders) && !(rest = match_name(p, ',', orders[o].name)); o++)
      ;
   for (d = 0; rest && d < ARRAY_LEN(data_types); d++) {
      const char *after = match_name(rest, '[', data_types[d].name);
      if (after) {
         p = after;
         break;
      }
   }
   if (!rest || d == ARRAY_LEN(data_types)) {
      kiln_run_set_err(err, err_size,
                       "argument %u: expected %sORDER,TYPE[...] with OpenCL's channel "
                       "order and data type names (RGBA,UNORM_INT8), got '%s'",
                       index, image_types[t].prefix, text);
      return -EINVAL;
   }
   img->type = image_types[t].type;
   img->order = orders[o].order;
   img->data_type = data_types[d].type;
   img->channels = orders[o].channels;
   img->pixel_size =
      is_packed(img->data_type) ? data_types[d].bits / 8 : img->channels * data_types[d].bits / 8;
   if (!format_allowed(img->order, img->data_type)) {
      kiln_run_set_err(err, err_size, "argument %u: OpenCL has no image format %s,%s", index,
                       orders[o].name, data_types[d].name);
      return -EINVAL;
   }

   size_t dims[3] = { 1, 1, 1 };
   for (unsigned i = 0; i < image_types[t].dims; i++) {
      char *end;
      errno = 0;
      dims[i] = strtoull(p, &end, 10);
      const char want = i + 1 == image_types[t].dims ? ']' : ',';
      if (end == p || *end != want || errno || !dims[i] || dims[i] > 65536 || *p == '-') {
         kiln_run_set_err(err, err_size,
                          "argument %u: expected %u sizes from 1 to 65536 in [...] of "
                          "'%s'",
                          index, image_types[t].dims, text);
         return -EINVAL;
      }
      p = end + 1;
   }
   img->width = dims[0];
   img->height = img->depth = img->layers = 1;
   switch (img->type) {
   case KILN_IMAGE_1D_ARRAY:
      img->layers = dims[1];
      break;
   case KILN_IMAGE_2D:
      img->height = dims[1];
      break;
   case KILN_IMAGE_2D_ARRAY:
      img->height = dims[1];
      img->layers = dims[2];
      break;
   case KILN_IMAGE_3D:
      img->height = dims[1];
      img->depth = dims[2];
      break;
   default:
      break;
   }
   arg->count = img->width * img->height * img->depth * img->layers;
   if (arg->count > (1u << 24)) {
      kiln_run_set_err(err, err_size, "argument %u: %zu pixels is too many", index, arg->count);
      return -EINVAL;
   }
   arg->bytes = arg->count * img->pixel_size;
   arg->data = calloc(1, arg->bytes);
   if (!arg->data) {
      kiln_run_set_err(err, err_size, "argument %u: cannot allocate %zu bytes", index, arg->bytes);
      return -ENOMEM;
   }
   if (!*p)
      return 0;
   if (*p != '=') {
      kiln_run_set_err(err, err_size, "argument %u: unexpected '%s' after ']' in '%s'", index, p,
                       text);
      return -EINVAL;
   }
   return parse_pixels(arg, p + 1, index, err, err_size);
}

static int
parse_sampler(const char *text, unsigned index, struct kiln_run_arg *arg, char *err,
              size_t err_size)
{
   static const struct {
      const char *name;
      uint32_t mode;
   } addressing[] = {
      { "NONE", CL_ADDRESS_NONE },
      { "CLAMP_TO_EDGE", CL_ADDRESS_CLAMP_TO_EDGE },
      { "CLAMP", CL_ADDRESS_CLAMP },
      { "REPEAT", CL_ADDRESS_REPEAT },
      { "MIRRORED_REPEAT", CL_ADDRESS_MIRRORED_REPEAT },
   };
   const char *p = text + 8, *rest = NULL, *end = NULL;
   if ((p[0] == '0' || p[0] == '1') && p[1] == ',') {
      arg->sampler.normalized = p[0] == '1';
      for (unsigned a = 0; a < ARRAY_LEN(addressing) && !rest; a++) {
         rest = match_name(p + 2, ',', addressing[a].name);
         arg->sampler.addressing = addressing[a].mode;
      }
   }
   if (rest && !strcmp(rest, "NEAREST"))
      arg->sampler.filter = CL_FILTER_NEAREST, end = rest;
   else if (rest && !strcmp(rest, "LINEAR"))
      arg->sampler.filter = CL_FILTER_LINEAR, end = rest;
   if (!end) {
      kiln_run_set_err(err, err_size,
                       "argument %u: expected sampler:NORMALIZED,ADDRESS,FILTER "
                       "(0 or 1; NONE, CLAMP_TO_EDGE, CLAMP, REPEAT or MIRRORED_REPEAT; NEAREST or "
                       "LINEAR), got '%s'",
                       index, text);
      return -EINVAL;
   }
   arg->kind = KILN_RUN_ARG_SAMPLER;
   arg->count = 1;
   return 0;
}

int
kiln_run_parse_image_arg(const char *text, unsigned index, struct kiln_run_arg *arg, char *err,
                         size_t err_size)
{
   memset(arg, 0, sizeof(*arg));
   if (!strncmp(text, "sampler:", 8))
      return parse_sampler(text, index, arg, err, err_size);
   for (unsigned t = 0; t < ARRAY_LEN(image_types); t++) {
      if (!strncmp(text, image_types[t].prefix, strlen(image_types[t].prefix))) {
         arg->kind = KILN_RUN_ARG_IMAGE;
         return parse_image(text, t, index, arg, err, err_size);
      }
   }
   kiln_run_set_err(err, err_size, "argument %u: '%s' is no image or sampler", index, text);
   return -EINVAL;
}

void
kiln_run_print_image(FILE *out, unsigned index, const struct kiln_run_arg *arg)
{
   const struct kiln_run_image *img = &arg->image;
   const int t = data_type_index(img->data_type);
   fprintf(out, "arg%u:", index);
   for (size_t p = 0; p < arg->count; p++) {
      const uint8_t *pixel = (const uint8_t *)arg->data + p * img->pixel_size;
      for (unsigned c = 0; c < img->channels; c++) {
         const uint64_t bits = get_channel(img, pixel, c);
         unsigned shift;
         const unsigned n = channel_bits(img, c, &shift);
         switch (data_types[t].kind) {
         case HALF_VALUE:
            fprintf(out, " %.9g", _mesa_half_to_float(bits));
            break;
         case FLOAT_VALUE:
            fprintf(out, " %.9g", uif(bits));
            break;
         case SIGNED_VALUE:
            fprintf(out, " %" PRId64, (int64_t)(bits << (64 - n)) >> (64 - n));
            break;
         default:
            fprintf(out, " %" PRIu64, bits);
            break;
         }
      }
   }
   fprintf(out, "\n");
}

void
kiln_run_image_copy(const struct kiln_run_arg *arg, void *device, uint64_t row_pitch,
                    uint64_t slice_pitch, bool to_device)
{
   const struct kiln_run_image *img = &arg->image;
   const size_t row_bytes = img->width * img->pixel_size;
   for (size_t z = 0; z < img->depth * img->layers; z++) {
      for (size_t y = 0; y < img->height; y++) {
         uint8_t *d = (uint8_t *)device + z * slice_pitch + y * row_pitch;
         uint8_t *p = (uint8_t *)arg->data + (z * img->height + y) * row_bytes;
         if (to_device)
            memcpy(d, p, row_bytes);
         else
            memcpy(p, d, row_bytes);
      }
   }
}
