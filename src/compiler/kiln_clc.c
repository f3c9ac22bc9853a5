/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The OpenCL C front end: Mesa's clc (libclang + SPIRV-LLVM-Translator)
 * turns source into SPIR-V.  clc hands the build options to clang's cc1,
 * which knows some of the OpenCL API's options (OpenCL 2.0 API §5.8.4)
 * only as driver options and refuses the whole command line for them with
 * no word of which: each option of §5.8.4 is passed on, translated to its
 * cc1 form (as Rusticl's prepare_options does), dropped, or refused here
 * with a message that names it.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util/macros.h"

#include "kiln_compiler_internal.h"

#define MAX_BUILD_ARGS 256

/* OpenCL C 3.0 optional features kiln supports that clc's feature list
 * has no entry for.  Those clang knows are offered to it as the target's
 * (clc keeps the build options' -cl-ext entries:
 * mesa-clc-extensions-as-written.patch), so that clang applies their
 * rules (generic pointers) and defines their macros; for the others
 * clang-15 only checks the macro before declaring their built-ins. */
static const char *const cl30_features[] = {
   "-cl-ext=+__opencl_c_generic_address_space"
   ",+__opencl_c_atomic_order_acq_rel,+__opencl_c_atomic_order_seq_cst"
   ",+__opencl_c_program_scope_global_variables"
   /* kiln_spirv_enqueue.c and the device queue */
   ",+__opencl_c_device_enqueue",
   "-D__opencl_c_atomic_scope_device=1",
   "-D__opencl_c_atomic_scope_all_devices=1",
   "-D__opencl_c_work_group_collective_functions=1",
};
#define NUM_CL30_FEATURES (sizeof(cl30_features) / sizeof(cl30_features[0]))

/* Extensions clc's feature list has no entry for: the 64-bit atom_*
 * functions on long and ulong, and OpenCL C 2.0's atomic_long,
 * atomic_ulong and atomic_double with their C11 built-ins. */
static const char extensions[] =
   "-cl-ext=+cl_khr_int64_base_atomics,+cl_khr_int64_extended_atomics";

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

/* §5.8.4 options clang's cc1 takes as they are. */
static const char *const cc1_options[] = {
   "-cl-single-precision-constant",
   "-cl-fp32-correctly-rounded-divide-sqrt",
   "-cl-opt-disable",
   "-cl-mad-enable",
   "-cl-no-signed-zeros",
   "-cl-unsafe-math-optimizations",
   "-cl-finite-math-only",
   "-cl-fast-relaxed-math",
   "-cl-strict-aliasing",
   "-cl-uniform-work-group-size",
   "-cl-kernel-arg-info",
   "-w",
   "-Werror",
};

/* OpenCL C versions -cl-std= takes (clang's spellings, any case). */
static const char *const cl_std_versions[] = {
   "CL1.0", "CL1.1", "CL1.2", "CL2.0", "CL3.0",
};

struct clang_args {
   const char **argv;
   int argc;
   /* Options kiln does not know, passed on for clang to judge. */
   const char *unknown[MAX_BUILD_ARGS];
   unsigned num_unknown;
   bool no_warnings;
};

static bool
is_one_of(const char *word, const char *const *list, unsigned n, bool any_case)
{
   for (unsigned i = 0; i < n; i++) {
      if (any_case ? !strcasecmp(word, list[i]) : !strcmp(word, list[i]))
         return true;
   }
   return false;
}

/* The clang command line for the build options words[0..n): 0, or -1 after
 * logging the option at fault. */
static int
translate_options(const char **words, int n, struct clang_args *out, struct kiln_log *log)
{
   for (int i = 0; i < n; i++)
      out->no_warnings |= !strcmp(words[i], "-w");

   for (int i = 0; i < n; i++) {
      const char *w = words[i];
      if (!strcmp(w, "-D") || !strcmp(w, "-I")) {
         /* The macro or directory is the next word. */
         if (i + 1 == n) {
            kiln_log_append(log, "error: build option %s needs %s after it\n", w,
                            w[1] == 'D' ? "a macro name" : "a directory");
            return -1;
         }
         out->argv[out->argc++] = w;
         out->argv[out->argc++] = words[++i];
      } else if (!strncmp(w, "-D", 2) || !strncmp(w, "-I", 2) ||
                 is_one_of(w, cc1_options, ARRAY_SIZE(cc1_options), false)) {
         out->argv[out->argc++] = w;
      } else if (!strcmp(w, "-cl-std")) {
         kiln_log_append(log, "error: build option -cl-std needs a version: "
                              "-cl-std=CL1.1, CL1.2, CL2.0 or CL3.0\n");
         return -1;
      } else if (!strncmp(w, "-cl-std=", 8)) {
         const char *v = w + 8;
         if (!strncasecmp(v, "CLC++", 5)) {
            kiln_log_append(log,
                            "error: build option %s: C++ for OpenCL "
                            "(cl_ext_cxx_for_opencl) is not supported\n",
                            w);
            return -1;
         }
         if (!is_one_of(v, cl_std_versions, ARRAY_SIZE(cl_std_versions), true)) {
            kiln_log_append(log,
                            "error: build option %s: not an OpenCL C version "
                            "(CL1.1, CL1.2, CL2.0 or CL3.0)\n",
                            w);
            return -1;
         }
         out->argv[out->argc++] = w;
      } else if (!strcmp(w, "-cl-denorms-are-zero")) {
         /* cc1's spelling; only the driver knows the OpenCL one. */
         out->argv[out->argc++] = "-fdenormal-fp-math=positive-zero";
      } else if (!strcmp(w, "-cl-no-subgroup-ifp")) {
         /* A permission to skip independent forward progress between
          * sub-groups, which kiln's waves have anyway. */
      } else if (!strcmp(w, "-g")) {
         /* LLVM 15's translator writes debug information that is not
          * valid SPIR-V, so there is none to generate yet. */
         if (!out->no_warnings)
            kiln_log_append(log, "warning: build option -g: kiln generates no debug "
                                 "information yet; ignored\n");
      } else if (!strcmp(w, "-create-library") || !strcmp(w, "-enable-link-options")) {
         kiln_log_append(log,
                         "error: build option %s is an option of clLinkProgram "
                         "(OpenCL 2.0 API 5.8.5), not of a build\n",
                         w);
         return -1;
      } else {
         out->unknown[out->num_unknown++] = w;
         out->argv[out->argc++] = w;
      }
   }
   return 0;
}

enum kiln_compile_status
kiln_clc_compile(const char *source, size_t size, const char *source_name,
                 const char *build_options, struct clc_binary *spirv, struct kiln_log *log)
{
   const char *opts = build_options ? build_options : "";
   char *buf = malloc(strlen(opts) + 1);
   char *text = malloc(size + 1);
   const char *words[MAX_BUILD_ARGS];
   const char *argv[MAX_BUILD_ARGS + NUM_CL30_FEATURES + 1];
   struct clang_args clang = { .argv = argv };
   enum kiln_compile_status status = KILN_COMPILE_ERROR_OPTIONS;
   if (!buf || !text) {
      status = KILN_COMPILE_ERROR_NO_MEMORY;
      goto out;
   }

   int num_words = split_options(opts, buf, words, MAX_BUILD_ARGS);
   if (num_words < 0) {
      kiln_log_append(log, "error: build options: unterminated quote or more than %d words: %s\n",
                      MAX_BUILD_ARGS, opts);
      goto out;
   }
   if (translate_options(words, num_words, &clang, log))
      goto out;

   for (int i = 0, n = clang.argc; i < n; i++) {
      if (!strcasecmp(argv[i], "-cl-std=CL3.0")) {
         for (unsigned f = 0; f < NUM_CL30_FEATURES; f++)
            argv[clang.argc++] = cl30_features[f];
         break;
      }
   }

   argv[clang.argc++] = extensions;

   /* The source need not be NUL-terminated; clang wants it to be. */
   memcpy(text, source, size);
   text[size] = '\0';

   struct clc_compile_args args = {
      .source = { .name = source_name ? source_name : "input.cl", .value = text },
      .args = argv,
      .num_args = clang.argc,
      .spirv_version = CLC_SPIRV_VERSION_MAX,
      .features = {
         .fp16 = true,
         .fp64 = true,
         .int64 = true,
         /* Images (OpenCL C 2.0 6.13.14): read_write ones and writes to
          * 3D images (cl_khr_3d_image_writes) too; one mip level. */
         .images = true,
         .images_read_write = true,
         .images_write_3d = true,
         .subgroups = true,
         /* cl_khr_subgroups: a sub-group is a wave, and the waves of a
          * work-group are scheduled independently of one another. */
         .subgroups_ifp = true,
         .subgroups_shuffle = true,
         .subgroups_shuffle_relative = true,
         .subgroups_ballot = true,
      },
      .address_bits = 64,
   };
   struct clc_logger logger = kiln_clc_logger(log);
   size_t log_start = log->len;
   if (clc_compile_c_to_spirv(&args, &logger, spirv, NULL)) {
      status = KILN_COMPILE_OK;
   } else {
      status = KILN_COMPILE_ERROR_SOURCE;
      /* clang refused its command line without saying why: the culprit
       * is among the options kiln did not know. */
      if (log->text && strstr(log->text + log_start, "Couldn't create Clang invocation")) {
         status = KILN_COMPILE_ERROR_OPTIONS;
         kiln_log_append(log, "error: build options: clang does not take %s",
                         clang.num_unknown ? "" : "them");
         for (unsigned i = 0; i < clang.num_unknown; i++)
            kiln_log_append(log, "%s%s", i ? " " : "", clang.unknown[i]);
         kiln_log_append(log, "%s\n", clang.num_unknown > 1 ? " (one or more of them)" : "");
      }
   }

out:
   free(buf);
   free(text);
   return status;
}
