/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The OpenCL C front end: Mesa's clc (libclang + SPIRV-LLVM-Translator)
 * turns source into SPIR-V.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "kiln_compiler_internal.h"

#define MAX_BUILD_ARGS 256

/* OpenCL C 3.0 optional features kiln supports.  clc enables clang's
 * extension set from its own feature list, which has no entry for these,
 * so their feature macros are predefined (opencl-c-base.h declares the
 * generic-address-space and C11-atomics builtins under them). */
static const char *const cl30_features[] = {
   "-D__opencl_c_generic_address_space=1",
   "-D__opencl_c_atomic_order_acq_rel=1",
   "-D__opencl_c_atomic_order_seq_cst=1",
   "-D__opencl_c_atomic_scope_device=1",
   "-D__opencl_c_atomic_scope_all_devices=1",
   "-D__opencl_c_program_scope_global_variables=1",
   "-D__opencl_c_work_group_collective_functions=1",
};
#define NUM_CL30_FEATURES (sizeof(cl30_features) / sizeof(cl30_features[0]))

/* Splits clBuildProgram options the way a shell would: whitespace
 * separates words, quotes group them, backslash escapes. Returns the
 * number of words, or -1 on an unterminated quote or too many words. */
static int
split_options(const char *options, char *buf, const char **argv, int max)
{
   int argc = 0;
   const char *p = options;
   char *out = buf;

   while (*p) {
      while (*p == ' ' || *p == '\t' || *p == '\n')
         p++;
      if (!*p)
         break;
      if (argc == max)
         return -1;
      argv[argc++] = out;
      char quote = 0;
      for (; *p && (quote || (*p != ' ' && *p != '\t' && *p != '\n')); p++) {
         if (quote && *p == quote) {
            quote = 0;
         } else if (!quote && (*p == '"' || *p == '\'')) {
            quote = *p;
         } else if (*p == '\\' && p[1] && quote != '\'') {
            *out++ = *++p;
         } else {
            *out++ = *p;
         }
      }
      if (quote)
         return -1;
      *out++ = '\0';
   }
   return argc;
}

enum kiln_compile_status
kiln_clc_compile(const char *source, size_t size, const char *source_name,
                 const char *build_options, struct clc_binary *spirv, struct kiln_log *log)
{
   const char *opts = build_options ? build_options : "";
   char *buf = malloc(strlen(opts) + 1);
   char *text = malloc(size + 1);
   const char *argv[MAX_BUILD_ARGS + NUM_CL30_FEATURES];
   if (!buf || !text) {
      free(buf);
      free(text);
      return KILN_COMPILE_ERROR_NO_MEMORY;
   }

   int argc = split_options(opts, buf, argv, MAX_BUILD_ARGS);
   if (argc < 0) {
      kiln_log_append(log, "error: build options: unterminated quote or more than %d words: %s\n",
                      MAX_BUILD_ARGS, opts);
      free(buf);
      free(text);
      return KILN_COMPILE_ERROR_OPTIONS;
   }

   for (int i = 0, n = argc; i < n; i++) {
      if (!strcasecmp(argv[i], "-cl-std=CL3.0")) {
         for (unsigned f = 0; f < NUM_CL30_FEATURES; f++)
            argv[argc++] = cl30_features[f];
         break;
      }
   }

   /* The source need not be NUL-terminated; clang wants it to be. */
   memcpy(text, source, size);
   text[size] = '\0';

   struct clc_compile_args args = {
      .source = { .name = source_name ? source_name : "input.cl", .value = text },
      .args = argv,
      .num_args = argc,
      .spirv_version = CLC_SPIRV_VERSION_MAX,
      .features = {
         .fp16 = true,
         .fp64 = true,
         .int64 = true,
         .subgroups = true,
         .subgroups_shuffle = true,
         .subgroups_shuffle_relative = true,
         .subgroups_ballot = true,
      },
      .address_bits = 64,
   };
   struct clc_logger logger = kiln_clc_logger(log);
   bool ok = clc_compile_c_to_spirv(&args, &logger, spirv, NULL);

   free(buf);
   free(text);
   return ok ? KILN_COMPILE_OK : KILN_COMPILE_ERROR_SOURCE;
}
