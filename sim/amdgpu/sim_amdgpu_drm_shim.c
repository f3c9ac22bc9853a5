/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * libkiln_sim_drm_shim.so: the emulated gfx1030 as a render node for
 * unmodified programs, on Mesa's drm-shim (src/drm-shim/).  LD_PRELOAD it
 * and /dev/dri/renderD128 opens as an amdgpu device (a Navi 21) whose
 * ioctls and mmaps are answered by the same code as the in-process
 * interface (kiln_sim_amdgpu.h).
 *
 * drm-shim keeps one struct shim_fd per opened file (shared by dup'ed
 * fds); each gets its own struct kiln_sim_amdgpu.  The device hangs off
 * the shim_fd as an entry in its GEM handle table, which this driver does
 * not otherwise use, so drm-shim's own teardown of that table on the last
 * close() reaches driver_bo_free() and closes the device.  All ioctls,
 * the generic DRM ones included, are routed to kiln_sim_amdgpu_ioctl(),
 * and GEM mmap offsets live in an iomem region drm-shim hands to us.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>

#include "drm-shim/drm_shim.h"
#include "sim_amdgpu_priv.h"
#include "amd/drm-shim/amdgpu_devices.h"

/* drm-shim's table of core (non-driver) ioctl handlers, in device.c. */
extern ioctl_fn_t core_ioctls[];

bool drm_shim_driver_prefers_first_render_node = true;

/* A handle drm-shim never allocates, since this driver never asks it to. */
#define SHIM_FILE_KEY ((void *)(uintptr_t)0xffffffffu)

struct shim_file {
   struct shim_bo anchor; /* first: drm-shim free()s it */
   struct kiln_sim_amdgpu *dev;
};

static struct kiln_sim_amdgpu *
shim_file_device(int fd)
{
   struct shim_fd *shim_fd = drm_shim_fd_lookup(fd);
   struct shim_file *file = NULL;

   if (!shim_fd)
      return NULL;

   mtx_lock(&shim_fd->handle_lock);
   struct hash_entry *entry = _mesa_hash_table_search(shim_fd->handles, SHIM_FILE_KEY);
   if (entry) {
      file = entry->data;
   } else {
      file = calloc(1, sizeof(*file));
      if (file && drm_shim_bo_init(&file->anchor, 4096) == 0) {
         file->dev = kiln_sim_amdgpu_open();
         _mesa_hash_table_insert(shim_fd->handles, SHIM_FILE_KEY, file);
      } else {
         free(file);
         file = NULL;
      }
   }
   mtx_unlock(&shim_fd->handle_lock);
   return file ? file->dev : NULL;
}

/* Called by drm_shim_bo_put() when the fd's handle table is destroyed;
 * the anchors are the only shim_bos this driver creates. */
static void
shim_file_free(struct shim_bo *bo)
{
   struct shim_file *file = (struct shim_file *)bo;
   kiln_sim_amdgpu_close(file->dev);
   file->dev = NULL;
}

static int
shim_ioctl(int fd, unsigned long request, void *arg)
{
   struct kiln_sim_amdgpu *dev = shim_file_device(fd);
   if (!dev) {
      errno = EBADF;
      return -1;
   }
   return kiln_sim_amdgpu_ioctl(dev, request, arg);
}

static void *
shim_mmap(size_t length, int prot, int flags, off64_t offset)
{
   return sim_mem_map(offset, length, prot, flags);
}

static ioctl_fn_t shim_driver_ioctls[DRM_COMMAND_END - DRM_COMMAND_BASE];

void
drm_shim_driver_init(void)
{
   const struct amdgpu_device *d = sim_amdgpu_navi21();
   static const unsigned long core[] = {
      DRM_IOCTL_VERSION,
      DRM_IOCTL_GET_CAP,
      DRM_IOCTL_GEM_CLOSE,
      DRM_IOCTL_SYNCOBJ_CREATE,
      DRM_IOCTL_SYNCOBJ_DESTROY,
      DRM_IOCTL_SYNCOBJ_HANDLE_TO_FD,
      DRM_IOCTL_SYNCOBJ_FD_TO_HANDLE,
      DRM_IOCTL_SYNCOBJ_WAIT,
      DRM_IOCTL_SYNCOBJ_RESET,
      DRM_IOCTL_SYNCOBJ_SIGNAL,
      DRM_IOCTL_SYNCOBJ_TIMELINE_WAIT,
      DRM_IOCTL_SYNCOBJ_QUERY,
      DRM_IOCTL_SYNCOBJ_TRANSFER,
      DRM_IOCTL_SYNCOBJ_TIMELINE_SIGNAL,
   };

   for (unsigned i = 0; i < ARRAY_SIZE(shim_driver_ioctls); i++)
      shim_driver_ioctls[i] = shim_ioctl;
   for (unsigned i = 0; i < ARRAY_SIZE(core); i++)
      core_ioctls[_IOC_NR(core[i])] = shim_ioctl;
   /* drm-shim returns a bare -EINVAL for ioctls nobody handles; the
    * kernel sets errno.  Route the empty slots of its table (which runs
    * to the last syncobj ioctl) to the emulator, which answers EINVAL
    * properly. */
   for (unsigned nr = 0; nr <= _IOC_NR(DRM_IOCTL_SYNCOBJ_TIMELINE_SIGNAL); nr++) {
      if (nr == DRM_COMMAND_BASE)
         nr = DRM_COMMAND_END;
      if (!core_ioctls[nr])
         core_ioctls[nr] = shim_ioctl;
   }

   shim_device.bus_type = DRM_BUS_PCI;
   shim_device.driver_name = "amdgpu";
   shim_device.driver_ioctls = shim_driver_ioctls;
   shim_device.driver_ioctl_count = ARRAY_SIZE(shim_driver_ioctls);
   shim_device.driver_bo_free = shim_file_free;
   shim_device.version_major = SIM_AMDGPU_VERSION_MAJOR;
   shim_device.version_minor = SIM_AMDGPU_VERSION_MINOR;
   shim_device.version_patchlevel = 0;

   drm_shim_init_iomem_region(SIM_MMAP_OFFSET_BASE, SIM_MEM_POOL_SIZE, shim_mmap);

   /* What libdrm's drmGetDevice2() reads from sysfs for a PCI device. */
   char uevent[256];
   snprintf(uevent, sizeof(uevent),
            "DRIVER=amdgpu\n"
            "PCI_CLASS=30000\n"
            "PCI_ID=1002:%04X\n"
            "PCI_SUBSYS_ID=1002:0E3A\n"
            "PCI_SLOT_NAME=0000:03:00.0\n"
            "MODALIAS=pci:v00001002d0000%04Xsv00001002sd00000E3Abc03sc00i00\n",
            d->dev.device_id, d->dev.device_id);
   char revision[16], device[16];
   snprintf(revision, sizeof(revision), "0x%02x\n", d->dev.pci_rev);
   snprintf(device, sizeof(device), "0x%04x\n", d->dev.device_id);
   drm_shim_override_file(uevent, "/sys/dev/char/%d:%d/device/uevent", DRM_MAJOR,
                          render_node_minor);
   drm_shim_override_file(revision, "/sys/dev/char/%d:%d/device/revision", DRM_MAJOR,
                          render_node_minor);
   drm_shim_override_file("0x1002\n", "/sys/dev/char/%d:%d/device/vendor", DRM_MAJOR,
                          render_node_minor);
   drm_shim_override_file(device, "/sys/dev/char/%d:%d/device/device", DRM_MAJOR,
                          render_node_minor);
   drm_shim_override_file("0x1002\n", "/sys/dev/char/%d:%d/device/subsystem_vendor", DRM_MAJOR,
                          render_node_minor);
   drm_shim_override_file("0x0e3a\n", "/sys/dev/char/%d:%d/device/subsystem_device", DRM_MAJOR,
                          render_node_minor);
}
