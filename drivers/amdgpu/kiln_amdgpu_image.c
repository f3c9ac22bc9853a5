/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * OpenCL images and samplers on GFX10+: an image format (channel order and
 * data type) is the Gallium format of the same memory layout and channel
 * mapping (CL_BGRA + CL_UNORM_INT8 is B8G8R8A8_UNORM; CL_LUMINANCE,
 * CL_INTENSITY and the orders without alpha get their constant channels
 * from the format's swizzle), which Mesa's GFX10 format table turns into
 * the hardware's IMG_FORMAT.  Images are linear, one level, laid out as the
 * GFX10 address library lays out ADDR_SW_LINEAR surfaces (kiln_amd_abi.h);
 * image buffers are buffers of formatted elements.  The descriptors come
 * from ac_build_texture_descriptor, ac_set_mutable_tex_desc_fields,
 * ac_build_buffer_descriptor and ac_build_sampler_descriptor, as radeonsi
 * builds its own.
 */
#include "kiln_amdgpu_image.h"
#include "kiln_amdgpu_private.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>

#include "ac_descriptors.h"
#include "ac_gpu_info.h"
#include "ac_surface.h"
#include "gfx10_format_table.h"
#include "kiln_amd_abi.h"
#include "sid.h"
#include "util/format/u_format.h"

/* The Gallium name of an image format: the order's channels in memory
 * order, each with the type's bits, and the type's number format. */
static bool
format_name(uint32_t order, uint32_t type, char *name, size_t size)
{
   static const struct {
      uint32_t order;
      const char *channels;
   } orders[] = {
      { CL_R, "R" },       { CL_A, "A" },         { CL_RG, "RG" },
      { CL_RA, "RA" },     { CL_RGBA, "RGBA" },   { CL_BGRA, "BGRA" },
      { CL_ARGB, "ARGB" }, { CL_INTENSITY, "I" }, { CL_LUMINANCE, "L" },
   };
   static const struct {
      uint32_t type;
      unsigned bits;
      const char *number;
   } types[] = {
      { CL_SNORM_INT8, 8, "SNORM" },     { CL_SNORM_INT16, 16, "SNORM" },
      { CL_UNORM_INT8, 8, "UNORM" },     { CL_UNORM_INT16, 16, "UNORM" },
      { CL_SIGNED_INT8, 8, "SINT" },     { CL_SIGNED_INT16, 16, "SINT" },
      { CL_SIGNED_INT32, 32, "SINT" },   { CL_UNSIGNED_INT8, 8, "UINT" },
      { CL_UNSIGNED_INT16, 16, "UINT" }, { CL_UNSIGNED_INT32, 32, "UINT" },
      { CL_HALF_FLOAT, 16, "FLOAT" },    { CL_FLOAT, 32, "FLOAT" },
   };

   if (order == CL_sRGBA || order == CL_sBGRA) {
      /* sRGB colour channels, linear alpha (OpenCL 2.0 8.3.5) */
      const char *srgb = order == CL_sRGBA ? "R8G8B8A8_SRGB" : "B8G8R8A8_SRGB";
      return type == CL_UNORM_INT8 && snprintf(name, size, "%s", srgb) > 0;
   }
   if (order == CL_RGB) {
      /* The packed types, red in the high bits (OpenCL 2.0 5.3.1.1). */
      const char *packed = type == CL_UNORM_SHORT_565    ? "B5G6R5_UNORM"
                           : type == CL_UNORM_SHORT_555  ? "B5G5R5X1_UNORM"
                           : type == CL_UNORM_INT_101010 ? "B10G10R10X2_UNORM"
                                                         : NULL;
      return packed && snprintf(name, size, "%s", packed) > 0;
   }
   for (unsigned o = 0; o < ARRAY_SIZE(orders); o++) {
      if (orders[o].order != order)
         continue;
      for (unsigned t = 0; t < ARRAY_SIZE(types); t++) {
         if (types[t].type != type)
            continue;
         size_t len = 0;
         for (const char *c = orders[o].channels; *c && len < size; c++)
            len += snprintf(name + len, size - len, "%c%u", *c, types[t].bits);
         return len < size && snprintf(name + len, size - len, "_%s", types[t].number) > 0;
      }
   }
   return false;
}

/* The Gallium format of an OpenCL image format that the device can use as
 * an image, or PIPE_FORMAT_NONE. */
static enum pipe_format
image_format(const struct kiln_amdgpu_device *dev, uint32_t order, uint32_t type)
{
   char name[32];
   if (!format_name(order, type, name, sizeof(name)))
      return PIPE_FORMAT_NONE;
   for (unsigned f = 1; f < PIPE_FORMAT_COUNT; f++) {
      const struct util_format_description *desc = util_format_description(f);
      if (!desc || strcasecmp(desc->short_name, name))
         continue;
      return ac_get_gfx10_format_table(dev->gfx_level)[f].img_format ? f : PIPE_FORMAT_NONE;
   }
   return PIPE_FORMAT_NONE;
}

static bool
is_array(uint32_t type)
{
   return type == CL_MEM_OBJECT_IMAGE1D_ARRAY || type == CL_MEM_OBJECT_IMAGE2D_ARRAY;
}

/* The image's format, checked; logs what is wrong. */
static int
check_image(struct kiln_amdgpu_device *dev, const struct kiln_amdgpu_image_desc *image,
            enum pipe_format *format)
{
   if (dev->gfx_level < GFX10)
      return kiln_amdgpu_error(dev, -ENOTSUP, "images: only GFX10 and later are supported");
   *format = image->pipe_format
                ? (ac_get_gfx10_format_table(dev->gfx_level)[image->pipe_format].img_format
                      ? (enum pipe_format)image->pipe_format
                      : PIPE_FORMAT_NONE)
                : image_format(dev, image->channel_order, image->channel_data_type);
   if (*format == PIPE_FORMAT_NONE)
      return kiln_amdgpu_error(dev, -EINVAL,
                               "image format (order 0x%x, data type 0x%x): "
                               "not an image format of this device",
                               image->channel_order, image->channel_data_type);
   /* Image buffers are read and written by buffer_load/store_format,
    * whose V# has room for the first 128 IMG_FORMATs only (64 from
    * GFX11): the sRGB and the 565 and 555 packed formats (130, 133, 134)
    * are texture-only, and ac_build_buffer_descriptor would cut their
    * number down to another format's (8_SNORM for 8_8_8_8_SRGB).
    * radeonsi draws the same line (si_is_vertex_format_supported);
    * OpenCL makes sRGBA optional for 1D image buffers and the other
    * formats optional everywhere. */
   const unsigned buffer_formats = dev->gfx_level >= GFX11 ? 64 : 128;
   if (image->type == CL_MEM_OBJECT_IMAGE1D_BUFFER &&
       ac_get_gfx10_format_table(dev->gfx_level)[*format].img_format >= buffer_formats)
      return kiln_amdgpu_error(dev, -EINVAL,
                               "image format %s: a texture format only, not one of image "
                               "buffers (a buffer descriptor holds IMG_FORMATs below %u)",
                               util_format_short_name(*format), buffer_formats);
   const uint32_t max = image->type == CL_MEM_OBJECT_IMAGE1D_BUFFER ? UINT32_MAX : 16384;
   const uint32_t max_layers = image->type == CL_MEM_OBJECT_IMAGE3D ? 8192 : 1;
   if (!image->width || !image->height || !image->depth || !image->array_size ||
       image->width > max || image->height > 16384 || image->depth > max_layers ||
       image->array_size > (is_array(image->type) ? 8192u : 1u))
      return kiln_amdgpu_error(dev, -EINVAL,
                               "image of %ux%ux%u, %u layers: outside the "
                               "device's image sizes",
                               image->width, image->height, image->depth, image->array_size);
   if (image->row_pitch &&
       (image->type != CL_MEM_OBJECT_IMAGE2D || dev->gfx_level < GFX10_3 ||
        image->row_pitch % 256 ||
        image->row_pitch < (uint64_t)image->width * util_format_get_blocksize(*format)))
      return kiln_amdgpu_error(dev, -EINVAL,
                               "image of %ux%u with rows %u bytes apart: the "
                               "device takes a row pitch of 2D images only, from GFX10.3, a "
                               "multiple of 256 bytes and no less than a row",
                               image->width, image->height, image->row_pitch);
   return 0;
}

int
kiln_amdgpu_image_layout(struct kiln_amdgpu_device *dev, const struct kiln_amdgpu_image_desc *image,
                         struct kiln_amdgpu_image_layout *layout)
{
   enum pipe_format format;
   int ret = check_image(dev, image, &format);
   if (ret)
      return ret;
   const unsigned cpp = util_format_get_blocksize(format);
   layout->pixel_size = cpp;
   if (image->type == CL_MEM_OBJECT_IMAGE1D_BUFFER) {
      layout->row_pitch = layout->slice_pitch = layout->size = (uint64_t)image->width * cpp;
      return 0;
   }
   layout->row_pitch =
      image->row_pitch ? image->row_pitch : KILN_IMAGE_ROW_PITCH((uint64_t)image->width, cpp);
   layout->slice_pitch = layout->row_pitch * image->height;
   layout->size = layout->slice_pitch * image->depth * image->array_size;
   return 0;
}

static unsigned
rsrc_type(uint32_t type)
{
   switch (type) {
   case CL_MEM_OBJECT_IMAGE1D:
      return V_008F1C_SQ_RSRC_IMG_1D;
   case CL_MEM_OBJECT_IMAGE1D_ARRAY:
      return V_008F1C_SQ_RSRC_IMG_1D_ARRAY;
   case CL_MEM_OBJECT_IMAGE2D_ARRAY:
      return V_008F1C_SQ_RSRC_IMG_2D_ARRAY;
   case CL_MEM_OBJECT_IMAGE3D:
      return V_008F1C_SQ_RSRC_IMG_3D;
   default:
      return V_008F1C_SQ_RSRC_IMG_2D;
   }
}

int
kiln_amdgpu_image_descriptor(struct kiln_amdgpu_device *dev,
                             const struct kiln_amdgpu_image_desc *image, uint64_t va,
                             uint32_t desc[8])
{
   enum pipe_format format;
   int ret = check_image(dev, image, &format);
   if (ret)
      return ret;
   if (va % KILN_IMAGE_BASE_ALIGN)
      return kiln_amdgpu_error(dev, -EINVAL, "image at 0x%llx: not %u-byte aligned",
                               (unsigned long long)va, KILN_IMAGE_BASE_ALIGN);
   const struct util_format_description *fmt = util_format_description(format);
   memset(desc, 0, 8 * sizeof(*desc));

   if (image->type == CL_MEM_OBJECT_IMAGE1D_BUFFER) {
      /* radeonsi's texel buffers: NUM_RECORDS in elements, bounds checked
       * by index. */
      const struct ac_buffer_state state = {
         .va = va,
         .size = image->width,
         .format = format,
         .swizzle = { fmt->swizzle[0], fmt->swizzle[1], fmt->swizzle[2], fmt->swizzle[3] },
         .stride = util_format_get_blocksize(format),
         .gfx10_oob_select = V_008F0C_OOB_SELECT_STRUCTURED_WITH_OFFSET,
      };
      ac_build_buffer_descriptor(dev->gfx_level, &state, desc);
      return 0;
   }

   struct radeon_info info = { .gfx_level = dev->gfx_level, .has_image_opcodes = true };
   struct radeon_surf surf = { .bpe = util_format_get_blocksize(format), .is_linear = true };
   if (image->row_pitch) {
      surf.u.gfx9.uses_custom_pitch = true;
      surf.u.gfx9.surf_pitch = image->row_pitch / surf.bpe;
   }
   const unsigned layers = image->array_size;
   const struct ac_texture_state state = {
      .surf = &surf,
      .format = format,
      .img_format = format,
      .width = image->width,
      .height = image->height, /* 1 for the 1D types, whose layers are slices */
      /* The last slice of a 3D image, the last layer of an array. */
      .depth = image->type == CL_MEM_OBJECT_IMAGE3D ? image->depth - 1
               : is_array(image->type)              ? layers - 1
                                                    : 0,
      .type = rsrc_type(image->type),
      .swizzle = { fmt->swizzle[0], fmt->swizzle[1], fmt->swizzle[2], fmt->swizzle[3] },
      .num_samples = 1,
      .num_storage_samples = 1,
      .num_levels = 1,
      .last_layer = is_array(image->type) ? layers - 1 : 0,
      .gfx10.uav3d = image->type == CL_MEM_OBJECT_IMAGE3D,
   };
   ac_build_texture_descriptor(&info, &state, desc);
   const struct ac_mutable_tex_state mutable_state = { .surf = &surf, .va = va };
   ac_set_mutable_tex_desc_fields(&info, &mutable_state, desc);
   return 0;
}

/* OpenCL's addressing mode as the hardware's clamp; CL_ADDRESS_NONE
 * leaves out-of-range coordinates undefined and clamps to the edge. */
static unsigned
sq_tex_clamp(uint32_t addressing_mode)
{
   switch (addressing_mode) {
   case CL_ADDRESS_CLAMP:
      return V_008F30_SQ_TEX_CLAMP_BORDER;
   case CL_ADDRESS_REPEAT:
      return V_008F30_SQ_TEX_WRAP;
   case CL_ADDRESS_MIRRORED_REPEAT:
      return V_008F30_SQ_TEX_MIRROR;
   default:
      return V_008F30_SQ_TEX_CLAMP_LAST_TEXEL;
   }
}

int
kiln_amdgpu_sampler_descriptor(struct kiln_amdgpu_device *dev, bool normalized_coords,
                               uint32_t addressing_mode, uint32_t filter_mode, uint32_t desc[4])
{
   if (addressing_mode < CL_ADDRESS_NONE || addressing_mode > CL_ADDRESS_MIRRORED_REPEAT ||
       (filter_mode != CL_FILTER_NEAREST && filter_mode != CL_FILTER_LINEAR))
      return kiln_amdgpu_error(dev, -EINVAL,
                               "sampler: addressing mode 0x%x, filter mode "
                               "0x%x: not OpenCL's",
                               addressing_mode, filter_mode);
   const unsigned clamp = sq_tex_clamp(addressing_mode);
   const unsigned filter = filter_mode == CL_FILTER_LINEAR ? V_008F38_SQ_TEX_XY_FILTER_BILINEAR
                                                           : V_008F38_SQ_TEX_XY_FILTER_POINT;
   /* CL_ADDRESS_CLAMP's border is (0,0,0,0), or (0,0,0,1) for an image
    * without alpha, whose T# selects 1 for the missing channel. */
   const struct ac_sampler_state state = {
      .address_mode_u = clamp,
      .address_mode_v = clamp,
      .address_mode_w = clamp,
      .unnormalized_coords = !normalized_coords,
      .mag_filter = filter,
      .min_filter = filter,
      .mip_filter = V_008F38_SQ_TEX_Z_FILTER_NONE,
      .border_color_type = V_008F3C_SQ_TEX_BORDER_COLOR_TRANS_BLACK,
   };
   ac_build_sampler_descriptor(dev->gfx_level, &state, desc);
   return 0;
}
