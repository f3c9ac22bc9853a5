/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * kiln_compile_nir(): a kernel that arrives as NIR (from Rusticl, through
 * kiln's Gallium driver) joins kiln_compile()'s path at the backend.  The
 * front end that built it has already lowered explicit I/O, its own
 * launch values (global offset, work_dim, global size, number of groups)
 * to kernel inputs and the work-item ids to work-group ids, sizes and local
 * ids; what is left for kiln's kernel ABI is load_kernel_input and the
 * enqueued work-group size.
 */
#include "kiln_compiler_nir.h"

#include <stdlib.h>
#include <string.h>

#include "kiln_amd_abi.h"
#include "kiln_amd_backend.h"
#include "kiln_compiler_internal.h"
#include "kiln_nir_passes.h"
#include "nir.h"
#include "util/os_time.h"
#include "util/u_call_once.h"

static nir_shader_compiler_options front_end_options[KILN_TARGET_GFX1100 + 1];
static util_once_flag front_end_options_once = UTIL_ONCE_FLAG_INIT;

static void
init_front_end_options(void)
{
   for (unsigned t = 0; t <= KILN_TARGET_GFX1100; t++) {
      front_end_options[t] = *kiln_amd_nir_options(t);
      front_end_options[t].lower_fdiv = false;
   }
}

const nir_shader_compiler_options *
kiln_compiler_nir_options(enum kiln_target target)
{
   util_call_once(&front_end_options_once, init_front_end_options);
   return &front_end_options[target];
}

/* What kiln_cl_to_nir() does to every kernel and the other front end did
 * not: doubles and halves divided correctly rounded before the backend's
 * options see fdiv, and OpenCL's sign() for zeros and NaNs. */
static void
prepare(nir_shader *nir, enum kiln_target target, unsigned wave_size)
{
   nir->options = kiln_amd_nir_options(target);
   nir->info.workgroup_size_variable = nir->info.workgroup_size[0] == 0;
   nir->info.subgroup_size = wave_size == 32 ? SUBGROUP_SIZE_REQUIRE_32 : SUBGROUP_SIZE_REQUIRE_64;
   NIR_PASS(_, nir, kiln_nir_lower_fdiv64);
   NIR_PASS(_, nir, kiln_nir_lower_fdiv16);
   NIR_PASS(_, nir, kiln_nir_lower_cl_sign);
   NIR_PASS(_, nir, nir_opt_algebraic);
   NIR_PASS(_, nir, nir_opt_dce);
   nir_shader_gather_info(nir, nir_shader_get_entrypoint(nir));
}

enum kiln_compile_status
kiln_compile_nir(nir_shader *nir, const struct kiln_nir_kernel_options *options,
                 struct kiln_kernel **out, char **log_out)
{
   int64_t start = os_time_get_nano();
   uint32_t debug = options->debug | kiln_debug_flags();
   unsigned wave_size = options->wave_size ? options->wave_size
                                           : kiln_amd_default_wave_size(options->target);
   struct kiln_log log = { 0 };
   enum kiln_compile_status status = KILN_COMPILE_ERROR_NO_MEMORY;

   *out = NULL;
   struct kiln_kernel *k = calloc(1, sizeof(*k));
   if (!k || !(k->name = strdup(options->name ? options->name : "kernel")))
      goto done;

   prepare(nir, options->target, wave_size);
   k->kernarg_size = options->input_size;
   k->implicit_offset = KILN_KERNARG_IMPLICIT_OFFSET(k->kernarg_size);
   k->kernarg_alloc_size = k->implicit_offset + KILN_IMPLICIT_SIZE;
   if (!nir->info.workgroup_size_variable) {
      for (unsigned i = 0; i < 3; i++)
         k->reqd_work_group_size[i] = nir->info.workgroup_size[i];
   }
   k->max_work_group_size = nir->info.workgroup_size_variable
                               ? 1024
                               : nir->info.workgroup_size[0] * nir->info.workgroup_size[1] *
                                    nir->info.workgroup_size[2];

   status = kiln_amd_compile_kernel(nir, options->target, wave_size, debug, k, &log.text);
   log.len = log.text ? strlen(log.text) : 0;
   if (status == KILN_COMPILE_ERROR_BACKEND)
      kiln_log_append(&log, "error: kernel %s: the %s backend failed\n", k->name,
                      kiln_target_name(options->target));
   k->stats.compile_ms = (os_time_get_nano() - start) / 1e6;

done:
   ralloc_free(nir);
   if (status == KILN_COMPILE_OK) {
      *out = k;
   } else {
      kiln_kernel_free(k);
   }
   if (log_out)
      *log_out = kiln_log_take(&log);
   else
      free(kiln_log_take(&log));
   return status;
}
