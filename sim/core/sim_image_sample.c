/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The sampler of the emulated texture unit: addressing and filtering of
 * image_sample, following the formulas of the OpenCL specification's
 * sampler chapter (OpenCL 2.0, 8.2: "Addressing and filter modes"), which
 * are what kiln's samplers promise, with each OpenCL addressing mode as
 * the S#'s CLAMP_X/Y/Z value the driver writes for it:
 *
 *   CLK_ADDRESS_REPEAT           SQ_TEX_WRAP
 *   CLK_ADDRESS_MIRRORED_REPEAT  SQ_TEX_MIRROR
 *   CLK_ADDRESS_CLAMP_TO_EDGE    SQ_TEX_CLAMP_LAST_TEXEL (also for NONE)
 *   CLK_ADDRESS_CLAMP            SQ_TEX_CLAMP_BORDER (or _HALF_BORDER)
 *
 * The MIRROR_ONCE_* modes mirror the coordinate once (|s|) and clamp as
 * their name says.  Texels outside the image under a border mode read as
 * the S#'s border colour (transparent or opaque black, opaque white),
 * whose RGBA the T#'s BC_SWIZZLE places in the texel's channels, to go
 * through dst_sel like a texel: a dst_sel of 1 makes the transparent
 * border of an image without alpha (0, 0, 0, 1), as OpenCL wants.  Linear
 * filtering weighs texels in float as the specification writes it, x
 * fastest; integer formats are never filtered (the specification leaves
 * that undefined).  Unnormalised coordinates under the repeat modes,
 * which OpenCL does not allow, are normalised first.  Array layers are
 * rint(layer) clamped to the view's layers.  Weights are full floats,
 * finer than the hardware's fixed-point sub-texel fractions.
 */
#include <math.h>

#include "sid.h"
#include "sim_image.h"
#include "valu/sim_fp.h"

/* One axis after addressing: texel indices (outside [0, size) for the
 * border) and the weight of i1. */
struct axis {
   int i0, i1;
   float a;
};

/* floor(u) limited to [lo, hi] (NaN gives lo). */
static int
floor_clamped(float u, int lo, int hi)
{
   float f = floorf(u);
   if (!(f >= (float)lo))
      return lo;
   if (f >= (float)hi)
      return hi;
   return (int)f;
}

static float
frac(float x)
{
   return x - floorf(x);
}

static bool
mode_is_border(unsigned mode)
{
   return mode == V_008F30_SQ_TEX_CLAMP_HALF_BORDER || mode == V_008F30_SQ_TEX_CLAMP_BORDER ||
          mode == V_008F30_SQ_TEX_MIRROR_ONCE_HALF_BORDER ||
          mode == V_008F30_SQ_TEX_MIRROR_ONCE_BORDER;
}

static void
address_repeat(float s, int size, bool linear, struct axis *ax)
{
   float u = (s - floorf(s)) * size;
   if (!linear) {
      int i = floor_clamped(u, 0, size);
      ax->i0 = ax->i1 = i > size - 1 ? 0 : i;
      return;
   }
   int i0 = floor_clamped(u - 0.5f, -1, size);
   int i1 = i0 + 1;
   ax->i0 = i0 < 0 ? size + i0 : i0;
   ax->i1 = i1 > size - 1 ? i1 - size : i1;
   ax->a = frac(u - 0.5f);
}

static void
address_mirror(float s, int size, bool linear, struct axis *ax)
{
   float sp = fabsf(s - 2.0f * rintf(0.5f * s));
   float u = sp * size;
   if (!linear) {
      ax->i0 = ax->i1 = floor_clamped(u, 0, size - 1);
      return;
   }
   int i0 = floor_clamped(u - 0.5f, -1, size);
   ax->i0 = i0 < 0 ? 0 : i0;
   ax->i1 = i0 + 1 > size - 1 ? size - 1 : i0 + 1;
   ax->a = frac(u - 0.5f);
}

static void
address_clamp(float u, int size, bool linear, bool border, struct axis *ax)
{
   int lo = border ? -1 : 0, hi = border ? size : size - 1;
   if (!linear) {
      ax->i0 = ax->i1 = floor_clamped(u, lo, hi);
      return;
   }
   int f = floor_clamped(u - 0.5f, lo - 1, hi);
   ax->i0 = f < lo ? lo : f;
   ax->i1 = f + 1 > hi ? hi : f + 1;
   ax->a = frac(u - 0.5f);
}

static void
address_axis(unsigned mode, bool normalized, bool linear, float s, int size, struct axis *ax)
{
   ax->a = 0.0f;
   if (mode == V_008F30_SQ_TEX_WRAP) {
      address_repeat(normalized ? s : s / size, size, linear, ax);
   } else if (mode == V_008F30_SQ_TEX_MIRROR) {
      address_mirror(normalized ? s : s / size, size, linear, ax);
   } else {
      bool mirror_once = mode == V_008F30_SQ_TEX_MIRROR_ONCE_LAST_TEXEL ||
                         mode == V_008F30_SQ_TEX_MIRROR_ONCE_HALF_BORDER ||
                         mode == V_008F30_SQ_TEX_MIRROR_ONCE_BORDER;
      if (mirror_once)
         s = fabsf(s);
      address_clamp(normalized ? s * size : s, size, linear, mode_is_border(mode), ax);
   }
}

static struct sim_texel
border_color(const struct sim_image *img, const struct sim_sampler *s)
{
   /* per BC_SWIZZLE, the border component each texel channel takes */
   static const uint8_t bc[6][4] = {
      [V_008F20_BC_SWIZZLE_XYZW] = { 0, 1, 2, 3 }, [V_008F20_BC_SWIZZLE_XWYZ] = { 0, 3, 1, 2 },
      [V_008F20_BC_SWIZZLE_WZYX] = { 3, 2, 1, 0 }, [V_008F20_BC_SWIZZLE_WXYZ] = { 3, 0, 1, 2 },
      [V_008F20_BC_SWIZZLE_ZYXW] = { 2, 1, 0, 3 }, [V_008F20_BC_SWIZZLE_YXWZ] = { 1, 0, 3, 2 },
   };
   uint32_t one = sim_img_format_is_int(img->fmt) ? 1 : 0x3f800000u;
   struct sim_texel rgba = { { 0, 0, 0, 0 } }, raw;
   if (s->border_type == V_008F3C_SQ_TEX_BORDER_COLOR_OPAQUE_BLACK)
      rgba.v[3] = one;
   else if (s->border_type == V_008F3C_SQ_TEX_BORDER_COLOR_OPAQUE_WHITE)
      rgba = (struct sim_texel){ { one, one, one, one } };
   unsigned sw = img->bc_swizzle < 6 ? img->bc_swizzle : V_008F20_BC_SWIZZLE_XYZW;
   for (unsigned c = 0; c < 4; c++)
      raw.v[c] = rgba.v[bc[sw][c]];
   return sim_image_swizzle(img, &raw);
}

/* Dimensions the filter walks: 1 (1D, 1D array), 2 (2D, 2D array), 3 (3D). */
static unsigned
filter_dims(const struct sim_image *img)
{
   if (img->type == V_008F1C_SQ_RSRC_IMG_3D)
      return 3;
   return sim_image_has_y(img) ? 2 : 1;
}

bool
sim_image_sample(struct sim_wave *w, const struct sim_image *img, const struct sim_sampler *s,
                 const float *coord, unsigned level, bool linear, unsigned lane,
                 struct sim_texel *out)
{
   unsigned nd = filter_dims(img);
   int size[3] = {
      sim_image_minify(img->width, level),
      sim_image_minify(img->height, level),
      sim_image_minify(img->depth, level),
   };
   unsigned layer = 0;
   if (sim_image_is_array(img)) {
      float l = rintf(coord[nd]);
      int last = (int)sim_image_layers(img) - 1;
      layer = img->base_array + (!(l >= 0.0f) ? 0 : l >= (float)last ? last : (int)l);
   }
   if (sim_img_format_is_int(img->fmt))
      linear = false;

   struct axis ax[3] = { { 0, 0, 0.0f }, { 0, 0, 0.0f }, { 0, 0, 0.0f } };
   for (unsigned d = 0; d < nd; d++)
      address_axis(s->clamp[d], !s->unnormalized, linear, coord[d], size[d], &ax[d]);

   float acc[4] = { 0.0f, 0.0f, 0.0f, 0.0f };
   unsigned corners = linear ? 1u << nd : 1;
   for (unsigned corner = 0; corner < corners; corner++) {
      int idx[3] = { 0, 0, 0 };
      float weight = 1.0f;
      bool inside = true;
      for (unsigned d = 0; d < nd; d++) {
         bool hi = (corner >> d) & 1;
         idx[d] = hi ? ax[d].i1 : ax[d].i0;
         weight *= hi ? ax[d].a : 1.0f - ax[d].a;
         inside &= idx[d] >= 0 && idx[d] < size[d];
      }
      struct sim_texel t;
      if (!inside)
         t = border_color(img, s);
      else if (!sim_image_fetch(w, img, level, idx[0], idx[1], nd == 3 ? (unsigned)idx[2] : layer,
                                lane, &t))
         return false;
      if (!linear) {
         *out = t;
         return true;
      }
      for (unsigned c = 0; c < 4; c++)
         acc[c] += weight * sim_f32(t.v[c]);
   }
   for (unsigned c = 0; c < 4; c++)
      out->v[c] = sim_u32(acc[c]);
   return true;
}
