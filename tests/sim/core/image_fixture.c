/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The texture unit tests' fixture (image_fixture.h).  The T# comes from
 * ac_build_texture_descriptor and ac_set_mutable_tex_desc_fields, the S#
 * from ac_build_sampler_descriptor, the layout from addrlib's rules for
 * gfx10 linear surfaces (Gfx10Lib::ComputeSurfaceInfoLinear), so that
 * nothing here comes from the emulator's reading of them.
 */
#include <math.h>
#include <stdlib.h>

#include "ac_descriptors.h"
#include "ac_gpu_info.h"
#include "ac_surface.h"
#include "sid.h"
#include "util/format/u_format.h"

#include "image_fixture.h"
#include "util/u_math.h"

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

uint32_t
it_rnd(void)
{
   rng_state ^= rng_state << 13;
   rng_state ^= rng_state >> 7;
   rng_state ^= rng_state << 17;
   return (uint32_t)(rng_state >> 16);
}

float
it_rnd_float(float lo, float hi)
{
   return lo + (hi - lo) * (float)(it_rnd() & 0xffffff) / (float)0x1000000;
}

/* The pipe format Mesa names for an OpenCL format (channels from the
 * order, widths and number type from the data type). */
enum pipe_format
it_pipe_format(struct ref_format f)
{
   static const struct {
      cl_channel_order order;
      const char *chans;
   } chans[] = {
      { CL_R, "R" },       { CL_A, "A" },         { CL_RG, "RG" },
      { CL_RA, "RA" },     { CL_RGBA, "RGBA" },   { CL_BGRA, "BGRA" },
      { CL_ARGB, "ARGB" }, { CL_INTENSITY, "I" }, { CL_LUMINANCE, "L" },
   };
   char name[64] = "PIPE_FORMAT_";
   if (f.order == CL_sRGBA) {
      strcat(name, "R8G8B8A8_SRGB");
   } else if (f.order == CL_sBGRA) {
      strcat(name, "B8G8R8A8_SRGB");
   } else if (f.type == CL_UNORM_SHORT_565) {
      strcat(name, "B5G6R5_UNORM");
   } else if (f.type == CL_UNORM_SHORT_555) {
      strcat(name, "B5G5R5X1_UNORM");
   } else if (f.type == CL_UNORM_INT_101010) {
      strcat(name, "B10G10R10X2_UNORM");
   } else {
      const char *c = NULL;
      for (unsigned i = 0; i < sizeof(chans) / sizeof(chans[0]); i++) {
         if (chans[i].order == f.order)
            c = chans[i].chans;
      }
      unsigned bits =
         f.type == CL_SNORM_INT8 || f.type == CL_UNORM_INT8 || f.type == CL_SIGNED_INT8 ||
               f.type == CL_UNSIGNED_INT8
            ? 8
         : f.type == CL_SIGNED_INT32 || f.type == CL_UNSIGNED_INT32 || f.type == CL_FLOAT ? 32
                                                                                          : 16;
      const char *num = f.type == CL_SNORM_INT8 || f.type == CL_SNORM_INT16   ? "SNORM"
                        : f.type == CL_UNORM_INT8 || f.type == CL_UNORM_INT16 ? "UNORM"
                        : ref_type_is_signed_int(f.type)                      ? "SINT"
                        : ref_type_is_int(f.type)                             ? "UINT"
                                                                              : "FLOAT";
      for (; c && *c; c++)
         snprintf(name + strlen(name), sizeof(name) - strlen(name), "%c%u", *c, bits);
      snprintf(name + strlen(name), sizeof(name) - strlen(name), "_%s", num);
   }
   for (unsigned pf = 0; pf < PIPE_FORMAT_COUNT; pf++) {
      const struct util_format_description *d = util_format_description(pf);
      if (d && d->name && !strcmp(d->name, name))
         return pf;
   }
   return PIPE_FORMAT_NONE;
}

bool
it_type_has_y(unsigned type)
{
   return type == V_008F1C_SQ_RSRC_IMG_2D || type == V_008F1C_SQ_RSRC_IMG_3D ||
          type == V_008F1C_SQ_RSRC_IMG_2D_ARRAY;
}

unsigned
it_minify(unsigned v, unsigned l)
{
   return v >> l ? v >> l : 1;
}

/* Lays the image out as addrlib does for gfx10 linear surfaces (rows of
 * align(width, 256 / bpe) texels; a slice holds every level, smallest
 * first; layers and depth slices a slice apart), maps it at buffer
 * IMG_BUF (zeroed) and builds its T#. */
bool
it_make_image(struct sim_test *t, struct test_image *im)
{
   unsigned bpe = ref_pixel_bytes(im->fmt), align = 256 / bpe;
   unsigned h = it_type_has_y(im->type) ? im->height : 1;
   if (im->levels == 0)
      im->levels = 1;
   if (im->levels == 1) {
      if (!im->custom_pitch)
         im->pitch = (im->width + align - 1) / align * align;
      im->level_offset[0] = 0;
      im->slice_size = (size_t)im->pitch * h * bpe;
   } else {
      size_t off = 0;
      for (int l = im->levels - 1; l >= 0; l--) {
         unsigned p = (it_minify(im->width, l) + align - 1) / align * align;
         im->level_offset[l] = off;
         off += (size_t)p * it_minify(h, l) * bpe;
         if (l == 0)
            im->pitch = p;
      }
      im->slice_size = off;
   }
   unsigned slices =
      im->type == V_008F1C_SQ_RSRC_IMG_3D ? im->depth
      : im->type == V_008F1C_SQ_RSRC_IMG_1D_ARRAY || im->type == V_008F1C_SQ_RSRC_IMG_2D_ARRAY
         ? im->layers
         : 1;
   im->data = st_buffer(t, IMG_BUF, im->slice_size * slices);

   enum pipe_format pf = it_pipe_format(im->fmt);
   if (!CHECK(pf != PIPE_FORMAT_NONE, "no pipe format for %s %s", ref_order_name(im->fmt.order),
              ref_type_name(im->fmt.type)))
      return false;
   const struct util_format_description *desc = util_format_description(pf);

   struct radeon_info info;
   memset(&info, 0, sizeof(info));
   info.gfx_level = GFX10_3;
   info.has_image_opcodes = true;
   struct radeon_surf surf;
   memset(&surf, 0, sizeof(surf));
   surf.bpe = bpe;
   surf.blk_w = surf.blk_h = 1;
   surf.is_linear = true;
   surf.u.gfx9.swizzle_mode = 0; /* ADDR_SW_LINEAR */
   surf.u.gfx9.surf_pitch = im->pitch;
   surf.u.gfx9.uses_custom_pitch = im->custom_pitch;

   bool array =
      im->type == V_008F1C_SQ_RSRC_IMG_1D_ARRAY || im->type == V_008F1C_SQ_RSRC_IMG_2D_ARRAY;
   unsigned last_layer = im->view_last ? im->view_last : array ? im->layers - 1 : 0;
   struct ac_texture_state st = {
      .surf = &surf,
      .format = pf,
      .img_format = pf,
      .width = im->width,
      .height = h,
      /* the last layer of an array view (gfx9+), depth - 1 of a 3D image */
      .depth = im->type == V_008F1C_SQ_RSRC_IMG_3D ? im->depth - 1 : last_layer,
      .type = im->type,
      .num_samples = 1,
      .num_storage_samples = 1,
      .first_level = 0,
      .last_level = im->levels - 1,
      .num_levels = im->levels,
      .first_layer = im->view_first,
      .last_layer = last_layer,
   };
   for (unsigned c = 0; c < 4; c++)
      st.swizzle[c] = desc->swizzle[c];
   ac_build_texture_descriptor(&info, &st, im->desc);
   struct ac_mutable_tex_state mt = {
      .surf = &surf,
      .va = ST_BUF_VA(IMG_BUF),
   };
   ac_set_mutable_tex_desc_fields(&info, &mt, im->desc);
   return true;
}

uint8_t *
it_pixel(const struct test_image *im, unsigned level, unsigned x, unsigned y, unsigned z)
{
   unsigned bpe = ref_pixel_bytes(im->fmt), align = 256 / bpe;
   unsigned p =
      im->levels == 1 ? im->pitch : (it_minify(im->width, level) + align - 1) / align * align;
   return im->data + z * im->slice_size + im->level_offset[level] + ((size_t)y * p + x) * bpe;
}

/* A random value of the shader's type for the format (floats in
 * [lo, hi], integers over their whole range). */
void
it_random_value(struct ref_format f, float lo, float hi, uint32_t v[4])
{
   for (unsigned c = 0; c < 4; c++)
      v[c] = ref_type_is_int(f.type) ? it_rnd() : fui(it_rnd_float(lo, hi));
}

/* Random contents: random bytes, but float formats hold finite values. */
void
it_fill_image(struct test_image *im)
{
   unsigned bpe = ref_pixel_bytes(im->fmt);
   unsigned h = it_type_has_y(im->type) ? im->height : 1;
   unsigned slices = im->type == V_008F1C_SQ_RSRC_IMG_3D ? im->depth : im->layers ? im->layers : 1;
   for (unsigned z = 0; z < slices; z++) {
      for (unsigned l = 0; l < im->levels; l++) {
         for (unsigned y = 0; y < it_minify(h, l); y++) {
            for (unsigned x = 0; x < it_minify(im->width, l); x++) {
               uint8_t *p = it_pixel(im, l, x, y, z);
               if (im->fmt.type == CL_FLOAT || im->fmt.type == CL_HALF_FLOAT) {
                  uint32_t v[4];
                  it_random_value(im->fmt, -2.0f, 2.0f, v);
                  ref_write_pixel(im->fmt, v, p);
               } else {
                  for (unsigned b = 0; b < bpe; b++)
                     p[b] = (uint8_t)it_rnd();
               }
            }
         }
      }
   }
}

void
it_make_sampler(const struct ref_sampler *s, uint32_t desc[4])
{
   unsigned clamp = s->addressing == CL_ADDRESS_CLAMP    ? V_008F30_SQ_TEX_CLAMP_BORDER
                    : s->addressing == CL_ADDRESS_REPEAT ? V_008F30_SQ_TEX_WRAP
                    : s->addressing == CL_ADDRESS_MIRRORED_REPEAT
                       ? V_008F30_SQ_TEX_MIRROR
                       : V_008F30_SQ_TEX_CLAMP_LAST_TEXEL;
   unsigned filter = s->filter == CL_FILTER_LINEAR ? V_008F38_SQ_TEX_XY_FILTER_BILINEAR
                                                   : V_008F38_SQ_TEX_XY_FILTER_POINT;
   /* transparent black: the T#'s dst_sel gives images without alpha 1 */
   struct ac_sampler_state st = {
      .address_mode_u = clamp,
      .address_mode_v = clamp,
      .address_mode_w = clamp,
      .unnormalized_coords = !s->normalized,
      .mag_filter = filter,
      .min_filter = filter,
      .mip_filter = V_008F38_SQ_TEX_MIP_FILTER_NONE,
      .border_color_type = V_008F3C_SQ_TEX_BORDER_COLOR_TRANS_BLACK,
      .max_lod = 15.0f,
   };
   ac_build_sampler_descriptor(GFX10_3, &st, desc);
}

/* Runs a program over LANES lanes with the T#, S#, per-lane address
 * components and data given; out gets each lane's v[4:7]. */
bool
it_run(struct sim_test *t, const char *what, const uint32_t *prog, size_t size,
       const struct test_image *im, const uint32_t *samp, uint32_t (*addr)[4], uint32_t (*data)[4],
       uint32_t (*out)[4])
{
   uint32_t *descs = t->buf[1], *in = t->buf[2];
   memcpy(descs, im->desc, 32);
   memset(descs + 8, 0, 16);
   if (samp)
      memcpy(descs + 8, samp, 16);
   memset(in, 0, 4096);
   if (addr)
      memcpy(in, addr, LANES * 16);
   if (data)
      memcpy(in + 512, data, LANES * 16);
   struct kiln_sim_dispatch d = st_dispatch(LANES, 32);
   if (!st_run_ok(t, what, prog, size, &d))
      return false;
   if (out)
      memcpy(out, t->buf[0], LANES * 16);
   return true;
}

static bool
it_same_value(uint32_t got, uint32_t want)
{
   return got == want || (isnan(uif(got)) && isnan(uif(want)));
}

static bool
it_close_value(uint32_t got, uint32_t want)
{
   float g = uif(got), w = uif(want);
   if (isnan(w))
      return isnan(g);
   return fabsf(g - w) <= 2e-6f * fmaxf(1.0f, fabsf(w));
}

/* Checks one lane's four components; reports the first mismatch. */
bool
it_check_lane(const char *what, struct ref_format f, unsigned lane, const uint32_t got[4],
              const uint32_t want[4], bool approx, const char *detail)
{
   for (unsigned c = 0; c < 4; c++) {
      bool ok = approx ? it_close_value(got[c], want[c]) : it_same_value(got[c], want[c]);
      if (!ok) {
         return CHECK(false,
                      "%s %s %s lane %u %s: component %u is 0x%08x (%g), the specification "
                      "says 0x%08x (%g)",
                      what, ref_order_name(f.order), ref_type_name(f.type), lane, detail, c, got[c],
                      uif(got[c]), want[c], uif(want[c]));
      }
   }
   return CHECK(true, "%s", what);
}
