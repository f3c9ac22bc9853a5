/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * kiln's Gallium screen on an AMD device drivers/amdgpu opens (a render
 * node or the emulated gfx1030): src/gallium's shared screen
 * (kiln_pipe_common.h) over drivers/amdgpu, with what only this screen
 * has: images and samplers (descriptors in the launch's binding table)
 * and device-side enqueue.  Kernels compile through kiln_compile_nir()
 * and run through drivers/amdgpu, which waits for each dispatch: work is
 * finished when launch_grid returns, so fences are born signalled and
 * buffers are read and written by the CPU through their host-visible
 * mappings.
 */
#ifndef KILN_AMD_PIPE_H
#define KILN_AMD_PIPE_H

#include "kiln_amdgpu.h"
#include "kiln_pipe_common.h"

#include "util/list.h"
#include "util/simple_mtx.h"

struct kiln_amd_screen {
   struct kiln_pipe_screen base;
   struct kiln_amdgpu_device *dev; /* every call into it holds base.dev_lock */
   const struct kiln_amdgpu_device_info *info;
   /* The block kernels of programs that enqueue
    * (kiln_amd_pipe_device_queue.c), under enqueue_lock. */
   struct list_head enqueue_programs;
   simple_mtx_t enqueue_lock;
};

static inline struct kiln_amd_screen *
kiln_amd_screen(struct pipe_screen *screen)
{
   return (struct kiln_amd_screen *)screen;
}

struct kiln_amd_resource {
   struct kiln_pipe_resource base;
   struct kiln_amdgpu_bo *bo;
   /* A texture's linear layout (kiln_amd_abi.h): pixel (x, y, z) at
    * z * slice_pitch + y * row_pitch + x * its format's block size. */
   unsigned row_pitch;
   uint64_t slice_pitch;
};

static inline struct kiln_amd_resource *
kiln_amd_resource(struct pipe_resource *res)
{
   return (struct kiln_amd_resource *)res;
}

struct kiln_amd_compute_state {
   struct kiln_pipe_compute_state base;
   struct kiln_amdgpu_kernel *hw;
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

struct kiln_amd_context {
   struct kiln_pipe_context base;
   /* What the next launch's binding table describes (kiln_amd_pipe_images.c) */
   struct pipe_sampler_view *views[KILN_MAX_BINDINGS];
   struct pipe_image_view images[KILN_MAX_BINDINGS];
   void *samplers[KILN_MAX_BINDINGS];
   /* The default device queue (kiln_amd_pipe_device_queue.c), or NULL. */
   struct kiln_amdgpu_bo *device_queue;
};

static inline struct kiln_amd_context *
kiln_amd_context(struct pipe_context *ctx)
{
   return (struct kiln_amd_context *)ctx;
}

/* kiln_amd_pipe_caps.c: the device's limits and caps */
void kiln_amd_screen_init_limits(struct kiln_amd_screen *screen);
void kiln_amd_screen_init_caps(struct kiln_amd_screen *screen);

/* kiln_amd_pipe_resource.c: buffer and texture objects, texture maps */
int kiln_amd_resource_create(struct kiln_pipe_screen *screen, const struct pipe_resource *templ,
                             struct kiln_pipe_resource *res);
void kiln_amd_resource_destroy(struct kiln_pipe_screen *screen, struct kiln_pipe_resource *res);
bool kiln_amd_is_image_format_supported(struct kiln_pipe_screen *screen, enum pipe_format format,
                                        enum pipe_texture_target target, unsigned sample_count);
void kiln_amd_context_init_texture_functions(struct kiln_amd_context *ctx);

/* kiln_amd_pipe_images.c: sampler views, shader images, sampler states, and the
 * binding table: the descriptors of the slots kernel k reads written at
 * their place in its inputs, the resources behind them added to bos (at
 * most max_bos); 0 or a negative errno (the reason on stderr). */
void kiln_amd_context_init_image_functions(struct kiln_amd_context *ctx);
int kiln_amd_context_write_bindings(struct kiln_amd_context *ctx, const struct kiln_kernel *k,
                                    uint8_t *input, struct kiln_amdgpu_bo **bos, unsigned *num_bos,
                                    unsigned max_bos);
void kiln_amd_context_release_bindings(struct kiln_amd_context *ctx);

/* kiln_amd_pipe_device_queue.c: device-side enqueue.  The compute state of a
 * kernel that may enqueue, or of a block's kernel, names its program's
 * table of block kernels (init before its NIR is compiled, set_block_kernel
 * once uploaded); a context's default queue is created (under dev_lock)
 * and emptied before a launch of such a kernel and drained after it. */
struct kiln_enqueue_program;
void kiln_amd_screen_init_enqueue_programs(struct kiln_amd_screen *screen);
void kiln_amd_screen_finish_enqueue_programs(struct kiln_amd_screen *screen);
void kiln_amd_compute_state_init_enqueue(struct kiln_amd_screen *screen,
                                         struct kiln_amd_compute_state *cs, struct nir_shader *nir);
void kiln_amd_compute_state_set_block_kernel(struct kiln_amd_screen *screen,
                                             struct kiln_amd_compute_state *cs,
                                             const struct kiln_amdgpu_kernel *hw);
void kiln_amd_compute_state_finish_enqueue(struct kiln_amd_screen *screen,
                                           struct kiln_amd_compute_state *cs);
struct kiln_amdgpu_bo *kiln_amd_context_device_queue(struct kiln_amd_context *ctx);
int kiln_amd_context_drain_device_queue(struct kiln_amd_context *ctx,
                                        const struct kiln_amd_compute_state *cs,
                                        const struct kiln_amdgpu_launch *launch,
                                        struct kiln_amdgpu_fault *fault);
void kiln_amd_context_finish_device_queue(struct kiln_amd_context *ctx);

/* kiln_amd_pipe_compute.c: a compute state's device-side enqueue table
 * joined before its kernel is compiled, the compiled kernel uploaded and
 * freed, and what its work-groups may be */
void kiln_amd_compute_state_init(struct kiln_pipe_screen *screen,
                                 struct kiln_pipe_compute_state *cs, struct nir_shader *nir);
bool kiln_amd_compute_state_upload(struct kiln_pipe_screen *screen,
                                   struct kiln_pipe_compute_state *cs);
void kiln_amd_compute_state_finish(struct kiln_pipe_screen *screen,
                                   struct kiln_pipe_compute_state *cs);
void kiln_amd_get_compute_state_info(struct pipe_context *ctx, void *state,
                                     struct pipe_compute_state_object_info *info);

/* kiln_amd_pipe_launch.c */
void kiln_amd_launch_grid(struct pipe_context *ctx, const struct pipe_grid_info *info);

#endif
