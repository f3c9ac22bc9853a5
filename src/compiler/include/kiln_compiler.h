/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * kiln's compiler pipeline: OpenCL C (or SPIR-V) in, per-kernel machine code
 * plus everything a dispatch needs out.  One entry point, kiln_compile();
 * the result is plain data that the submission layer and kilnc consume.
 * The kernel ABI the code follows is, on AMD targets, include/kiln_amd_abi.h.
 */
#ifndef KILN_COMPILER_H
#define KILN_COMPILER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

enum kiln_target {
   KILN_TARGET_GFX900,
   KILN_TARGET_GFX1030,
   KILN_TARGET_GFX1100,
   /* Intel, through Mesa's brw (kiln built with -Dintel=true): Gen12
    * (Tiger Lake) and Gen12.5 (DG2).  Compile only: no driver yet. */
   KILN_TARGET_TGL,
   KILN_TARGET_DG2,
};
#define KILN_NUM_TARGETS (KILN_TARGET_DG2 + 1)

/* KILN_DEBUG's flags (enum kiln_debug) and kiln_debug_flags(): one table
 * for every layer, include/kiln_debug.h. */
#include "kiln_debug.h"

enum kiln_source_kind {
   KILN_SOURCE_OPENCL_C,
   KILN_SOURCE_SPIRV,
};

struct kiln_compile_options {
   enum kiln_target target;
   unsigned wave_size; /* AMD 32 or 64, Intel's SIMD width 8, 16 or 32;
                          0 = the target's default */
   enum kiln_source_kind source_kind;
   const char *source_name;   /* for diagnostics, e.g. "vadd.cl" */
   const char *build_options; /* clBuildProgram-style options, may be NULL */
   uint32_t debug;            /* enum kiln_debug; ORed with KILN_DEBUG */
};

enum kiln_arg_kind {
   KILN_ARG_VALUE,        /* by value: scalar, vector or struct */
   KILN_ARG_GLOBAL_PTR,   /* 64-bit address */
   KILN_ARG_CONSTANT_PTR, /* 64-bit address */
   KILN_ARG_LOCAL_PTR,    /* 32-bit LDS offset, size chosen at dispatch */
   KILN_ARG_IMAGE,
   KILN_ARG_SAMPLER,
};

/* Element type of a by-value argument or of a pointer's pointee, as far as
 * a launcher needs it to parse and print values. */
enum kiln_base_type {
   KILN_TYPE_OTHER, /* struct, union, void, ... */
   KILN_TYPE_CHAR,
   KILN_TYPE_UCHAR,
   KILN_TYPE_SHORT,
   KILN_TYPE_USHORT,
   KILN_TYPE_INT,
   KILN_TYPE_UINT,
   KILN_TYPE_LONG,
   KILN_TYPE_ULONG,
   KILN_TYPE_HALF,
   KILN_TYPE_FLOAT,
   KILN_TYPE_DOUBLE,
   KILN_TYPE_BOOL,
};

/* An image argument's type (OpenCL C 2.0 6.13.14) and access qualifier. */
enum kiln_image_type {
   KILN_IMAGE_NONE, /* not an image */
   KILN_IMAGE_1D,
   KILN_IMAGE_1D_BUFFER,
   KILN_IMAGE_1D_ARRAY,
   KILN_IMAGE_2D,
   KILN_IMAGE_2D_ARRAY,
   KILN_IMAGE_3D,
};

enum kiln_image_access {
   KILN_IMAGE_READ = 1 << 0, /* read_only, or read_write with KILN_IMAGE_WRITE */
   KILN_IMAGE_WRITE = 1 << 1,
};

struct kiln_kernel_arg {
   char *name;
   char *type_name; /* as written: "float4*", "uint" */
   enum kiln_arg_kind kind;
   enum kiln_base_type base_type; /* of the value or of the pointee */
   unsigned vector_size;          /* 1, 2, 3, 4, 8, 16 */
   /* An integer type named by a typedef: SPIR-V's integers carry no sign,
    * so base_type is the unsigned type of the width and either sign fits. */
   bool sign_unknown;
   unsigned offset;                 /* byte offset in the kernarg buffer */
   unsigned size;                   /* bytes the slot takes; an image's or a
                                       sampler's holds its descriptors
                                       (kiln_amd_abi.h's kiln_image_slot and
                                       kiln_sampler_slot) */
   enum kiln_image_type image_type; /* KILN_ARG_IMAGE only */
   unsigned image_access;           /* KILN_ARG_IMAGE only: enum kiln_image_access */
   bool is_const, is_volatile, is_restrict;
};

/* Per-kernel statistics; `kilnc --stats-json` prints them under these
 * names.  Register counts are what the code uses, comparable with LLVM's
 * .vgpr_count/.sgpr_count, not what is allocated (RSRC1 rounds VGPRs up to
 * the granule). */
struct kiln_kernel_stats {
   unsigned instructions; /* machine instructions (ACO's or brw's count) */
   unsigned code_bytes;
   unsigned vgprs;  /* highest VGPR the code references + 1; on
                       Intel brw's peak register pressure, in
                       GRFs (32 bytes; a thread has 128) */
   unsigned sgprs;  /* highest SGPR referenced + 1, + 2 if VCC is
                       used; 0 on Intel, which has no scalar file */
   unsigned spills; /* registers spilled to scratch (brw's count;
                       0 on AMD, whose spills show in scratch_bytes) */
   unsigned lds_bytes;
   unsigned scratch_bytes; /* per lane */
   unsigned wave_size;     /* on Intel the SIMD width */
   double compile_ms;
};

/* What an AMD launch needs beyond struct kiln_kernel's common fields
 * (include/kiln_amd_abi.h says how the user SGPRs and the binding table
 * are laid out). */
struct kiln_amd_kernel {
   uint32_t rsrc1, rsrc2, rsrc3; /* COMPUTE_PGM_RSRC1/2/3 */
   unsigned num_user_sgprs;
   /* A Gallium front end's images and samplers: the binding table's
    * offset in the explicit arguments and the slots the kernel reads;
    * all 0 when it reads none. */
   unsigned binding_table_offset;
   unsigned num_sampler_views, num_shader_images, num_sampler_states;
};

/* What an Intel launch needs beyond struct kiln_kernel's common fields
 * (include/kiln_intel_abi.h says how the push constants are laid out). */
struct kiln_intel_kernel {
   unsigned simd_width;            /* 8, 16 or 32: the one variant compiled */
   unsigned push_bytes;            /* cross-thread push constants (kiln_intel_abi.h) */
   unsigned per_thread_push_bytes; /* Gen12: the thread's sub-group id */
   unsigned const_data_offset;     /* the constant data's offset in code */
   unsigned grf_used;
   unsigned scratch_bytes_per_thread;
   bool uses_barrier;
   bool uses_num_work_groups;
};

/* The bytes before the first record of a printf buffer: nir_lower_printf's
 * 32-bit count of the bytes reserved so far, which starts at this value. */
#define KILN_PRINTF_HEADER_SIZE 4

/* The format of one printf call (Mesa's u_printf_info): the format string
 * followed by the constant strings its %s conversions print, each
 * NUL-terminated, in strings[0, string_size); and the bytes each argument
 * takes in a record of the printf buffer (kiln_amd_abi.h). */
struct kiln_printf_format {
   unsigned num_args;
   unsigned *arg_sizes;
   unsigned string_size;
   char *strings;
};

struct kiln_kernel {
   char *name;
   uint32_t *code;                 /* machine code, little-endian dwords */
   unsigned code_size;             /* bytes to upload: instructions, then the
                                      kernel's constant data; no prefetch padding */
   struct kiln_amd_kernel amd;     /* AMD targets only */
   struct kiln_intel_kernel intel; /* Intel targets only */
   unsigned wave_size;
   unsigned lds_bytes; /* static LDS (__local variables) */
   unsigned scratch_bytes_per_lane;
   unsigned kernarg_size;            /* explicit arguments */
   unsigned kernarg_alloc_size;      /* explicit + implicit, what to allocate */
   unsigned implicit_offset;         /* offset of struct kiln_implicit_args */
   unsigned reqd_work_group_size[3]; /* 0s when not given */
   unsigned max_work_group_size;
   struct kiln_kernel_arg *args;
   unsigned num_args;
   struct kiln_kernel_stats stats;
   char *disasm; /* NUL-terminated; NULL if unavailable */
   /* The formats of the kernel's printf calls, indexed by the format id
    * less 1 that starts each record; none when the kernel calls no printf
    * and needs no printf buffer. */
   struct kiln_printf_format *printf_formats;
   unsigned num_printf_formats;
   /* Device-side enqueue: the kernel may enqueue (it reads the default
    * queue), so its launches need a device queue (kiln_amd_abi.h) and the
    * queue's records run after it.  The kernel an enqueued block runs is
    * the program's kernel of the record's index. */
   bool uses_device_queue;
   /* Some enqueue_kernel of the program runs this kernel: it is an
    * enqueued block's invoke kernel, taking the block literal's address
    * and then the block's __local pointers (kiln_amd_abi.h). */
   bool enqueued_block;
};

/* A pointer among the program's __global variables: the 64-bit address
 * of the globals buffer's byte `target`, stored at its byte `offset`. */
struct kiln_global_reloc {
   uint64_t offset;
   uint64_t target;
};

struct kiln_program {
   struct kiln_kernel *kernels;
   unsigned num_kernels;
   enum kiln_target target;
   char *log;         /* compiler diagnostics (warnings), may be NULL */
   uint32_t *spirv;   /* the module's SPIR-V */
   size_t spirv_size; /* bytes */
   /* The program's __global variables, at program scope or static in a
    * function (OpenCL C 2.0 6.5.1): one buffer of globals_size bytes for
    * the program's lifetime, shared by all its kernels, whose address
    * every launch passes (kiln_amd_abi.h).  A launcher creates it once,
    * when it loads the program, from globals_data and then the
    * relocations; its values then persist from launch to launch.
    * globals_size is 0 when the program has no such variables. */
   size_t globals_size;
   uint8_t *globals_data;
   struct kiln_global_reloc *globals_relocs;
   unsigned num_globals_relocs;
};

enum kiln_compile_status {
   KILN_COMPILE_OK = 0,
   KILN_COMPILE_ERROR_SOURCE,      /* OpenCL C diagnostics in the log */
   KILN_COMPILE_ERROR_SPIRV,       /* invalid SPIR-V */
   KILN_COMPILE_ERROR_UNSUPPORTED, /* a feature kiln does not have yet */
   KILN_COMPILE_ERROR_BACKEND,
   KILN_COMPILE_ERROR_OPTIONS,
   KILN_COMPILE_ERROR_NO_MEMORY,
};

/* Compiles source (OpenCL C text or a SPIR-V binary, per options) for the
 * target.  On success *program holds every kernel; on failure *log (always
 * set when non-NULL, free() it) says why, with file:line:col where known. */
enum kiln_compile_status kiln_compile(const void *source, size_t size,
                                      const struct kiln_compile_options *options,
                                      struct kiln_program **program, char **log);

void kiln_program_free(struct kiln_program *program);

const struct kiln_kernel *kiln_program_find_kernel(const struct kiln_program *program,
                                                   const char *name);

/* The smallest printf buffer in which each of the kernel's printf calls
 * can write its record (kiln_amd_abi.h's layout); 0 when it calls none. */
size_t kiln_printf_min_buffer_size(const struct kiln_kernel *kernel);

/* Writes the output of the printf records a launch of the kernel left in
 * its printf buffer (size bytes, as the launch left them, the launcher
 * having zeroed them and set the counter, kiln_amd_abi.h) to out, record
 * by record in the order the calls reserved them: each work-item's in the
 * order it made its calls, those of different work-items in whichever
 * order they reached the buffer's counter.  Returns the bytes of records
 * dropped because the buffer was full (0 when none was), or -1 when the
 * buffer holds a record with no such format (out then has the output
 * before it). */
int64_t kiln_printf_print(FILE *out, const struct kiln_kernel *kernel, const void *buffer,
                          size_t size);

const char *kiln_target_name(enum kiln_target target);
bool kiln_target_from_name(const char *name, enum kiln_target *target);

#ifdef __cplusplus
}
#endif

#endif
