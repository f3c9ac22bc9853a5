/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * One launch: the kernel's code in an instruction buffer, the push
 * constants (kiln_intel_abi.h: the kernarg bytes with the implicit
 * arguments filled, the constant data's address; on Gen12 one GRF per
 * thread with its sub-group index) and the Gen12 interface descriptors in
 * a state buffer, the walkers the launch needs (one, or with partial
 * work-groups one per region of whole or partial groups), the device's
 * scratch buffer when the kernel spills or keeps private arrays in memory
 * (kiln_intel_scratch.c), then the batch for the device's GFX version,
 * submitted.
 */
#include "kiln_intel_private.h"

#include <assert.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kiln_amd_abi.h"
#include "kiln_intel_abi.h"
#include "util/macros.h"
#include "util/u_math.h"

/* After the Gen12 interface descriptors, one per walker. */
#define KILN_INTEL_PUSH_OFFSET (KILN_INTEL_MAX_WALKERS * 32)

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

/* The most scratch a thread may have: 2 MiB on Gen12 (MEDIA_VFE_STATE's
 * largest power of two), 256 KiB on Gen12.5 (a scratch surface's pitch).
 * brw refuses kernels that need more; a launch that asks is refused too. */
static unsigned
max_scratch_per_thread(const struct kiln_intel_device *dev)
{
   return dev->info.verx10 >= 125 ? 256 * 1024 : 2 * 1024 * 1024;
}

static int
check_launch(struct kiln_intel_device *dev, const struct kiln_intel_launch *l)
{
   if (l->simd_width != 8 && l->simd_width != 16 && l->simd_width != 32)
      return kiln_intel_error(dev, -EINVAL, "SIMD%u: Intel runs SIMD8, 16 or 32", l->simd_width);
   const unsigned max_scratch = max_scratch_per_thread(dev);
   if (l->scratch_bytes_per_thread > max_scratch)
      return kiln_intel_error(dev, -ENOTSUP,
                              "the kernel needs %u bytes of scratch per thread; the GPU gives "
                              "a thread at most %u",
                              l->scratch_bytes_per_thread, max_scratch);
   if (dev->info.verx10 >= 125 && l->per_thread_push_bytes)
      return kiln_intel_error(dev, -EINVAL, "per-thread push constants on Gen12.5");
   if (l->push_bytes < KILN_INTEL_PUSH_SIZE(l->kernarg_alloc_size) ||
       l->implicit_offset + sizeof(struct kiln_implicit_args) > l->kernarg_alloc_size)
      return kiln_intel_error(dev, -EINVAL, "push constants of %u bytes for %u kernarg bytes",
                              l->push_bytes, l->kernarg_alloc_size);
   unsigned group = 1;
   for (unsigned i = 0; i < 3; i++) {
      if (!l->local_size[i] || !l->global_size[i])
         return kiln_intel_error(dev, -EINVAL, "global size %u and local size %u in dimension %u",
                                 l->global_size[i], l->local_size[i], i);
      group *= l->local_size[i];
   }
   if (group > 1024)
      return kiln_intel_error(dev, -EINVAL, "a work-group of %u work-items (at most 1024)", group);
   return 0;
}

/* The hardware's view of a work-group of `group` work-items at SIMD
 * simd: whole threads, the last one's lanes masked. */
static void
set_threads(struct kiln_intel_walker *w, unsigned simd)
{
   const unsigned group = w->local_size[0] * w->local_size[1] * w->local_size[2];
   w->threads = DIV_ROUND_UP(group, simd);
   const unsigned last_lanes = group - (w->threads - 1) * simd;
   w->right_mask = last_lanes == 32 ? 0xffffffffu : (1u << last_lanes) - 1;
}

/* The walkers of a launch: for each combination of, per dimension, the
 * whole groups or the partial last group (where there is one), a walker
 * over those groups with that work-group size.  A uniform launch is one
 * walker.  The kernel derives local ids from its real group's size and
 * get_local_size() from the global size (the Intel backend and
 * kiln_nir_lower_partial_local_size), so each region's groups see the
 * sizes OpenCL gives them. */
static unsigned
split_walkers(const struct kiln_intel_launch *l, struct kiln_intel_walker *walkers)
{
   unsigned n = 0;
   for (unsigned region = 0; region < KILN_INTEL_MAX_WALKERS; region++) {
      struct kiln_intel_walker w = { 0 };
      bool empty = false;
      for (unsigned i = 0; i < 3; i++) {
         const unsigned whole = l->global_size[i] / l->local_size[i];
         const unsigned rest = l->global_size[i] % l->local_size[i];
         if (region & (1u << i)) {
            w.local_size[i] = rest;
            w.start[i] = whole;
            w.end[i] = whole + 1;
            empty |= !rest;
         } else {
            w.local_size[i] = l->local_size[i];
            w.start[i] = 0;
            w.end[i] = whole;
            empty |= !whole;
         }
      }
      if (empty)
         continue;
      set_threads(&w, l->simd_width);
      walkers[n++] = w;
   }
   return n;
}

/* The per-thread scratch size rounded to the power of two from 1 KiB
 * the hardware encodes, as iris rounds it. */
static uint32_t
scratch_per_thread(unsigned bytes)
{
   return bytes ? MAX2(1024u, util_next_power_of_two(bytes)) : 0;
}

/* Gen12.5 reaches scratch through a SURFTYPE_SCRATCH surface state whose
 * pitch is the per-thread size (iris_get_scratch_surf). */
static void
fill_scratch_surface(const struct kiln_intel_device *dev, void *map,
                     const struct kiln_intel_bo *scratch, uint32_t per_thread)
{
   isl_buffer_fill_state(&dev->isl, map, .address = scratch->address, .size_B = scratch->size,
                         .format = ISL_FORMAT_RAW, .swizzle = ISL_SWIZZLE_IDENTITY,
                         .mocs = dev->mocs, .stride_B = per_thread, .is_scratch = true);
}

int
kiln_intel_dispatch(struct kiln_intel_device *dev, const struct kiln_intel_launch *l,
                    struct kiln_intel_submission *s)
{
   memset(s, 0, sizeof(*s));
   int ret = check_launch(dev, l);
   if (ret)
      return ret;

   struct kiln_intel_walker walkers[KILN_INTEL_MAX_WALKERS];
   const unsigned num_walkers = split_walkers(l, walkers);
   /* The first walker's groups are the largest: whole in every dimension
    * that has whole groups. */
   const unsigned threads = walkers[0].threads;
   uint32_t groups[3];
   for (unsigned i = 0; i < 3; i++)
      groups[i] = DIV_ROUND_UP(l->global_size[i], l->local_size[i]);
   const unsigned push_size = l->push_bytes + threads * l->per_thread_push_bytes;
   const bool scratch_surface = l->scratch_bytes_per_thread && dev->info.verx10 >= 125;
   const unsigned surface_offset = ALIGN(KILN_INTEL_PUSH_OFFSET + push_size, 64);
   const unsigned state_size = surface_offset + (scratch_surface ? 64 : 0);

   /* The hardware prefetches instructions past the last one. */
   if ((ret = kiln_intel_bo_create(dev, l->code_size + 256, &s->instructions)) ||
       (ret = kiln_intel_bo_create(dev, state_size, &s->state)) ||
       (ret = kiln_intel_bo_create(dev, 4096, &s->fence)) ||
       (ret = kiln_intel_bo_create(dev, KILN_INTEL_BATCH_DWORDS * 4, &s->batch)) ||
       (l->scratch_bytes_per_thread &&
        (ret = kiln_intel_scratch_get(dev, scratch_per_thread(l->scratch_bytes_per_thread),
                                      &s->scratch_ref)))) {
      kiln_intel_submission_finish(dev, s);
      return kiln_intel_error(dev, ret, "creating the dispatch's buffers: %s", strerror(-ret));
   }
   /* The device's scratch may be larger a thread than this kernel asks:
    * the batch gives its size. */
   const uint32_t per_thread_scratch = s->scratch_ref ? s->scratch_ref->per_thread : 0;
   s->scratch = s->scratch_ref ? s->scratch_ref->bo : NULL;
   memcpy(s->instructions->map, l->code, l->code_size);
   fill_push_constants((uint8_t *)s->state->map + KILN_INTEL_PUSH_OFFSET, l,
                       s->instructions->address + l->const_data_offset, groups, threads);
   if (scratch_surface)
      fill_scratch_surface(dev, (uint8_t *)s->state->map + surface_offset, s->scratch,
                           per_thread_scratch);

   struct kiln_intel_batch_input in = {
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
      .max_threads = threads,
      .num_walkers = num_walkers,
      .slm_bytes = l->slm_bytes,
      .uses_barrier = l->uses_barrier,
      .per_thread_scratch = per_thread_scratch,
      .scratch_address = s->scratch ? s->scratch->address : 0,
      .scratch_surface_offset = scratch_surface ? surface_offset : 0,
      .fence_address = s->fence->address,
      .mocs = dev->mocs,
   };
   memcpy(in.walkers, walkers, num_walkers * sizeof(walkers[0]));
   const unsigned dwords = dev->info.verx10 >= 125
                              ? gfx125_kiln_intel_emit_batch(&dev->info, &in, s->batch->map)
                              : gfx12_kiln_intel_emit_batch(&dev->info, &in, s->batch->map);
   assert(dwords <= KILN_INTEL_BATCH_DWORDS);
   s->batch_bytes = dwords * 4;

   kiln_intel_debug(dev,
                    "dispatch: global %ux%ux%u offset %u,%u,%u local %ux%ux%u SIMD%u, "
                    "%u walkers, %u threads a group, slm %u, scratch %u a thread, batch %u bytes",
                    l->global_size[0], l->global_size[1], l->global_size[2], l->global_offset[0],
                    l->global_offset[1], l->global_offset[2], l->local_size[0], l->local_size[1],
                    l->local_size[2], l->simd_width, num_walkers, threads, l->slm_bytes,
                    per_thread_scratch, s->batch_bytes);
   ret = dev->kmd->submit(dev, l->bos, l->num_bos, s);
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
   kiln_intel_scratch_put(dev, s->scratch_ref);
   memset(s, 0, sizeof(*s));
}
