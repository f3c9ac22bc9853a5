/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The stages of kiln_compile(), one file each: the OpenCL C front end
 * (kiln_clc.c), the SPIR-V rewrites before spirv_to_nir
 * (kiln_spirv_prepare.c, each rewrite in a kiln_spirv_*.c of its own over
 * kiln_spirv_module.h), SPIR-V to CL-lowered NIR (kiln_cl_to_nir.c),
 * argument metadata (kiln_kernel_args.c), the backend (kiln_backend.c),
 * and the log they share.
 */
#ifndef KILN_COMPILER_INTERNAL_H
#define KILN_COMPILER_INTERNAL_H

#include <stdarg.h>

#include "compiler/clc/clc.h"
#include "kiln_compiler.h"
#include "nir.h"

/* A growing diagnostics buffer. */
struct kiln_log {
   char *text;
   size_t len;
};

void kiln_log_append(struct kiln_log *log, const char *fmt, ...)
   __attribute__((format(printf, 2, 3)));
char *kiln_log_take(struct kiln_log *log);

struct kiln_backend;

/* The backend for target and the wave size to compile with (*wave_size,
 * the target's default when 0); NULL, with a message in log, when the
 * target does not exist or does not run that wave size. */
const struct kiln_backend *kiln_backend_choose(enum kiln_target target, unsigned *wave_size,
                                               struct kiln_log *log);

/* The backend's compile_kernel, its diagnostics appended to log, and a
 * message naming the kernel and target when the backend itself failed. */
enum kiln_compile_status kiln_backend_compile_kernel(const struct kiln_backend *backend,
                                                     nir_shader *nir, enum kiln_target target,
                                                     unsigned wave_size, uint32_t debug,
                                                     struct kiln_kernel *kernel,
                                                     struct kiln_log *log);

/* clc_logger that appends to a kiln_log. */
struct clc_logger kiln_clc_logger(struct kiln_log *log);

/* OpenCL C to SPIR-V. build_options are clBuildProgram-style. */
enum kiln_compile_status kiln_clc_compile(const char *source, size_t size, const char *source_name,
                                          const char *build_options, struct clc_binary *spirv,
                                          struct kiln_log *log);

/* The range check LLVM 15's translator leaves out of the work-item
 * functions (get_global_id(d) and the others at d >= 3 return 0 or 1,
 * OpenCL C 2.0 6.13.1), added to the front end's SPIR-V in place. */
enum kiln_compile_status kiln_spirv_fix_workitem_dims(struct clc_binary *spirv,
                                                      struct kiln_log *log);

/* OpAtomicCompareExchangeWeak, which LLVM 15's translator writes into
 * SPIR-V 1.4 where it does not exist, as OpAtomicCompareExchange. */
void kiln_spirv_strengthen_cmpxchg_weak(struct clc_binary *spirv);

/* OpCopyLogical of a type into itself (SPIRV-Tools' linker merges the
 * alike struct types a valid module copied between) as OpCopyObject. */
void kiln_spirv_fix_copy_logical(struct clc_binary *spirv);

/* Device-side enqueue (OpenCL C 2.0 6.13.17) as calls of kiln's device
 * library: *lowered is the module with the DeviceEnqueue capability, its
 * types and instructions replaced (kiln_spirv_enqueue.c; free its data).  wave_size answers
 * get_kernel_preferred_work_group_size_multiple().  For a module without
 * the capability *lowered stays empty.  *blocks lists the kernels the module's
 * enqueues run, by their index among its entry points, which records name
 * (release it with kiln_spirv_blocks_finish). */
struct kiln_spirv_blocks {
   bool device_enqueue; /* the module had the DeviceEnqueue capability */
   unsigned num;
   uint32_t *index; /* the enqueued block's invoke kernel among the entry points */
   char **name;     /* its name */
};
enum kiln_compile_status kiln_spirv_lower_enqueue(const struct clc_binary *spirv,
                                                  unsigned wave_size, const char *source_name,
                                                  struct clc_binary *lowered,
                                                  struct kiln_spirv_blocks *blocks,
                                                  struct kiln_log *log);
void kiln_spirv_blocks_finish(struct kiln_spirv_blocks *blocks);

/* SPIRV-Tools validation for the OpenCL environment; errors name the
 * instruction index/word offset. */
enum kiln_compile_status kiln_spirv_validate(const struct clc_binary *spirv, struct kiln_log *log);

/* The first feature the module needs that kiln does not have, or NULL. */
const char *kiln_spirv_unsupported_feature(const struct clc_binary *spirv);

/* Where kiln_spirv_take_globals() put each CrossWorkgroup variable of the
 * module (in module order) in the program's globals buffer, with its size
 * and alignment. */
struct kiln_spirv_globals {
   unsigned num_vars;
   uint32_t *ids;
   uint64_t *offsets;
   uint64_t *sizes;
   uint64_t *alignments;
};

/* Lays the program's __global variables out in one buffer and fills
 * prog->globals_* (their initial data and relocations); when there are
 * any, *stripped is the module to compile kernels from, without the
 * initialisers spirv_to_nir refuses (free its data).  Errors name the
 * initialiser kiln cannot evaluate. */
enum kiln_compile_status kiln_spirv_take_globals(const struct clc_binary *spirv,
                                                 struct kiln_program *prog,
                                                 struct kiln_spirv_globals *globals,
                                                 struct clc_binary *stripped, struct kiln_log *log);
void kiln_spirv_globals_finish(struct kiln_spirv_globals *globals);

/* The variables spirv_to_nir creates for the entry point, in the order it
 * creates them: from SPIR-V 1.4 on only those of the entry point's
 * interface.  Writes their indices into globals to indices (room for
 * globals->num_vars) and returns how many there are. */
unsigned kiln_spirv_globals_of_entry_point(const struct clc_binary *spirv,
                                           const struct kiln_spirv_globals *globals,
                                           const char *entry_point, unsigned *indices);

/* The entry point's references to the program's __global variables as
 * offsets in the program's buffer of them (kiln_spirv_take_globals() laid
 * it out for the module spirv, which nir was translated from); false,
 * with the reason in the log, when spirv_to_nir laid them out otherwise. */
bool kiln_cl_nir_lower_program_globals(nir_shader *nir, const struct clc_binary *spirv,
                                       const struct kiln_spirv_globals *globals,
                                       const char *entry_point, struct kiln_log *log);

/* What kiln_spirv_prepare() needs to know of the compile. */
struct kiln_spirv_prepare_options {
   unsigned wave_size;      /* get_kernel_preferred_work_group_size_multiple() */
   const char *source_name; /* for messages; NULL for "input" */
   /* The backend that refuses device-side enqueue now when it has no
    * device queue; NULL to lower it for whichever runs the kernel, which
    * then refuses it at launch (kiln's Gallium screens). */
   const struct kiln_backend *backend;
};

/* What the preparation made of a module. */
struct kiln_spirv_prepared {
   /* The module spirv_to_nir reads: the one prepared (repaired in place)
    * or one of the two below. */
   const struct clc_binary *module;
   struct clc_binary lowered;  /* device-side enqueue lowered, if any */
   struct clc_binary stripped; /* the globals' initialisers taken out, if any */
   struct kiln_spirv_blocks blocks;
   struct kiln_spirv_globals globals;
};

/* The SPIR-V rewrites between a front end and spirv_to_nir, in their one
 * order (kiln_spirv_prepare.c): spirv repaired in place, device-side
 * enqueue lowered, the program's __global variables taken into prog,
 * and the result validated.  Release *prepared with
 * kiln_spirv_prepared_finish() whatever the status. */
enum kiln_compile_status kiln_spirv_prepare(struct clc_binary *spirv,
                                            const struct kiln_spirv_prepare_options *options,
                                            struct kiln_program *prog,
                                            struct kiln_spirv_prepared *prepared,
                                            struct kiln_log *log);
void kiln_spirv_prepared_finish(struct kiln_spirv_prepared *prepared);

/* Disassembles to stderr (KILN_DEBUG=spirv). */
void kiln_spirv_print(const struct clc_binary *spirv);

/* SPIR-V entry point to NIR with Mesa's standard CL lowering and libclc
 * inlined; explicit I/O for global/constant/shared/temp memory, kernel
 * inputs as load_kernel_input at the offsets *arg_offsets reports. */
nir_shader *kiln_cl_to_nir(const struct clc_binary *spirv, const char *entry_point,
                           enum kiln_target target, unsigned wave_size,
                           const struct kiln_spirv_globals *globals, uint32_t debug,
                           struct kiln_log *log);

/* The two groups of kiln's CL passes that a front end with its own CL
 * lowering (Rusticl) must also run: on vtn's NIR, and right before
 * explicit I/O. */
void kiln_cl_nir_lower_vtn(nir_shader *nir, enum kiln_target target, unsigned wave_size);
void kiln_cl_nir_lower_before_io(nir_shader *nir, enum kiln_target target);
/* Links kiln's CL library into the kernel and inlines it, resolves the
 * device library's generic pointers and drops every function but the
 * entry point. */
void kiln_cl_nir_link_library(nir_shader *nir, const nir_shader *library, enum kiln_target target);

/* The kernel's printf formats from the NIR kiln_cl_to_nir() made (none
 * when nir->info.uses_printf is false), and their release. */
enum kiln_compile_status kiln_printf_formats_fill(struct kiln_kernel *kernel,
                                                  const nir_shader *nir);
void kiln_printf_formats_free(struct kiln_kernel *kernel);

/* Fills kernel->args (and kernarg sizes) from the front end's parsed info,
 * the kernel's parameter types in the SPIR-V and the explicit layout of
 * the NIR kernel's argument variables. Returns
 * KILN_COMPILE_ERROR_UNSUPPORTED for image/sampler arguments. */
enum kiln_compile_status kiln_kernel_args_fill(struct kiln_kernel *kernel,
                                               const struct clc_kernel_info *info,
                                               const struct clc_binary *spirv, nir_shader *nir,
                                               struct kiln_log *log);

#endif
