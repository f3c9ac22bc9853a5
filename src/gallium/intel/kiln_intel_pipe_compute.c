/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Intel compute states: src/gallium's (kiln_pipe_compute.c), compiled for
 * the screen's target (the backend path `kilnc --target tgl|dg2` takes).
 * drivers/intel uploads the code with each launch's batch, so the state
 * is only the compiled kernel.  A kernel the Intel path cannot launch
 * (one that enqueues or is an enqueued block) is refused, and so gets no
 * state: Rusticl then fails the program's build, and the reason, naming
 * the kernel, goes to stderr.
 */
#include "kiln_intel_pipe.h"

#include "kiln_compiler_nir.h"
#include "dev/intel_device_info.h"
#include "nir.h"
#include "util/u_math.h"

/* What the Intel path cannot launch, seen in the front end's NIR. */
const char *
kiln_intel_kernel_refusal(nir_shader *nir)
{
   if (kiln_frontend_uses_device_queue(nir) ||
       (nir->info.cs.shader_index & KILN_FRONTEND_BLOCK_INDEX_MASK))
      return "device-side enqueue (drivers/intel has no device queue)";
   return NULL;
}

void
kiln_intel_get_compute_state_info(struct pipe_context *pctx, void *state,
                                  struct pipe_compute_state_object_info *info)
{
   const struct kiln_pipe_compute_state *cs = state;
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
