/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * AMDGPU_CS on the emulated node: the chunks are parsed and checked in the
 * order and with the errno values of the kernel's amdgpu_cs.c (bad context
 * EINVAL, guilty context ECANCELED, no IB EINVAL, unknown BO / BO list
 * ENOENT, missing syncobj fence EINVAL), then the IBs run to completion on
 * the command processor (sim_pm4.c) before the ioctl returns.
 *
 * A fault, hang or bad packet does not fail the CS itself, exactly as on
 * hardware, where the ioctl returns long before the GPU gets there: the
 * job's fence is signaled with -ETIME, the context becomes guilty, the
 * reset counter moves, and AMDGPU_INFO_GPUVM_FAULT / last_fault describe
 * what happened.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sid.h"
#include "sim_amdgpu_priv.h"
#include "util/macros.h"

/* Client ids of GCVM_L2_PROTECTION_FAULT_STATUS.CID on gfx10, as named by
 * gfx10_gfxhub_client_ids[] in Mesa's ac_debug.c. */
enum sim_gfxhub_client {
   SIM_CID_CPF = 4,
   SIM_CID_CPC = 5,
   SIM_CID_TCP = 8,
   SIM_CID_SQC_INST = 9,
};

struct cs_chunks {
   const struct drm_amdgpu_cs_chunk_ib *ibs[16];
   unsigned ib_count;
   const struct drm_amdgpu_cs_chunk_fence *fence;
   const struct drm_amdgpu_cs_chunk_dep *deps[8];
   unsigned dep_counts[8], dep_chunks;
   const struct drm_amdgpu_cs_chunk_sem *sems_in[8], *sems_out[8];
   unsigned sem_in_counts[8], sem_out_counts[8], sem_in_chunks, sem_out_chunks;
   const struct drm_amdgpu_cs_chunk_syncobj *tl_wait[8], *tl_signal[8];
   unsigned tl_wait_counts[8], tl_signal_counts[8], tl_wait_chunks, tl_signal_chunks;
   bool bo_handles;
};

static int
check_bo_handles(struct kiln_sim_amdgpu *dev, const struct drm_amdgpu_bo_list_in *in)
{
   const uint8_t *entries = (const uint8_t *)(uintptr_t)in->bo_info_ptr;
   uint32_t stride = in->bo_info_size;

   if (in->bo_number && (!entries || stride < sizeof(uint32_t)))
      return -EFAULT;
   for (uint32_t i = 0; i < in->bo_number; i++) {
      struct drm_amdgpu_bo_list_entry e = { 0 };
      memcpy(&e, entries + (size_t)i * stride, MIN2(stride, sizeof(e)));
      if (!sim_bo_lookup(dev, e.bo_handle))
         return -ENOENT;
   }
   return 0;
}

#define ADD_CHUNK(arr, counts, n, ptr, count)                                                      \
   do {                                                                                            \
      if ((n) == ARRAY_SIZE(arr))                                                                  \
         return -EINVAL;                                                                           \
      (arr)[n] = (ptr);                                                                            \
      (counts)[n] = (count);                                                                       \
      (n)++;                                                                                       \
   } while (0)

static int
parse_chunks(struct kiln_sim_amdgpu *dev, const union drm_amdgpu_cs *cs, struct cs_chunks *c)
{
   const uint64_t *chunk_ptrs = (const uint64_t *)(uintptr_t)cs->in.chunks;

   if (cs->in.num_chunks && !chunk_ptrs)
      return -EFAULT;
   for (uint32_t i = 0; i < cs->in.num_chunks; i++) {
      const struct drm_amdgpu_cs_chunk *chunk =
         (const struct drm_amdgpu_cs_chunk *)(uintptr_t)chunk_ptrs[i];
      if (!chunk)
         return -EFAULT;
      const void *data = (const void *)(uintptr_t)chunk->chunk_data;
      uint64_t bytes = chunk->length_dw * 4ull;
      if (bytes && !data)
         return -EFAULT;

      switch (chunk->chunk_id) {
      case AMDGPU_CHUNK_ID_IB:
         if (bytes < sizeof(struct drm_amdgpu_cs_chunk_ib) || c->ib_count == ARRAY_SIZE(c->ibs))
            return -EINVAL;
         c->ibs[c->ib_count++] = data;
         break;
      case AMDGPU_CHUNK_ID_FENCE:
         if (bytes < sizeof(struct drm_amdgpu_cs_chunk_fence))
            return -EINVAL;
         c->fence = data;
         break;
      case AMDGPU_CHUNK_ID_BO_HANDLES: {
         if (bytes < sizeof(struct drm_amdgpu_bo_list_in) || c->bo_handles)
            return -EINVAL;
         int r = check_bo_handles(dev, data);
         if (r)
            return r;
         c->bo_handles = true;
         break;
      }
      case AMDGPU_CHUNK_ID_DEPENDENCIES:
      case AMDGPU_CHUNK_ID_SCHEDULED_DEPENDENCIES:
         ADD_CHUNK(c->deps, c->dep_counts, c->dep_chunks, data,
                   bytes / sizeof(struct drm_amdgpu_cs_chunk_dep));
         break;
      case AMDGPU_CHUNK_ID_SYNCOBJ_IN:
         ADD_CHUNK(c->sems_in, c->sem_in_counts, c->sem_in_chunks, data,
                   bytes / sizeof(struct drm_amdgpu_cs_chunk_sem));
         break;
      case AMDGPU_CHUNK_ID_SYNCOBJ_OUT:
         ADD_CHUNK(c->sems_out, c->sem_out_counts, c->sem_out_chunks, data,
                   bytes / sizeof(struct drm_amdgpu_cs_chunk_sem));
         break;
      case AMDGPU_CHUNK_ID_SYNCOBJ_TIMELINE_WAIT:
         ADD_CHUNK(c->tl_wait, c->tl_wait_counts, c->tl_wait_chunks, data,
                   bytes / sizeof(struct drm_amdgpu_cs_chunk_syncobj));
         break;
      case AMDGPU_CHUNK_ID_SYNCOBJ_TIMELINE_SIGNAL:
         ADD_CHUNK(c->tl_signal, c->tl_signal_counts, c->tl_signal_chunks, data,
                   bytes / sizeof(struct drm_amdgpu_cs_chunk_syncobj));
         break;
      case AMDGPU_CHUNK_ID_CP_GFX_SHADOW:
         break;
      default:
         return -EINVAL;
      }
   }
   if (!c->ib_count)
      return -EINVAL;
   if (cs->in.bo_list_handle) {
      if (c->bo_handles)
         return -EINVAL;
      if (!sim_handle_get(&dev->bo_lists, cs->in.bo_list_handle))
         return -ENOENT;
   }
   return 0;
}

/* Every dependency must name an existing fence; since all earlier work
 * has completed, nothing needs waiting for. */
static int
check_dependencies(struct kiln_sim_amdgpu *dev, const struct cs_chunks *c)
{
   for (unsigned i = 0; i < c->dep_chunks; i++) {
      for (unsigned j = 0; j < c->dep_counts[i]; j++) {
         const struct drm_amdgpu_cs_chunk_dep *d = &c->deps[i][j];
         int r = sim_fence_status(dev, d->ctx_id, d->ip_type, d->ip_instance, d->ring, d->handle);
         if (r == -EINVAL)
            return r;
      }
   }
   for (unsigned i = 0; i < c->sem_in_chunks; i++) {
      for (unsigned j = 0; j < c->sem_in_counts[i]; j++) {
         struct sim_syncobj *s = sim_syncobj_get(dev, c->sems_in[i][j].handle);
         if (!s)
            return -ENOENT;
         bool ok = sim_syncobj_has_fence(s, 0);
         sim_syncobj_put(s);
         if (!ok)
            return -EINVAL;
      }
   }
   for (unsigned i = 0; i < c->tl_wait_chunks; i++) {
      for (unsigned j = 0; j < c->tl_wait_counts[i]; j++) {
         const struct drm_amdgpu_cs_chunk_syncobj *w = &c->tl_wait[i][j];
         struct sim_syncobj *s = sim_syncobj_get(dev, w->handle);
         if (!s)
            return -ENOENT;
         bool ok = sim_syncobj_has_fence(s, w->point);
         sim_syncobj_put(s);
         /* A point no CS will ever submit: the kernel's WAIT_FOR_SUBMIT
          * would time out, without it the point is invalid. */
         if (!ok)
            return w->flags & DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT ? -ETIME : -EINVAL;
      }
   }
   for (unsigned i = 0; i < c->sem_out_chunks; i++)
      for (unsigned j = 0; j < c->sem_out_counts[i]; j++)
         if (!sim_handle_get(&dev->syncobjs, c->sems_out[i][j].handle))
            return -EINVAL;
   for (unsigned i = 0; i < c->tl_signal_chunks; i++)
      for (unsigned j = 0; j < c->tl_signal_counts[i]; j++)
         if (!sim_handle_get(&dev->syncobjs, c->tl_signal[i][j].handle))
            return -EINVAL;
   return 0;
}

static void
record_fault(struct kiln_sim_amdgpu *dev, const struct kiln_sim_fault *fault)
{
   dev->has_fault = true;
   dev->last_fault = *fault;

   if (sim_amdgpu_debug())
      fprintf(stderr, "kiln sim: CS failed: %s\n", fault->message);

   if (fault->kind != KILN_SIM_FAULT_VM)
      return;

   bool cp = !strncmp(fault->instruction, "PM4", 3);
   unsigned cid = cp ? (fault->instruction[4] == 'h' ? SIM_CID_CPF : SIM_CID_CPC)
                     : (fault->address == fault->pc ? SIM_CID_SQC_INST : SIM_CID_TCP);
   /* Mapped for the other kind of access: a permission fault. */
   bool mapped = sim_vm_translate(dev, fault->address, 1, !fault->write);
   dev->gpuvm_fault_addr = fault->address & ~(SIM_PAGE_SIZE - 1);
   dev->gpuvm_fault_status =
      S_00A130_CID(cid) | S_00A130_RW(fault->write) | S_00A130_VMID(1) |
      (mapped ? S_00A130_PERMISSION_FAULTS(fault->write ? 4 : 2) : S_00A130_MAPPING_ERROR(1));
}

int
sim_ioctl_cs(struct kiln_sim_amdgpu *dev, void *arg)
{
   union drm_amdgpu_cs *cs = arg;
   struct cs_chunks c = { 0 };
   int r;

   struct sim_ctx *ctx = sim_handle_get(&dev->ctxs, cs->in.ctx_id);
   if (!ctx)
      return -EINVAL;
   if (ctx->guilty)
      return -ECANCELED;

   r = parse_chunks(dev, cs, &c);
   if (r)
      return r;

   /* All IBs go to one entity (no gang submission). */
   const struct drm_amdgpu_cs_chunk_ib *first = c.ibs[0];
   struct sim_entity *entity = sim_ctx_entity(ctx, first->ip_type, first->ip_instance, first->ring);
   if (!entity)
      return -EINVAL;
   for (unsigned i = 1; i < c.ib_count; i++) {
      if (sim_ctx_entity(ctx, c.ibs[i]->ip_type, c.ibs[i]->ip_instance, c.ibs[i]->ring) != entity)
         return -EINVAL;
   }

   struct sim_bo *fence_bo = NULL;
   if (c.fence) {
      fence_bo = sim_bo_lookup(dev, c.fence->handle);
      if (!fence_bo || fence_bo->userptr)
         return -EINVAL;
      if (c.fence->offset + 8ull > fence_bo->size)
         return -EINVAL;
   }

   r = check_dependencies(dev, &c);
   if (r)
      return r;

   /* Run. The constant engine's IBs have no effect on compute. */
   struct kiln_sim_fault fault;
   int error = 0;
   for (unsigned i = 0; i < c.ib_count && !error; i++) {
      if (c.ibs[i]->flags & AMDGPU_IB_FLAG_CE)
         continue;
      if (sim_pm4_execute_ib(&dev->cp, c.ibs[i]->va_start, c.ibs[i]->ib_bytes / 4, &fault)) {
         record_fault(dev, &fault);
         ctx->guilty = true;
         sim_reset_counter_bump();
         error = -ETIME;
      }
   }

   uint64_t seq = entity->next_seq++;
   if (error) {
      entity->error_seq = seq;
      entity->error = error;
   } else if (fence_bo) {
      /* The ring writes the 64-bit sequence number after the job. */
      memcpy((uint8_t *)fence_bo->host + c.fence->offset, &seq, 8);
   }

   for (unsigned i = 0; i < c.sem_out_chunks; i++) {
      for (unsigned j = 0; j < c.sem_out_counts[i]; j++) {
         struct sim_syncobj *s = sim_handle_get(&dev->syncobjs, c.sems_out[i][j].handle);
         sim_syncobj_signal(s, error, 0);
      }
   }
   for (unsigned i = 0; i < c.tl_signal_chunks; i++) {
      for (unsigned j = 0; j < c.tl_signal_counts[i]; j++) {
         const struct drm_amdgpu_cs_chunk_syncobj *sig = &c.tl_signal[i][j];
         sim_syncobj_signal(sim_handle_get(&dev->syncobjs, sig->handle), error, sig->point);
      }
   }

   memset(cs, 0, sizeof(*cs));
   cs->out.handle = seq;
   return 0;
}
