/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The pipe_context: its lifetime and the upload manager Rusticl streams
 * constant data through; its images and samplers are kiln_pipe_image.c's.
 */
#include "kiln_pipe.h"

#include <stdlib.h>

#include "util/u_inlines.h"
#include "util/u_memory.h"
#include "util/u_upload_mgr.h"

static void
kiln_context_destroy(struct pipe_context *pctx)
{
   struct kiln_context *ctx = kiln_context(pctx);
   kiln_pipe_inputs_finish(&ctx->inputs);
   kiln_context_release_bindings(ctx);
   kiln_context_finish_device_queue(ctx);
   if (pctx->stream_uploader)
      u_upload_destroy(pctx->stream_uploader);
   FREE(ctx);
}

struct pipe_context *
kiln_context_create(struct pipe_screen *screen, void *priv, unsigned flags)
{
   struct kiln_context *ctx = CALLOC_STRUCT(kiln_context);
   if (!ctx)
      return NULL;
   struct pipe_context *p = &ctx->base;
   p->screen = screen;
   p->priv = priv;
   p->destroy = kiln_context_destroy;
   kiln_pipe_inputs_init(&ctx->inputs);
   kiln_pipe_context_init_query_functions(p);
   kiln_pipe_context_init_buffer_functions(p);
   kiln_context_init_resource_functions(ctx);
   kiln_context_init_compute_functions(ctx);
   kiln_context_init_launch_functions(ctx);
   kiln_context_init_image_functions(ctx);

   p->stream_uploader = u_upload_create_default(p);
   if (!p->stream_uploader) {
      kiln_context_destroy(p);
      return NULL;
   }
   p->const_uploader = p->stream_uploader;
   return p;
}
