/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * GEM buffer objects of the emulated amdgpu node: GEM_CREATE, GEM_USERPTR,
 * GEM_MMAP, GEM_CLOSE, GEM_METADATA, GEM_OP, GEM_WAIT_IDLE and BO_LIST,
 * with the argument checks and errno values of the kernel's amdgpu_gem.c
 * and amdgpu_bo_list.c.  VRAM and GTT are both host memory here; the
 * domain is recorded (GEM_OP reports it, INFO counts usage) and otherwise
 * changes nothing.
 */
#include <errno.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "sim_amdgpu_priv.h"
#include "amd/drm-shim/amdgpu_devices.h"

/* ---- handle tables ---- */

uint32_t
sim_handle_alloc(struct sim_handles *h, void *obj)
{
   for (uint32_t i = 0; i < h->count; i++) {
      if (!h->slots[i]) {
         h->slots[i] = obj;
         return i + 1;
      }
   }
   uint32_t count = h->count ? h->count * 2 : 16;
   void **slots = realloc(h->slots, count * sizeof(*slots));
   if (!slots)
      return 0;
   memset(slots + h->count, 0, (count - h->count) * sizeof(*slots));
   h->slots = slots;
   uint32_t id = h->count + 1;
   h->count = count;
   h->slots[id - 1] = obj;
   return id;
}

void *
sim_handle_get(const struct sim_handles *h, uint32_t id)
{
   return id && id <= h->count ? h->slots[id - 1] : NULL;
}

void *
sim_handle_remove(struct sim_handles *h, uint32_t id)
{
   void *obj = sim_handle_get(h, id);
   if (obj)
      h->slots[id - 1] = NULL;
   return obj;
}

void
sim_handles_fini(struct sim_handles *h)
{
   free(h->slots);
   h->slots = NULL;
   h->count = 0;
}

/* ---- memory accounting for AMDGPU_INFO_*_USAGE ---- */

static _Atomic uint64_t vram_usage, gtt_usage;

uint64_t
sim_bo_vram_usage(void)
{
   return vram_usage;
}

uint64_t
sim_bo_gtt_usage(void)
{
   return gtt_usage;
}

static _Atomic uint64_t *
usage_counter(const struct sim_bo *bo)
{
   if (bo->userptr)
      return NULL;
   if (bo->domains & AMDGPU_GEM_DOMAIN_VRAM)
      return &vram_usage;
   if (bo->domains & AMDGPU_GEM_DOMAIN_GTT)
      return &gtt_usage;
   return NULL;
}

/* ---- BOs ---- */

struct sim_bo *
sim_bo_lookup(struct kiln_sim_amdgpu *dev, uint32_t handle)
{
   return sim_handle_get(&dev->bos, handle);
}

static void
bo_destroy(struct kiln_sim_amdgpu *dev, struct sim_bo *bo)
{
   _Atomic uint64_t *usage = usage_counter(bo);

   /* Closing the last handle removes the BO from the file's VM. */
   sim_vm_remove_bo(dev, bo);
   if (usage)
      *usage -= bo->size;
   if (!bo->userptr)
      sim_mem_free(bo->pool_offset, bo->size);
   free(bo);
}

void
sim_bo_destroy_all(struct kiln_sim_amdgpu *dev)
{
   for (uint32_t i = 1; i <= dev->bos.count; i++) {
      struct sim_bo *bo = sim_handle_remove(&dev->bos, i);
      if (bo)
         bo_destroy(dev, bo);
   }
   sim_handles_fini(&dev->bos);
}

#define SIM_GEM_CREATE_FLAGS                                                                       \
   (AMDGPU_GEM_CREATE_CPU_ACCESS_REQUIRED | AMDGPU_GEM_CREATE_NO_CPU_ACCESS |                      \
    AMDGPU_GEM_CREATE_CPU_GTT_USWC | AMDGPU_GEM_CREATE_VRAM_CLEARED |                              \
    AMDGPU_GEM_CREATE_VRAM_CONTIGUOUS | AMDGPU_GEM_CREATE_VM_ALWAYS_VALID |                        \
    AMDGPU_GEM_CREATE_EXPLICIT_SYNC | AMDGPU_GEM_CREATE_VRAM_WIPE_ON_RELEASE |                     \
    AMDGPU_GEM_CREATE_DISCARDABLE | AMDGPU_GEM_CREATE_COHERENT | AMDGPU_GEM_CREATE_UNCACHED |      \
    AMDGPU_GEM_CREATE_EXT_COHERENT)

int
sim_ioctl_gem_create(struct kiln_sim_amdgpu *dev, void *arg)
{
   union drm_amdgpu_gem_create *args = arg;
   uint64_t flags = args->in.domain_flags;
   uint64_t domains = args->in.domains;
   uint64_t size = args->in.bo_size;
   uint64_t alignment = args->in.alignment;
   const struct amdgpu_device *info = sim_amdgpu_navi21();

   /* The emulated Navi 21 has no TMZ, so ENCRYPTED is refused with the
    * other flags the kernel does not accept from user space. */
   if (flags & ~(uint64_t)SIM_GEM_CREATE_FLAGS)
      return -EINVAL;
   if (domains & ~(uint64_t)AMDGPU_GEM_DOMAIN_MASK)
      return -EINVAL;
   if (domains & (AMDGPU_GEM_DOMAIN_GDS | AMDGPU_GEM_DOMAIN_GWS | AMDGPU_GEM_DOMAIN_OA)) {
      if (flags & AMDGPU_GEM_CREATE_VM_ALWAYS_VALID)
         return -EINVAL;
      flags |= AMDGPU_GEM_CREATE_NO_CPU_ACCESS;
   }
   if (!size)
      return -EINVAL;
   if (size > info->mem.vram.total_heap_size || size > info->mem.gtt.total_heap_size)
      return -ENOMEM;

   struct sim_bo *bo = calloc(1, sizeof(*bo));
   if (!bo)
      return -ENOMEM;
   bo->alloc_size = size;
   bo->size = (size + SIM_PAGE_SIZE - 1) & ~(SIM_PAGE_SIZE - 1);
   bo->alignment = alignment;
   bo->domains = domains;
   bo->flags = flags | AMDGPU_GEM_CREATE_VRAM_CLEARED;

   uint64_t align = alignment > SIM_PAGE_SIZE ? alignment : SIM_PAGE_SIZE;
   if (align & (align - 1))
      align = SIM_PAGE_SIZE; /* the kernel rounds; placement is ours */
   int r = sim_mem_alloc(bo->size, align, &bo->pool_offset, &bo->host);
   if (r) {
      free(bo);
      return r;
   }

   uint32_t handle = sim_handle_alloc(&dev->bos, bo);
   if (!handle) {
      sim_mem_free(bo->pool_offset, bo->size);
      free(bo);
      return -ENOMEM;
   }
   _Atomic uint64_t *usage = usage_counter(bo);
   if (usage)
      *usage += bo->size;

   memset(args, 0, sizeof(*args));
   args->out.handle = handle;
   return 0;
}

int
sim_ioctl_gem_userptr(struct kiln_sim_amdgpu *dev, void *arg)
{
   struct drm_amdgpu_gem_userptr *args = arg;

   if ((args->addr | args->size) & (SIM_PAGE_SIZE - 1))
      return -EINVAL;
   if (!args->size)
      return -EINVAL;
   if (args->flags & ~(AMDGPU_GEM_USERPTR_READONLY | AMDGPU_GEM_USERPTR_ANONONLY |
                       AMDGPU_GEM_USERPTR_VALIDATE | AMDGPU_GEM_USERPTR_REGISTER))
      return -EINVAL;
   /* Writable user memory needs an MMU notifier in the kernel. */
   if (!(args->flags & AMDGPU_GEM_USERPTR_READONLY) && !(args->flags & AMDGPU_GEM_USERPTR_REGISTER))
      return -EACCES;

   struct sim_bo *bo = calloc(1, sizeof(*bo));
   if (!bo)
      return -ENOMEM;
   bo->size = bo->alloc_size = args->size;
   bo->domains = AMDGPU_GEM_DOMAIN_CPU;
   bo->pool_offset = UINT64_MAX;
   bo->host = (void *)(uintptr_t)args->addr;
   bo->userptr = true;
   bo->flags = args->flags & AMDGPU_GEM_USERPTR_READONLY;

   uint32_t handle = sim_handle_alloc(&dev->bos, bo);
   if (!handle) {
      free(bo);
      return -ENOMEM;
   }
   args->handle = handle;
   return 0;
}

int
sim_ioctl_gem_mmap(struct kiln_sim_amdgpu *dev, void *arg)
{
   union drm_amdgpu_gem_mmap *args = arg;
   struct sim_bo *bo = sim_bo_lookup(dev, args->in.handle);

   if (!bo)
      return -ENOENT;
   if (bo->userptr || (bo->flags & AMDGPU_GEM_CREATE_NO_CPU_ACCESS))
      return -EPERM;
   memset(args, 0, sizeof(*args));
   args->out.addr_ptr = SIM_MMAP_OFFSET_BASE + bo->pool_offset;
   return 0;
}

int
sim_ioctl_gem_close(struct kiln_sim_amdgpu *dev, void *arg)
{
   struct drm_gem_close *args = arg;
   struct sim_bo *bo = sim_handle_remove(&dev->bos, args->handle);

   if (!bo)
      return -EINVAL;
   bo_destroy(dev, bo);
   return 0;
}

int
sim_ioctl_gem_metadata(struct kiln_sim_amdgpu *dev, void *arg)
{
   struct drm_amdgpu_gem_metadata *args = arg;
   struct sim_bo *bo = sim_bo_lookup(dev, args->handle);

   if (!bo)
      return -ENOENT;
   switch (args->op) {
   case AMDGPU_GEM_METADATA_OP_GET_METADATA:
      args->data.flags = bo->metadata_flags;
      args->data.tiling_info = bo->tiling_info;
      args->data.data_size_bytes = bo->metadata_size;
      memcpy(args->data.data, bo->metadata, bo->metadata_size);
      return 0;
   case AMDGPU_GEM_METADATA_OP_SET_METADATA:
      if (args->data.data_size_bytes > sizeof(args->data.data))
         return -EINVAL;
      bo->metadata_flags = args->data.flags;
      bo->tiling_info = args->data.tiling_info;
      bo->metadata_size = args->data.data_size_bytes;
      memcpy(bo->metadata, args->data.data, bo->metadata_size);
      return 0;
   default:
      return -EINVAL;
   }
}

int
sim_ioctl_gem_op(struct kiln_sim_amdgpu *dev, void *arg)
{
   struct drm_amdgpu_gem_op *args = arg;
   struct sim_bo *bo = sim_bo_lookup(dev, args->handle);

   if (!bo)
      return -ENOENT;
   switch (args->op) {
   case AMDGPU_GEM_OP_GET_GEM_CREATE_INFO: {
      struct drm_amdgpu_gem_create_in *out = (void *)(uintptr_t)args->value;
      if (!out)
         return -EFAULT;
      out->bo_size = bo->alloc_size;
      out->alignment = bo->alignment;
      out->domains = bo->domains;
      out->domain_flags = bo->flags;
      return 0;
   }
   case AMDGPU_GEM_OP_SET_PLACEMENT:
      if (bo->userptr)
         return -EPERM;
      bo->domains =
         args->value & (AMDGPU_GEM_DOMAIN_VRAM | AMDGPU_GEM_DOMAIN_GTT | AMDGPU_GEM_DOMAIN_CPU);
      return 0;
   default:
      return -EINVAL;
   }
}

int
sim_ioctl_gem_wait_idle(struct kiln_sim_amdgpu *dev, void *arg)
{
   union drm_amdgpu_gem_wait_idle *args = arg;

   if (!sim_bo_lookup(dev, args->in.handle))
      return -ENOENT;
   /* Submissions execute synchronously: every BO is idle. */
   memset(args, 0, sizeof(*args));
   args->out.status = 0;
   return 0;
}

/* ---- BO lists (the resource lists of amdgpu_cs_submit) ---- */

static int
bo_list_read(struct kiln_sim_amdgpu *dev, const union drm_amdgpu_bo_list *args,
             struct sim_bo_list *list)
{
   uint32_t stride = args->in.bo_info_size;
   const uint8_t *entries = (const uint8_t *)(uintptr_t)args->in.bo_info_ptr;

   if (args->in.bo_number && (!entries || stride < sizeof(uint32_t)))
      return -EFAULT;
   list->count = args->in.bo_number;
   list->handles = calloc(list->count ? list->count : 1, sizeof(uint32_t));
   if (!list->handles)
      return -ENOMEM;
   for (uint32_t i = 0; i < list->count; i++) {
      struct drm_amdgpu_bo_list_entry e = { 0 };
      memcpy(&e, entries + (size_t)i * stride, stride < sizeof(e) ? stride : sizeof(e));
      if (!sim_bo_lookup(dev, e.bo_handle)) {
         free(list->handles);
         return -ENOENT;
      }
      list->handles[i] = e.bo_handle;
   }
   return 0;
}

void
sim_bo_list_destroy_all(struct kiln_sim_amdgpu *dev)
{
   for (uint32_t i = 1; i <= dev->bo_lists.count; i++) {
      struct sim_bo_list *list = sim_handle_remove(&dev->bo_lists, i);
      if (list) {
         free(list->handles);
         free(list);
      }
   }
   sim_handles_fini(&dev->bo_lists);
}

int
sim_ioctl_bo_list(struct kiln_sim_amdgpu *dev, void *arg)
{
   union drm_amdgpu_bo_list *args = arg;
   struct sim_bo_list *list;
   struct sim_bo_list fresh;
   int r;

   switch (args->in.operation) {
   case AMDGPU_BO_LIST_OP_CREATE: {
      r = bo_list_read(dev, args, &fresh);
      if (r)
         return r;
      list = malloc(sizeof(*list));
      uint32_t handle = list ? sim_handle_alloc(&dev->bo_lists, list) : 0;
      if (!handle) {
         free(list);
         free(fresh.handles);
         return -ENOMEM;
      }
      *list = fresh;
      memset(args, 0, sizeof(*args));
      args->out.list_handle = handle;
      return 0;
   }
   case AMDGPU_BO_LIST_OP_DESTROY:
      list = sim_handle_remove(&dev->bo_lists, args->in.list_handle);
      if (list) {
         free(list->handles);
         free(list);
      }
      return 0;
   case AMDGPU_BO_LIST_OP_UPDATE: {
      uint32_t handle = args->in.list_handle;
      list = sim_handle_get(&dev->bo_lists, handle);
      if (!list)
         return -ENOENT;
      r = bo_list_read(dev, args, &fresh);
      if (r)
         return r;
      free(list->handles);
      *list = fresh;
      memset(args, 0, sizeof(*args));
      args->out.list_handle = handle;
      return 0;
   }
   default:
      return -EINVAL;
   }
}
