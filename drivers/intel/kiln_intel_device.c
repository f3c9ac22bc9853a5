/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The Intel device: the render node, the kernel driver behind it (i915 or
 * xe, by the DRM driver's name; each is one file behind struct
 * kiln_intel_kmd), its description (Mesa's intel_get_device_info_from_fd,
 * the queries iris and anv make on either driver), and what both drivers
 * share: the allocator of the GPU addresses buffers are placed at, and
 * waiting with hangs reported as EIO.
 */
#include "kiln_intel_private.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <xf86drm.h>

#include "isl/isl.h"
#include "kiln_debug.h"
#include "util/u_math.h"

/* Buffers start above 4 GiB, so every address the batch names
 * exercises the 48-bit forms. */
#define KILN_INTEL_FIRST_ADDRESS (UINT64_C(1) << 32)
#define KILN_INTEL_BO_ALIGN      (UINT64_C(64) << 10)

void
kiln_intel_debug(const struct kiln_intel_device *dev, const char *fmt, ...)
{
   va_list ap;

   if (!dev->debug)
      return;
   va_start(ap, fmt);
   kiln_debug_vprintf("intel", fmt, ap);
   va_end(ap);
}

int
kiln_intel_error(struct kiln_intel_device *dev, int err, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(dev->error, sizeof(dev->error), fmt, ap);
   va_end(ap);
   kiln_intel_debug(dev, "%s", dev->error);
   return err;
}

const char *
kiln_intel_device_error(const struct kiln_intel_device *dev)
{
   return dev->error;
}

/* Says why a device could not be opened in err; returns error, a
 * negative errno.  (Once a device exists, its own message is kept.) */
static int
open_error(char *err, size_t err_size, int error, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(err, err_size, fmt, ap);
   va_end(ap);
   return error;
}

/* The kernel driver answering on fd, or NULL when it is not one kiln
 * drives. */
static const struct kiln_intel_kmd *
node_kmd(int fd)
{
   static const struct kiln_intel_kmd *const kmds[] = { &kiln_intel_i915, &kiln_intel_xe };
   const struct kiln_intel_kmd *kmd = NULL;
   drmVersionPtr version = drmGetVersion(fd);
   for (unsigned i = 0; version && i < ARRAY_SIZE(kmds); i++) {
      if (!strcmp(version->name, kmds[i]->name))
         kmd = kmds[i];
   }
   drmFreeVersion(version);
   return kmd;
}

static int
open_node(const char *path, const struct kiln_intel_kmd **kmd, char *err, size_t err_size)
{
   if (path && *path) {
      int fd = open(path, O_RDWR | O_CLOEXEC);
      if (fd < 0)
         return open_error(err, err_size, -errno, "%s: %s", path, strerror(errno));
      if (!(*kmd = node_kmd(fd))) {
         close(fd);
         return open_error(err, err_size, -ENODEV, "%s: not an i915 or xe render node", path);
      }
      return fd;
   }
   for (unsigned minor = 128; minor < 192; minor++) {
      char node[32];
      snprintf(node, sizeof(node), "/dev/dri/renderD%u", minor);
      int fd = open(node, O_RDWR | O_CLOEXEC);
      if (fd < 0)
         continue;
      if ((*kmd = node_kmd(fd)))
         return fd;
      close(fd);
   }
   return open_error(err, err_size, -ENODEV, "no i915 or xe render node in /dev/dri");
}

int
kiln_intel_device_open(const char *path, struct kiln_intel_device **out, char *err, size_t err_size)
{
   const struct kiln_intel_kmd *kmd = NULL;
   int fd = open_node(path, &kmd, err, err_size);
   if (fd < 0)
      return fd;

   struct kiln_intel_device *dev = calloc(1, sizeof(*dev));
   if (!dev) {
      close(fd);
      return open_error(err, err_size, -ENOMEM, "out of memory");
   }
   dev->fd = fd;
   dev->debug = kiln_debug_flags() & KILN_DEBUG_DRIVER;
   dev->next_address = KILN_INTEL_FIRST_ADDRESS;
   if (!intel_get_device_info_from_fd(fd, &dev->info, 12, 12) ||
       (dev->info.verx10 != 120 && dev->info.verx10 != 125)) {
      kiln_intel_device_close(dev);
      return open_error(err, err_size, -ENODEV,
                        "the %s device is not a Gen12 or Gen12.5 GPU kiln supports", kmd->name);
   }
   isl_device_init(&dev->isl, &dev->info);
   dev->mocs = dev->isl.mocs.internal;

   int ret = kmd->init(dev);
   if (ret) {
      open_error(err, err_size, ret, "%s", dev->error);
      kiln_intel_device_close(dev);
      return ret;
   }
   dev->kmd = kmd; /* from here on, close() finishes it */
   kiln_intel_debug(dev, "opened %s (%s): %s, Gen%s, %u EUs, %u threads each",
                    path && *path ? path : "the first Intel render node", kmd->name, dev->info.name,
                    dev->info.verx10 == 125 ? "12.5" : "12",
                    dev->info.max_eus_per_subslice * dev->info.subslice_total,
                    dev->info.num_thread_per_eu);
   *out = dev;
   return 0;
}

void
kiln_intel_device_close(struct kiln_intel_device *dev)
{
   if (!dev)
      return;
   if (dev->kmd) {
      kiln_intel_scratch_put(dev, dev->scratch);
      dev->kmd->finish(dev);
   }
   close(dev->fd);
   free(dev);
}

const struct intel_device_info *
kiln_intel_device_info(const struct kiln_intel_device *dev)
{
   return &dev->info;
}

const char *
kiln_intel_device_kmd_name(const struct kiln_intel_device *dev)
{
   return dev->kmd->name;
}

int
kiln_intel_bo_create(struct kiln_intel_device *dev, uint64_t size, struct kiln_intel_bo **out)
{
   int ret = kiln_intel_bo_create_uncleared(dev, size, out);
   if (!ret)
      memset((*out)->map, 0, (*out)->size);
   return ret;
}

int
kiln_intel_bo_create_uncleared(struct kiln_intel_device *dev, uint64_t size,
                               struct kiln_intel_bo **out)
{
   struct kiln_intel_bo *bo = calloc(1, sizeof(*bo));
   if (!bo)
      return -ENOMEM;
   bo->size = align64(size, 4096);
   bo->address = dev->next_address;
   int ret = dev->kmd->bo_create(dev, bo);
   if (ret) {
      free(bo);
      return ret;
   }
   dev->next_address += align64(bo->size, KILN_INTEL_BO_ALIGN);
   *out = bo;
   return 0;
}

void
kiln_intel_bo_destroy(struct kiln_intel_device *dev, struct kiln_intel_bo *bo)
{
   if (!bo)
      return;
   dev->kmd->bo_destroy(dev, bo);
   free(bo);
}

int
kiln_intel_wait(struct kiln_intel_device *dev, const struct kiln_intel_submission *s,
                int64_t timeout_ns)
{
   int ret = dev->kmd->wait(dev, s, timeout_ns);
   if (ret == -ETIME)
      return kiln_intel_error(dev, -ETIME, "the dispatch did not finish in %lld ns",
                              (long long)timeout_ns);
   return ret ? ret : dev->kmd->reset_status(dev);
}
