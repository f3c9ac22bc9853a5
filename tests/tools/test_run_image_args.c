/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The runner command line's image and sampler arguments
 * (src/tools/kiln/kiln_run_image_args.c, tests/corpus/README.md): each
 * valid image text must give the pixels' bytes derived by hand from the
 * OpenCL 2.0 image format definitions (5.3.1.1: channels in the order's
 * memory order, little-endian; the packed types with red in the high
 * bits; HALF_FLOAT as IEEE-754 binary16), the sizes its type takes and
 * the OpenCL enums of its format; the printout gives the values back;
 * every bad text is refused with a message naming it (formats OpenCL
 * does not define, sizes, values a channel cannot hold); samplers parse
 * into OpenCL's enums; and the signature check wants an image of the
 * kernel's image type and a sampler for a sampler.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>

#include "kiln_run_args.h"
#include "kiln_test.h"

static const struct {
   const char *text;
   enum kiln_image_type type;
   uint32_t order, data_type;
   size_t width, height, depth, layers;
   unsigned pixel_size;
   size_t bytes;
   uint8_t data[24];
} valid[] = {
   { "image2d:RGBA,UNORM_INT8[2,1]=1,2,3,4,255,0,128,7",
     KILN_IMAGE_2D,
     CL_RGBA,
     CL_UNORM_INT8,
     2,
     1,
     1,
     1,
     4,
     8,
     { 1, 2, 3, 4, 255, 0, 128, 7 } },
   /* BGRA lists blue first, as memory holds it */
   { "image1d:BGRA,SNORM_INT8[1]=-1,-128,127,0",
     KILN_IMAGE_1D,
     CL_BGRA,
     CL_SNORM_INT8,
     1,
     1,
     1,
     1,
     4,
     4,
     { 0xff, 0x80, 0x7f, 0 } },
   { "image1d_array:R,SIGNED_INT16[2,3]=-2,300,0,1,-32768,32767",
     KILN_IMAGE_1D_ARRAY,
     CL_R,
     CL_SIGNED_INT16,
     2,
     1,
     1,
     3,
     2,
     12,
     { 0xfe, 0xff, 0x2c, 0x01, 0, 0, 1, 0, 0x00, 0x80, 0xff, 0x7f } },
   /* 565: r 31, g 1, b 2 -> 0xf822 */
   { "image2d:RGB,UNORM_SHORT_565[1,1]=31,1,2",
     KILN_IMAGE_2D,
     CL_RGB,
     CL_UNORM_SHORT_565,
     1,
     1,
     1,
     1,
     2,
     2,
     { 0x22, 0xf8 } },
   /* 555: r 1, g 2, b 3 -> 0x0443 */
   { "image2d:RGB,UNORM_SHORT_555[1,1]=1,2,3",
     KILN_IMAGE_2D,
     CL_RGB,
     CL_UNORM_SHORT_555,
     1,
     1,
     1,
     1,
     2,
     2,
     { 0x43, 0x04 } },
   /* 101010: r 1023, g 1, b 2 -> 0x3ff00402 */
   { "image2d:RGB,UNORM_INT_101010[1,1]=1023,1,2",
     KILN_IMAGE_2D,
     CL_RGB,
     CL_UNORM_INT_101010,
     1,
     1,
     1,
     1,
     4,
     4,
     { 0x02, 0x04, 0xf0, 0x3f } },
   /* 1.0 is 0x3c00; 65519 rounds to 65504 (0x7bff), 65520 to infinity */
   { "image1d_buffer:RA,HALF_FLOAT[2]=1,65519,-2,65520",
     KILN_IMAGE_1D_BUFFER,
     CL_RA,
     CL_HALF_FLOAT,
     2,
     1,
     1,
     1,
     4,
     8,
     { 0x00, 0x3c, 0xff, 0x7b, 0x00, 0xc0, 0x00, 0x7c } },
   { "image3d:A,FLOAT[1,1,2]=0.1,-0",
     KILN_IMAGE_3D,
     CL_A,
     CL_FLOAT,
     1,
     1,
     2,
     1,
     4,
     8,
     { 0xcd, 0xcc, 0xcc, 0x3d, 0, 0, 0, 0x80 } },
   { "image2d_array:LUMINANCE,UNORM_INT16[1,2,2]=65535,1",
     KILN_IMAGE_2D_ARRAY,
     CL_LUMINANCE,
     CL_UNORM_INT16,
     1,
     2,
     1,
     2,
     2,
     8,
     { 0xff, 0xff, 1, 0 } },
   { "image2d:INTENSITY,UNORM_INT8[3,1]",
     KILN_IMAGE_2D,
     CL_INTENSITY,
     CL_UNORM_INT8,
     3,
     1,
     1,
     1,
     1,
     3,
     { 0 } },
   { "image2d:RG,UNSIGNED_INT32[1,1]=4294967295,0x10",
     KILN_IMAGE_2D,
     CL_RG,
     CL_UNSIGNED_INT32,
     1,
     1,
     1,
     1,
     8,
     8,
     { 0xff, 0xff, 0xff, 0xff, 0x10, 0, 0, 0 } },
   /* sBGRA: stored as given, blue first; the sRGB curve is the reader's */
   { "image2d:sBGRA,UNORM_INT8[1,1]=1,2,3,4",
     KILN_IMAGE_2D,
     CL_sBGRA,
     CL_UNORM_INT8,
     1,
     1,
     1,
     1,
     4,
     4,
     { 1, 2, 3, 4 } },
};

static void
test_valid_images(void)
{
   for (unsigned i = 0; i < sizeof(valid) / sizeof(valid[0]); i++) {
      struct kiln_run_arg a;
      char err[256] = "";
      int ret = kiln_run_parse_arg(valid[i].text, 0, &a, err, sizeof(err));
      CHECK(ret == 0, "'%s' refused: %s", valid[i].text, err);
      if (ret)
         continue;
      const struct kiln_run_image *img = &a.image;
      CHECK(a.kind == KILN_RUN_ARG_IMAGE && img->type == valid[i].type &&
               img->order == valid[i].order && img->data_type == valid[i].data_type,
            "'%s': kind %d type %d order 0x%x data type 0x%x", valid[i].text, a.kind, img->type,
            img->order, img->data_type);
      CHECK(img->width == valid[i].width && img->height == valid[i].height &&
               img->depth == valid[i].depth && img->layers == valid[i].layers,
            "'%s': %zux%zux%zu, %zu layers", valid[i].text, img->width, img->height, img->depth,
            img->layers);
      CHECK(img->pixel_size == valid[i].pixel_size && a.bytes == valid[i].bytes,
            "'%s': pixels of %u bytes, %zu bytes", valid[i].text, img->pixel_size, a.bytes);
      CHECK(a.bytes <= sizeof(valid[i].data) && !memcmp(a.data, valid[i].data, a.bytes),
            "'%s': pixel bytes differ", valid[i].text);
      free(a.data);
   }
}

static const char *const refused[] = {
   "image2d:RGB,UNORM_INT8[2,2]",       /* RGB only with the packed types */
   "image2d:RGBA,UNORM_SHORT_565[2,2]", /* the packed types only with RGB */
   "image2d:BGRA,UNORM_INT16[2,2]",     /* BGRA only with 8-bit types */
   "image2d:LUMINANCE,SIGNED_INT8[2,2]",
   "image2d:sRGBA,UNORM_INT16[2,2]", /* sRGB only with UNORM_INT8 */
   "image2d:RGBX,UNORM_INT8[2,2]",
   "image2d:RGBA,UNORM_INT8[2]",
   "image2d:RGBA,UNORM_INT8[2,0]",
   "image3d:R,FLOAT[2,2]",
   "image1d:R,UNORM_INT8[4]=256",
   "image1d:R,SNORM_INT8[4]=-129",
   "image1d:R,UNSIGNED_INT16[4]=-1",
   "image1d:RGB,UNORM_SHORT_565[1]=32,0,0",
   "image1d:RGB,UNORM_SHORT_565[1]=0,64,0",
   "image1d:R,FLOAT[2]=1,2,3",
   "image1d:R,FLOAT[2]=1,,2",
   "image1d:R,FLOAT[2]=x",
   "image1d:R,FLOAT[2]x",
   "sampler:2,CLAMP,LINEAR",
   "sampler:1,CLAMPED,LINEAR",
   "sampler:1,CLAMP,BILINEAR",
   "sampler:1,CLAMP",
};

static void
test_refused(void)
{
   for (unsigned i = 0; i < sizeof(refused) / sizeof(refused[0]); i++) {
      struct kiln_run_arg a;
      char err[256] = "";
      int ret = kiln_run_parse_arg(refused[i], 3, &a, err, sizeof(err));
      CHECK(ret != 0, "'%s' accepted", refused[i]);
      CHECK(ret == 0 || strstr(err, "argument 3"), "'%s': message '%s' names no argument",
            refused[i], err);
      if (!ret)
         free(a.data);
   }
}

static void
test_samplers(void)
{
   static const struct {
      const char *text;
      bool normalized;
      uint32_t addressing, filter;
   } samplers[] = {
      { "sampler:1,CLAMP_TO_EDGE,LINEAR", true, CL_ADDRESS_CLAMP_TO_EDGE, CL_FILTER_LINEAR },
      { "sampler:0,CLAMP,NEAREST", false, CL_ADDRESS_CLAMP, CL_FILTER_NEAREST },
      { "sampler:1,REPEAT,NEAREST", true, CL_ADDRESS_REPEAT, CL_FILTER_NEAREST },
      { "sampler:1,MIRRORED_REPEAT,LINEAR", true, CL_ADDRESS_MIRRORED_REPEAT, CL_FILTER_LINEAR },
      { "sampler:0,NONE,NEAREST", false, CL_ADDRESS_NONE, CL_FILTER_NEAREST },
   };
   for (unsigned i = 0; i < sizeof(samplers) / sizeof(samplers[0]); i++) {
      struct kiln_run_arg a;
      char err[256] = "";
      int ret = kiln_run_parse_arg(samplers[i].text, 0, &a, err, sizeof(err));
      CHECK(ret == 0 && a.kind == KILN_RUN_ARG_SAMPLER &&
               a.sampler.normalized == samplers[i].normalized &&
               a.sampler.addressing == samplers[i].addressing &&
               a.sampler.filter == samplers[i].filter,
            "'%s': %d %s (kind %d, %d, 0x%x, 0x%x)", samplers[i].text, ret, err, a.kind,
            a.sampler.normalized, a.sampler.addressing, a.sampler.filter);
   }
}

/* The printout gives every channel's value back: integers as stored
 * (signed ones signed), halves and floats as numbers. */
static void
test_printout(void)
{
   char *argv[] = {
      "k.cl",
      "-k",
      "k",
      "-g",
      "1",
      "image2d:BGRA,SNORM_INT8[1,1]=-1,-128,127,0",
      "sampler:1,CLAMP,LINEAR",
      "image1d:RGB,UNORM_SHORT_565[2]=31,63,0,1,2,3",
      "image1d_buffer:RA,HALF_FLOAT[1]=0.5,-65504",
   };
   struct kiln_run_command cmd;
   char err[256] = "";
   CHECK(kiln_run_parse_command_line(sizeof(argv) / sizeof(argv[0]), argv, &cmd, err,
                                     sizeof(err)) == 0,
         "command line refused: %s", err);
   char *text = NULL;
   size_t size = 0;
   FILE *f = open_memstream(&text, &size);
   kiln_run_print_buffers(f, &cmd);
   fclose(f);
   const char *want = "arg0: -1 -128 127 0\narg2: 31 63 0 1 2 3\narg3: 0.5 -65504\n";
   CHECK(text && !strcmp(text, want), "printed '%s', want '%s'", text ? text : "", want);
   free(text);
   kiln_run_command_free(&cmd);
}

static void
test_signature(void)
{
   struct kiln_kernel_arg args[2] = {
      { .name = "img",
        .type_name = "image2d_t",
        .kind = KILN_ARG_IMAGE,
        .image_type = KILN_IMAGE_2D,
        .size = 48 },
      { .name = "s", .type_name = "sampler_t", .kind = KILN_ARG_SAMPLER, .size = 16 },
   };
   struct kiln_kernel k = { .name = "k", .args = args, .num_args = 2 };
   struct {
      const char *image, *sampler;
      bool ok;
   } cases[] = {
      { "image2d:R,FLOAT[2,2]", "sampler:1,CLAMP,LINEAR", true },
      { "image2d_array:R,FLOAT[2,2,2]", "sampler:1,CLAMP,LINEAR", false },
      { "image2d:R,FLOAT[2,2]", "int:1", false },
      { "buf:float[4]", "sampler:1,CLAMP,LINEAR", false },
   };
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      char *argv[] = {
         "k.cl", "-k", "k", "-g", "1", (char *)cases[i].image, (char *)cases[i].sampler
      };
      struct kiln_run_command cmd;
      char err[256] = "";
      CHECK(kiln_run_parse_command_line(7, argv, &cmd, err, sizeof(err)) == 0,
            "command line %u refused: %s", i, err);
      err[0] = 0;
      const int ret = kiln_run_check_signature(&cmd, &k, err, sizeof(err));
      CHECK((ret == 0) == cases[i].ok, "%s %s: %s", cases[i].image, cases[i].sampler,
            ret ? err : "accepted");
      CHECK(ret == 0 || strstr(err, "argument"), "message '%s' names no argument", err);
      kiln_run_command_free(&cmd);
   }
}

/* Each image type's cl_mem_object_type, as the OpenCL 3.0 headers
 * number them (cl.h), for the runners that create images. */
static void
test_cl_types(void)
{
   static const struct {
      enum kiln_image_type type;
      uint32_t cl_type;
   } cases[] = {
      { KILN_IMAGE_1D, 0x10F4 }, { KILN_IMAGE_1D_BUFFER, 0x10F6 }, { KILN_IMAGE_1D_ARRAY, 0x10F5 },
      { KILN_IMAGE_2D, 0x10F1 }, { KILN_IMAGE_2D_ARRAY, 0x10F3 },  { KILN_IMAGE_3D, 0x10F2 },
   };
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
      CHECK(kiln_run_image_cl_type(cases[i].type) == cases[i].cl_type, "%s is 0x%x, not 0x%x",
            kiln_run_image_type_name(cases[i].type), kiln_run_image_cl_type(cases[i].type),
            cases[i].cl_type);
}

int
main(void)
{
   test_valid_images();
   test_refused();
   test_samplers();
   test_printout();
   test_signature();
   test_cl_types();
   return kiln_test_summary();
}
