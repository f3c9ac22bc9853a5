/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Opening a device: an amdgpu render node found with libdrm, or the
 * emulated gfx1030 in-process.  The two differ only in the ioctl and mmap
 * functions installed here; from the first AMDGPU_INFO query on, the rest
 * of the layer runs the same code for both.  Also the device's error
 * message, debug output (KILN_DEBUG=driver) and GPU contexts.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <xf86drm.h>

#include "amdgpu_drm.h"
#include "kiln_debug.h"
#include "kiln_amdgpu_private.h"

#ifdef KILN_HAVE_SIM_AMDGPU
#include "kiln_sim_amdgpu.h"
#endif

int
kiln_amdgpu_error(struct kiln_amdgpu_device *dev, int err, const char *fmt, ...)
{
   va_list ap;

   va_start(ap, fmt);
   vsnprintf(dev->error, sizeof(dev->error), fmt, ap);
   va_end(ap);
   if (dev->debug)
      fprintf(stderr, "kiln amdgpu: %s\n", dev->error);
   return err;
}

void
kiln_amdgpu_debug(struct kiln_amdgpu_device *dev, const char *fmt, ...)
{
   va_list ap;

   if (!dev->debug)
      return;
   va_start(ap, fmt);
   kiln_debug_vprintf("amdgpu", fmt, ap);
   va_end(ap);
}

const char *
kiln_amdgpu_device_error(const struct kiln_amdgpu_device *dev)
{
   return dev->error;
}

const struct kiln_amdgpu_device_info *
kiln_amdgpu_device_get_info(const struct kiln_amdgpu_device *dev)
{
   return &dev->info;
}

void
kiln_amdgpu_device_get_stats(const struct kiln_amdgpu_device *dev,
                             struct kiln_amdgpu_device_stats *stats)
{
   *stats = dev->stats;
}

int
kiln_amdgpu_ioctl(struct kiln_amdgpu_device *dev, unsigned long request, void *arg)
{
   return dev->ioctl(dev, request, arg);
}

/* --- the two device kinds --------------------------------------------- */

static int
drm_node_ioctl(struct kiln_amdgpu_device *dev, unsigned long request, void *arg)
{
   return drmIoctl(dev->fd, request, arg) ? -errno : 0;
}

static void *
drm_node_mmap(struct kiln_amdgpu_device *dev, uint64_t offset, size_t size)
{
   void *ptr = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, dev->fd, (off_t)offset);
   return ptr == MAP_FAILED ? NULL : ptr;
}

static void
drm_node_munmap(struct kiln_amdgpu_device *dev, void *ptr, size_t size)
{
   munmap(ptr, size);
}

#ifdef KILN_HAVE_SIM_AMDGPU
static int
sim_ioctl(struct kiln_amdgpu_device *dev, unsigned long request, void *arg)
{
   return kiln_sim_amdgpu_ioctl(dev->sim, request, arg) ? -errno : 0;
}

static void *
sim_mmap(struct kiln_amdgpu_device *dev, uint64_t offset, size_t size)
{
   return kiln_sim_amdgpu_mmap(dev->sim, offset, size);
}

static void
sim_munmap(struct kiln_amdgpu_device *dev, void *ptr, size_t size)
{
   /* The emulator's mapping lives as long as the BO. */
}
#endif

/* --- identification ----------------------------------------------------- */

/* The GFX levels kiln compiles for, by amdgpu family (and for Navi, the
 * external revision that separates RDNA1 from RDNA2). */
static enum amd_gfx_level
gfx_level_of(uint32_t family, uint32_t external_rev)
{
   switch (family) {
   case AMDGPU_FAMILY_AI:
   case AMDGPU_FAMILY_RV:
      return GFX9;
   case AMDGPU_FAMILY_NV:
      return external_rev >= 0x28 ? GFX10_3 : GFX10;
   case AMDGPU_FAMILY_VGH:
   case AMDGPU_FAMILY_YC:
   case AMDGPU_FAMILY_GC_10_3_6:
   case AMDGPU_FAMILY_GC_10_3_7:
      return GFX10_3;
   case AMDGPU_FAMILY_GC_11_0_0:
   case AMDGPU_FAMILY_GC_11_0_1:
      return GFX11;
   default:
      return CLASS_UNKNOWN;
   }
}

static const struct {
   enum amd_gfx_level level;
   const char *target;
   unsigned major, minor;
} supported_levels[] = {
   { GFX9, "gfx900", 9, 0 },
   { GFX10_3, "gfx1030", 10, 3 },
   { GFX11, "gfx1100", 11, 0 },
};

static int
query_info(struct kiln_amdgpu_device *dev, uint32_t query, void *out, uint32_t size)
{
   struct drm_amdgpu_info request = {
      .return_pointer = (uintptr_t)out,
      .return_size = size,
      .query = query,
   };
   return kiln_amdgpu_ioctl(dev, DRM_IOCTL_AMDGPU_INFO, &request);
}

/* Fills dev->info from AMDGPU_INFO; -ENODEV if kiln cannot drive it. */
static int
identify(struct kiln_amdgpu_device *dev)
{
   struct drm_amdgpu_info_device di = { 0 };
   struct drm_amdgpu_memory_info mem = { 0 };
   int ret;

   ret = query_info(dev, AMDGPU_INFO_DEV_INFO, &di, sizeof(di));
   if (ret)
      return kiln_amdgpu_error(dev, ret, "%s: AMDGPU_INFO_DEV_INFO failed: %s", dev->info.name,
                               strerror(-ret));

   dev->gfx_level = gfx_level_of(di.family, di.external_rev);
   const char *target = NULL;
   for (unsigned i = 0; i < sizeof(supported_levels) / sizeof(supported_levels[0]); i++) {
      if (supported_levels[i].level == dev->gfx_level) {
         target = supported_levels[i].target;
         dev->info.gfx_major = supported_levels[i].major;
         dev->info.gfx_minor = supported_levels[i].minor;
      }
   }
   if (!target)
      return kiln_amdgpu_error(dev, -ENODEV,
                               "%s: amdgpu family %u (external rev 0x%x) is not "
                               "a GFX level kiln compiles for (gfx9, gfx10.3, gfx11)",
                               dev->info.name, di.family, di.external_rev);

   dev->info.target = target;
   dev->info.family = di.family;
   dev->info.external_rev = di.external_rev;
   dev->info.num_se = di.num_shader_engines ? di.num_shader_engines : 1;
   dev->info.num_cu = di.cu_active_number ? di.cu_active_number : 1;
   dev->info.wave_size = dev->gfx_level >= GFX10 ? 32 : 64;

   ret = query_info(dev, AMDGPU_INFO_MEMORY, &mem, sizeof(mem));
   if (ret)
      return kiln_amdgpu_error(dev, ret, "%s: AMDGPU_INFO_MEMORY failed: %s", dev->info.name,
                               strerror(-ret));
   dev->info.vram_size = mem.vram.total_heap_size;
   dev->info.visible_vram_size = mem.cpu_accessible_vram.total_heap_size;
   dev->info.gtt_size = mem.gtt.total_heap_size;

   /* Host-visible buffers go to CPU-visible VRAM where the device has it
    * (like radeonsi's default for buffers the host writes), else GTT. */
   if (dev->info.visible_vram_size) {
      dev->host_domain = AMDGPU_GEM_DOMAIN_VRAM;
      dev->host_flags = AMDGPU_GEM_CREATE_CPU_ACCESS_REQUIRED;
   } else {
      dev->host_domain = AMDGPU_GEM_DOMAIN_GTT;
      dev->host_flags = 0;
   }

   /* Hand out VAs from the low range, above the first 1 MiB (address 0 must
    * stay unmapped so NULL dereferences fault); libdrm's VA manager takes
    * them above 4 GiB first. */
   uint32_t align = di.virtual_address_alignment ? di.virtual_address_alignment : 4096;
   uint64_t start = di.virtual_address_offset;
   uint64_t end = di.virtual_address_max;
   if (start < (1ull << 20))
      start = 1ull << 20;
   if (!end || end <= start)
      return kiln_amdgpu_error(dev, -ENODEV, "%s: empty GPU VA range [0x%llx, 0x%llx)",
                               dev->info.name, (unsigned long long)start, (unsigned long long)end);
   dev->info.va_start = start;
   dev->info.va_end = end;
   ret = kiln_amdgpu_va_init(dev, start, end, align);
   if (ret == -EINVAL)
      return kiln_amdgpu_error(dev, -ENODEV,
                               "%s: GPU VA range [0x%llx, 0x%llx) does not "
                               "reach across 4 GiB",
                               dev->info.name, (unsigned long long)start, (unsigned long long)end);
   if (ret)
      return kiln_amdgpu_error(dev, ret, "out of memory");
   return 0;
}

/* --- contexts ------------------------------------------------------------ */

int
kiln_amdgpu_ctx_create(struct kiln_amdgpu_device *dev, uint32_t *ctx_id)
{
   union drm_amdgpu_ctx args = { 0 };
   int ret;

   args.in.op = AMDGPU_CTX_OP_ALLOC_CTX;
   args.in.priority = AMDGPU_CTX_PRIORITY_NORMAL;
   ret = kiln_amdgpu_ioctl(dev, DRM_IOCTL_AMDGPU_CTX, &args);
   if (ret)
      return kiln_amdgpu_error(dev, ret, "%s: AMDGPU_CTX_OP_ALLOC_CTX failed: %s", dev->info.name,
                               strerror(-ret));
   *ctx_id = args.out.alloc.ctx_id;
   return 0;
}

void
kiln_amdgpu_ctx_destroy(struct kiln_amdgpu_device *dev, uint32_t ctx_id)
{
   union drm_amdgpu_ctx args = { 0 };

   args.in.op = AMDGPU_CTX_OP_FREE_CTX;
   args.in.ctx_id = ctx_id;
   kiln_amdgpu_ioctl(dev, DRM_IOCTL_AMDGPU_CTX, &args);
}

/* --- open / close --------------------------------------------------------- */

static int
open_sim(struct kiln_amdgpu_device *dev)
{
   snprintf(dev->info.name, sizeof(dev->info.name), "sim");
   dev->info.kind = KILN_AMDGPU_DEVICE_SIM;
#ifdef KILN_HAVE_SIM_AMDGPU
   dev->sim = kiln_sim_amdgpu_open();
   if (!dev->sim)
      return kiln_amdgpu_error(dev, -ENODEV, "sim: could not create the emulated gfx1030");
   dev->ioctl = sim_ioctl;
   dev->mmap = sim_mmap;
   dev->munmap = sim_munmap;
   return 0;
#else
   return kiln_amdgpu_error(dev, -ENODEV, "sim: this build of kiln has no emulated device");
#endif
}

static int
open_node(struct kiln_amdgpu_device *dev, const char *path)
{
   snprintf(dev->info.name, sizeof(dev->info.name), "%s", path);
   dev->info.kind = KILN_AMDGPU_DEVICE_RENDER_NODE;
   dev->fd = open(path, O_RDWR | O_CLOEXEC);
   if (dev->fd < 0)
      return kiln_amdgpu_error(dev, -errno, "%s: %s", path, strerror(errno));

   drmVersionPtr version = drmGetVersion(dev->fd);
   bool amdgpu = version && version->name && !strcmp(version->name, "amdgpu");
   char driver[32];
   snprintf(driver, sizeof(driver), "%s", version && version->name ? version->name : "?");
   drmFreeVersion(version);
   if (!amdgpu)
      return kiln_amdgpu_error(dev, -ENODEV, "%s: driver is %s, not amdgpu", path, driver);

   dev->ioctl = drm_node_ioctl;
   dev->mmap = drm_node_mmap;
   dev->munmap = drm_node_munmap;
   return 0;
}

static void
teardown(struct kiln_amdgpu_device *dev)
{
   if (dev->ctx_id)
      kiln_amdgpu_ctx_destroy(dev, dev->ctx_id);
   dev->ctx_id = 0;
   if (dev->scratch_bo)
      kiln_amdgpu_bo_destroy(dev, dev->scratch_bo);
   dev->scratch_bo = NULL;
   if (dev->cmd_bo)
      kiln_amdgpu_bo_destroy(dev, dev->cmd_bo);
   dev->cmd_bo = NULL;
   kiln_amdgpu_va_finish(dev);
#ifdef KILN_HAVE_SIM_AMDGPU
   if (dev->sim)
      kiln_sim_amdgpu_close(dev->sim);
#endif
   dev->sim = NULL;
   if (dev->fd >= 0)
      close(dev->fd);
   dev->fd = -1;
}

/* Opens one device by spec ("sim" or a path) and brings it up. */
static int
open_one(const char *spec, struct kiln_amdgpu_device **out, char *msg, size_t msg_size)
{
   struct kiln_amdgpu_device *dev = calloc(1, sizeof(*dev));
   int ret;

   if (!dev) {
      if (msg)
         snprintf(msg, msg_size, "out of memory");
      return -ENOMEM;
   }
   dev->fd = -1;
   dev->debug = kiln_debug_flags() & KILN_DEBUG_DRIVER;

   ret = !strcmp(spec, "sim") ? open_sim(dev) : open_node(dev, spec);
   if (!ret)
      ret = identify(dev);
   if (!ret)
      ret = kiln_amdgpu_ctx_create(dev, &dev->ctx_id);
   if (!ret) {
      ret = kiln_amdgpu_bo_create(dev, KILN_AMDGPU_CMD_BO_SIZE, KILN_AMDGPU_BO_HOST_VISIBLE,
                                  &dev->cmd_bo);
   }
   if (ret) {
      if (msg)
         snprintf(msg, msg_size, "%s", dev->error);
      teardown(dev);
      free(dev);
      return ret;
   }
   kiln_amdgpu_debug(dev, "opened %s: %s, %u SE, %u CU, VA [0x%llx, 0x%llx)", dev->info.name,
                     dev->info.target, dev->info.num_se, dev->info.num_cu,
                     (unsigned long long)dev->info.va_start, (unsigned long long)dev->info.va_end);
   *out = dev;
   return 0;
}

/* The first amdgpu render node that kiln can drive, if any. */
int
kiln_amdgpu_device_open_first_node(struct kiln_amdgpu_device **out)
{
   drmDevicePtr devices[16];
   int n = drmGetDevices2(0, devices, 16);
   int ret = -ENODEV;

   for (int i = 0; i < n && ret; i++) {
      if (!(devices[i]->available_nodes & (1 << DRM_NODE_RENDER)) ||
          devices[i]->bustype != DRM_BUS_PCI)
         continue;
      ret = open_one(devices[i]->nodes[DRM_NODE_RENDER], out, NULL, 0);
   }
   if (n > 0)
      drmFreeDevices(devices, n);
   return ret;
}

int
kiln_amdgpu_device_open(const char *which, struct kiln_amdgpu_device **dev, char *msg,
                        size_t msg_size)
{
   if (which && *which)
      return open_one(which, dev, msg, msg_size);
   if (!kiln_amdgpu_device_open_first_node(dev))
      return 0;
   return open_one("sim", dev, msg, msg_size);
}

void
kiln_amdgpu_device_close(struct kiln_amdgpu_device *dev)
{
   if (!dev)
      return;
   teardown(dev);
   free(dev);
}
