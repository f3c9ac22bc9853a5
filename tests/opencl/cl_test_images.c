/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Images (OpenCL 3.0 API §5.3): what clCreateImage, clEnqueueWriteImage
 * and ReadImage (with row pitches of the host's choosing), CopyImage,
 * CopyImageToBuffer and CopyBufferToImage, FillImage and a kernel's
 * write_imagef leave in an image, checked against the same pixels moved
 * or converted on the CPU (§5.3.3's layout of host memory; OpenCL C 2.0
 * 8.3.1.2's conversion of a fill colour to CL_UNORM_INT8).
 */
#include "cl_test.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define W 13
#define H 7

static const cl_image_format rgba8 = { CL_RGBA, CL_UNORM_INT8 };

static cl_mem
image_2d(struct clt *t, const cl_image_format *format, size_t w, size_t h)
{
   const cl_image_desc desc = { .image_type = CL_MEM_OBJECT_IMAGE2D,
                                .image_width = w,
                                .image_height = h };
   cl_int err;
   cl_mem m = clCreateImage(t->ctx, CL_MEM_READ_WRITE, format, &desc, NULL, &err);
   if (!m) {
      clt_fail(t, "clCreateImage(%zux%zu) returned %s", w, h, clt_error_name(err));
      return NULL;
   }
   return clt_defer(t, CLT_MEM, m);
}

static bool
image_support_is_reported(struct clt *t)
{
   cl_bool images = CL_FALSE;
   size_t w = 0, h = 0;
   CLT_OK(clGetDeviceInfo(t->device, CL_DEVICE_IMAGE_SUPPORT, sizeof(images), &images, NULL));
   CLT_REQUIRE(images, "CL_DEVICE_IMAGE_SUPPORT is false");
   CLT_OK(clGetDeviceInfo(t->device, CL_DEVICE_IMAGE2D_MAX_WIDTH, sizeof(w), &w, NULL));
   CLT_OK(clGetDeviceInfo(t->device, CL_DEVICE_IMAGE2D_MAX_HEIGHT, sizeof(h), &h, NULL));
   /* §4.2's minimum for a device with images (full profile) */
   CLT_REQUIRE(w >= 16384 && h >= 16384, "2D images up to %zux%zu only", w, h);
   return true;
}

/* Written with a padded host row pitch, read back whole and in part. */
static bool
image_write_then_read_round_trips(struct clt *t)
{
   enum { PITCH = W * 4 + 12 };
   unsigned char in[H * PITCH], out[W * H * 4];
   clt_fill_random(in, sizeof(in), 11);
   cl_mem img = image_2d(t, &rgba8, W, H);
   if (!img)
      return false;
   const size_t origin[3] = { 0, 0, 0 }, region[3] = { W, H, 1 };
   CLT_OK(clEnqueueWriteImage(t->queue, img, CL_TRUE, origin, region, PITCH, 0, in, 0, NULL, NULL));
   CLT_OK(clEnqueueReadImage(t->queue, img, CL_TRUE, origin, region, 0, 0, out, 0, NULL, NULL));
   for (unsigned y = 0; y < H; y++)
      CLT_REQUIRE(!memcmp(out + y * W * 4, in + y * PITCH, W * 4),
                  "row %u read back differs from the row written", y);
   unsigned char part[3 * 2 * 4];
   const size_t o2[3] = { 5, 4, 0 }, r2[3] = { 3, 2, 1 };
   CLT_OK(clEnqueueReadImage(t->queue, img, CL_TRUE, o2, r2, 0, 0, part, 0, NULL, NULL));
   for (unsigned y = 0; y < 2; y++)
      CLT_REQUIRE(!memcmp(part + y * 12, in + (4 + y) * PITCH + 5 * 4, 12),
                  "row %u of the 3x2 region at (5, 4) differs", y);
   return true;
}

static bool
image_copies_match_cpu_copies(struct clt *t)
{
   unsigned char in[W * H * 4 + 64], out[W * H * 4], want[W * H * 4];
   clt_fill_random(in, sizeof(in), 12);
   cl_mem a = image_2d(t, &rgba8, W, H), b = image_2d(t, &rgba8, W, H);
   cl_mem buf = clt_buffer(t, CL_MEM_READ_WRITE, sizeof(in) + 64, NULL);
   if (!a || !b || !buf)
      return false;
   const size_t origin[3] = { 0, 0, 0 }, region[3] = { W, H, 1 };
   CLT_OK(clEnqueueWriteImage(t->queue, a, CL_TRUE, origin, region, 0, 0, in, 0, NULL, NULL));
   unsigned char zero[W * H * 4] = { 0 };
   CLT_OK(clEnqueueWriteImage(t->queue, b, CL_TRUE, origin, region, 0, 0, zero, 0, NULL, NULL));

   /* a's 4x3 region at (2, 1) to b at (8, 3) */
   const size_t src[3] = { 2, 1, 0 }, dst[3] = { 8, 3, 0 }, reg[3] = { 4, 3, 1 };
   CLT_OK(clEnqueueCopyImage(t->queue, a, b, src, dst, reg, 0, NULL, NULL));
   CLT_OK(clEnqueueReadImage(t->queue, b, CL_TRUE, origin, region, 0, 0, out, 0, NULL, NULL));
   memset(want, 0, sizeof(want));
   for (unsigned y = 0; y < 3; y++)
      memcpy(want + ((3 + y) * W + 8) * 4, in + ((1 + y) * W + 2) * 4, 16);
   CLT_REQUIRE(!memcmp(out, want, sizeof(out)), "clEnqueueCopyImage moved other pixels");

   /* the whole of a into the buffer, tightly packed (§5.3.5) */
   CLT_OK(clEnqueueCopyImageToBuffer(t->queue, a, buf, origin, region, 0, 0, NULL, NULL));
   unsigned char packed[W * H * 4];
   CLT_OK(clEnqueueReadBuffer(t->queue, buf, CL_TRUE, 0, sizeof(packed), packed, 0, NULL, NULL));
   CLT_REQUIRE(!memcmp(packed, in, sizeof(packed)), "clEnqueueCopyImageToBuffer's bytes differ");

   /* and back, into b's 5x2 region at (1, 0) from the buffer's pixels at
    * byte 64 */
   const size_t o3[3] = { 1, 0, 0 }, r3[3] = { 5, 2, 1 };
   CLT_OK(clEnqueueCopyBufferToImage(t->queue, buf, b, 64, o3, r3, 0, NULL, NULL));
   CLT_OK(clEnqueueReadImage(t->queue, b, CL_TRUE, origin, region, 0, 0, out, 0, NULL, NULL));
   for (unsigned y = 0; y < 2; y++)
      memcpy(want + (y * W + 1) * 4, in + 64 + y * 5 * 4, 20);
   CLT_REQUIRE(!memcmp(out, want, sizeof(out)), "clEnqueueCopyBufferToImage moved other pixels");
   return true;
}

/* dst_offset of clEnqueueCopyImageToBuffer counts bytes (§5.3.5). */
static bool
image_copy_to_buffer_offset_is_bytes(struct clt *t)
{
   unsigned char in[W * H * 4], out[W * H * 4 + 64];
   clt_fill_random(in, sizeof(in), 13);
   cl_mem img = image_2d(t, &rgba8, W, H);
   cl_mem buf = clt_buffer(t, CL_MEM_READ_WRITE, sizeof(out) + 256, NULL);
   if (!img || !buf)
      return false;
   const size_t origin[3] = { 0, 0, 0 }, region[3] = { W, H, 1 };
   CLT_OK(clEnqueueWriteImage(t->queue, img, CL_TRUE, origin, region, 0, 0, in, 0, NULL, NULL));
   CLT_OK(clEnqueueCopyImageToBuffer(t->queue, img, buf, origin, region, 64, 0, NULL, NULL));
   CLT_OK(clEnqueueReadBuffer(t->queue, buf, CL_TRUE, 0, sizeof(out), out, 0, NULL, NULL));
   CLT_REQUIRE(!memcmp(out + 64, in, sizeof(in)),
               "the pixels copied to dst_offset 64 are not at byte 64");
   return true;
}

/* A float fill colour becomes convert_uchar_sat_rte(c * 255.0f). */
static bool
image_fill_converts_the_colour(struct clt *t)
{
   unsigned char out[W * H * 4];
   cl_mem img = image_2d(t, &rgba8, W, H);
   if (!img)
      return false;
   const size_t origin[3] = { 0, 0, 0 }, region[3] = { W, H, 1 };
   unsigned char zero[W * H * 4] = { 0 };
   CLT_OK(clEnqueueWriteImage(t->queue, img, CL_TRUE, origin, region, 0, 0, zero, 0, NULL, NULL));
   const float colour[4] = { 1.0f, 0.25f, -3.0f, 0.1f };
   const unsigned char want_px[4] = { 255, 64, 0, 26 }; /* 63.75 -> 64, 25.5 -> 26 (even) */
   const size_t fo[3] = { 3, 2, 0 }, fr[3] = { 6, 4, 1 };
   CLT_OK(clEnqueueFillImage(t->queue, img, colour, fo, fr, 0, NULL, NULL));
   CLT_OK(clEnqueueReadImage(t->queue, img, CL_TRUE, origin, region, 0, 0, out, 0, NULL, NULL));
   for (unsigned y = 0; y < H; y++) {
      for (unsigned x = 0; x < W; x++) {
         const bool inside = x >= 3 && x < 9 && y >= 2 && y < 6;
         for (unsigned c = 0; c < 4; c++) {
            const unsigned char want = inside ? want_px[c] : 0;
            CLT_REQUIRE(out[(y * W + x) * 4 + c] == want,
                        "pixel (%u, %u) channel %u is %u, want %u", x, y, c,
                        out[(y * W + x) * 4 + c], want);
         }
      }
   }
   return true;
}

/* What a kernel's write_imagef stores, the host reads (CL_FLOAT: exact). */
static bool
image_kernel_writes_host_reads(struct clt *t)
{
   static const char *src =
      "kernel void paint(write_only image2d_t img)\n"
      "{\n"
      "   int x = get_global_id(0), y = get_global_id(1);\n"
      "   write_imagef(img, (int2)(x, y), (float4)(x, y, x * 0.5f - y, 1.0f / (x + 1)));\n"
      "}\n";
   const cl_image_format f32 = { CL_RGBA, CL_FLOAT };
   cl_mem img = image_2d(t, &f32, W, H);
   cl_program p = clt_build(t, src, "");
   cl_kernel k = p ? clt_kernel(t, p, "paint") : NULL;
   if (!img || !k)
      return false;
   CLT_OK(clSetKernelArg(k, 0, sizeof(img), &img));
   const size_t global[2] = { W, H };
   CLT_OK(clEnqueueNDRangeKernel(t->queue, k, 2, NULL, global, NULL, 0, NULL, NULL));
   float out[W * H * 4];
   const size_t origin[3] = { 0, 0, 0 }, region[3] = { W, H, 1 };
   CLT_OK(clEnqueueReadImage(t->queue, img, CL_TRUE, origin, region, 0, 0, out, 0, NULL, NULL));
   for (unsigned y = 0; y < H; y++) {
      for (unsigned x = 0; x < W; x++) {
         const float want[4] = { x, y, x * 0.5f - y, 1.0f / (x + 1) };
         CLT_REQUIRE(!memcmp(&out[(y * W + x) * 4], want, sizeof(want)),
                     "pixel (%u, %u) is (%g, %g, %g, %g)", x, y, out[(y * W + x) * 4],
                     out[(y * W + x) * 4 + 1], out[(y * W + x) * 4 + 2], out[(y * W + x) * 4 + 3]);
      }
   }
   return true;
}

/* cl_khr_image2d_from_buffer: a 2D image over a buffer reads and writes
 * the buffer's bytes, rows CL_IMAGE_ROW_PITCH apart (§5.3.1.2).  Without
 * the extension the device reports no pitch alignment. */
static bool
image_2d_from_buffer_shares_the_bytes(struct clt *t)
{
   char ext[8192];
   cl_uint pitch_align = 0;
   if (!clt_device_string(t, CL_DEVICE_EXTENSIONS, ext, sizeof(ext)))
      return false;
   CLT_OK(clGetDeviceInfo(t->device, CL_DEVICE_IMAGE_PITCH_ALIGNMENT, sizeof(pitch_align),
                          &pitch_align, NULL));
   if (!strstr(ext, "cl_khr_image2d_from_buffer")) {
      CLT_REQUIRE(pitch_align == 0, "no cl_khr_image2d_from_buffer, but a pitch alignment of %u",
                  pitch_align);
      return true;
   }
   CLT_REQUIRE(pitch_align, "cl_khr_image2d_from_buffer with a pitch alignment of 0");
   enum { IW = 20, IH = 5 };
   const size_t pitch = (size_t)pitch_align * 4 * ((IW + pitch_align - 1) / pitch_align);
   unsigned char *in = clt_defer(t, CLT_HOST, calloc(1, pitch * IH));
   unsigned char *back = clt_defer(t, CLT_HOST, calloc(1, pitch * IH));
   CLT_REQUIRE(in && back, "out of memory");
   clt_fill_random(in, pitch * IH, 14);
   cl_mem src_buf = clt_buffer(t, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, pitch * IH, in);
   cl_mem dst_buf = clt_buffer(t, CL_MEM_READ_WRITE, pitch * IH, NULL);
   cl_mem out = clt_buffer(t, CL_MEM_READ_WRITE, IW * IH * 16, NULL);
   if (!src_buf || !dst_buf || !out)
      return false;
   cl_image_desc desc = { .image_type = CL_MEM_OBJECT_IMAGE2D,
                          .image_width = IW,
                          .image_height = IH,
                          .image_row_pitch = pitch,
                          .buffer = src_buf };
   cl_int err;
   cl_mem src = clCreateImage(t->ctx, CL_MEM_READ_ONLY, &rgba8, &desc, NULL, &err);
   CLT_REQUIRE(src, "clCreateImage over a buffer returned %s", clt_error_name(err));
   clt_defer(t, CLT_MEM, src);
   const cl_image_format rgba8ui = { CL_RGBA, CL_UNSIGNED_INT8 };
   desc.buffer = dst_buf;
   cl_mem dst = clCreateImage(t->ctx, CL_MEM_WRITE_ONLY, &rgba8ui, &desc, NULL, &err);
   CLT_REQUIRE(dst, "clCreateImage over a buffer returned %s", clt_error_name(err));
   clt_defer(t, CLT_MEM, dst);

   static const char *src_text =
      "kernel void copy(read_only image2d_t src, write_only image2d_t dst, global uint4 *out)\n"
      "{\n"
      "   int2 p = (int2)(get_global_id(0), get_global_id(1));\n"
      "   uint4 v = convert_uint4(read_imagef(src, p) * 255.0f);\n"
      "   out[p.y * get_global_size(0) + p.x] = v;\n"
      "   write_imageui(dst, p, v + 1);\n"
      "}\n";
   cl_program prog = clt_build(t, src_text, "");
   cl_kernel k = prog ? clt_kernel(t, prog, "copy") : NULL;
   if (!k)
      return false;
   CLT_OK(clSetKernelArg(k, 0, sizeof(src), &src));
   CLT_OK(clSetKernelArg(k, 1, sizeof(dst), &dst));
   CLT_OK(clSetKernelArg(k, 2, sizeof(out), &out));
   const size_t global[2] = { IW, IH };
   CLT_OK(clEnqueueNDRangeKernel(t->queue, k, 2, NULL, global, NULL, 0, NULL, NULL));
   cl_uint got[IW * IH * 4];
   CLT_OK(clEnqueueReadBuffer(t->queue, out, CL_TRUE, 0, sizeof(got), got, 0, NULL, NULL));
   CLT_OK(clEnqueueReadBuffer(t->queue, dst_buf, CL_TRUE, 0, pitch * IH, back, 0, NULL, NULL));
   for (unsigned y = 0; y < IH; y++) {
      for (unsigned x = 0; x < IW; x++) {
         for (unsigned c = 0; c < 4; c++) {
            const unsigned want = in[y * pitch + x * 4 + c];
            CLT_REQUIRE(got[(y * IW + x) * 4 + c] == want,
                        "pixel (%u, %u) channel %u read %u, the buffer holds %u", x, y, c,
                        got[(y * IW + x) * 4 + c], want);
            /* write_imageui saturates to the channel (OpenCL C 2.0 8.3.3) */
            const unsigned written = want + 1 > 255 ? 255 : want + 1;
            CLT_REQUIRE(back[y * pitch + x * 4 + c] == written,
                        "pixel (%u, %u) channel %u written as %u, want %u", x, y, c,
                        back[y * pitch + x * 4 + c], written);
         }
      }
   }
   return true;
}

/* cl_khr_depth_images: a CL_DEPTH image reads as one float, with and
 * without a sampler (OpenCL C 2.0 6.13.14.2's read_imagef of
 * image2d_depth_t); without the extension no CL_DEPTH format is offered. */
static bool
image_depth_reads_one_float(struct clt *t)
{
   char ext[8192];
   if (!clt_device_string(t, CL_DEVICE_EXTENSIONS, ext, sizeof(ext)))
      return false;
   const cl_image_format depth = { CL_DEPTH, CL_FLOAT };
   if (!strstr(ext, "cl_khr_depth_images")) {
      cl_image_format f[256];
      cl_uint n = 0;
      CLT_OK(
         clGetSupportedImageFormats(t->ctx, CL_MEM_READ_ONLY, CL_MEM_OBJECT_IMAGE2D, 256, f, &n));
      for (cl_uint i = 0; i < n && i < 256; i++)
         CLT_REQUIRE(f[i].image_channel_order != CL_DEPTH,
                     "no cl_khr_depth_images, but a CL_DEPTH format");
      return true;
   }
   float in[W * H], out[W * H];
   for (unsigned i = 0; i < W * H; i++)
      in[i] = i * 0.25f - 3.0f;
   const cl_image_desc desc = { .image_type = CL_MEM_OBJECT_IMAGE2D,
                                .image_width = W,
                                .image_height = H };
   cl_int err;
   cl_mem img =
      clCreateImage(t->ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, &depth, &desc, in, &err);
   CLT_REQUIRE(img, "clCreateImage(CL_DEPTH, CL_FLOAT) returned %s", clt_error_name(err));
   clt_defer(t, CLT_MEM, img);
   cl_mem buf = clt_buffer(t, CL_MEM_READ_WRITE, sizeof(out), NULL);
   static const char *src =
      "kernel void depth(read_only image2d_depth_t img, global float *out)\n"
      "{\n"
      "   const sampler_t s = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE |\n"
      "                       CLK_FILTER_NEAREST;\n"
      "   int2 p = (int2)(get_global_id(0), get_global_id(1));\n"
      "   out[p.y * get_global_size(0) + p.x] = read_imagef(img, s, p) +\n"
      "                                         read_imagef(img, p) * 8.0f;\n"
      "}\n";
   cl_program p = buf ? clt_build(t, src, "") : NULL;
   cl_kernel k = p ? clt_kernel(t, p, "depth") : NULL;
   if (!k)
      return false;
   CLT_OK(clSetKernelArg(k, 0, sizeof(img), &img));
   CLT_OK(clSetKernelArg(k, 1, sizeof(buf), &buf));
   const size_t global[2] = { W, H };
   CLT_OK(clEnqueueNDRangeKernel(t->queue, k, 2, NULL, global, NULL, 0, NULL, NULL));
   CLT_OK(clEnqueueReadBuffer(t->queue, buf, CL_TRUE, 0, sizeof(out), out, 0, NULL, NULL));
   for (unsigned i = 0; i < W * H; i++)
      CLT_REQUIRE(out[i] == in[i] * 9.0f, "pixel %u: %g, want %g", i, out[i], in[i] * 9.0f);
   return true;
}

/*
 * §5.3.7: CL_IMAGE_ROW_PITCH is the pitch the image was made with, or the
 * width times the element size; CL_IMAGE_SLICE_PITCH is 0 for 1D, 1D
 * buffer and 2D images, the size of one image of a 1D or 2D array, and of
 * one slice of a 3D image; with a host pointer and no slice pitch given,
 * it is the row pitch for a 1D array (§5.3.1.2: image_height is not used)
 * and the row pitch times the height for a 2D array.
 */
static bool
image_pitches_follow_the_type(struct clt *t)
{
   static unsigned char host[4096];
   cl_mem backing = clt_buffer(t, CL_MEM_READ_WRITE, 5 * 4, NULL);
   if (!backing)
      return false;
   const struct {
      cl_mem_object_type type;
      size_t height, depth, array, row, slice;
      bool host;
      size_t want_row, want_slice;
   } cases[] = {
      { CL_MEM_OBJECT_IMAGE1D, 0, 0, 0, 0, 0, false, 20, 0 },
      { CL_MEM_OBJECT_IMAGE1D_BUFFER, 0, 0, 0, 0, 0, false, 20, 0 },
      { CL_MEM_OBJECT_IMAGE1D_ARRAY, 0, 0, 3, 0, 0, false, 20, 20 },
      { CL_MEM_OBJECT_IMAGE2D, 4, 0, 0, 0, 0, false, 20, 0 },
      { CL_MEM_OBJECT_IMAGE2D_ARRAY, 4, 0, 3, 0, 0, false, 20, 80 },
      { CL_MEM_OBJECT_IMAGE3D, 4, 3, 0, 0, 0, false, 20, 80 },
      { CL_MEM_OBJECT_IMAGE1D_ARRAY, 0, 0, 3, 32, 0, true, 32, 32 },
      { CL_MEM_OBJECT_IMAGE2D, 4, 0, 0, 32, 0, true, 32, 0 },
      { CL_MEM_OBJECT_IMAGE2D_ARRAY, 4, 0, 3, 32, 0, true, 32, 128 },
      { CL_MEM_OBJECT_IMAGE2D_ARRAY, 4, 0, 3, 32, 160, true, 32, 160 },
   };
   for (unsigned i = 0; i < CLT_ARRAY_SIZE(cases); i++) {
      const bool buffer = cases[i].type == CL_MEM_OBJECT_IMAGE1D_BUFFER;
      cl_image_desc desc = { .image_type = cases[i].type,
                             .image_width = 5,
                             .image_height = cases[i].height,
                             .image_depth = cases[i].depth,
                             .image_array_size = cases[i].array,
                             .image_row_pitch = cases[i].row,
                             .image_slice_pitch = cases[i].slice };
      if (buffer)
         desc.buffer = backing;
      cl_int err;
      cl_mem img = clt_defer(
         t, CLT_MEM,
         clCreateImage(t->ctx, CL_MEM_READ_WRITE | (cases[i].host ? CL_MEM_COPY_HOST_PTR : 0),
                       &rgba8, &desc, cases[i].host ? host : NULL, &err));
      CLT_REQUIRE(img, "case %u: clCreateImage returned %s", i, clt_error_name(err));
      size_t row = 0, slice = ~(size_t)0;
      CLT_OK(clGetImageInfo(img, CL_IMAGE_ROW_PITCH, sizeof(row), &row, NULL));
      CLT_OK(clGetImageInfo(img, CL_IMAGE_SLICE_PITCH, sizeof(slice), &slice, NULL));
      CLT_REQUIRE(buffer || row == cases[i].want_row,
                  "case %u (type 0x%x): CL_IMAGE_ROW_PITCH is %zu, not %zu", i,
                  (unsigned)cases[i].type, row, cases[i].want_row);
      CLT_REQUIRE(slice == cases[i].want_slice,
                  "case %u (type 0x%x): CL_IMAGE_SLICE_PITCH is %zu, not %zu", i,
                  (unsigned)cases[i].type, slice, cases[i].want_slice);
   }
   return true;
}

/*
 * A kernel with as many read_only image2d_t arguments as
 * CL_DEVICE_MAX_READ_IMAGE_ARGS says (and CL_DEVICE_MAX_PARAMETER_SIZE
 * allows, with one more pointer) runs and reads each: the sum of their
 * pixels is the CPU's.
 */
static bool
image_kernel_reads_the_most_read_images(struct clt *t)
{
   cl_uint max_images = 0;
   size_t max_param = 0;
   CLT_OK(clGetDeviceInfo(t->device, CL_DEVICE_MAX_READ_IMAGE_ARGS, sizeof(max_images), &max_images,
                          NULL));
   CLT_OK(clGetDeviceInfo(t->device, CL_DEVICE_MAX_PARAMETER_SIZE, sizeof(max_param), &max_param,
                          NULL));
   /* §4.2: at least 128 with images (full profile). */
   CLT_REQUIRE(max_images >= 128, "CL_DEVICE_MAX_READ_IMAGE_ARGS is %u", max_images);
   size_t n = max_images;
   if (n > max_param / sizeof(cl_mem) - 1)
      n = max_param / sizeof(cl_mem) - 1;

   char *src = clt_defer(t, CLT_HOST, malloc(n * 96 + 256));
   CLT_REQUIRE(src, "out of memory");
   char *end = src + sprintf(src, "kernel void many(");
   for (size_t i = 0; i < n; i++)
      end += sprintf(end, "read_only image2d_t i%zu, ", i);
   end += sprintf(end, "global uint *out)\n{\n   uint s = 0;\n");
   for (size_t i = 0; i < n; i++)
      end += sprintf(end, "   s += read_imageui(i%zu, (int2)(0, 0)).x;\n", i);
   sprintf(end, "   out[0] = s;\n}\n");

   cl_program p = clt_build(t, src, "");
   cl_kernel k = p ? clt_kernel(t, p, "many") : NULL;
   cl_uint out = 0;
   cl_mem b = clt_buffer(t, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof(out), &out);
   if (!k || !b)
      return false;
   const cl_image_format format = { CL_RGBA, CL_UNSIGNED_INT8 };
   const cl_image_desc desc = { .image_type = CL_MEM_OBJECT_IMAGE2D,
                                .image_width = 1,
                                .image_height = 1 };
   cl_uint want = 0;
   cl_mem *images = clt_defer(t, CLT_HOST, calloc(n, sizeof(cl_mem)));
   CLT_REQUIRE(images, "out of memory");
   cl_int err = CL_SUCCESS;
   for (size_t i = 0; i < n && err == CL_SUCCESS; i++) {
      unsigned char pixel[4] = { (unsigned char)(i * 7 + 1), 0, 0, 0 };
      want += pixel[0];
      images[i] = clCreateImage(t->ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, &format, &desc,
                                pixel, &err);
      if (images[i])
         err = clSetKernelArg(k, i, sizeof(cl_mem), &images[i]);
   }
   if (err == CL_SUCCESS)
      err = clSetKernelArg(k, n, sizeof(b), &b);
   size_t one = 1;
   if (err == CL_SUCCESS)
      err = clEnqueueNDRangeKernel(t->queue, k, 1, NULL, &one, NULL, 0, NULL, NULL);
   if (err == CL_SUCCESS)
      err = clEnqueueReadBuffer(t->queue, b, CL_TRUE, 0, sizeof(out), &out, 0, NULL, NULL);
   for (size_t i = 0; i < n; i++) {
      if (images[i])
         clReleaseMemObject(images[i]);
   }
   CLT_REQUIRE(err == CL_SUCCESS, "a kernel with %zu read images: %s", n, clt_error_name(err));
   CLT_REQUIRE(out == want, "the %zu images' pixels sum to %u in the kernel, %u on the CPU", n, out,
               want);
   return true;
}

const struct clt_check clt_image_checks[] = {
   { "image.support-is-reported", image_support_is_reported },
   { "image.write-then-read-round-trips", image_write_then_read_round_trips },
   { "image.copies-match-cpu-copies", image_copies_match_cpu_copies },
   { "image.copy-to-buffer-offset-is-bytes", image_copy_to_buffer_offset_is_bytes },
   { "image.fill-converts-the-colour", image_fill_converts_the_colour },
   { "image.kernel-writes-host-reads", image_kernel_writes_host_reads },
   { "image.2d-from-buffer-shares-the-bytes", image_2d_from_buffer_shares_the_bytes },
   { "image.depth-reads-one-float", image_depth_reads_one_float },
   { "image.pitches-follow-the-type", image_pitches_follow_the_type },
   { "image.kernel-reads-the-most-read-images", image_kernel_reads_the_most_read_images },
   { NULL, NULL },
};
