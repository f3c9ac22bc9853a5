/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * A launch as Rusticl makes it: the kernel inputs (its arguments and its
 * own launch values, laid out by Rusticl) in constant buffer 0, the
 * buffers behind pointer arguments from set_global_binding, whose GPU
 * addresses are added into the inputs at once (kiln_pipe_inputs.c), the
 * descriptors of the bound images and samplers in the binding table past
 * the inputs (kiln_amd_pipe_images.c), and launch_grid with the work-group
 * size and the number of groups.  drivers/amdgpu appends kiln's
 * implicit arguments, places the LDS and waits for the dispatch; a fault
 * is reported on stderr with its address and instruction, and through the
 * context's reset status.
 */
#include "kiln_amd_pipe.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/u_inlines.h"

static void
report_failure(struct kiln_amd_context *ctx, const char *name, const char *message,
               const struct kiln_amdgpu_fault *fault)
{
   if (fault->kind != KILN_AMDGPU_FAULT_NONE) {
      fprintf(stderr, "kiln: kernel %s: %s\n", name, fault->message);
      ctx->base.reset = PIPE_GUILTY_CONTEXT_RESET;
   } else {
      fprintf(stderr, "kiln: kernel %s: %s\n", name, message);
   }
}

void
kiln_amd_launch_grid(struct pipe_context *pctx, const struct pipe_grid_info *info)
{
   struct kiln_amd_context *ctx = kiln_amd_context(pctx);
   struct kiln_amd_screen *screen = kiln_amd_screen(pctx->screen);
   struct kiln_amd_compute_state *cs = (struct kiln_amd_compute_state *)ctx->base.cs;
   if (!cs) {
      fprintf(stderr, "kiln: launch of a kernel that did not compile; nothing runs\n");
      return;
   }
   const struct kiln_kernel *k = cs->base.kernel;
   if (k->lds_bytes > cs->base.static_shared_mem && info->variable_shared_mem) {
      fprintf(stderr,
              "kiln: kernel %s: %u bytes of static LDS, more than the %u the "
              "__local arguments were placed after; nothing runs\n",
              k->name, k->lds_bytes, cs->base.static_shared_mem);
      return;
   }

   /* The inputs cover the kernel's explicit argument area; a shorter
    * buffer (arguments the kernel never reads) is padded with zeros. */
   struct kiln_pipe_inputs *in = &ctx->base.inputs;
   if (!kiln_pipe_inputs_pad(in, k->kernarg_size))
      return;

   /* The buffers, the program's __global variables, and the resources of
    * the images the kernel reads. */
   const unsigned max_bos =
      in->num_globals + 2 + k->amd.num_sampler_views + k->amd.num_shader_images;
   struct kiln_amdgpu_bo *stack_bos[32];
   struct kiln_amdgpu_bo **bos = stack_bos;
   if (max_bos > ARRAY_SIZE(stack_bos) && !(bos = malloc(max_bos * sizeof(*bos))))
      return;
   unsigned num_bos = 0;
   for (unsigned i = 0; i < in->num_globals; i++) {
      if (in->globals[i])
         bos[num_bos++] = kiln_amd_resource(in->globals[i])->bo;
   }
   struct kiln_amdgpu_bo *program_globals =
      cs->base.globals ? kiln_amd_resource(kiln_program_globals_buffer(cs->base.globals))->bo
                       : NULL;
   if (program_globals)
      bos[num_bos++] = program_globals;
   if (kiln_amd_context_write_bindings(ctx, k, in->input.data, bos, &num_bos, max_bos)) {
      if (bos != stack_bos)
         free(bos);
      return;
   }

   struct kiln_amdgpu_launch launch = {
      .work_dim = CLAMP(info->work_dim, 1, 3),
      .kernarg = in->input.data,
      .bos = bos,
      .num_bos = num_bos,
      .extra_lds_bytes = info->variable_shared_mem,
      .globals_va = program_globals ? program_globals->va : 0,
   };
   for (unsigned d = 0; d < 3; d++) {
      launch.global_size[d] = kiln_pipe_grid_global_size(info, d);
      launch.local_size[d] = info->block[d];
   }

   struct kiln_amdgpu_fault fault;
   simple_mtx_lock(&screen->base.dev_lock);
   /* A kernel that may enqueue names the context's default queue, which
    * is drained after it: the launch ends with its children. */
   int ret = 0;
   if (cs->uses_device_queue) {
      struct kiln_amdgpu_bo *queue = kiln_amd_context_device_queue(ctx);
      if (queue) {
         bos[launch.num_bos++] = queue;
         launch.device_queue_va = queue->va;
      } else {
         ret = -ENOMEM;
         fprintf(stderr, "kiln: kernel %s: no device queue; nothing runs\n", k->name);
      }
   }
   if (!ret) {
      ret = kiln_amdgpu_dispatch(screen->dev, cs->hw, &launch, &fault);
      if (!ret && cs->uses_device_queue)
         ret = kiln_amd_context_drain_device_queue(ctx, cs, &launch, &fault);
      if (ret)
         report_failure(ctx, k->name, kiln_amdgpu_device_error(screen->dev), &fault);
   }
   simple_mtx_unlock(&screen->base.dev_lock);
   if (bos != stack_bos)
      free(bos);
}
