/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The i915 device: the render node, its description (Mesa's
 * intel_get_device_info_from_fd, the queries iris and anv make), a
 * context, buffer objects softpinned at addresses kiln hands out, and
 * submission and waiting through the i915 UAPI.
 */
#include "kiln_intel_private.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <xf86drm.h>

#include "drm-uapi/i915_drm.h"
#include "isl/isl.h"

/* Softpinned buffers start above 4 GiB, so every address the batch names
 * exercises the 48-bit forms. */
#define KILN_INTEL_FIRST_ADDRESS (UINT64_C(1) << 32)
#define KILN_INTEL_BO_ALIGN (UINT64_C(64) << 10)

static int
fail(char *err, size_t err_size, int error, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(err, err_size, fmt, ap);
   va_end(ap);
   return error;
}

static bool
is_i915(int fd)
{
   drmVersionPtr version = drmGetVersion(fd);
   bool i915 = version && !strcmp(version->name, "i915");
   drmFreeVersion(version);
   return i915;
}

static int
open_node(const char *path, char *err, size_t err_size)
{
   if (!path)
      path = getenv("KILN_DEVICE");
   if (path) {
      int fd = open(path, O_RDWR | O_CLOEXEC);
      if (fd < 0)
         return -fail(err, err_size, errno, "%s: %s", path, strerror(errno));
      if (!is_i915(fd)) {
         close(fd);
         return -fail(err, err_size, ENODEV, "%s: not an i915 render node", path);
      }
      return fd;
   }
   for (unsigned minor = 128; minor < 192; minor++) {
      char node[32];
      snprintf(node, sizeof(node), "/dev/dri/renderD%u", minor);
      int fd = open(node, O_RDWR | O_CLOEXEC);
      if (fd < 0)
         continue;
      if (is_i915(fd))
         return fd;
      close(fd);
   }
   return -fail(err, err_size, ENODEV, "no i915 render node in /dev/dri");
}

int
kiln_intel_device_open(const char *path, struct kiln_intel_device **out, char *err,
                       size_t err_size)
{
   int fd = open_node(path, err, err_size);
   if (fd < 0)
      return -fd;

   struct kiln_intel_device *dev = calloc(1, sizeof(*dev));
   if (!dev) {
      close(fd);
      return fail(err, err_size, ENOMEM, "out of memory");
   }
   dev->fd = fd;
   dev->next_address = KILN_INTEL_FIRST_ADDRESS;
   if (!intel_get_device_info_from_fd(fd, &dev->info, 12, 12) ||
       (dev->info.verx10 != 120 && dev->info.verx10 != 125)) {
      kiln_intel_device_close(dev);
      return fail(err, err_size, ENODEV,
                  "the i915 device is not a Gen12 or Gen12.5 GPU kiln supports");
   }
   struct isl_device isl;
   isl_device_init(&isl, &dev->info);
   dev->mocs = isl.mocs.internal;

   struct drm_i915_gem_context_create create = { 0 };
   if (drmIoctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_CREATE, &create)) {
      int error = errno;
      kiln_intel_device_close(dev);
      return fail(err, err_size, error, "creating an i915 context: %s", strerror(error));
   }
   dev->context = create.ctx_id;
   *out = dev;
   return 0;
}

void
kiln_intel_device_close(struct kiln_intel_device *dev)
{
   if (!dev)
      return;
   if (dev->context) {
      struct drm_i915_gem_context_destroy destroy = { .ctx_id = dev->context };
      drmIoctl(dev->fd, DRM_IOCTL_I915_GEM_CONTEXT_DESTROY, &destroy);
   }
   close(dev->fd);
   free(dev);
}

const struct intel_device_info *
kiln_intel_device_info(const struct kiln_intel_device *dev)
{
   return &dev->info;
}

int
kiln_intel_bo_create(struct kiln_intel_device *dev, uint64_t size, struct kiln_intel_bo **out)
{
   size = (size + 4095) & ~UINT64_C(4095);
   struct kiln_intel_bo *bo = calloc(1, sizeof(*bo));
   if (!bo)
      return ENOMEM;
   struct drm_i915_gem_create create = { .size = size };
   if (drmIoctl(dev->fd, DRM_IOCTL_I915_GEM_CREATE, &create)) {
      free(bo);
      return errno;
   }
   bo->handle = create.handle;
   bo->size = size;

   struct drm_i915_gem_mmap_offset mmap_offset = {
      .handle = bo->handle,
      .flags = I915_MMAP_OFFSET_WB,
   };
   if (drmIoctl(dev->fd, DRM_IOCTL_I915_GEM_MMAP_OFFSET, &mmap_offset) ||
       (bo->map = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, dev->fd,
                       mmap_offset.offset)) == MAP_FAILED) {
      int error = errno;
      bo->map = NULL;
      kiln_intel_bo_destroy(dev, bo);
      return error;
   }
   memset(bo->map, 0, size);
   bo->address = dev->next_address;
   dev->next_address += (size + KILN_INTEL_BO_ALIGN - 1) & ~(KILN_INTEL_BO_ALIGN - 1);
   *out = bo;
   return 0;
}

void
kiln_intel_bo_destroy(struct kiln_intel_device *dev, struct kiln_intel_bo *bo)
{
   if (!bo)
      return;
   if (bo->map)
      munmap(bo->map, bo->size);
   struct drm_gem_close close_bo = { .handle = bo->handle };
   drmIoctl(dev->fd, DRM_IOCTL_GEM_CLOSE, &close_bo);
   free(bo);
}

int
kiln_intel_submit(struct kiln_intel_device *dev, struct kiln_intel_bo **bos, unsigned num_bos,
                  const struct kiln_intel_submission *s, char *err, size_t err_size)
{
   const unsigned count = num_bos + 4;
   struct drm_i915_gem_exec_object2 *objects = calloc(count, sizeof(*objects));
   if (!objects)
      return fail(err, err_size, ENOMEM, "out of memory");
   /* The batch goes last, where i915 expects it without BATCH_FIRST. */
   struct kiln_intel_bo *fixed[] = { s->instructions, s->state, s->fence, s->batch };
   for (unsigned i = 0; i < count; i++) {
      const struct kiln_intel_bo *bo = i < num_bos ? bos[i] : fixed[i - num_bos];
      objects[i] = (struct drm_i915_gem_exec_object2){
         .handle = bo->handle,
         .offset = bo->address,
         .flags = EXEC_OBJECT_PINNED | EXEC_OBJECT_SUPPORTS_48B_ADDRESS |
                  (i < num_bos || bo == s->fence ? EXEC_OBJECT_WRITE : 0),
      };
   }
   struct drm_i915_gem_execbuffer2 execbuf = {
      .buffers_ptr = (uintptr_t)objects,
      .buffer_count = count,
      .batch_len = s->batch_bytes,
      .flags = I915_EXEC_RENDER | I915_EXEC_NO_RELOC,
      .rsvd1 = dev->context,
   };
   int ret = 0;
   if (drmIoctl(dev->fd, DRM_IOCTL_I915_GEM_EXECBUFFER2, &execbuf))
      ret = fail(err, err_size, errno, "DRM_IOCTL_I915_GEM_EXECBUFFER2: %s", strerror(errno));
   free(objects);
   return ret;
}

int
kiln_intel_wait(struct kiln_intel_device *dev, const struct kiln_intel_submission *s,
                int64_t timeout_ns, char *err, size_t err_size)
{
   struct drm_i915_gem_wait wait = { .bo_handle = s->batch->handle, .timeout_ns = timeout_ns };
   if (drmIoctl(dev->fd, DRM_IOCTL_I915_GEM_WAIT, &wait)) {
      if (errno == ETIME)
         return fail(err, err_size, ETIME, "the dispatch did not finish in %lld ns",
                     (long long)timeout_ns);
      return fail(err, err_size, errno, "DRM_IOCTL_I915_GEM_WAIT: %s", strerror(errno));
   }
   struct drm_i915_reset_stats stats = { .ctx_id = dev->context };
   if (!drmIoctl(dev->fd, DRM_IOCTL_I915_GET_RESET_STATS, &stats) && stats.batch_active)
      return fail(err, err_size, EIO,
                  "GPU hang: i915 reset the context while the dispatch ran (%u batches lost)",
                  stats.batch_active);
   return 0;
}
