/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * kiln's Gallium driver: the pipe_screen and pipe_context Rusticl drives
 * for compute.  Kernels compile through kiln_compile_nir() and run through
 * drivers/amdgpu, which waits for each dispatch: work is finished when
 * launch_grid returns, so fences are born signalled and buffers are
 * read and written by the CPU through their host-visible mappings.
 */
#ifndef KILN_PIPE_H
#define KILN_PIPE_H

#include "kiln_amdgpu.h"
#include "kiln_pipe_common.h"

#include <assert.h>
#include <stddef.h>

#include "kiln_compiler.h"
#include "pipe/p_context.h"
#include "pipe/p_screen.h"
#include "pipe/p_state.h"
#include "kiln_compiler_nir.h"
#include "util/list.h"
#include "util/simple_mtx.h"
#include "util/u_dynarray.h"

struct kiln_screen {
   struct pipe_screen base;
   struct kiln_pipe_frontend frontend; /* as struct kiln_pipe_screen */
   struct kiln_amdgpu_device *dev;
   const struct kiln_amdgpu_device_info *info;
   /* drivers/amdgpu keeps one command buffer per device: every call into
    * it (buffer objects, kernels, dispatches) holds this lock, since
    * Rusticl calls the screen and its contexts from several threads. */
   simple_mtx_t dev_lock;
   char name[96];
   /* The block kernels of programs that enqueue (kiln_pipe_device_queue.c),
    * under enqueue_lock. */
   struct list_head enqueue_programs;
   simple_mtx_t enqueue_lock;
};

static inline struct kiln_screen *
kiln_screen(struct pipe_screen *screen)
{
   return (struct kiln_screen *)screen;
}

struct kiln_resource {
   struct pipe_resource base;
   uint8_t *map;     /* as struct kiln_pipe_resource: bo's mapping */
   uint64_t address; /* and its GPU address */
   struct kiln_amdgpu_bo *bo;
   /* A texture's linear layout (kiln_amd_abi.h): pixel (x, y, z) at
    * z * slice_pitch + y * row_pitch + x * its format's block size. */
   unsigned row_pitch;
   uint64_t slice_pitch;
};

static_assert(offsetof(struct kiln_screen, frontend) == offsetof(struct kiln_pipe_screen, frontend),
              "a kiln screen begins as struct kiln_pipe_screen");
static_assert(offsetof(struct kiln_resource, map) == offsetof(struct kiln_pipe_resource, map) &&
                 offsetof(struct kiln_resource, address) ==
                    offsetof(struct kiln_pipe_resource, address),
              "a kiln resource begins as struct kiln_pipe_resource");

static inline struct kiln_resource *
kiln_resource(struct pipe_resource *res)
{
   return (struct kiln_resource *)res;
}

struct kiln_compute_state {
   struct kiln_kernel *kernel;
   struct kiln_amdgpu_kernel *hw;
   unsigned static_shared_mem;           /* where the front end starts __local arguments */
   struct kiln_program_globals *globals; /* its program's __global variables, or NULL */
   /* Device-side enqueue: the kernel may enqueue (its launches are drained);
    * its program's block kernels, when it may or is one; its entry point
    * index + 1 when it is an enqueued block's kernel. */
   bool uses_device_queue;
   struct kiln_enqueue_program *enqueue;
   unsigned block_index;
};

/* Sampler views, shader images and sampler states a context can bind
 * (OpenCL 2.0's minimum of read image arguments, and of samplers). */
#define KILN_MAX_BINDINGS 128

struct kiln_context {
   struct pipe_context base;
   struct kiln_compute_state *cs;
   struct kiln_pipe_inputs inputs; /* constant buffer 0 and set_global_binding's buffers */
   enum pipe_reset_status reset;   /* after a faulting dispatch, until queried */
   /* What the next launch's binding table describes (kiln_pipe_image.c) */
   struct pipe_sampler_view *views[KILN_MAX_BINDINGS];
   struct pipe_image_view images[KILN_MAX_BINDINGS];
   void *samplers[KILN_MAX_BINDINGS];
   /* The default device queue (kiln_pipe_device_queue.c), or NULL. */
   struct kiln_amdgpu_bo *device_queue;
};

static inline struct kiln_context *
kiln_context(struct pipe_context *ctx)
{
   return (struct kiln_context *)ctx;
}

/* kiln_pipe_screen.c, kiln_pipe_caps.c */
void kiln_screen_init_caps(struct kiln_screen *screen);

/* kiln_pipe_context.c */
struct pipe_context *kiln_context_create(struct pipe_screen *screen, void *priv, unsigned flags);

/* kiln_pipe_resource.c: buffer and texture objects, texture transfers */
void kiln_screen_init_resource_functions(struct kiln_screen *screen);
void kiln_context_init_resource_functions(struct kiln_context *ctx);

/* kiln_pipe_image.c: sampler views, shader images, sampler states, and the
 * binding table: the descriptors of the slots kernel k reads written at
 * their place in its inputs, the resources behind them added to bos (at
 * most max_bos); 0 or a negative errno (the reason on stderr). */
void kiln_context_init_image_functions(struct kiln_context *ctx);
int kiln_context_write_bindings(struct kiln_context *ctx, const struct kiln_kernel *k,
                                uint8_t *input, struct kiln_amdgpu_bo **bos, unsigned *num_bos,
                                unsigned max_bos);
void kiln_context_release_bindings(struct kiln_context *ctx);

/* kiln_pipe_device_queue.c: device-side enqueue.  The compute state of a
 * kernel that may enqueue, or of a block's kernel, names its program's
 * table of block kernels (init before its NIR is compiled, set_block_kernel
 * once uploaded); a context's default queue is created (under dev_lock)
 * and emptied before a launch of such a kernel and drained after it. */
struct kiln_enqueue_program;
void kiln_screen_init_enqueue_programs(struct kiln_screen *screen);
void kiln_screen_finish_enqueue_programs(struct kiln_screen *screen);
void kiln_compute_state_init_enqueue(struct kiln_screen *screen, struct kiln_compute_state *cs,
                                     struct nir_shader *nir);
void kiln_compute_state_set_block_kernel(struct kiln_screen *screen, struct kiln_compute_state *cs,
                                         const struct kiln_amdgpu_kernel *hw);
void kiln_compute_state_finish_enqueue(struct kiln_screen *screen, struct kiln_compute_state *cs);
struct kiln_amdgpu_bo *kiln_context_device_queue(struct kiln_context *ctx);
int kiln_context_drain_device_queue(struct kiln_context *ctx, const struct kiln_compute_state *cs,
                                    const struct kiln_amdgpu_launch *launch,
                                    struct kiln_amdgpu_fault *fault);
void kiln_context_finish_device_queue(struct kiln_context *ctx);

/* kiln_pipe_compute.c: compute states; kiln_pipe_launch.c: inputs, bindings, launch */
void kiln_context_init_compute_functions(struct kiln_context *ctx);
void kiln_context_init_launch_functions(struct kiln_context *ctx);

#endif
