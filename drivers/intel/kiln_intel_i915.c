/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * drivers/intel over the i915 kernel driver: a GEM context, buffer
 * objects mapped through I915_GEM_MMAP_OFFSET and softpinned at the
 * addresses kiln hands out (EXEC_OBJECT_PINNED on every execbuffer, so
 * i915 never relocates), submission with I915_GEM_EXECBUFFER2 on the
 * render ring, waiting on the batch buffer with I915_GEM_WAIT, and hangs
 * read back from the context's reset statistics.
 */
#include "kiln_intel_private.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <xf86drm.h>

#include "drm-uapi/i915_drm.h"

static int
i915_init(struct kiln_intel_device *dev)
{
   struct drm_i915_gem_context_create create = { 0 };
   if (drmIoctl(dev->fd, DRM_IOCTL_I915_GEM_CONTEXT_CREATE, &create))
      return kiln_intel_error(dev, -errno, "creating an i915 context: %s", strerror(errno));
   dev->i915.context = create.ctx_id;
   return 0;
}

static void
i915_finish(struct kiln_intel_device *dev)
{
   if (!dev->i915.context)
      return;
   struct drm_i915_gem_context_destroy destroy = { .ctx_id = dev->i915.context };
   drmIoctl(dev->fd, DRM_IOCTL_I915_GEM_CONTEXT_DESTROY, &destroy);
}

static void
i915_bo_destroy(struct kiln_intel_device *dev, struct kiln_intel_bo *bo)
{
   if (bo->map)
      munmap(bo->map, bo->size);
   struct drm_gem_close close_bo = { .handle = bo->handle };
   if (bo->handle)
      drmIoctl(dev->fd, DRM_IOCTL_GEM_CLOSE, &close_bo);
}

static int
i915_bo_create(struct kiln_intel_device *dev, struct kiln_intel_bo *bo)
{
   struct drm_i915_gem_create create = { .size = bo->size };
   if (drmIoctl(dev->fd, DRM_IOCTL_I915_GEM_CREATE, &create))
      return -errno;
   bo->handle = create.handle;

   /* Discrete GPUs take only FIXED, the caching i915 chose at creation
    * (system memory, snooped, as iris finds). */
   struct drm_i915_gem_mmap_offset mmap_offset = {
      .handle = bo->handle,
      .flags = dev->info.has_local_mem ? I915_MMAP_OFFSET_FIXED : I915_MMAP_OFFSET_WB,
   };
   void *map = MAP_FAILED;
   if (!drmIoctl(dev->fd, DRM_IOCTL_I915_GEM_MMAP_OFFSET, &mmap_offset))
      map = mmap(NULL, bo->size, PROT_READ | PROT_WRITE, MAP_SHARED, dev->fd, mmap_offset.offset);
   if (map == MAP_FAILED) {
      int error = -errno;
      i915_bo_destroy(dev, bo);
      return error;
   }
   bo->map = map;
   return 0;
}

static int
i915_submit(struct kiln_intel_device *dev, struct kiln_intel_bo **bos, unsigned num_bos,
            struct kiln_intel_submission *s)
{
   /* The batch goes last, where i915 expects it without BATCH_FIRST. */
   struct kiln_intel_bo *fixed[5];
   unsigned num_fixed = 0;
   fixed[num_fixed++] = s->instructions;
   fixed[num_fixed++] = s->state;
   fixed[num_fixed++] = s->fence;
   if (s->scratch)
      fixed[num_fixed++] = s->scratch;
   fixed[num_fixed++] = s->batch;
   const unsigned count = num_bos + num_fixed;
   struct drm_i915_gem_exec_object2 *objects = calloc(count, sizeof(*objects));
   if (!objects)
      return kiln_intel_error(dev, -ENOMEM, "out of memory");
   for (unsigned i = 0; i < count; i++) {
      const struct kiln_intel_bo *bo = i < num_bos ? bos[i] : fixed[i - num_bos];
      const bool written = i < num_bos || bo == s->fence || bo == s->scratch;
      objects[i] = (struct drm_i915_gem_exec_object2){
         .handle = bo->handle,
         .offset = bo->address,
         .flags = EXEC_OBJECT_PINNED | EXEC_OBJECT_SUPPORTS_48B_ADDRESS |
                  (written ? EXEC_OBJECT_WRITE : 0),
      };
   }
   struct drm_i915_gem_execbuffer2 execbuf = {
      .buffers_ptr = (uintptr_t)objects,
      .buffer_count = count,
      .batch_len = s->batch_bytes,
      .flags = I915_EXEC_RENDER | I915_EXEC_NO_RELOC,
      .rsvd1 = dev->i915.context,
   };
   int ret = 0;
   if (drmIoctl(dev->fd, DRM_IOCTL_I915_GEM_EXECBUFFER2, &execbuf))
      ret = kiln_intel_error(dev, -errno, "DRM_IOCTL_I915_GEM_EXECBUFFER2: %s", strerror(errno));
   free(objects);
   return ret;
}

static int
i915_wait(struct kiln_intel_device *dev, const struct kiln_intel_submission *s, int64_t timeout_ns)
{
   struct drm_i915_gem_wait wait = { .bo_handle = s->batch->handle, .timeout_ns = timeout_ns };
   if (drmIoctl(dev->fd, DRM_IOCTL_I915_GEM_WAIT, &wait))
      return kiln_intel_error(dev, -errno, "DRM_IOCTL_I915_GEM_WAIT: %s", strerror(errno));
   return 0;
}

static int
i915_reset_status(struct kiln_intel_device *dev)
{
   struct drm_i915_reset_stats stats = { .ctx_id = dev->i915.context };
   if (!drmIoctl(dev->fd, DRM_IOCTL_I915_GET_RESET_STATS, &stats) && stats.batch_active)
      return kiln_intel_error(dev, -EIO,
                              "GPU hang: i915 reset the context while the dispatch ran "
                              "(%u batches lost)",
                              stats.batch_active);
   return 0;
}

const struct kiln_intel_kmd kiln_intel_i915 = {
   .name = "i915",
   .init = i915_init,
   .finish = i915_finish,
   .bo_create = i915_bo_create,
   .bo_destroy = i915_bo_destroy,
   .submit = i915_submit,
   .wait = i915_wait,
   .reset_status = i915_reset_status,
};
