/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The Intel backend: from an OpenCL kernel in NIR (explicit I/O, libclc
 * inlined) to Gen12 / Gen12.5 machine code through Mesa's brw compiler,
 * with the push constants, sizes and statistics a dispatch needs, after
 * include/kiln_intel_abi.h.  The compiler reaches these through
 * kiln_backend_intel (src/compiler's kiln_backend.h); this header is the
 * backend's own, for its files only.
 */
#ifndef KILN_INTEL_BACKEND_H
#define KILN_INTEL_BACKEND_H

#include "kiln_compiler.h"
#include "kiln_nir_passes.h"
#include "nir.h"

#ifdef __cplusplus
extern "C" {
#endif

struct brw_compiler;
struct intel_device_info;

struct kiln_intel_target_info {
   const struct intel_device_info *devinfo;
   struct brw_compiler *compiler;
   /* brw's kernel options for the front end, less lower_ldexp
    * (kiln_intel_lower_ldexp); brw's own replace them before brw runs. */
   nir_shader_compiler_options front_end_options;
};

/* Static, filled once per target from Mesa's device table (no device is
 * opened); aborts on a non-Intel target (a programming error). */
const struct kiln_intel_target_info *kiln_intel_target(enum kiln_target target);

/* The NIR options the front end compiles a kernel with for the target. */
const nir_shader_compiler_options *kiln_intel_nir_options(enum kiln_target target);

/* Generic pointers' tags (kiln_intel_abi.h) as kiln's apertures. */
struct kiln_nir_generic_options kiln_intel_generic_options(enum kiln_target target);

/* SIMD16 unless asked; SIMD8, 16 and 32 on Gen12 and Gen12.5. */
unsigned kiln_intel_default_wave_size(enum kiln_target target);
bool kiln_intel_supports_wave_size(enum kiln_target target, unsigned wave_size);

/* Kernel arguments, the launch values of struct kiln_implicit_args,
 * printf's buffer, the program's globals buffer and the shader's constant
 * data as push constants, laid out as kiln_intel_abi.h says:
 * load_kernel_input and the implicit values become load_uniform,
 * load_constant a global load from the constant data's pushed address.
 * Sets nir->num_uniforms to the push constants' size.  Run before
 * brw_nir_lower_cs_intrinsics: the work-group size read here is the one
 * the launch asked for. */
bool kiln_intel_lower_abi(nir_shader *nir, unsigned kernarg_alloc_size, unsigned implicit_offset);

/* The work-group size brw_nir_lower_cs_intrinsics reads to derive local
 * ids, as the size of the group the hardware runs: the pushed local size,
 * or a partial last group's remainder.  Run after that pass. */
bool kiln_intel_lower_hw_group_size(nir_shader *nir, unsigned kernarg_alloc_size,
                                    unsigned implicit_offset);

/* OpenCL's ldexp on half and float, exactly, for brw, which has none.
 * The front end's NIR options (kiln_intel_nir_options) let vtn emit
 * nir_op_ldexp for it. */
bool kiln_intel_lower_ldexp(nir_shader *nir);

struct kiln_log;

/* Lowers the CL kernel to the ABI and compiles it with brw at one SIMD
 * width.  On success fills code (instructions, then constant data),
 * the intel fields, LDS/scratch sizes, disassembly and stats of *kernel
 * and returns KILN_COMPILE_OK; on failure appends a message to log. */
enum kiln_compile_status kiln_intel_compile_kernel(nir_shader *nir, enum kiln_target target,
                                                   unsigned wave_size, uint32_t debug,
                                                   struct kiln_kernel *kernel,
                                                   struct kiln_log *log);

#ifdef __cplusplus
}
#endif

#endif
