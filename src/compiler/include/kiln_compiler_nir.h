/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The compiler's entry for a caller that already has the kernel as NIR:
 * kiln's Gallium driver, which receives Rusticl's NIR (explicit I/O
 * lowered, kernel arguments as load_kernel_input).  The NIR then takes the
 * same backend path as a kernel from kiln_compile(): the target's backend
 * (on AMD, kiln's kernel ABI, the AMD lowering and ACO).
 */
#ifndef KILN_COMPILER_NIR_H
#define KILN_COMPILER_NIR_H

#include "kiln_compiler.h"

#ifdef __cplusplus
extern "C" {
#endif

struct nir_shader;
struct nir_shader_compiler_options;

/* The NIR options a front end should build the target's NIR with.  They
 * differ from the backend's in one respect: fdiv stays, so that 64-bit
 * division can still be lowered correctly rounded when the NIR arrives
 * (the backend's options turn it into a multiply by the reciprocal).
 * NULL for a target whose backend this build leaves out. */
const struct nir_shader_compiler_options *kiln_compiler_nir_options(enum kiln_target target);

struct kiln_nir_kernel_options {
   const char *name; /* for diagnostics and the kernel's name */
   enum kiln_target target;
   unsigned wave_size;   /* 0 = the target's default */
   unsigned input_size;  /* bytes of load_kernel_input the caller provides */
   bool program_globals; /* the caller's launches name the program's
                            __global variables' buffer (kiln_amd_abi.h) */
   uint32_t debug;       /* enum kiln_debug; ORed with KILN_DEBUG */
};

/* Compiles a kernel (MESA_SHADER_KERNEL, explicit I/O) and takes
 * ownership of nir.  On success *kernel is set (kiln_kernel_free() it);
 * *log is set when non-NULL (free() it). */
enum kiln_compile_status kiln_compile_nir(struct nir_shader *nir,
                                          const struct kiln_nir_kernel_options *options,
                                          struct kiln_kernel **kernel, char **log);

void kiln_kernel_free(struct kiln_kernel *kernel);

struct nir_spirv_specialization;
struct spirv_to_nir_options;

/* A program's __global variables (OpenCL C 2.0 6.5.1) as the front-end
 * hook finds them: one buffer for the whole program, which the driver
 * creates once from data and the relocations (kiln_program's globals_*),
 * and names in every launch of a kernel whose nir->info.source_blake3 is
 * key (the BLAKE3 of the program's SPIR-V: the same for all its kernels,
 * and kept when a front end caches the kernel's NIR). */
struct kiln_frontend_globals {
   uint8_t key[32];
   size_t size; /* 0: the program has none */
   uint8_t *data;
   struct kiln_global_reloc *relocs;
   unsigned num_relocs;
};

void kiln_frontend_globals_finish(struct kiln_frontend_globals *globals);

/* Whether a kernel addresses its program's __global variables (after the
 * hook lowered them: load_global_base_ptr), and so needs their buffer. */
bool kiln_nir_uses_program_globals(const struct nir_shader *nir);

/* For a front end that lowers OpenCL's NIR itself (Rusticl), the steps of
 * kiln's own front end it must run: kiln_frontend_spirv_to_nir() in place
 * of spirv_to_nir() (same arguments; kiln repairs what LLVM 15's
 * translator writes wrongly, translates, and runs its passes that must
 * see vtn's NIR: volatile loads, fdiv64, sign(), generic casts, sub-group
 * sizes, the program's __global variables), NULL when the module is
 * refused (the reason on stderr); *globals is the program's __global
 * variables (kiln_frontend_globals_finish() it), and
 * kiln_frontend_lower_before_io() runs right before the front end's
 * explicit I/O (generic accesses, rounding conversions). */
struct nir_shader *kiln_frontend_spirv_to_nir(const uint32_t *words, size_t word_count,
                                              struct nir_spirv_specialization *spec,
                                              unsigned num_spec, const char *entry_point,
                                              const struct spirv_to_nir_options *options,
                                              const struct nir_shader_compiler_options *nir_options,
                                              enum kiln_target target, unsigned wave_size,
                                              struct kiln_frontend_globals *globals);

void kiln_frontend_lower_before_io(struct nir_shader *nir, enum kiln_target target);

/* Device-side enqueue (OpenCL C 2.0 6.13.17): kiln_frontend_spirv_to_nir()
 * gives every kernel of a program that enqueues the program's key in
 * nir->info.source_blake3, and an enqueued block's invoke kernel, in
 * nir->info.cs.shader_index, its index among the program's entry points
 * + 1 (the index device queue records name it by; 0: no block) in the low
 * bits and its number of __local arguments from
 * KILN_FRONTEND_BLOCK_LOCALS_SHIFT. */
#define KILN_FRONTEND_BLOCK_INDEX_MASK   0xffffffu
#define KILN_FRONTEND_BLOCK_LOCALS_SHIFT 24

/* Whether the kernel reads the default device queue (it may enqueue; its
 * launches are drained), from the front end's NIR. */
bool kiln_frontend_uses_device_queue(struct nir_shader *nir);

#ifdef __cplusplus
}
#endif

#endif
