/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The pipe_context: its lifetime, the upload manager Rusticl streams
 * constant data through, and the image and sampler entry points Rusticl
 * requires of every driver, which do nothing while the screen offers no
 * image formats.
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
   for (unsigned i = 0; i < ctx->num_globals; i++)
      pipe_resource_reference(&ctx->globals[i], NULL);
   free(ctx->globals);
   util_dynarray_fini(&ctx->input);
   if (pctx->stream_uploader)
      u_upload_destroy(pctx->stream_uploader);
   FREE(ctx);
}

static void *
kiln_create_sampler_state(struct pipe_context *pctx, const struct pipe_sampler_state *state)
{
   return NULL;
}

static void
kiln_bind_sampler_states(struct pipe_context *pctx, enum pipe_shader_type shader,
                         unsigned start, unsigned count, void **samplers)
{
}

static void
kiln_delete_sampler_state(struct pipe_context *pctx, void *state)
{
}

static void
kiln_set_sampler_views(struct pipe_context *pctx, enum pipe_shader_type shader, unsigned start,
                       unsigned count, unsigned unbind_trailing, bool take_ownership,
                       struct pipe_sampler_view **views)
{
   for (unsigned i = 0; take_ownership && views && i < count; i++)
      pipe_sampler_view_reference(&views[i], NULL);
}

static void
kiln_sampler_view_destroy(struct pipe_context *pctx, struct pipe_sampler_view *view)
{
   pipe_resource_reference(&view->texture, NULL);
   FREE(view);
}

static void
kiln_set_shader_images(struct pipe_context *pctx, enum pipe_shader_type shader,
                       unsigned start, unsigned count, unsigned unbind_trailing,
                       const struct pipe_image_view *images)
{
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
   p->create_sampler_state = kiln_create_sampler_state;
   p->bind_sampler_states = kiln_bind_sampler_states;
   p->delete_sampler_state = kiln_delete_sampler_state;
   p->set_sampler_views = kiln_set_sampler_views;
   p->sampler_view_destroy = kiln_sampler_view_destroy;
   p->set_shader_images = kiln_set_shader_images;
   util_dynarray_init(&ctx->input, NULL);
   kiln_context_init_query_functions(ctx);
   kiln_context_init_resource_functions(ctx);
   kiln_context_init_compute_functions(ctx);
   kiln_context_init_launch_functions(ctx);

   p->stream_uploader = u_upload_create_default(p);
   if (!p->stream_uploader) {
      kiln_context_destroy(p);
      return NULL;
   }
   p->const_uploader = p->stream_uploader;
   return p;
}
