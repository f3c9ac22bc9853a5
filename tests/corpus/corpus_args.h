/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The kernel-runner command line shared by every corpus runner and by the
 * CPU reference: `FILE.cl -k KERNEL -g X[,Y,Z] [-l ..] [-o ..] [-b OPTS]
 * ARG...` (see tests/corpus/README.md). Parsing lives here once so that the
 * PoCL runner and the reference program read the same argument text into
 * the same bytes, and print buffers in the same `argI: v v v` form that the
 * harness compares.
 */
#ifndef CORPUS_ARGS_H
#define CORPUS_ARGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum corpus_base {
   CORPUS_I8,
   CORPUS_U8,
   CORPUS_I16,
   CORPUS_U16,
   CORPUS_I32,
   CORPUS_U32,
   CORPUS_I64,
   CORPUS_U64,
   CORPUS_F32,
   CORPUS_F64,
};

struct corpus_type {
   char name[16];
   enum corpus_base base;
   unsigned n;           /* components: 1, 2, 3, 4, 8, 16 */
   unsigned slots;       /* components in memory: 4 for a 3-vector */
   unsigned scalar_size; /* bytes of one component */
};

enum corpus_arg_kind {
   CORPUS_ARG_VALUE,
   CORPUS_ARG_BUFFER,
   CORPUS_ARG_LOCAL,
};

struct corpus_arg {
   enum corpus_arg_kind kind;
   struct corpus_type type; /* not used for CORPUS_ARG_LOCAL */
   size_t count;            /* elements (1 for a value) */
   size_t bytes;            /* count * slots * scalar_size, or the local size */
   void *data;              /* NULL for CORPUS_ARG_LOCAL */
};

#define CORPUS_MAX_ARGS 64

struct corpus_launch {
   const char *file;
   const char *kernel;
   const char *options;
   const char *platform;
   unsigned dim;
   size_t global[3];
   size_t local[3];
   size_t offset[3];
   bool has_local;
   bool has_offset;
   unsigned num_args;
   struct corpus_arg args[CORPUS_MAX_ARGS];
};

bool corpus_base_is_float(enum corpus_base base);
bool corpus_base_is_signed(enum corpus_base base);

/* "float4" -> type; returns 0 or -EINVAL. */
int corpus_parse_type(const char *text, struct corpus_type *type);

/* Parses argv[first..argc) (the runner command line without the program
 * name). Options the caller handles itself (--platform) are accepted too.
 * Returns 0, or -EINVAL with a message naming the bad argument in err. */
int corpus_parse_command_line(int argc, char **argv,
                              struct corpus_launch *launch, char *err,
                              size_t err_size);

void corpus_launch_free(struct corpus_launch *launch);

/* Prints `argI: ...` for every buffer argument. */
void corpus_print_buffers(FILE *out, const struct corpus_launch *launch);

/* Component access by memory slot (element * type.slots + component). */
int64_t corpus_get_i(const struct corpus_arg *arg, size_t slot);
uint64_t corpus_get_u(const struct corpus_arg *arg, size_t slot);
double corpus_get_f(const struct corpus_arg *arg, size_t slot);
uint64_t corpus_get_bits(const struct corpus_arg *arg, size_t slot);
void corpus_set_i(struct corpus_arg *arg, size_t slot, int64_t v);
void corpus_set_u(struct corpus_arg *arg, size_t slot, uint64_t v);
void corpus_set_f(struct corpus_arg *arg, size_t slot, double v);
void corpus_set_bits(struct corpus_arg *arg, size_t slot, uint64_t bits);

#endif
