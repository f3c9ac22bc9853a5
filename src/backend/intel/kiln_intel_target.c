/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Compile-only descriptions of kiln's Intel targets: Mesa's own device
 * table entry for a Tiger Lake and a DG2 part (intel_device_info, as
 * intel_clc builds without a device), a brw compiler for each, and what
 * the front end asks of a target (NIR options, generic-pointer tags,
 * SIMD widths).
 */
#include "kiln_intel_backend.h"
#include "kiln_intel_abi.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "compiler/brw_compiler.h"
#include "dev/intel_debug.h"
#include "dev/intel_device_info.h"
#include "util/macros.h"
#include "util/u_call_once.h"

/* Mesa's device names (intel_device_info.c's name table). */
static const char *const target_devices[] = {
   [KILN_TARGET_TGL] = "tgl",
   [KILN_TARGET_DG2] = "dg2",
};

static struct intel_device_info devinfos[ARRAY_SIZE(target_devices)];
static struct kiln_intel_target_info targets[ARRAY_SIZE(target_devices)];
static util_once_flag targets_once = UTIL_ONCE_FLAG_INIT;

/* brw's shader-db and performance notes: not diagnostics of the kernel. */
static void PRINTFLIKE(3, 4) quiet_log(void *data, unsigned *id, const char *fmt, ...)
{
}

static void
fill_targets(void)
{
   process_intel_debug_variable();
   for (unsigned t = 0; t < ARRAY_SIZE(target_devices); t++) {
      if (!target_devices[t])
         continue;
      const int pci_id = intel_device_name_to_pci_device_id(target_devices[t]);
      if (pci_id < 0 || !intel_get_device_info_for_build(pci_id, &devinfos[t])) {
         fprintf(stderr, "kiln: Mesa has no Intel device '%s'\n", target_devices[t]);
         abort();
      }
      /* Lives as long as the process, like the device table. */
      struct brw_compiler *compiler = brw_compiler_create(NULL, &devinfos[t]);
      compiler->shader_debug_log = quiet_log;
      compiler->shader_perf_log = quiet_log;
      targets[t] = (struct kiln_intel_target_info){
         .devinfo = &devinfos[t],
         .compiler = compiler,
         .front_end_options = *compiler->nir_options[MESA_SHADER_KERNEL],
      };
      targets[t].front_end_options.lower_ldexp = false;
   }
}

const struct kiln_intel_target_info *
kiln_intel_target(enum kiln_target target)
{
   util_call_once(&targets_once, fill_targets);
   if ((unsigned)target >= ARRAY_SIZE(targets) || !targets[target].compiler)
      unreachable("not an Intel kiln_target");
   return &targets[target];
}

const nir_shader_compiler_options *
kiln_intel_nir_options(enum kiln_target target)
{
   return &kiln_intel_target(target)->front_end_options;
}

unsigned
kiln_intel_default_wave_size(enum kiln_target target)
{
   return 16;
}

bool
kiln_intel_supports_wave_size(enum kiln_target target, unsigned wave_size)
{
   return wave_size == 8 || wave_size == 16 || wave_size == 32;
}

struct kiln_nir_generic_options
kiln_intel_generic_options(enum kiln_target target)
{
   return (struct kiln_nir_generic_options){
      .shared_aperture_hi = KILN_INTEL_SHARED_TAG >> 32,
      .private_aperture_hi = KILN_INTEL_PRIVATE_TAG >> 32,
   };
}
