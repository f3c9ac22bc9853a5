/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * What the Intel screen says it can do, which Rusticl turns into the
 * OpenCL device's limits and extensions: only what kiln's Intel path
 * compiles and drivers/intel launches.  So no doubles (Gen12 and Gen12.5
 * have no 64-bit float unit and kiln carries no soft-fp64 library: no
 * cl_khr_fp64), no images or samplers (kiln builds no Intel surface
 * states), no half, 64-bit atomics or generic address space (brw compiles
 * them, but no Intel GPU has run them under kiln yet), no device-side
 * enqueue (drivers/intel has no device queue).  Non-uniform work-groups
 * are offered (drivers/intel gives a partial group a walker of its own),
 * and private memory in scratch.  A program's
 * __global variables are offered: drivers/intel passes their buffer.
 * The limits are the device's (Mesa's intel_device_info) and kiln's
 * kernel ABI's.
 */
#include "kiln_intel_pipe.h"

#include "dev/intel_device_info.h"
#include "util/u_math.h"

/* The inputs are push constants, which take GRFs of every thread: the
 * 1024 bytes of arguments OpenCL's full profile asks for, and Rusticl's
 * own launch values. */
#define MAX_INPUT_BYTES 2048

static unsigned
max_work_group_size(const struct intel_device_info *info)
{
   return MIN2(info->max_cs_workgroup_threads * KILN_INTEL_PIPE_SIMD_WIDTH, 1024);
}

/* Memory the GPU reaches: its local memory, else the system memory the
 * kernel driver offers it. */
static uint64_t
global_memory(const struct intel_device_info *info)
{
   uint64_t bytes = info->mem.vram.mappable.size + info->mem.vram.unmappable.size;
   if (!bytes)
      bytes = info->mem.sram.mappable.size;
   if (!bytes)
      bytes = info->gtt_size;
   return bytes ? bytes : UINT64_C(1) << 32;
}

/* The largest buffer: OpenCL's minimum share of the memory. */
static uint64_t
max_alloc(const struct intel_device_info *info)
{
   return MIN2(KILN_PIPE_MAX_ALLOC_BYTES, global_memory(info) / 4);
}

void
kiln_intel_screen_init_limits(struct kiln_intel_screen *screen)
{
   const struct intel_device_info *info = screen->info;
   screen->base.limits = (struct kiln_pipe_limits){
      .ir_target = kiln_target_name(screen->base.frontend.target),
      .max_work_group_size = max_work_group_size(info),
      .global_memory = global_memory(info),
      .local_memory = KILN_INTEL_PIPE_MAX_SLM_BYTES,
      /* Per work-item: Gen12.5's largest per-thread scratch (a scratch
       * surface's 256 KiB pitch) shared by a thread's lanes. */
      .private_memory = 256 * 1024 / KILN_INTEL_PIPE_SIMD_WIDTH,
      .input_bytes = MAX_INPUT_BYTES,
      .max_alloc = max_alloc(info),
      /* intel_device_info does not know it: a nominal 1 GHz. */
      .clock_mhz = 1000,
      /* An EU, as Intel's own OpenCL counts them. */
      .compute_units = intel_device_info_eu_total(info),
      .subgroup_size = KILN_INTEL_PIPE_SIMD_WIDTH, /* a sub-group is a hardware thread */
   };
}

/* After src/gallium's caps, which every kiln screen has. */
void
kiln_intel_screen_init_caps(struct kiln_intel_screen *screen)
{
   struct pipe_caps *caps = (struct pipe_caps *)&screen->base.base.caps;
   caps->doubles = false;
   caps->compute_generic_address_space = false;
   caps->compute_device_enqueue = false;
   /* A program's __global variables are one buffer (kiln_pipe_globals.c),
    * whose address drivers/intel pushes with the implicit arguments. */
   caps->max_compute_global_variable_size = max_alloc(screen->info);
   caps->vendor_id = 0x8086;
   caps->device_id = screen->info->pci_device_id;
   caps->uma = !screen->info->has_local_mem;
}
