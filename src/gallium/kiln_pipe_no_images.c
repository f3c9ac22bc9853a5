/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The image and sampler entry points Rusticl requires of every context,
 * as a context has them before its device sets its own: a device that
 * has no images (the Intel screen: kiln builds no Intel surface states)
 * offers no image format, so Rusticl creates no image, sampler view or
 * shader image, and these only ever see none.  A texture map fails
 * rather than pretend.
 */
#include "kiln_pipe_common.h"

static void
kiln_pipe_no_bind_sampler_states(struct pipe_context *pctx, enum pipe_shader_type shader,
                                 unsigned start, unsigned count, void **samplers)
{
}

static void
kiln_pipe_no_delete_sampler_state(struct pipe_context *pctx, void *sampler)
{
}

static void
kiln_pipe_no_set_sampler_views(struct pipe_context *pctx, enum pipe_shader_type shader,
                               unsigned start, unsigned count, unsigned unbind_trailing,
                               bool take_ownership, struct pipe_sampler_view **views)
{
}

static void
kiln_pipe_no_sampler_view_destroy(struct pipe_context *pctx, struct pipe_sampler_view *view)
{
}

static void
kiln_pipe_no_set_shader_images(struct pipe_context *pctx, enum pipe_shader_type shader,
                               unsigned start, unsigned count, unsigned unbind_trailing,
                               const struct pipe_image_view *images)
{
}

static void *
kiln_pipe_no_texture_map(struct pipe_context *pctx, struct pipe_resource *pres, unsigned level,
                         unsigned usage, const struct pipe_box *box, struct pipe_transfer **out)
{
   *out = NULL;
   return NULL;
}

static void
kiln_pipe_no_texture_unmap(struct pipe_context *pctx, struct pipe_transfer *t)
{
}

static void
kiln_pipe_no_texture_subdata(struct pipe_context *pctx, struct pipe_resource *pres, unsigned level,
                             unsigned usage, const struct pipe_box *box, const void *data,
                             unsigned stride, uintptr_t layer_stride)
{
}

void
kiln_pipe_context_init_no_image_functions(struct pipe_context *p)
{
   p->bind_sampler_states = kiln_pipe_no_bind_sampler_states;
   p->delete_sampler_state = kiln_pipe_no_delete_sampler_state;
   p->set_sampler_views = kiln_pipe_no_set_sampler_views;
   p->sampler_view_destroy = kiln_pipe_no_sampler_view_destroy;
   p->set_shader_images = kiln_pipe_no_set_shader_images;
   p->texture_map = kiln_pipe_no_texture_map;
   p->texture_unmap = kiln_pipe_no_texture_unmap;
   p->texture_subdata = kiln_pipe_no_texture_subdata;
}
