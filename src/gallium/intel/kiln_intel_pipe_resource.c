/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Buffers on the Intel screen: each pipe_resource is one drivers/intel
 * buffer object, CPU-mapped, at the GPU address drivers/intel chose for
 * it.  Maps, uploads, copies and fills are src/gallium's
 * (kiln_pipe_buffer.c), done by the CPU through the mapping since no
 * launch is in flight once launch_grid has returned.  Textures are
 * refused: kiln has no Intel images.
 */
#include "kiln_intel_pipe.h"

#include <stdio.h>
#include <string.h>

#include "util/u_inlines.h"
#include "util/u_memory.h"

static struct pipe_resource *
kiln_intel_resource_create(struct pipe_screen *pscreen, const struct pipe_resource *templ)
{
   struct kiln_intel_screen *screen = kiln_intel_screen(pscreen);
   if (templ->target != PIPE_BUFFER)
      return NULL;
   struct kiln_intel_resource *res = CALLOC_STRUCT(kiln_intel_resource);
   if (!res)
      return NULL;
   res->base = *templ;
   res->base.screen = pscreen;
   pipe_reference_init(&res->base.reference, 1);

   const uint64_t size = MAX2(templ->width0, 1);
   simple_mtx_lock(&screen->dev_lock);
   int ret = kiln_intel_bo_create(screen->dev, size, &res->bo);
   simple_mtx_unlock(&screen->dev_lock);
   if (ret) {
      fprintf(stderr, "kiln: a buffer of %llu bytes on %s: %s\n", (unsigned long long)size,
              screen->name, strerror(-ret));
      FREE(res);
      return NULL;
   }
   res->map = res->bo->map;
   res->address = res->bo->address;
   return &res->base;
}

static void
kiln_intel_resource_destroy(struct pipe_screen *pscreen, struct pipe_resource *pres)
{
   struct kiln_intel_screen *screen = kiln_intel_screen(pscreen);
   simple_mtx_lock(&screen->dev_lock);
   kiln_intel_bo_destroy(screen->dev, kiln_intel_resource(pres)->bo);
   simple_mtx_unlock(&screen->dev_lock);
   FREE(pres);
}

void
kiln_intel_screen_init_resource_functions(struct kiln_intel_screen *screen)
{
   screen->base.resource_create = kiln_intel_resource_create;
   screen->base.resource_destroy = kiln_intel_resource_destroy;
}
