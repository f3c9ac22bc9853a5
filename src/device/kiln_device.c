/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Which device kiln runs on (kiln_device.h).  A node that KILN_DEVICE
 * names goes to the submission layer of its kernel driver, as
 * drmGetVersion names it, so a node of a driver kiln cannot drive is
 * refused here with that driver's name rather than by whichever layer
 * tried it first.  With KILN_DEVICE unset or empty, drivers/amdgpu's and
 * then drivers/intel's own searches are asked in turn, and the emulated
 * gfx1030 is the last resort, as it is for drivers/amdgpu alone.  The
 * drivers are handed the node: only this file reads KILN_DEVICE, and
 * nothing here writes the environment of the application kiln is in.
 */
#include "kiln_device.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <xf86drm.h>

#include "kiln_amdgpu.h"
#include "kiln_compiler.h"
#include "kiln_config.h"

#ifdef KILN_HAVE_INTEL
#include "dev/intel_device_info.h"
#include "kiln_intel.h"
#endif

/* Says why in err; returns error, a negative errno. */
static int
fail(char *err, size_t err_size, int error, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(err, err_size, fmt, ap);
   va_end(ap);
   return error;
}

/* KILN_DEVICE, or NULL when it is unset or empty (both mean: choose). */
static const char *
requested_node(void)
{
   const char *which = getenv("KILN_DEVICE");
   return which && *which ? which : NULL;
}

static void
take_amdgpu(struct kiln_device *dev, struct kiln_amdgpu_device *amdgpu)
{
   const struct kiln_amdgpu_device_info *info = kiln_amdgpu_device_get_info(amdgpu);
   const bool sim = info->kind == KILN_AMDGPU_DEVICE_SIM;
   dev->kind = KILN_DEVICE_KIND_AMDGPU;
   dev->amdgpu = amdgpu;
   dev->target = info->target;
   snprintf(dev->node, sizeof(dev->node), "%s", info->name);
   snprintf(dev->driver, sizeof(dev->driver), "%s", sim ? "sim" : "amdgpu");
   if (sim)
      snprintf(dev->description, sizeof(dev->description), "kiln's emulated %s", info->target);
   else
      snprintf(dev->description, sizeof(dev->description), "AMD %s, %u CUs", info->target,
               info->num_cu);
}

static int
open_amdgpu(struct kiln_device *dev, const char *which, char *err, size_t err_size)
{
   struct kiln_amdgpu_device *amdgpu;
   char msg[256];
   int ret = kiln_amdgpu_device_open(which, &amdgpu, msg, sizeof(msg));
   if (ret)
      return fail(err, err_size, ret, "KILN_DEVICE=%s: %s", which, msg);
   take_amdgpu(dev, amdgpu);
   return 0;
}

#ifdef KILN_HAVE_INTEL
static bool
is_intel_driver(const char *driver)
{
   return !strcmp(driver, "i915") || !strcmp(driver, "xe");
}

/* The device drivers/intel opened (node is "" when its search found it);
 * closed again on failure. */
static int
take_intel(struct kiln_device *dev, struct kiln_intel_device *intel, const char *node, char *err,
           size_t err_size)
{
   const struct intel_device_info *info = kiln_intel_device_info(intel);
   dev->kind = KILN_DEVICE_KIND_INTEL;
   dev->intel = intel;
   snprintf(dev->node, sizeof(dev->node), "%s", node);
   snprintf(dev->driver, sizeof(dev->driver), "%s", kiln_intel_device_kmd_name(intel));
   snprintf(dev->description, sizeof(dev->description), "%s, Gen%s", info->name,
            info->verx10 == 125 ? "12.5" : "12");
   /* drivers/intel opens Gen12 and Gen12.5 only; the compiler names their
    * targets after the first GPU of each. */
   if (info->verx10 == 120)
      dev->target = kiln_target_name(KILN_TARGET_TGL);
   else if (info->verx10 == 125)
      dev->target = kiln_target_name(KILN_TARGET_DG2);
   else {
      fail(err, err_size, -ENODEV, "%s: GFX version %d.%d has no kiln compiler target", info->name,
           info->verx10 / 10, info->verx10 % 10);
      kiln_device_close(dev);
      return -ENODEV;
   }
   return 0;
}

static int
open_intel(struct kiln_device *dev, const char *path, char *err, size_t err_size)
{
   struct kiln_intel_device *intel;
   char msg[256];
   int ret = kiln_intel_device_open(path, &intel, msg, sizeof(msg));
   if (ret)
      return fail(err, err_size, ret, "KILN_DEVICE=%s: %s", path, msg);
   return take_intel(dev, intel, path, err, err_size);
}
#endif

/* The kernel driver behind path, as drmGetVersion names it. */
static int
node_driver(const char *path, char *driver, size_t driver_size, char *err, size_t err_size)
{
   int fd = open(path, O_RDWR | O_CLOEXEC);
   if (fd < 0)
      return fail(err, err_size, -errno, "KILN_DEVICE=%s: %s", path, strerror(errno));
   drmVersionPtr version = drmGetVersion(fd);
   if (version && version->name)
      snprintf(driver, driver_size, "%s", version->name);
   drmFreeVersion(version);
   close(fd);
   if (!version)
      return fail(err, err_size, -ENODEV,
                  "KILN_DEVICE=%s: not a DRM device (it answers no DRM_IOCTL_VERSION); "
                  "KILN_DEVICE is sim or a /dev/dri/renderD* node",
                  path);
   return 0;
}

static int
open_named(struct kiln_device *dev, const char *which, bool allow_intel, char *err, size_t err_size)
{
   if (!strcmp(which, "sim"))
      return open_amdgpu(dev, which, err, err_size);

   char driver[32] = "?";
   int ret = node_driver(which, driver, sizeof(driver), err, err_size);
   if (ret)
      return ret;
   if (!strcmp(driver, "amdgpu"))
      return open_amdgpu(dev, which, err, err_size);
#ifdef KILN_HAVE_INTEL
   if (allow_intel && is_intel_driver(driver))
      return open_intel(dev, which, err, err_size);
   const bool intel = allow_intel;
#else
   const bool intel = false;
   (void)allow_intel;
#endif
   return fail(err, err_size, -ENODEV,
               "KILN_DEVICE=%s: a render node of the %s kernel driver, which kiln%s "
               "cannot drive (it drives amdgpu%s)",
               which, driver, allow_intel ? "" : " profile", intel ? ", i915 and xe" : "");
}

int
kiln_device_open(struct kiln_device *dev, bool allow_intel, char *err, size_t err_size,
                 FILE *why_not)
{
   memset(dev, 0, sizeof(*dev));
   const char *which = requested_node();
   if (which)
      return open_named(dev, which, allow_intel, err, err_size);

   struct kiln_amdgpu_device *amdgpu;
   if (!kiln_amdgpu_device_open_first_node(&amdgpu)) {
      take_amdgpu(dev, amdgpu);
      return 0;
   }
#ifdef KILN_HAVE_INTEL
   if (allow_intel) {
      struct kiln_intel_device *intel;
      char msg[256];
      if (!kiln_intel_device_open(NULL, &intel, msg, sizeof(msg)))
         return take_intel(dev, intel, "", err, err_size);
      if (why_not)
         fprintf(why_not, "kiln run: no Intel device: %s\n", msg);
   }
#endif
   return open_amdgpu(dev, "sim", err, err_size);
}

void
kiln_device_close(struct kiln_device *dev)
{
   kiln_amdgpu_device_close(dev->amdgpu);
#ifdef KILN_HAVE_INTEL
   kiln_intel_device_close(dev->intel);
#endif
   memset(dev, 0, sizeof(*dev));
}

void
kiln_device_print(FILE *out, const struct kiln_device *dev)
{
   if (!strcmp(dev->driver, "sim"))
      fprintf(out, "device: sim (%s in-process, no kernel driver, target %s)\n", dev->description,
              dev->target);
   else
      fprintf(out, "device: %s (%s kernel driver, %s, target %s)\n",
              dev->node[0] ? dev->node : "an Intel render node", dev->driver, dev->description,
              dev->target);
}
