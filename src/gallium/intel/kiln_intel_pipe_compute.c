/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Intel compute states: the front end's NIR compiled by kiln_compile_nir()
 * for the screen's target (the backend path `kilnc --target tgl|dg2`
 * takes), once, when the state is created.  drivers/intel uploads the
 * code with each launch's batch, so the state is only the compiled
 * kernel.  A kernel the Intel path cannot launch (one that enqueues or is
 * an enqueued block) gets no state: Rusticl then
 * fails the program's build, and the reason, naming the kernel, goes to
 * stderr.
 */
#include "kiln_intel_pipe.h"

#include <stdio.h>
#include <stdlib.h>

#include "kiln_compiler_nir.h"
#include "dev/intel_device_info.h"
#include "nir.h"
#include "util/u_memory.h"

/* What the Intel path cannot launch, seen in the front end's NIR. */
static const char *
refusal_before(nir_shader *nir)
{
   if (kiln_frontend_uses_device_queue(nir) ||
       (nir->info.cs.shader_index & KILN_FRONTEND_BLOCK_INDEX_MASK))
      return "device-side enqueue (drivers/intel has no device queue)";
   return NULL;
}

static void *
kiln_intel_create_compute_state(struct pipe_context *pctx, const struct pipe_compute_state *cso)
{
   struct kiln_intel_screen *screen = kiln_intel_screen(pctx->screen);
   if (cso->ir_type != PIPE_SHADER_IR_NIR)
      return NULL;
   nir_shader *nir = (nir_shader *)cso->prog;
   const char *name = kiln_pipe_kernel_name(nir);
   const char *refused = refusal_before(nir);
   if (refused) {
      fprintf(stderr, "kiln: kernel %s needs %s, which kiln cannot launch on %s yet\n", name,
              refused, screen->name);
      ralloc_free(nir);
      return NULL;
   }

   struct kiln_intel_compute_state *cs = CALLOC_STRUCT(kiln_intel_compute_state);
   if (!cs) {
      ralloc_free(nir);
      return NULL;
   }
   cs->static_shared_mem = cso->static_shared_mem;
   /* The program's __global variables, found by the key the SPIR-V-to-NIR
    * hook gave its kernels (kiln_pipe_globals.c). */
   if (kiln_nir_uses_program_globals(nir))
      cs->globals = kiln_pipe_screen_get_program_globals(pctx->screen, nir->info.source_blake3);
   const struct kiln_nir_kernel_options options = {
      .name = name,
      .target = screen->frontend.target,
      .wave_size = screen->frontend.wave_size,
      .input_size = MAX2(cso->req_input_mem, nir->num_uniforms),
      .program_globals = cs->globals != NULL,
   };
   char *log = NULL;
   enum kiln_compile_status status = kiln_compile_nir(nir, &options, &cs->kernel, &log);
   if (status != KILN_COMPILE_OK || (log && *log))
      fprintf(stderr, "%s", log ? log : "kiln: a kernel failed to compile\n");
   free(log);
   if (status != KILN_COMPILE_OK) {
      kiln_pipe_screen_put_program_globals(pctx->screen, cs->globals);
      kiln_kernel_free(cs->kernel);
      FREE(cs);
      return NULL;
   }
   return cs;
}

static void
kiln_intel_bind_compute_state(struct pipe_context *pctx, void *state)
{
   kiln_intel_context(pctx)->cs = state;
}

static void
kiln_intel_delete_compute_state(struct pipe_context *pctx, void *state)
{
   struct kiln_intel_compute_state *cs = state;
   if (!cs)
      return;
   kiln_pipe_screen_put_program_globals(pctx->screen, cs->globals);
   kiln_kernel_free(cs->kernel);
   FREE(cs);
}

static void
kiln_intel_get_compute_state_info(struct pipe_context *pctx, void *state,
                                  struct pipe_compute_state_object_info *info)
{
   struct kiln_intel_compute_state *cs = state;
   const struct kiln_intel_screen *screen = kiln_intel_screen(pctx->screen);
   const unsigned simd = cs ? cs->kernel->intel.simd_width : KILN_INTEL_PIPE_SIMD_WIDTH;
   /* A work-group is at most the device's threads of the kernel's width. */
   unsigned max_threads = MIN2(screen->info->max_cs_workgroup_threads * simd, 1024);
   if (cs && cs->kernel->max_work_group_size)
      max_threads = MIN2(max_threads, cs->kernel->max_work_group_size);
   *info = (struct pipe_compute_state_object_info){
      .max_threads = max_threads,
      .preferred_simd_size = simd,
      .simd_sizes = simd,
      /* Per work-item: a thread's scratch over its lanes. */
      .private_memory = cs ? cs->kernel->scratch_bytes_per_lane : 0,
   };
}

void
kiln_intel_context_init_compute_functions(struct kiln_intel_context *ctx)
{
   ctx->base.create_compute_state = kiln_intel_create_compute_state;
   ctx->base.bind_compute_state = kiln_intel_bind_compute_state;
   ctx->base.delete_compute_state = kiln_intel_delete_compute_state;
   ctx->base.get_compute_state_info = kiln_intel_get_compute_state_info;
}
