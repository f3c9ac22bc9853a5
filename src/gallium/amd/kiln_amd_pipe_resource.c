/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Resources on the AMD screen: each pipe_resource (kiln_pipe_resource.c)
 * is one host-visible drivers/amdgpu buffer object with its GPU address.
 * No dispatch is in flight once launch_grid has returned, so maps,
 * uploads, copies and fills are done by the CPU through the buffer's
 * mapping, without waiting or staging (kiln_pipe_buffer.c for buffers).
 * (On the emulated device the mapping is the memory the GPU reads; on a
 * render node it is GTT, which a later version may place in VRAM with
 * DMA_DATA copies.)  Textures (OpenCL images) are buffer objects too, in
 * the linear layout of kiln_amd_abi.h that drivers/amdgpu computes; they
 * are mapped the same way, with their row and slice pitches, and copied,
 * filled and uploaded by Gallium's generic helpers over those maps.  The
 * image formats the screen offers are those drivers/amdgpu can lay out.
 */
#include "kiln_amd_pipe.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>

#include "kiln_amdgpu_image.h"
#include "util/format/u_format.h"
#include "util/u_inlines.h"
#include "util/u_math.h"
#include "util/u_memory.h"
#include "util/u_transfer.h"

static uint32_t
cl_image_type(enum pipe_texture_target target)
{
   switch (target) {
   case PIPE_TEXTURE_1D:
      return CL_MEM_OBJECT_IMAGE1D;
   case PIPE_TEXTURE_1D_ARRAY:
      return CL_MEM_OBJECT_IMAGE1D_ARRAY;
   case PIPE_TEXTURE_2D:
   case PIPE_TEXTURE_RECT:
      return CL_MEM_OBJECT_IMAGE2D;
   case PIPE_TEXTURE_2D_ARRAY:
      return CL_MEM_OBJECT_IMAGE2D_ARRAY;
   case PIPE_TEXTURE_3D:
      return CL_MEM_OBJECT_IMAGE3D;
   default:
      return 0;
   }
}

/* A texture's bytes and pitches (one level, one sample); 0 when the
 * device cannot have it. */
static uint64_t
texture_layout(struct kiln_amd_screen *screen, const struct pipe_resource *templ,
               struct kiln_amd_resource *res)
{
   const struct kiln_amdgpu_image_desc image = {
      .type = cl_image_type(templ->target),
      .pipe_format = templ->format,
      .width = templ->width0,
      .height = MAX2(templ->height0, 1),
      .depth = MAX2(templ->depth0, 1),
      .array_size = MAX2(templ->array_size, 1),
   };
   struct kiln_amdgpu_image_layout layout;
   if (!image.type || templ->last_level || templ->nr_samples > 1 ||
       kiln_amdgpu_image_layout(screen->dev, &image, &layout))
      return 0;
   res->row_pitch = layout.row_pitch;
   res->slice_pitch = layout.slice_pitch;
   return layout.size;
}

/* Images (and image buffers): the formats of plain RGB or sRGB channels,
 * one sample, that the device's format table has, and for image buffers
 * one the buffer instructions have (drivers/amdgpu's check). */
bool
kiln_amd_is_image_format_supported(struct kiln_pipe_screen *pscreen, enum pipe_format format,
                                   enum pipe_texture_target target, unsigned sample_count)
{
   const struct util_format_description *desc = util_format_description(format);
   if (!desc || desc->layout != UTIL_FORMAT_LAYOUT_PLAIN ||
       (desc->colorspace != UTIL_FORMAT_COLORSPACE_RGB &&
        desc->colorspace != UTIL_FORMAT_COLORSPACE_SRGB) ||
       sample_count > 1 || !util_is_power_of_two_nonzero(desc->block.bits / 8) ||
       desc->block.bits % 8)
      return false;
   struct kiln_amd_screen *screen = kiln_amd_screen(&pscreen->base);
   const struct kiln_amdgpu_image_desc image = {
      .type = target == PIPE_BUFFER ? CL_MEM_OBJECT_IMAGE1D_BUFFER : CL_MEM_OBJECT_IMAGE2D,
      .pipe_format = format,
      .width = 1,
      .height = 1,
      .depth = 1,
      .array_size = 1,
   };
   struct kiln_amdgpu_image_layout layout;
   simple_mtx_lock(&pscreen->dev_lock);
   const bool ok = !kiln_amdgpu_image_layout(screen->dev, &image, &layout);
   simple_mtx_unlock(&pscreen->dev_lock);
   return ok;
}

/* A texture starts zeroed. */
int
kiln_amd_resource_create(struct kiln_pipe_screen *pscreen, const struct pipe_resource *templ,
                         struct kiln_pipe_resource *pres)
{
   struct kiln_amd_screen *screen = kiln_amd_screen(&pscreen->base);
   struct kiln_amd_resource *res = (struct kiln_amd_resource *)pres;
   const uint64_t size =
      templ->target == PIPE_BUFFER ? MAX2(templ->width0, 1) : texture_layout(screen, templ, res);
   int ret = size ? kiln_amdgpu_bo_create(screen->dev, size, KILN_AMDGPU_BO_HOST_VISIBLE, &res->bo)
                  : -EINVAL;
   if (ret) {
      fprintf(stderr, "kiln: %s\n", kiln_amdgpu_device_error(screen->dev));
      return ret;
   }
   pres->map = res->bo->map;
   pres->address = res->bo->va;
   if (templ->target != PIPE_BUFFER)
      memset(res->bo->map, 0, size);
   return 0;
}

void
kiln_amd_resource_destroy(struct kiln_pipe_screen *pscreen, struct kiln_pipe_resource *pres)
{
   kiln_amdgpu_bo_destroy(kiln_amd_screen(&pscreen->base)->dev,
                          ((struct kiln_amd_resource *)pres)->bo);
}

/* The box's first pixel; z is the slice of a 3D texture or the layer of
 * an array (a 1D array's layers are its rows: box->y). */
static void *
kiln_amd_texture_map(struct pipe_context *pctx, struct pipe_resource *pres, unsigned level,
                     unsigned usage, const struct pipe_box *box, struct pipe_transfer **out)
{
   struct kiln_amd_resource *res = kiln_amd_resource(pres);
   if (level)
      return NULL; /* one level */
   struct pipe_transfer *t = kiln_pipe_transfer_create(pres, level, usage, box);
   if (!t)
      return NULL;
   t->stride = res->row_pitch;
   t->layer_stride = res->slice_pitch;
   *out = t;
   const unsigned cpp = util_format_get_blocksize(pres->format);
   return res->base.map + box->z * res->slice_pitch + box->y * res->row_pitch + box->x * cpp;
}

void
kiln_amd_context_init_texture_functions(struct kiln_amd_context *ctx)
{
   struct pipe_context *p = &ctx->base.base;
   p->texture_map = kiln_amd_texture_map;
   p->texture_unmap = p->buffer_unmap; /* kiln_pipe_buffer.c's, set first */
   p->texture_subdata = u_default_texture_subdata;
}
