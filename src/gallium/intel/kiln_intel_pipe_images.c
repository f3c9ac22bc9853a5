/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The image and sampler entry points Rusticl requires of every context,
 * for a screen that has no images (kiln builds no Intel surface states):
 * the screen offers no image format, so Rusticl creates no image, sampler
 * view or shader image, and these only ever see none.  A texture map
 * fails rather than pretend.
 */
#include "kiln_intel_pipe.h"

static void
kiln_intel_bind_sampler_states(struct pipe_context *pctx, enum pipe_shader_type shader,
                               unsigned start, unsigned count, void **samplers)
{
}

static void
kiln_intel_delete_sampler_state(struct pipe_context *pctx, void *sampler)
{
}

static void
kiln_intel_set_sampler_views(struct pipe_context *pctx, enum pipe_shader_type shader,
                             unsigned start, unsigned count, unsigned unbind_trailing,
                             bool take_ownership, struct pipe_sampler_view **views)
{
}

static void
kiln_intel_sampler_view_destroy(struct pipe_context *pctx, struct pipe_sampler_view *view)
{
}

static void
kiln_intel_set_shader_images(struct pipe_context *pctx, enum pipe_shader_type shader,
                             unsigned start, unsigned count, unsigned unbind_trailing,
                             const struct pipe_image_view *images)
{
}

static void *
kiln_intel_texture_map(struct pipe_context *pctx, struct pipe_resource *pres, unsigned level,
                       unsigned usage, const struct pipe_box *box, struct pipe_transfer **out)
{
   *out = NULL;
   return NULL;
}

static void
kiln_intel_texture_unmap(struct pipe_context *pctx, struct pipe_transfer *t)
{
}

static void
kiln_intel_texture_subdata(struct pipe_context *pctx, struct pipe_resource *pres, unsigned level,
                           unsigned usage, const struct pipe_box *box, const void *data,
                           unsigned stride, uintptr_t layer_stride)
{
}

void
kiln_intel_context_init_image_functions(struct kiln_intel_context *ctx)
{
   struct pipe_context *p = &ctx->base;
   p->bind_sampler_states = kiln_intel_bind_sampler_states;
   p->delete_sampler_state = kiln_intel_delete_sampler_state;
   p->set_sampler_views = kiln_intel_set_sampler_views;
   p->sampler_view_destroy = kiln_intel_sampler_view_destroy;
   p->set_shader_images = kiln_intel_set_shader_images;
   p->texture_map = kiln_intel_texture_map;
   p->texture_unmap = kiln_intel_texture_unmap;
   p->texture_subdata = kiln_intel_texture_subdata;
}
