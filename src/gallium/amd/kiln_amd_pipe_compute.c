/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * AMD compute states: src/gallium's (kiln_pipe_compute.c), compiled for
 * the device's GFX level and uploaded as a drivers/amdgpu kernel once,
 * when the state is created.  A kernel that may enqueue, or an enqueued
 * block's kernel, also joins its program's table of block kernels
 * (kiln_amd_pipe_device_queue.c).
 */
#include "kiln_amd_pipe.h"

#include <stdio.h>

#include "kiln_amd_kernel_desc.h"

void
kiln_amd_compute_state_init(struct kiln_pipe_screen *screen, struct kiln_pipe_compute_state *cs,
                            struct nir_shader *nir)
{
   kiln_amd_compute_state_init_enqueue(kiln_amd_screen(&screen->base),
                                       (struct kiln_amd_compute_state *)cs, nir);
}

bool
kiln_amd_compute_state_upload(struct kiln_pipe_screen *pscreen, struct kiln_pipe_compute_state *pcs)
{
   struct kiln_amd_screen *screen = kiln_amd_screen(&pscreen->base);
   struct kiln_amd_compute_state *cs = (struct kiln_amd_compute_state *)pcs;
   const struct kiln_kernel *k = pcs->kernel;
   const struct kiln_amdgpu_kernel_desc desc = kiln_amd_kernel_desc(k);
   struct kiln_amdgpu_kernel *hw = NULL;
   simple_mtx_lock(&pscreen->dev_lock);
   if (kiln_amdgpu_kernel_create(screen->dev, &desc, &hw))
      fprintf(stderr, "kiln: kernel %s: %s\n", k->name, kiln_amdgpu_device_error(screen->dev));
   simple_mtx_unlock(&pscreen->dev_lock);
   if (!hw)
      return false;
   cs->hw = hw;
   kiln_amd_compute_state_set_block_kernel(screen, cs, cs->hw);
   return true;
}

void
kiln_amd_compute_state_finish(struct kiln_pipe_screen *pscreen, struct kiln_pipe_compute_state *pcs)
{
   struct kiln_amd_screen *screen = kiln_amd_screen(&pscreen->base);
   struct kiln_amd_compute_state *cs = (struct kiln_amd_compute_state *)pcs;
   kiln_amd_compute_state_finish_enqueue(screen, cs);
   simple_mtx_lock(&pscreen->dev_lock);
   kiln_amdgpu_kernel_destroy(screen->dev, cs->hw);
   simple_mtx_unlock(&pscreen->dev_lock);
   cs->hw = NULL;
}

void
kiln_amd_get_compute_state_info(struct pipe_context *pctx, void *state,
                                struct pipe_compute_state_object_info *info)
{
   const struct kiln_pipe_compute_state *cs = state;
   const unsigned wave_size = kiln_amd_screen(pctx->screen)->info->wave_size;
   *info = (struct pipe_compute_state_object_info){
      .max_threads = cs ? cs->kernel->max_work_group_size : 1024,
      .preferred_simd_size = cs ? cs->kernel->wave_size : wave_size,
      .simd_sizes = cs ? cs->kernel->wave_size : wave_size,
      .private_memory = cs ? cs->kernel->scratch_bytes_per_lane : 0,
   };
}
