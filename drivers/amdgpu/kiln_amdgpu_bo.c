/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Buffer objects and the GPU virtual address space, in the manner of
 * libdrm's amdgpu_bo.c: GEM_CREATE in the domain the device prefers, a VA
 * range from libdrm's own VA manager (amdgpu_va_manager_*, which needs no
 * libdrm device, so the emulated device's ranges come from it too) over
 * the range AMDGPU_INFO reports, GEM_VA to map, GEM_MMAP + mmap for the
 * CPU view, and the reverse on destroy.  Each step's failure is returned
 * with the size or address that failed in the device's message.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <amdgpu.h>
#include <drm.h>

#include "amdgpu_drm.h"
#include "kiln_amd_abi.h"
#include "kiln_amdgpu_private.h"

/* A buffer object with what only this file needs: its VA range's handle. */
struct bo {
   struct kiln_amdgpu_bo base;
   amdgpu_va_handle va_range;
};

static inline struct bo *
bo_of(struct kiln_amdgpu_bo *bo)
{
   return (struct bo *)bo;
}

static inline uint64_t
align64(uint64_t v, uint64_t a)
{
   return (v + a - 1) & ~(a - 1);
}

/* --- VA space --------------------------------------------------------------- */

#define FOUR_GIB (UINT64_C(1) << 32)

int
kiln_amdgpu_va_init(struct kiln_amdgpu_device *dev, uint64_t start, uint64_t end,
                    uint32_t alignment)
{
   /* libdrm keeps the low 4 GiB (for 32-bit addresses) apart from the rest
    * and assumes the range reaches across that line. */
   if (start > FOUR_GIB || end < FOUR_GIB)
      return -EINVAL;
   dev->va_mgr = amdgpu_va_manager_alloc();
   if (!dev->va_mgr)
      return -ENOMEM;
   /* No high range: every BO lives in the low half of the VM. */
   amdgpu_va_manager_init(dev->va_mgr, start, end, 0, 0, alignment);
   return 0;
}

void
kiln_amdgpu_va_finish(struct kiln_amdgpu_device *dev)
{
   if (!dev->va_mgr)
      return;
   amdgpu_va_manager_deinit(dev->va_mgr);
   free(dev->va_mgr);
   dev->va_mgr = NULL;
}

int
kiln_amdgpu_va_alloc(struct kiln_amdgpu_device *dev, uint64_t size, uint64_t alignment,
                     uint64_t *va, struct amdgpu_va **range)
{
   return amdgpu_va_range_alloc2(dev->va_mgr, amdgpu_gpu_va_range_general, size, alignment, 0, va,
                                 range, 0);
}

void
kiln_amdgpu_va_free(struct amdgpu_va *range)
{
   amdgpu_va_range_free(range);
}

/* --- buffer objects -------------------------------------------------------- */

static int
gem_va(struct kiln_amdgpu_device *dev, struct kiln_amdgpu_bo *bo, uint32_t op, uint64_t va,
       uint32_t flags)
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
   struct drm_gem_close args = { .handle = handle };
   kiln_amdgpu_ioctl(dev, DRM_IOCTL_GEM_CLOSE, &args);
}

int
kiln_amdgpu_bo_create(struct kiln_amdgpu_device *dev, uint64_t size, uint32_t flags,
                      struct kiln_amdgpu_bo **out)
{
   const uint64_t page = 4096;
   struct bo *b;
   int ret;

   if (!size)
      return kiln_amdgpu_error(dev, -EINVAL, "buffer of 0 bytes");
   if (size > KILN_MAX_BUFFER_SIZE)
      return kiln_amdgpu_error(dev, -E2BIG,
                               "buffer of %llu bytes: larger than the %llu bytes a kernel "
                               "can address (kiln_amd_abi.h)",
                               (unsigned long long)size, (unsigned long long)KILN_MAX_BUFFER_SIZE);
   b = calloc(1, sizeof(*b));
   if (!b)
      return kiln_amdgpu_error(dev, -ENOMEM, "out of host memory");
   struct kiln_amdgpu_bo *bo = &b->base;
   bo->size = align64(size, page);
   bo->domain = (flags & KILN_AMDGPU_BO_HOST_VISIBLE) ? dev->host_domain : AMDGPU_GEM_DOMAIN_VRAM;
   if (!(flags & KILN_AMDGPU_BO_HOST_VISIBLE) && !dev->info.vram_size)
      bo->domain = AMDGPU_GEM_DOMAIN_GTT;

   union drm_amdgpu_gem_create create = { 0 };
   create.in.bo_size = bo->size;
   create.in.alignment = page;
   create.in.domains = bo->domain;
   create.in.domain_flags = (flags & KILN_AMDGPU_BO_HOST_VISIBLE) ? dev->host_flags : 0;
   ret = kiln_amdgpu_ioctl(dev, DRM_IOCTL_AMDGPU_GEM_CREATE, &create);
   if (ret) {
      const char *domain = bo->domain == AMDGPU_GEM_DOMAIN_VRAM ? "VRAM" : "GTT";
      free(b);
      return kiln_amdgpu_error(dev, ret, "GEM_CREATE of %llu bytes in %s failed: %s",
                               (unsigned long long)size, domain, strerror(-ret));
   }
   bo->handle = create.out.handle;

   ret = kiln_amdgpu_va_alloc(dev, bo->size, 0, &bo->va, &b->va_range);
   if (ret) {
      ret = kiln_amdgpu_error(dev, ret, "no GPU VA range of %llu bytes left",
                              (unsigned long long)bo->size);
      goto fail_close;
   }
   ret = gem_va(dev, bo, AMDGPU_VA_OP_MAP, bo->va, va_flags(flags));
   if (ret) {
      ret = kiln_amdgpu_error(dev, ret, "GEM_VA map of %llu bytes at 0x%llx failed: %s",
                              (unsigned long long)bo->size, (unsigned long long)bo->va,
                              strerror(-ret));
      goto fail_va;
   }

   if (flags & KILN_AMDGPU_BO_HOST_VISIBLE) {
      union drm_amdgpu_gem_mmap mmap_args = { 0 };
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
   kiln_amdgpu_va_free(b->va_range);
fail_close:
   gem_close(dev, bo->handle);
   free(b);
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
   kiln_amdgpu_va_free(bo_of(bo)->va_range);
   gem_close(dev, bo->handle);
   free(bo_of(bo));
}

int
kiln_amdgpu_bo_map_va(struct kiln_amdgpu_device *dev, struct kiln_amdgpu_bo *bo, uint64_t va)
{
   int ret =
      gem_va(dev, bo, AMDGPU_VA_OP_MAP, va, AMDGPU_VM_PAGE_READABLE | AMDGPU_VM_PAGE_WRITEABLE);
   if (ret)
      return kiln_amdgpu_error(dev, ret, "GEM_VA map of %llu bytes at 0x%llx failed: %s",
                               (unsigned long long)bo->size, (unsigned long long)va,
                               strerror(-ret));
   return 0;
}

int
kiln_amdgpu_bo_unmap_va(struct kiln_amdgpu_device *dev, struct kiln_amdgpu_bo *bo, uint64_t va)
{
   int ret = gem_va(dev, bo, AMDGPU_VA_OP_UNMAP, va, 0);
   if (ret)
      return kiln_amdgpu_error(dev, ret, "GEM_VA unmap at 0x%llx failed: %s",
                               (unsigned long long)va, strerror(-ret));
   return 0;
}
