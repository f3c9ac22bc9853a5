/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * What the compiler asks of a backend, so that the front end and the two
 * entry points (kiln_compile(), kiln_compile_nir()) know no particular one:
 * each backend fills a struct kiln_backend with its operations, and
 * kiln_backend_for_target() picks the one that compiles for a target.
 * Adding a backend (Intel's next to AMD's) is one more table and its
 * targets in kiln_backend.c; nothing else in src/compiler changes.
 */
#ifndef KILN_BACKEND_H
#define KILN_BACKEND_H

#include "kiln_compiler.h"
#include "kiln_config.h"
#include "kiln_nir_passes.h"
#include "nir.h"

#ifdef __cplusplus
extern "C" {
#endif

struct kiln_log;

struct kiln_backend {
   const char *name; /* for diagnostics: "AMD" */

   /* Whether the target's driver runs device-side enqueue (OpenCL C 2.0
    * 6.13.17): has a device queue and drains it after a launch. */
   bool supports_device_enqueue;

   /* NIR options for the target's compute shaders (spirv_to_nir needs them
    * before the backend sees the shader).  Static storage, never NULL. */
   const nir_shader_compiler_options *(*nir_options)(enum kiln_target target);

   /* Where generic pointers to __local and __private memory point in the
    * target's flat address space. */
   struct kiln_nir_generic_options (*generic_options)(enum kiln_target target);

   /* The wave size (Intel: SIMD width) a kernel gets when the caller asks
    * for none, and whether the target runs a given one. */
   unsigned (*default_wave_size)(enum kiln_target target);
   bool (*supports_wave_size)(enum kiln_target target, unsigned wave_size);

   /* Lowers the CL kernel to the target's kernel ABI and compiles it.  On
    * success fills code, registers, kernarg layout (implicit_offset,
    * kernarg_alloc_size), LDS/scratch sizes, disassembly and stats of
    * *kernel (the caller fills name, arguments and kernarg_size) and
    * returns KILN_COMPILE_OK; on failure appends a message to log
    * (kiln_log_append).  The shader is consumed (modified) either way. */
   enum kiln_compile_status (*compile_kernel)(nir_shader *nir, enum kiln_target target,
                                              unsigned wave_size, uint32_t debug,
                                              struct kiln_kernel *kernel, struct kiln_log *log);
};

/* The backends kiln has, each defined beside its code (kiln_config.h says
 * whether this build has Intel's). */
extern const struct kiln_backend kiln_backend_amd;
#ifdef KILN_HAVE_INTEL
extern const struct kiln_backend kiln_backend_intel;
#endif

/* The backend that compiles for target, or NULL for a value outside
 * enum kiln_target. */
const struct kiln_backend *kiln_backend_for_target(enum kiln_target target);

#ifdef __cplusplus
}
#endif

#endif
