/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Fences and queries, for every kiln screen.  Every dispatch has
 * completed when launch_grid returns (drivers/amdgpu and drivers/intel
 * wait for its end-of-pipe fence), so a fence is signalled when it is
 * made and a timestamp query is the time it ends.
 */
#include "kiln_pipe_common.h"

#include "util/os_time.h"
#include "util/u_inlines.h"
#include "util/u_memory.h"

struct pipe_fence_handle {
   struct pipe_reference reference;
};

struct kiln_query {
   unsigned type;
   uint64_t end_ns;
};

static void
kiln_fence_reference(struct pipe_screen *pscreen, struct pipe_fence_handle **ptr,
                     struct pipe_fence_handle *fence)
{
   struct pipe_fence_handle *old = *ptr;
   if (pipe_reference(old ? &old->reference : NULL, fence ? &fence->reference : NULL))
      FREE(old);
   *ptr = fence;
}

static bool
kiln_fence_finish(struct pipe_screen *pscreen, struct pipe_context *ctx,
                  struct pipe_fence_handle *fence, uint64_t timeout)
{
   return true;
}

static void
kiln_flush(struct pipe_context *pctx, struct pipe_fence_handle **fence, unsigned flags)
{
   if (!fence)
      return;
   struct pipe_fence_handle *f = CALLOC_STRUCT(pipe_fence_handle);
   if (f)
      pipe_reference_init(&f->reference, 1);
   kiln_fence_reference(pctx->screen, fence, NULL);
   *fence = f;
}

static struct pipe_query *
kiln_create_query(struct pipe_context *pctx, unsigned query_type, unsigned index)
{
   if (query_type != PIPE_QUERY_TIMESTAMP)
      return NULL;
   struct kiln_query *q = CALLOC_STRUCT(kiln_query);
   if (q)
      q->type = query_type;
   return (struct pipe_query *)q;
}

static void
kiln_destroy_query(struct pipe_context *pctx, struct pipe_query *q)
{
   FREE(q);
}

static bool
kiln_begin_query(struct pipe_context *pctx, struct pipe_query *q)
{
   return true;
}

static bool
kiln_end_query(struct pipe_context *pctx, struct pipe_query *pq)
{
   ((struct kiln_query *)pq)->end_ns = os_time_get_nano();
   return true;
}

static bool
kiln_get_query_result(struct pipe_context *pctx, struct pipe_query *pq, bool wait,
                      union pipe_query_result *result)
{
   result->u64 = ((struct kiln_query *)pq)->end_ns;
   return true;
}

static void
kiln_set_active_query_state(struct pipe_context *pctx, bool enable)
{
}

void
kiln_pipe_screen_init_fence_functions(struct pipe_screen *screen)
{
   screen->fence_reference = kiln_fence_reference;
   screen->fence_finish = kiln_fence_finish;
}

void
kiln_pipe_context_init_query_functions(struct pipe_context *ctx)
{
   ctx->flush = kiln_flush;
   ctx->create_query = kiln_create_query;
   ctx->destroy_query = kiln_destroy_query;
   ctx->begin_query = kiln_begin_query;
   ctx->end_query = kiln_end_query;
   ctx->get_query_result = kiln_get_query_result;
   ctx->set_active_query_state = kiln_set_active_query_state;
}
