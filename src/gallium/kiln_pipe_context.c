/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The shared part of every kiln pipe_context: its lifetime and the upload
 * manager Rusticl streams constant data through, the kernel inputs and
 * buffer bindings of the next launch (kiln_pipe_inputs.c), the reset
 * status a failed launch leaves until it is queried, and the memory
 * barrier, which has nothing to do since every launch has finished when
 * launch_grid returns.  The device's ops give its launch_grid and, when it
 * has images, its image, sampler and texture calls.
 */
#include "kiln_pipe_common.h"

#include "util/u_memory.h"
#include "util/u_upload_mgr.h"

static void
kiln_pipe_set_constant_buffer(struct pipe_context *pctx, enum pipe_shader_type shader,
                              unsigned index, bool take_ownership,
                              const struct pipe_constant_buffer *cb)
{
   kiln_pipe_inputs_set_constant_buffer(&kiln_pipe_context(pctx)->inputs, shader, index,
                                        take_ownership, cb);
}

static void
kiln_pipe_set_global_binding(struct pipe_context *pctx, unsigned first, unsigned count,
                             struct pipe_resource **resources, uint32_t **handles)
{
   kiln_pipe_inputs_set_global_binding(&kiln_pipe_context(pctx)->inputs, first, count, resources,
                                       handles);
}

static void
kiln_pipe_memory_barrier(struct pipe_context *pctx, unsigned flags)
{
}

static enum pipe_reset_status
kiln_pipe_get_device_reset_status(struct pipe_context *pctx)
{
   struct kiln_pipe_context *ctx = kiln_pipe_context(pctx);
   enum pipe_reset_status status = ctx->reset;
   ctx->reset = PIPE_NO_RESET;
   return status;
}

static void
kiln_pipe_context_destroy(struct pipe_context *pctx)
{
   struct kiln_pipe_context *ctx = kiln_pipe_context(pctx);
   const struct kiln_pipe_device_ops *ops = kiln_pipe_screen(pctx->screen)->ops;
   if (ops->context_finish)
      ops->context_finish(ctx);
   kiln_pipe_inputs_finish(&ctx->inputs);
   if (pctx->stream_uploader)
      u_upload_destroy(pctx->stream_uploader);
   FREE(ctx);
}

struct pipe_context *
kiln_pipe_context_create(struct pipe_screen *screen, void *priv, unsigned flags)
{
   const struct kiln_pipe_device_ops *ops = kiln_pipe_screen(screen)->ops;
   struct kiln_pipe_context *ctx = CALLOC(1, ops->context_size);
   if (!ctx)
      return NULL;
   struct pipe_context *p = &ctx->base;
   p->screen = screen;
   p->priv = priv;
   p->destroy = kiln_pipe_context_destroy;
   kiln_pipe_inputs_init(&ctx->inputs);
   p->set_constant_buffer = kiln_pipe_set_constant_buffer;
   p->set_global_binding = kiln_pipe_set_global_binding;
   p->memory_barrier = kiln_pipe_memory_barrier;
   p->get_device_reset_status = kiln_pipe_get_device_reset_status;
   p->launch_grid = ops->launch_grid;
   kiln_pipe_context_init_query_functions(p);
   kiln_pipe_context_init_buffer_functions(p);
   kiln_pipe_context_init_compute_functions(p);
   kiln_pipe_context_init_no_image_functions(p);
   if (ops->context_init)
      ops->context_init(ctx);

   p->stream_uploader = u_upload_create_default(p);
   if (!p->stream_uploader) {
      kiln_pipe_context_destroy(p);
      return NULL;
   }
   p->const_uploader = p->stream_uploader;
   return p;
}
