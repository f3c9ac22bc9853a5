/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The `kiln run` command line: the launch (-k, -g, -l, -o, -b, --target)
 * and one ARG per kernel argument (`TYPE:v,...` by value, `buf:TYPE[N]=...`
 * a buffer given by values, `=@FILE` or `=rand:SEED[:LO:HI]`,
 * `local:BYTES` a __local pointer), parsed into the bytes the device sees;
 * the check of those arguments against the kernel's signature as the
 * compiler reports it; and the `argI: v v v` printout of buffers.
 * The format is the corpus runners' (tests/corpus/README.md), and the
 * corpus runners and CPU reference parse their command line with this
 * code too, so kiln's output can be compared with PoCL's line by line.
 */
#ifndef KILN_RUN_ARGS_H
#define KILN_RUN_ARGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "kiln_compiler.h"

/* kiln run's exit statuses. */
enum {
   KILN_RUN_EXIT_USAGE = 1,     /* a usage, argument, compile or feature error */
   KILN_RUN_EXIT_GPU_FAULT = 2, /* the GPU faulted or hung */
   KILN_RUN_EXIT_DEVICE = 3,    /* another device error */
};

struct kiln_run_type {
   char name[16]; /* as written: "float4" */
   enum kiln_base_type base;
   unsigned n;           /* components: 1, 2, 3, 4, 8, 16 */
   unsigned slots;       /* components in memory: 4 for a 3-vector */
   unsigned scalar_size; /* bytes of one component */
};

enum kiln_run_arg_kind {
   KILN_RUN_ARG_VALUE,
   KILN_RUN_ARG_BUFFER,
   KILN_RUN_ARG_LOCAL,
   KILN_RUN_ARG_IMAGE,
   KILN_RUN_ARG_SAMPLER,
};

/* An image (`image2d:ORDER,TYPE[W,H][=v,...]`, kiln_run_image_args.c),
 * its format in OpenCL's enums.  Its pixels are the argument's data,
 * tightly packed (x fastest, then rows, then slices or layers), each
 * pixel_size bytes as OpenCL lays the format out in memory. */
struct kiln_run_image {
   enum kiln_image_type type;
   uint32_t order;     /* CL_R ... CL_LUMINANCE */
   uint32_t data_type; /* CL_SNORM_INT8 ... CL_FLOAT */
   unsigned channels;  /* values listed per pixel */
   unsigned pixel_size;
   size_t width, height, depth, layers; /* 1 where the type has none */
};

/* A sampler (`sampler:NORMALIZED,ADDRESS,FILTER`), in OpenCL's enums. */
struct kiln_run_sampler {
   bool normalized;
   uint32_t addressing; /* CL_ADDRESS_NONE ... */
   uint32_t filter;     /* CL_FILTER_NEAREST or CL_FILTER_LINEAR */
};

struct kiln_run_arg {
   enum kiln_run_arg_kind kind;
   struct kiln_run_type type;       /* unused for local */
   size_t count;                    /* elements (an image's pixels); 1 for a value */
   size_t bytes;                    /* count * slots * scalar_size, or local bytes,
                                       or an image's count * pixel_size */
   void *data;                      /* NULL for local and sampler */
   struct kiln_run_image image;     /* KILN_RUN_ARG_IMAGE */
   struct kiln_run_sampler sampler; /* KILN_RUN_ARG_SAMPLER */
};

/* The message of a parse error, formatted into err (size bytes), as the
 * parsers of kiln_run_args.c and kiln_run_image_args.c report them. */
void kiln_run_set_err(char *err, size_t size, const char *fmt, ...)
   __attribute__((format(printf, 3, 4)));

/* v rounded once to the nearest half (cl_khr_fp16's conversion), as bits. */
uint16_t kiln_run_half_from_double(double v);

/* `image...:` and `sampler:` arguments (kiln_run_image_args.c): whether
 * text is one, parsing it into arg (0 or -EINVAL with err naming the
 * argument and what is wrong), and the `argI:` line of an image's values. */
bool kiln_run_is_image_arg(const char *text);
int kiln_run_parse_image_arg(const char *text, unsigned index, struct kiln_run_arg *arg, char *err,
                             size_t err_size);
void kiln_run_print_image(FILE *out, unsigned index, const struct kiln_run_arg *arg);
/* Copies an image argument's pixels between its tightly packed data and
 * device memory whose rows are row_pitch bytes apart and slices (or
 * layers) slice_pitch bytes apart: into device when to_device, else back. */
void kiln_run_image_copy(const struct kiln_run_arg *arg, void *device, uint64_t row_pitch,
                         uint64_t slice_pitch, bool to_device);

/* The OpenCL name of an image type ("image2d_t"), and its
 * cl_mem_object_type (CL_MEM_OBJECT_IMAGE2D; 0 for none). */
const char *kiln_run_image_type_name(enum kiln_image_type type);
uint32_t kiln_run_image_cl_type(enum kiln_image_type type);

#define KILN_RUN_MAX_ARGS    64
#define KILN_RUN_MAX_KERNELS 8

struct kiln_run_command {
   const char *file;
   const char *kernel; /* the first -k */
   /* Every -k in order: the kernels of the program that run one after the
    * other on the same arguments, and the whole sequence --launches times
    * (default 1), so that the program's __global variables carry values
    * from one launch to the next. */
   const char *kernels[KILN_RUN_MAX_KERNELS];
   unsigned num_kernels;
   unsigned launches;
   const char *options; /* -b, "" when not given */
   const char *target;  /* --target, NULL = the device's */
   unsigned dim;
   uint64_t global[3];
   uint64_t local[3];
   uint64_t offset[3];
   bool has_local, has_offset;
   unsigned num_args;
   struct kiln_run_arg args[KILN_RUN_MAX_ARGS];
};

/* "float4" -> type; 0 or -EINVAL. */
int kiln_run_parse_type(const char *text, struct kiln_run_type *type);

/* One ARG; index only names it in messages.  0 or -EINVAL / -ERANGE. */
int kiln_run_parse_arg(const char *text, unsigned index, struct kiln_run_arg *arg, char *err,
                       size_t err_size);

/* The command line after `run`.  0 or -EINVAL with err naming what is wrong. */
int kiln_run_parse_command_line(int argc, char **argv, struct kiln_run_command *cmd, char *err,
                                size_t err_size);

/* An option taking one value that a runner accepts beyond the launch's own,
 * e.g. a runner's `--platform NAME`: value is NULL unless the command line
 * gives it (the last one given wins).  A flag takes no value: its value
 * is "" when given. */
struct kiln_run_extra_option {
   const char *name;
   const char *value;
   bool flag;
};

/* kiln_run_parse_command_line, also accepting the num_extra options of
 * extra and storing their values there. */
int kiln_run_parse_command_line_extra(int argc, char **argv, struct kiln_run_extra_option *extra,
                                      unsigned num_extra, struct kiln_run_command *cmd, char *err,
                                      size_t err_size);
void kiln_run_command_free(struct kiln_run_command *cmd);

/* The program's kernel called name, or NULL with err naming cmd's file and
 * listing the kernels it has. */
const struct kiln_kernel *kiln_run_find_kernel(const struct kiln_run_command *cmd,
                                               const struct kiln_program *program, const char *name,
                                               char *err, size_t err_size);

/* Checks the arguments against the kernel's: count, kind (value, buffer,
 * __local), element type and vector size.  0 or -EINVAL naming the first
 * argument that does not fit. */
int kiln_run_check_signature(const struct kiln_run_command *cmd, const struct kiln_kernel *kernel,
                             char *err, size_t err_size);

/* `argI: v v v ...` for every buffer and image argument. */
void kiln_run_print_buffers(FILE *out, const struct kiln_run_command *cmd);

const char *kiln_run_base_type_name(enum kiln_base_type base);

/* Of the argument types: float and double are floats; char, short, int and
 * long are the signed integers. */
bool kiln_run_base_is_float(enum kiln_base_type base);
bool kiln_run_base_is_signed(enum kiln_base_type base);

#endif
