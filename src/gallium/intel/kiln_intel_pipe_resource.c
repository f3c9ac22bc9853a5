/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Buffers on the Intel screen: each pipe_resource (kiln_pipe_resource.c)
 * is one drivers/intel buffer object, CPU-mapped, at the GPU address
 * drivers/intel chose for it.  Maps, uploads, copies and fills are
 * src/gallium's (kiln_pipe_buffer.c).  Textures are refused: kiln has no
 * Intel images.
 */
#include "kiln_intel_pipe.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "util/u_math.h"

int
kiln_intel_resource_create(struct kiln_pipe_screen *pscreen, const struct pipe_resource *templ,
                           struct kiln_pipe_resource *pres)
{
   struct kiln_intel_screen *screen = kiln_intel_screen(&pscreen->base);
   struct kiln_intel_resource *res = (struct kiln_intel_resource *)pres;
   if (templ->target != PIPE_BUFFER)
      return -EINVAL;
   const uint64_t size = MAX2(templ->width0, 1);
   int ret = kiln_intel_bo_create(screen->dev, size, &res->bo);
   if (ret) {
      fprintf(stderr, "kiln: a buffer of %llu bytes on %s: %s\n", (unsigned long long)size,
              pscreen->name, strerror(-ret));
      return ret;
   }
   pres->map = res->bo->map;
   pres->address = res->bo->address;
   return 0;
}

void
kiln_intel_resource_destroy(struct kiln_pipe_screen *pscreen, struct kiln_pipe_resource *pres)
{
   struct kiln_intel_screen *screen = kiln_intel_screen(&pscreen->base);
   kiln_intel_bo_destroy(screen->dev, ((struct kiln_intel_resource *)pres)->bo);
}
