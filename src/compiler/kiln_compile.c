/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * kiln_compile(): OpenCL C (or SPIR-V) to per-kernel machine code.
 *
 *    source --clc--> SPIR-V --SPIRV-Tools validate--> clc_parse_spirv (kernels, args)
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

enum kiln_compile_status
kiln_compile(const void *source, size_t size, const struct kiln_compile_options *options,
             struct kiln_program **out, char **log_out)
{
   struct kiln_log log = { 0 };
   struct clc_binary spirv = { 0 };
   struct clc_binary stripped = { 0 };
   struct kiln_spirv_globals globals = { 0 };
   struct kiln_spirv_blocks blocks = { 0 };
   struct clc_binary lowered = { 0 };
   struct clc_parsed_spirv parsed = { 0 };
   bool parsed_ok = false;
   uint32_t debug = options->debug | kiln_debug_flags();
   enum kiln_compile_status status = KILN_COMPILE_OK;
   struct kiln_program *prog = NULL;

   *out = NULL;
   unsigned wave_size = options->wave_size;
   const struct kiln_backend *backend = kiln_backend_choose(options->target, &wave_size, &log);
   if (!backend) {
      status = KILN_COMPILE_ERROR_OPTIONS;
      goto done;
   }

   glsl_type_singleton_init_or_ref();

   status = get_spirv(source, size, options, &spirv, &log);
   if (status == KILN_COMPILE_OK && !(prog = calloc(1, sizeof(*prog))))
      status = KILN_COMPILE_ERROR_NO_MEMORY;
   if (status == KILN_COMPILE_OK)
      status =
         kiln_spirv_lower_enqueue(&spirv, wave_size, options->source_name, &lowered, &blocks, &log);
   /* The program keeps the front end's module; its kernels compile from
    * the one with device-side enqueue lowered. */
   const struct clc_binary *front = lowered.data ? &lowered : &spirv;
   /* The device queue and its drain exist for AMD devices only. */
   if (status == KILN_COMPILE_OK && blocks.device_enqueue && backend != &kiln_backend_amd) {
      kiln_log_append(&log,
                      "error: %s: device-side enqueue (OpenCL C 2.0 6.13.17) is not "
                      "supported on %s targets yet\n",
                      options->source_name ? options->source_name : "input", backend->name);
      status = KILN_COMPILE_ERROR_UNSUPPORTED;
   }
   /* The kernels compile from a module without the initialisers of the
    * program's __global variables, which the program carries instead
    * (LLVM's translator writes some of them as constants SPIR-V does not
    * allow, which validation would refuse). */
   if (status == KILN_COMPILE_OK)
      status = kiln_spirv_take_globals(front, prog, &globals, &stripped, &log);
   const struct clc_binary *module = stripped.data ? &stripped : front;
   if (status == KILN_COMPILE_OK)
      status = kiln_spirv_validate(module, &log);
   if (status != KILN_COMPILE_OK)
      goto done_types;
   if (debug & KILN_DEBUG_SPIRV)
      kiln_spirv_print(module);

   struct clc_logger logger = kiln_clc_logger(&log);
   parsed_ok = clc_parse_spirv(module, &logger, &parsed);
   if (!parsed_ok) {
      status = KILN_COMPILE_ERROR_SPIRV;
      goto done_types;
   }

   const char *feature = kiln_spirv_unsupported_feature(module);
   if (feature) {
      kiln_log_append(&log, "error: %s: ", options->source_name ? options->source_name : "input");
      /* clang's block-invoke kernels ("__..._block_invoke_kernel") are not
       * the user's; name only the kernels the source declares. */
      bool first = true;
      for (unsigned i = 0; i < parsed.num_kernels; i++) {
         if (strncmp(parsed.kernels[i].name, "__", 2)) {
            kiln_log_append(&log, "%skernel %s", first ? "" : ", ", parsed.kernels[i].name);
            first = false;
         }
      }
      kiln_log_append(&log, ": %s is not supported yet\n", feature);
      status = KILN_COMPILE_ERROR_UNSUPPORTED;
      goto done_types;
   }

   if (!(prog->kernels = calloc(parsed.num_kernels + 1, sizeof(*prog->kernels)))) {
      status = KILN_COMPILE_ERROR_NO_MEMORY;
      goto done_types;
   }
   prog->target = options->target;
   for (unsigned i = 0; i < parsed.num_kernels && status == KILN_COMPILE_OK; i++) {
      status = compile_kernel(backend, module, &parsed.kernels[i], options, wave_size, &globals,
                              debug, &prog->kernels[i], &log);
      prog->num_kernels = i + 1;
   }

   /* A record names its block's kernel by its index among the entry
    * points, which must be its index in the program. */
   for (unsigned b = 0; b < blocks.num && status == KILN_COMPILE_OK; b++) {
      struct kiln_kernel *k =
         blocks.index[b] < prog->num_kernels ? &prog->kernels[blocks.index[b]] : NULL;
      if (!k || strcmp(k->name, blocks.name[b])) {
         kiln_log_append(&log,
                         "error: device-side enqueue: the program's kernel %u is %s, "
                         "not the enqueued block's %s\n",
                         blocks.index[b], k ? k->name : "missing", blocks.name[b]);
         status = KILN_COMPILE_ERROR_SPIRV;
      } else {
         k->enqueued_block = true;
      }
   }

done_types:
   free(stripped.data);
   free(lowered.data);
   kiln_spirv_globals_finish(&globals);
   kiln_spirv_blocks_finish(&blocks);
   glsl_type_singleton_decref();
done:
   if (parsed_ok)
      clc_free_parsed_spirv(&parsed);
   if (status == KILN_COMPILE_OK) {
      prog->spirv = spirv.data;
      prog->spirv_size = spirv.size;
      prog->log = log.text ? strdup(log.text) : NULL;
      *out = prog;
   } else {
      free(spirv.data);
      kiln_program_free(prog);
   }
   if (log_out)
      *log_out = kiln_log_take(&log);
   else
      free(kiln_log_take(&log));
   return status;
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
