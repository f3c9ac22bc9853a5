/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Dispatch profiles through the submission layer: on the emulated device
 * the driver passes the emulator's profiles through untouched (it neither
 * reads nor changes them), so that a tool can ask for them without
 * reaching past the driver to the device; a render node has no such
 * counters and says so.
 */
#include <errno.h>

#include "kiln_amdgpu_private.h"
#ifdef KILN_HAVE_SIM_AMDGPU
#include "kiln_sim_amdgpu.h"
#endif

int
kiln_amdgpu_device_set_profiling(struct kiln_amdgpu_device *dev, bool on)
{
#ifdef KILN_HAVE_SIM_AMDGPU
   if (dev->sim) {
      kiln_sim_amdgpu_set_profiling(dev->sim, on);
      return 0;
   }
#endif
   return kiln_amdgpu_error(dev, -ENOTSUP,
                            "%s: profiling needs the emulated device "
                            "(KILN_DEVICE=sim): a render node has no instruction counters",
                            dev->info.name);
}

struct kiln_sim_profile *
kiln_amdgpu_device_take_profile(struct kiln_amdgpu_device *dev)
{
#ifdef KILN_HAVE_SIM_AMDGPU
   if (dev->sim)
      return kiln_sim_amdgpu_take_profile(dev->sim);
#endif
   return NULL;
}
