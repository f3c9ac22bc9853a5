/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Compute states: the front end's NIR compiled by kiln_compile_nir() (the
 * backend path every kiln kernel takes) and uploaded as a drivers/amdgpu
 * kernel once, when the state is created; Rusticl shares the state
 * between its contexts (caps.shareable_shaders).
 */
#include "kiln_pipe.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kiln_compiler_nir.h"
#include "kiln_kernel_desc.h"
#include "nir.h"
#include "util/u_memory.h"

static struct kiln_amdgpu_kernel *
upload(struct kiln_screen *screen, const struct kiln_kernel *k)
{
   const struct kiln_amdgpu_kernel_desc desc = kiln_kernel_desc(k);
   struct kiln_amdgpu_kernel *hw = NULL;
   simple_mtx_lock(&screen->dev_lock);
   if (kiln_amdgpu_kernel_create(screen->dev, &desc, &hw))
      fprintf(stderr, "kiln: kernel %s: %s\n", k->name, kiln_amdgpu_device_error(screen->dev));
   simple_mtx_unlock(&screen->dev_lock);
   return hw;
}

/* Returns NULL when the kernel cannot be compiled; the reason goes to
 * stderr (Rusticl has built the program by then and has no log to give
 * it), and launches of the state are refused. */
static void *
kiln_create_compute_state(struct pipe_context *pctx, const struct pipe_compute_state *cso)
{
   struct kiln_screen *screen = kiln_screen(pctx->screen);
   if (cso->ir_type != PIPE_SHADER_IR_NIR)
      return NULL;
   nir_shader *nir = (nir_shader *)cso->prog;

   struct kiln_compute_state *cs = CALLOC_STRUCT(kiln_compute_state);
   if (!cs) {
      ralloc_free(nir);
      return NULL;
   }
   cs->static_shared_mem = cso->static_shared_mem;
   /* The program's __global variables, found by the key the SPIR-V-to-NIR
    * hook gave its kernels; looked for only by a kernel that uses them. */
   if (kiln_nir_uses_program_globals(nir))
      cs->globals = kiln_pipe_screen_get_program_globals(pctx->screen, nir->info.source_blake3);

   kiln_compute_state_init_enqueue(screen, cs, nir);

   const char *name = kiln_pipe_kernel_name(nir);
   const struct kiln_nir_kernel_options options = {
      .name = name,
      .target = screen->frontend.target,
      .wave_size = screen->info->wave_size,
      .input_size = MAX2(cso->req_input_mem, nir->num_uniforms),
      .program_globals = cs->globals != NULL,
   };
   char *log = NULL;
   enum kiln_compile_status status = kiln_compile_nir(nir, &options, &cs->kernel, &log);
   if (status != KILN_COMPILE_OK || (log && *log))
      fprintf(stderr, "%s", log ? log : "kiln: a kernel failed to compile\n");
   free(log);
   if (status == KILN_COMPILE_OK)
      cs->hw = upload(screen, cs->kernel);
   if (!cs->hw) {
      kiln_compute_state_finish_enqueue(screen, cs);
      kiln_pipe_screen_put_program_globals(pctx->screen, cs->globals);
      kiln_kernel_free(cs->kernel);
      FREE(cs);
      return NULL;
   }
   kiln_compute_state_set_block_kernel(screen, cs, cs->hw);
   return cs;
}

static void
kiln_bind_compute_state(struct pipe_context *pctx, void *state)
{
   kiln_context(pctx)->cs = state;
}

static void
kiln_delete_compute_state(struct pipe_context *pctx, void *state)
{
   struct kiln_screen *screen = kiln_screen(pctx->screen);
   struct kiln_compute_state *cs = state;
   if (!cs)
      return;
   kiln_compute_state_finish_enqueue(screen, cs);
   simple_mtx_lock(&screen->dev_lock);
   kiln_amdgpu_kernel_destroy(screen->dev, cs->hw);
   simple_mtx_unlock(&screen->dev_lock);
   kiln_pipe_screen_put_program_globals(pctx->screen, cs->globals);
   kiln_kernel_free(cs->kernel);
   FREE(cs);
}

static void
kiln_get_compute_state_info(struct pipe_context *pctx, void *state,
                            struct pipe_compute_state_object_info *info)
{
   struct kiln_compute_state *cs = state;
   const unsigned wave_size = kiln_screen(pctx->screen)->info->wave_size;
   *info = (struct pipe_compute_state_object_info){
      .max_threads = cs ? cs->kernel->max_work_group_size : 1024,
      .preferred_simd_size = cs ? cs->kernel->wave_size : wave_size,
      .simd_sizes = cs ? cs->kernel->wave_size : wave_size,
      .private_memory = cs ? cs->kernel->scratch_bytes_per_lane : 0,
   };
}

void
kiln_context_init_compute_functions(struct kiln_context *ctx)
{
   ctx->base.create_compute_state = kiln_create_compute_state;
   ctx->base.bind_compute_state = kiln_bind_compute_state;
   ctx->base.delete_compute_state = kiln_delete_compute_state;
   ctx->base.get_compute_state_info = kiln_get_compute_state_info;
}
