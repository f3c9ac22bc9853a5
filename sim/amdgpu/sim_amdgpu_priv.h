/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Internals of the emulated amdgpu render node shared by the files that
 * implement its ioctls: the per-open device (GEM handles, GPU VM, contexts,
 * syncobjs), BO memory, and the helpers each ioctl family exports to the
 * dispatcher in sim_amdgpu.c.
 */
#ifndef SIM_AMDGPU_PRIV_H
#define SIM_AMDGPU_PRIV_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include <amdgpu_drm.h>

#include "kiln_sim_amdgpu.h"
#include "sim_pm4.h"

#define SIM_PAGE_SIZE 4096ull

/* GEM mmap offsets start here, far above the offsets Mesa's drm-shim hands
 * out for its own BOs, so the shim can route them to us. */
#define SIM_MMAP_OFFSET_BASE (1ull << 40)
#define SIM_MEM_POOL_SIZE    (64ull << 30)

/* The kernel's DRM_AMDGPU interface version the emulator answers with:
 * 3.57 has every query Mesa's ac_gpu_info uses on gfx10.3 (MAX_IBS,
 * GPUVM_FAULT from 3.55, stable pstate from 3.45). */
#define SIM_AMDGPU_VERSION_MAJOR 3
#define SIM_AMDGPU_VERSION_MINOR 57

/* Rings per IP as the navi21 of amdgpu_devices.c reports them. */
#define SIM_GFX_RINGS     1
#define SIM_COMPUTE_RINGS 4

/* ---- handle tables (lowest free id >= 1, like the kernel's idr) ---- */

struct sim_handles {
   void **slots; /* slots[id - 1] */
   uint32_t count;
};

uint32_t sim_handle_alloc(struct sim_handles *h, void *obj);
void *sim_handle_get(const struct sim_handles *h, uint32_t id);
void *sim_handle_remove(struct sim_handles *h, uint32_t id);
void sim_handles_fini(struct sim_handles *h);

/* ---- BO memory: one process-wide memfd so mmap offsets can be mapped by
 * the drm-shim as well as used in-process (sim_amdgpu_mem.c) ---- */

int sim_mem_alloc(uint64_t size, uint64_t alignment, uint64_t *offset, void **host);
void sim_mem_free(uint64_t offset, uint64_t size);
/* Maps the pool range behind a GEM mmap offset into a new host mapping
 * (what mmap() on the render node does under drm-shim). */
void *sim_mem_map(uint64_t mmap_offset, size_t length, int prot, int flags);

/* ---- objects ---- */

struct sim_bo {
   uint64_t size;       /* allocated, page-aligned */
   uint64_t alloc_size; /* as requested */
   uint64_t alignment;
   uint32_t domains;
   uint64_t flags;
   uint64_t pool_offset; /* UINT64_MAX for userptr BOs */
   void *host;
   bool userptr;
   uint64_t tiling_info;
   uint32_t metadata_flags;
   uint32_t metadata_size;
   uint32_t metadata[64];
};

struct sim_va_mapping {
   uint64_t va; /* canonical (sign-extended) */
   uint64_t size;
   uint64_t offset; /* into the BO */
   struct sim_bo *bo;
   uint32_t flags; /* AMDGPU_VM_PAGE_* */
};

/* One scheduler entity: a context's queue on one ring. */
struct sim_entity {
   uint64_t next_seq; /* the next CS's sequence number, from 1 */
   uint64_t error_seq;
   int error; /* negative errno the error_seq job ended with */
};

struct sim_ctx {
   bool guilty;
   uint32_t reset_counter;       /* at creation (QUERY_STATE2) */
   uint32_t reset_counter_query; /* at the last QUERY_STATE */
   int32_t priority;
   uint32_t stable_pstate;
   struct sim_entity gfx[SIM_GFX_RINGS];
   struct sim_entity compute[SIM_COMPUTE_RINGS];
};

/* A DRM syncobj: binary (a fence or none) and timeline (points up to
 * 'point' are signaled).  Shared across devices via fd export, so
 * refcounted; all syncobj state is under one process-wide lock. */
struct sim_syncobj {
   int refcount;
   bool has_fence;
   int error;
   uint64_t point;
};

struct sim_bo_list {
   uint32_t count;
   uint32_t *handles;
};

struct kiln_sim_amdgpu {
   pthread_mutex_t lock;
   struct sim_handles bos;
   struct sim_handles ctxs;
   struct sim_handles syncobjs;
   struct sim_handles bo_lists;

   struct sim_va_mapping *maps; /* sorted by va */
   uint32_t map_count, map_capacity;
   struct kiln_sim_vm *vm;

   struct sim_pm4 cp;

   /* Profiling (sim_amdgpu_profile.c): the dispatches' profiles, oldest
    * first, until taken. */
   bool profiling;
   struct kiln_sim_profile *profiles, *profiles_last;

   bool has_fault;
   struct kiln_sim_fault last_fault;
   uint64_t gpuvm_fault_addr;
   uint32_t gpuvm_fault_status;
};

/* ---- device internals used across files ---- */

bool sim_amdgpu_debug(void);
uint64_t sim_amdgpu_timestamp(void);
const struct amdgpu_device *sim_amdgpu_navi21(void);

int sim_amdgpu_profiled_dispatch(struct kiln_sim_amdgpu *dev,
                                 const struct kiln_sim_dispatch *dispatch,
                                 struct kiln_sim_fault *fault);
void sim_amdgpu_profiles_free(struct kiln_sim_amdgpu *dev);

uint64_t sim_bo_vram_usage(void);
uint64_t sim_bo_gtt_usage(void);
struct sim_bo *sim_bo_lookup(struct kiln_sim_amdgpu *dev, uint32_t handle);
void sim_vm_remove_bo(struct kiln_sim_amdgpu *dev, struct sim_bo *bo);
void *sim_vm_translate(struct kiln_sim_amdgpu *dev, uint64_t va, uint64_t size, bool write);
void sim_vm_fini(struct kiln_sim_amdgpu *dev);
void sim_bo_destroy_all(struct kiln_sim_amdgpu *dev);
void sim_ctx_destroy_all(struct kiln_sim_amdgpu *dev);
void sim_syncobj_destroy_all(struct kiln_sim_amdgpu *dev);
void sim_bo_list_destroy_all(struct kiln_sim_amdgpu *dev);

struct sim_entity *sim_ctx_entity(struct sim_ctx *ctx, uint32_t ip_type, uint32_t ip_instance,
                                  uint32_t ring);
int sim_fence_status(struct kiln_sim_amdgpu *dev, uint32_t ctx_id, uint32_t ip_type,
                     uint32_t ip_instance, uint32_t ring, uint64_t seq);
uint32_t sim_reset_counter(void);
void sim_reset_counter_bump(void);

struct sim_syncobj *sim_syncobj_get(struct kiln_sim_amdgpu *dev, uint32_t handle);
void sim_syncobj_put(struct sim_syncobj *s);
void sim_syncobj_signal(struct sim_syncobj *s, int error, uint64_t point);
bool sim_syncobj_has_fence(struct sim_syncobj *s, uint64_t point);
int sim_syncobj_new(struct kiln_sim_amdgpu *dev, bool signaled, int error, uint32_t *handle);
int sim_syncobj_to_fd(struct kiln_sim_amdgpu *dev, uint32_t handle, bool sync_file, int *fd);

/* ---- ioctls (return 0 or a negative errno) ---- */

int sim_ioctl_gem_create(struct kiln_sim_amdgpu *dev, void *arg);
int sim_ioctl_gem_mmap(struct kiln_sim_amdgpu *dev, void *arg);
int sim_ioctl_gem_close(struct kiln_sim_amdgpu *dev, void *arg);
int sim_ioctl_gem_userptr(struct kiln_sim_amdgpu *dev, void *arg);
int sim_ioctl_gem_metadata(struct kiln_sim_amdgpu *dev, void *arg);
int sim_ioctl_gem_op(struct kiln_sim_amdgpu *dev, void *arg);
int sim_ioctl_gem_wait_idle(struct kiln_sim_amdgpu *dev, void *arg);
int sim_ioctl_gem_va(struct kiln_sim_amdgpu *dev, void *arg);
int sim_ioctl_bo_list(struct kiln_sim_amdgpu *dev, void *arg);
int sim_ioctl_ctx(struct kiln_sim_amdgpu *dev, void *arg);
int sim_ioctl_cs(struct kiln_sim_amdgpu *dev, void *arg);
int sim_ioctl_wait_cs(struct kiln_sim_amdgpu *dev, void *arg);
int sim_ioctl_wait_fences(struct kiln_sim_amdgpu *dev, void *arg);
int sim_ioctl_fence_to_handle(struct kiln_sim_amdgpu *dev, void *arg);
int sim_ioctl_info(struct kiln_sim_amdgpu *dev, void *arg);
int sim_ioctl_vm(struct kiln_sim_amdgpu *dev, void *arg);
int sim_ioctl_sched(struct kiln_sim_amdgpu *dev, void *arg);

int sim_ioctl_syncobj_create(struct kiln_sim_amdgpu *dev, void *arg);
int sim_ioctl_syncobj_destroy(struct kiln_sim_amdgpu *dev, void *arg);
int sim_ioctl_syncobj_handle_to_fd(struct kiln_sim_amdgpu *dev, void *arg);
int sim_ioctl_syncobj_fd_to_handle(struct kiln_sim_amdgpu *dev, void *arg);
int sim_ioctl_syncobj_wait(struct kiln_sim_amdgpu *dev, void *arg);
int sim_ioctl_syncobj_timeline_wait(struct kiln_sim_amdgpu *dev, void *arg);
int sim_ioctl_syncobj_reset(struct kiln_sim_amdgpu *dev, void *arg);
int sim_ioctl_syncobj_signal(struct kiln_sim_amdgpu *dev, void *arg);
int sim_ioctl_syncobj_timeline_signal(struct kiln_sim_amdgpu *dev, void *arg);
int sim_ioctl_syncobj_query(struct kiln_sim_amdgpu *dev, void *arg);
int sim_ioctl_syncobj_transfer(struct kiln_sim_amdgpu *dev, void *arg);

#endif
