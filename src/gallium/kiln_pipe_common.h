/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * What kiln's Gallium screens share whatever GPU is behind them (the AMD
 * screen in src/gallium, the Intel one in src/gallium/intel): Rusticl's
 * front-end hooks, which run kiln's own CL passes for the screen's
 * compiler target; programs' __global variables, in one of the screen's
 * buffers each; buffers the CPU reads and writes through their mappings;
 * the kernel inputs and buffer bindings a launch is made of; and fences
 * and queries, trivial because every launch is waited for before
 * launch_grid returns.
 *
 * A screen begins with the members of struct kiln_pipe_screen, a buffer
 * resource with those of struct kiln_pipe_resource, so the shared code
 * can reach them from Gallium's base objects.
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

struct kiln_pipe_screen {
   struct pipe_screen base;
   struct kiln_pipe_frontend frontend;
};

static inline struct kiln_pipe_frontend *
kiln_pipe_frontend(struct pipe_screen *screen)
{
   return &((struct kiln_pipe_screen *)screen)->frontend;
}

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

/* A buffer: its bytes as the CPU sees them and its GPU address. */
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

/* kiln_pipe_buffer.c: buffer maps, uploads, copies and fills by the CPU
 * (no launch is in flight once launch_grid has returned). */
void kiln_pipe_context_init_buffer_functions(struct pipe_context *ctx);

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

/* kiln_pipe_compute_params.c: get_compute_param from a screen's limits. */
struct kiln_pipe_compute_limits {
   const char *ir_target;
   uint64_t max_work_group_size;
   uint64_t global_memory;
   uint64_t local_memory;   /* per work-group */
   uint64_t private_memory; /* per work-item */
   uint64_t input_bytes;
   uint64_t max_alloc;
   uint32_t clock_mhz;
   uint32_t compute_units;
   uint32_t subgroup_size; /* a sub-group is a wave or a hardware thread */
   bool images;
};

int kiln_pipe_get_compute_param(const struct kiln_pipe_compute_limits *limits,
                                enum pipe_compute_cap param, void *ret);

/* kiln_pipe_fence.c: fences and timestamp queries */
void kiln_pipe_screen_init_fence_functions(struct pipe_screen *screen);
void kiln_pipe_context_init_query_functions(struct pipe_context *ctx);

#endif
