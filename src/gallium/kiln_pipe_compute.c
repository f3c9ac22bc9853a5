/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Compute states, for every kiln screen: the front end's NIR compiled by
 * kiln_compile_nir() for the screen's target (the backend path every kiln
 * kernel takes), once, when the state is created, and then whatever the
 * device does with a compiled kernel (the AMD screen uploads it; the
 * Intel one sends it with each launch).  Rusticl shares a state between
 * its contexts (caps.shareable_shaders).  A kernel that cannot be
 * compiled, or that the device refuses, gets no state: Rusticl then fails
 * the program's build, and the reason goes to stderr (Rusticl has built
 * the program by then and has no log to give it).
 */
#include "kiln_pipe_common.h"

#include <stdio.h>
#include <stdlib.h>

#include "kiln_compiler_nir.h"
#include "nir.h"
#include "util/u_math.h"
#include "util/u_memory.h"

static void
destroy_compute_state(struct pipe_context *pctx, struct kiln_pipe_compute_state *cs)
{
   struct kiln_pipe_screen *screen = kiln_pipe_screen(pctx->screen);
   if (screen->ops->compute_state_finish)
      screen->ops->compute_state_finish(screen, cs);
   kiln_pipe_screen_put_program_globals(pctx->screen, cs->globals);
   kiln_kernel_free(cs->kernel);
   FREE(cs);
}

static void *
kiln_pipe_create_compute_state(struct pipe_context *pctx, const struct pipe_compute_state *cso)
{
   struct kiln_pipe_screen *screen = kiln_pipe_screen(pctx->screen);
   const struct kiln_pipe_device_ops *ops = screen->ops;
   if (cso->ir_type != PIPE_SHADER_IR_NIR)
      return NULL;
   nir_shader *nir = (nir_shader *)cso->prog;
   const char *name = kiln_pipe_kernel_name(nir);
   const char *refused = ops->kernel_refusal ? ops->kernel_refusal(nir) : NULL;
   if (refused) {
      fprintf(stderr, "kiln: kernel %s needs %s, which kiln cannot launch on %s yet\n", name,
              refused, screen->name);
      ralloc_free(nir);
      return NULL;
   }

   struct kiln_pipe_compute_state *cs = CALLOC(1, ops->compute_state_size);
   if (!cs) {
      ralloc_free(nir);
      return NULL;
   }
   cs->static_shared_mem = cso->static_shared_mem;
   /* The program's __global variables, found by the key the SPIR-V-to-NIR
    * hook gave its kernels (kiln_pipe_globals.c); looked for only by a
    * kernel that uses them. */
   if (kiln_nir_uses_program_globals(nir))
      cs->globals = kiln_pipe_screen_get_program_globals(pctx->screen, nir->info.source_blake3);
   if (ops->compute_state_init)
      ops->compute_state_init(screen, cs, nir);

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
   if (status != KILN_COMPILE_OK ||
       (ops->compute_state_upload && !ops->compute_state_upload(screen, cs))) {
      destroy_compute_state(pctx, cs);
      return NULL;
   }
   return cs;
}

static void
kiln_pipe_bind_compute_state(struct pipe_context *pctx, void *state)
{
   kiln_pipe_context(pctx)->cs = state;
}

static void
kiln_pipe_delete_compute_state(struct pipe_context *pctx, void *state)
{
   if (state)
      destroy_compute_state(pctx, state);
}

void
kiln_pipe_context_init_compute_functions(struct pipe_context *ctx)
{
   ctx->create_compute_state = kiln_pipe_create_compute_state;
   ctx->bind_compute_state = kiln_pipe_bind_compute_state;
   ctx->delete_compute_state = kiln_pipe_delete_compute_state;
   ctx->get_compute_state_info = kiln_pipe_screen(ctx->screen)->ops->get_compute_state_info;
}
