/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * A launch on the Intel screen as Rusticl makes it: the kernel inputs in
 * constant buffer 0 and the buffers set_global_binding names
 * (kiln_pipe_inputs.c), then launch_grid, in named steps: the work-group
 * shared memory placed (static __local variables, then the __local
 * arguments Rusticl put after them), the launch described for
 * drivers/intel (which appends kiln's implicit arguments to the push
 * constants, kiln_intel_abi.h), the buffers it reaches collected (its
 * program's __global variables among them), submitted, and waited for.  A dispatch
 * still running after a minute is taken for a hang; a hang, a reset the
 * kernel driver reports, or a launch that could not be made at all is
 * given through the context's reset status, so its command fails; each
 * failure is said on stderr naming the kernel.
 */
#include "kiln_intel_pipe.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "kiln_intel_kernel_launch.h"
#include "util/u_math.h"

#define KILN_INTEL_PIPE_TIMEOUT_NS (INT64_C(60) * 1000 * 1000 * 1000)

/* The work-group's shared memory: the kernel's static __local variables,
 * then the __local arguments from where the front end placed them; false
 * (said on stderr) when it does not fit. */
static bool
place_slm(const struct kiln_pipe_compute_state *cs, const struct pipe_grid_info *info,
          unsigned *slm_bytes)
{
   const struct kiln_kernel *k = cs->kernel;
   if (k->lds_bytes > cs->static_shared_mem && info->variable_shared_mem) {
      fprintf(stderr,
              "kiln: kernel %s: %u bytes of static __local memory, more than the %u "
              "the __local arguments were placed after; nothing runs\n",
              k->name, k->lds_bytes, cs->static_shared_mem);
      return false;
   }
   const uint64_t bytes =
      info->variable_shared_mem
         ? (uint64_t)MAX2(k->lds_bytes, cs->static_shared_mem) + info->variable_shared_mem
         : k->lds_bytes;
   if (bytes > KILN_INTEL_PIPE_MAX_SLM_BYTES) {
      fprintf(stderr,
              "kiln: kernel %s: %llu bytes of __local memory, over the %u a "
              "work-group has; nothing runs\n",
              k->name, (unsigned long long)bytes, KILN_INTEL_PIPE_MAX_SLM_BYTES);
      return false;
   }
   *slm_bytes = bytes;
   return true;
}

/* The launch for drivers/intel. */
static void
describe_launch(struct kiln_pipe_context *ctx, const struct pipe_grid_info *info,
                unsigned slm_bytes, struct kiln_intel_launch *launch)
{
   const struct kiln_kernel *k = ctx->cs->kernel;
   struct kiln_pipe_inputs *in = &ctx->inputs;
   *launch = kiln_intel_kernel_launch(k);
   launch->slm_bytes = slm_bytes;
   launch->kernarg = in->input.data;
   launch->work_dim = CLAMP(info->work_dim, 1, 3);
   for (unsigned d = 0; d < 3; d++) {
      launch->global_size[d] = kiln_pipe_grid_global_size(info, d);
      launch->local_size[d] = info->block[d];
   }
}

/* The buffers the kernel reaches: every buffer bound, and its program's
 * __global variables, whose address the launch passes (kiln_amd_abi.h's
 * implicit arguments). */
static struct kiln_intel_bo **
collect_bos(struct kiln_pipe_context *ctx, struct kiln_intel_launch *launch)
{
   struct kiln_pipe_inputs *in = &ctx->inputs;
   struct kiln_intel_bo **bos = malloc((in->num_globals + 1) * sizeof(*bos));
   launch->num_bos = 0;
   if (!bos)
      return NULL;
   for (unsigned i = 0; i < in->num_globals; i++) {
      if (in->globals[i])
         bos[launch->num_bos++] = kiln_intel_resource(in->globals[i])->bo;
   }
   if (ctx->cs->globals) {
      struct kiln_intel_bo *globals =
         kiln_intel_resource(kiln_program_globals_buffer(ctx->cs->globals))->bo;
      bos[launch->num_bos++] = globals;
      launch->globals = globals->address;
   }
   return bos;
}

static void
submit_and_wait(struct kiln_pipe_context *ctx, const struct kiln_intel_launch *launch)
{
   struct kiln_intel_screen *screen = kiln_intel_screen(ctx->base.screen);
   const char *name = ctx->cs->kernel->name;
   char err[512];
   struct kiln_intel_submission submission;
   simple_mtx_lock(&screen->base.dev_lock);
   int ret = kiln_intel_dispatch(screen->dev, launch, &submission);
   if (!ret) {
      ret = kiln_intel_wait(screen->dev, &submission, KILN_INTEL_PIPE_TIMEOUT_NS);
      kiln_intel_submission_finish(screen->dev, &submission);
   }
   if (ret)
      snprintf(err, sizeof(err), "%s", kiln_intel_device_error(screen->dev));
   simple_mtx_unlock(&screen->base.dev_lock);
   if (ret)
      ctx->reset =
         ret == -ETIME || ret == -EIO ? PIPE_GUILTY_CONTEXT_RESET : PIPE_UNKNOWN_CONTEXT_RESET;
   if (ret == -ETIME)
      fprintf(stderr, "kiln: kernel %s: %s, so it is taken for a hang\n", name, err);
   else if (ret)
      fprintf(stderr, "kiln: kernel %s: %s\n", name, err);
}

/* A launch that cannot be made fails its command rather than pass for
 * one that ran: the context reports a reset, on which Rusticl puts the
 * commands of the batch into an error state. */
void
kiln_intel_launch_grid(struct pipe_context *pctx, const struct pipe_grid_info *info)
{
   struct kiln_pipe_context *ctx = kiln_pipe_context(pctx);
   if (!ctx->cs) {
      fprintf(stderr, "kiln: launch of a kernel that did not compile; nothing runs\n");
      ctx->reset = PIPE_UNKNOWN_CONTEXT_RESET;
      return;
   }
   const struct kiln_kernel *k = ctx->cs->kernel;
   /* The inputs cover the kernel's explicit argument area; a shorter
    * buffer (arguments the kernel never reads) is padded with zeros. */
   unsigned slm_bytes;
   struct kiln_intel_launch launch;
   if (!kiln_pipe_inputs_pad(&ctx->inputs, k->kernarg_size) ||
       !place_slm(ctx->cs, info, &slm_bytes)) {
      ctx->reset = PIPE_UNKNOWN_CONTEXT_RESET;
      return;
   }
   describe_launch(ctx, info, slm_bytes, &launch);
   if (!(launch.bos = collect_bos(ctx, &launch))) {
      ctx->reset = PIPE_UNKNOWN_CONTEXT_RESET;
      return;
   }
   submit_and_wait(ctx, &launch);
   free(launch.bos);
}
