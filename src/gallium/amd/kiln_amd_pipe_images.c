/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Sampler views, shader images and sampler states, and the binding table
 * a launch gives the kernel (kiln_amd_abi.h): one descriptor per slot the
 * kernel reads, built by drivers/amdgpu with Mesa's ac_descriptors from
 * the bound view's resource and format (a T#, or a V# for an image
 * buffer, or a T# with a row pitch of its own for a 2D image over a
 * buffer) or from the sampler state's OpenCL-visible properties (an S#).
 * Rusticl binds every image and sampler of a launch again before it, so
 * the bindings are plain arrays of references.
 */
#include "kiln_amd_pipe.h"

#include <stdio.h>
#include <string.h>

#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>

#include "kiln_amdgpu_image.h"
#include "kiln_amd_abi.h"
#include "util/format/u_format.h"
#include "util/u_inlines.h"
#include "util/u_memory.h"

struct kiln_sampler_state {
   uint32_t desc[4];
};

/* Gallium's wrap mode as OpenCL's addressing mode (Rusticl's mapping,
 * backwards: CL_ADDRESS_NONE arrives as clamp to edge). */
static uint32_t
cl_addressing(unsigned wrap)
{
   switch (wrap) {
   case PIPE_TEX_WRAP_CLAMP_TO_BORDER:
      return CL_ADDRESS_CLAMP;
   case PIPE_TEX_WRAP_REPEAT:
      return CL_ADDRESS_REPEAT;
   case PIPE_TEX_WRAP_MIRROR_REPEAT:
      return CL_ADDRESS_MIRRORED_REPEAT;
   default:
      return CL_ADDRESS_CLAMP_TO_EDGE;
   }
}

static void *
kiln_amd_create_sampler_state(struct pipe_context *pctx, const struct pipe_sampler_state *state)
{
   struct kiln_amd_screen *screen = kiln_amd_screen(pctx->screen);
   struct kiln_sampler_state *s = CALLOC_STRUCT(kiln_sampler_state);
   if (!s)
      return NULL;
   simple_mtx_lock(&screen->base.dev_lock);
   int ret = kiln_amdgpu_sampler_descriptor(
      screen->dev, !state->unnormalized_coords, cl_addressing(state->wrap_s),
      state->min_img_filter == PIPE_TEX_FILTER_LINEAR ? CL_FILTER_LINEAR : CL_FILTER_NEAREST,
      s->desc);
   if (ret)
      fprintf(stderr, "kiln: %s\n", kiln_amdgpu_device_error(screen->dev));
   simple_mtx_unlock(&screen->base.dev_lock);
   if (ret) {
      FREE(s);
      return NULL;
   }
   return s;
}

static void
kiln_amd_bind_sampler_states(struct pipe_context *pctx, enum pipe_shader_type shader,
                             unsigned start, unsigned count, void **samplers)
{
   struct kiln_amd_context *ctx = kiln_amd_context(pctx);
   for (unsigned i = 0; i < count && start + i < KILN_MAX_BINDINGS; i++)
      ctx->samplers[start + i] = samplers ? samplers[i] : NULL;
}

static void
kiln_amd_delete_sampler_state(struct pipe_context *pctx, void *state)
{
   FREE(state);
}

static struct pipe_sampler_view *
kiln_amd_create_sampler_view(struct pipe_context *pctx, struct pipe_resource *texture,
                             const struct pipe_sampler_view *templ)
{
   struct pipe_sampler_view *view = CALLOC_STRUCT(pipe_sampler_view);
   if (!view)
      return NULL;
   *view = *templ;
   view->texture = NULL;
   pipe_resource_reference(&view->texture, texture);
   pipe_reference_init(&view->reference, 1);
   view->context = pctx;
   return view;
}

static void
kiln_amd_sampler_view_destroy(struct pipe_context *pctx, struct pipe_sampler_view *view)
{
   pipe_resource_reference(&view->texture, NULL);
   FREE(view);
}

static void
kiln_amd_set_sampler_views(struct pipe_context *pctx, enum pipe_shader_type shader, unsigned start,
                           unsigned count, unsigned unbind_trailing, bool take_ownership,
                           struct pipe_sampler_view **views)
{
   struct kiln_amd_context *ctx = kiln_amd_context(pctx);
   for (unsigned i = 0; i < count + unbind_trailing && start + i < KILN_MAX_BINDINGS; i++) {
      struct pipe_sampler_view *view = views && i < count ? views[i] : NULL;
      struct pipe_sampler_view **slot = &ctx->views[start + i];
      if (take_ownership) {
         pipe_sampler_view_reference(slot, NULL);
         *slot = view;
      } else {
         pipe_sampler_view_reference(slot, view);
      }
   }
}

static void
kiln_amd_set_shader_images(struct pipe_context *pctx, enum pipe_shader_type shader, unsigned start,
                           unsigned count, unsigned unbind_trailing,
                           const struct pipe_image_view *images)
{
   struct kiln_amd_context *ctx = kiln_amd_context(pctx);
   for (unsigned i = 0; i < count + unbind_trailing && start + i < KILN_MAX_BINDINGS; i++) {
      struct pipe_image_view *slot = &ctx->images[start + i];
      if (images && i < count) {
         pipe_resource_reference(&slot->resource, images[i].resource);
         struct pipe_resource *res = slot->resource;
         *slot = images[i];
         slot->resource = res;
      } else {
         pipe_resource_reference(&slot->resource, NULL);
      }
   }
}

/* The OpenCL image type of a resource (a buffer: an image buffer). */
static uint32_t
cl_image_type(const struct pipe_resource *res)
{
   switch (res->target) {
   case PIPE_BUFFER:
      return CL_MEM_OBJECT_IMAGE1D_BUFFER;
   case PIPE_TEXTURE_1D:
      return CL_MEM_OBJECT_IMAGE1D;
   case PIPE_TEXTURE_1D_ARRAY:
      return CL_MEM_OBJECT_IMAGE1D_ARRAY;
   case PIPE_TEXTURE_2D_ARRAY:
      return CL_MEM_OBJECT_IMAGE2D_ARRAY;
   case PIPE_TEXTURE_3D:
      return CL_MEM_OBJECT_IMAGE3D;
   default:
      return CL_MEM_OBJECT_IMAGE2D;
   }
}

/* A 2D image over a buffer (cl_khr_image2d_from_buffer): its pixels from
 * pixel `offset` of the buffer, rows row_stride pixels apart. */
struct tex2d_from_buf {
   bool is;
   unsigned offset, row_stride, width, height;
};

/* The descriptor of a view of res in format: of a buffer, its bytes
 * [offset, offset + size), or the 2D image t; 0 or a negative errno. */
static int
view_descriptor(struct kiln_amd_screen *screen, struct pipe_resource *res, enum pipe_format format,
                unsigned offset, unsigned size, const struct tex2d_from_buf *t, uint32_t desc[8])
{
   struct kiln_amdgpu_image_desc image = {
      .type = cl_image_type(res),
      .pipe_format = format,
      .width = res->width0,
      .height = MAX2(res->height0, 1),
      .depth = MAX2(res->depth0, 1),
      .array_size = MAX2(res->array_size, 1),
   };
   uint64_t va = kiln_amd_resource(res)->bo->va;
   if (res->target == PIPE_BUFFER && t->is) {
      const unsigned cpp = util_format_get_blocksize(format);
      image.type = CL_MEM_OBJECT_IMAGE2D;
      image.width = t->width;
      image.height = t->height;
      image.row_pitch = t->row_stride * cpp;
      va += (uint64_t)t->offset * cpp;
   } else if (res->target == PIPE_BUFFER) {
      image.width = size / util_format_get_blocksize(format);
      image.height = image.depth = image.array_size = 1;
      va += offset;
   }
   return kiln_amdgpu_image_descriptor(screen->dev, &image, va, desc);
}

/* A view's slot of the binding table: the descriptor of res (zeros when
 * none), its buffer object added to bos; 0, -E2BIG when bos is full, or
 * the device's negative errno. */
static int
write_view(struct kiln_amd_screen *screen, struct pipe_resource *res, enum pipe_format format,
           unsigned offset, unsigned size, const struct tex2d_from_buf *t, uint8_t *slot,
           struct kiln_amdgpu_bo **bos, unsigned *num_bos, unsigned max_bos)
{
   uint32_t desc[8] = { 0 };
   int ret = 0;
   if (res) {
      ret = view_descriptor(screen, res, format, offset, size, t, desc);
      if (!ret && *num_bos == max_bos)
         ret = -E2BIG;
      else if (!ret)
         bos[(*num_bos)++] = kiln_amd_resource(res)->bo;
   }
   memcpy(slot, desc, sizeof(desc));
   return ret;
}

int
kiln_amd_context_write_bindings(struct kiln_amd_context *ctx, const struct kiln_kernel *k,
                                uint8_t *input, struct kiln_amdgpu_bo **bos, unsigned *num_bos,
                                unsigned max_bos)
{
   struct kiln_amd_screen *screen = kiln_amd_screen(ctx->base.base.screen);
   uint8_t *slot = input + k->amd.binding_table_offset;
   if (k->amd.num_sampler_views + k->amd.num_shader_images > KILN_MAX_BINDINGS ||
       k->amd.num_sampler_states > KILN_MAX_BINDINGS) {
      fprintf(stderr, "kiln: kernel %s: more than %u images or samplers\n", k->name,
              KILN_MAX_BINDINGS);
      return -EINVAL;
   }

   int ret = 0;
   for (unsigned i = 0; i < k->amd.num_sampler_views && !ret; i++, slot += KILN_BINDING_DESC_SIZE) {
      static const struct pipe_sampler_view none;
      const struct pipe_sampler_view *view = ctx->views[i] ? ctx->views[i] : &none;
      const struct tex2d_from_buf t = {
         view->is_tex2d_from_buf,           view->u.tex2d_from_buf.offset,
         view->u.tex2d_from_buf.row_stride, view->u.tex2d_from_buf.width,
         view->u.tex2d_from_buf.height,
      };
      ret = write_view(screen, view->texture, view->format, view->u.buf.offset, view->u.buf.size,
                       &t, slot, bos, num_bos, max_bos);
   }
   for (unsigned i = 0; i < k->amd.num_shader_images && !ret; i++, slot += KILN_BINDING_DESC_SIZE) {
      const struct pipe_image_view *image = &ctx->images[i];
      const struct tex2d_from_buf t = {
         image->access & PIPE_IMAGE_ACCESS_TEX2D_FROM_BUFFER,
         image->u.tex2d_from_buf.offset,
         image->u.tex2d_from_buf.row_stride,
         image->u.tex2d_from_buf.width,
         image->u.tex2d_from_buf.height,
      };
      ret = write_view(screen, image->resource, image->format, image->u.buf.offset,
                       image->u.buf.size, &t, slot, bos, num_bos, max_bos);
   }
   for (unsigned i = 0; i < k->amd.num_sampler_states; i++, slot += KILN_BINDING_SAMPLER_SIZE) {
      const struct kiln_sampler_state *s = ctx->samplers[i];
      uint32_t desc[4] = { 0 };
      if (s)
         memcpy(desc, s->desc, sizeof(desc));
      memcpy(slot, desc, sizeof(desc));
   }
   if (ret == -E2BIG)
      fprintf(stderr, "kiln: kernel %s: more than %u buffers and images\n", k->name, max_bos);
   else if (ret)
      fprintf(stderr, "kiln: kernel %s: %s\n", k->name, kiln_amdgpu_device_error(screen->dev));
   return ret;
}

void
kiln_amd_context_release_bindings(struct kiln_amd_context *ctx)
{
   for (unsigned i = 0; i < KILN_MAX_BINDINGS; i++) {
      pipe_sampler_view_reference(&ctx->views[i], NULL);
      pipe_resource_reference(&ctx->images[i].resource, NULL);
   }
}

void
kiln_amd_context_init_image_functions(struct kiln_amd_context *ctx)
{
   struct pipe_context *p = &ctx->base.base;
   p->create_sampler_state = kiln_amd_create_sampler_state;
   p->bind_sampler_states = kiln_amd_bind_sampler_states;
   p->delete_sampler_state = kiln_amd_delete_sampler_state;
   p->create_sampler_view = kiln_amd_create_sampler_view;
   p->sampler_view_destroy = kiln_amd_sampler_view_destroy;
   p->set_sampler_views = kiln_amd_set_sampler_views;
   p->set_shader_images = kiln_amd_set_shader_images;
}
