/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The shared part of every kiln pipe_screen: its names, the buffer format
 * every screen has (the device says which images it has), its lifetime
 * around the device's, and the entry points src/gallium gives every
 * screen.  A device's screen (src/gallium/amd, src/gallium/intel) opens
 * its device, fills in its target, name, limits and ops, and calls
 * kiln_pipe_screen_init().
 */
#include "kiln_pipe_common.h"

#include "util/u_memory.h"

static const char *
kiln_pipe_get_name(struct pipe_screen *pscreen)
{
   return kiln_pipe_screen(pscreen)->name;
}

static const char *
kiln_pipe_get_vendor(struct pipe_screen *pscreen)
{
   return "kiln";
}

static const char *
kiln_pipe_get_device_vendor(struct pipe_screen *pscreen)
{
   return kiln_pipe_screen(pscreen)->ops->device_vendor;
}

/* A plain buffer is bytes; images (and image buffers) are the device's. */
static bool
kiln_pipe_is_format_supported(struct pipe_screen *pscreen, enum pipe_format format,
                              enum pipe_texture_target target, unsigned sample_count,
                              unsigned storage_sample_count, unsigned bindings)
{
   struct kiln_pipe_screen *screen = kiln_pipe_screen(pscreen);
   if (target == PIPE_BUFFER && !(bindings & (PIPE_BIND_SAMPLER_VIEW | PIPE_BIND_SHADER_IMAGE)))
      return format == PIPE_FORMAT_R8_UINT;
   return screen->ops->is_image_format_supported &&
          screen->ops->is_image_format_supported(screen, format, target, sample_count);
}

/* The front end's buffers (programs' __global variables) go before the
 * device that holds them. */
static void
kiln_pipe_screen_destroy(struct pipe_screen *pscreen)
{
   struct kiln_pipe_screen *screen = kiln_pipe_screen(pscreen);
   kiln_pipe_screen_finish_frontend(pscreen);
   screen->ops->destroy(screen);
   simple_mtx_destroy(&screen->dev_lock);
   FREE(screen);
}

void
kiln_pipe_screen_init(struct kiln_pipe_screen *screen, const char *cache_name)
{
   struct pipe_screen *p = &screen->base;
   simple_mtx_init(&screen->dev_lock, mtx_plain);
   p->destroy = kiln_pipe_screen_destroy;
   p->get_name = kiln_pipe_get_name;
   p->get_vendor = kiln_pipe_get_vendor;
   p->get_device_vendor = kiln_pipe_get_device_vendor;
   p->is_format_supported = kiln_pipe_is_format_supported;
   p->context_create = kiln_pipe_context_create;
   kiln_pipe_screen_init_frontend(p, cache_name);
   kiln_pipe_screen_init_caps(screen);
   kiln_pipe_screen_init_fence_functions(p);
   kiln_pipe_screen_init_resource_functions(p);
}
