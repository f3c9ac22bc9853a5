/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Contexts and their fences: AMDGPU_CTX, WAIT_CS, WAIT_FENCES,
 * FENCE_TO_HANDLE and SCHED, following the kernel's amdgpu_ctx.c and
 * amdgpu_cs.c.
 *
 * Every CS runs to completion inside the CS ioctl, so a fence is signaled
 * as soon as its sequence number exists; what a wait can still report is
 * the error the job ended with.  A job that faulted or hung leaves its
 * context guilty (later CS fail with ECANCELED), bumps the GPU reset
 * counter every context compares against (QUERY_STATE2's RESET flag) and
 * signals its fence with -ETIME, as the kernel's job timeout handler does.
 */
#include <errno.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "sim_amdgpu_priv.h"

static _Atomic uint32_t gpu_reset_counter;

uint32_t
sim_reset_counter(void)
{
   return gpu_reset_counter;
}

void
sim_reset_counter_bump(void)
{
   gpu_reset_counter++;
}

struct sim_entity *
sim_ctx_entity(struct sim_ctx *ctx, uint32_t ip_type, uint32_t ip_instance, uint32_t ring)
{
   if (ip_instance != 0)
      return NULL;
   switch (ip_type) {
   case AMDGPU_HW_IP_GFX:
      return ring < SIM_GFX_RINGS ? &ctx->gfx[ring] : NULL;
   case AMDGPU_HW_IP_COMPUTE:
      return ring < SIM_COMPUTE_RINGS ? &ctx->compute[ring] : NULL;
   default:
      return NULL;
   }
}

static void
entity_init(struct sim_entity *e)
{
   e->next_seq = 1;
   e->error_seq = 0;
   e->error = 0;
}

void
sim_ctx_destroy_all(struct kiln_sim_amdgpu *dev)
{
   for (uint32_t i = 1; i <= dev->ctxs.count; i++)
      free(sim_handle_remove(&dev->ctxs, i));
   sim_handles_fini(&dev->ctxs);
}

static bool
priority_is_valid(int32_t p)
{
   switch (p) {
   case AMDGPU_CTX_PRIORITY_VERY_LOW:
   case AMDGPU_CTX_PRIORITY_LOW:
   case AMDGPU_CTX_PRIORITY_NORMAL:
   case AMDGPU_CTX_PRIORITY_HIGH:
   case AMDGPU_CTX_PRIORITY_VERY_HIGH:
      return true;
   default:
      return false;
   }
}

int
sim_ioctl_ctx(struct kiln_sim_amdgpu *dev, void *arg)
{
   union drm_amdgpu_ctx *args = arg;
   uint32_t id = args->in.ctx_id;
   uint32_t flags = args->in.flags;
   int32_t priority = args->in.priority;
   struct sim_ctx *ctx;

   /* Garbage priorities are taken as NORMAL, for old user space. */
   if (!priority_is_valid(priority))
      priority = AMDGPU_CTX_PRIORITY_NORMAL;

   if (args->in.op == AMDGPU_CTX_OP_ALLOC_CTX) {
      if (flags)
         return -EINVAL;
      ctx = calloc(1, sizeof(*ctx));
      if (!ctx)
         return -ENOMEM;
      ctx->priority = priority;
      ctx->reset_counter = ctx->reset_counter_query = sim_reset_counter();
      for (unsigned i = 0; i < SIM_GFX_RINGS; i++)
         entity_init(&ctx->gfx[i]);
      for (unsigned i = 0; i < SIM_COMPUTE_RINGS; i++)
         entity_init(&ctx->compute[i]);
      id = sim_handle_alloc(&dev->ctxs, ctx);
      if (!id) {
         free(ctx);
         return -ENOMEM;
      }
      args->out.alloc.ctx_id = id;
      return 0;
   }

   /* Every other op names an existing context and only SET_STABLE_PSTATE
    * takes flags; each of their errors is EINVAL. */
   uint32_t known_flags =
      args->in.op == AMDGPU_CTX_OP_SET_STABLE_PSTATE ? AMDGPU_CTX_STABLE_PSTATE_FLAGS_MASK : 0;
   if (flags & ~known_flags)
      return -EINVAL;
   ctx = sim_handle_get(&dev->ctxs, id);
   if (!ctx)
      return -EINVAL;

   switch (args->in.op) {
   case AMDGPU_CTX_OP_FREE_CTX:
      free(sim_handle_remove(&dev->ctxs, id));
      return 0;

   case AMDGPU_CTX_OP_QUERY_STATE: {
      /* The kernel reports UNKNOWN for any reset since the last query. */
      uint32_t counter = sim_reset_counter();
      args->out.state.flags = 0;
      args->out.state.hangs = 0;
      args->out.state.reset_status =
         ctx->reset_counter_query == counter ? AMDGPU_CTX_NO_RESET : AMDGPU_CTX_UNKNOWN_RESET;
      ctx->reset_counter_query = counter;
      return 0;
   }

   case AMDGPU_CTX_OP_QUERY_STATE2:
      args->out.state.flags = 0;
      args->out.state.hangs = 0;
      args->out.state.reset_status = 0;
      if (ctx->reset_counter != sim_reset_counter())
         args->out.state.flags |= AMDGPU_CTX_QUERY2_FLAGS_RESET;
      if (ctx->guilty)
         args->out.state.flags |= AMDGPU_CTX_QUERY2_FLAGS_GUILTY;
      return 0;

   case AMDGPU_CTX_OP_GET_STABLE_PSTATE:
      args->out.pstate.flags = ctx->stable_pstate;
      return 0;

   case AMDGPU_CTX_OP_SET_STABLE_PSTATE:
      if (flags > AMDGPU_CTX_STABLE_PSTATE_PEAK)
         return -EINVAL;
      ctx->stable_pstate = flags;
      return 0;

   default:
      return -EINVAL;
   }
}

/* amdgpu_cs_get_fence(): 1 if the fence is signaled without error, a
 * negative errno for a bad reference or the error the job ended with. */
int
sim_fence_status(struct kiln_sim_amdgpu *dev, uint32_t ctx_id, uint32_t ip_type,
                 uint32_t ip_instance, uint32_t ring, uint64_t seq)
{
   struct sim_ctx *ctx = sim_handle_get(&dev->ctxs, ctx_id);
   if (!ctx)
      return -EINVAL;
   struct sim_entity *e = sim_ctx_entity(ctx, ip_type, ip_instance, ring);
   if (!e)
      return -EINVAL;
   if (seq == ~0ull)
      seq = e->next_seq - 1;
   if (seq >= e->next_seq)
      return -EINVAL;
   if (e->error && seq == e->error_seq)
      return e->error;
   return 1;
}

int
sim_ioctl_wait_cs(struct kiln_sim_amdgpu *dev, void *arg)
{
   union drm_amdgpu_wait_cs *args = arg;
   int r = sim_fence_status(dev, args->in.ctx_id, args->in.ip_type, args->in.ip_instance,
                            args->in.ring, args->in.handle);
   if (r < 0)
      return r;
   memset(args, 0, sizeof(*args));
   args->out.status = 0; /* completed */
   return 0;
}

int
sim_ioctl_wait_fences(struct kiln_sim_amdgpu *dev, void *arg)
{
   union drm_amdgpu_wait_fences *args = arg;
   const struct drm_amdgpu_fence *fences =
      (const struct drm_amdgpu_fence *)(uintptr_t)args->in.fences;
   uint32_t count = args->in.fence_count;
   bool wait_all = args->in.wait_all;
   uint32_t first = ~0u;
   int r = 1;

   if (count && !fences)
      return -EFAULT;
   for (uint32_t i = 0; i < count; i++) {
      const struct drm_amdgpu_fence *f = &fences[i];
      r = sim_fence_status(dev, f->ctx_id, f->ip_type, f->ip_instance, f->ring, f->seq_no);
      if (r < 0 && (wait_all || r == -EINVAL))
         return r;
      if (!wait_all) {
         /* wait-any: every fence is signaled, the first one wins */
         first = i;
         break;
      }
   }
   memset(args, 0, sizeof(*args));
   args->out.status = 1;
   args->out.first_signaled = wait_all ? 0 : first;
   return !wait_all && r < 0 ? r : 0;
}

int
sim_ioctl_fence_to_handle(struct kiln_sim_amdgpu *dev, void *arg)
{
   union drm_amdgpu_fence_to_handle *args = arg;
   const struct drm_amdgpu_fence *f = &args->in.fence;
   uint32_t what = args->in.what;
   uint32_t handle;
   int fd, r;

   r = sim_fence_status(dev, f->ctx_id, f->ip_type, f->ip_instance, f->ring, f->seq_no);
   if (r == -EINVAL)
      return r;
   if (what > AMDGPU_FENCE_TO_HANDLE_GET_SYNC_FILE_FD)
      return -EINVAL;

   r = sim_syncobj_new(dev, true, r < 0 ? r : 0, &handle);
   if (r)
      return r;
   memset(args, 0, sizeof(*args));
   if (what == AMDGPU_FENCE_TO_HANDLE_GET_SYNCOBJ) {
      args->out.handle = handle;
      return 0;
   }
   r = sim_syncobj_to_fd(dev, handle, what == AMDGPU_FENCE_TO_HANDLE_GET_SYNC_FILE_FD, &fd);
   struct drm_syncobj_destroy destroy = { .handle = handle };
   sim_ioctl_syncobj_destroy(dev, &destroy);
   if (r)
      return r;
   args->out.handle = fd;
   return 0;
}

int
sim_ioctl_sched(struct kiln_sim_amdgpu *dev, void *arg)
{
   union drm_amdgpu_sched *args = arg;

   switch (args->in.op) {
   case AMDGPU_SCHED_OP_PROCESS_PRIORITY_OVERRIDE:
   case AMDGPU_SCHED_OP_CONTEXT_PRIORITY_OVERRIDE:
      if (!priority_is_valid(args->in.priority))
         return -EINVAL;
      return 0; /* one queue, no scheduler: nothing to reorder */
   default:
      return -EINVAL;
   }
}
