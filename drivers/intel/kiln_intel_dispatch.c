/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * One launch: the kernel's code in an instruction buffer, the push
 * constants (kiln_intel_abi.h: the kernarg bytes with the implicit
 * arguments filled, the constant data's address; on Gen12 one GRF per
 * thread with its sub-group index) and the Gen12 interface descriptor in a
 * state buffer, the thread counts the walker needs, then the batch for the
 * device's GFX version, submitted.
 */
#include "kiln_intel_private.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kiln_amd_abi.h"
#include "kiln_intel_abi.h"
#include "util/macros.h"
#include "util/u_math.h"

#define KILN_INTEL_PUSH_OFFSET 64 /* after the Gen12 interface descriptor */

static void
fill_push_constants(uint8_t *push, const struct kiln_intel_launch *l, uint64_t const_data,
                    const uint32_t groups[3], uint32_t threads)
{
   memcpy(push, l->kernarg, l->kernarg_size);
   struct kiln_implicit_args implicit = {
      .work_dim = l->work_dim,
      .printf_buffer = l->printf_buffer,
      .printf_buffer_size = l->printf_buffer_size,
      .globals = l->globals,
   };
   for (unsigned i = 0; i < 3; i++) {
      implicit.global_offset[i] = l->global_offset[i];
      implicit.global_size[i] = l->global_size[i];
      implicit.local_size[i] = l->local_size[i];
      implicit.num_groups[i] = groups[i];
   }
   memcpy(push + l->implicit_offset, &implicit, sizeof(implicit));
   memcpy(push + KILN_INTEL_CONST_DATA_ADDR(l->kernarg_alloc_size), &const_data, 8);

   /* Gen12's per-thread data: each thread's sub-group index, in the
    * first dword of its own GRF (brw's BRW_PARAM_BUILTIN_SUBGROUP_ID). */
   for (uint32_t t = 0; l->per_thread_push_bytes && t < threads; t++)
      memcpy(push + l->push_bytes + t * l->per_thread_push_bytes, &t, 4);
}

static int
check_launch(const struct kiln_intel_device *dev, const struct kiln_intel_launch *l, char *err,
             size_t err_size)
{
   if (l->simd_width != 8 && l->simd_width != 16 && l->simd_width != 32)
      return kiln_intel_error(err, err_size, EINVAL, "SIMD%u: Intel runs SIMD8, 16 or 32",
                              l->simd_width);
   if (l->scratch_bytes_per_thread)
      return kiln_intel_error(err, err_size, ENOTSUP,
                              "the kernel needs %u bytes of scratch per thread; drivers/intel "
                              "sets up no scratch space yet",
                              l->scratch_bytes_per_thread);
   if (dev->info.verx10 >= 125 && l->per_thread_push_bytes)
      return kiln_intel_error(err, err_size, EINVAL, "per-thread push constants on Gen12.5");
   if (l->push_bytes < KILN_INTEL_PUSH_SIZE(l->kernarg_alloc_size) ||
       l->implicit_offset + sizeof(struct kiln_implicit_args) > l->kernarg_alloc_size)
      return kiln_intel_error(err, err_size, EINVAL,
                              "push constants of %u bytes for %u kernarg bytes", l->push_bytes,
                              l->kernarg_alloc_size);
   unsigned group = 1;
   for (unsigned i = 0; i < 3; i++) {
      if (!l->local_size[i] || l->global_size[i] % l->local_size[i])
         return kiln_intel_error(err, err_size, EINVAL,
                                 "global size %u is not a multiple of local size %u in "
                                 "dimension %u (drivers/intel has no partial work-groups yet)",
                                 l->global_size[i], l->local_size[i], i);
      group *= l->local_size[i];
   }
   if (group > 1024)
      return kiln_intel_error(err, err_size, EINVAL,
                              "a work-group of %u work-items (at most 1024)", group);
   return 0;
}

int
kiln_intel_dispatch(struct kiln_intel_device *dev, const struct kiln_intel_launch *l,
                    struct kiln_intel_submission *s, char *err, size_t err_size)
{
   memset(s, 0, sizeof(*s));
   int ret = check_launch(dev, l, err, err_size);
   if (ret)
      return ret;

   const unsigned group = l->local_size[0] * l->local_size[1] * l->local_size[2];
   const unsigned threads = DIV_ROUND_UP(group, l->simd_width);
   const unsigned last_lanes = group - (threads - 1) * l->simd_width;
   uint32_t groups[3];
   for (unsigned i = 0; i < 3; i++)
      groups[i] = l->global_size[i] / l->local_size[i];
   const unsigned push_size = l->push_bytes + threads * l->per_thread_push_bytes;

   /* The hardware prefetches instructions past the last one. */
   if ((ret = kiln_intel_bo_create(dev, l->code_size + 256, &s->instructions)) ||
       (ret = kiln_intel_bo_create(dev, KILN_INTEL_PUSH_OFFSET + ALIGN(push_size, 64),
                                   &s->state)) ||
       (ret = kiln_intel_bo_create(dev, 4096, &s->fence)) ||
       (ret = kiln_intel_bo_create(dev, KILN_INTEL_BATCH_DWORDS * 4, &s->batch))) {
      kiln_intel_submission_finish(dev, s);
      return kiln_intel_error(err, err_size, ret, "creating the dispatch's buffers: %s",
                              strerror(ret));
   }
   memcpy(s->instructions->map, l->code, l->code_size);
   fill_push_constants((uint8_t *)s->state->map + KILN_INTEL_PUSH_OFFSET, l,
                       s->instructions->address + l->const_data_offset, groups, threads);

   const struct kiln_intel_batch_input in = {
      .instruction_base = s->instructions->address,
      .instruction_size = s->instructions->size,
      .state_base = s->state->address,
      .state_size = s->state->size,
      .state_map = s->state->map,
      .idd_offset = 0,
      .push_offset = KILN_INTEL_PUSH_OFFSET,
      .push_size = push_size,
      .cross_thread_regs = l->push_bytes / 32,
      .per_thread_regs = l->per_thread_push_bytes / 32,
      .simd_width = l->simd_width,
      .threads = threads,
      .right_mask = last_lanes == 32 ? 0xffffffffu : (1u << last_lanes) - 1,
      .local_size = { l->local_size[0], l->local_size[1], l->local_size[2] },
      .groups = { groups[0], groups[1], groups[2] },
      .slm_bytes = l->slm_bytes,
      .uses_barrier = l->uses_barrier,
      .fence_address = s->fence->address,
      .mocs = dev->mocs,
   };
   const unsigned dwords = dev->info.verx10 >= 125
                              ? gfx125_kiln_intel_emit_batch(&dev->info, &in, s->batch->map)
                              : gfx12_kiln_intel_emit_batch(&dev->info, &in, s->batch->map);
   s->batch_bytes = dwords * 4;

   ret = dev->kmd->submit(dev, l->bos, l->num_bos, s, err, err_size);
   if (ret)
      kiln_intel_submission_finish(dev, s);
   return ret;
}

void
kiln_intel_submission_finish(struct kiln_intel_device *dev, struct kiln_intel_submission *s)
{
   kiln_intel_bo_destroy(dev, s->batch);
   kiln_intel_bo_destroy(dev, s->instructions);
   kiln_intel_bo_destroy(dev, s->state);
   kiln_intel_bo_destroy(dev, s->fence);
   memset(s, 0, sizeof(*s));
}
