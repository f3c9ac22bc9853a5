/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The compiler's AMD kernel in drivers/amdgpu's terms, for the layers
 * that use both (the kiln tool and the Gallium driver): the compiler and
 * drivers/amdgpu know nothing of each other.  kiln_intel_kernel_launch.h
 * is its counterpart for drivers/intel.
 */
#ifndef KILN_AMD_KERNEL_DESC_H
#define KILN_AMD_KERNEL_DESC_H

#include <string.h>

#include "kiln_amdgpu.h"
#include "kiln_compiler.h"

static inline struct kiln_amdgpu_kernel_desc
kiln_amd_kernel_desc(const struct kiln_kernel *k)
{
   struct kiln_amdgpu_kernel_desc d = {
      .name = k->name,
      .code = k->code,
      .code_size = k->code_size,
      .rsrc1 = k->amd.rsrc1,
      .rsrc2 = k->amd.rsrc2,
      .rsrc3 = k->amd.rsrc3,
      .wave_size = k->wave_size,
      .lds_bytes = k->lds_bytes,
      .scratch_bytes_per_lane = k->scratch_bytes_per_lane,
      .kernarg_size = k->kernarg_size,
      .max_work_group_size = k->max_work_group_size,
   };
   memcpy(d.reqd_work_group_size, k->reqd_work_group_size, sizeof(d.reqd_work_group_size));
   return d;
}

#endif
