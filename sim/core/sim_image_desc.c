/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Image and sampler descriptors as the emulated gfx10.3 texture unit reads
 * them, and the linear memory layout they describe.  Bit positions are
 * Mesa's register database (sid.h / amdgfxregs.h: the G_00A0xx_* getters
 * of SQ_IMG_RSRC_WORD0..7 and G_008F3x_* of SQ_IMG_SAMP_WORD0..3), the
 * ones ac_build_texture_descriptor and ac_build_sampler_descriptor write.
 *
 * The T# fields read (everything else is ignored):
 *   word0       BASE_ADDRESS (address bits 8..39; the address is 256-byte
 *               aligned)
 *   word1       BASE_ADDRESS_HI (bits 40..47), FORMAT (the gfx10 image
 *               format, see sim_image_format.c), WIDTH_LO
 *   word2       WIDTH_HI (width - 1 = WIDTH_HI:WIDTH_LO), HEIGHT (height - 1)
 *   word3       DST_SEL_X/Y/Z/W, BASE_LEVEL, LAST_LEVEL, SW_MODE (must be 0,
 *               linear; anything else stops the wave), BC_SWIZZLE (where
 *               the border colour's components go), TYPE (1D, 2D, 3D,
 *               1D_ARRAY, 2D_ARRAY; cube and MSAA types stop the wave)
 *   word4       DEPTH: 3D images depth - 1; arrays the last layer of the
 *               view; single-level 1D and 2D images with PITCH_MSB:DEPTH
 *               non-zero the row pitch - 1 in texels (gfx10.3's custom
 *               pitch), zero meaning the natural linear pitch.
 *               BASE_ARRAY: the first layer of an array view.
 *   word5       MAX_MIP: levels - 1 of the whole resource (the layout)
 * The S# fields read: CLAMP_X/Y/Z, FORCE_UNNORMALIZED (word0),
 * XY_MAG_FILTER, XY_MIN_FILTER, MIP_FILTER (word2), BORDER_COLOR_TYPE
 * (word3; a border colour from the table reads as transparent black).
 *
 * The layout is the linear one of Mesa's addrlib for gfx10
 * (Gfx10Lib::ComputeSurfaceInfoLinear): rows of align(width, 256 / bpe)
 * texels, one slice holding every mip level with the smallest first,
 * layers and 3D depth slices one slice apart.
 */
#include <stdio.h>

#include "sid.h"
#include "sim_image.h"
#include "util/macros.h"

/* gfx10.3 field widths where the merged register headers carry gfx11's. */
#define GFX103_WIDTH_HI_MASK   0xfff
#define GFX103_HEIGHT_MASK     0x3fff
#define GFX103_BASE_ARRAY_MASK 0x1fff

static unsigned
align_pot(unsigned v, unsigned a)
{
   return (v + a - 1) & ~(a - 1);
}

/* Row alignment of linear surfaces, in texels. */
static unsigned
pitch_align(unsigned bpe)
{
   unsigned a = 256 / bpe;
   while (a & (a - 1))
      a += a & -a; /* up to a power of two */
   return a ? a : 1;
}

unsigned
sim_image_layers(const struct sim_image *img)
{
   if (!sim_image_is_array(img))
      return 1;
   return img->last_array >= img->base_array ? img->last_array - img->base_array + 1 : 0;
}

bool
sim_image_has_y(const struct sim_image *img)
{
   return img->type == V_008F1C_SQ_RSRC_IMG_2D || img->type == V_008F1C_SQ_RSRC_IMG_3D ||
          img->type == V_008F1C_SQ_RSRC_IMG_2D_ARRAY;
}

bool
sim_image_is_array(const struct sim_image *img)
{
   return img->type == V_008F1C_SQ_RSRC_IMG_1D_ARRAY || img->type == V_008F1C_SQ_RSRC_IMG_2D_ARRAY;
}

static bool
image_fault(struct sim_wave *w, const struct sim_inst *in, const char *what, unsigned value)
{
   sim_wave_fault(w, KILN_SIM_FAULT_UNSUPPORTED, 0, false,
                  "unsupported instruction %s with image %s %u at PC 0x%" PRIx64, sim_inst_name(in),
                  what, value, w->pc);
   return false;
}

/* The layout of an image's slice: each level's row pitch (texels) and
 * where the level starts (at most 16 levels). */
struct image_layout {
   unsigned pitch[16];
   uint64_t offset[16];
   uint64_t slice_size;
};

static void
layout_levels(const struct sim_image *img, struct image_layout *l)
{
   unsigned bpe = img->fmt->bytes, a = pitch_align(bpe);
   if (img->num_levels == 1) {
      l->pitch[0] = img->custom_pitch ? img->custom_pitch : align_pot(img->width, a);
      l->offset[0] = 0;
      l->slice_size = (uint64_t)l->pitch[0] * (sim_image_has_y(img) ? img->height : 1) * bpe;
      return;
   }
   uint64_t size = 0;
   for (int lv = img->num_levels - 1; lv >= 0; lv--) {
      unsigned h = sim_image_has_y(img) ? sim_image_minify(img->height, lv) : 1;
      l->pitch[lv] = align_pot(sim_image_minify(img->width, lv), a);
      l->offset[lv] = size;
      size += (uint64_t)l->pitch[lv] * h * bpe;
   }
   l->slice_size = size;
}

/* What the layout depends on. */
struct layout_key {
   unsigned bpe, has_y, width, height, num_levels, custom_pitch;
};

/* The layout is small to recompute; one cached per thread saves the loop
 * on every texel of a filtered sample. */
static _Thread_local struct {
   struct layout_key key;
   struct image_layout layout;
   bool valid;
} layout_cache;

static const struct image_layout *
image_layout(const struct sim_image *img)
{
   struct layout_key key = {
      .bpe = img->fmt->bytes,
      .has_y = sim_image_has_y(img),
      .width = img->width,
      .height = img->height,
      .num_levels = img->num_levels,
      .custom_pitch = img->num_levels == 1 ? img->custom_pitch : 0,
   };
   if (!layout_cache.valid || memcmp(&layout_cache.key, &key, sizeof(key)) != 0) {
      layout_cache.key = key;
      layout_levels(img, &layout_cache.layout);
      layout_cache.valid = true;
   }
   return &layout_cache.layout;
}

uint64_t
sim_image_texel_addr(const struct sim_image *img, unsigned level, unsigned x, unsigned y,
                     unsigned z)
{
   const struct image_layout *l = image_layout(img);
   return img->base + z * l->slice_size + l->offset[level] +
          ((uint64_t)y * l->pitch[level] + x) * img->fmt->bytes;
}

bool
sim_image_read(struct sim_wave *w, const struct sim_inst *in, struct sim_image *img)
{
   /* an 8-dword T# named at s[124:131] runs past the SGPRs: the missing
    * dwords read as 0 */
   uint32_t d[8] = { 0 };
   unsigned first = in->mimg.srsrc & 0x7c;
   unsigned n = MIN2(in->mimg.r128 ? 4 : 8, SIM_NUM_SGPR_SLOTS - first);
   memcpy(d, &w->sgpr[first], n * sizeof(uint32_t));

   memset(img, 0, sizeof(*img));
   img->base = ((uint64_t)d[0] | (uint64_t)G_008F14_BASE_ADDRESS_HI(d[1]) << 32) << 8;
   img->hw_format = G_00A004_FORMAT_GFX10(d[1]);
   img->fmt = sim_img_format_find(img->hw_format);
   img->width =
      (G_00A004_WIDTH_LO(d[1]) | (G_00A008_WIDTH_HI(d[2]) & GFX103_WIDTH_HI_MASK) << 2) + 1;
   img->height = (G_00A008_HEIGHT(d[2]) & GFX103_HEIGHT_MASK) + 1;
   img->dst_sel[0] = G_00A00C_DST_SEL_X(d[3]);
   img->dst_sel[1] = G_00A00C_DST_SEL_Y(d[3]);
   img->dst_sel[2] = G_00A00C_DST_SEL_Z(d[3]);
   img->dst_sel[3] = G_00A00C_DST_SEL_W(d[3]);
   img->base_level = G_00A00C_BASE_LEVEL(d[3]);
   img->last_level = G_00A00C_LAST_LEVEL_GFX10(d[3]);
   img->sw_mode = G_00A00C_SW_MODE(d[3]);
   img->bc_swizzle = G_00A00C_BC_SWIZZLE(d[3]);
   img->type = G_00A00C_TYPE(d[3]);
   img->num_levels = G_00A014_MAX_MIP(d[5]) + 1;
   img->depth = 1;

   unsigned depth_field = G_00A010_DEPTH_GFX10(d[4]);
   switch (img->type) {
   case V_008F1C_SQ_RSRC_IMG_1D:
   case V_008F1C_SQ_RSRC_IMG_2D:
      img->custom_pitch = depth_field | G_00A010_PITCH_MSB_GFX103(d[4]) << 13;
      img->custom_pitch = img->custom_pitch ? img->custom_pitch + 1 : 0;
      if (img->type == V_008F1C_SQ_RSRC_IMG_1D)
         img->height = 1;
      break;
   case V_008F1C_SQ_RSRC_IMG_3D:
      img->depth = depth_field + 1;
      break;
   case V_008F1C_SQ_RSRC_IMG_1D_ARRAY:
   case V_008F1C_SQ_RSRC_IMG_2D_ARRAY:
      img->base_array = G_00A010_BASE_ARRAY(d[4]) & GFX103_BASE_ARRAY_MASK;
      img->last_array = depth_field;
      if (img->type == V_008F1C_SQ_RSRC_IMG_1D_ARRAY)
         img->height = 1;
      break;
   default:
      return image_fault(w, in, "type", img->type);
   }
   if (!img->fmt)
      return image_fault(w, in, "format", img->hw_format);
   if (img->sw_mode != 0)
      return image_fault(w, in, "swizzle mode (not linear)", img->sw_mode);
   if (img->num_levels > 16 || img->last_level >= img->num_levels)
      return image_fault(w, in, "last level", img->last_level);
   return true;
}

void
sim_sampler_read(const struct sim_wave *w, unsigned ssamp, struct sim_sampler *s)
{
   const uint32_t *d = &w->sgpr[ssamp & 0x7c];
   unsigned mag = G_008F38_XY_MAG_FILTER(d[2]), min = G_008F38_XY_MIN_FILTER(d[2]);

   s->clamp[0] = G_008F30_CLAMP_X(d[0]);
   s->clamp[1] = G_008F30_CLAMP_Y(d[0]);
   s->clamp[2] = G_008F30_CLAMP_Z(d[0]);
   s->unnormalized = G_008F30_FORCE_UNNORMALIZED(d[0]);
   s->mag_linear =
      mag == V_008F38_SQ_TEX_XY_FILTER_BILINEAR || mag == V_008F38_SQ_TEX_XY_FILTER_ANISO_BILINEAR;
   s->min_linear =
      min == V_008F38_SQ_TEX_XY_FILTER_BILINEAR || min == V_008F38_SQ_TEX_XY_FILTER_ANISO_BILINEAR;
   s->mip_filter = G_008F38_MIP_FILTER(d[2]);
   s->border_type = G_008F3C_BORDER_COLOR_TYPE(d[3]);
}

struct sim_texel
sim_image_swizzle(const struct sim_image *img, const struct sim_texel *raw)
{
   return sim_texel_swizzle(img->dst_sel, sim_img_format_is_int(img->fmt), raw);
}

bool
sim_image_fetch(struct sim_wave *w, const struct sim_image *img, unsigned level, unsigned x,
                unsigned y, unsigned z, unsigned lane, struct sim_texel *out)
{
   uint8_t bytes[16];
   uint64_t addr = sim_image_texel_addr(img, level, x, y, z);
   if (!sim_seg_read(w, SIM_SEG_GLOBAL, addr, lane, bytes, img->fmt->bytes))
      return false;
   struct sim_texel raw = sim_img_decode(img->fmt, bytes);
   *out = sim_image_swizzle(img, &raw);
   return true;
}
