/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Buffers: each pipe_resource is one host-visible drivers/amdgpu buffer
 * object with its GPU address.  No dispatch is in flight once
 * launch_grid has returned, so maps, uploads, copies and fills are done
 * by the CPU through the buffer's mapping, without waiting or staging.
 * (On the emulated device the mapping is the memory the GPU reads; on a
 * render node it is GTT, which a later version may place in VRAM with
 * DMA_DATA copies.)  Images are not supported yet.
 */
#include "kiln_pipe.h"

#include <stdio.h>
#include <string.h>

#include "util/u_inlines.h"
#include "util/u_memory.h"

static struct pipe_resource *
kiln_resource_create(struct pipe_screen *pscreen, const struct pipe_resource *templ)
{
   struct kiln_screen *screen = kiln_screen(pscreen);
   if (templ->target != PIPE_BUFFER)
      return NULL;

   struct kiln_resource *res = CALLOC_STRUCT(kiln_resource);
   if (!res)
      return NULL;
   res->base = *templ;
   res->base.screen = pscreen;
   pipe_reference_init(&res->base.reference, 1);

   simple_mtx_lock(&screen->dev_lock);
   int ret = kiln_amdgpu_bo_create(screen->dev, MAX2(templ->width0, 1),
                                   KILN_AMDGPU_BO_HOST_VISIBLE, &res->bo);
   if (ret)
      fprintf(stderr, "kiln: %s\n", kiln_amdgpu_device_error(screen->dev));
   simple_mtx_unlock(&screen->dev_lock);
   if (ret) {
      FREE(res);
      return NULL;
   }
   return &res->base;
}

static void
kiln_resource_destroy(struct pipe_screen *pscreen, struct pipe_resource *pres)
{
   struct kiln_screen *screen = kiln_screen(pscreen);
   simple_mtx_lock(&screen->dev_lock);
   kiln_amdgpu_bo_destroy(screen->dev, kiln_resource(pres)->bo);
   simple_mtx_unlock(&screen->dev_lock);
   FREE(pres);
}

static uint8_t *
buffer_bytes(struct pipe_resource *pres)
{
   return kiln_resource(pres)->bo->map;
}

static void *
kiln_buffer_map(struct pipe_context *pctx, struct pipe_resource *pres, unsigned level,
                unsigned usage, const struct pipe_box *box, struct pipe_transfer **out)
{
   struct pipe_transfer *t = CALLOC_STRUCT(pipe_transfer);
   if (!t)
      return NULL;
   pipe_resource_reference(&t->resource, pres);
   t->level = level;
   t->usage = usage;
   t->box = *box;
   *out = t;
   return buffer_bytes(pres) + box->x;
}

static void
kiln_buffer_unmap(struct pipe_context *pctx, struct pipe_transfer *t)
{
   pipe_resource_reference(&t->resource, NULL);
   FREE(t);
}

static void
kiln_buffer_subdata(struct pipe_context *pctx, struct pipe_resource *pres, unsigned usage,
                    unsigned offset, unsigned size, const void *data)
{
   memcpy(buffer_bytes(pres) + offset, data, size);
}

static void
kiln_resource_copy_region(struct pipe_context *pctx, struct pipe_resource *dst,
                          unsigned dst_level, unsigned dstx, unsigned dsty, unsigned dstz,
                          struct pipe_resource *src, unsigned src_level,
                          const struct pipe_box *src_box)
{
   assert(dst->target == PIPE_BUFFER && src->target == PIPE_BUFFER);
   /* memmove: a copy within one buffer may overlap (clEnqueueCopyBuffer
    * forbids it, but a sub-buffer's copy reaches here as the parent's). */
   memmove(buffer_bytes(dst) + dstx, buffer_bytes(src) + src_box->x, src_box->width);
}

static void
kiln_clear_buffer(struct pipe_context *pctx, struct pipe_resource *pres, unsigned offset,
                  unsigned size, const void *value, int value_size)
{
   uint8_t *p = buffer_bytes(pres) + offset;
   if (value_size == 1) {
      memset(p, *(const uint8_t *)value, size);
      return;
   }
   for (unsigned i = 0; i + value_size <= size; i += value_size)
      memcpy(p + i, value, value_size);
}

/* Never reached while is_format_supported admits no image format. */
static void *
kiln_texture_map(struct pipe_context *pctx, struct pipe_resource *pres, unsigned level,
                 unsigned usage, const struct pipe_box *box, struct pipe_transfer **out)
{
   return NULL;
}

static void
kiln_texture_unmap(struct pipe_context *pctx, struct pipe_transfer *t)
{
}

static void
kiln_texture_subdata(struct pipe_context *pctx, struct pipe_resource *pres, unsigned level,
                     unsigned usage, const struct pipe_box *box, const void *data,
                     unsigned stride, uintptr_t layer_stride)
{
}

void
kiln_screen_init_resource_functions(struct kiln_screen *screen)
{
   screen->base.resource_create = kiln_resource_create;
   screen->base.resource_destroy = kiln_resource_destroy;
}

void
kiln_context_init_resource_functions(struct kiln_context *ctx)
{
   struct pipe_context *p = &ctx->base;
   p->buffer_map = kiln_buffer_map;
   p->buffer_unmap = kiln_buffer_unmap;
   p->buffer_subdata = kiln_buffer_subdata;
   p->resource_copy_region = kiln_resource_copy_region;
   p->clear_buffer = kiln_clear_buffer;
   p->texture_map = kiln_texture_map;
   p->texture_unmap = kiln_texture_unmap;
   p->texture_subdata = kiln_texture_subdata;
}
