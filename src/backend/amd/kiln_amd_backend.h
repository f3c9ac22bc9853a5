/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The AMD backend: from an OpenCL kernel in NIR (explicit I/O, libclc
 * inlined) to ACO machine code with the register configuration, arguments
 * and statistics a dispatch needs, following include/kiln_amd_abi.h.  The
 * compiler reaches these through kiln_backend_amd (src/compiler's
 * kiln_backend.h); this header is the backend's own, for its files only.
 */
#ifndef KILN_AMD_BACKEND_H
#define KILN_AMD_BACKEND_H

#include "kiln_compiler.h"
#include "kiln_nir_passes.h"
#include "nir.h"

#ifdef __cplusplus
extern "C" {
#endif

/* NIR options for the target's compute shaders (spirv_to_nir needs them
 * before the backend sees the shader). Static storage; never NULL for a
 * valid target. */
const nir_shader_compiler_options *kiln_amd_nir_options(enum kiln_target target);

/* Where generic pointers to __local and __private memory point in the
 * flat address space (the amdgpu kernel driver's apertures). */
struct kiln_nir_generic_options kiln_amd_generic_options(enum kiln_target target);

/* The shader-model facts CL lowering needs up front. */
unsigned kiln_amd_default_wave_size(enum kiln_target target);
/* wave64 everywhere, wave32 from GFX10 on. */
bool kiln_amd_supports_wave_size(enum kiln_target target, unsigned wave_size);

struct kiln_log;

/* Lowers the CL kernel to the ABI and compiles it with ACO. On success
 * fills code, rsrc registers, kernarg layout, LDS/scratch sizes,
 * disassembly and stats of *kernel (the caller fills name, arguments and
 * kernarg_size) and returns KILN_COMPILE_OK; on failure appends a message
 * to log. The shader is consumed (modified) either way. */
enum kiln_compile_status kiln_amd_compile_kernel(nir_shader *nir, enum kiln_target target,
                                                 unsigned wave_size, uint32_t debug,
                                                 struct kiln_kernel *kernel, struct kiln_log *log);

/* True when ACO can take the kernel: every intrinsic is one ACO's
 * instruction selection implements for compute and no call or texture
 * instruction is left.  Otherwise writes "error: kernel NAME: ..." naming
 * the first offending instruction (and the OpenCL feature behind it) to
 * message. */
bool kiln_amd_check_nir(nir_shader *nir, const char *kernel, char *message, size_t message_size);

#ifdef __cplusplus
}
#endif

#endif
