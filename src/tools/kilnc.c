/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * kilnc: compile OpenCL C (or SPIR-V) with kiln and inspect the result.
 *
 *    kilnc [--target gfx1030|gfx900|gfx1100|tgl|dg2] [--wave64] [--simd N]
 *          [--spirv] [--dump spirv,nir,nir-final,asm] [--stats-json] [-o DIR]
 *          [--emit-spirv FILE] FILE [-- BUILD_OPTIONS...]
 *
 * tgl (Gen12) and dg2 (Gen12.5) compile through Mesa's brw in a kiln
 * built with -Dintel=true; --simd 8|16|32 picks their SIMD width (16 by
 * default), as --wave64 picks AMD's wave size.
 *
 * -o DIR writes DIR/<kernel>.bin (the code exactly as uploaded) and
 * DIR/<kernel>.json (register configuration, argument metadata, and the
 * formats of the kernel's printf calls that a launcher needs to print
 * their records: each format's strings, the format and those its %s
 * conversions print, and its arguments' sizes).  A program with __global
 * variables also gets DIR/program-globals.bin (their initial bytes) and
 * DIR/program-globals.json (their size and the relocations: the offsets
 * that hold the buffer's address plus a target offset).
 * --emit-spirv FILE writes the module's SPIR-V as kiln's front end made it
 * (the fuzzer's seed corpus is made this way).
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "kiln_compiler.h"
#include "util/os_file.h"

static const char *const arg_kind_names[] = {
   [KILN_ARG_VALUE] = "value",           [KILN_ARG_GLOBAL_PTR] = "global",
   [KILN_ARG_CONSTANT_PTR] = "constant", [KILN_ARG_LOCAL_PTR] = "local",
   [KILN_ARG_IMAGE] = "image",           [KILN_ARG_SAMPLER] = "sampler",
};

static const char *const image_type_names[] = {
   [KILN_IMAGE_NONE] = "none",
   [KILN_IMAGE_1D] = "image1d_t",
   [KILN_IMAGE_1D_BUFFER] = "image1d_buffer_t",
   [KILN_IMAGE_1D_ARRAY] = "image1d_array_t",
   [KILN_IMAGE_2D] = "image2d_t",
   [KILN_IMAGE_2D_ARRAY] = "image2d_array_t",
   [KILN_IMAGE_3D] = "image3d_t",
};

static void
usage(FILE *f)
{
   fprintf(f, "usage: kilnc [--target gfx1030|gfx900|gfx1100|tgl|dg2] [--wave64] [--simd N]\n"
              "             [--spirv] [--dump spirv,nir,nir-final,asm] [--stats-json] [-o DIR]\n"
              "             [--emit-spirv FILE] FILE [-- BUILD_OPTIONS...]\n");
}

static bool
parse_dump(const char *list, uint32_t *debug)
{
   static const struct {
      const char *name;
      uint32_t flag;
   } names[] = {
      { "spirv", KILN_DEBUG_SPIRV },         { "nir", KILN_DEBUG_NIR },
      { "nir-final", KILN_DEBUG_NIR_FINAL }, { "asm", KILN_DEBUG_ASM },
      { "stats", KILN_DEBUG_STATS },
   };
   char *copy = strdup(list), *save = NULL;
   bool ok = copy != NULL;
   for (char *tok = strtok_r(copy, ",", &save); ok && tok; tok = strtok_r(NULL, ",", &save)) {
      bool found = false;
      for (unsigned i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
         if (!strcmp(tok, names[i].name)) {
            *debug |= names[i].flag;
            found = true;
         }
      }
      if (!found) {
         fprintf(stderr, "kilnc: unknown --dump stage '%s' (spirv, nir, nir-final, asm, stats)\n",
                 tok);
         ok = false;
      }
   }
   free(copy);
   return ok;
}

static void
json_string(FILE *f, const char *s)
{
   fputc('"', f);
   for (; *s; s++) {
      if (*s == '"' || *s == '\\')
         fprintf(f, "\\%c", *s);
      else if ((unsigned char)*s < 0x20)
         fprintf(f, "\\u%04x", *s);
      else
         fputc(*s, f);
   }
   fputc('"', f);
}

static void
print_stats_json(FILE *f, const struct kiln_program *prog)
{
   fprintf(f, "[\n");
   for (unsigned i = 0; i < prog->num_kernels; i++) {
      const struct kiln_kernel *k = &prog->kernels[i];
      fprintf(f, "  {\"name\": ");
      json_string(f, k->name);
      fprintf(f,
              ", \"target\": \"%s\", \"instructions\": %u, \"code_bytes\": %u, \"vgprs\": %u, "
              "\"sgprs\": %u, \"spills\": %u, \"lds_bytes\": %u, \"scratch_bytes\": %u, "
              "\"wave_size\": %u, \"compile_ms\": %.3f}%s\n",
              kiln_target_name(prog->target), k->stats.instructions, k->stats.code_bytes,
              k->stats.vgprs, k->stats.sgprs, k->stats.spills, k->stats.lds_bytes,
              k->stats.scratch_bytes, k->stats.wave_size, k->stats.compile_ms,
              i + 1 < prog->num_kernels ? "," : "");
   }
   fprintf(f, "]\n");
}

static void
print_printf_formats_json(FILE *f, const struct kiln_kernel *k)
{
   fprintf(f, "  \"printf\": [");
   for (unsigned i = 0; i < k->num_printf_formats; i++) {
      const struct kiln_printf_format *pf = &k->printf_formats[i];
      fprintf(f, "%s\n    {\"strings\": [", i ? "," : "");
      for (unsigned pos = 0; pos < pf->string_size; pos += strlen(pf->strings + pos) + 1) {
         if (pos)
            fprintf(f, ", ");
         json_string(f, pf->strings + pos);
      }
      fprintf(f, "], \"arg_sizes\": [");
      for (unsigned a = 0; a < pf->num_args; a++)
         fprintf(f, "%s%u", a ? ", " : "", pf->arg_sizes[a]);
      fprintf(f, "]}");
   }
   fprintf(f, "%s]\n", k->num_printf_formats ? "\n  " : "");
}

static bool
is_intel(enum kiln_target target)
{
   return target == KILN_TARGET_TGL || target == KILN_TARGET_DG2;
}

/* What an Intel walker needs beyond the common fields (kiln_intel_abi.h). */
static void
print_intel_json(FILE *f, const struct kiln_kernel *k)
{
   fprintf(f,
           "  \"intel\": {\"simd_width\": %u, \"push_bytes\": %u, \"per_thread_push_bytes\": %u, "
           "\"const_data_offset\": %u, \"grf_used\": %u, \"scratch_bytes_per_thread\": %u, "
           "\"uses_barrier\": %s},\n",
           k->intel.simd_width, k->intel.push_bytes, k->intel.per_thread_push_bytes,
           k->intel.const_data_offset, k->intel.grf_used, k->intel.scratch_bytes_per_thread,
           k->intel.uses_barrier ? "true" : "false");
}

static int
write_kernel_files(const char *dir, const struct kiln_program *prog, const struct kiln_kernel *k)
{
   char path[4096];
   snprintf(path, sizeof(path), "%s/%s.bin", dir, k->name);
   FILE *f = fopen(path, "wb");
   if (!f || fwrite(k->code, 1, k->code_size, f) != k->code_size || fclose(f)) {
      fprintf(stderr, "kilnc: %s: %s\n", path, strerror(errno));
      return -1;
   }

   snprintf(path, sizeof(path), "%s/%s.json", dir, k->name);
   f = fopen(path, "w");
   if (!f) {
      fprintf(stderr, "kilnc: %s: %s\n", path, strerror(errno));
      return -1;
   }
   fprintf(f, "{\n  \"name\": ");
   json_string(f, k->name);
   fprintf(f,
           ",\n  \"target\": \"%s\",\n  \"wave_size\": %u,\n  \"code_bytes\": %u,\n"
           "  \"rsrc1\": %u,\n  \"rsrc2\": %u,\n  \"rsrc3\": %u,\n  \"user_sgprs\": %u,\n"
           "  \"lds_bytes\": %u,\n  \"scratch_bytes_per_lane\": %u,\n"
           "  \"kernarg_size\": %u,\n  \"kernarg_alloc_size\": %u,\n  \"implicit_offset\": %u,\n"
           "  \"reqd_work_group_size\": [%u, %u, %u],\n  \"args\": [\n",
           kiln_target_name(prog->target), k->wave_size, k->code_size, k->amd.rsrc1, k->amd.rsrc2,
           k->amd.rsrc3, k->amd.num_user_sgprs, k->lds_bytes, k->scratch_bytes_per_lane,
           k->kernarg_size, k->kernarg_alloc_size, k->implicit_offset, k->reqd_work_group_size[0],
           k->reqd_work_group_size[1], k->reqd_work_group_size[2]);
   for (unsigned a = 0; a < k->num_args; a++) {
      const struct kiln_kernel_arg *arg = &k->args[a];
      fprintf(f, "    {\"name\": ");
      json_string(f, arg->name);
      fprintf(f, ", \"type\": ");
      json_string(f, arg->type_name);
      fprintf(f, ", \"kind\": \"%s\", \"offset\": %u, \"size\": %u", arg_kind_names[arg->kind],
              arg->offset, arg->size);
      /* An image's type and access qualifier (its slot holds a T#). */
      if (arg->kind == KILN_ARG_IMAGE)
         fprintf(f, ", \"image\": \"%s\", \"access\": \"%s\"", image_type_names[arg->image_type],
                 arg->image_access == (KILN_IMAGE_READ | KILN_IMAGE_WRITE) ? "read_write"
                 : arg->image_access == KILN_IMAGE_WRITE                   ? "write_only"
                                                                           : "read_only");
      fprintf(f, "}%s\n", a + 1 < k->num_args ? "," : "");
   }
   fprintf(f, "  ],\n");
   if (is_intel(prog->target))
      print_intel_json(f, k);
   print_printf_formats_json(f, k);
   fprintf(f, "}\n");
   return fclose(f) ? -1 : 0;
}

static int
write_globals_files(const char *dir, const struct kiln_program *prog)
{
   char path[4096];
   snprintf(path, sizeof(path), "%s/program-globals.bin", dir);
   FILE *f = fopen(path, "wb");
   if (!f || fwrite(prog->globals_data, 1, prog->globals_size, f) != prog->globals_size ||
       fclose(f)) {
      fprintf(stderr, "kilnc: %s: %s\n", path, strerror(errno));
      return -1;
   }
   snprintf(path, sizeof(path), "%s/program-globals.json", dir);
   f = fopen(path, "w");
   if (!f) {
      fprintf(stderr, "kilnc: %s: %s\n", path, strerror(errno));
      return -1;
   }
   fprintf(f, "{\n  \"size\": %zu,\n  \"relocations\": [", prog->globals_size);
   for (unsigned i = 0; i < prog->num_globals_relocs; i++)
      fprintf(f, "%s\n    {\"offset\": %llu, \"target\": %llu}", i ? "," : "",
              (unsigned long long)prog->globals_relocs[i].offset,
              (unsigned long long)prog->globals_relocs[i].target);
   fprintf(f, "%s]\n}\n", prog->num_globals_relocs ? "\n  " : "");
   return fclose(f) ? -1 : 0;
}

static int
write_spirv(const char *path, const struct kiln_program *prog)
{
   FILE *f = fopen(path, "wb");
   if (!f || fwrite(prog->spirv, 1, prog->spirv_size, f) != prog->spirv_size || fclose(f)) {
      fprintf(stderr, "kilnc: %s: %s\n", path, strerror(errno));
      return -1;
   }
   return 0;
}

/* Joins argv[first..] into one build-options string. */
static char *
join_args(int argc, char **argv, int first)
{
   size_t len = 1;
   for (int i = first; i < argc; i++)
      len += strlen(argv[i]) * 2 + 3;
   char *s = calloc(1, len), *p = s;
   if (!s)
      return NULL;
   for (int i = first; i < argc; i++) {
      if (i > first)
         *p++ = ' ';
      /* Quote so kiln_compile's shell-like split gives back the same word. */
      *p++ = '\'';
      for (const char *c = argv[i]; *c; c++) {
         if (*c == '\'' || *c == '\\')
            *p++ = '\\';
         *p++ = *c;
      }
      *p++ = '\'';
   }
   return s;
}

int
main(int argc, char **argv)
{
   enum {
      OPT_TARGET = 256,
      OPT_WAVE64,
      OPT_SIMD,
      OPT_DUMP,
      OPT_STATS_JSON,
      OPT_SPIRV,
      OPT_EMIT_SPIRV,
      OPT_HELP
   };
   static const struct option long_opts[] = {
      { "target", required_argument, NULL, OPT_TARGET },
      { "wave64", no_argument, NULL, OPT_WAVE64 },
      { "simd", required_argument, NULL, OPT_SIMD },
      { "dump", required_argument, NULL, OPT_DUMP },
      { "stats-json", no_argument, NULL, OPT_STATS_JSON },
      { "spirv", no_argument, NULL, OPT_SPIRV },
      { "emit-spirv", required_argument, NULL, OPT_EMIT_SPIRV },
      { "help", no_argument, NULL, OPT_HELP },
      { NULL, 0, NULL, 0 },
   };
   struct kiln_compile_options options = { .target = KILN_TARGET_GFX1030 };
   bool stats_json = false;
   const char *out_dir = NULL, *spirv_path = NULL;
   int c;

   while ((c = getopt_long(argc, argv, "+o:h", long_opts, NULL)) != -1) {
      switch (c) {
      case OPT_TARGET:
         if (!kiln_target_from_name(optarg, &options.target)) {
            fprintf(stderr, "kilnc: unknown target '%s' (gfx900, gfx1030, gfx1100, tgl, dg2)\n",
                    optarg);
            return 2;
         }
         break;
      case OPT_WAVE64:
         options.wave_size = 64;
         break;
      case OPT_SIMD:
         if (strcmp(optarg, "8") && strcmp(optarg, "16") && strcmp(optarg, "32")) {
            fprintf(stderr, "kilnc: --simd takes 8, 16 or 32, not '%s'\n", optarg);
            return 2;
         }
         options.wave_size = atoi(optarg);
         break;
      case OPT_DUMP:
         if (!parse_dump(optarg, &options.debug))
            return 2;
         break;
      case OPT_STATS_JSON:
         stats_json = true;
         break;
      case OPT_SPIRV:
         options.source_kind = KILN_SOURCE_SPIRV;
         break;
      case 'o':
         out_dir = optarg;
         break;
      case OPT_EMIT_SPIRV:
         spirv_path = optarg;
         break;
      case 'h':
      case OPT_HELP:
         usage(stdout);
         return 0;
      default:
         usage(stderr);
         return 2;
      }
   }
   if (optind >= argc) {
      usage(stderr);
      return 2;
   }
   const char *path = argv[optind++];
   if (optind < argc && !strcmp(argv[optind], "--"))
      optind++;
   char *build_options = join_args(argc, argv, optind);

   size_t size = 0;
   char *source = os_read_file(path, &size);
   if (!source) {
      fprintf(stderr, "kilnc: %s: %s\n", path, strerror(errno));
      free(build_options);
      return 1;
   }
   if (options.source_kind != KILN_SOURCE_SPIRV && size >= 4 &&
       *(const uint32_t *)source == 0x07230203)
      options.source_kind = KILN_SOURCE_SPIRV;
   options.source_name = path;
   options.build_options = build_options;

   /* The library prints the IR stages to stderr; kilnc prints the machine
    * code itself, on stdout. */
   uint32_t dump = options.debug;
   options.debug &= ~(KILN_DEBUG_ASM | KILN_DEBUG_STATS);

   struct kiln_program *prog = NULL;
   char *log = NULL;
   enum kiln_compile_status status = kiln_compile(source, size, &options, &prog, &log);
   if (log && *log)
      fputs(log, stderr);
   free(log);
   free(source);
   free(build_options);
   if (status != KILN_COMPILE_OK)
      return 1;

   int ret = 0;
   if (out_dir) {
      if (mkdir(out_dir, 0777) && errno != EEXIST) {
         fprintf(stderr, "kilnc: %s: %s\n", out_dir, strerror(errno));
         ret = 1;
      }
      for (unsigned i = 0; !ret && i < prog->num_kernels; i++)
         ret = write_kernel_files(out_dir, prog, &prog->kernels[i]) ? 1 : 0;
      if (!ret && prog->globals_size)
         ret = write_globals_files(out_dir, prog) ? 1 : 0;
   }
   if (!ret && spirv_path)
      ret = write_spirv(spirv_path, prog) ? 1 : 0;
   if (dump & KILN_DEBUG_ASM) {
      for (unsigned i = 0; i < prog->num_kernels; i++)
         printf("; kernel %s (%s, %s%u)\n%s\n", prog->kernels[i].name,
                kiln_target_name(prog->target), is_intel(prog->target) ? "simd" : "wave",
                prog->kernels[i].wave_size, prog->kernels[i].disasm ? prog->kernels[i].disasm : "");
   }
   if (stats_json)
      print_stats_json(stdout, prog);
   kiln_program_free(prog);
   return ret;
}
