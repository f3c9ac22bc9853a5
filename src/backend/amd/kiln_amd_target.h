/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The GPUs kiln compiles for, described the way Mesa's AMD code wants them
 * (struct radeon_info) without a device present, plus the NIR options
 * derived from that description.
 */
#ifndef KILN_AMD_TARGET_H
#define KILN_AMD_TARGET_H

#include "ac_gpu_info.h"
#include "kiln_compiler.h"
#include "nir.h"

struct kiln_amd_target_info {
   struct radeon_info info;
   nir_shader_compiler_options nir_options;
};

/* Static, filled once; aborts on an invalid enum (a programming error). */
const struct kiln_amd_target_info *kiln_amd_target(enum kiln_target target);

#endif
