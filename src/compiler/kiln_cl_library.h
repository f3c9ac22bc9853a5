/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * kiln's CL library: the NIR functions spirv_to_nir resolves the OpenCL
 * built-ins it does not lower itself from (spirv_to_nir_options'
 * clc_shader), and which are linked into every kernel: libclc and kiln's
 * own built-ins (shaders/), one library per target.
 */
#ifndef KILN_CL_LIBRARY_H
#define KILN_CL_LIBRARY_H

#include "kiln_compiler_internal.h"
#include "spirv/nir_spirv.h"

/* The library for target, built on first use with the translation options
 * kernels are translated with (create_library is added) and the target's
 * NIR options, then shared read-only for the life of the process; NULL
 * with the reason in log when it cannot be built. */
const nir_shader *kiln_cl_library(enum kiln_target target,
                                  const struct spirv_to_nir_options *spirv_options,
                                  const nir_shader_compiler_options *nir_options,
                                  struct kiln_log *log);

#endif
