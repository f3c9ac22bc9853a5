/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * kiln's Gallium screen on an Intel Gen12 (Tiger Lake) or Gen12.5 (DG2)
 * device: src/gallium's shared screen (kiln_pipe_common.h) over
 * drivers/intel, beside the AMD one in src/gallium/amd.  Kernels compile
 * through kiln_compile_nir() for the device's target (brw, kiln's passes,
 * push constants as include/kiln_intel_abi.h lays them out) and run
 * through drivers/intel, one batch per launch waited for before
 * launch_grid returns: fences are born signalled and buffers are read and
 * written by the CPU through their mappings.
 *
 * What drivers/intel does not set up is not offered, and a kernel that
 * needs it fails to build or launch with a message naming it: doubles,
 * images and samplers, device-side enqueue.
 */
#ifndef KILN_INTEL_PIPE_H
#define KILN_INTEL_PIPE_H

#include "kiln_compiler.h"
#include "kiln_intel.h"
#include "kiln_pipe_common.h"

struct intel_device_info;

struct kiln_intel_screen {
   struct kiln_pipe_screen base;
   struct kiln_intel_device *dev;
   const struct intel_device_info *info;
};

static inline struct kiln_intel_screen *
kiln_intel_screen(struct pipe_screen *screen)
{
   return (struct kiln_intel_screen *)screen;
}

/* A buffer: one drivers/intel buffer object. */
struct kiln_intel_resource {
   struct kiln_pipe_resource base;
   struct kiln_intel_bo *bo;
};

static inline struct kiln_intel_resource *
kiln_intel_resource(struct pipe_resource *res)
{
   return (struct kiln_intel_resource *)res;
}

/* The SIMD width kernels are compiled for (a sub-group's size) unless
 * they require another (8 or 32). */
#define KILN_INTEL_PIPE_SIMD_WIDTH 16

/* Shared local memory a work-group may have on Gen12 and Gen12.5. */
#define KILN_INTEL_PIPE_MAX_SLM_BYTES (64 * 1024)

/* kiln_intel_pipe_caps.c: the device's limits and caps */
void kiln_intel_screen_init_limits(struct kiln_intel_screen *screen);
void kiln_intel_screen_init_caps(struct kiln_intel_screen *screen);

/* kiln_intel_pipe_resource.c: buffers on drivers/intel buffer objects */
int kiln_intel_resource_create(struct kiln_pipe_screen *screen, const struct pipe_resource *templ,
                               struct kiln_pipe_resource *res);
void kiln_intel_resource_destroy(struct kiln_pipe_screen *screen, struct kiln_pipe_resource *res);

/* kiln_intel_pipe_compute.c: what the Intel path cannot launch, and what
 * a compiled kernel's work-groups may be */
const char *kiln_intel_kernel_refusal(struct nir_shader *nir);
void kiln_intel_get_compute_state_info(struct pipe_context *ctx, void *state,
                                       struct pipe_compute_state_object_info *info);

/* kiln_intel_pipe_launch.c */
void kiln_intel_launch_grid(struct pipe_context *ctx, const struct pipe_grid_info *info);

#endif
