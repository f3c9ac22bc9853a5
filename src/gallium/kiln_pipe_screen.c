/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The pipe_screen: one per device drivers/amdgpu opens, its names, the
 * image formats it has, and its lifetime; its compiler hooks are
 * kiln_pipe_frontend.c's, for its GFX level's target.
 */
#include "kiln_gallium.h"
#include "kiln_pipe.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>

#include "kiln_amdgpu_image.h"
#include "kiln_compiler_nir.h"
#include "util/format/u_format.h"
#include "util/u_math.h"
#include "util/u_memory.h"

static const char *
kiln_get_name(struct pipe_screen *pscreen)
{
   return kiln_screen(pscreen)->name;
}

static const char *
kiln_get_vendor(struct pipe_screen *pscreen)
{
   return "kiln";
}

static const char *
kiln_get_device_vendor(struct pipe_screen *pscreen)
{
   return "AMD";
}

static bool
kiln_is_format_supported(struct pipe_screen *pscreen, enum pipe_format format,
                         enum pipe_texture_target target, unsigned sample_count,
                         unsigned storage_sample_count, unsigned bindings)
{
   if (target == PIPE_BUFFER && !(bindings & (PIPE_BIND_SAMPLER_VIEW | PIPE_BIND_SHADER_IMAGE)))
      return format == PIPE_FORMAT_R8_UINT;
   /* Images (and image buffers): the formats of plain RGB or sRGB
    * channels, one sample, that the device's format table has
    * (drivers/amdgpu). */
   const struct util_format_description *desc = util_format_description(format);
   if (!desc || desc->layout != UTIL_FORMAT_LAYOUT_PLAIN ||
       (desc->colorspace != UTIL_FORMAT_COLORSPACE_RGB &&
        desc->colorspace != UTIL_FORMAT_COLORSPACE_SRGB) ||
       sample_count > 1 || !util_is_power_of_two_nonzero(desc->block.bits / 8) ||
       desc->block.bits % 8)
      return false;
   struct kiln_screen *screen = kiln_screen(pscreen);
   const struct kiln_amdgpu_image_desc image = {
      .type = target == PIPE_BUFFER ? CL_MEM_OBJECT_IMAGE1D_BUFFER : CL_MEM_OBJECT_IMAGE2D,
      .pipe_format = format,
      .width = 1,
      .height = 1,
      .depth = 1,
      .array_size = 1,
   };
   struct kiln_amdgpu_image_layout layout;
   simple_mtx_lock(&screen->dev_lock);
   const bool ok = !kiln_amdgpu_image_layout(screen->dev, &image, &layout);
   simple_mtx_unlock(&screen->dev_lock);
   return ok;
}

static void
kiln_screen_destroy(struct pipe_screen *pscreen)
{
   struct kiln_screen *screen = kiln_screen(pscreen);
   kiln_screen_finish_enqueue_programs(screen);
   kiln_pipe_screen_finish_frontend(pscreen);
   kiln_amdgpu_device_close(screen->dev);
   simple_mtx_destroy(&screen->dev_lock);
   FREE(screen);
}

struct pipe_screen *
kiln_screen_create(const char *device, char *msg, size_t msg_size)
{
   struct kiln_amdgpu_device *dev;
   if (kiln_amdgpu_device_open(device, &dev, msg, msg_size))
      return NULL;
   return kiln_amdgpu_screen_create(dev, msg, msg_size);
}

struct pipe_screen *
kiln_amdgpu_screen_create(struct kiln_amdgpu_device *dev, char *msg, size_t msg_size)
{
   struct kiln_screen *screen = CALLOC_STRUCT(kiln_screen);
   if (!screen) {
      snprintf(msg, msg_size, "out of memory");
      kiln_amdgpu_device_close(dev);
      return NULL;
   }
   screen->dev = dev;
   screen->info = kiln_amdgpu_device_get_info(screen->dev);
   if (!kiln_target_from_name(screen->info->target, &screen->frontend.target)) {
      snprintf(msg, msg_size, "%s: kiln does not compile for %s", screen->info->name,
               screen->info->target);
      kiln_amdgpu_device_close(screen->dev);
      FREE(screen);
      return NULL;
   }
   simple_mtx_init(&screen->dev_lock, mtx_plain);
   kiln_screen_init_enqueue_programs(screen);
   snprintf(screen->name, sizeof(screen->name), "kiln %s (%s)", screen->info->target,
            screen->info->kind == KILN_AMDGPU_DEVICE_SIM ? "emulated" : screen->info->name);

   struct pipe_screen *p = &screen->base;
   p->destroy = kiln_screen_destroy;
   p->get_name = kiln_get_name;
   p->get_vendor = kiln_get_vendor;
   p->get_device_vendor = kiln_get_device_vendor;
   p->is_format_supported = kiln_is_format_supported;
   p->context_create = kiln_context_create;
   screen->frontend.wave_size = screen->info->wave_size;
   kiln_pipe_screen_init_frontend(p, screen->info->target);
   kiln_screen_init_caps(screen);
   kiln_pipe_screen_init_fence_functions(p);
   kiln_screen_init_resource_functions(screen);
   return p;
}
