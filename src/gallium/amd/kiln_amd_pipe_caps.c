/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * What the AMD screen says it can do beyond what every kiln screen does
 * (kiln_pipe_caps.c), which Rusticl turns into the OpenCL device's limits
 * and extensions: only what kiln runs correctly today
 * (64-bit integers, their atomics, doubles, half, sub-groups and images:
 * linear, one level, the sizes of GFX10's image descriptors).  The
 * limits are drivers/amdgpu's and kiln's kernel ABI's.
 */
#include "kiln_amd_pipe.h"

#include "util/u_math.h"

#define MAX_INPUT_BYTES (32 * 1024)

void
kiln_amd_screen_init_limits(struct kiln_amd_screen *screen)
{
   const struct kiln_amdgpu_device_info *info = screen->info;
   const uint64_t memory = info->vram_size + info->gtt_size;
   screen->base.limits = (struct kiln_pipe_limits){
      .ir_target = info->target,
      .max_work_group_size = KILN_AMDGPU_MAX_WORK_GROUP_SIZE,
      .global_memory = memory,
      .local_memory = KILN_AMDGPU_MAX_LDS_BYTES,
      .private_memory = 64 * 1024,
      .input_bytes = MAX_INPUT_BYTES,
      .max_alloc = MIN2(KILN_PIPE_MAX_ALLOC_BYTES, memory / 4),
      .clock_mhz = info->kind == KILN_AMDGPU_DEVICE_SIM ? 1 : 2000,
      .compute_units = info->num_cu,
      .subgroup_size = info->wave_size, /* a sub-group is a wave */
      /* Images and samplers: the binding table's slots
       * (kiln_amd_pipe_images.c), OpenCL 2.0's minimum counts. */
      .images = true,
      .max_sampler_views = KILN_MAX_BINDINGS,
      .max_shader_images = 64,
      .max_samplers = 16,
      .int64_atomics = true, /* global and LDS, as kiln compiles them */
      .fp16 = true,          /* half arithmetic, and kiln's half built-ins (shaders/) */
   };
}

/* After src/gallium's caps, which every kiln screen has. */
void
kiln_amd_screen_init_caps(struct kiln_amd_screen *screen)
{
   struct pipe_caps *caps = (struct pipe_caps *)&screen->base.base.caps;
   caps->doubles = true;
   /* The waves of a work-group take turns in time slices (the emulator) or
    * run side by side (the hardware): one that spins cannot starve another. */
   caps->compute_subgroup_independent_forward_progress = true;
   /* Generic pointers are flat addresses (kiln_nir_lower_generic_*, run
    * from the screen's SPIR-V-to-NIR hooks). */
   caps->compute_generic_address_space = true;
   /* ACO emits every memory order and scope's waits and cache controls,
    * and a device is one agent, so all_devices is device. */
   caps->compute_atomic_orders_and_scopes = true;
   /* A program's __global variables are one buffer (kiln_pipe_globals.c). */
   caps->max_compute_global_variable_size = KILN_PIPE_MAX_ALLOC_BYTES;
   /* Kernels enqueue into their context's device queue, drained after
    * their launch (kiln_amd_pipe_device_queue.c). */
   caps->compute_device_enqueue = true;
   /* work_group_* over shared memory and waves
    * (kiln_nir_lower_work_group_collectives). */
   caps->compute_work_group_collective_functions = true;
   /* Images: read-only ones as sampler views, the others as shader images,
    * all with their formats' own conversions (GFX10 T#: 16384 wide and
    * high, 8192 layers or slices; image buffers in 2^27 elements).  The
    * front end numbers them (nir_lower_cl_images); the backend reads their
    * descriptors from the binding table. */
   caps->texture_sampler_independent = true;
   caps->image_store_formatted = true;
   caps->image_load_formatted = true; /* read_write images */
   caps->max_texture_2d_size = 16384;
   caps->max_texture_3d_levels = 14;
   caps->max_texture_array_layers = 8192;
   caps->max_texel_buffer_elements = 1 << 27;
   /* 2D images over buffers (cl_khr_image2d_from_buffer), from GFX10.3:
    * the T#'s row pitch is a multiple of 256 bytes, which 256 pixels of
    * any format are, and so is a base address 256 pixels in. */
   if (screen->info->gfx_major * 10 + screen->info->gfx_minor >= 103) {
      caps->linear_image_pitch_alignment = 256;
      caps->linear_image_base_address_alignment = 256;
   }
   caps->nir_images_as_deref = false;
   caps->nir_samplers_as_deref = false;
   caps->vendor_id = 0x1002;
   caps->device_id = 0;
   caps->uma = screen->info->kind == KILN_AMDGPU_DEVICE_SIM;
}
