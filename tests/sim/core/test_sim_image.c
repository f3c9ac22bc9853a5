/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The emulated texture unit against the OpenCL specification: image_load,
 * image_store, image_sample (_lz, _l, NSA, UNRM), their d16/a16/tfe/dmask
 * forms, the mip forms, image_get_resinfo, the image atomics and
 * image1d_buffer's formatted buffer access, run as machine code assembled
 * by llvm-mc on images and descriptors image_fixture.c makes with Mesa's
 * own ac_descriptors (as a Gallium driver would).  Expected values come
 * from image_ref.c, written from the
 * specification's conversion, addressing and filter rules: every OpenCL
 * channel order and data type (and sRGBA, sBGRA), through loads, stores
 * and sampling with every addressing mode, both filters and both
 * coordinate kinds, at random coordinates; the image types at a few
 * formats; linear layout, custom pitch and mip levels as Mesa's addrlib
 * lays them out.
 */
#include <math.h>
#include <stdlib.h>

#include "ac_descriptors.h"
#include "sid.h"
#include "util/format/u_format.h"

#include "image_fixture.h"
#include "test_sim_image.h"
#include "util/u_math.h"

static const cl_channel_order orders[] = {
   CL_R,    CL_A,    CL_RG,        CL_RA,        CL_RGB,   CL_RGBA,
   CL_BGRA, CL_ARGB, CL_INTENSITY, CL_LUMINANCE, CL_sRGBA, CL_sBGRA,
};

static const cl_channel_type types[] = {
   CL_SNORM_INT8,      CL_SNORM_INT16,      CL_UNORM_INT8,     CL_UNORM_INT16,  CL_UNORM_SHORT_565,
   CL_UNORM_SHORT_555, CL_UNORM_INT_101010, CL_SIGNED_INT8,    CL_SIGNED_INT16, CL_SIGNED_INT32,
   CL_UNSIGNED_INT8,   CL_UNSIGNED_INT16,   CL_UNSIGNED_INT32, CL_HALF_FLOAT,   CL_FLOAT,
};

static const cl_addressing_mode addressings[] = {
   CL_ADDRESS_NONE,   CL_ADDRESS_CLAMP_TO_EDGE,   CL_ADDRESS_CLAMP,
   CL_ADDRESS_REPEAT, CL_ADDRESS_MIRRORED_REPEAT,
};

/* ------------------------------------------------------------------ */
/* Loads and stores of every format. */

static void
test_load_formats(struct sim_test *t)
{
   unsigned before = kiln_test.failures;
   for (unsigned o = 0; o < sizeof(orders) / sizeof(orders[0]); o++) {
      for (unsigned ty = 0; ty < sizeof(types) / sizeof(types[0]); ty++) {
         struct ref_format f = { orders[o], types[ty] };
         if (!ref_format_valid(f))
            continue;
         struct test_image im = { .fmt = f,
                                  .type = V_008F1C_SQ_RSRC_IMG_2D,
                                  .width = 7,
                                  .height = 5 };
         if (!it_make_image(t, &im))
            continue;
         it_fill_image(&im);
         uint32_t addr[LANES][4], out[LANES][4];
         for (unsigned l = 0; l < LANES; l++) {
            addr[l][0] = it_rnd() % im.width;
            addr[l][1] = it_rnd() % im.height;
            addr[l][2] = addr[l][3] = 0;
         }
         /* past the edges: out of bounds, read as 0 */
         addr[60][0] = im.width;
         addr[61][1] = im.height;
         addr[62][0] = 0xffffffffu;
         addr[63][1] = 1000;
         if (!RUN(t, prog_load_2d, &im, NULL, addr, NULL, out))
            return;
         for (unsigned l = 0; l < LANES; l++) {
            uint32_t want[4] = { 0, 0, 0, 0 };
            if (l < 60)
               ref_read_pixel(f, it_pixel(&im, 0, addr[l][0], addr[l][1], 0), want);
            if (!it_check_lane("image_load", f, l, out[l], want, false, ""))
               break;
         }
      }
   }
   kiln_test_result("image_load of every OpenCL format (read_image conversions)", before);
}

static void
test_store_formats(struct sim_test *t)
{
   unsigned before = kiln_test.failures;
   static const float specials[] = { 0.5f / 255.0f,  1.5f / 255.0f, 2.5f / 65535.0f,
                                     -0.5f / 127.0f, -1.0f,         -1.1f,
                                     1.0f,           2.0f,          0.0f,
                                     -0.0f };
   for (unsigned o = 0; o < sizeof(orders) / sizeof(orders[0]); o++) {
      for (unsigned ty = 0; ty < sizeof(types) / sizeof(types[0]); ty++) {
         struct ref_format f = { orders[o], types[ty] };
         if (!ref_format_valid(f))
            continue;
         struct test_image im = { .fmt = f,
                                  .type = V_008F1C_SQ_RSRC_IMG_2D,
                                  .width = 8,
                                  .height = 8 };
         if (!it_make_image(t, &im))
            continue;
         memset(im.data, 0xcd, im.slice_size);
         uint32_t addr[LANES][4], data[LANES][4];
         for (unsigned l = 0; l < LANES; l++) {
            addr[l][0] = l % 8;
            addr[l][1] = l / 8;
            addr[l][2] = addr[l][3] = 0;
            it_random_value(f, -1.5f, 2.5f, data[l]);
            if (!ref_type_is_int(f.type) && l < 40)
               data[l][l % 4] = fui(specials[l % 10]);
            if (!ref_type_is_int(f.type) && f.type != CL_HALF_FLOAT && l == 41)
               data[l][0] = fui(NAN);
         }
         if (!RUN(t, prog_store_2d, &im, NULL, addr, data, NULL))
            return;
         unsigned bpe = ref_pixel_bytes(f);
         for (unsigned l = 0; l < LANES; l++) {
            uint8_t want[16];
            ref_write_pixel(f, data[l], want);
            const uint8_t *got = it_pixel(&im, 0, addr[l][0], addr[l][1], 0);
            if (!CHECK(!memcmp(got, want, bpe),
                       "image_store %s %s lane %u (%g %g %g %g / 0x%x 0x%x 0x%x 0x%x): bytes "
                       "differ from write_image's (first 0x%02x, want 0x%02x)",
                       ref_order_name(f.order), ref_type_name(f.type), l, uif(data[l][0]),
                       uif(data[l][1]), uif(data[l][2]), uif(data[l][3]), data[l][0], data[l][1],
                       data[l][2], data[l][3], got[0], want[0]))
               break;
         }
         /* the row padding stays as it was */
         if (im.pitch > 8)
            CHECK_EQ32("image_store: row padding untouched", *it_pixel(&im, 0, 8, 0, 0), 0xcd);
      }
   }
   kiln_test_result("image_store of every OpenCL format (write_image conversions)", before);
}

/* image1d_buffer: ACO reads and writes it with buffer_load/store_format
 * through a V# (ac_build_buffer_descriptor's, with the format's swizzle);
 * the same conversions hold.  The packed 565 and 555 formats and the sRGB
 * ones have no buffer format (their numbers do not fit the V#'s 7-bit
 * field). */
static void
test_buffer_image_formats(struct sim_test *t)
{
   unsigned before = kiln_test.failures;
   for (unsigned o = 0; o < sizeof(orders) / sizeof(orders[0]); o++) {
      for (unsigned ty = 0; ty < sizeof(types) / sizeof(types[0]); ty++) {
         struct ref_format f = { orders[o], types[ty] };
         if (!ref_format_valid(f) || f.type == CL_UNORM_SHORT_565 || f.type == CL_UNORM_SHORT_555 ||
             f.order == CL_sRGBA || f.order == CL_sBGRA)
            continue;
         enum pipe_format pf = it_pipe_format(f);
         unsigned bpe = ref_pixel_bytes(f);
         uint8_t *mem = st_buffer(t, IMG_BUF, LANES * bpe);
         struct ac_buffer_state bs = {
            .va = ST_BUF_VA(IMG_BUF),
            .size = LANES,
            .format = pf,
            .stride = bpe,
         };
         const struct util_format_description *desc = util_format_description(pf);
         for (unsigned c = 0; c < 4; c++)
            bs.swizzle[c] = desc->swizzle[c];
         struct test_image im = { .fmt = f };
         ac_build_buffer_descriptor(GFX10_3, &bs, im.desc);

         struct test_image fill = { .fmt = f,
                                    .type = V_008F1C_SQ_RSRC_IMG_1D,
                                    .width = LANES,
                                    .data = mem,
                                    .levels = 1,
                                    .pitch = LANES };
         it_fill_image(&fill);
         uint32_t addr[LANES][4], data[LANES][4], out[LANES][4];
         for (unsigned l = 0; l < LANES; l++) {
            addr[l][0] = l < 60 ? it_rnd() % LANES : LANES + l; /* the last four past the end */
            it_random_value(f, -1.5f, 2.5f, data[l]);
         }
         if (!RUN(t, prog_bufimg_load, &im, NULL, addr, NULL, out))
            return;
         for (unsigned l = 0; l < LANES; l++) {
            uint32_t want[4] = { 0, 0, 0, 0 };
            if (l < 60)
               ref_read_pixel(f, mem + addr[l][0] * bpe, want);
            if (!it_check_lane("buffer_load_format (image1d_buffer)", f, l, out[l], want, false,
                               ""))
               break;
         }
         for (unsigned l = 0; l < LANES; l++)
            addr[l][0] = l;
         if (!RUN(t, prog_bufimg_store, &im, NULL, addr, data, NULL))
            return;
         for (unsigned l = 0; l < LANES; l++) {
            uint8_t want[16];
            ref_write_pixel(f, data[l], want);
            if (!CHECK(!memcmp(mem + l * bpe, want, bpe),
                       "buffer_store_format (image1d_buffer) %s %s lane %u: bytes differ from "
                       "write_image's (first 0x%02x, want 0x%02x)",
                       ref_order_name(f.order), ref_type_name(f.type), l, mem[l * bpe], want[0]))
               break;
         }
      }
   }
   kiln_test_result("image1d_buffer (MUBUF format) loads and stores of every format", before);
}

/* ------------------------------------------------------------------ */
/* Sampling. */

/* Coordinates for a sampler: anywhere around the image, except that
 * CLK_ADDRESS_NONE is only defined inside it. */
static float
random_coord(const struct ref_sampler *s, unsigned size)
{
   float lo = -1.5f, hi = 2.5f;
   if (s->addressing == CL_ADDRESS_NONE) {
      lo = s->filter == CL_FILTER_LINEAR ? 0.5f / size : 0.0f;
      hi = s->filter == CL_FILTER_LINEAR ? 1.0f - 0.5f / size : 0.999f;
   }
   float c = it_rnd_float(lo, hi);
   /* now and then exactly on a texel centre or edge */
   if ((it_rnd() & 7) == 0)
      c = (float)(it_rnd() % (2 * size + 1)) / (2.0f * size);
   return s->normalized ? c : c * size;
}

struct sample_case {
   const char *what;
   const uint32_t *prog;
   size_t size;
   unsigned type, dims;
   bool array;
};

static bool
sample_one(struct sim_test *t, const struct sample_case *sc, struct ref_format f,
           const struct ref_sampler *s)
{
   struct test_image im = { .fmt = f,
                            .type = sc->type,
                            .width = 5,
                            .height = 4,
                            .depth = 3,
                            .layers = sc->array ? 3 : 0 };
   if (!it_make_image(t, &im))
      return false;
   it_fill_image(&im);
   uint32_t samp[4], addr[LANES][4], out[LANES][4];
   it_make_sampler(s, samp);
   unsigned size[3] = { im.width, im.height, im.depth };
   for (unsigned l = 0; l < LANES; l++) {
      for (unsigned d = 0; d < 4; d++)
         addr[l][d] = 0;
      for (unsigned d = 0; d < sc->dims; d++)
         addr[l][d] = fui(random_coord(s, size[d]));
      if (sc->array)
         addr[l][sc->dims] = fui(it_rnd_float(-1.0f, 3.6f));
   }
   if (!it_run(t, sc->what, sc->prog, sc->size, &im, samp, addr, NULL, out))
      return false;

   struct ref_image ri = {
      .fmt = f,
      .dims = sc->dims,
      .array = sc->array,
      .width = im.width,
      .height = it_type_has_y(im.type) ? im.height : 1,
      .depth = im.depth,
      .layers = im.layers,
      .data = im.data,
      .row_pitch = (size_t)im.pitch * ref_pixel_bytes(f),
      .slice_pitch = im.slice_size,
   };
   for (unsigned l = 0; l < LANES; l++) {
      float coord[4];
      uint32_t want[4];
      for (unsigned d = 0; d < 4; d++)
         coord[d] = uif(addr[l][d]);
      ref_sample(&ri, s, coord, want);
      char detail[160];
      snprintf(detail, sizeof(detail), "%s %s %s at (%g, %g, %g, %g)",
               s->normalized ? "normalized" : "unnormalized",
               s->addressing == CL_ADDRESS_NONE            ? "NONE"
               : s->addressing == CL_ADDRESS_CLAMP_TO_EDGE ? "CLAMP_TO_EDGE"
               : s->addressing == CL_ADDRESS_CLAMP         ? "CLAMP"
               : s->addressing == CL_ADDRESS_REPEAT        ? "REPEAT"
                                                           : "MIRRORED_REPEAT",
               s->filter == CL_FILTER_LINEAR ? "LINEAR" : "NEAREST", coord[0], coord[1], coord[2],
               coord[3]);
      bool approx = s->filter == CL_FILTER_LINEAR && !ref_type_is_int(f.type);
      if (!it_check_lane(sc->what, f, l, out[l], want, approx, detail))
         return false;
   }
   return true;
}

/* Every addressing mode, filter and coordinate kind OpenCL allows. */
static void
sample_all_samplers(struct sim_test *t, const struct sample_case *sc, struct ref_format f)
{
   for (unsigned a = 0; a < sizeof(addressings) / sizeof(addressings[0]); a++) {
      for (unsigned lin = 0; lin < 2; lin++) {
         for (unsigned norm = 0; norm < 2; norm++) {
            bool repeat =
               addressings[a] == CL_ADDRESS_REPEAT || addressings[a] == CL_ADDRESS_MIRRORED_REPEAT;
            if (repeat && !norm)
               continue;
            struct ref_sampler s = {
               .normalized = norm,
               .addressing = addressings[a],
               .filter = lin ? CL_FILTER_LINEAR : CL_FILTER_NEAREST,
            };
            if (!sample_one(t, sc, f, &s))
               return;
         }
      }
   }
}

#define SAMPLE_CASE(prog, type, dims, array)                                                       \
   {                                                                                               \
#prog, prog, sizeof(prog), type, dims, array                                                 \
   }

static void
test_sample_formats(struct sim_test *t)
{
   unsigned before = kiln_test.failures;
   const struct sample_case sc = SAMPLE_CASE(prog_sample_2d, V_008F1C_SQ_RSRC_IMG_2D, 2, false);
   for (unsigned o = 0; o < sizeof(orders) / sizeof(orders[0]); o++) {
      for (unsigned ty = 0; ty < sizeof(types) / sizeof(types[0]); ty++) {
         struct ref_format f = { orders[o], types[ty] };
         if (ref_format_valid(f))
            sample_all_samplers(t, &sc, f);
      }
   }
   kiln_test_result("image_sample_lz 2D: every format x addressing x filter x coordinates", before);
}

static void
test_sample_types(struct sim_test *t)
{
   unsigned before = kiln_test.failures;
   const struct sample_case cases[] = {
      SAMPLE_CASE(prog_sample_1d, V_008F1C_SQ_RSRC_IMG_1D, 1, false),
      SAMPLE_CASE(prog_sample_3d, V_008F1C_SQ_RSRC_IMG_3D, 3, false),
      SAMPLE_CASE(prog_sample_1da, V_008F1C_SQ_RSRC_IMG_1D_ARRAY, 1, true),
      SAMPLE_CASE(prog_sample_2da, V_008F1C_SQ_RSRC_IMG_2D_ARRAY, 2, true),
      SAMPLE_CASE(prog_sample_nsa_3d, V_008F1C_SQ_RSRC_IMG_3D, 3, false),
   };
   const struct ref_format fmts[] = {
      { CL_RGBA, CL_UNORM_INT8 },      { CL_R, CL_FLOAT },
      { CL_RG, CL_SIGNED_INT16 },      { CL_BGRA, CL_UNORM_INT8 },
      { CL_LUMINANCE, CL_HALF_FLOAT },
   };
   for (unsigned c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
      for (unsigned i = 0; i < sizeof(fmts) / sizeof(fmts[0]); i++)
         sample_all_samplers(t, &cases[c], fmts[i]);
   }
   kiln_test_result("image_sample_lz 1D, 3D (and its NSA form), 1D and 2D arrays", before);
}

/* The instruction's UNRM bit makes coordinates unnormalised whatever the
 * S# says; image_sample_l at LOD 0 samples level 0; DMASK packs the
 * components it names. */
static void
test_sample_forms(struct sim_test *t)
{
   unsigned before = kiln_test.failures;
   struct ref_format f = { CL_RGBA, CL_UNORM_INT16 };
   struct test_image im = { .fmt = f, .type = V_008F1C_SQ_RSRC_IMG_2D, .width = 6, .height = 5 };
   if (!it_make_image(t, &im))
      return;
   it_fill_image(&im);
   struct ref_image ri = { .fmt = f,
                           .dims = 2,
                           .width = 6,
                           .height = 5,
                           .data = im.data,
                           .row_pitch = (size_t)im.pitch * 8 };
   struct ref_sampler norm = { true, CL_ADDRESS_CLAMP, CL_FILTER_LINEAR };
   struct ref_sampler unnorm = { false, CL_ADDRESS_CLAMP, CL_FILTER_LINEAR };
   uint32_t samp[4], addr[LANES][4], out[LANES][4], want[4];
   it_make_sampler(&norm, samp);
   for (unsigned l = 0; l < LANES; l++) {
      addr[l][0] = fui(it_rnd_float(-1.0f, 7.0f));
      addr[l][1] = fui(it_rnd_float(-1.0f, 6.0f));
      addr[l][2] = 0; /* LOD for image_sample_l */
      addr[l][3] = 0;
   }
   if (RUN(t, prog_sample_unorm_2d, &im, samp, addr, NULL, out)) {
      for (unsigned l = 0; l < LANES; l++) {
         float c[2] = { uif(addr[l][0]), uif(addr[l][1]) };
         ref_sample(&ri, &unnorm, c, want);
         if (!it_check_lane("image_sample_lz unorm", f, l, out[l], want, true, ""))
            break;
      }
   }
   for (unsigned l = 0; l < LANES; l++) {
      addr[l][0] = fui(uif(addr[l][0]) / 6.0f);
      addr[l][1] = fui(uif(addr[l][1]) / 5.0f);
   }
   if (RUN(t, prog_sample_l_2d, &im, samp, addr, NULL, out)) {
      for (unsigned l = 0; l < LANES; l++) {
         float c[2] = { uif(addr[l][0]), uif(addr[l][1]) };
         ref_sample(&ri, &norm, c, want);
         if (!it_check_lane("image_sample_l", f, l, out[l], want, true, ""))
            break;
      }
   }
   if (RUN(t, prog_sample_dmask_2d, &im, samp, addr, NULL, out)) {
      for (unsigned l = 0; l < LANES; l++) {
         float c[2] = { uif(addr[l][0]), uif(addr[l][1]) };
         ref_sample(&ri, &norm, c, want);
         uint32_t packed[4] = { want[1], want[3], 0xdeadbeef, 0xdeadbeef };
         if (!it_check_lane("image_sample_lz dmask:0xa", f, l, out[l], packed, true, ""))
            break;
      }
   }
   kiln_test_result("image_sample UNRM, image_sample_l, DMASK packing", before);
}

/* image_sample_l on a mipmapped image: the level (or the two levels
 * blended) that OpenGL's and cl_khr_mipmap_image's mip selection picks for
 * the LOD, each sampled as a plain image of its size. */
static void
test_sample_mips(struct sim_test *t)
{
   unsigned before = kiln_test.failures;
   struct ref_format f = { CL_RGBA, CL_FLOAT };
   struct test_image im = { .fmt = f,
                            .type = V_008F1C_SQ_RSRC_IMG_2D,
                            .width = 8,
                            .height = 8,
                            .levels = 3 };
   if (!it_make_image(t, &im))
      return;
   it_fill_image(&im);
   for (unsigned lin_mip = 0; lin_mip < 2; lin_mip++) {
      struct ref_sampler s = { true, CL_ADDRESS_REPEAT, CL_FILTER_LINEAR };
      uint32_t samp[4], addr[LANES][4], out[LANES][4];
      it_make_sampler(&s, samp);
      samp[2] = (samp[2] & C_008F38_MIP_FILTER) |
                S_008F38_MIP_FILTER(lin_mip ? V_008F38_SQ_TEX_MIP_FILTER_LINEAR
                                            : V_008F38_SQ_TEX_MIP_FILTER_POINT);
      for (unsigned l = 0; l < LANES; l++) {
         addr[l][0] = fui(it_rnd_float(-1.0f, 2.0f));
         addr[l][1] = fui(it_rnd_float(-1.0f, 2.0f));
         addr[l][2] = fui(l < 8 ? 0.25f * l : it_rnd_float(-0.5f, 3.0f));
         addr[l][3] = 0;
      }
      if (!RUN(t, prog_sample_l_2d, &im, samp, addr, NULL, out))
         continue;
      for (unsigned l = 0; l < LANES; l++) {
         float lod = uif(addr[l][2]), c[2] = { uif(addr[l][0]), uif(addr[l][1]) };
         unsigned lv[2];
         float frac = 0.0f;
         if (lod <= 0.0f) {
            lv[0] = lv[1] = 0;
         } else if (!lin_mip) {
            /* OpenGL: level ceil(lod + 1/2) - 1 beyond 1/2, within the chain */
            lv[0] = lv[1] = lod <= 0.5f ? 0 : MIN2((unsigned)(ceilf(lod + 0.5f) - 1.0f), 2);
         } else {
            lv[0] = MIN2((unsigned)floorf(lod), 2);
            lv[1] = MIN2(lv[0] + 1, 2);
            frac = lv[0] == 2 ? 0.0f : lod - floorf(lod);
         }
         float r[2][4];
         for (unsigned k = 0; k < 2; k++) {
            struct ref_image ri = {
               .fmt = f,
               .dims = 2,
               .width = it_minify(8, lv[k]),
               .height = it_minify(8, lv[k]),
               .data = it_pixel(&im, lv[k], 0, 0, 0),
               .row_pitch = (size_t)(256 / 16) * 16, /* one 256-byte row per level */
            };
            uint32_t v[4];
            ref_sample(&ri, &s, c, v);
            for (unsigned ch = 0; ch < 4; ch++)
               r[k][ch] = uif(v[ch]);
         }
         uint32_t want[4];
         for (unsigned ch = 0; ch < 4; ch++)
            want[ch] = fui((1.0f - frac) * r[0][ch] + frac * r[1][ch]);
         char detail[64];
         snprintf(detail, sizeof(detail), "LOD %g, %s mip filter", lod,
                  lin_mip ? "linear" : "point");
         if (!it_check_lane("image_sample_l", f, l, out[l], want, true, detail))
            break;
      }
   }
   kiln_test_result("image_sample_l: mip selection and blending", before);
}

/* An opaque black border is (0, 0, 0, 1) whatever the image's channel
 * order: the T#'s BC_SWIZZLE puts its alpha where dst_sel reads alpha. */
static void
test_opaque_border(struct sim_test *t)
{
   unsigned before = kiln_test.failures;
   const struct ref_format fmts[] = {
      { CL_A, CL_UNORM_INT8 },    { CL_RA, CL_UNORM_INT16 }, { CL_BGRA, CL_UNORM_INT8 },
      { CL_ARGB, CL_SNORM_INT8 }, { CL_RGBA, CL_FLOAT },     { CL_ARGB, CL_UNSIGNED_INT8 },
   };
   for (unsigned i = 0; i < sizeof(fmts) / sizeof(fmts[0]); i++) {
      struct test_image im = { .fmt = fmts[i],
                               .type = V_008F1C_SQ_RSRC_IMG_2D,
                               .width = 4,
                               .height = 4 };
      if (!it_make_image(t, &im))
         continue;
      it_fill_image(&im);
      struct ref_sampler s = { true, CL_ADDRESS_CLAMP, CL_FILTER_NEAREST };
      uint32_t samp[4], addr[LANES][4], out[LANES][4];
      it_make_sampler(&s, samp);
      samp[3] = (samp[3] & C_008F3C_BORDER_COLOR_TYPE) |
                S_008F3C_BORDER_COLOR_TYPE(V_008F3C_SQ_TEX_BORDER_COLOR_OPAQUE_BLACK);
      for (unsigned l = 0; l < LANES; l++) {
         addr[l][0] = fui(l & 1 ? -0.5f : 1.5f);
         addr[l][1] = fui(it_rnd_float(-2.0f, 3.0f));
         addr[l][2] = addr[l][3] = 0;
      }
      if (!RUN(t, prog_sample_2d, &im, samp, addr, NULL, out))
         continue;
      uint32_t one = ref_type_is_int(fmts[i].type) ? 1 : fui(1.0f);
      uint32_t want[4] = { 0, 0, 0, one };
      for (unsigned l = 0; l < LANES; l++) {
         if (!it_check_lane("image_sample_lz opaque black border", fmts[i], l, out[l], want, false,
                            ""))
            break;
      }
   }
   kiln_test_result("image_sample: opaque black border through BC_SWIZZLE and dst_sel", before);
}

/* ------------------------------------------------------------------ */
/* Image types, layout, mips, queries. */

static void
test_load_store_types(struct sim_test *t)
{
   unsigned before = kiln_test.failures;
   static const struct {
      const uint32_t *load, *store;
      size_t load_size, store_size;
      unsigned type, dims;
      bool array;
   } cases[] = {
      { prog_load_1d, prog_store_1d, sizeof(prog_load_1d), sizeof(prog_store_1d),
        V_008F1C_SQ_RSRC_IMG_1D, 1, false },
      { prog_load_2d, prog_store_2d, sizeof(prog_load_2d), sizeof(prog_store_2d),
        V_008F1C_SQ_RSRC_IMG_2D, 2, false },
      { prog_load_3d, prog_store_3d, sizeof(prog_load_3d), sizeof(prog_store_3d),
        V_008F1C_SQ_RSRC_IMG_3D, 3, false },
      { prog_load_1da, prog_store_1da, sizeof(prog_load_1da), sizeof(prog_store_1da),
        V_008F1C_SQ_RSRC_IMG_1D_ARRAY, 1, true },
      { prog_load_2da, prog_store_2da, sizeof(prog_load_2da), sizeof(prog_store_2da),
        V_008F1C_SQ_RSRC_IMG_2D_ARRAY, 2, true },
   };
   struct ref_format f = { CL_RGBA, CL_UNSIGNED_INT16 };
   for (unsigned c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
      for (unsigned custom = 0; custom < 2; custom++) {
         bool plain =
            cases[c].type == V_008F1C_SQ_RSRC_IMG_1D || cases[c].type == V_008F1C_SQ_RSRC_IMG_2D;
         if (custom && !plain)
            continue;
         struct test_image im = { .fmt = f,
                                  .type = cases[c].type,
                                  .width = 9,
                                  .height = 3,
                                  .depth = 4,
                                  .layers = cases[c].array ? 4 : 0,
                                  .custom_pitch = custom,
                                  .pitch = 64 };
         if (!it_make_image(t, &im))
            continue;
         it_fill_image(&im);
         uint32_t addr[LANES][4], out[LANES][4], data[LANES][4];
         unsigned n = cases[c].dims + cases[c].array;
         unsigned size[3] = { im.width, im.height, cases[c].array ? im.layers : im.depth };
         if (cases[c].array && cases[c].dims == 1)
            size[1] = im.layers;
         for (unsigned l = 0; l < LANES; l++) {
            memset(addr[l], 0, 16);
            for (unsigned d = 0; d < n; d++)
               addr[l][d] = it_rnd() % size[d];
         }
         if (!it_run(t, "image_load", cases[c].load, cases[c].load_size, &im, NULL, addr, NULL,
                     out))
            continue;
         for (unsigned l = 0; l < LANES; l++) {
            unsigned x = addr[l][0], y = 0, z = 0;
            if (cases[c].dims >= 2)
               y = addr[l][1];
            if (n == 3 || (cases[c].array && cases[c].dims == 1))
               z = addr[l][n - 1];
            uint32_t want[4];
            ref_read_pixel(f, it_pixel(&im, 0, x, y, z), want);
            char detail[64];
            snprintf(detail, sizeof(detail), "type %u%s at (%u, %u, %u)", cases[c].type,
                     custom ? " custom pitch" : "", x, y, z);
            if (!it_check_lane("image_load", f, l, out[l], want, false, detail))
               break;
         }
         /* stores: each lane its own texel (lanes past the image's texels
          * repeat the last one with the same data) */
         unsigned texels = size[0] * (n >= 2 ? size[1] : 1) * (n == 3 ? size[2] : 1);
         for (unsigned l = 0; l < LANES; l++) {
            unsigned i = l < texels ? l : texels - 1;
            addr[l][0] = i % size[0];
            addr[l][1] = n >= 2 ? i / size[0] % size[1] : 0;
            addr[l][2] = n == 3 ? i / size[0] / size[1] : 0;
            for (unsigned k = 0; k < 4; k++)
               data[l][k] = (i * 4 + k) * 977u;
         }
         if (!it_run(t, "image_store", cases[c].store, cases[c].store_size, &im, NULL, addr, data,
                     NULL))
            continue;
         for (unsigned l = 0; l < LANES && l < texels; l++) {
            unsigned x = addr[l][0], y = 0, z = 0;
            if (cases[c].dims >= 2)
               y = addr[l][1];
            if (n == 3 || (cases[c].array && cases[c].dims == 1))
               z = addr[l][n - 1];
            uint8_t want[8];
            ref_write_pixel(f, data[l], want);
            if (!CHECK(!memcmp(it_pixel(&im, 0, x, y, z), want, 8),
                       "image_store type %u%s: texel (%u, %u, %u) not where the layout puts it",
                       cases[c].type, custom ? " custom pitch" : "", x, y, z))
               break;
         }
      }
   }
   kiln_test_result("image_load/image_store: 1D, 2D, 3D, arrays, natural and custom pitch", before);
}

static void
test_mips_and_resinfo(struct sim_test *t)
{
   unsigned before = kiln_test.failures;
   struct ref_format f = { CL_R, CL_UNSIGNED_INT32 };
   struct test_image im = { .fmt = f,
                            .type = V_008F1C_SQ_RSRC_IMG_2D,
                            .width = 9,
                            .height = 6,
                            .levels = 3 };
   if (!it_make_image(t, &im))
      return;
   for (unsigned lv = 0; lv < 3; lv++) {
      for (unsigned y = 0; y < it_minify(6, lv); y++) {
         for (unsigned x = 0; x < it_minify(9, lv); x++) {
            uint32_t v = lv * 1000 + y * 100 + x;
            memcpy(it_pixel(&im, lv, x, y, 0), &v, 4);
         }
      }
   }
   uint32_t addr[LANES][4], out[LANES][4], data[LANES][4];
   for (unsigned l = 0; l < LANES; l++) {
      unsigned lv = l % 4; /* level 3 is past LAST_LEVEL: reads 0 */
      addr[l][0] = it_rnd() % it_minify(9, lv);
      addr[l][1] = it_rnd() % it_minify(6, lv);
      addr[l][2] = lv;
      addr[l][3] = lv; /* resinfo's mip level */
   }
   if (RUN(t, prog_load_mip_2d, &im, NULL, addr, NULL, out)) {
      for (unsigned l = 0; l < LANES; l++) {
         uint32_t lv = addr[l][2];
         uint32_t want = lv < 3 ? lv * 1000 + addr[l][1] * 100 + addr[l][0] : 0;
         if (!CHECK_EQ32("image_load_mip", out[l][0], want))
            break;
      }
   }
   if (RUN(t, prog_resinfo, &im, NULL, addr, NULL, out)) {
      for (unsigned l = 0; l < LANES; l++) {
         uint32_t lv = addr[l][3];
         uint32_t want[4] = { it_minify(9, lv), it_minify(6, lv), 1, 3 };
         if (lv >= 3)
            memset(want, 0, sizeof(want));
         if (!it_check_lane("image_get_resinfo", f, l, out[l], want, false, "2D, 3 levels"))
            break;
      }
   }
   for (unsigned l = 0; l < LANES; l++) {
      unsigned lv = l % 3;
      addr[l][0] = (l / 3) % it_minify(9, lv);
      addr[l][1] = (l / 3) / it_minify(9, lv) % it_minify(6, lv);
      addr[l][2] = lv;
      data[l][0] = 0x70000000u | l;
   }
   if (RUN(t, prog_store_mip_2d, &im, NULL, addr, data, NULL)) {
      for (unsigned l = 0; l < LANES; l++) {
         uint32_t v;
         memcpy(&v, it_pixel(&im, addr[l][2], addr[l][0], addr[l][1], 0), 4);
         /* later lanes of the same texel win */
         if ((v & 0x70000000u) != 0x70000000u &&
             !CHECK(false, "image_store_mip lane %u: level %u (%u, %u) holds 0x%x", l, addr[l][2],
                    addr[l][0], addr[l][1], v))
            break;
      }
   }

   /* levels of arrays and 3D images: every layer or depth slice holds the
    * whole chain; a 3D level has fewer slices */
   static const struct {
      const uint32_t *prog;
      size_t size;
      unsigned type;
   } mip_types[] = {
      { prog_load_mip_2da, sizeof(prog_load_mip_2da), V_008F1C_SQ_RSRC_IMG_2D_ARRAY },
      { prog_load_mip_3d, sizeof(prog_load_mip_3d), V_008F1C_SQ_RSRC_IMG_3D },
   };
   for (unsigned i = 0; i < sizeof(mip_types) / sizeof(mip_types[0]); i++) {
      bool is_3d = mip_types[i].type == V_008F1C_SQ_RSRC_IMG_3D;
      struct test_image mi = { .fmt = f,
                               .type = mip_types[i].type,
                               .width = 9,
                               .height = 6,
                               .depth = 4,
                               .layers = 3,
                               .levels = 3 };
      if (!it_make_image(t, &mi))
         continue;
      unsigned slices = is_3d ? 4 : 3;
      for (unsigned z = 0; z < slices; z++) {
         for (unsigned lv = 0; lv < 3; lv++) {
            for (unsigned y = 0; y < it_minify(6, lv); y++) {
               for (unsigned x = 0; x < it_minify(9, lv); x++) {
                  uint32_t v = z * 10000 + lv * 1000 + y * 100 + x;
                  memcpy(it_pixel(&mi, lv, x, y, z), &v, 4);
               }
            }
         }
      }
      for (unsigned l = 0; l < LANES; l++) {
         unsigned lv = l % 3;
         addr[l][0] = it_rnd() % it_minify(9, lv);
         addr[l][1] = it_rnd() % it_minify(6, lv);
         addr[l][2] = it_rnd() % (is_3d ? it_minify(4, lv) : 3);
         addr[l][3] = lv;
      }
      if (!it_run(t, "image_load_mip", mip_types[i].prog, mip_types[i].size, &mi, NULL, addr, NULL,
                  out))
         continue;
      for (unsigned l = 0; l < LANES; l++) {
         uint32_t want = addr[l][2] * 10000 + addr[l][3] * 1000 + addr[l][1] * 100 + addr[l][0];
         if (!CHECK_EQ32(is_3d ? "image_load_mip 3D" : "image_load_mip 2D array", out[l][0], want))
            break;
      }
   }

   /* a view of layers 1..2 of a 4-layer 2D array: layer L is the
    * resource's L + 1; layer 2 is past the view */
   {
      struct test_image vi = { .fmt = f,
                               .type = V_008F1C_SQ_RSRC_IMG_2D_ARRAY,
                               .width = 9,
                               .height = 6,
                               .layers = 4,
                               .view_first = 1,
                               .view_last = 2 };
      if (it_make_image(t, &vi)) {
         for (unsigned z = 0; z < 4; z++) {
            uint32_t v = 0xa0 + z;
            memcpy(it_pixel(&vi, 0, 3, 2, z), &v, 4);
         }
         for (unsigned l = 0; l < LANES; l++) {
            addr[l][0] = 3;
            addr[l][1] = 2;
            addr[l][2] = l % 3;
            addr[l][3] = 0;
         }
         if (RUN(t, prog_load_2da, &vi, NULL, addr, NULL, out)) {
            for (unsigned l = 0; l < LANES; l++) {
               if (!CHECK_EQ32("image_load of an array view", out[l][0],
                               l % 3 < 2 ? 0xa1 + l % 3 : 0))
                  break;
            }
         }
         memset(addr, 0, sizeof(addr));
         if (RUN(t, prog_resinfo, &vi, NULL, addr, NULL, out))
            CHECK_EQ32("image_get_resinfo: layers of an array view", out[0][2], 2);
      }
   }

   /* resinfo of the other types: sizes, layers, depth */
   static const struct {
      unsigned type;
      uint32_t want[4];
   } types_info[] = {
      { V_008F1C_SQ_RSRC_IMG_1D, { 9, 1, 1, 1 } },
      { V_008F1C_SQ_RSRC_IMG_3D, { 9, 6, 5, 1 } },
      { V_008F1C_SQ_RSRC_IMG_1D_ARRAY, { 9, 7, 1, 1 } },
      { V_008F1C_SQ_RSRC_IMG_2D_ARRAY, { 9, 6, 7, 1 } },
   };
   for (unsigned i = 0; i < sizeof(types_info) / sizeof(types_info[0]); i++) {
      struct test_image ti = { .fmt = f,
                               .type = types_info[i].type,
                               .width = 9,
                               .height = 6,
                               .depth = 5,
                               .layers = 7 };
      if (!it_make_image(t, &ti))
         continue;
      memset(addr, 0, sizeof(addr));
      if (!RUN(t, prog_resinfo, &ti, NULL, addr, NULL, out))
         continue;
      it_check_lane("image_get_resinfo", f, 0, out[0], types_info[i].want, false, "by type");
   }
   kiln_test_result("image_load_mip, image_store_mip, image_get_resinfo", before);
}

/* D16 packs halves, A16 packs the address, TFE adds a zeroed register. */
static void
test_packed_forms(struct sim_test *t)
{
   unsigned before = kiln_test.failures;
   struct ref_format f = { CL_RGBA, CL_FLOAT };
   struct test_image im = { .fmt = f, .type = V_008F1C_SQ_RSRC_IMG_2D, .width = 8, .height = 8 };
   if (!it_make_image(t, &im))
      return;
   it_fill_image(&im);
   uint32_t addr[LANES][4], out[LANES][4], data[LANES][4];
   for (unsigned l = 0; l < LANES; l++) {
      addr[l][0] = l % 8;
      addr[l][1] = l / 8;
      addr[l][2] = addr[l][3] = 0;
   }
   if (RUN(t, prog_load_d16_2d, &im, NULL, addr, NULL, out)) {
      for (unsigned l = 0; l < LANES; l++) {
         uint32_t v[4];
         ref_read_pixel(f, it_pixel(&im, 0, l % 8, l / 8, 0), v);
         _Float16 h[4];
         for (unsigned c = 0; c < 4; c++)
            h[c] = (_Float16)uif(v[c]);
         uint32_t want[4] = { 0, 0, 0xdeadbeef, 0xdeadbeef };
         memcpy(want, h, 8);
         if (!it_check_lane("image_load d16", f, l, out[l], want, false, ""))
            break;
      }
   }
   for (unsigned l = 0; l < LANES; l++)
      addr[l][0] = (l % 8) | (l / 8) << 16;
   if (RUN(t, prog_load_a16_2d, &im, NULL, addr, NULL, out)) {
      for (unsigned l = 0; l < LANES; l++) {
         uint32_t want[4];
         ref_read_pixel(f, it_pixel(&im, 0, l % 8, l / 8, 0), want);
         if (!it_check_lane("image_load a16", f, l, out[l], want, false, ""))
            break;
      }
   }
   for (unsigned l = 0; l < LANES; l++)
      addr[l][0] = l % 8;
   if (RUN(t, prog_load_tfe_2d, &im, NULL, addr, NULL, out)) {
      for (unsigned l = 0; l < LANES; l++) {
         uint32_t v[4];
         ref_read_pixel(f, it_pixel(&im, 0, l % 8, l / 8, 0), v);
         uint32_t want[4] = { v[0], 0, 0xdeadbeef, 0xdeadbeef };
         if (!it_check_lane("image_load tfe", f, l, out[l], want, false, ""))
            break;
      }
   }

   struct ref_format hf = { CL_RGBA, CL_HALF_FLOAT };
   struct test_image hi = { .fmt = hf, .type = V_008F1C_SQ_RSRC_IMG_2D, .width = 8, .height = 8 };
   if (!it_make_image(t, &hi))
      return;
   for (unsigned l = 0; l < LANES; l++) {
      _Float16 h[4];
      for (unsigned c = 0; c < 4; c++)
         h[c] = (_Float16)it_rnd_float(-100.0f, 100.0f);
      memcpy(data[l], h, 8);
   }
   if (RUN(t, prog_store_d16_2d, &hi, NULL, addr, data, NULL)) {
      for (unsigned l = 0; l < LANES; l++) {
         if (!CHECK(!memcmp(it_pixel(&hi, 0, l % 8, l / 8, 0), data[l], 8),
                    "image_store d16 lane %u: the halves are not stored as given", l))
            break;
      }
   }
   kiln_test_result("image_load d16, a16, tfe; image_store d16", before);
}

/* ------------------------------------------------------------------ */
/* Atomics. */

static uint32_t
atomic_ref(const char *op, uint32_t old, uint32_t src, uint32_t cmp)
{
   if (!strcmp(op, "swap"))
      return src;
   if (!strcmp(op, "cmpswap"))
      return old == cmp ? src : old;
   if (!strcmp(op, "add"))
      return old + src;
   if (!strcmp(op, "sub"))
      return old - src;
   if (!strcmp(op, "smin"))
      return (int32_t)src < (int32_t)old ? src : old;
   if (!strcmp(op, "umin"))
      return src < old ? src : old;
   if (!strcmp(op, "smax"))
      return (int32_t)src > (int32_t)old ? src : old;
   if (!strcmp(op, "umax"))
      return src > old ? src : old;
   if (!strcmp(op, "and"))
      return old & src;
   if (!strcmp(op, "or"))
      return old | src;
   if (!strcmp(op, "xor"))
      return old ^ src;
   if (!strcmp(op, "inc"))
      return old >= src ? 0 : old + 1;
   return old == 0 || old > src ? src : old - 1; /* dec */
}

static void
test_atomics(struct sim_test *t)
{
   unsigned before = kiln_test.failures;
   static const struct {
      const char *op;
      const uint32_t *prog;
      size_t size;
   } ops[] = {
#define OP(n) { #n, prog_atomic_##n, sizeof(prog_atomic_##n) }
      OP(swap), OP(cmpswap), OP(add), OP(sub), OP(smin), OP(umin), OP(smax),
      OP(umax), OP(and),     OP(or),  OP(xor), OP(inc),  OP(dec),
#undef OP
   };
   struct ref_format f = { CL_R, CL_UNSIGNED_INT32 };
   for (unsigned i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
      struct test_image im = { .fmt = f, .type = V_008F1C_SQ_RSRC_IMG_2D, .width = 8, .height = 8 };
      if (!it_make_image(t, &im))
         continue;
      uint32_t init[LANES], addr[LANES][4], data[LANES][4], out[LANES][4];
      for (unsigned l = 0; l < LANES; l++) {
         init[l] = l % 5 == 0 ? l : it_rnd();
         memcpy(it_pixel(&im, 0, l % 8, l / 8, 0), &init[l], 4);
         addr[l][0] = l % 8;
         addr[l][1] = l / 8;
         addr[l][2] = addr[l][3] = 0;
         data[l][0] = l % 3 == 0 ? l : it_rnd();
         data[l][1] = l % 2 ? init[l] : it_rnd(); /* cmpswap's compare value */
      }
      if (!it_run(t, ops[i].op, ops[i].prog, ops[i].size, &im, NULL, addr, data, out))
         continue;
      for (unsigned l = 0; l < LANES; l++) {
         uint32_t now;
         memcpy(&now, it_pixel(&im, 0, l % 8, l / 8, 0), 4);
         uint32_t want = atomic_ref(ops[i].op, init[l], data[l][0], data[l][1]);
         if (!CHECK(out[l][0] == init[l] && now == want,
                    "image_atomic_%s lane %u: returned 0x%x (want 0x%x), memory 0x%x (want "
                    "0x%x)",
                    ops[i].op, l, out[l][0], init[l], now, want))
            break;
      }
   }
   /* every lane on one texel: the additions all land */
   struct test_image im = { .fmt = f, .type = V_008F1C_SQ_RSRC_IMG_2D, .width = 4, .height = 4 };
   if (it_make_image(t, &im)) {
      uint32_t addr[LANES][4], data[LANES][4], sum = 5;
      memcpy(it_pixel(&im, 0, 2, 1, 0), &sum, 4);
      for (unsigned l = 0; l < LANES; l++) {
         addr[l][0] = 2;
         addr[l][1] = 1;
         data[l][0] = l * l + 1;
         sum += l * l + 1;
      }
      if (RUN(t, prog_atomic_add_nortn, &im, NULL, addr, data, NULL)) {
         uint32_t now;
         memcpy(&now, it_pixel(&im, 0, 2, 1, 0), 4);
         CHECK_EQ32("image_atomic_add of 64 lanes on one texel", now, sum);
      }
   }
   kiln_test_result("image atomics: returned values and results", before);
}

/* ------------------------------------------------------------------ */
/* Faults. */

static void
test_faults(struct sim_test *t)
{
   unsigned before = kiln_test.failures;
   struct ref_format f = { CL_RGBA, CL_UNORM_INT8 };
   struct test_image im = { .fmt = f, .type = V_008F1C_SQ_RSRC_IMG_2D, .width = 64, .height = 64 };
   if (!it_make_image(t, &im))
      return;
   /* a T# whose image runs past its buffer: a VM fault at the texel */
   uint32_t addr[LANES][4];
   memset(addr, 0, sizeof(addr));
   for (unsigned l = 0; l < LANES; l++)
      addr[l][1] = 63;
   st_buffer(t, IMG_BUF, 4096); /* 64 rows of 256 bytes do not fit */
   memcpy(t->buf[1], im.desc, 32);
   memcpy(t->buf[2], addr, sizeof(addr));
   struct kiln_sim_dispatch d = st_dispatch(LANES, 32);
   struct kiln_sim_fault fault;
   int ret = st_run(t, prog_load_2d, sizeof(prog_load_2d), &d, &fault, NULL);
   CHECK(ret != 0 && fault.kind == KILN_SIM_FAULT_VM, "image_load past the mapping: %d %s", ret,
         fault.message);
   CHECK_EQ64("image_load VM fault address", fault.address, ST_BUF_VA(IMG_BUF) + 63 * 256);
   CHECK(strstr(fault.instruction, "image_load") != NULL, "fault names the instruction: %s",
         fault.instruction);

   /* a swizzled (non-linear) T# stops with a message naming the instruction */
   uint32_t desc[8];
   memcpy(desc, im.desc, 32);
   desc[3] |= S_00A00C_SW_MODE(9);
   memcpy(t->buf[1], desc, 32);
   ret = st_run(t, prog_load_2d, sizeof(prog_load_2d), &d, &fault, NULL);
   CHECK(ret != 0 && fault.kind == KILN_SIM_FAULT_UNSUPPORTED &&
            strstr(fault.message, "image_load") && strstr(fault.message, "swizzle mode"),
         "non-linear image: %s", fault.message);
   kiln_test_result("image faults: unmapped texels, non-linear swizzle modes", before);
}

/* Random descriptors, coordinates and data through every program: each
 * run ends, or stops with a VM fault or an unsupported-instruction fault
 * whose message names the instruction; nothing else. */
static void
test_fuzz(struct sim_test *t)
{
   unsigned before = kiln_test.failures;
   static const struct {
      const uint32_t *prog;
      size_t size;
   } progs[] = {
#define P(p) { p, sizeof(p) }
      P(prog_load_2d),        P(prog_store_3d),    P(prog_sample_2da),   P(prog_sample_nsa_3d),
      P(prog_sample_l_2d),    P(prog_load_mip_2d), P(prog_store_mip_2d), P(prog_resinfo),
      P(prog_atomic_cmpswap), P(prog_load_d16_2d), P(prog_store_d16_2d), P(prog_load_a16_2d),
      P(prog_bufimg_store),   P(prog_bufimg_load), P(prog_sample_1da),
#undef P
   };
   unsigned ended = 0, faults = 0;
   st_buffer(t, IMG_BUF, 65536);
   for (unsigned iter = 0; iter < 400; iter++) {
      struct test_image im = { .fmt = { CL_RGBA, CL_UNORM_INT8 } };
      uint32_t samp[4], addr[LANES][4], data[LANES][4];
      for (unsigned i = 0; i < 8; i++)
         im.desc[i] = it_rnd();
      /* mostly an image in (or near) the mapped buffer, mostly linear */
      uint64_t va = ST_BUF_VA(IMG_BUF) + (it_rnd() % 256) * 256;
      im.desc[0] = va >> 8;
      im.desc[1] = (im.desc[1] & ~0xffu) | (uint32_t)(va >> 40);
      if (iter % 4) {
         /* plausible: a known format, small sizes, linear */
         static const unsigned fmts[] = {
            V_008F0C_GFX10_FORMAT_8_8_8_8_UNORM, V_008F0C_GFX10_FORMAT_32_FLOAT,
            V_008F0C_GFX10_FORMAT_16_16_SINT,    V_008F0C_GFX10_FORMAT_5_6_5_UNORM,
            V_008F0C_GFX10_FORMAT_32_UINT,       V_008F0C_GFX10_FORMAT_32_32_UINT,
            V_008F0C_GFX10_FORMAT_8_8_8_8_SRGB,  V_008F0C_GFX10_FORMAT_2_10_10_10_SNORM,
         };
         unsigned w = it_rnd() % 40, h = it_rnd() % 40;
         im.desc[1] =
            (im.desc[1] & 0xff) | S_00A004_FORMAT_GFX10(fmts[it_rnd() % 8]) | S_00A004_WIDTH_LO(w);
         im.desc[2] = S_00A008_WIDTH_HI(w >> 2) | S_00A008_HEIGHT(h);
         im.desc[3] = (im.desc[3] & C_00A00C_TYPE & C_00A00C_SW_MODE & C_00A00C_BASE_LEVEL &
                       C_00A00C_LAST_LEVEL_GFX10) |
                      S_00A00C_TYPE(8 + it_rnd() % 6) | S_00A00C_LAST_LEVEL_GFX10(it_rnd() % 3);
         im.desc[4] = S_00A010_DEPTH_GFX10(it_rnd() % 8) | S_00A010_BASE_ARRAY(it_rnd() % 4);
         im.desc[5] = S_00A014_MAX_MIP(it_rnd() % 4);
      }
      for (unsigned i = 0; i < 4; i++)
         samp[i] = it_rnd();
      for (unsigned l = 0; l < LANES; l++) {
         for (unsigned c = 0; c < 4; c++) {
            addr[l][c] = iter % 2 ? it_rnd() % 64 : it_rnd();
            data[l][c] = it_rnd();
         }
      }
      unsigned p = iter % (sizeof(progs) / sizeof(progs[0]));
      memcpy(t->buf[1], im.desc, 32);
      memcpy((uint32_t *)t->buf[1] + 8, samp, 16);
      memcpy(t->buf[2], addr, sizeof(addr));
      memcpy((uint32_t *)t->buf[2] + 512, data, sizeof(data));
      struct kiln_sim_dispatch d = st_dispatch(LANES, 32);
      struct kiln_sim_fault f;
      int ret = st_run(t, progs[p].prog, progs[p].size, &d, &f, NULL);
      if (ret == 0) {
         ended++;
         continue;
      }
      faults++;
      if (!CHECK((f.kind == KILN_SIM_FAULT_VM || f.kind == KILN_SIM_FAULT_UNSUPPORTED) &&
                    (strstr(f.message, "image_") || strstr(f.message, "buffer_")),
                 "fuzz iteration %u: %d, fault %d: %s", iter, ret, f.kind, f.message))
         break;
   }
   printf("image fuzz: %u ended, %u stopped with a fault\n", ended, faults);
   kiln_test_result("random descriptors end or fault cleanly", before);
}

int
main(void)
{
   struct sim_test t;
   st_init(&t);
   st_buffer(&t, 0, 4096);
   st_buffer(&t, 1, 4096);
   st_buffer(&t, 2, 4096);
   test_load_formats(&t);
   test_store_formats(&t);
   test_buffer_image_formats(&t);
   test_sample_formats(&t);
   test_sample_types(&t);
   test_sample_forms(&t);
   test_opaque_border(&t);
   test_sample_mips(&t);
   test_load_store_types(&t);
   test_mips_and_resinfo(&t);
   test_packed_forms(&t);
   test_atomics(&t);
   test_faults(&t);
   test_fuzz(&t);
   return st_finish(&t);
}
