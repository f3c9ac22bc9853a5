/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The Intel pipe_screen: one per device drivers/intel opens, its names
 * ("kiln Tiger Lake (i915)"), the compiler target of its GFX version,
 * and its lifetime.  Its compiler hooks are src/gallium's
 * (kiln_pipe_frontend.c).
 */
#include "kiln_gallium.h"
#include "kiln_intel_pipe.h"

#include <stdio.h>
#include <string.h>

#include "dev/intel_device_info.h"
#include "kiln_compiler_nir.h"
#include "util/u_memory.h"

static const char *
kiln_intel_get_name(struct pipe_screen *pscreen)
{
   return kiln_intel_screen(pscreen)->name;
}

static const char *
kiln_intel_get_vendor(struct pipe_screen *pscreen)
{
   return "kiln";
}

static const char *
kiln_intel_get_device_vendor(struct pipe_screen *pscreen)
{
   return "Intel";
}

/* Plain buffers only: kiln has no Intel images. */
static bool
kiln_intel_is_format_supported(struct pipe_screen *pscreen, enum pipe_format format,
                               enum pipe_texture_target target, unsigned sample_count,
                               unsigned storage_sample_count, unsigned bindings)
{
   return target == PIPE_BUFFER && format == PIPE_FORMAT_R8_UINT &&
          !(bindings & (PIPE_BIND_SAMPLER_VIEW | PIPE_BIND_SHADER_IMAGE));
}

/* The GPU's family, as Intel names it; the marketing name otherwise. */
static const char *
family_name(const struct intel_device_info *info)
{
   if (intel_device_info_is_dg2(info))
      return "DG2";
   switch (info->platform) {
   case INTEL_PLATFORM_TGL:
      return "Tiger Lake";
   case INTEL_PLATFORM_RKL:
      return "Rocket Lake";
   case INTEL_PLATFORM_DG1:
      return "DG1";
   case INTEL_PLATFORM_ADL:
      return "Alder Lake";
   case INTEL_PLATFORM_RPL:
      return "Raptor Lake";
   default:
      return info->name;
   }
}

/* drivers/intel opens Gen12 and Gen12.5 only; the compiler names their
 * targets after the first GPU of each (as `kiln run` does). */
static bool
target_of(const struct intel_device_info *info, enum kiln_target *target)
{
   if (info->verx10 == 120)
      *target = KILN_TARGET_TGL;
   else if (info->verx10 == 125)
      *target = KILN_TARGET_DG2;
   else
      return false;
   return true;
}

static void
kiln_intel_screen_destroy(struct pipe_screen *pscreen)
{
   struct kiln_intel_screen *screen = kiln_intel_screen(pscreen);
   kiln_pipe_screen_finish_frontend(pscreen);
   kiln_intel_device_close(screen->dev);
   simple_mtx_destroy(&screen->dev_lock);
   FREE(screen);
}

struct pipe_screen *
kiln_intel_screen_create(struct kiln_intel_device *dev, char *msg, size_t msg_size)
{
   const struct intel_device_info *info = kiln_intel_device_info(dev);
   enum kiln_target target;
   if (!target_of(info, &target)) {
      snprintf(msg, msg_size, "%s: GFX version %d.%d has no kiln compiler target", info->name,
               info->verx10 / 10, info->verx10 % 10);
      kiln_intel_device_close(dev);
      return NULL;
   }
   if (!kiln_compiler_nir_options(target)) {
      snprintf(msg, msg_size, "%s: this kiln was built without its Intel compiler", info->name);
      kiln_intel_device_close(dev);
      return NULL;
   }
   struct kiln_intel_screen *screen = CALLOC_STRUCT(kiln_intel_screen);
   if (!screen) {
      snprintf(msg, msg_size, "out of memory");
      kiln_intel_device_close(dev);
      return NULL;
   }
   screen->dev = dev;
   screen->info = info;
   simple_mtx_init(&screen->dev_lock, mtx_plain);
   snprintf(screen->name, sizeof(screen->name), "kiln %s (%s)", family_name(info),
            kiln_intel_device_kmd_name(dev));

   struct pipe_screen *p = &screen->base;
   p->destroy = kiln_intel_screen_destroy;
   p->get_name = kiln_intel_get_name;
   p->get_vendor = kiln_intel_get_vendor;
   p->get_device_vendor = kiln_intel_get_device_vendor;
   p->is_format_supported = kiln_intel_is_format_supported;
   p->context_create = kiln_intel_context_create;
   screen->frontend.target = target;
   screen->frontend.wave_size = KILN_INTEL_PIPE_SIMD_WIDTH;
   kiln_pipe_screen_init_frontend(p, kiln_target_name(target));
   kiln_intel_screen_init_caps(screen);
   kiln_pipe_screen_init_fence_functions(p);
   kiln_intel_screen_init_resource_functions(screen);
   return p;
}
