/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The one place that knows which backend compiles for which target, and
 * what kiln_compile() and kiln_compile_nir() do alike around a backend:
 * choosing it and the wave size, and turning its failure into a message.
 */
#include "kiln_backend.h"

#include <string.h>

#include "kiln_compiler_internal.h"

const struct kiln_backend *
kiln_backend_for_target(enum kiln_target target)
{
   switch (target) {
   case KILN_TARGET_GFX900:
   case KILN_TARGET_GFX1030:
   case KILN_TARGET_GFX1100:
      return &kiln_backend_amd;
   case KILN_TARGET_TGL:
   case KILN_TARGET_DG2:
#ifdef KILN_HAVE_INTEL
      return &kiln_backend_intel;
#else
      return NULL;
#endif
   }
   return NULL;
}

const struct kiln_backend *
kiln_backend_choose(enum kiln_target target, unsigned *wave_size, struct kiln_log *log)
{
   const struct kiln_backend *backend = kiln_backend_for_target(target);
   if (!backend) {
      kiln_log_append(log,
                      "error: %s: this kiln was built without its backend "
                      "(the Intel targets need meson -Dintel=true)\n",
                      kiln_target_name(target));
      return NULL;
   }
   if (!*wave_size)
      *wave_size = backend->default_wave_size(target);
   if (!backend->supports_wave_size(target, *wave_size)) {
      kiln_log_append(log, "error: %s does not run wave%u\n", kiln_target_name(target), *wave_size);
      return NULL;
   }
   return backend;
}

enum kiln_compile_status
kiln_backend_compile_kernel(const struct kiln_backend *backend, nir_shader *nir,
                            enum kiln_target target, unsigned wave_size, uint32_t debug,
                            struct kiln_kernel *kernel, struct kiln_log *log)
{
   enum kiln_compile_status status =
      backend->compile_kernel(nir, target, wave_size, debug, kernel, log);
   if (status == KILN_COMPILE_ERROR_BACKEND)
      kiln_log_append(log, "error: kernel %s: the %s backend failed\n", kernel->name,
                      kiln_target_name(target));
   return status;
}
