/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * drivers/intel over the xe kernel driver, the calls iris and anv make
 * (src/gallium/drivers/iris/xe/, src/intel/vulkan/xe/): one VM for the
 * device, buffer objects private to it (XE_GEM_CREATE with the VM, mapped
 * through XE_GEM_MMAP_OFFSET) and bound with XE_VM_BIND at the addresses
 * kiln hands out, an exec queue on the render engine (the one the batch's
 * PIPELINE_SELECT and flushes are written for, as on i915), and XE_EXEC of
 * the batch's address signalling the next point of a timeline syncobj,
 * which a wait for that submission waits on.
 *
 * xe has no buffer list at submission: every buffer bound in the VM is
 * resident, so binding at creation is all "making resident" needs.  Binds
 * run asynchronously on the VM's bind queue and signal points of a
 * timeline syncobj (Mesa's intel_bind_timeline); each exec waits for the
 * latest point, so a batch never runs ahead of the binds of its buffers.
 * The VM has no scratch page: an access outside every binding faults,
 * xe bans the exec queue, and the wait reports the hang (EIO) instead of
 * the kernel reading zeros.
 * Placement follows the memory regions intel_device_info read from xe:
 * system memory, cached and coherent, on integrated GPUs; CPU-visible
 * VRAM, write-combined, on discrete ones (the CPU writes the batch and
 * state through the map).
 */
#include "kiln_intel_private.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <xf86drm.h>

#include "common/intel_engine.h"
#include "common/xe/intel_engine.h"
#include "drm-uapi/xe_drm.h"
#include "util/bitscan.h"
#include "util/os_time.h"
#include "util/u_math.h"

static void
xe_finish(struct kiln_intel_device *dev)
{
   if (dev->xe.timeline)
      drmSyncobjDestroy(dev->fd, dev->xe.timeline);
   if (dev->xe.exec_queue) {
      struct drm_xe_exec_queue_destroy destroy = { .exec_queue_id = dev->xe.exec_queue };
      drmIoctl(dev->fd, DRM_IOCTL_XE_EXEC_QUEUE_DESTROY, &destroy);
   }
   /* Waits for the last unbind before the VM goes. */
   intel_bind_timeline_finish(&dev->xe.binds, dev->fd);
   if (dev->xe.vm) {
      struct drm_xe_vm_destroy destroy = { .vm_id = dev->xe.vm };
      drmIoctl(dev->fd, DRM_IOCTL_XE_VM_DESTROY, &destroy);
   }
}

/* The exec queue, on the first render engine xe reports. */
static int
create_exec_queue(struct kiln_intel_device *dev)
{
   struct intel_query_engine_info *engines = intel_engine_get_info(dev->fd, INTEL_KMD_TYPE_XE);
   if (!engines)
      return kiln_intel_error(dev, errno ? -errno : -EIO, "DRM_XE_DEVICE_QUERY_ENGINES: %s",
                              strerror(errno));
   const struct intel_engine_class_instance *render = NULL;
   for (uint32_t i = 0; i < engines->num_engines && !render; i++) {
      if (engines->engines[i].engine_class == INTEL_ENGINE_CLASS_RENDER)
         render = &engines->engines[i];
   }
   if (!render) {
      free(engines);
      return kiln_intel_error(dev, -ENODEV, "xe reports no render engine");
   }
   struct drm_xe_engine_class_instance instance = {
      .engine_class = intel_engine_class_to_xe(render->engine_class),
      .engine_instance = render->engine_instance,
      .gt_id = render->gt_id,
   };
   free(engines);

   struct drm_xe_exec_queue_create create = {
      .width = 1,
      .num_placements = 1,
      .vm_id = dev->xe.vm,
      .instances = (uintptr_t)&instance,
   };
   if (drmIoctl(dev->fd, DRM_IOCTL_XE_EXEC_QUEUE_CREATE, &create))
      return kiln_intel_error(dev, -errno, "DRM_IOCTL_XE_EXEC_QUEUE_CREATE: %s", strerror(errno));
   dev->xe.exec_queue = create.exec_queue_id;
   return 0;
}

/* Where buffers live and how the CPU and GPU cache them, as iris chooses
 * for its system-memory and device-local heaps. */
static void
choose_placement(struct kiln_intel_device *dev)
{
   const struct intel_device_info *info = &dev->info;
   const bool vram = info->has_local_mem;
   const struct intel_device_info_pat_entry *pat =
      vram ? &info->pat.writecombining : &info->pat.cached_coherent;

   dev->xe.placement =
      BITFIELD_BIT(vram ? info->mem.vram.mem.instance : info->mem.sram.mem.instance);
   dev->xe.create_flags = vram ? DRM_XE_GEM_CREATE_FLAG_NEEDS_VISIBLE_VRAM : 0;
   dev->xe.cpu_caching = pat->mmap == INTEL_DEVICE_INFO_MMAP_MODE_WB ? DRM_XE_GEM_CPU_CACHING_WB
                                                                     : DRM_XE_GEM_CPU_CACHING_WC;
   dev->xe.pat_index = pat->index;
   dev->xe.alignment = MAX2(info->mem_alignment, 4096);
}

static int
xe_init(struct kiln_intel_device *dev)
{
   struct drm_xe_vm_create vm = { 0 };
   if (drmIoctl(dev->fd, DRM_IOCTL_XE_VM_CREATE, &vm))
      return kiln_intel_error(dev, -errno, "DRM_IOCTL_XE_VM_CREATE: %s", strerror(errno));
   dev->xe.vm = vm.vm_id;

   int ret = 0;
   if (!intel_bind_timeline_init(&dev->xe.binds, dev->fd))
      ret = kiln_intel_error(dev, -errno, "creating the bind timeline: %s", strerror(errno));
   else if (drmSyncobjCreate(dev->fd, 0, &dev->xe.timeline))
      ret = kiln_intel_error(dev, -errno, "creating the exec timeline: %s", strerror(errno));
   else
      ret = create_exec_queue(dev);
   if (ret) {
      xe_finish(dev);
      return ret;
   }
   choose_placement(dev);
   return 0;
}

/* One bind operation on kiln's VM, signalling the next bind point. */
static int
vm_bind(struct kiln_intel_device *dev, const struct kiln_intel_bo *bo, uint32_t op)
{
   struct drm_xe_sync sync = {
      .type = DRM_XE_SYNC_TYPE_TIMELINE_SYNCOBJ,
      .flags = DRM_XE_SYNC_FLAG_SIGNAL,
      .handle = intel_bind_timeline_get_syncobj(&dev->xe.binds),
   };
   struct drm_xe_vm_bind bind = {
      .vm_id = dev->xe.vm,
      .num_binds = 1,
      .bind = {
         .obj = op == DRM_XE_VM_BIND_OP_MAP ? bo->handle : 0,
         .pat_index = dev->xe.pat_index,
         .range = bo->size,
         .addr = bo->address,
         .op = op,
      },
      .num_syncs = 1,
      .syncs = (uintptr_t)&sync,
   };
   sync.timeline_value = intel_bind_timeline_bind_begin(&dev->xe.binds);
   int ret = drmIoctl(dev->fd, DRM_IOCTL_XE_VM_BIND, &bind) ? -errno : 0;
   /* A refused bind signals nothing: signal its point here, or an exec
    * before the next bind would wait on a point never submitted. */
   if (ret) {
      uint32_t handle = sync.handle;
      uint64_t point = sync.timeline_value;
      drmSyncobjTimelineSignal(dev->fd, &handle, &point, 1);
   }
   intel_bind_timeline_bind_end(&dev->xe.binds);
   return ret;
}

static void
xe_bo_destroy(struct kiln_intel_device *dev, struct kiln_intel_bo *bo)
{
   /* A buffer is mapped once it is bound (xe_bo_create). */
   if (bo->map) {
      munmap(bo->map, bo->size);
      vm_bind(dev, bo, DRM_XE_VM_BIND_OP_UNMAP);
   }
   struct drm_gem_close close_bo = { .handle = bo->handle };
   if (bo->handle)
      drmIoctl(dev->fd, DRM_IOCTL_GEM_CLOSE, &close_bo);
}

static int
xe_bo_create(struct kiln_intel_device *dev, struct kiln_intel_bo *bo)
{
   bo->size = align64(bo->size, dev->xe.alignment);
   struct drm_xe_gem_create create = {
      .size = bo->size,
      .placement = dev->xe.placement,
      .flags = dev->xe.create_flags,
      .vm_id = dev->xe.vm,
      .cpu_caching = dev->xe.cpu_caching,
   };
   if (drmIoctl(dev->fd, DRM_IOCTL_XE_GEM_CREATE, &create))
      return -errno;
   bo->handle = create.handle;

   struct drm_xe_gem_mmap_offset mmap_offset = { .handle = bo->handle };
   void *map = MAP_FAILED;
   if (!drmIoctl(dev->fd, DRM_IOCTL_XE_GEM_MMAP_OFFSET, &mmap_offset))
      map = mmap(NULL, bo->size, PROT_READ | PROT_WRITE, MAP_SHARED, dev->fd, mmap_offset.offset);
   int ret = map == MAP_FAILED ? -errno : vm_bind(dev, bo, DRM_XE_VM_BIND_OP_MAP);
   if (ret) {
      if (map != MAP_FAILED)
         munmap(map, bo->size);
      xe_bo_destroy(dev, bo);
      return ret;
   }
   bo->map = map;
   return 0;
}

static int
xe_submit(struct kiln_intel_device *dev, struct kiln_intel_bo **bos, unsigned num_bos,
          struct kiln_intel_submission *s)
{
   struct drm_xe_sync syncs[] = {
      {
         .type = DRM_XE_SYNC_TYPE_TIMELINE_SYNCOBJ,
         .handle = intel_bind_timeline_get_syncobj(&dev->xe.binds),
         .timeline_value = intel_bind_timeline_get_last_point(&dev->xe.binds),
      },
      {
         .type = DRM_XE_SYNC_TYPE_TIMELINE_SYNCOBJ,
         .flags = DRM_XE_SYNC_FLAG_SIGNAL,
         .handle = dev->xe.timeline,
         .timeline_value = dev->xe.seqno + 1,
      },
   };
   struct drm_xe_exec exec = {
      .exec_queue_id = dev->xe.exec_queue,
      .num_syncs = ARRAY_SIZE(syncs),
      .syncs = (uintptr_t)syncs,
      .address = s->batch->address,
      .num_batch_buffer = 1,
   };
   if (drmIoctl(dev->fd, DRM_IOCTL_XE_EXEC, &exec))
      return kiln_intel_error(dev, -errno, "DRM_IOCTL_XE_EXEC of the batch at 0x%llx: %s",
                              (unsigned long long)s->batch->address, strerror(errno));
   s->seqno = ++dev->xe.seqno;
   return 0;
}

static int
xe_wait(struct kiln_intel_device *dev, const struct kiln_intel_submission *s, int64_t timeout_ns)
{
   /* The syncobj wait takes a CLOCK_MONOTONIC deadline; INT64_MAX is
    * forever. */
   const int64_t now = os_time_get_nano();
   timeout_ns = MAX2(timeout_ns, 0);
   const int64_t deadline = timeout_ns > INT64_MAX - now ? INT64_MAX : now + timeout_ns;
   uint64_t point = s->seqno;
   if (drmSyncobjTimelineWait(dev->fd, &dev->xe.timeline, &point, 1, deadline, 0, NULL))
      return kiln_intel_error(dev, -errno, "DRM_IOCTL_SYNCOBJ_TIMELINE_WAIT: %s", strerror(errno));
   return 0;
}

static int
xe_reset_status(struct kiln_intel_device *dev)
{
   struct drm_xe_exec_queue_get_property ban = {
      .exec_queue_id = dev->xe.exec_queue,
      .property = DRM_XE_EXEC_QUEUE_GET_PROPERTY_BAN,
   };
   if (!drmIoctl(dev->fd, DRM_IOCTL_XE_EXEC_QUEUE_GET_PROPERTY, &ban) && ban.value)
      return kiln_intel_error(dev, -EIO,
                              "GPU hang: xe banned the exec queue while the dispatch ran");
   return 0;
}

const struct kiln_intel_kmd kiln_intel_xe = {
   .name = "xe",
   .init = xe_init,
   .finish = xe_finish,
   .bo_create = xe_bo_create,
   .bo_destroy = xe_bo_destroy,
   .submit = xe_submit,
   .wait = xe_wait,
   .reset_status = xe_reset_status,
};
