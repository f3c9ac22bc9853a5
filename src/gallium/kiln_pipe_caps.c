/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * What every kiln screen says it can do, which Rusticl turns into the
 * OpenCL device's limits and extensions: compute from NIR, 64-bit
 * integers, shareable compute states, partial work-groups (both devices
 * launch a dimension's last group with its own size) and timestamps; the
 * compute shader's limits are the screen's (struct kiln_pipe_limits).
 * What differs by device (doubles, images, generic pointers, device-side
 * enqueue, the PCI ids) each screen sets after these.
 */
#include "kiln_pipe_common.h"

#include "util/u_screen.h"

static int
kiln_pipe_get_shader_param(struct pipe_screen *pscreen, enum pipe_shader_type shader,
                           enum pipe_shader_cap param)
{
   const struct kiln_pipe_limits *l = &kiln_pipe_screen(pscreen)->limits;
   if (shader != PIPE_SHADER_COMPUTE)
      return 0;
   switch (param) {
   case PIPE_SHADER_CAP_SUPPORTED_IRS:
      return 1 << PIPE_SHADER_IR_NIR;
   case PIPE_SHADER_CAP_MAX_CONST_BUFFER0_SIZE:
      return l->input_bytes;
   case PIPE_SHADER_CAP_MAX_CONST_BUFFERS:
      /* __constant arguments are global pointers: no hardware limit. */
      return 16;
   case PIPE_SHADER_CAP_MAX_SAMPLER_VIEWS:
      return l->max_sampler_views;
   case PIPE_SHADER_CAP_MAX_SHADER_IMAGES:
      return l->max_shader_images;
   case PIPE_SHADER_CAP_MAX_TEXTURE_SAMPLERS:
      return l->max_samplers;
   case PIPE_SHADER_CAP_INTEGERS:
      return 1;
   case PIPE_SHADER_CAP_INT64_ATOMICS:
      return l->int64_atomics;
   case PIPE_SHADER_CAP_FP16:
      return l->fp16;
   default:
      return 0;
   }
}

void
kiln_pipe_screen_init_caps(struct kiln_pipe_screen *screen)
{
   screen->base.get_shader_param = kiln_pipe_get_shader_param;
   screen->base.get_compute_param = kiln_pipe_get_compute_param;

   struct pipe_caps *caps = (struct pipe_caps *)&screen->base.caps;
   u_init_pipe_screen_caps(&screen->base, 1);
   caps->compute = true;
   /* 64-bit integers: ACO's, and brw lowers what Gen12 lacks of them. */
   caps->int64 = true;
   caps->shareable_shaders = true;
   /* A dimension's last group may be partial (kiln_pipe_grid_global_size):
    * the AMD dispatch sets COMPUTE_NUM_THREAD_x.PARTIAL and the kernel runs
    * kiln_nir_lower_partial_local_size; drivers/intel launches the group
    * as a walker of its own. */
   caps->compute_grid_info_last_block = true;
   caps->query_timestamp = true;
   caps->timer_resolution = 1;
   caps->max_shader_buffer_size = KILN_PIPE_MAX_ALLOC_BYTES;
   caps->endianness = PIPE_ENDIAN_LITTLE;
}
