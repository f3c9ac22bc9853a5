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

#include <string.h>

#include "dev/intel_device_info.h"
#include "util/u_math.h"
#include "util/u_screen.h"

/* kiln's ABI keeps global ids in 32 bits: groups x work-group size must
 * stay below 2^32, and Rusticl splits larger launches. */
#define MAX_GROUPS 65535
/* The inputs are push constants, which take GRFs of every thread: the
 * 1024 bytes of arguments OpenCL's full profile asks for, and Rusticl's
 * own launch values. */
#define MAX_INPUT_BYTES 2048
#define MAX_ALLOC_BYTES (UINT64_C(1) << 31)

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
   return MIN2(MAX_ALLOC_BYTES, global_memory(info) / 4);
}

static int
kiln_intel_get_shader_param(struct pipe_screen *pscreen, enum pipe_shader_type shader,
                            enum pipe_shader_cap param)
{
   if (shader != PIPE_SHADER_COMPUTE)
      return 0;
   switch (param) {
   case PIPE_SHADER_CAP_SUPPORTED_IRS:
      return 1 << PIPE_SHADER_IR_NIR;
   case PIPE_SHADER_CAP_MAX_CONST_BUFFER0_SIZE:
      return MAX_INPUT_BYTES;
   case PIPE_SHADER_CAP_MAX_CONST_BUFFERS:
      /* __constant arguments are global pointers: no hardware limit. */
      return 16;
   case PIPE_SHADER_CAP_INTEGERS:
      return 1;
   default:
      return 0;
   }
}

#define RETURN(type, ...)                                                                      \
   do {                                                                                        \
      const type v[] = { __VA_ARGS__ };                                                        \
      if (ret)                                                                                 \
         memcpy(ret, v, sizeof(v));                                                            \
      return sizeof(v);                                                                        \
   } while (0)

static int
kiln_intel_get_compute_param(struct pipe_screen *pscreen, enum pipe_shader_ir ir,
                             enum pipe_compute_cap param, void *ret)
{
   const struct kiln_intel_screen *screen = kiln_intel_screen(pscreen);
   const struct intel_device_info *info = screen->info;
   const uint64_t memory = global_memory(info);
   const unsigned max_threads = max_work_group_size(info);

   switch (param) {
   case PIPE_COMPUTE_CAP_IR_TARGET: {
      const char *target = kiln_target_name(screen->frontend.target);
      if (ret)
         strcpy(ret, target);
      return strlen(target) + 1;
   }
   case PIPE_COMPUTE_CAP_ADDRESS_BITS:
      RETURN(uint32_t, 64);
   case PIPE_COMPUTE_CAP_GRID_DIMENSION:
      RETURN(uint64_t, 3);
   case PIPE_COMPUTE_CAP_MAX_GRID_SIZE:
      RETURN(uint64_t, MAX_GROUPS, MAX_GROUPS, MAX_GROUPS);
   case PIPE_COMPUTE_CAP_MAX_BLOCK_SIZE:
      RETURN(uint64_t, max_threads, max_threads, max_threads);
   case PIPE_COMPUTE_CAP_MAX_THREADS_PER_BLOCK:
   case PIPE_COMPUTE_CAP_MAX_VARIABLE_THREADS_PER_BLOCK:
      RETURN(uint64_t, max_threads);
   case PIPE_COMPUTE_CAP_MAX_GLOBAL_SIZE:
      RETURN(uint64_t, memory);
   case PIPE_COMPUTE_CAP_MAX_LOCAL_SIZE:
      RETURN(uint64_t, KILN_INTEL_PIPE_MAX_SLM_BYTES);
   case PIPE_COMPUTE_CAP_MAX_PRIVATE_SIZE:
      /* Per work-item: Gen12.5's largest per-thread scratch (a scratch
       * surface's 256 KiB pitch) shared by a thread's lanes. */
      RETURN(uint64_t, 256 * 1024 / KILN_INTEL_PIPE_SIMD_WIDTH);
   case PIPE_COMPUTE_CAP_MAX_INPUT_SIZE:
      RETURN(uint64_t, MAX_INPUT_BYTES);
   case PIPE_COMPUTE_CAP_MAX_MEM_ALLOC_SIZE:
      RETURN(uint64_t, max_alloc(info));
   case PIPE_COMPUTE_CAP_MAX_CLOCK_FREQUENCY:
      /* intel_device_info does not know it: a nominal 1 GHz. */
      RETURN(uint32_t, 1000);
   case PIPE_COMPUTE_CAP_MAX_COMPUTE_UNITS:
      /* An EU, as Intel's own OpenCL counts them. */
      RETURN(uint32_t, intel_device_info_eu_total(info));
   case PIPE_COMPUTE_CAP_MAX_SUBGROUPS:
      /* A sub-group is a hardware thread. */
      RETURN(uint32_t, max_threads / KILN_INTEL_PIPE_SIMD_WIDTH);
   case PIPE_COMPUTE_CAP_SUBGROUP_SIZES:
      RETURN(uint32_t, KILN_INTEL_PIPE_SIMD_WIDTH);
   case PIPE_COMPUTE_CAP_IMAGES_SUPPORTED:
      RETURN(uint32_t, 0);
   }
   return 0;
}

void
kiln_intel_screen_init_caps(struct kiln_intel_screen *screen)
{
   screen->base.get_shader_param = kiln_intel_get_shader_param;
   screen->base.get_compute_param = kiln_intel_get_compute_param;

   struct pipe_caps *caps = (struct pipe_caps *)&screen->base.caps;
   u_init_pipe_screen_caps(&screen->base, 1);
   caps->compute = true;
   /* brw lowers what Gen12 lacks of 64-bit integer arithmetic. */
   caps->int64 = true;
   caps->doubles = false;
   caps->shareable_shaders = true;
   /* A dimension's last group may be partial: drivers/intel launches it
    * as a walker of its own (kiln_intel_pipe_launch.c). */
   caps->compute_grid_info_last_block = true;
   caps->compute_generic_address_space = false;
   caps->compute_device_enqueue = false;
   /* A program's __global variables are one buffer (kiln_pipe_globals.c),
    * whose address drivers/intel pushes with the implicit arguments. */
   caps->max_compute_global_variable_size = max_alloc(screen->info);
   caps->query_timestamp = true;
   caps->timer_resolution = 1;
   caps->max_shader_buffer_size = MAX_ALLOC_BYTES;
   caps->endianness = PIPE_ENDIAN_LITTLE;
   caps->vendor_id = 0x8086;
   caps->device_id = screen->info->pci_device_id;
   caps->uma = !screen->info->has_local_mem;
}
