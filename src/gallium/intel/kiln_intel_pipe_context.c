/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The Intel pipe_context: its lifetime and the upload manager Rusticl
 * streams constant data through.  Buffers, inputs, fences and queries
 * are src/gallium's shared code; compute states and launches are
 * kiln_intel_pipe_compute.c's and kiln_intel_pipe_launch.c's.
 */
#include "kiln_intel_pipe.h"

#include "util/u_memory.h"
#include "util/u_upload_mgr.h"

static void
kiln_intel_context_destroy(struct pipe_context *pctx)
{
   struct kiln_intel_context *ctx = kiln_intel_context(pctx);
   kiln_pipe_inputs_finish(&ctx->inputs);
   if (pctx->stream_uploader)
      u_upload_destroy(pctx->stream_uploader);
   FREE(ctx);
}

struct pipe_context *
kiln_intel_context_create(struct pipe_screen *screen, void *priv, unsigned flags)
{
   struct kiln_intel_context *ctx = CALLOC_STRUCT(kiln_intel_context);
   if (!ctx)
      return NULL;
   struct pipe_context *p = &ctx->base;
   p->screen = screen;
   p->priv = priv;
   p->destroy = kiln_intel_context_destroy;
   kiln_pipe_inputs_init(&ctx->inputs);
   kiln_pipe_context_init_query_functions(p);
   kiln_pipe_context_init_buffer_functions(p);
   kiln_intel_context_init_compute_functions(ctx);
   kiln_intel_context_init_launch_functions(ctx);
   kiln_intel_context_init_image_functions(ctx);

   p->stream_uploader = u_upload_create_default(p);
   if (!p->stream_uploader) {
      kiln_intel_context_destroy(p);
      return NULL;
   }
   p->const_uploader = p->stream_uploader;
   return p;
}
