/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The emulated texture unit: what the image instructions (MIMG) share
 * between the descriptor reader (sim_image_desc.c), the texel formats
 * (sim_image_format.c), the sampler's addressing and filtering
 * (sim_image_sample.c) and the instructions themselves
 * (sim_mem_image.c).  A T# and an S# are read once per instruction into
 * the structs below, field by field as the gfx10.3 hardware reads them;
 * everything after that works on those structs, never on raw dwords.
 *
 * Texel values travel as struct sim_texel: four 32-bit register values,
 * floats (as bits) for the normalised, scaled, sRGB and float formats,
 * integers for the UINT/SINT ones; either in the format's channel order
 * (X..W, what sim_img_decode gives and sim_img_encode takes) or in the
 * order the shader sees them, after the descriptor's dst_sel swizzle.
 */
#ifndef SIM_IMAGE_H
#define SIM_IMAGE_H

#include "sim_mem.h"

enum sim_img_num {
   SIM_IMG_UNORM,
   SIM_IMG_SNORM,
   SIM_IMG_USCALED,
   SIM_IMG_SSCALED,
   SIM_IMG_UINT,
   SIM_IMG_SINT,
   SIM_IMG_FLOAT,
   SIM_IMG_SRGB, /* UNORM, the colour channels (not W) sRGB-encoded */
};

/* One gfx10 image format: the channels from the lowest bit up (X, Y, Z,
 * W), as the format's name lists them from the highest bit down. */
struct sim_img_format {
   uint16_t hw;   /* V_008F0C_GFX10_FORMAT_* */
   uint8_t bytes; /* per texel */
   uint8_t channels;
   uint8_t bits[4];
   uint8_t num; /* enum sim_img_num */
};

/* The image formats the unit reads and writes, or NULL. */
const struct sim_img_format *sim_img_format_find(unsigned hw_format);

static inline bool
sim_img_format_is_int(const struct sim_img_format *f)
{
   return f->num == SIM_IMG_UINT || f->num == SIM_IMG_SINT;
}

struct sim_texel {
   uint32_t v[4];
};

/* Memory bytes of one texel to its channels' register values (X..W;
 * absent channels 0, absent W 1), and back for the channels in `mask`
 * (the others keep their bits), converting as the format's number type
 * says (saturating, rounding to nearest even). */
struct sim_texel sim_img_decode(const struct sim_img_format *f, const uint8_t *src);
void sim_img_encode(const struct sim_img_format *f, const struct sim_texel *t, unsigned mask,
                    uint8_t *dst);

/* A descriptor's dst_sel (V_008F1C_SQ_SEL_* per shader component, the same
 * in a T# and a V#): the shader's value of a texel's channels, and the
 * inverse for stores, where each channel takes the first of the `provided`
 * shader components whose dst_sel names it.  The inverse returns the mask
 * of channels it set. */
struct sim_texel sim_texel_swizzle(const uint8_t dst_sel[4], bool is_int,
                                   const struct sim_texel *raw);
unsigned sim_texel_unswizzle(const uint8_t dst_sel[4], unsigned provided,
                             const struct sim_texel *val, struct sim_texel *raw);

/* A T# (gfx10.3 SQ_IMG_RSRC_WORD0..7), read as sim_image_desc.c says. */
struct sim_image {
   uint64_t base; /* byte address of the resource */
   const struct sim_img_format *fmt;
   unsigned hw_format;
   unsigned type; /* V_008F1C_SQ_RSRC_IMG_* */
   unsigned sw_mode;
   unsigned width, height, depth;   /* of level 0; depth of 3D images */
   unsigned base_array, last_array; /* arrays: the layers the view shows */
   unsigned base_level, last_level, num_levels;
   unsigned custom_pitch; /* gfx10.3's row pitch of a single-level 1D or
                             2D image, in texels; 0: the natural pitch */
   uint8_t dst_sel[4];    /* V_008F1C_SQ_SEL_* per shader component */
   uint8_t bc_swizzle;    /* V_008F20_BC_SWIZZLE_*: border colour to channels */
};

/* An S# (SQ_IMG_SAMP_WORD0..3). */
struct sim_sampler {
   uint8_t clamp[3];  /* V_008F30_SQ_TEX_* for x, y, z */
   bool unnormalized; /* FORCE_UNNORMALIZED (or the instruction's UNRM) */
   bool mag_linear, min_linear;
   unsigned mip_filter;  /* V_008F38_SQ_TEX_MIP_FILTER_* */
   unsigned border_type; /* V_008F3C_SQ_TEX_BORDER_COLOR_* */
};

/* Reads the T# at SGPR srsrc (4 dwords when r128, else 8) and the S# at
 * ssamp.  sim_image_read faults on the wave (naming the instruction) and
 * returns false for a format or swizzle mode the unit does not model. */
bool sim_image_read(struct sim_wave *w, const struct sim_inst *in, struct sim_image *img);
void sim_sampler_read(const struct sim_wave *w, unsigned ssamp, struct sim_sampler *s);

/* The dimensions of a mip level (levels past the end are 1 wide). */
static inline unsigned
sim_image_minify(unsigned size, unsigned level)
{
   return size >> level ? size >> level : 1;
}

/* Layers of an array view; 1 for other types. */
unsigned sim_image_layers(const struct sim_image *img);

/* Does the image type use y / z (3D or 2D array layer) / a layer in y? */
bool sim_image_has_y(const struct sim_image *img);
bool sim_image_is_array(const struct sim_image *img);

/* Byte address of texel (x, y, z) of a mip level, where z is the depth
 * slice of a 3D image or the absolute layer of an array.  The caller keeps
 * the coordinates in range. */
uint64_t sim_image_texel_addr(const struct sim_image *img, unsigned level, unsigned x, unsigned y,
                              unsigned z);

/* The shader's value of a texel of the image: sim_texel_swizzle with its
 * dst_sel. */
struct sim_texel sim_image_swizzle(const struct sim_image *img, const struct sim_texel *raw);

/* Reads one texel (shader values) at integer coordinates already in
 * range; false after a VM fault. */
bool sim_image_fetch(struct sim_wave *w, const struct sim_image *img, unsigned level, unsigned x,
                     unsigned y, unsigned z, unsigned lane, struct sim_texel *out);

/* Samples at coordinates coord[] (x, then y and z as the type has them,
 * then the layer of an array) with the sampler's addressing, nearest or
 * linear filtering, at one mip level (sim_image_sample.c); false after a
 * VM fault. */
bool sim_image_sample(struct sim_wave *w, const struct sim_image *img, const struct sim_sampler *s,
                      const float *coord, unsigned level, bool linear, unsigned lane,
                      struct sim_texel *out);

#endif
