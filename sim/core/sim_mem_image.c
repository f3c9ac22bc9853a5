/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The image instructions (MIMG, gfx10.3 encoding) of the emulated texture
 * unit, as ACO emits them for OpenCL images: image_load and image_load_mip,
 * image_store and image_store_mip, image_sample with its _l and _lz forms,
 * image_get_resinfo, and the image atomics.  The T# and S# are read by
 * sim_image_desc.c, texels converted by sim_image_format.c and sampled by
 * sim_image_sample.c; this file gathers each lane's address components and
 * moves the data between VGPRs and the image.
 *
 * Address components come from VADDR onwards, or with NSA (the 2 to 4
 * dword form) from VADDR and then one VGPR per byte of the extra dwords;
 * with A16 two 16-bit components share each address dword.  Their order
 * is the ISA's: the coordinates the instruction's DIM names (x, y, then z
 * or the array layer), then the mip level (load_mip, store_mip) or the LOD
 * (sample_l); image_get_resinfo takes the mip level alone.  Loads and
 * samples write the DMASK components to consecutive VGPRs (two per VGPR
 * with D16; TFE adds one VGPR written with 0); stores read them likewise.
 * Atomics work on formats of one 32-bit channel (two for the 64-bit forms)
 * and return the old value when GLC is set.
 *
 * Out-of-range texels (coordinates past the mip level, layers past the
 * view, levels past LAST_LEVEL) read as 0 and are not written, as the
 * hardware's bounds checking does; an address outside every mapping is a
 * VM fault naming the address and the instruction.
 */
#include <math.h>

#include "sid.h"
#include "sim_image.h"
#include "valu/sim_fp.h"

/* Coordinates per MIMG DIM: 1D, 2D, 3D, cube, 1D array, 2D array, 2D
 * MSAA, 2D MSAA array. */
static const uint8_t dim_coords[8] = { 1, 2, 3, 3, 2, 3, 3, 4 };

static uint32_t
addr_dword(const struct sim_wave *w, const struct sim_mimg_fields *f, unsigned i, unsigned lane)
{
   unsigned reg = i == 0 ? f->vaddr : f->nsa ? f->nsa_addr[i - 1] : f->vaddr + i;
   return w->vgpr[reg & 0xff][lane];
}

/* Address component i as 32 bits: with A16, a half widened to float or a
 * 16-bit integer zero-extended. */
static uint32_t
addr_comp(const struct sim_wave *w, const struct sim_mimg_fields *f, unsigned i, unsigned lane,
          bool is_float)
{
   if (!f->a16)
      return addr_dword(w, f, i, lane);
   uint32_t d = addr_dword(w, f, i / 2, lane);
   uint16_t h = i & 1 ? d >> 16 : d & 0xffff;
   return is_float ? sim_u32(sim_f16_to_f32(h)) : h;
}

/* Integer coordinates to (x, y, depth slice or layer) by DIM. */
static void
int_coords(const struct sim_wave *w, const struct sim_mimg_fields *f, unsigned lane,
           uint32_t xyz[3])
{
   uint32_t c[4] = { 0, 0, 0, 0 };
   for (unsigned i = 0; i < dim_coords[f->dim]; i++)
      c[i] = addr_comp(w, f, i, lane, false);
   xyz[0] = c[0];
   xyz[1] = f->dim + V_008F1C_SQ_RSRC_IMG_1D == V_008F1C_SQ_RSRC_IMG_1D_ARRAY ? 0 : c[1];
   xyz[2] = f->dim + V_008F1C_SQ_RSRC_IMG_1D == V_008F1C_SQ_RSRC_IMG_1D_ARRAY ? c[1] : c[2];
}

/* Bounds check of a texel at a level relative to BASE_LEVEL; gives the
 * absolute level and depth slice or layer. */
static bool
texel_in_range(const struct sim_image *img, uint32_t mip, const uint32_t xyz[3], unsigned *level,
               unsigned *z)
{
   if (mip > img->last_level - img->base_level || img->base_level > img->last_level)
      return false;
   *level = img->base_level + mip;
   if (xyz[0] >= sim_image_minify(img->width, *level))
      return false;
   if (sim_image_has_y(img) && xyz[1] >= sim_image_minify(img->height, *level))
      return false;
   if (img->type == V_008F1C_SQ_RSRC_IMG_3D) {
      *z = xyz[2];
      return xyz[2] < sim_image_minify(img->depth, *level);
   }
   if (sim_image_is_array(img)) {
      *z = img->base_array + xyz[2];
      return xyz[2] < sim_image_layers(img);
   }
   *z = 0;
   return true;
}

/* Writes the DMASK components of val to VDATA onwards; fp says 16-bit
 * results are halves (else the low 16 bits of integers). */
static void
write_result(struct sim_wave *w, const struct sim_mimg_fields *f, unsigned lane,
             const struct sim_texel *val, bool fp)
{
   unsigned k = 0;
   for (unsigned c = 0; c < 4; c++) {
      if (!(f->dmask & (1u << c)))
         continue;
      if (!f->d16) {
         w->vgpr[(f->vdata + k) & 0xff][lane] = val->v[c];
      } else {
         uint16_t h =
            fp ? sim_f16_from_f32(sim_f32(val->v[c]), SIM_ROUND_NE, false) : (uint16_t)val->v[c];
         uint32_t *r = &w->vgpr[(f->vdata + k / 2) & 0xff][lane];
         *r = k & 1 ? (*r & 0xffff) | (uint32_t)h << 16 : (*r & 0xffff0000u) | h;
      }
      k++;
   }
   if (f->tfe)
      w->vgpr[(f->vdata + (f->d16 ? (k + 1) / 2 : k)) & 0xff][lane] = 0;
}

/* The DMASK components of a store's VDATA (absent ones 0); D16 halves
 * widen to float, or to integers sign-extended for SINT formats. */
static struct sim_texel
read_data(const struct sim_wave *w, const struct sim_mimg_fields *f, unsigned lane,
          const struct sim_img_format *fmt)
{
   struct sim_texel t = { { 0, 0, 0, 0 } };
   unsigned k = 0;
   for (unsigned c = 0; c < 4; c++) {
      if (!(f->dmask & (1u << c)))
         continue;
      if (!f->d16) {
         t.v[c] = w->vgpr[(f->vdata + k) & 0xff][lane];
      } else {
         uint32_t r = w->vgpr[(f->vdata + k / 2) & 0xff][lane];
         uint16_t h = k & 1 ? r >> 16 : r & 0xffff;
         if (!sim_img_format_is_int(fmt))
            t.v[c] = sim_u32(sim_f16_to_f32(h));
         else
            t.v[c] = fmt->num == SIM_IMG_SINT ? (uint32_t)(int32_t)(int16_t)h : h;
      }
      k++;
   }
   return t;
}

static void
x_image_load(struct sim_wave *w, const struct sim_inst *in)
{
   const struct sim_mimg_fields *f = &in->mimg;
   struct sim_image img;
   if (!sim_image_read(w, in, &img))
      return;
   bool mip = SIM_MIMG_ADDR_POST(sim_opcodes[in->op].mimg_addr);
   bool fp = !sim_img_format_is_int(img.fmt);
   SIM_FOREACH_LANE(l, sim_exec_mask(w))
   {
      uint32_t xyz[3];
      unsigned level, z;
      struct sim_texel t = { { 0, 0, 0, 0 } };
      int_coords(w, f, l, xyz);
      uint32_t m = mip ? addr_comp(w, f, dim_coords[f->dim], l, false) : 0;
      if (texel_in_range(&img, m, xyz, &level, &z) &&
          !sim_image_fetch(w, &img, level, xyz[0], xyz[1], z, l, &t))
         return;
      write_result(w, f, l, &t, fp);
   }
}

static void
x_image_store(struct sim_wave *w, const struct sim_inst *in)
{
   const struct sim_mimg_fields *f = &in->mimg;
   struct sim_image img;
   if (!sim_image_read(w, in, &img))
      return;
   bool mip = SIM_MIMG_ADDR_POST(sim_opcodes[in->op].mimg_addr);
   SIM_FOREACH_LANE(l, sim_exec_mask(w))
   {
      uint32_t xyz[3];
      unsigned level, z;
      int_coords(w, f, l, xyz);
      uint32_t m = mip ? addr_comp(w, f, dim_coords[f->dim], l, false) : 0;
      if (!texel_in_range(&img, m, xyz, &level, &z))
         continue;
      /* the whole texel is written: channels no component names are 0 */
      struct sim_texel val = read_data(w, f, l, img.fmt), raw = { { 0, 0, 0, 0 } };
      sim_texel_unswizzle(img.dst_sel, 0xf, &val, &raw);
      uint8_t bytes[16] = { 0 };
      sim_img_encode(img.fmt, &raw, 0xf, bytes);
      uint64_t addr = sim_image_texel_addr(&img, level, xyz[0], xyz[1], z);
      if (!sim_seg_write(w, SIM_SEG_GLOBAL, addr, l, bytes, img.fmt->bytes))
         return;
   }
}

static void
x_image_atomic(struct sim_wave *w, const struct sim_inst *in)
{
   const struct sim_mimg_fields *f = &in->mimg;
   const struct sim_mem_op *m = &sim_mem_ops[in->op];
   struct sim_image img;
   if (!sim_image_read(w, in, &img))
      return;
   if (img.fmt->channels != img.fmt->bytes / 4 || img.fmt->bytes > 8) {
      sim_wave_fault(w, KILN_SIM_FAULT_UNSUPPORTED, 0, false,
                     "unsupported instruction %s on image format %u (atomics need 32-bit "
                     "channels, one or two) at PC 0x%" PRIx64,
                     sim_inst_name(in), img.hw_format, w->pc);
      return;
   }
   bool is64 = img.fmt->bytes == 8;
   unsigned n = is64 ? 2 : 1;
   bool cmpswap = m->atomic == SIM_AT_CMPSWAP || m->atomic == SIM_AT_FCMPSWAP;
   SIM_FOREACH_LANE(l, sim_exec_mask(w))
   {
      uint32_t xyz[3];
      unsigned level, z;
      uint64_t src = w->vgpr[f->vdata][l], cmp = 0, old = 0;
      if (is64)
         src |= (uint64_t)w->vgpr[(f->vdata + 1) & 0xff][l] << 32;
      if (cmpswap) {
         cmp = w->vgpr[(f->vdata + n) & 0xff][l];
         if (is64)
            cmp |= (uint64_t)w->vgpr[(f->vdata + n + 1) & 0xff][l] << 32;
      }
      int_coords(w, f, l, xyz);
      if (texel_in_range(&img, 0, xyz, &level, &z)) {
         uint64_t addr = sim_image_texel_addr(&img, level, xyz[0], xyz[1], z);
         if (!sim_seg_atomic(w, SIM_SEG_GLOBAL, addr, l, m->atomic, is64, src, cmp, &old))
            return;
      }
      if (f->glc) {
         w->vgpr[f->vdata][l] = (uint32_t)old;
         if (is64)
            w->vgpr[(f->vdata + 1) & 0xff][l] = (uint32_t)(old >> 32);
      }
   }
}

static void
x_image_resinfo(struct sim_wave *w, const struct sim_inst *in)
{
   const struct sim_mimg_fields *f = &in->mimg;
   struct sim_image img;
   if (!sim_image_read(w, in, &img))
      return;
   bool is_3d = img.type == V_008F1C_SQ_RSRC_IMG_3D;
   bool is_1d_array = img.type == V_008F1C_SQ_RSRC_IMG_1D_ARRAY;
   SIM_FOREACH_LANE(l, sim_exec_mask(w))
   {
      uint32_t mip = addr_comp(w, f, 0, l, false);
      struct sim_texel t = { { 0, 0, 0, 0 } };
      if (img.base_level <= img.last_level && mip <= img.last_level - img.base_level) {
         unsigned level = img.base_level + mip;
         t.v[0] = sim_image_minify(img.width, level);
         t.v[1] = is_1d_array ? sim_image_layers(&img) : sim_image_minify(img.height, level);
         t.v[2] = is_3d                                      ? sim_image_minify(img.depth, level)
                  : sim_image_is_array(&img) && !is_1d_array ? sim_image_layers(&img)
                                                             : 1;
         t.v[3] = img.last_level - img.base_level + 1;
      }
      write_result(w, f, l, &t, false);
   }
}

/* One sample at a LOD: the mip level per the S#'s MIP_FILTER as OpenGL
 * (and OpenCL's cl_khr_mipmap_image) define mip selection (none: the base
 * level; point: ceil(LOD + 1/2) - 1 past LOD 1/2; linear: floor(LOD) and
 * the next, blended by the fraction), the magnification filter at LOD <= 0
 * and the minification one above. */
static bool
sample_lod(struct sim_wave *w, const struct sim_image *img, const struct sim_sampler *s,
           const float *coord, float lod, unsigned lane, struct sim_texel *out)
{
   bool minify = lod > 0.0f;
   bool linear = minify ? s->min_linear : s->mag_linear;
   unsigned last = img->last_level - img->base_level;
   if (!minify || s->mip_filter == V_008F38_SQ_TEX_MIP_FILTER_NONE || last == 0)
      return sim_image_sample(w, img, s, coord, img->base_level, linear, lane, out);
   if (s->mip_filter != V_008F38_SQ_TEX_MIP_FILTER_LINEAR) {
      float nearest = lod <= 0.5f ? 0.0f : ceilf(lod + 0.5f) - 1.0f;
      unsigned m = nearest >= (float)last ? last : (unsigned)nearest;
      return sim_image_sample(w, img, s, coord, img->base_level + m, linear, lane, out);
   }
   float fl = floorf(lod);
   unsigned m0 = fl >= (float)last ? last : (unsigned)fl;
   unsigned m1 = m0 + 1 > last ? last : m0 + 1;
   float a = m0 == last ? 0.0f : lod - fl;
   struct sim_texel t0, t1;
   if (!sim_image_sample(w, img, s, coord, img->base_level + m0, linear, lane, &t0) ||
       !sim_image_sample(w, img, s, coord, img->base_level + m1, linear, lane, &t1))
      return false;
   for (unsigned c = 0; c < 4; c++)
      out->v[c] = sim_u32((1.0f - a) * sim_f32(t0.v[c]) + a * sim_f32(t1.v[c]));
   return true;
}

static void
x_image_sample(struct sim_wave *w, const struct sim_inst *in)
{
   const struct sim_mimg_fields *f = &in->mimg;
   struct sim_image img;
   struct sim_sampler s;
   if (!sim_image_read(w, in, &img))
      return;
   sim_sampler_read(w, f->ssamp, &s);
   s.unnormalized |= f->unrm;
   unsigned n = dim_coords[f->dim];
   bool has_lod = SIM_MIMG_ADDR_POST(sim_opcodes[in->op].mimg_addr);
   bool fp = !sim_img_format_is_int(img.fmt);
   SIM_FOREACH_LANE(l, sim_exec_mask(w))
   {
      float coord[4] = { 0.0f, 0.0f, 0.0f, 0.0f };
      for (unsigned i = 0; i < n; i++)
         coord[i] = sim_f32(addr_comp(w, f, i, l, true));
      /* compute shaders have no derivatives: image_sample is at LOD 0 */
      float lod = has_lod ? sim_f32(addr_comp(w, f, n, l, true)) : 0.0f;
      struct sim_texel t;
      if (!sample_lod(w, &img, &s, coord, lod, l, &t))
         return;
      write_result(w, f, l, &t, fp);
   }
}

unsigned
sim_mimg_addr_regs(const struct sim_inst *in)
{
   const struct sim_mimg_fields *f = &in->mimg;
   unsigned a = in->op < SIM_OP_COUNT ? sim_opcodes[in->op].mimg_addr : 0;
   /* derivative pairs per coordinate the filter walks */
   static const uint8_t grad_dims[8] = { 1, 2, 3, 2, 1, 2, 2, 2 };
   unsigned n = (SIM_MIMG_ADDR_NO_COORDS(a) ? 0 : dim_coords[f->dim]) + SIM_MIMG_ADDR_PRE(a) +
                SIM_MIMG_ADDR_POST(a) + (SIM_MIMG_ADDR_DERIV(a) ? 2 * grad_dims[f->dim] : 0);
   return f->a16 ? (n + 1) / 2 : n;
}

void
sim_image_bind(sim_exec_fn *table)
{
   table[SIM_OP_image_load] = x_image_load;
   table[SIM_OP_image_load_mip] = x_image_load;
   table[SIM_OP_image_store] = x_image_store;
   table[SIM_OP_image_store_mip] = x_image_store;
   table[SIM_OP_image_get_resinfo] = x_image_resinfo;
   table[SIM_OP_image_sample] = x_image_sample;
   table[SIM_OP_image_sample_l] = x_image_sample;
   table[SIM_OP_image_sample_lz] = x_image_sample;
   for (unsigned op = 0; op < SIM_OP_COUNT; op++) {
      if (sim_opcodes[op].format == SIM_FMT_MIMG && sim_mem_ops[op].kind == SIM_MEM_ATOMIC)
         table[op] = x_image_atomic;
   }
}
