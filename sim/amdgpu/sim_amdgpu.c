/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The emulated amdgpu render node's entry points (kiln_sim_amdgpu.h):
 * open/close, mmap of GEM offsets, the last fault, and the ioctl
 * dispatcher.  The dispatcher does what the kernel's drm_ioctl() does
 * before a handler runs (look the ioctl up by number, copy the argument in
 * zero-extended to the kernel's struct size, copy it back out truncated to
 * the caller's) and turns the handler's negative errno into drmIoctl()'s
 * -1 + errno.  Every ioctl runs under the device lock; the generic DRM
 * ioctls an amdgpu user needs (VERSION, GET_CAP, GEM_CLOSE, SYNCOBJ_*)
 * are answered here too.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>

#include "amd/drm-shim/amdgpu_devices.h"
#include "kiln_debug.h"
#include "sim_amdgpu_priv.h"
#include "util/macros.h"
#include "util/os_time.h"

/* KILN_DEBUG=sim (or all) reports faults and VM changes. */
bool
sim_amdgpu_debug(void)
{
   return kiln_debug_flags() & KILN_DEBUG_SIM;
}

uint64_t
sim_amdgpu_timestamp(void)
{
   const uint64_t ns = os_time_get_nano();
   /* gpu_counter_freq is in kHz (100 MHz on Navi 21). */
   uint64_t khz = sim_amdgpu_navi21()->dev.gpu_counter_freq;
   return ns / 1000000ull * khz + ns % 1000000ull * khz / 1000000ull;
}

/* ---- generic DRM ioctls ---- */

static void
copy_field(char *buf, size_t *len, const char *value)
{
   size_t n = strlen(value);
   if (buf)
      memcpy(buf, value, MIN2(n, *len));
   *len = n;
}

static int
sim_ioctl_version(struct kiln_sim_amdgpu *dev, void *arg)
{
   struct drm_version *v = arg;

   v->version_major = SIM_AMDGPU_VERSION_MAJOR;
   v->version_minor = SIM_AMDGPU_VERSION_MINOR;
   v->version_patchlevel = 0;
   /* The kernel driver's DRIVER_NAME, DRIVER_DATE and DRIVER_DESC. */
   copy_field(v->name, &v->name_len, "amdgpu");
   copy_field(v->date, &v->date_len, "20150101");
   copy_field(v->desc, &v->desc_len, "AMD GPU");
   return 0;
}

static int
sim_ioctl_get_cap(struct kiln_sim_amdgpu *dev, void *arg)
{
   struct drm_get_cap *cap = arg;

   switch (cap->capability) {
   case DRM_CAP_TIMESTAMP_MONOTONIC:
   case DRM_CAP_SYNCOBJ:
   case DRM_CAP_SYNCOBJ_TIMELINE:
      cap->value = 1;
      return 0;
   case DRM_CAP_PRIME:
      cap->value = 0; /* BOs cannot be shared as dma-bufs */
      return 0;
   default:
      return -EINVAL;
   }
}

/* ---- dispatch table ---- */

typedef int (*sim_ioctl_fn)(struct kiln_sim_amdgpu *dev, void *arg);

struct sim_ioctl {
   unsigned long request;
   sim_ioctl_fn fn;
};

#define IOCTL(req, fn)                                                                             \
   {                                                                                               \
      DRM_IOCTL_##req, fn                                                                          \
   }

static const struct sim_ioctl sim_ioctls[] = {
   IOCTL(VERSION, sim_ioctl_version),
   IOCTL(GET_CAP, sim_ioctl_get_cap),
   IOCTL(GEM_CLOSE, sim_ioctl_gem_close),
   IOCTL(SYNCOBJ_CREATE, sim_ioctl_syncobj_create),
   IOCTL(SYNCOBJ_DESTROY, sim_ioctl_syncobj_destroy),
   IOCTL(SYNCOBJ_HANDLE_TO_FD, sim_ioctl_syncobj_handle_to_fd),
   IOCTL(SYNCOBJ_FD_TO_HANDLE, sim_ioctl_syncobj_fd_to_handle),
   IOCTL(SYNCOBJ_WAIT, sim_ioctl_syncobj_wait),
   IOCTL(SYNCOBJ_TIMELINE_WAIT, sim_ioctl_syncobj_timeline_wait),
   IOCTL(SYNCOBJ_RESET, sim_ioctl_syncobj_reset),
   IOCTL(SYNCOBJ_SIGNAL, sim_ioctl_syncobj_signal),
   IOCTL(SYNCOBJ_TIMELINE_SIGNAL, sim_ioctl_syncobj_timeline_signal),
   IOCTL(SYNCOBJ_QUERY, sim_ioctl_syncobj_query),
   IOCTL(SYNCOBJ_TRANSFER, sim_ioctl_syncobj_transfer),
   IOCTL(AMDGPU_GEM_CREATE, sim_ioctl_gem_create),
   IOCTL(AMDGPU_GEM_MMAP, sim_ioctl_gem_mmap),
   IOCTL(AMDGPU_CTX, sim_ioctl_ctx),
   IOCTL(AMDGPU_BO_LIST, sim_ioctl_bo_list),
   IOCTL(AMDGPU_CS, sim_ioctl_cs),
   IOCTL(AMDGPU_INFO, sim_ioctl_info),
   IOCTL(AMDGPU_GEM_METADATA, sim_ioctl_gem_metadata),
   IOCTL(AMDGPU_GEM_WAIT_IDLE, sim_ioctl_gem_wait_idle),
   IOCTL(AMDGPU_GEM_VA, sim_ioctl_gem_va),
   IOCTL(AMDGPU_WAIT_CS, sim_ioctl_wait_cs),
   IOCTL(AMDGPU_GEM_OP, sim_ioctl_gem_op),
   IOCTL(AMDGPU_GEM_USERPTR, sim_ioctl_gem_userptr),
   IOCTL(AMDGPU_WAIT_FENCES, sim_ioctl_wait_fences),
   IOCTL(AMDGPU_VM, sim_ioctl_vm),
   IOCTL(AMDGPU_FENCE_TO_HANDLE, sim_ioctl_fence_to_handle),
   IOCTL(AMDGPU_SCHED, sim_ioctl_sched),
};

int
kiln_sim_amdgpu_ioctl(struct kiln_sim_amdgpu *dev, unsigned long request, void *arg)
{
   const struct sim_ioctl *entry = NULL;
   uint64_t kdata[128]; /* the largest, GEM_METADATA, is 288 bytes */

   if (!dev) {
      errno = EBADF;
      return -1;
   }
   if (_IOC_TYPE(request) != DRM_IOCTL_BASE) {
      errno = ENOTTY;
      return -1;
   }
   for (unsigned i = 0; i < ARRAY_SIZE(sim_ioctls); i++) {
      if (_IOC_NR(sim_ioctls[i].request) == _IOC_NR(request)) {
         entry = &sim_ioctls[i];
         break;
      }
   }
   if (!entry) {
      if (sim_amdgpu_debug())
         fprintf(stderr, "kiln sim: unhandled DRM ioctl 0x%02x (request 0x%08lx)\n",
                 (unsigned)_IOC_NR(request), request);
      errno = EINVAL;
      return -1;
   }

   size_t ksize = _IOC_SIZE(entry->request);
   STATIC_ASSERT(sizeof(struct drm_amdgpu_gem_metadata) <= sizeof(kdata));
   size_t usize = _IOC_SIZE(request);
   size_t in = (request & IOC_IN) ? MIN2(usize, ksize) : 0;
   size_t out = (request & IOC_OUT) ? MIN2(usize, ksize) : 0;
   if ((in || out) && !arg) {
      errno = EFAULT;
      return -1;
   }
   memset(kdata, 0, ksize);
   memcpy(kdata, arg, in);

   pthread_mutex_lock(&dev->lock);
   int r = entry->fn(dev, kdata);
   pthread_mutex_unlock(&dev->lock);

   if (r < 0) {
      errno = -r;
      return -1;
   }
   memcpy(arg, kdata, out);
   return 0;
}

/* ---- device ---- */

static void *
cp_translate(void *data, uint64_t va, uint64_t size, bool write)
{
   return sim_vm_translate(data, va, size, write);
}

static int
cp_dispatch(void *data, const struct kiln_sim_dispatch *dispatch, struct kiln_sim_fault *fault)
{
   struct kiln_sim_amdgpu *dev = data;
   if (dev->profiling)
      return sim_amdgpu_profiled_dispatch(dev, dispatch, fault);
   return kiln_sim_dispatch(dev->vm, dispatch, NULL, fault, NULL);
}

static uint64_t
cp_timestamp(void *data)
{
   return sim_amdgpu_timestamp();
}

struct kiln_sim_amdgpu *
kiln_sim_amdgpu_open(void)
{
   if (!sim_amdgpu_navi21()) {
      errno = ENODEV;
      return NULL;
   }
   struct kiln_sim_amdgpu *dev = calloc(1, sizeof(*dev));
   if (!dev)
      return NULL;
   dev->vm = kiln_sim_vm_create();
   if (!dev->vm) {
      free(dev);
      errno = ENOMEM;
      return NULL;
   }
   pthread_mutex_init(&dev->lock, NULL);
   struct sim_pm4_env env = {
      .data = dev,
      .translate = cp_translate,
      .dispatch = cp_dispatch,
      .timestamp = cp_timestamp,
   };
   sim_pm4_init(&dev->cp, &env);
   return dev;
}

void
kiln_sim_amdgpu_close(struct kiln_sim_amdgpu *dev)
{
   if (!dev)
      return;
   sim_ctx_destroy_all(dev);
   sim_syncobj_destroy_all(dev);
   sim_bo_list_destroy_all(dev);
   sim_bo_destroy_all(dev);
   sim_vm_fini(dev);
   sim_amdgpu_profiles_free(dev);
   kiln_sim_vm_destroy(dev->vm);
   pthread_mutex_destroy(&dev->lock);
   free(dev);
}

void *
kiln_sim_amdgpu_mmap(struct kiln_sim_amdgpu *dev, uint64_t offset, size_t size)
{
   void *ptr = NULL;

   pthread_mutex_lock(&dev->lock);
   for (uint32_t i = 1; i <= dev->bos.count; i++) {
      struct sim_bo *bo = sim_handle_get(&dev->bos, i);
      if (bo && !bo->userptr && SIM_MMAP_OFFSET_BASE + bo->pool_offset == offset) {
         if (size <= bo->size && !(bo->flags & AMDGPU_GEM_CREATE_NO_CPU_ACCESS))
            ptr = bo->host;
         break;
      }
   }
   pthread_mutex_unlock(&dev->lock);
   if (!ptr)
      errno = EINVAL;
   return ptr;
}

int
kiln_sim_amdgpu_last_fault(struct kiln_sim_amdgpu *dev, struct kiln_sim_fault *fault)
{
   pthread_mutex_lock(&dev->lock);
   bool has = dev->has_fault;
   if (has)
      *fault = dev->last_fault;
   pthread_mutex_unlock(&dev->lock);
   return has ? 0 : -ENOENT;
}
