/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Buffer objects and the GPU virtual address space, in the manner of
 * libdrm's amdgpu_bo.c and amdgpu_vamgr.c: GEM_CREATE in the domain the
 * device prefers, a first-fit VA allocator over the range AMDGPU_INFO
 * reports, GEM_VA to map, GEM_MMAP + mmap for the CPU view, and the reverse
 * on destroy.  Each step's failure is returned with the size or address
 * that failed in the device's message.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <drm.h>

#include "amdgpu_drm.h"
#include "kiln_amd_abi.h"
#include "kiln_amdgpu_private.h"

/* --- VA heap -------------------------------------------------------------- */

static inline uint64_t
align64(uint64_t v, uint64_t a)
{
   return (v + a - 1) & ~(a - 1);
}

int
kiln_amdgpu_va_heap_init(struct kiln_amdgpu_va_heap *heap, uint64_t start,
                         uint64_t end, uint64_t alignment)
{
   memset(heap, 0, sizeof(*heap));
   heap->max_holes = 16;
   heap->holes = malloc(heap->max_holes * sizeof(*heap->holes));
   if (!heap->holes)
      return -ENOMEM;
   heap->alignment = alignment;
   start = align64(start, alignment);
   heap->holes[0] = (struct kiln_amdgpu_va_hole){start, end - start};
   heap->num_holes = 1;
   return 0;
}

void
kiln_amdgpu_va_heap_finish(struct kiln_amdgpu_va_heap *heap)
{
   free(heap->holes);
   memset(heap, 0, sizeof(*heap));
}

static int
insert_hole(struct kiln_amdgpu_va_heap *heap, unsigned at, uint64_t start,
            uint64_t size)
{
   if (heap->num_holes == heap->max_holes) {
      unsigned n = heap->max_holes * 2;
      void *holes = realloc(heap->holes, n * sizeof(*heap->holes));
      if (!holes)
         return -ENOMEM;
      heap->holes = holes;
      heap->max_holes = n;
   }
   memmove(&heap->holes[at + 1], &heap->holes[at],
           (heap->num_holes - at) * sizeof(*heap->holes));
   heap->holes[at] = (struct kiln_amdgpu_va_hole){start, size};
   heap->num_holes++;
   return 0;
}

static void
remove_hole(struct kiln_amdgpu_va_heap *heap, unsigned at)
{
   memmove(&heap->holes[at], &heap->holes[at + 1],
           (heap->num_holes - at - 1) * sizeof(*heap->holes));
   heap->num_holes--;
}

int
kiln_amdgpu_va_alloc(struct kiln_amdgpu_va_heap *heap, uint64_t size,
                     uint64_t alignment, uint64_t *va)
{
   if (alignment < heap->alignment)
      alignment = heap->alignment;
   size = align64(size, heap->alignment);

   for (unsigned i = 0; i < heap->num_holes; i++) {
      struct kiln_amdgpu_va_hole *h = &heap->holes[i];
      uint64_t start = align64(h->start, alignment);
      uint64_t end = h->start + h->size;

      if (start < h->start || start + size > end || start + size < start)
         continue;
      /* Split the hole into what lies before and after the allocation. */
      uint64_t before = start - h->start, after = end - (start + size);
      if (before && after) {
         h->size = before;
         if (insert_hole(heap, i + 1, start + size, after))
            return -ENOMEM;
      } else if (before) {
         h->size = before;
      } else if (after) {
         h->start = start + size;
         h->size = after;
      } else {
         remove_hole(heap, i);
      }
      *va = start;
      return 0;
   }
   return -ENOMEM;
}

void
kiln_amdgpu_va_free(struct kiln_amdgpu_va_heap *heap, uint64_t va,
                    uint64_t size)
{
   size = align64(size, heap->alignment);
   unsigned i = 0;
   while (i < heap->num_holes && heap->holes[i].start < va)
      i++;

   /* Coalesce with the neighbours where they touch. */
   bool join_prev = i > 0 && heap->holes[i - 1].start + heap->holes[i - 1].size == va;
   bool join_next = i < heap->num_holes && va + size == heap->holes[i].start;
   if (join_prev && join_next) {
      heap->holes[i - 1].size += size + heap->holes[i].size;
      remove_hole(heap, i);
   } else if (join_prev) {
      heap->holes[i - 1].size += size;
   } else if (join_next) {
      heap->holes[i].start = va;
      heap->holes[i].size += size;
   } else {
      insert_hole(heap, i, va, size); /* on ENOMEM the range is leaked */
   }
}

/* --- buffer objects -------------------------------------------------------- */

static int
gem_va(struct kiln_amdgpu_device *dev, struct kiln_amdgpu_bo *bo, uint32_t op,
       uint64_t va, uint32_t flags)
{
   struct drm_amdgpu_gem_va args = {
      .handle = bo->handle,
      .operation = op,
      .flags = flags,
      .va_address = va,
      .offset_in_bo = 0,
      .map_size = bo->size,
   };
   return kiln_amdgpu_ioctl(dev, DRM_IOCTL_AMDGPU_GEM_VA, &args);
}

static uint32_t
va_flags(uint32_t flags)
{
   uint32_t f = AMDGPU_VM_PAGE_READABLE;
   if (!(flags & KILN_AMDGPU_BO_READ_ONLY))
      f |= AMDGPU_VM_PAGE_WRITEABLE;
   if (flags & KILN_AMDGPU_BO_EXECUTABLE)
      f |= AMDGPU_VM_PAGE_EXECUTABLE;
   return f;
}

static void
gem_close(struct kiln_amdgpu_device *dev, uint32_t handle)
{
   struct drm_gem_close args = {.handle = handle};
   kiln_amdgpu_ioctl(dev, DRM_IOCTL_GEM_CLOSE, &args);
}

int
kiln_amdgpu_bo_create(struct kiln_amdgpu_device *dev, uint64_t size,
                      uint32_t flags, struct kiln_amdgpu_bo **out)
{
   const uint64_t page = 4096;
   struct kiln_amdgpu_bo *bo;
   int ret;

   if (!size)
      return kiln_amdgpu_error(dev, -EINVAL, "buffer of 0 bytes");
   if (size > KILN_MAX_BUFFER_SIZE)
      return kiln_amdgpu_error(dev, -E2BIG,
                               "buffer of %llu bytes: larger than the %llu bytes a kernel "
                               "can address (kiln_amd_abi.h)",
                               (unsigned long long)size,
                               (unsigned long long)KILN_MAX_BUFFER_SIZE);
   bo = calloc(1, sizeof(*bo));
   if (!bo)
      return kiln_amdgpu_error(dev, -ENOMEM, "out of host memory");
   bo->size = align64(size, page);
   bo->domain = (flags & KILN_AMDGPU_BO_HOST_VISIBLE) ? dev->host_domain
                                                      : AMDGPU_GEM_DOMAIN_VRAM;
   if (!(flags & KILN_AMDGPU_BO_HOST_VISIBLE) && !dev->info.vram_size)
      bo->domain = AMDGPU_GEM_DOMAIN_GTT;

   union drm_amdgpu_gem_create create = {0};
   create.in.bo_size = bo->size;
   create.in.alignment = page;
   create.in.domains = bo->domain;
   create.in.domain_flags = (flags & KILN_AMDGPU_BO_HOST_VISIBLE) ? dev->host_flags : 0;
   ret = kiln_amdgpu_ioctl(dev, DRM_IOCTL_AMDGPU_GEM_CREATE, &create);
   if (ret) {
      const char *domain = bo->domain == AMDGPU_GEM_DOMAIN_VRAM ? "VRAM" : "GTT";
      free(bo);
      return kiln_amdgpu_error(dev, ret, "GEM_CREATE of %llu bytes in %s failed: %s",
                               (unsigned long long)size, domain, strerror(-ret));
   }
   bo->handle = create.out.handle;

   ret = kiln_amdgpu_va_alloc(&dev->va, bo->size, 0, &bo->va);
   if (ret) {
      ret = kiln_amdgpu_error(dev, ret, "no GPU VA range of %llu bytes left",
                              (unsigned long long)bo->size);
      goto fail_close;
   }
   ret = gem_va(dev, bo, AMDGPU_VA_OP_MAP, bo->va, va_flags(flags));
   if (ret) {
      ret = kiln_amdgpu_error(dev, ret, "GEM_VA map of %llu bytes at 0x%llx failed: %s",
                              (unsigned long long)bo->size,
                              (unsigned long long)bo->va, strerror(-ret));
      goto fail_va;
   }

   if (flags & KILN_AMDGPU_BO_HOST_VISIBLE) {
      union drm_amdgpu_gem_mmap mmap_args = {0};
      mmap_args.in.handle = bo->handle;
      ret = kiln_amdgpu_ioctl(dev, DRM_IOCTL_AMDGPU_GEM_MMAP, &mmap_args);
      if (!ret) {
         bo->map = dev->mmap(dev, mmap_args.out.addr_ptr, bo->size);
         if (!bo->map)
            ret = errno ? -errno : -ENOMEM;
      }
      if (ret) {
         ret = kiln_amdgpu_error(dev, ret, "CPU mapping of a %llu-byte buffer failed: %s",
                                 (unsigned long long)bo->size, strerror(-ret));
         gem_va(dev, bo, AMDGPU_VA_OP_UNMAP, bo->va, 0);
         goto fail_va;
      }
   }
   *out = bo;
   return 0;

fail_va:
   kiln_amdgpu_va_free(&dev->va, bo->va, bo->size);
fail_close:
   gem_close(dev, bo->handle);
   free(bo);
   return ret;
}

void
kiln_amdgpu_bo_destroy(struct kiln_amdgpu_device *dev, struct kiln_amdgpu_bo *bo)
{
   if (!bo)
      return;
   if (bo->map)
      dev->munmap(dev, bo->map, bo->size);
   gem_va(dev, bo, AMDGPU_VA_OP_UNMAP, bo->va, 0);
   kiln_amdgpu_va_free(&dev->va, bo->va, bo->size);
   gem_close(dev, bo->handle);
   free(bo);
}

int
kiln_amdgpu_bo_map_va(struct kiln_amdgpu_device *dev, struct kiln_amdgpu_bo *bo,
                      uint64_t va)
{
   int ret = gem_va(dev, bo, AMDGPU_VA_OP_MAP, va,
                    AMDGPU_VM_PAGE_READABLE | AMDGPU_VM_PAGE_WRITEABLE);
   if (ret)
      return kiln_amdgpu_error(dev, ret, "GEM_VA map of %llu bytes at 0x%llx failed: %s",
                               (unsigned long long)bo->size,
                               (unsigned long long)va, strerror(-ret));
   return 0;
}

int
kiln_amdgpu_bo_unmap_va(struct kiln_amdgpu_device *dev, struct kiln_amdgpu_bo *bo,
                        uint64_t va)
{
   int ret = gem_va(dev, bo, AMDGPU_VA_OP_UNMAP, va, 0);
   if (ret)
      return kiln_amdgpu_error(dev, ret, "GEM_VA unmap at 0x%llx failed: %s",
                               (unsigned long long)va, strerror(-ret));
   return 0;
}
