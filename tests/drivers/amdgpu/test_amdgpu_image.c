/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The image and sampler descriptors drivers/amdgpu builds (kiln_amdgpu_image),
 * read back field by field with the register definitions' own getters
 * (amdgfxregs.h's G_ macros, the GFX10.3 layout of the T#, V# and S#) and
 * compared with what the OpenCL image or sampler asks for: the width,
 * height and last slice or layer, the resource type, the hardware format
 * (the IMG_FORMAT numbers of the GFX10 enumeration), the channel selects
 * of each OpenCL channel order, linear tiling and the 256-byte base
 * address; a V# with its element stride and count; an S#'s clamp, filter
 * and coordinate mode.  The layout follows the GFX10 address library's
 * rule for linear surfaces (rows of the width rounded up to 256 bytes'
 * worth of pixels), and what the device cannot have is refused with a
 * message naming it.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>

#include "kiln_amdgpu.h"
#include "kiln_amdgpu_image.h"
#include "kiln_test.h"
#include "sid.h"

#define VA UINT64_C(0x12345678900)

static struct kiln_amdgpu_device *dev;

static void
test_layout(void)
{
   static const unsigned widths[] = { 1, 7, 63, 64, 65, 100, 255, 256, 300, 4097 };
   static const struct {
      uint32_t order, type;
      unsigned bytes;
   } formats[] = {
      { CL_R, CL_UNORM_INT8, 1 },    { CL_RG, CL_SIGNED_INT8, 2 }, { CL_RGBA, CL_UNORM_INT8, 4 },
      { CL_RGBA, CL_HALF_FLOAT, 8 }, { CL_RGBA, CL_FLOAT, 16 },
   };
   for (unsigned f = 0; f < sizeof(formats) / sizeof(formats[0]); f++) {
      for (unsigned w = 0; w < sizeof(widths) / sizeof(widths[0]); w++) {
         const struct kiln_amdgpu_image_desc image = {
            .type = CL_MEM_OBJECT_IMAGE2D_ARRAY,
            .channel_order = formats[f].order,
            .channel_data_type = formats[f].type,
            .width = widths[w],
            .height = 3,
            .depth = 1,
            .array_size = 5,
         };
         struct kiln_amdgpu_image_layout l;
         CHECK(kiln_amdgpu_image_layout(dev, &image, &l) == 0, "%u bytes, width %u refused",
               formats[f].bytes, widths[w]);
         /* addrlib: pitch = the width aligned to 256 / bpp pixels */
         const unsigned per_256 = 256 / formats[f].bytes;
         const uint64_t pitch = (widths[w] + per_256 - 1) / per_256 * per_256 * formats[f].bytes;
         CHECK(l.pixel_size == formats[f].bytes && l.row_pitch == pitch &&
                  l.slice_pitch == pitch * 3 && l.size == pitch * 3 * 5,
               "%u-byte pixels, width %u: pitch %llu slice %llu size %llu (want %llu)",
               formats[f].bytes, widths[w], (unsigned long long)l.row_pitch,
               (unsigned long long)l.slice_pitch, (unsigned long long)l.size,
               (unsigned long long)pitch);
      }
   }
   const struct kiln_amdgpu_image_desc buffer = {
      .type = CL_MEM_OBJECT_IMAGE1D_BUFFER,
      .channel_order = CL_RGBA,
      .channel_data_type = CL_SIGNED_INT16,
      .width = 1000,
      .height = 1,
      .depth = 1,
      .array_size = 1,
   };
   struct kiln_amdgpu_image_layout l;
   CHECK(kiln_amdgpu_image_layout(dev, &buffer, &l) == 0 && l.size == 8000 && l.row_pitch == 8000,
         "image buffer of 1000 RGBA16: %llu bytes", (unsigned long long)l.size);
}

static void
test_texture_descriptors(void)
{
   static const struct {
      struct kiln_amdgpu_image_desc image;
      unsigned rsrc_type, img_format, last; /* DEPTH: last slice or layer */
      unsigned sel[4];
   } cases[] = {
      { { CL_MEM_OBJECT_IMAGE2D, CL_RGBA, CL_UNORM_INT8, 0, 13, 7, 1, 1 },
        V_008F1C_SQ_RSRC_IMG_2D,
        V_008F0C_GFX10_FORMAT_8_8_8_8_UNORM,
        0,
        { V_008F0C_SQ_SEL_X, V_008F0C_SQ_SEL_Y, V_008F0C_SQ_SEL_Z, V_008F0C_SQ_SEL_W } },
      /* BGRA: red is memory's third channel */
      { { CL_MEM_OBJECT_IMAGE2D, CL_BGRA, CL_UNORM_INT8, 0, 5000, 1, 1, 1 },
        V_008F1C_SQ_RSRC_IMG_2D,
        V_008F0C_GFX10_FORMAT_8_8_8_8_UNORM,
        0,
        { V_008F0C_SQ_SEL_Z, V_008F0C_SQ_SEL_Y, V_008F0C_SQ_SEL_X, V_008F0C_SQ_SEL_W } },
      { { CL_MEM_OBJECT_IMAGE3D, CL_R, CL_FLOAT, 0, 5, 4, 3, 1 },
        V_008F1C_SQ_RSRC_IMG_3D,
        V_008F0C_GFX10_FORMAT_32_FLOAT,
        2,
        { V_008F0C_SQ_SEL_X, V_008F0C_SQ_SEL_0, V_008F0C_SQ_SEL_0, V_008F0C_SQ_SEL_1 } },
      { { CL_MEM_OBJECT_IMAGE2D_ARRAY, CL_LUMINANCE, CL_UNORM_INT8, 0, 6, 3, 1, 4 },
        V_008F1C_SQ_RSRC_IMG_2D_ARRAY,
        V_008F0C_GFX10_FORMAT_8_UNORM,
        3,
        { V_008F0C_SQ_SEL_X, V_008F0C_SQ_SEL_X, V_008F0C_SQ_SEL_X, V_008F0C_SQ_SEL_1 } },
      { { CL_MEM_OBJECT_IMAGE1D_ARRAY, CL_A, CL_FLOAT, 0, 9, 1, 1, 5 },
        V_008F1C_SQ_RSRC_IMG_1D_ARRAY,
        V_008F0C_GFX10_FORMAT_32_FLOAT,
        4,
        { V_008F0C_SQ_SEL_0, V_008F0C_SQ_SEL_0, V_008F0C_SQ_SEL_0, V_008F0C_SQ_SEL_X } },
      { { CL_MEM_OBJECT_IMAGE1D, CL_INTENSITY, CL_FLOAT, 0, 16384, 1, 1, 1 },
        V_008F1C_SQ_RSRC_IMG_1D,
        V_008F0C_GFX10_FORMAT_32_FLOAT,
        0,
        { V_008F0C_SQ_SEL_X, V_008F0C_SQ_SEL_X, V_008F0C_SQ_SEL_X, V_008F0C_SQ_SEL_X } },
   };
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      const struct kiln_amdgpu_image_desc *img = &cases[i].image;
      uint32_t d[8];
      CHECK(kiln_amdgpu_image_descriptor(dev, img, VA, d) == 0, "case %u refused: %s", i,
            kiln_amdgpu_device_error(dev));
      const unsigned width = (G_00A004_WIDTH_LO(d[1]) | G_00A008_WIDTH_HI(d[2]) << 2) + 1;
      const unsigned height = G_00A008_HEIGHT(d[2]) + 1;
      CHECK(width == img->width && height == img->height, "case %u: %ux%u, want %ux%u", i, width,
            height, img->width, img->height);
      CHECK(G_00A00C_TYPE(d[3]) == cases[i].rsrc_type, "case %u: type %u", i, G_00A00C_TYPE(d[3]));
      CHECK(G_00A010_DEPTH_GFX10(d[4]) == cases[i].last, "case %u: depth field %u, want %u", i,
            G_00A010_DEPTH_GFX10(d[4]), cases[i].last);
      CHECK(G_00A004_FORMAT_GFX10(d[1]) == cases[i].img_format, "case %u: format %u, want %u", i,
            G_00A004_FORMAT_GFX10(d[1]), cases[i].img_format);
      const unsigned sel[4] = { G_00A00C_DST_SEL_X(d[3]), G_00A00C_DST_SEL_Y(d[3]),
                                G_00A00C_DST_SEL_Z(d[3]), G_00A00C_DST_SEL_W(d[3]) };
      CHECK(!memcmp(sel, cases[i].sel, sizeof(sel)), "case %u: selects %u %u %u %u", i, sel[0],
            sel[1], sel[2], sel[3]);
      CHECK(G_00A00C_SW_MODE(d[3]) == 0, "case %u: swizzle mode %u, not linear", i,
            G_00A00C_SW_MODE(d[3]));
      const uint64_t base = (uint64_t)d[0] | (uint64_t)G_00A004_BASE_ADDRESS_HI(d[1]) << 32;
      CHECK(base == VA >> 8, "case %u: base 0x%llx, want 0x%llx", i, (unsigned long long)base,
            (unsigned long long)(VA >> 8));
   }
}

/* A 2D image over a buffer: GFX10.3 takes its row pitch, in pixels less
 * one, in the DEPTH field and PITCH_MSB (a 2D image has no depth). */
static void
test_custom_pitch(void)
{
   const struct kiln_amdgpu_image_desc image = {
      .type = CL_MEM_OBJECT_IMAGE2D,
      .channel_order = CL_RGBA,
      .channel_data_type = CL_UNORM_INT8,
      .width = 20,
      .height = 5,
      .depth = 1,
      .array_size = 1,
      .row_pitch = 40960, /* 10240 pixels */
   };
   uint32_t d[8];
   CHECK(kiln_amdgpu_image_descriptor(dev, &image, VA, d) == 0, "refused: %s",
         kiln_amdgpu_device_error(dev));
   const unsigned pitch = (G_00A010_DEPTH_GFX10(d[4]) | G_00A010_PITCH_MSB_GFX103(d[4]) << 13) + 1;
   CHECK(pitch == 10240, "row pitch %u pixels, want 10240", pitch);
   struct kiln_amdgpu_image_layout l;
   CHECK(
      kiln_amdgpu_image_layout(dev, &image, &l) == 0 && l.row_pitch == 40960 && l.size == 40960 * 5,
      "layout: pitch %llu, size %llu", (unsigned long long)l.row_pitch, (unsigned long long)l.size);
   struct kiln_amdgpu_image_desc bad = image;
   bad.row_pitch = 40960 + 4;
   CHECK(kiln_amdgpu_image_descriptor(dev, &bad, VA, d) == -EINVAL,
         "a row pitch not a multiple of 256 bytes was taken");
   bad.row_pitch = 256;
   bad.width = 100; /* 400 bytes a row */
   CHECK(kiln_amdgpu_image_descriptor(dev, &bad, VA, d) == -EINVAL,
         "a row pitch shorter than a row was taken");
}

static void
test_buffer_descriptor(void)
{
   const struct kiln_amdgpu_image_desc image = {
      .type = CL_MEM_OBJECT_IMAGE1D_BUFFER,
      .channel_order = CL_RGBA,
      .channel_data_type = CL_FLOAT,
      .width = 100000,
      .height = 1,
      .depth = 1,
      .array_size = 1,
   };
   uint32_t d[8];
   memset(d, 0xff, sizeof(d));
   CHECK(kiln_amdgpu_image_descriptor(dev, &image, VA, d) == 0, "refused: %s",
         kiln_amdgpu_device_error(dev));
   const uint64_t base = d[0] | (uint64_t)G_008F04_BASE_ADDRESS_HI(d[1]) << 32;
   CHECK(base == VA, "base 0x%llx", (unsigned long long)base);
   CHECK(G_008F04_STRIDE(d[1]) == 16 && d[2] == 100000, "stride %u, %u records",
         G_008F04_STRIDE(d[1]), d[2]);
   CHECK(G_008F0C_FORMAT_GFX10(d[3]) == V_008F0C_GFX10_FORMAT_32_32_32_32_FLOAT, "format %u",
         G_008F0C_FORMAT_GFX10(d[3]));
   CHECK(!d[4] && !d[5] && !d[6] && !d[7], "dwords 4-7 of an image buffer's slot not zero");
}

static void
test_sampler_descriptors(void)
{
   static const struct {
      bool normalized;
      uint32_t addressing, filter;
      unsigned clamp, xy_filter;
   } cases[] = {
      { true, CL_ADDRESS_REPEAT, CL_FILTER_LINEAR, V_008F30_SQ_TEX_WRAP,
        V_008F38_SQ_TEX_XY_FILTER_BILINEAR },
      { true, CL_ADDRESS_MIRRORED_REPEAT, CL_FILTER_NEAREST, V_008F30_SQ_TEX_MIRROR,
        V_008F38_SQ_TEX_XY_FILTER_POINT },
      { false, CL_ADDRESS_CLAMP, CL_FILTER_NEAREST, V_008F30_SQ_TEX_CLAMP_BORDER,
        V_008F38_SQ_TEX_XY_FILTER_POINT },
      { false, CL_ADDRESS_CLAMP_TO_EDGE, CL_FILTER_LINEAR, V_008F30_SQ_TEX_CLAMP_LAST_TEXEL,
        V_008F38_SQ_TEX_XY_FILTER_BILINEAR },
      /* out-of-range coordinates are undefined: any clamp will do */
      { false, CL_ADDRESS_NONE, CL_FILTER_NEAREST, V_008F30_SQ_TEX_CLAMP_LAST_TEXEL,
        V_008F38_SQ_TEX_XY_FILTER_POINT },
   };
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      uint32_t s[4];
      CHECK(kiln_amdgpu_sampler_descriptor(dev, cases[i].normalized, cases[i].addressing,
                                           cases[i].filter, s) == 0,
            "sampler %u refused", i);
      CHECK(G_008F30_CLAMP_X(s[0]) == cases[i].clamp && G_008F30_CLAMP_Y(s[0]) == cases[i].clamp &&
               G_008F30_CLAMP_Z(s[0]) == cases[i].clamp,
            "sampler %u: clamps %u %u %u", i, G_008F30_CLAMP_X(s[0]), G_008F30_CLAMP_Y(s[0]),
            G_008F30_CLAMP_Z(s[0]));
      CHECK(G_008F30_FORCE_UNNORMALIZED(s[0]) == !cases[i].normalized,
            "sampler %u: unnormalized %u", i, G_008F30_FORCE_UNNORMALIZED(s[0]));
      CHECK(G_008F38_XY_MAG_FILTER(s[2]) == cases[i].xy_filter &&
               G_008F38_XY_MIN_FILTER(s[2]) == cases[i].xy_filter,
            "sampler %u: filters %u %u", i, G_008F38_XY_MAG_FILTER(s[2]),
            G_008F38_XY_MIN_FILTER(s[2]));
      CHECK(G_008F3C_BORDER_COLOR_TYPE(s[3]) == V_008F3C_SQ_TEX_BORDER_COLOR_TRANS_BLACK,
            "sampler %u: border %u", i, G_008F3C_BORDER_COLOR_TYPE(s[3]));
   }
}

static void
test_refused(void)
{
   static const struct kiln_amdgpu_image_desc bad[] = {
      /* no RGB with 8-bit channels on the device */
      { CL_MEM_OBJECT_IMAGE2D, CL_RGB, CL_UNORM_INT8, 0, 4, 4, 1, 1 },
      { CL_MEM_OBJECT_IMAGE2D, CL_RGBA, 0x1234, 0, 4, 4, 1, 1 },
      { CL_MEM_OBJECT_IMAGE2D, CL_RGBA, CL_UNORM_INT8, 0, 16385, 4, 1, 1 },
      { CL_MEM_OBJECT_IMAGE2D, CL_RGBA, CL_UNORM_INT8, 0, 0, 4, 1, 1 },
      { CL_MEM_OBJECT_IMAGE2D_ARRAY, CL_RGBA, CL_UNORM_INT8, 0, 4, 4, 1, 8193 },
      /* texture-only formats (IMG_FORMAT 130, 133, 134) as image buffers:
       * a buffer descriptor's format field has 7 bits (RDNA2 ISA 8.1.8) */
      { CL_MEM_OBJECT_IMAGE1D_BUFFER, CL_sRGBA, CL_UNORM_INT8, 0, 4, 1, 1, 1 },
      { CL_MEM_OBJECT_IMAGE1D_BUFFER, CL_RGB, CL_UNORM_SHORT_565, 0, 4, 1, 1, 1 },
      { CL_MEM_OBJECT_IMAGE1D_BUFFER, CL_RGB, CL_UNORM_SHORT_555, 0, 4, 1, 1, 1 },
   };
   for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
      struct kiln_amdgpu_image_layout l;
      const int ret = kiln_amdgpu_image_layout(dev, &bad[i], &l);
      CHECK(ret == -EINVAL && strstr(kiln_amdgpu_device_error(dev), "image"),
            "bad image %u: %d, '%s'", i, ret, kiln_amdgpu_device_error(dev));
   }
   /* the same formats as textures are taken */
   const struct kiln_amdgpu_image_desc srgb = {
      CL_MEM_OBJECT_IMAGE2D, CL_sRGBA, CL_UNORM_INT8, 0, 4, 4, 1, 1
   };
   struct kiln_amdgpu_image_layout l;
   CHECK(kiln_amdgpu_image_layout(dev, &srgb, &l) == 0, "an sRGBA 2D image refused: %s",
         kiln_amdgpu_device_error(dev));
   const struct kiln_amdgpu_image_desc ok = { CL_MEM_OBJECT_IMAGE2D, CL_R, CL_FLOAT, 0, 4, 4, 1, 1 };
   uint32_t d[8];
   CHECK(kiln_amdgpu_image_descriptor(dev, &ok, VA + 64, d) == -EINVAL,
         "an image at an address not 256-byte aligned was taken");
   uint32_t s[4];
   CHECK(kiln_amdgpu_sampler_descriptor(dev, true, 0x1135, CL_FILTER_LINEAR, s) == -EINVAL,
         "an addressing mode OpenCL does not have was taken");
}

int
main(void)
{
   char msg[256];
   if (kiln_amdgpu_device_open("sim", &dev, msg, sizeof(msg))) {
      fprintf(stderr, "test_amdgpu_image: no emulated device: %s\n", msg);
      return 1;
   }
   test_layout();
   test_texture_descriptors();
   test_custom_pitch();
   test_buffer_descriptor();
   test_sampler_descriptors();
   test_refused();
   kiln_amdgpu_device_close(dev);
   return kiln_test_summary();
}
