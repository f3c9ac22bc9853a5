/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * get_compute_param for every kiln screen: the answers follow from a
 * screen's limits (struct kiln_pipe_limits), which each screen reads
 * from its device; the bounds kiln's kernel ABI sets are here.
 */
#include "kiln_pipe_common.h"

#include <string.h>

/* kiln's ABI keeps global ids in 32 bits: groups x work-group size must
 * stay below 2^32, and Rusticl splits larger launches. */
#define MAX_GROUPS 65535

#define RETURN(type, ...)                                                                          \
   do {                                                                                            \
      const type v[] = { __VA_ARGS__ };                                                            \
      if (ret)                                                                                     \
         memcpy(ret, v, sizeof(v));                                                                \
      return sizeof(v);                                                                            \
   } while (0)

int
kiln_pipe_get_compute_param(struct pipe_screen *screen, enum pipe_shader_ir ir,
                            enum pipe_compute_cap param, void *ret)
{
   const struct kiln_pipe_limits *l = &kiln_pipe_screen(screen)->limits;
   switch (param) {
   case PIPE_COMPUTE_CAP_IR_TARGET:
      if (ret)
         strcpy(ret, l->ir_target);
      return strlen(l->ir_target) + 1;
   case PIPE_COMPUTE_CAP_ADDRESS_BITS:
      RETURN(uint32_t, 64);
   case PIPE_COMPUTE_CAP_GRID_DIMENSION:
      RETURN(uint64_t, 3);
   case PIPE_COMPUTE_CAP_MAX_GRID_SIZE:
      RETURN(uint64_t, MAX_GROUPS, MAX_GROUPS, MAX_GROUPS);
   case PIPE_COMPUTE_CAP_MAX_BLOCK_SIZE:
      RETURN(uint64_t, l->max_work_group_size, l->max_work_group_size, l->max_work_group_size);
   case PIPE_COMPUTE_CAP_MAX_THREADS_PER_BLOCK:
   case PIPE_COMPUTE_CAP_MAX_VARIABLE_THREADS_PER_BLOCK:
      RETURN(uint64_t, l->max_work_group_size);
   case PIPE_COMPUTE_CAP_MAX_GLOBAL_SIZE:
      RETURN(uint64_t, l->global_memory);
   case PIPE_COMPUTE_CAP_MAX_LOCAL_SIZE:
      RETURN(uint64_t, l->local_memory);
   case PIPE_COMPUTE_CAP_MAX_PRIVATE_SIZE:
      RETURN(uint64_t, l->private_memory);
   case PIPE_COMPUTE_CAP_MAX_INPUT_SIZE:
      RETURN(uint64_t, l->input_bytes);
   case PIPE_COMPUTE_CAP_MAX_MEM_ALLOC_SIZE:
      RETURN(uint64_t, l->max_alloc);
   case PIPE_COMPUTE_CAP_MAX_CLOCK_FREQUENCY:
      RETURN(uint32_t, l->clock_mhz);
   case PIPE_COMPUTE_CAP_MAX_COMPUTE_UNITS:
      RETURN(uint32_t, l->compute_units);
   case PIPE_COMPUTE_CAP_MAX_SUBGROUPS:
      RETURN(uint32_t, l->max_work_group_size / l->subgroup_size);
   case PIPE_COMPUTE_CAP_SUBGROUP_SIZES:
      RETURN(uint32_t, l->subgroup_size);
   case PIPE_COMPUTE_CAP_IMAGES_SUPPORTED:
      RETURN(uint32_t, l->images);
   }
   return 0;
}
