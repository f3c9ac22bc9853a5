/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The AMD pipe_screen: one per device drivers/amdgpu opens, its name
 * ("kiln gfx1030 (emulated)"), the compiler target of its GFX level, and
 * the calls (struct kiln_pipe_device_ops) through which src/gallium's
 * shared screen reaches drivers/amdgpu; its contexts add images and
 * samplers and a device queue to the shared context.
 */
#include "kiln_amd_pipe.h"
#include "kiln_gallium.h"

#include <stdio.h>

#include "util/u_memory.h"

static void
kiln_amd_screen_destroy(struct kiln_pipe_screen *pscreen)
{
   struct kiln_amd_screen *screen = kiln_amd_screen(&pscreen->base);
   kiln_amd_screen_finish_enqueue_programs(screen);
   kiln_amdgpu_device_close(screen->dev);
}

static void
kiln_amd_context_init(struct kiln_pipe_context *pctx)
{
   struct kiln_amd_context *ctx = (struct kiln_amd_context *)pctx;
   kiln_amd_context_init_texture_functions(ctx);
   kiln_amd_context_init_image_functions(ctx);
}

static void
kiln_amd_context_finish(struct kiln_pipe_context *pctx)
{
   struct kiln_amd_context *ctx = (struct kiln_amd_context *)pctx;
   kiln_amd_context_release_bindings(ctx);
   kiln_amd_context_finish_device_queue(ctx);
}

static const struct kiln_pipe_device_ops kiln_amd_device_ops = {
   .device_vendor = "AMD",
   .context_size = sizeof(struct kiln_amd_context),
   .compute_state_size = sizeof(struct kiln_amd_compute_state),
   .resource_size = sizeof(struct kiln_amd_resource),
   .destroy = kiln_amd_screen_destroy,
   .is_image_format_supported = kiln_amd_is_image_format_supported,
   .resource_create = kiln_amd_resource_create,
   .resource_destroy = kiln_amd_resource_destroy,
   .compute_state_init = kiln_amd_compute_state_init,
   .compute_state_upload = kiln_amd_compute_state_upload,
   .compute_state_finish = kiln_amd_compute_state_finish,
   .get_compute_state_info = kiln_amd_get_compute_state_info,
   .context_init = kiln_amd_context_init,
   .context_finish = kiln_amd_context_finish,
   .launch_grid = kiln_amd_launch_grid,
};

struct pipe_screen *
kiln_amdgpu_screen_create(struct kiln_amdgpu_device *dev, char *msg, size_t msg_size)
{
   struct kiln_amd_screen *screen = CALLOC_STRUCT(kiln_amd_screen);
   if (!screen) {
      snprintf(msg, msg_size, "out of memory");
      kiln_amdgpu_device_close(dev);
      return NULL;
   }
   screen->dev = dev;
   screen->info = kiln_amdgpu_device_get_info(screen->dev);
   struct kiln_pipe_screen *base = &screen->base;
   if (!kiln_target_from_name(screen->info->target, &base->frontend.target)) {
      snprintf(msg, msg_size, "%s: kiln does not compile for %s", screen->info->name,
               screen->info->target);
      kiln_amdgpu_device_close(screen->dev);
      FREE(screen);
      return NULL;
   }
   base->ops = &kiln_amd_device_ops;
   base->frontend.wave_size = screen->info->wave_size;
   snprintf(base->name, sizeof(base->name), "kiln %s (%s)", screen->info->target,
            screen->info->kind == KILN_AMDGPU_DEVICE_SIM ? "emulated" : screen->info->name);
   kiln_amd_screen_init_enqueue_programs(screen);
   kiln_amd_screen_init_limits(screen);
   kiln_pipe_screen_init(base, screen->info->target);
   kiln_amd_screen_init_caps(screen);
   return &base->base;
}
