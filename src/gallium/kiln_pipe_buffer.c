/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Buffer maps, uploads, copies and fills, for every kiln screen: each
 * buffer is one host-visible buffer object with a CPU mapping, and no
 * launch is in flight once launch_grid has returned, so the CPU does
 * them all through the mapping, without waiting or staging.  Copies that
 * involve an image go through Gallium's generic helper over the maps.
 */
#include "kiln_pipe_common.h"

#include <string.h>

#include "util/u_inlines.h"
#include "util/u_memory.h"
#include "util/u_surface.h"

struct pipe_transfer *
kiln_pipe_transfer_create(struct pipe_resource *pres, unsigned level, unsigned usage,
                          const struct pipe_box *box)
{
   struct pipe_transfer *t = CALLOC_STRUCT(pipe_transfer);
   if (!t)
      return NULL;
   pipe_resource_reference(&t->resource, pres);
   t->level = level;
   t->usage = usage;
   t->box = *box;
   return t;
}

static void *
kiln_buffer_map(struct pipe_context *pctx, struct pipe_resource *pres, unsigned level,
                unsigned usage, const struct pipe_box *box, struct pipe_transfer **out)
{
   if (!(*out = kiln_pipe_transfer_create(pres, level, usage, box)))
      return NULL;
   return kiln_pipe_resource(pres)->map + box->x;
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
   memcpy(kiln_pipe_resource(pres)->map + offset, data, size);
}

static void
kiln_resource_copy_region(struct pipe_context *pctx, struct pipe_resource *dst, unsigned dst_level,
                          unsigned dstx, unsigned dsty, unsigned dstz, struct pipe_resource *src,
                          unsigned src_level, const struct pipe_box *src_box)
{
   if (dst->target != PIPE_BUFFER || src->target != PIPE_BUFFER) {
      util_resource_copy_region(pctx, dst, dst_level, dstx, dsty, dstz, src, src_level, src_box);
      return;
   }
   /* memmove: a copy within one buffer may overlap (clEnqueueCopyBuffer
    * forbids it, but a sub-buffer's copy reaches here as the parent's). */
   memmove(kiln_pipe_resource(dst)->map + dstx, kiln_pipe_resource(src)->map + src_box->x,
           src_box->width);
}

static void
kiln_clear_buffer(struct pipe_context *pctx, struct pipe_resource *pres, unsigned offset,
                  unsigned size, const void *value, int value_size)
{
   uint8_t *p = kiln_pipe_resource(pres)->map + offset;
   if (value_size == 1) {
      memset(p, *(const uint8_t *)value, size);
      return;
   }
   for (unsigned i = 0; i + value_size <= size; i += value_size)
      memcpy(p + i, value, value_size);
}

void
kiln_pipe_context_init_buffer_functions(struct pipe_context *ctx)
{
   ctx->buffer_map = kiln_buffer_map;
   ctx->buffer_unmap = kiln_buffer_unmap;
   ctx->buffer_subdata = kiln_buffer_subdata;
   ctx->resource_copy_region = kiln_resource_copy_region;
   ctx->clear_buffer = kiln_clear_buffer;
}
