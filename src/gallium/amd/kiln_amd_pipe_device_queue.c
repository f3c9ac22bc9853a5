/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Device-side enqueue (OpenCL C 2.0 6.13.17) through Rusticl.  A program
 * that enqueues has its block kernels, which records name by their index
 * among the program's entry points; the SPIR-V-to-NIR hook writes that
 * index and the program's key into each kernel's NIR
 * (kiln_compiler_nir.h), and the screen keeps, per key, the table of the
 * program's block kernels the drain loop dispatches (as
 * kiln_pipe_globals.c keeps a program's __global variables).  Each
 * pipe_context (Rusticl makes one per command queue) has one device queue
 * (kiln_device_queue_abi.h), the default queue get_default_queue() and
 * queue_t arguments name, created at the first launch of a kernel that
 * may enqueue; it is emptied before each such launch and drained after
 * it, so the launch is complete with its whole tree of children, as
 * `kiln run` does.  Rusticl's on-device queue objects
 * (mesa-rusticl-device-enqueue.patch) hold nothing of it.  A block kernel's
 * inputs are Rusticl's layout: the literal's address and the __local arguments'
 * LDS offsets at the places Rusticl gave their kernel arguments.
 */
#include "kiln_amd_pipe.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kiln_compiler_nir.h"
#include "kiln_device_queue_abi.h"
#include "nir.h"
#include "util/u_memory.h"

/* Capacities of a context's queue: those `kiln run` gives its queues. */
#define QUEUE_RECORDS    KILN_DQ_QUEUE_RECORDS
#define QUEUE_EVENTS     KILN_DQ_QUEUE_EVENTS
#define QUEUE_HEAP_BYTES KILN_DQ_QUEUE_HEAP_BYTES

struct kiln_enqueue_program {
   struct list_head link;
   uint8_t key[32];
   unsigned refs;                           /* compute states of the program */
   struct kiln_amdgpu_block_kernel *blocks; /* by entry point index */
   unsigned num_blocks;
};

void
kiln_amd_screen_init_enqueue_programs(struct kiln_amd_screen *screen)
{
   list_inithead(&screen->enqueue_programs);
   simple_mtx_init(&screen->enqueue_lock, mtx_plain);
}

void
kiln_amd_screen_finish_enqueue_programs(struct kiln_amd_screen *screen)
{
   list_for_each_entry_safe(struct kiln_enqueue_program, p, &screen->enqueue_programs, link)
   {
      list_del(&p->link);
      free(p->blocks);
      FREE(p);
   }
   simple_mtx_destroy(&screen->enqueue_lock);
}

/* A block kernel's literal and __local arguments: where Rusticl placed
 * kernel arguments 0, 1, ... (nir_var_uniform's driver_location); an
 * argument the kernel never reads keeps a place of its own; and the
 * place of its __constant data's address when it has a copy of them.
 * The drain writes nothing else of its inputs, so a block that reads
 * another input of Rusticl's own (its printf buffer's address, its
 * images' formats) cannot run: false, with that input's name. */
static bool
block_layout(nir_shader *nir, unsigned num_locals, bool has_constants,
             struct kiln_amdgpu_block_kernel *b, const char **input)
{
   b->literal_offset = 0;
   b->num_local_args = MIN2(num_locals, KILN_DQ_MAX_LOCAL_ARGS);
   for (unsigned l = 0; l < b->num_local_args; l++)
      b->local_offsets[l] = 8 * (l + 1);
   nir_foreach_variable_with_modes (var, nir, nir_var_uniform | nir_var_image) {
      if (var->data.location == 0) {
         b->literal_offset = var->data.driver_location;
      } else if (var->data.location > 0 && var->data.location <= (int)num_locals) {
         if (var->data.location <= (int)b->num_local_args)
            b->local_offsets[var->data.location - 1] = var->data.driver_location;
      } else if (has_constants && var->name && !strcmp(var->name, "constant_buffer_addr")) {
         b->constant_offset = var->data.driver_location;
      } else if (!var->name || strcmp(var->name, "base_workgroup_id")) {
         /* (the work-group id's offset is 0 for a whole launch, as the
          * drain's zeroed inputs say) */
         *input = var->name ? var->name : "an unnamed input";
         return false;
      }
   }
   return true;
}

/* A copy of a block's __constant data (nir_opt_large_constants's), which
 * Rusticl uploads only for launches of its own; NULL on failure, said. */
static struct kiln_amdgpu_bo *
block_constants(struct kiln_amd_screen *screen, const nir_shader *nir)
{
   struct kiln_amdgpu_bo *bo = NULL;
   simple_mtx_lock(&screen->base.dev_lock);
   if (kiln_amdgpu_bo_create(screen->dev, nir->constant_data_size, KILN_AMDGPU_BO_HOST_VISIBLE,
                             &bo)) {
      fprintf(stderr, "kiln: a block's %u bytes of __constant data: %s\n", nir->constant_data_size,
              kiln_amdgpu_device_error(screen->dev));
      bo = NULL;
   } else {
      memcpy(bo->map, nir->constant_data, nir->constant_data_size);
   }
   simple_mtx_unlock(&screen->base.dev_lock);
   return bo;
}

/* Taken after enqueue_lock is released: a drain holds dev_lock and then
 * takes enqueue_lock. */
static void
destroy_constants(struct kiln_amd_screen *screen, struct kiln_amdgpu_bo *bo)
{
   if (!bo)
      return;
   simple_mtx_lock(&screen->base.dev_lock);
   kiln_amdgpu_bo_destroy(screen->dev, bo);
   simple_mtx_unlock(&screen->base.dev_lock);
}

void
kiln_amd_compute_state_init_enqueue(struct kiln_amd_screen *screen,
                                    struct kiln_amd_compute_state *cs, struct nir_shader *nir)
{
   const uint32_t block = nir->info.cs.shader_index & KILN_FRONTEND_BLOCK_INDEX_MASK;
   cs->uses_device_queue = kiln_frontend_uses_device_queue(nir);
   if (!block && !cs->uses_device_queue)
      return;
   /* The drain gives blocks the launch's __global variables, and a block
    * may use its program's where the kernel that enqueues it does not: a
    * kernel that may enqueue holds them (NULL for a program without). */
   if (cs->uses_device_queue && !cs->base.globals)
      cs->base.globals =
         kiln_pipe_screen_get_program_globals(&screen->base.base, nir->info.source_blake3);

   struct kiln_amdgpu_bo *constants =
      block && nir->constant_data_size ? block_constants(screen, nir) : NULL;

   simple_mtx_lock(&screen->enqueue_lock);
   struct kiln_enqueue_program *p = NULL;
   list_for_each_entry(struct kiln_enqueue_program, it, &screen->enqueue_programs, link)
   {
      if (!memcmp(it->key, nir->info.source_blake3, sizeof(it->key))) {
         p = it;
         break;
      }
   }
   if (!p && (p = CALLOC_STRUCT(kiln_enqueue_program))) {
      memcpy(p->key, nir->info.source_blake3, sizeof(p->key));
      list_addtail(&p->link, &screen->enqueue_programs);
   }
   if (p) {
      p->refs++;
      cs->enqueue = p;
      if (block) {
         const unsigned index = block - 1;
         if (index >= p->num_blocks) {
            struct kiln_amdgpu_block_kernel *b = realloc(p->blocks, (index + 1) * sizeof(*b));
            if (b) {
               memset(b + p->num_blocks, 0, (index + 1 - p->num_blocks) * sizeof(*b));
               p->blocks = b;
               p->num_blocks = index + 1;
            }
         }
         const char *input = NULL;
         if (index < p->num_blocks &&
             block_layout(nir, nir->info.cs.shader_index >> KILN_FRONTEND_BLOCK_LOCALS_SHIFT,
                          constants != NULL, &p->blocks[index], &input)) {
            cs->block_index = block;
            /* (the copy it replaces, if any, is destroyed below) */
            struct kiln_amdgpu_bo *old = p->blocks[index].constant_bo;
            p->blocks[index].constant_bo = constants;
            constants = old;
         } else if (input) {
            /* Its records then fail the drain, naming the kernel's index. */
            nir_function_impl *entry = nir_shader_get_entrypoint(nir);
            const char *name = nir->info.name ? nir->info.name
                               : entry        ? entry->function->name
                                              : "(unnamed)";
            fprintf(stderr,
                    "kiln: kernel %s: an enqueued block that reads the front end's "
                    "input %s (printf or images) cannot run from the "
                    "device queue yet\n",
                    name, input);
         }
      }
   }
   simple_mtx_unlock(&screen->enqueue_lock);
   destroy_constants(screen, constants);
}

void
kiln_amd_compute_state_set_block_kernel(struct kiln_amd_screen *screen,
                                        struct kiln_amd_compute_state *cs,
                                        const struct kiln_amdgpu_kernel *hw)
{
   if (!cs->enqueue || !cs->block_index)
      return;
   simple_mtx_lock(&screen->enqueue_lock);
   cs->enqueue->blocks[cs->block_index - 1].kernel = hw;
   simple_mtx_unlock(&screen->enqueue_lock);
}

void
kiln_amd_compute_state_finish_enqueue(struct kiln_amd_screen *screen,
                                      struct kiln_amd_compute_state *cs)
{
   struct kiln_enqueue_program *p = cs->enqueue;
   if (!p)
      return;
   struct kiln_amdgpu_block_kernel *blocks = NULL;
   unsigned num_blocks = 0;
   struct kiln_amdgpu_bo *constants = NULL;
   simple_mtx_lock(&screen->enqueue_lock);
   if (cs->block_index && p->blocks[cs->block_index - 1].kernel == cs->hw) {
      p->blocks[cs->block_index - 1].kernel = NULL;
      constants = p->blocks[cs->block_index - 1].constant_bo;
      p->blocks[cs->block_index - 1].constant_bo = NULL;
   }
   if (!--p->refs) {
      list_del(&p->link);
      blocks = p->blocks;
      num_blocks = p->num_blocks;
      FREE(p);
   }
   simple_mtx_unlock(&screen->enqueue_lock);
   destroy_constants(screen, constants);
   for (unsigned i = 0; i < num_blocks; i++)
      destroy_constants(screen, blocks[i].constant_bo);
   free(blocks);
   cs->enqueue = NULL;
}

struct kiln_amdgpu_bo *
kiln_amd_context_device_queue(struct kiln_amd_context *ctx)
{
   struct kiln_amd_screen *screen = kiln_amd_screen(ctx->base.base.screen);
   if (!ctx->device_queue) {
      const uint64_t size =
         kiln_amdgpu_device_queue_size(QUEUE_RECORDS, QUEUE_EVENTS, QUEUE_HEAP_BYTES);
      if (kiln_amdgpu_bo_create(screen->dev, size, KILN_AMDGPU_BO_HOST_VISIBLE,
                                &ctx->device_queue)) {
         fprintf(stderr, "kiln: device queue of %llu bytes: %s\n", (unsigned long long)size,
                 kiln_amdgpu_device_error(screen->dev));
         ctx->device_queue = NULL;
         return NULL;
      }
      kiln_amdgpu_device_queue_init(ctx->device_queue, QUEUE_RECORDS, QUEUE_EVENTS,
                                    QUEUE_HEAP_BYTES);
   }
   kiln_amdgpu_device_queue_reset(ctx->device_queue);
   return ctx->device_queue;
}

int
kiln_amd_context_drain_device_queue(struct kiln_amd_context *ctx,
                                    const struct kiln_amd_compute_state *cs,
                                    const struct kiln_amdgpu_launch *launch,
                                    struct kiln_amdgpu_fault *fault)
{
   struct kiln_amd_screen *screen = kiln_amd_screen(ctx->base.base.screen);
   struct kiln_enqueue_program *p = cs->enqueue;
   struct kiln_amdgpu_block_kernel *blocks = NULL;
   unsigned num_blocks = 0;
   simple_mtx_lock(&screen->enqueue_lock);
   if (p && p->num_blocks && (blocks = malloc(p->num_blocks * sizeof(*blocks)))) {
      memcpy(blocks, p->blocks, p->num_blocks * sizeof(*blocks));
      num_blocks = p->num_blocks;
   }
   simple_mtx_unlock(&screen->enqueue_lock);
   struct kiln_amdgpu_drain_stats stats = { 0 };
   int ret = kiln_amdgpu_device_queue_drain(screen->dev, ctx->device_queue, blocks, num_blocks,
                                            launch, &stats, fault);
   free(blocks);
   /* KILN_DEBUG=stats: what the launch's tree took, as `kiln run` reports
    * a kernel's statistics. */
   if (kiln_debug_flags() & KILN_DEBUG_STATS) {
      fprintf(stderr,
              "kiln: kernel %s: device queue drained in %u rounds: %u dispatches, "
              "%u markers, %.3f ms on the host (%.3f ms in dispatches)\n",
              cs->base.kernel->name, stats.rounds, stats.dispatches, stats.markers,
              stats.host_ns / 1e6, stats.dispatch_ns / 1e6);
   }
   return ret;
}

void
kiln_amd_context_finish_device_queue(struct kiln_amd_context *ctx)
{
   struct kiln_amd_screen *screen = kiln_amd_screen(ctx->base.base.screen);
   if (!ctx->device_queue)
      return;
   simple_mtx_lock(&screen->base.dev_lock);
   kiln_amdgpu_bo_destroy(screen->dev, ctx->device_queue);
   simple_mtx_unlock(&screen->base.dev_lock);
   ctx->device_queue = NULL;
}
