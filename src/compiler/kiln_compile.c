/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * kiln_compile(): OpenCL C (or SPIR-V) to per-kernel machine code.
 *
 *    source --clc--> SPIR-V --kiln_spirv_prepare (rewrites, validation)-->
 *    clc_parse_spirv (kernels, args)
 *    per kernel: spirv_to_nir + CL lowering --> the target's backend
 *                (kiln_backend.h: for AMD, the kernel ABI and ACO)
 *
 * KILN_DEBUG=spirv,nir,nir-final,asm,stats prints the stages as they pass.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kiln_backend.h"
#include "kiln_compiler_nir.h"
#include "kiln_compiler_internal.h"
#include "kiln_nir_passes.h"

#include "compiler/clc/clc.h"
#include "compiler/glsl_types.h"
#include "util/os_time.h"
#include "util/u_debug.h"

static const char *const target_names[] = {
   [KILN_TARGET_GFX900] = "gfx900",   [KILN_TARGET_GFX1030] = "gfx1030",
   [KILN_TARGET_GFX1100] = "gfx1100", [KILN_TARGET_TGL] = "tgl",
   [KILN_TARGET_DG2] = "dg2",
};

const char *
kiln_target_name(enum kiln_target target)
{
   return (unsigned)target < ARRAY_SIZE(target_names) ? target_names[target] : "unknown";
}

bool
kiln_target_from_name(const char *name, enum kiln_target *target)
{
   for (unsigned i = 0; i < ARRAY_SIZE(target_names); i++) {
      if (!strcmp(name, target_names[i])) {
         *target = i;
         return true;
      }
   }
   return false;
}

static void
print_kernel(const struct kiln_kernel *k, uint32_t debug)
{
   if ((debug & KILN_DEBUG_ASM) && k->disasm)
      fprintf(stderr, "kiln: %s machine code:\n%s\n", k->name, k->disasm);
   if (debug & KILN_DEBUG_STATS) {
      fprintf(stderr,
              "kiln: %s: %u instructions, %u bytes, %u VGPRs, %u SGPRs, %u LDS bytes, "
              "%u scratch bytes/lane, wave%u, %.2f ms\n",
              k->name, k->stats.instructions, k->stats.code_bytes, k->stats.vgprs, k->stats.sgprs,
              k->stats.lds_bytes, k->stats.scratch_bytes, k->stats.wave_size, k->stats.compile_ms);
   }
}

static enum kiln_compile_status
compile_kernel(const struct kiln_backend *backend, const struct clc_binary *spirv,
               const struct clc_kernel_info *info, const struct kiln_compile_options *options,
               unsigned wave_size, const struct kiln_spirv_globals *globals, uint32_t debug,
               struct kiln_kernel *k, struct kiln_log *log)
{
   int64_t start = os_time_get_nano();
   k->name = strdup(info->name);
   if (!k->name)
      return KILN_COMPILE_ERROR_NO_MEMORY;

   nir_shader *nir =
      kiln_cl_to_nir(spirv, info->name, options->target, wave_size, globals, debug, log);
   if (!nir)
      return KILN_COMPILE_ERROR_SPIRV;

   k->uses_device_queue = kiln_nir_uses_device_queue(nir);
   enum kiln_compile_status status = kiln_kernel_args_fill(k, info, spirv, nir, log);
   if (status == KILN_COMPILE_OK)
      status = kiln_printf_formats_fill(k, nir);
   if (status == KILN_COMPILE_OK) {
      for (unsigned i = 0; i < 3; i++)
         k->reqd_work_group_size[i] = info->local_size[i];
      k->max_work_group_size = info->local_size[0]
                                  ? info->local_size[0] * info->local_size[1] * info->local_size[2]
                                  : 1024;

      status = kiln_backend_compile_kernel(backend, nir, options->target, wave_size, debug, k, log);
   }
   ralloc_free(nir);

   /* Front end and NIR lowering belong to the kernel's compile time too. */
   k->stats.compile_ms = (os_time_get_nano() - start) / 1e6;
   if (status == KILN_COMPILE_OK)
      print_kernel(k, debug);
   return status;
}

static enum kiln_compile_status
get_spirv(const void *source, size_t size, const struct kiln_compile_options *options,
          struct clc_binary *spirv, struct kiln_log *log)
{
   if (options->source_kind == KILN_SOURCE_SPIRV) {
      spirv->data = malloc(size ? size : 1);
      if (!spirv->data)
         return KILN_COMPILE_ERROR_NO_MEMORY;
      memcpy(spirv->data, source, size);
      spirv->size = size;
      return KILN_COMPILE_OK;
   }
   return kiln_clc_compile(source, size, options->source_name, options->build_options, spirv, log);
}

/* One call of kiln_compile(), from source to program. */
struct compile {
   const struct kiln_compile_options *options;
   const struct kiln_backend *backend;
   unsigned wave_size;
   uint32_t debug;
   /* The front end's module, repaired: the program keeps it. */
   struct clc_binary spirv;
   /* The module the kernels compile from, and what preparing it found. */
   struct kiln_spirv_prepared prepared;
   struct clc_parsed_spirv parsed;
   bool parsed_ok;
   struct kiln_program *prog;
   struct kiln_log log;
};

static const char *
source_name(const struct compile *c)
{
   return c->options->source_name ? c->options->source_name : "input";
}

static enum kiln_compile_status
prepare_spirv(struct compile *c)
{
   const struct kiln_spirv_prepare_options options = {
      .wave_size = c->wave_size,
      .source_name = c->options->source_name,
      .backend = c->backend,
   };
   enum kiln_compile_status status =
      kiln_spirv_prepare(&c->spirv, &options, c->prog, &c->prepared, &c->log);
   if (status == KILN_COMPILE_OK && (c->debug & KILN_DEBUG_SPIRV))
      kiln_spirv_print(c->prepared.module);
   return status;
}

/* The kernels and their arguments, as the front end reads them. */
static enum kiln_compile_status
parse_kernels(struct compile *c)
{
   struct clc_logger logger = kiln_clc_logger(&c->log);
   c->parsed_ok = clc_parse_spirv(c->prepared.module, &logger, &c->parsed);
   return c->parsed_ok ? KILN_COMPILE_OK : KILN_COMPILE_ERROR_SPIRV;
}

static enum kiln_compile_status
refuse_unsupported_features(struct compile *c)
{
   const char *feature = kiln_spirv_unsupported_feature(c->prepared.module);
   if (!feature)
      return KILN_COMPILE_OK;
   kiln_log_append(&c->log, "error: %s: ", source_name(c));
   /* clang's block-invoke kernels ("__..._block_invoke_kernel") are not
    * the user's; name only the kernels the source declares. */
   bool first = true;
   for (unsigned i = 0; i < c->parsed.num_kernels; i++) {
      if (strncmp(c->parsed.kernels[i].name, "__", 2)) {
         kiln_log_append(&c->log, "%skernel %s", first ? "" : ", ", c->parsed.kernels[i].name);
         first = false;
      }
   }
   kiln_log_append(&c->log, ": %s is not supported yet\n", feature);
   return KILN_COMPILE_ERROR_UNSUPPORTED;
}

static enum kiln_compile_status
compile_kernels(struct compile *c)
{
   struct kiln_program *prog = c->prog;
   if (!(prog->kernels = calloc(c->parsed.num_kernels + 1, sizeof(*prog->kernels))))
      return KILN_COMPILE_ERROR_NO_MEMORY;
   prog->target = c->options->target;
   enum kiln_compile_status status = KILN_COMPILE_OK;
   for (unsigned i = 0; i < c->parsed.num_kernels && status == KILN_COMPILE_OK; i++) {
      status =
         compile_kernel(c->backend, c->prepared.module, &c->parsed.kernels[i], c->options,
                        c->wave_size, &c->prepared.globals, c->debug, &prog->kernels[i], &c->log);
      prog->num_kernels = i + 1;
   }
   return status;
}

/* A record names its block's kernel by its index among the entry points,
 * which must be its index in the program. */
static enum kiln_compile_status
mark_enqueued_blocks(struct compile *c)
{
   const struct kiln_spirv_blocks *blocks = &c->prepared.blocks;
   for (unsigned b = 0; b < blocks->num; b++) {
      struct kiln_kernel *k =
         blocks->index[b] < c->prog->num_kernels ? &c->prog->kernels[blocks->index[b]] : NULL;
      if (!k || strcmp(k->name, blocks->name[b])) {
         kiln_log_append(&c->log,
                         "error: device-side enqueue: the program's kernel %u is %s, "
                         "not the enqueued block's %s\n",
                         blocks->index[b], k ? k->name : "missing", blocks->name[b]);
         return KILN_COMPILE_ERROR_SPIRV;
      }
      k->enqueued_block = true;
   }
   return KILN_COMPILE_OK;
}

static enum kiln_compile_status
compile_program(struct compile *c, const void *source, size_t size)
{
   enum kiln_compile_status status = get_spirv(source, size, c->options, &c->spirv, &c->log);
   if (status == KILN_COMPILE_OK && !(c->prog = calloc(1, sizeof(*c->prog))))
      status = KILN_COMPILE_ERROR_NO_MEMORY;
   if (status == KILN_COMPILE_OK)
      status = prepare_spirv(c);
   if (status == KILN_COMPILE_OK)
      status = parse_kernels(c);
   if (status == KILN_COMPILE_OK)
      status = refuse_unsupported_features(c);
   if (status == KILN_COMPILE_OK)
      status = compile_kernels(c);
   if (status == KILN_COMPILE_OK)
      status = mark_enqueued_blocks(c);
   return status;
}

/* The program (which keeps the front end's module) and the log to the
 * caller, or only the log. */
static enum kiln_compile_status
hand_out(struct compile *c, enum kiln_compile_status status, struct kiln_program **out,
         char **log_out)
{
   if (c->parsed_ok)
      clc_free_parsed_spirv(&c->parsed);
   if (status == KILN_COMPILE_OK) {
      c->prog->spirv = c->spirv.data;
      c->prog->spirv_size = c->spirv.size;
      c->prog->log = c->log.text ? strdup(c->log.text) : NULL;
      *out = c->prog;
   } else {
      free(c->spirv.data);
      kiln_program_free(c->prog);
   }
   if (log_out)
      *log_out = kiln_log_take(&c->log);
   else
      free(kiln_log_take(&c->log));
   return status;
}

enum kiln_compile_status
kiln_compile(const void *source, size_t size, const struct kiln_compile_options *options,
             struct kiln_program **out, char **log_out)
{
   struct compile c = {
      .options = options,
      .wave_size = options->wave_size,
      .debug = options->debug | kiln_debug_flags(),
   };
   enum kiln_compile_status status = KILN_COMPILE_ERROR_OPTIONS;

   *out = NULL;
   c.backend = kiln_backend_choose(options->target, &c.wave_size, &c.log);
   if (c.backend) {
      glsl_type_singleton_init_or_ref();
      status = compile_program(&c, source, size);
      kiln_spirv_prepared_finish(&c.prepared);
      glsl_type_singleton_decref();
   }
   return hand_out(&c, status, out, log_out);
}

/* Frees what a kernel owns, not the struct itself. */
static void
kernel_finish(struct kiln_kernel *k)
{
   for (unsigned a = 0; a < k->num_args && k->args; a++) {
      free(k->args[a].name);
      free(k->args[a].type_name);
   }
   free(k->args);
   free(k->name);
   free(k->code);
   free(k->disasm);
   kiln_printf_formats_free(k);
}

void
kiln_kernel_free(struct kiln_kernel *kernel)
{
   if (!kernel)
      return;
   kernel_finish(kernel);
   free(kernel);
}

void
kiln_program_free(struct kiln_program *prog)
{
   if (!prog)
      return;
   for (unsigned i = 0; i < prog->num_kernels; i++)
      kernel_finish(&prog->kernels[i]);
   free(prog->kernels);
   free(prog->spirv);
   free(prog->log);
   free(prog->globals_data);
   free(prog->globals_relocs);
   free(prog);
}

const struct kiln_kernel *
kiln_program_find_kernel(const struct kiln_program *prog, const char *name)
{
   for (unsigned i = 0; i < prog->num_kernels; i++) {
      if (!strcmp(prog->kernels[i].name, name))
         return &prog->kernels[i];
   }
   return NULL;
}
