/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Resources, for every kiln screen: each pipe_resource is one of the
 * device's buffer objects, CPU-mapped, at the GPU address the device's
 * driver chose for it (struct kiln_pipe_resource), which the device's
 * ops create and destroy under the screen's dev_lock.  Maps, uploads,
 * copies and fills are kiln_pipe_buffer.c's, done by the CPU through the
 * mapping since no launch is in flight once launch_grid has returned.
 */
#include "kiln_pipe_common.h"

#include "util/u_inlines.h"
#include "util/u_memory.h"

static struct pipe_resource *
kiln_pipe_resource_create(struct pipe_screen *pscreen, const struct pipe_resource *templ)
{
   struct kiln_pipe_screen *screen = kiln_pipe_screen(pscreen);
   struct kiln_pipe_resource *res = CALLOC(1, screen->ops->resource_size);
   if (!res)
      return NULL;
   res->base = *templ;
   res->base.screen = pscreen;
   pipe_reference_init(&res->base.reference, 1);

   simple_mtx_lock(&screen->dev_lock);
   int ret = screen->ops->resource_create(screen, templ, res);
   simple_mtx_unlock(&screen->dev_lock);
   if (ret) {
      FREE(res);
      return NULL;
   }
   return &res->base;
}

static void
kiln_pipe_resource_destroy(struct pipe_screen *pscreen, struct pipe_resource *pres)
{
   struct kiln_pipe_screen *screen = kiln_pipe_screen(pscreen);
   simple_mtx_lock(&screen->dev_lock);
   screen->ops->resource_destroy(screen, kiln_pipe_resource(pres));
   simple_mtx_unlock(&screen->dev_lock);
   FREE(pres);
}

void
kiln_pipe_screen_init_resource_functions(struct pipe_screen *screen)
{
   screen->resource_create = kiln_pipe_resource_create;
   screen->resource_destroy = kiln_pipe_resource_destroy;
}
