/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The Intel pipe_screen: one per device drivers/intel opens, its name
 * ("kiln Tiger Lake (i915)"), the compiler target of its GFX version,
 * and the calls (struct kiln_pipe_device_ops) through which src/gallium's
 * shared screen reaches drivers/intel.  It has no images, so its
 * contexts keep kiln_pipe_no_images.c's calls.
 */
#include "kiln_gallium.h"
#include "kiln_intel_pipe.h"

#include <stdio.h>
#include <string.h>

#include "dev/intel_device_info.h"
#include "kiln_compiler_nir.h"
#include "util/u_memory.h"

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
kiln_intel_screen_destroy(struct kiln_pipe_screen *screen)
{
   kiln_intel_device_close(kiln_intel_screen(&screen->base)->dev);
}

static const struct kiln_pipe_device_ops kiln_intel_device_ops = {
   .device_vendor = "Intel",
   .context_size = sizeof(struct kiln_pipe_context),
   .compute_state_size = sizeof(struct kiln_pipe_compute_state),
   .resource_size = sizeof(struct kiln_intel_resource),
   .destroy = kiln_intel_screen_destroy,
   .resource_create = kiln_intel_resource_create,
   .resource_destroy = kiln_intel_resource_destroy,
   .kernel_refusal = kiln_intel_kernel_refusal,
   .get_compute_state_info = kiln_intel_get_compute_state_info,
   .launch_grid = kiln_intel_launch_grid,
};

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
   struct kiln_pipe_screen *base = &screen->base;
   base->ops = &kiln_intel_device_ops;
   base->frontend.target = target;
   base->frontend.wave_size = KILN_INTEL_PIPE_SIMD_WIDTH;
   snprintf(base->name, sizeof(base->name), "kiln %s (%s)", family_name(info),
            kiln_intel_device_kmd_name(dev));
   kiln_intel_screen_init_limits(screen);
   kiln_pipe_screen_init(base, kiln_target_name(target));
   kiln_intel_screen_init_caps(screen);
   return &base->base;
}
