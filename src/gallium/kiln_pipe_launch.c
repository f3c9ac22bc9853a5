/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * A launch as Rusticl makes it: the kernel inputs (its arguments and its
 * own launch values, laid out by Rusticl) in constant buffer 0, the
 * buffers behind pointer arguments from set_global_binding, whose GPU
 * addresses are added into the inputs at once (kiln_pipe_inputs.c), the
 * descriptors of the bound images and samplers in the binding table past
 * the inputs (kiln_pipe_image.c), and launch_grid with the work-group
 * size and the number of groups.  drivers/amdgpu appends kiln's
 * implicit arguments, places the LDS and waits for the dispatch; a fault
 * is reported on stderr with its address and instruction, and through the
 * context's reset status.
 */
#include "kiln_pipe.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/u_inlines.h"

static void
kiln_set_constant_buffer(struct pipe_context *pctx, enum pipe_shader_type shader, unsigned index,
                         bool take_ownership, const struct pipe_constant_buffer *cb)
{
   kiln_pipe_inputs_set_constant_buffer(&kiln_context(pctx)->inputs, shader, index, take_ownership,
                                        cb);
}

static void
kiln_set_global_binding(struct pipe_context *pctx, unsigned first, unsigned count,
                        struct pipe_resource **resources, uint32_t **handles)
{
   kiln_pipe_inputs_set_global_binding(&kiln_context(pctx)->inputs, first, count, resources,
                                       handles);
}

static void
report_failure(struct kiln_context *ctx, const char *name, const char *message,
               const struct kiln_amdgpu_fault *fault)
{
   if (fault->kind != KILN_AMDGPU_FAULT_NONE) {
      fprintf(stderr, "kiln: kernel %s: %s\n", name, fault->message);
      ctx->reset = PIPE_GUILTY_CONTEXT_RESET;
   } else {
      fprintf(stderr, "kiln: kernel %s: %s\n", name, message);
   }
}

static void
kiln_launch_grid(struct pipe_context *pctx, const struct pipe_grid_info *info)
{
   struct kiln_context *ctx = kiln_context(pctx);
   struct kiln_screen *screen = kiln_screen(pctx->screen);
   struct kiln_compute_state *cs = ctx->cs;
   if (!cs) {
      fprintf(stderr, "kiln: launch of a kernel that did not compile; nothing runs\n");
      return;
   }
   const struct kiln_kernel *k = cs->kernel;
   if (k->lds_bytes > cs->static_shared_mem && info->variable_shared_mem) {
      fprintf(stderr,
              "kiln: kernel %s: %u bytes of static LDS, more than the %u the "
              "__local arguments were placed after; nothing runs\n",
              k->name, k->lds_bytes, cs->static_shared_mem);
      return;
   }

   /* The inputs cover the kernel's explicit argument area; a shorter
    * buffer (arguments the kernel never reads) is padded with zeros. */
   if (!kiln_pipe_inputs_pad(&ctx->inputs, k->kernarg_size))
      return;
   struct kiln_pipe_inputs *in = &ctx->inputs;

   /* The buffers, the program's __global variables, and the resources of
    * the images the kernel reads. */
   const unsigned max_bos = in->num_globals + 2 + k->num_sampler_views + k->num_shader_images;
   struct kiln_amdgpu_bo *stack_bos[32];
   struct kiln_amdgpu_bo **bos = stack_bos;
   if (max_bos > ARRAY_SIZE(stack_bos) && !(bos = malloc(max_bos * sizeof(*bos))))
      return;
   unsigned num_bos = 0;
   for (unsigned i = 0; i < in->num_globals; i++) {
      if (in->globals[i])
         bos[num_bos++] = kiln_resource(in->globals[i])->bo;
   }
   struct kiln_amdgpu_bo *program_globals =
      cs->globals ? kiln_resource(kiln_program_globals_buffer(cs->globals))->bo : NULL;
   if (program_globals)
      bos[num_bos++] = program_globals;
   if (kiln_context_write_bindings(ctx, k, in->input.data, bos, &num_bos, max_bos)) {
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
   /* A dimension's last group may be partial (last_block, non-uniform
    * work-groups): the dispatch and the kernel derive it from the global size. */
   for (unsigned d = 0; d < 3; d++) {
      launch.global_size[d] = (uint64_t)info->grid[d] * info->block[d];
      if (info->last_block[d] && info->grid[d])
         launch.global_size[d] -= info->block[d] - info->last_block[d];
      launch.local_size[d] = info->block[d];
   }

   struct kiln_amdgpu_fault fault;
   simple_mtx_lock(&screen->dev_lock);
   /* A kernel that may enqueue names the context's default queue, which
    * is drained after it: the launch ends with its children. */
   int ret = 0;
   if (cs->uses_device_queue) {
      struct kiln_amdgpu_bo *queue = kiln_context_device_queue(ctx);
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
         ret = kiln_context_drain_device_queue(ctx, cs, &launch, &fault);
      if (ret)
         report_failure(ctx, k->name, kiln_amdgpu_device_error(screen->dev), &fault);
   }
   simple_mtx_unlock(&screen->dev_lock);
   if (bos != stack_bos)
      free(bos);
}

static void
kiln_memory_barrier(struct pipe_context *pctx, unsigned flags)
{
}

static enum pipe_reset_status
kiln_get_device_reset_status(struct pipe_context *pctx)
{
   struct kiln_context *ctx = kiln_context(pctx);
   enum pipe_reset_status status = ctx->reset;
   ctx->reset = PIPE_NO_RESET;
   return status;
}

void
kiln_context_init_launch_functions(struct kiln_context *ctx)
{
   ctx->base.set_constant_buffer = kiln_set_constant_buffer;
   ctx->base.set_global_binding = kiln_set_global_binding;
   ctx->base.launch_grid = kiln_launch_grid;
   ctx->base.memory_barrier = kiln_memory_barrier;
   ctx->base.get_device_reset_status = kiln_get_device_reset_status;
}
