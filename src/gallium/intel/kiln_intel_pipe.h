/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * kiln's Gallium screen on an Intel Gen12 (Tiger Lake) or Gen12.5 (DG2)
 * device: the pipe_screen and pipe_context Rusticl drives for compute,
 * beside the AMD one in src/gallium.  Kernels compile through
 * kiln_compile_nir() for the device's target (brw, kiln's passes, push
 * constants as include/kiln_intel_abi.h lays them out) and run through
 * drivers/intel, one batch per launch waited for before launch_grid
 * returns: fences are born signalled and buffers are read and written by
 * the CPU through their mappings (src/gallium's shared code).
 *
 * What drivers/intel does not set up is not offered, and a kernel that
 * needs it fails to build or launch with a message naming it: doubles,
 * images and samplers, device-side enqueue.
 */
#ifndef KILN_INTEL_PIPE_H
#define KILN_INTEL_PIPE_H

#include <assert.h>
#include <stddef.h>

#include "kiln_compiler.h"
#include "kiln_intel.h"
#include "kiln_pipe_common.h"
#include "util/simple_mtx.h"

struct intel_device_info;

struct kiln_intel_screen {
   struct pipe_screen base;
   struct kiln_pipe_frontend frontend; /* as struct kiln_pipe_screen */
   struct kiln_intel_device *dev;
   const struct intel_device_info *info;
   /* Every call into drivers/intel holds it: Rusticl calls the screen
    * and its contexts from several threads. */
   simple_mtx_t dev_lock;
   char name[96];
};

static_assert(offsetof(struct kiln_intel_screen, frontend) ==
                 offsetof(struct kiln_pipe_screen, frontend),
              "a kiln screen begins as struct kiln_pipe_screen");

static inline struct kiln_intel_screen *
kiln_intel_screen(struct pipe_screen *screen)
{
   return (struct kiln_intel_screen *)screen;
}

struct kiln_intel_resource {
   struct pipe_resource base;
   uint8_t *map;     /* as struct kiln_pipe_resource: bo's mapping */
   uint64_t address; /* and its GPU address */
   struct kiln_intel_bo *bo;
};

static_assert(offsetof(struct kiln_intel_resource, map) ==
                    offsetof(struct kiln_pipe_resource, map) &&
                 offsetof(struct kiln_intel_resource, address) ==
                    offsetof(struct kiln_pipe_resource, address),
              "a kiln resource begins as struct kiln_pipe_resource");

static inline struct kiln_intel_resource *
kiln_intel_resource(struct pipe_resource *res)
{
   return (struct kiln_intel_resource *)res;
}

struct kiln_intel_compute_state {
   struct kiln_kernel *kernel;
   unsigned static_shared_mem;           /* where the front end starts __local arguments */
   struct kiln_program_globals *globals; /* its program's __global variables, or NULL */
};

struct kiln_intel_context {
   struct pipe_context base;
   struct kiln_intel_compute_state *cs;
   struct kiln_pipe_inputs inputs;
   enum pipe_reset_status reset; /* after a hang, until queried */
};

static inline struct kiln_intel_context *
kiln_intel_context(struct pipe_context *ctx)
{
   return (struct kiln_intel_context *)ctx;
}

/* The SIMD width kernels are compiled for (a sub-group's size) unless
 * they require another (8 or 32). */
#define KILN_INTEL_PIPE_SIMD_WIDTH 16

/* Shared local memory a work-group may have on Gen12 and Gen12.5. */
#define KILN_INTEL_PIPE_MAX_SLM_BYTES (64 * 1024)

/* kiln_intel_pipe_caps.c */
void kiln_intel_screen_init_caps(struct kiln_intel_screen *screen);

/* kiln_intel_pipe_resource.c: buffers on drivers/intel buffer objects */
void kiln_intel_screen_init_resource_functions(struct kiln_intel_screen *screen);

/* kiln_intel_pipe_context.c */
struct pipe_context *kiln_intel_context_create(struct pipe_screen *screen, void *priv,
                                               unsigned flags);

/* kiln_intel_pipe_compute.c: compute states; kiln_intel_pipe_launch.c:
 * inputs, bindings, launch */
void kiln_intel_context_init_compute_functions(struct kiln_intel_context *ctx);
void kiln_intel_context_init_launch_functions(struct kiln_intel_context *ctx);

/* kiln_intel_pipe_images.c: the image and sampler calls, which see none */
void kiln_intel_context_init_image_functions(struct kiln_intel_context *ctx);

#endif
