/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * kiln_compile_nir(): a kernel that arrives as NIR (from Rusticl, through
 * kiln's Gallium driver) joins kiln_compile()'s path at the backend.  The
 * front end that built it has already lowered explicit I/O, its own
 * launch values (global offset, work_dim, global size, number of groups)
 * to kernel inputs and the work-item ids to work-group ids, sizes and local
 * ids; what is left for kiln's kernel ABI is load_kernel_input and the
 * enqueued work-group size.
 */
#include "kiln_compiler_nir.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kiln_backend.h"
#include "kiln_cl_library.h"
#include "kiln_compiler_internal.h"
#include "kiln_nir_passes.h"
#include "nir.h"
#include "spirv/nir_spirv.h"
#include "spirv_info.h"
#include "util/mesa-blake3.h"
#include "util/os_time.h"
#include "util/simple_mtx.h"

/* Each target's, made when first asked for: a screen asks for its own
 * target's only, and an Intel target's would create a brw compiler. */
static nir_shader_compiler_options front_end_options[KILN_NUM_TARGETS];
static bool front_end_options_ready[KILN_NUM_TARGETS];
static simple_mtx_t front_end_options_lock = SIMPLE_MTX_INITIALIZER;

const nir_shader_compiler_options *
kiln_compiler_nir_options(enum kiln_target target)
{
   const struct kiln_backend *backend = kiln_backend_for_target(target);
   if (!backend)
      return NULL; /* a backend this build leaves out */
   simple_mtx_lock(&front_end_options_lock);
   if (!front_end_options_ready[target]) {
      front_end_options[target] = *backend->nir_options(target);
      front_end_options[target].lower_fdiv = false;
      front_end_options_ready[target] = true;
   }
   simple_mtx_unlock(&front_end_options_lock);
   return &front_end_options[target];
}

/* The front end's NIR as the backend takes it; kiln's own CL passes ran
 * inside the front end's pipeline (kiln_frontend_*() below). */
static void
prepare(nir_shader *nir, const struct kiln_backend *backend, enum kiln_target target,
        unsigned wave_size)
{
   nir->options = backend->nir_options(target);
   nir->info.workgroup_size_variable = nir->info.workgroup_size[0] == 0;
   nir->info.subgroup_size = (enum gl_subgroup_size)wave_size; /* SUBGROUP_SIZE_REQUIRE_N is N */
   nir_shader_gather_info(nir, nir_shader_get_entrypoint(nir));
}

/* Program-scope __global variables need a buffer per program
 * (kiln_amd_abi.h): a kernel that addresses one is refused unless the
 * caller names the buffer in its launches. */
bool
kiln_nir_uses_program_globals(const nir_shader *nir)
{
   nir_foreach_function_impl (impl, nir) {
      nir_foreach_block (block, impl) {
         nir_foreach_instr (instr, block) {
            if (instr->type == nir_instr_type_intrinsic &&
                nir_instr_as_intrinsic(instr)->intrinsic == nir_intrinsic_load_global_base_ptr)
               return true;
         }
      }
   }
   return false;
}

enum kiln_compile_status
kiln_compile_nir(nir_shader *nir, const struct kiln_nir_kernel_options *options,
                 struct kiln_kernel **out, char **log_out)
{
   int64_t start = os_time_get_nano();
   uint32_t debug = options->debug | kiln_debug_flags();
   unsigned wave_size = options->wave_size;
   struct kiln_log log = { 0 };
   enum kiln_compile_status status = KILN_COMPILE_ERROR_NO_MEMORY;
   struct kiln_kernel *k = NULL;

   *out = NULL;
   const struct kiln_backend *backend = kiln_backend_choose(options->target, &wave_size, &log);
   if (!backend) {
      status = KILN_COMPILE_ERROR_OPTIONS;
      goto done;
   }
   k = calloc(1, sizeof(*k));
   if (!k || !(k->name = strdup(options->name ? options->name : "kernel")))
      goto done;

   if (!options->program_globals && kiln_nir_uses_program_globals(nir)) {
      kiln_log_append(&log,
                      "error: kernel %s: its program's __global variables (OpenCL C "
                      "2.0 6.5.1) have no buffer: the front end did not keep them\n",
                      k->name);
      status = KILN_COMPILE_ERROR_UNSUPPORTED;
      goto done;
   }
   prepare(nir, backend, options->target, wave_size);
   k->kernarg_size = options->input_size;
   if (!nir->info.workgroup_size_variable) {
      for (unsigned i = 0; i < 3; i++)
         k->reqd_work_group_size[i] = nir->info.workgroup_size[i];
   }
   k->max_work_group_size =
      nir->info.workgroup_size_variable
         ? 1024
         : nir->info.workgroup_size[0] * nir->info.workgroup_size[1] * nir->info.workgroup_size[2];

   status = kiln_backend_compile_kernel(backend, nir, options->target, wave_size, debug, k, &log);
   k->stats.compile_ms = (os_time_get_nano() - start) / 1e6;

done:
   ralloc_free(nir);
   if (status == KILN_COMPILE_OK) {
      *out = k;
   } else {
      kiln_kernel_free(k);
   }
   if (log_out)
      *log_out = kiln_log_take(&log);
   else
      free(kiln_log_take(&log));
   return status;
}

/* A kernel of a program that enqueues carries the program's key (as for
 * __global variables) and, for an enqueued block's invoke kernel, its
 * entry point index + 1 and number of __local arguments in
 * nir->info.cs.shader_index (KILN_FRONTEND_BLOCK_*), which survive a
 * front end's cache of the NIR. */
static void
mark_device_enqueue(nir_shader *nir, const uint32_t *words, size_t word_count,
                    const struct kiln_spirv_blocks *blocks, const char *entry_point)
{
   _mesa_blake3_compute(words, word_count * 4, nir->info.source_blake3);
   nir->info.cs.shader_index = 0;
   for (unsigned b = 0; b < blocks->num; b++) {
      if (strcmp(blocks->name[b], entry_point))
         continue;
      unsigned num_args = 0;
      nir_foreach_variable_with_modes (var, nir, nir_var_uniform)
         num_args = MAX2(num_args, (unsigned)var->data.location + 1);
      nir->info.cs.shader_index = (blocks->index[b] + 1) | (MAX2(num_args, 1) - 1)
                                                              << KILN_FRONTEND_BLOCK_LOCALS_SHIFT;
   }
}

/* One call of kiln_frontend_spirv_to_nir(). */
struct frontend {
   const char *entry_point;
   unsigned wave_size;
   struct clc_binary spirv; /* the front end's module, copied to be prepared */
   struct kiln_spirv_prepared prepared;
   struct kiln_program program; /* the program's __global variables */
   struct kiln_log log;
};

static bool
prepare_module(struct frontend *f, const uint32_t *words, size_t word_count)
{
   f->spirv.data = malloc(word_count * 4);
   if (!f->spirv.data)
      return false;
   memcpy(f->spirv.data, words, word_count * 4);
   f->spirv.size = word_count * 4;
   const struct kiln_spirv_prepare_options options = {
      .wave_size = f->wave_size,
      .source_name = f->entry_point,
   };
   return kiln_spirv_prepare(&f->spirv, &options, &f->program, &f->prepared, &f->log) ==
          KILN_COMPILE_OK;
}

/* The front end's options with kiln's CL library (libclc and kiln's own
 * built-ins) in place of its libclc: its functions are linked after
 * spirv_to_nir, so the front end's own linking finds nothing left to
 * link.  False when the library could not be made. */
static bool
spirv_options(const struct spirv_to_nir_options *options,
              const nir_shader_compiler_options *nir_options, enum kiln_target target,
              struct spirv_to_nir_options *opts, struct spirv_capabilities *caps,
              struct kiln_log *log)
{
   *opts = *options;
   opts->clc_shader = kiln_cl_library(target, options, nir_options, log);
   /* The front end's capabilities and kiln's 64-bit atomics (OpenCL C
    * 2.0's atomic_long, atomic_ulong and atomic_double). */
   *caps = *options->capabilities;
   caps->Int64Atomics = true;
   /* The device library's functions device-side enqueue calls are declared
    * with Import linkage (kiln_spirv_enqueue.c). */
   caps->Linkage = true;
   opts->capabilities = caps;
   return opts->clc_shader != NULL;
}

/* The program's buffer of __global variables for the caller, which the
 * kernel addresses at the offsets the preparation laid out (kiln_compile()
 * does the same); false when spirv_to_nir laid them out otherwise. */
static bool
keep_program_globals(struct frontend *f, nir_shader *nir, const uint32_t *words, size_t word_count,
                     struct kiln_frontend_globals *globals)
{
   if (!kiln_cl_nir_lower_program_globals(nir, f->prepared.module, &f->prepared.globals,
                                          f->entry_point, &f->log))
      return false;
   _mesa_blake3_compute(words, word_count * 4, globals->key);
   memcpy(nir->info.source_blake3, globals->key, sizeof(globals->key));
   globals->size = f->program.globals_size;
   globals->data = f->program.globals_data;
   globals->relocs = f->program.globals_relocs;
   globals->num_relocs = f->program.num_globals_relocs;
   f->program.globals_data = NULL;
   f->program.globals_relocs = NULL;
   return true;
}

/* Releases what the call made, saying why when there is no kernel. */
static void
frontend_finish(struct frontend *f, bool failed)
{
   free(f->program.globals_data);
   free(f->program.globals_relocs);
   kiln_spirv_prepared_finish(&f->prepared);
   free(f->spirv.data);
   char *text = kiln_log_take(&f->log);
   if (failed && text && *text)
      fprintf(stderr, "kiln: kernel %s: %s", f->entry_point, text);
   free(text);
}

/* kiln's CL passes on vtn's NIR, its library linked in, and the launch
 * values kiln gives that the front end does not know of. */
static void
lower_frontend_nir(nir_shader *nir, const nir_shader *library, enum kiln_target target,
                   unsigned wave_size)
{
   kiln_cl_nir_lower_vtn(nir, target, wave_size);
   kiln_cl_nir_link_library(nir, library, target);
   /* Partial work-groups: Rusticl launches them for non-uniform work-groups
    * (mesa-rusticl-non-uniform-work-groups.patch). */
   NIR_PASS(_, nir, kiln_nir_lower_partial_local_size);
   NIR_PASS(_, nir, kiln_nir_lower_subgroup_size, wave_size);
   /* An enqueued block's launch values come from the device queue's drain,
    * which writes kiln's implicit arguments, not the front end's inputs. */
   if (nir->info.cs.shader_index & KILN_FRONTEND_BLOCK_INDEX_MASK) {
      NIR_PASS(_, nir, nir_lower_system_values);
      const nir_lower_compute_system_values_options sysval_opts = {
         .has_base_global_invocation_id = true,
         .has_global_size = true,
      };
      NIR_PASS(_, nir, nir_lower_compute_system_values, &sysval_opts);
      NIR_PASS(_, nir, kiln_nir_lower_launch_sysvals);
   }
}

nir_shader *
kiln_frontend_spirv_to_nir(const uint32_t *words, size_t word_count,
                           struct nir_spirv_specialization *spec, unsigned num_spec,
                           const char *entry_point, const struct spirv_to_nir_options *options,
                           const nir_shader_compiler_options *nir_options, enum kiln_target target,
                           unsigned wave_size, struct kiln_frontend_globals *globals)
{
   memset(globals, 0, sizeof(*globals));
   struct frontend f = {
      .entry_point = entry_point,
      .wave_size =
         wave_size ? wave_size : kiln_backend_for_target(target)->default_wave_size(target),
   };
   struct spirv_to_nir_options opts;
   struct spirv_capabilities caps;
   nir_shader *nir = NULL;
   if (prepare_module(&f, words, word_count) &&
       spirv_options(options, nir_options, target, &opts, &caps, &f.log)) {
      const struct clc_binary *module = f.prepared.module;
      nir = spirv_to_nir(module->data, module->size / 4, spec, num_spec, MESA_SHADER_KERNEL,
                         entry_point, &opts, nir_options);
   }
   /* Device-side enqueue lowered to calls into kiln's device library, as
    * kiln_compile() does; the blocks list the block kernels by entry point. */
   if (nir && f.prepared.blocks.device_enqueue)
      mark_device_enqueue(nir, words, word_count, &f.prepared.blocks, entry_point);
   if (nir && f.prepared.globals.num_vars &&
       !keep_program_globals(&f, nir, words, word_count, globals)) {
      ralloc_free(nir);
      nir = NULL;
   }
   frontend_finish(&f, !nir);
   if (nir)
      lower_frontend_nir(nir, opts.clc_shader, target, f.wave_size);
   return nir;
}

void
kiln_frontend_globals_finish(struct kiln_frontend_globals *globals)
{
   free(globals->data);
   free(globals->relocs);
   memset(globals, 0, sizeof(*globals));
}

bool
kiln_frontend_uses_device_queue(nir_shader *nir)
{
   return kiln_nir_uses_device_queue(nir);
}

void
kiln_frontend_lower_before_io(nir_shader *nir, enum kiln_target target)
{
   kiln_cl_nir_lower_before_io(nir, target);
}
