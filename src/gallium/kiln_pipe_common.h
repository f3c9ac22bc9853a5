/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The shape of every kiln Gallium screen, whatever GPU is behind it (the
 * AMD screen in src/gallium/amd, the Intel one in src/gallium/intel):
 * one driver over two kernel interfaces, as radeonsi sits on struct
 * radeon_winsys.  A screen, context, compute state and resource begin
 * with the shared struct kiln_pipe_screen, kiln_pipe_context,
 * kiln_pipe_compute_state and kiln_pipe_resource; the entry points that
 * are the same for every device are src/gallium's (names, caps, context
 * lifetime, reset status, kernel inputs and buffer bindings, compute
 * state lifetime, buffers, fences and queries, Rusticl's front-end hooks
 * and programs' __global variables), and what a device does its own way
 * is behind the screen's struct kiln_pipe_device_ops.
 */
#ifndef KILN_PIPE_COMMON_H
#define KILN_PIPE_COMMON_H

#include <stdbool.h>
#include <stdint.h>

#include "kiln_compiler.h"
#include "pipe/p_context.h"
#include "pipe/p_screen.h"
#include "pipe/p_state.h"
#include "util/list.h"
#include "util/simple_mtx.h"
#include "util/u_dynarray.h"

struct disk_cache;
struct kiln_frontend_globals;
struct nir_shader;

/* The compiler target a screen's kernels are built for, and how its
 * front-end hooks treat a program. */
struct kiln_pipe_frontend {
   enum kiln_target target;
   unsigned wave_size; /* AMD's wave size, Intel's SIMD width */
   struct disk_cache *disk_cache;
   /* The programs' __global variables (kiln_pipe_globals.c), under
    * globals_lock. */
   struct list_head globals;
   simple_mtx_t globals_lock;
};

/* What a screen's device can do, which get_shader_param and
 * get_compute_param answer (kiln_pipe_caps.c, kiln_pipe_compute_params.c). */
struct kiln_pipe_limits {
   const char *ir_target;
   uint64_t max_work_group_size;
   uint64_t global_memory;
   uint64_t local_memory;   /* per work-group */
   uint64_t private_memory; /* per work-item */
   uint64_t input_bytes;    /* constant buffer 0: the kernel inputs */
   uint64_t max_alloc;
   uint32_t clock_mhz;
   uint32_t compute_units;
   uint32_t subgroup_size; /* a sub-group is a wave or a hardware thread */
   /* Images, their sampler view, image and sampler slots (0 without),
    * 64-bit atomics and half arithmetic. */
   bool images;
   unsigned max_sampler_views;
   unsigned max_shader_images;
   unsigned max_samplers;
   bool int64_atomics;
   bool fp16;
};

/* The largest buffer any kiln screen offers (max_shader_buffer_size). */
#define KILN_PIPE_MAX_ALLOC_BYTES (UINT64_C(1) << 31)

struct kiln_pipe_screen;
struct kiln_pipe_context;
struct kiln_pipe_compute_state;
struct kiln_pipe_resource;

/* What a screen's device does its own way.  The sizes are those of the
 * device's screen objects, each beginning with the shared one; the calls
 * marked "under dev_lock" are made holding the screen's dev_lock; a
 * NULL optional call does nothing. */
struct kiln_pipe_device_ops {
   const char *device_vendor; /* CL_DEVICE_VENDOR: "AMD", "Intel" */
   size_t context_size, compute_state_size, resource_size;

   /* Closes the device, after the shared screen state that needs it is
    * gone. */
   void (*destroy)(struct kiln_pipe_screen *screen);
   /* Whether format can be an image (or image buffer, target PIPE_BUFFER)
    * of the device; optional, none without. */
   bool (*is_image_format_supported)(struct kiln_pipe_screen *screen, enum pipe_format format,
                                     enum pipe_texture_target target, unsigned sample_count);

   /* The storage of res as templ asks, its map and address filled in;
    * 0, or a negative errno with the reason said on stderr.  Under
    * dev_lock. */
   int (*resource_create)(struct kiln_pipe_screen *screen, const struct pipe_resource *templ,
                          struct kiln_pipe_resource *res);
   void (*resource_destroy)(struct kiln_pipe_screen *screen, struct kiln_pipe_resource *res);

   /* What in the front end's NIR the device cannot launch, or NULL;
    * optional.  A kernel refused gets no compute state. */
   const char *(*kernel_refusal)(struct nir_shader *nir);
   /* Optional: before the kernel is compiled from nir; after it is
    * compiled (false: no state, said on stderr); and when the state goes,
    * also after a failed compile or upload. */
   void (*compute_state_init)(struct kiln_pipe_screen *screen, struct kiln_pipe_compute_state *cs,
                              struct nir_shader *nir);
   bool (*compute_state_upload)(struct kiln_pipe_screen *screen,
                                struct kiln_pipe_compute_state *cs);
   void (*compute_state_finish)(struct kiln_pipe_screen *screen,
                                struct kiln_pipe_compute_state *cs);
   void (*get_compute_state_info)(struct pipe_context *ctx, void *state,
                                  struct pipe_compute_state_object_info *info);

   /* Optional: sets the context's image, sampler and texture calls (a
    * device without sets none, kiln_pipe_no_images.c's then), and frees
    * what they hold before the context goes. */
   void (*context_init)(struct kiln_pipe_context *ctx);
   void (*context_finish)(struct kiln_pipe_context *ctx);
   void (*launch_grid)(struct pipe_context *ctx, const struct pipe_grid_info *info);
};

struct kiln_pipe_screen {
   struct pipe_screen base;
   struct kiln_pipe_frontend frontend;
   const struct kiln_pipe_device_ops *ops;
   struct kiln_pipe_limits limits;
   /* Every call into the device's driver holds it: Rusticl calls the
    * screen and its contexts from several threads. */
   simple_mtx_t dev_lock;
   char name[96]; /* CL_DEVICE_NAME */
};

static inline struct kiln_pipe_screen *
kiln_pipe_screen(struct pipe_screen *screen)
{
   return (struct kiln_pipe_screen *)screen;
}

static inline struct kiln_pipe_frontend *
kiln_pipe_frontend(struct pipe_screen *screen)
{
   return &kiln_pipe_screen(screen)->frontend;
}

/* kiln_pipe_screen.c: a screen whose device is open, its frontend's
 * target and wave size, name, limits and ops filled in, gets every
 * shared entry point, its front end (cache_name names its disk cache)
 * and the caps every kiln screen has (kiln_pipe_caps.c); its own caps
 * come after. */
void kiln_pipe_screen_init(struct kiln_pipe_screen *screen, const char *cache_name);
void kiln_pipe_screen_init_caps(struct kiln_pipe_screen *screen);

/* kiln_pipe_frontend.c: sets the screen's compiler options, front-end
 * hooks, timestamp, disk cache (named cache_name, keyed by this
 * library's build) and programs' __global variables from frontend's
 * target and wave size, which must be filled in; finishing frees the
 * variables' buffers, so it comes before the device is closed. */
void kiln_pipe_screen_init_frontend(struct pipe_screen *screen, const char *cache_name);
void kiln_pipe_screen_finish_frontend(struct pipe_screen *screen);

/* The kernel's name as its program spells it, for the compiled kernel and
 * messages: the front end's NIR names the kernel after spirv_to_nir's
 * entry-point wrapper ("__wrapped_NAME"). */
const char *kiln_pipe_kernel_name(struct nir_shader *nir);

/* kiln_pipe_globals.c: programs' __global variables, kept from the
 * SPIR-V-to-NIR hook (which hands over g's data) until the compute states
 * of their program, which share one buffer, are gone. */
struct kiln_program_globals;
void kiln_pipe_screen_init_program_globals(struct pipe_screen *screen);
void kiln_pipe_screen_finish_program_globals(struct pipe_screen *screen);
void kiln_pipe_screen_keep_program_globals(struct pipe_screen *screen,
                                           struct kiln_frontend_globals *g);
/* The variables of the program of key, their buffer created and
 * initialised at the first get; NULL when unknown or out of memory. */
struct kiln_program_globals *kiln_pipe_screen_get_program_globals(struct pipe_screen *screen,
                                                                  const uint8_t key[32]);
void kiln_pipe_screen_put_program_globals(struct pipe_screen *screen,
                                          struct kiln_program_globals *p);
struct pipe_resource *kiln_program_globals_buffer(const struct kiln_program_globals *p);

/* A resource: its bytes as the CPU sees them and its GPU address. */
struct kiln_pipe_resource {
   struct pipe_resource base;
   uint8_t *map;
   uint64_t address;
};

static inline struct kiln_pipe_resource *
kiln_pipe_resource(struct pipe_resource *res)
{
   return (struct kiln_pipe_resource *)res;
}

/* kiln_pipe_resource.c: resource_create and resource_destroy over the
 * device's calls. */
void kiln_pipe_screen_init_resource_functions(struct pipe_screen *screen);

/* kiln_pipe_buffer.c: buffer maps, uploads, copies and fills by the CPU
 * (no launch is in flight once launch_grid has returned). */
void kiln_pipe_context_init_buffer_functions(struct pipe_context *ctx);
/* A transfer of box of level of res (a map's), referencing res; NULL when
 * out of memory.  buffer_unmap frees it. */
struct pipe_transfer *kiln_pipe_transfer_create(struct pipe_resource *res, unsigned level,
                                                unsigned usage, const struct pipe_box *box);

/* kiln_pipe_inputs.c: constant buffer 0 (the kernel inputs Rusticl lays
 * out) and set_global_binding's buffers, whose GPU addresses are added
 * into the inputs at once. */
struct kiln_pipe_inputs {
   struct util_dynarray input;
   struct pipe_resource **globals;
   unsigned num_globals;
};

void kiln_pipe_inputs_init(struct kiln_pipe_inputs *in);
void kiln_pipe_inputs_finish(struct kiln_pipe_inputs *in);
void kiln_pipe_inputs_set_constant_buffer(struct kiln_pipe_inputs *in, enum pipe_shader_type shader,
                                          unsigned index, bool take_ownership,
                                          const struct pipe_constant_buffer *cb);
void kiln_pipe_inputs_set_global_binding(struct kiln_pipe_inputs *in, unsigned first,
                                         unsigned count, struct pipe_resource **resources,
                                         uint32_t **handles);
/* Pads the inputs with zeros to at least size bytes (arguments the kernel
 * never reads); false when out of memory. */
bool kiln_pipe_inputs_pad(struct kiln_pipe_inputs *in, unsigned size);

/* A compute state: the compiled kernel, where the front end starts the
 * __local arguments, and its program's __global variables (or NULL). */
struct kiln_pipe_compute_state {
   struct kiln_kernel *kernel;
   unsigned static_shared_mem;
   struct kiln_program_globals *globals;
};

/* kiln_pipe_compute.c: compute states compiled by kiln_compile_nir() for
 * the screen's target, over the device's calls. */
void kiln_pipe_context_init_compute_functions(struct pipe_context *ctx);

/* A context: the bound compute state, the inputs of the next launch, and
 * its reset status (a faulting or hung launch's, until queried). */
struct kiln_pipe_context {
   struct pipe_context base;
   struct kiln_pipe_compute_state *cs;
   struct kiln_pipe_inputs inputs;
   enum pipe_reset_status reset;
};

static inline struct kiln_pipe_context *
kiln_pipe_context(struct pipe_context *ctx)
{
   return (struct kiln_pipe_context *)ctx;
}

/* kiln_pipe_context.c: a screen's context_create. */
struct pipe_context *kiln_pipe_context_create(struct pipe_screen *screen, void *priv,
                                              unsigned flags);

/* A dimension's global size in work-items: its last group may be partial
 * (last_block, non-uniform work-groups), which the dispatch and the
 * kernel derive from it. */
static inline uint64_t
kiln_pipe_grid_global_size(const struct pipe_grid_info *info, unsigned d)
{
   uint64_t size = (uint64_t)info->grid[d] * info->block[d];
   if (info->last_block[d] && info->grid[d])
      size -= info->block[d] - info->last_block[d];
   return size;
}

/* kiln_pipe_compute_params.c: get_compute_param from the screen's limits. */
int kiln_pipe_get_compute_param(struct pipe_screen *screen, enum pipe_shader_ir ir,
                                enum pipe_compute_cap param, void *ret);

/* kiln_pipe_no_images.c: the image, sampler and texture calls of a
 * context whose device has no images, which only ever see none. */
void kiln_pipe_context_init_no_image_functions(struct pipe_context *ctx);

/* kiln_pipe_fence.c: fences and timestamp queries */
void kiln_pipe_screen_init_fence_functions(struct pipe_screen *screen);
void kiln_pipe_context_init_query_functions(struct pipe_context *ctx);

#endif
