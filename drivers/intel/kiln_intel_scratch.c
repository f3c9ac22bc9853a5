/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Scratch space, kept per device and grown, as iris and anv keep theirs
 * (iris_get_scratch_space): a buffer of a per-thread size (a power of two
 * from 1 KiB, the sizes the hardware encodes) for every thread id the
 * device can give a scratch slot (intel_device_info's max_scratch_ids; on
 * Gen12.5 the ids of all 32 possible sub-slices), tens or hundreds of MiB,
 * so not made per launch.  A launch takes a reference for as long as its
 * batch may run; a kernel that needs more per thread replaces the
 * device's buffer, the old one living on until the last launch using it
 * is finished.  Never cleared on the CPU: a kernel writes its scratch
 * before it reads it.
 */
#include "kiln_intel_private.h"

#include <errno.h>
#include <stdlib.h>

int
kiln_intel_scratch_get(struct kiln_intel_device *dev, uint32_t per_thread,
                       struct kiln_intel_scratch **out)
{
   struct kiln_intel_scratch *scratch = dev->scratch;
   if (!scratch || scratch->per_thread < per_thread) {
      scratch = calloc(1, sizeof(*scratch));
      if (!scratch)
         return -ENOMEM;
      int ret = kiln_intel_bo_create_uncleared(
         dev, (uint64_t)per_thread * dev->info.max_scratch_ids[MESA_SHADER_COMPUTE], &scratch->bo);
      if (ret) {
         free(scratch);
         return ret;
      }
      scratch->per_thread = per_thread;
      scratch->refs = 1; /* the device's */
      kiln_intel_scratch_put(dev, dev->scratch);
      dev->scratch = scratch;
   }
   scratch->refs++;
   *out = scratch;
   return 0;
}

void
kiln_intel_scratch_put(struct kiln_intel_device *dev, struct kiln_intel_scratch *scratch)
{
   if (!scratch || --scratch->refs)
      return;
   kiln_intel_bo_destroy(dev, scratch->bo);
   free(scratch);
}
