/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * libkiln_intel_xe_noop_drm_shim.so: a noop render node of the xe kernel
 * driver, on Mesa's drm-shim, for testing drivers/intel's xe path where
 * Mesa's own Intel shim (intel_noop_drm_shim) fakes only i915.  LD_PRELOAD
 * it with INTEL_STUB_GPU_PLATFORM naming the GPU (tgl, dg2, ...; default
 * tgl) and /dev/dri/renderD128 opens as "xe".
 *
 * It answers the device queries Mesa's intel_get_device_info_from_fd and
 * intel_engine_get_info make on xe (config, memory regions, GT list,
 * topology and engines, derived from Mesa's description of the PCI id; no
 * GuC hwconfig table), creates buffers drm-shim maps, and keeps what a
 * test needs to check the user: the VM bindings (address -> buffer) and
 * the address of the last executed batch.  It enforces the xe UAPI rules
 * a user can get wrong (CPU caching and placement, alignment, private
 * buffers bound in their own VM, a batch in a bound range) and, stricter
 * than xe, refuses a bind over a live range.  Nothing runs: an exec
 * signals its syncobjs at once.
 *
 * drm-shim's syncobjs are stubs (every wait succeeds); this driver
 * replaces create, destroy, timeline signal and timeline wait in
 * drm-shim's core ioctl table, so a wait for an exec that never signals
 * times out and an ioctl waiting on a timeline point nothing submitted is
 * refused, as xe does.
 * A test reaches the bindings and injects faults through the exported
 * kiln_xe_shim_* functions (intel_xe_noop_drm_shim.h, found with dlsym:
 * the shim is preloaded, not linked); a program that knows nothing of the
 * shim (a tool under test) gets a fault from the start with
 * KILN_XE_SHIM_FAULT=fail-binds|hang|ban.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dev/intel_device_info.h"
#include "drm-shim/drm_shim.h"
#include "drm-uapi/xe_drm.h"
#include "intel_xe_noop_drm_shim.h"
#include "util/macros.h"
#include "util/simple_mtx.h"
#include "util/u_dynarray.h"
#include "util/u_math.h"

/* drm-shim's table of core (non-driver) ioctl handlers, in device.c. */
extern ioctl_fn_t core_ioctls[];

bool drm_shim_driver_prefers_first_render_node = true;

#define SYSMEM_INSTANCE 0
#define VRAM_INSTANCE   1
#define MAX_QUEUES      64
#define MAX_SYNCOBJS    256

struct xe_bo {
   struct shim_bo base; /* first: drm-shim frees it */
   uint32_t vm;         /* private to this VM, or 0 */
   bool vram;
};

struct binding {
   uint32_t vm;
   uint64_t address, range;
   struct xe_bo *bo;
};

static struct {
   simple_mtx_t lock;
   struct intel_device_info info;
   uint32_t device_id;
   uint32_t vms; /* VM ids handed out: 1..vms */
   struct {
      uint32_t vm; /* 0 when free */
      bool banned;
   } queues[MAX_QUEUES];
   /* Syncobjs, all used as timelines: the last point submitted, and the
    * last signalled (behind it after an exec that hangs). */
   bool syncobjs[MAX_SYNCOBJS];
   uint64_t points[MAX_SYNCOBJS];
   uint64_t signalled[MAX_SYNCOBJS];
   struct util_dynarray bindings; /* struct binding */
   uint64_t last_exec;
   enum kiln_xe_shim_fault fault;
} xe = { .lock = SIMPLE_MTX_INITIALIZER };

static int
fail(int error, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   fputs("intel_xe_noop_drm_shim: ", stderr);
   vfprintf(stderr, fmt, ap);
   fputc('\n', stderr);
   va_end(ap);
   errno = error;
   return -1;
}

/* The two-call protocol of DRM_XE_DEVICE_QUERY: size 0 asks the size. */
static int
reply(struct drm_xe_device_query *query, const void *data, uint32_t size)
{
   if (query->size == 0) {
      query->size = size;
      return 0;
   }
   if (query->size < size)
      return fail(EINVAL, "query %u: %u bytes for %u", query->query, query->size, size);
   memcpy((void *)(uintptr_t)query->data, data, size);
   query->size = size;
   return 0;
}

static int
query_config(struct drm_xe_device_query *query)
{
   uint64_t data[2 + 5] = { 5 }; /* num_params, pad, info[] */
   uint64_t *info = &data[1];
   info[DRM_XE_QUERY_CONFIG_REV_AND_DEVICE_ID] = xe.device_id;
   info[DRM_XE_QUERY_CONFIG_FLAGS] = xe.info.has_local_mem ? DRM_XE_QUERY_CONFIG_FLAG_HAS_VRAM : 0;
   info[DRM_XE_QUERY_CONFIG_MIN_ALIGNMENT] = xe.info.has_local_mem ? 64 << 10 : 4096;
   info[DRM_XE_QUERY_CONFIG_VA_BITS] = 48;
   info[DRM_XE_QUERY_CONFIG_MAX_EXEC_QUEUE_PRIORITY] = 2;
   STATIC_ASSERT(sizeof(struct drm_xe_query_config) == 8);
   return reply(query, data, sizeof(struct drm_xe_query_config) + 5 * sizeof(uint64_t));
}

static int
query_mem_regions(struct drm_xe_device_query *query)
{
   struct {
      struct drm_xe_query_mem_regions head;
      struct drm_xe_mem_region regions[2];
   } data = {
      .head.num_mem_regions = xe.info.has_local_mem ? 2 : 1,
      .regions = {
         { .mem_class = DRM_XE_MEM_REGION_CLASS_SYSMEM, .instance = SYSMEM_INSTANCE,
           .min_page_size = 4096, .total_size = 4ull << 30 },
         { .mem_class = DRM_XE_MEM_REGION_CLASS_VRAM, .instance = VRAM_INSTANCE,
           .min_page_size = 64 << 10, .total_size = 4ull << 30,
           .cpu_visible_size = 4ull << 30 },
      },
   };
   return reply(query, &data,
                sizeof(data.head) + data.head.num_mem_regions * sizeof(data.regions[0]));
}

static int
query_gt_list(struct drm_xe_device_query *query)
{
   struct {
      struct drm_xe_query_gt_list head;
      struct drm_xe_gt gt;
   } data = {
      .head.num_gt = 1,
      .gt = {
         .type = DRM_XE_QUERY_GT_TYPE_MAIN,
         .reference_clock = xe.info.timestamp_frequency,
         .near_mem_regions = BITFIELD64_BIT(xe.info.has_local_mem ? VRAM_INSTANCE
                                                                  : SYSMEM_INSTANCE),
         .far_mem_regions = xe.info.has_local_mem ? BITFIELD64_BIT(SYSMEM_INSTANCE) : 0,
      },
   };
   return reply(query, &data, sizeof(data));
}

/* GT 0's dual-subslice and EU masks, from Mesa's description of the GPU:
 * every DSS enabled, each with all its EUs.  Masks follow each other,
 * each a header and its bytes (16 for the DSS, 8 for the EUs, as Mesa
 * reads them). */
struct dss_mask {
   struct drm_xe_query_topology_mask head;
   uint8_t bits[16];
};

struct eu_mask {
   struct drm_xe_query_topology_mask head;
   uint8_t bits[8];
};

static int
query_topology(struct drm_xe_device_query *query)
{
   unsigned dss = 0;
   for (unsigned s = 0; s < xe.info.num_slices; s++)
      dss += xe.info.num_subslices[s];
   struct {
      struct dss_mask geometry, compute;
      struct eu_mask eus;
   } data = {
      .geometry.head = { .type = DRM_XE_TOPO_DSS_GEOMETRY, .num_bytes = 16 },
      .compute.head = { .type = DRM_XE_TOPO_DSS_COMPUTE, .num_bytes = 16 },
      .eus.head = { .type = DRM_XE_TOPO_EU_PER_DSS, .num_bytes = 8 },
   };
   for (unsigned i = 0; i < MIN2(dss, 128); i++) {
      data.geometry.bits[i / 8] |= 1u << (i % 8);
      data.compute.bits[i / 8] |= 1u << (i % 8);
   }
   for (unsigned i = 0; i < MIN2(xe.info.max_eus_per_subslice, 64); i++)
      data.eus.bits[i / 8] |= 1u << (i % 8);
   STATIC_ASSERT(sizeof(data) == 3 * sizeof(struct drm_xe_query_topology_mask) + 16 + 16 + 8);
   return reply(query, &data, sizeof(data));
}

static int
query_engines(struct drm_xe_device_query *query)
{
   struct {
      struct drm_xe_query_engines head;
      struct drm_xe_engine engines[3];
   } data = {
      .engines = {
         { .instance = { .engine_class = DRM_XE_ENGINE_CLASS_RENDER } },
         { .instance = { .engine_class = DRM_XE_ENGINE_CLASS_COPY } },
         { .instance = { .engine_class = DRM_XE_ENGINE_CLASS_COMPUTE } },
      },
   };
   data.head.num_engines = xe.info.verx10 >= 125 ? 3 : 2;
   return reply(query, &data, sizeof(data.head) + data.head.num_engines * sizeof(data.engines[0]));
}

static int
xe_device_query(int fd, unsigned long request, void *arg)
{
   struct drm_xe_device_query *query = arg;
   switch (query->query) {
   case DRM_XE_DEVICE_QUERY_CONFIG:
      return query_config(query);
   case DRM_XE_DEVICE_QUERY_MEM_REGIONS:
      return query_mem_regions(query);
   case DRM_XE_DEVICE_QUERY_GT_LIST:
      return query_gt_list(query);
   case DRM_XE_DEVICE_QUERY_GT_TOPOLOGY:
      return query_topology(query);
   case DRM_XE_DEVICE_QUERY_ENGINES:
      return query_engines(query);
   case DRM_XE_DEVICE_QUERY_HWCONFIG:
      errno = EINVAL; /* no GuC, no table: Mesa keeps its own values */
      return -1;
   default:
      return fail(EINVAL, "unknown device query %u", query->query);
   }
}

static bool
vm_exists(uint32_t vm)
{
   return vm >= 1 && vm <= xe.vms;
}

static int
xe_gem_create(int fd, unsigned long request, void *arg)
{
   struct drm_xe_gem_create *create = arg;
   const uint32_t regions =
      BITFIELD_BIT(SYSMEM_INSTANCE) | (xe.info.has_local_mem ? BITFIELD_BIT(VRAM_INSTANCE) : 0);
   const bool vram = create->placement & BITFIELD_BIT(VRAM_INSTANCE);
   const uint64_t page = vram ? 64 << 10 : 4096;

   if (!create->placement || (create->placement & ~regions))
      return fail(EINVAL, "GEM_CREATE: placement 0x%x, regions 0x%x", create->placement, regions);
   if (create->cpu_caching != DRM_XE_GEM_CPU_CACHING_WB &&
       create->cpu_caching != DRM_XE_GEM_CPU_CACHING_WC)
      return fail(EINVAL, "GEM_CREATE: CPU caching %u", create->cpu_caching);
   if (vram && create->cpu_caching != DRM_XE_GEM_CPU_CACHING_WC)
      return fail(EINVAL, "GEM_CREATE: VRAM is mapped write-combined only");
   if ((create->flags & DRM_XE_GEM_CREATE_FLAG_NEEDS_VISIBLE_VRAM) && !vram)
      return fail(EINVAL, "GEM_CREATE: NEEDS_VISIBLE_VRAM without VRAM");
   if (!create->size || create->size % page || create->size > UINT32_MAX)
      return fail(EINVAL, "GEM_CREATE: size %llu (pages of %llu)", (unsigned long long)create->size,
                  (unsigned long long)page);
   if (create->vm_id && !vm_exists(create->vm_id))
      return fail(ENOENT, "GEM_CREATE: no VM %u", create->vm_id);

   struct xe_bo *bo = calloc(1, sizeof(*bo));
   if (!bo || drm_shim_bo_init(&bo->base, create->size)) {
      free(bo);
      return fail(ENOMEM, "GEM_CREATE: out of memory");
   }
   bo->vm = create->vm_id;
   bo->vram = vram;
   create->handle = drm_shim_bo_get_handle(drm_shim_fd_lookup(fd), &bo->base);
   drm_shim_bo_put(&bo->base);
   return 0;
}

static int
xe_gem_mmap_offset(int fd, unsigned long request, void *arg)
{
   struct drm_xe_gem_mmap_offset *args = arg;
   struct shim_fd *shim_fd = drm_shim_fd_lookup(fd);
   struct shim_bo *bo = drm_shim_bo_lookup(shim_fd, args->handle);
   if (!bo)
      return fail(ENOENT, "GEM_MMAP_OFFSET: no buffer %u", args->handle);
   if (args->flags) {
      drm_shim_bo_put(bo);
      return fail(EINVAL, "GEM_MMAP_OFFSET: flags 0x%x", args->flags);
   }
   args->offset = drm_shim_bo_get_mmap_offset(shim_fd, bo);
   drm_shim_bo_put(bo);
   return 0;
}

static int
xe_vm_create(int fd, unsigned long request, void *arg)
{
   struct drm_xe_vm_create *create = arg;
   simple_mtx_lock(&xe.lock);
   create->vm_id = ++xe.vms;
   simple_mtx_unlock(&xe.lock);
   return 0;
}

static int
xe_vm_destroy(int fd, unsigned long request, void *arg)
{
   struct drm_xe_vm_destroy *destroy = arg;
   if (!vm_exists(destroy->vm_id))
      return fail(ENOENT, "VM_DESTROY: no VM %u", destroy->vm_id);
   return 0;
}

static bool
syncobj_exists(uint32_t handle)
{
   return handle < MAX_SYNCOBJS && xe.syncobjs[handle];
}

/* What xe refuses of an ioctl's syncs: a syncobj that is not there, and
 * a wait for a timeline point nothing has submitted.  (This shim models
 * timeline syncobjs only, the kind drivers/intel uses.) */
static int
check_syncs(const char *ioctl, uint64_t syncs, uint32_t count)
{
   const struct drm_xe_sync *sync = (const void *)(uintptr_t)syncs;
   for (uint32_t i = 0; i < count; i++) {
      if (sync[i].type != DRM_XE_SYNC_TYPE_TIMELINE_SYNCOBJ)
         return fail(EINVAL, "%s: sync type %u (this shim models timeline syncobjs only)", ioctl,
                     sync[i].type);
      if (!syncobj_exists(sync[i].handle))
         return fail(ENOENT, "%s: no syncobj %u", ioctl, sync[i].handle);
      if (!(sync[i].flags & DRM_XE_SYNC_FLAG_SIGNAL) &&
          sync[i].timeline_value > xe.points[sync[i].handle])
         return fail(EINVAL, "%s: waits on point %llu of syncobj %u, never submitted (last %llu)",
                     ioctl, (unsigned long long)sync[i].timeline_value, sync[i].handle,
                     (unsigned long long)xe.points[sync[i].handle]);
   }
   return 0;
}

static void
signal_point(uint32_t handle, uint64_t point, bool signalled)
{
   xe.points[handle] = MAX2(xe.points[handle], point);
   if (signalled)
      xe.signalled[handle] = MAX2(xe.signalled[handle], point);
}

/* Submits the points an ioctl's syncs signal (checked by check_syncs),
 * and signals them unless the work hangs. */
static void
signal_syncs(uint64_t syncs, uint32_t count, bool signalled)
{
   const struct drm_xe_sync *sync = (const void *)(uintptr_t)syncs;
   for (uint32_t i = 0; i < count; i++) {
      if (sync[i].flags & DRM_XE_SYNC_FLAG_SIGNAL)
         signal_point(sync[i].handle, sync[i].timeline_value, signalled);
   }
}

static struct binding *
find_binding(uint32_t vm, uint64_t address, uint64_t range)
{
   util_dynarray_foreach (&xe.bindings, struct binding, b) {
      if ((!vm || b->vm == vm) && address < b->address + b->range && b->address < address + range)
         return b;
   }
   return NULL;
}

static int
bind_map(int fd, uint32_t vm, const struct drm_xe_vm_bind_op *op)
{
   if (xe.fault == KILN_XE_SHIM_FAIL_BINDS)
      return fail(ENOMEM, "VM_BIND: out of memory (injected)");
   struct xe_bo *bo = (struct xe_bo *)drm_shim_bo_lookup(drm_shim_fd_lookup(fd), op->obj);
   if (!bo)
      return fail(ENOENT, "VM_BIND: no buffer %u", op->obj);
   const uint64_t page = bo->vram ? 64 << 10 : 4096;
   int ret = 0;
   if ((op->addr | op->range | op->obj_offset) % page || !op->range)
      ret = fail(EINVAL, "VM_BIND: 0x%llx+0x%llx at offset 0x%llx, not in pages of 0x%llx",
                 (unsigned long long)op->addr, (unsigned long long)op->range,
                 (unsigned long long)op->obj_offset, (unsigned long long)page);
   else if (op->obj_offset + op->range > bo->base.size)
      ret = fail(EINVAL, "VM_BIND: 0x%llx bytes at offset 0x%llx of a 0x%x-byte buffer",
                 (unsigned long long)op->range, (unsigned long long)op->obj_offset, bo->base.size);
   else if (bo->vm && bo->vm != vm)
      ret = fail(EINVAL, "VM_BIND: a buffer private to VM %u bound in VM %u", bo->vm, vm);
   else if (op->addr + op->range > (UINT64_C(1) << 48))
      ret = fail(EINVAL, "VM_BIND: 0x%llx is past the 48-bit VA", (unsigned long long)op->addr);
   else if (find_binding(vm, op->addr, op->range))
      ret = fail(EBUSY, "VM_BIND: 0x%llx+0x%llx overlaps a live binding",
                 (unsigned long long)op->addr, (unsigned long long)op->range);
   if (ret) {
      drm_shim_bo_put(&bo->base);
      return ret;
   }
   /* The binding keeps its reference to the buffer, as xe's VMA does. */
   struct binding b = { .vm = vm, .address = op->addr, .range = op->range, .bo = bo };
   util_dynarray_append(&xe.bindings, struct binding, b);
   return 0;
}

static int
bind_unmap(uint32_t vm, const struct drm_xe_vm_bind_op *op)
{
   struct binding *b = find_binding(vm, op->addr, op->range);
   if (op->obj || !b || b->address != op->addr || b->range != op->range)
      return fail(EINVAL, "VM_BIND: unmap of 0x%llx+0x%llx, not one binding",
                  (unsigned long long)op->addr, (unsigned long long)op->range);
   drm_shim_bo_put(&b->bo->base);
   *b = util_dynarray_pop(&xe.bindings, struct binding);
   return 0;
}

static int
xe_vm_bind(int fd, unsigned long request, void *arg)
{
   struct drm_xe_vm_bind *bind = arg;
   if (!vm_exists(bind->vm_id))
      return fail(ENOENT, "VM_BIND: no VM %u", bind->vm_id);
   if (bind->num_binds != 1)
      return fail(EINVAL, "VM_BIND: %u binds (this shim takes one at a time)", bind->num_binds);
   simple_mtx_lock(&xe.lock);
   int ret = check_syncs("VM_BIND", bind->syncs, bind->num_syncs);
   if (!ret && bind->bind.op == DRM_XE_VM_BIND_OP_MAP)
      ret = bind_map(fd, bind->vm_id, &bind->bind);
   else if (!ret && bind->bind.op == DRM_XE_VM_BIND_OP_UNMAP)
      ret = bind_unmap(bind->vm_id, &bind->bind);
   else if (!ret)
      ret = fail(EINVAL, "VM_BIND: operation %u", bind->bind.op);
   if (!ret)
      signal_syncs(bind->syncs, bind->num_syncs, true);
   simple_mtx_unlock(&xe.lock);
   return ret;
}

static int
xe_exec_queue_create(int fd, unsigned long request, void *arg)
{
   struct drm_xe_exec_queue_create *create = arg;
   const struct drm_xe_engine_class_instance *instance = (const void *)(uintptr_t)create->instances;
   if (create->width != 1 || create->num_placements != 1)
      return fail(EINVAL, "EXEC_QUEUE_CREATE: width %u, %u placements", create->width,
                  create->num_placements);
   if (!vm_exists(create->vm_id))
      return fail(ENOENT, "EXEC_QUEUE_CREATE: no VM %u", create->vm_id);
   const bool compute =
      instance->engine_class == DRM_XE_ENGINE_CLASS_COMPUTE && xe.info.verx10 >= 125;
   if ((instance->engine_class != DRM_XE_ENGINE_CLASS_RENDER &&
        instance->engine_class != DRM_XE_ENGINE_CLASS_COPY && !compute) ||
       instance->engine_instance || instance->gt_id)
      return fail(EINVAL, "EXEC_QUEUE_CREATE: no engine %u:%u on GT %u", instance->engine_class,
                  instance->engine_instance, instance->gt_id);
   simple_mtx_lock(&xe.lock);
   uint32_t id = 1;
   while (id < MAX_QUEUES && xe.queues[id].vm)
      id++;
   if (id < MAX_QUEUES) {
      xe.queues[id].vm = create->vm_id;
      xe.queues[id].banned = false;
      create->exec_queue_id = id;
   }
   simple_mtx_unlock(&xe.lock);
   return id < MAX_QUEUES ? 0 : fail(ENOSPC, "EXEC_QUEUE_CREATE: out of queues");
}

static bool
queue_exists(uint32_t id)
{
   return id < MAX_QUEUES && xe.queues[id].vm;
}

static int
xe_exec_queue_destroy(int fd, unsigned long request, void *arg)
{
   struct drm_xe_exec_queue_destroy *destroy = arg;
   if (!queue_exists(destroy->exec_queue_id))
      return fail(ENOENT, "EXEC_QUEUE_DESTROY: no queue %u", destroy->exec_queue_id);
   xe.queues[destroy->exec_queue_id].vm = 0;
   return 0;
}

static int
xe_exec_queue_get_property(int fd, unsigned long request, void *arg)
{
   struct drm_xe_exec_queue_get_property *get = arg;
   if (!queue_exists(get->exec_queue_id))
      return fail(ENOENT, "EXEC_QUEUE_GET_PROPERTY: no queue %u", get->exec_queue_id);
   if (get->property != DRM_XE_EXEC_QUEUE_GET_PROPERTY_BAN)
      return fail(EINVAL, "EXEC_QUEUE_GET_PROPERTY: property %u", get->property);
   get->value = xe.queues[get->exec_queue_id].banned;
   return 0;
}

static int
xe_exec(int fd, unsigned long request, void *arg)
{
   struct drm_xe_exec *exec = arg;
   if (!queue_exists(exec->exec_queue_id))
      return fail(ENOENT, "EXEC: no queue %u", exec->exec_queue_id);
   if (exec->num_batch_buffer != 1)
      return fail(EINVAL, "EXEC: %u batch buffers on a queue of width 1", exec->num_batch_buffer);
   simple_mtx_lock(&xe.lock);
   int ret = check_syncs("EXEC", exec->syncs, exec->num_syncs);
   if (!ret && !find_binding(xe.queues[exec->exec_queue_id].vm, exec->address, 4))
      ret = fail(EINVAL, "EXEC: the batch at 0x%llx is in no binding of the queue's VM",
                 (unsigned long long)exec->address);
   if (!ret) {
      xe.last_exec = exec->address;
      signal_syncs(exec->syncs, exec->num_syncs, xe.fault != KILN_XE_SHIM_HANG);
      xe.queues[exec->exec_queue_id].banned |= xe.fault == KILN_XE_SHIM_BAN;
   }
   simple_mtx_unlock(&xe.lock);
   return ret;
}

static int
syncobj_create(int fd, unsigned long request, void *arg)
{
   struct drm_syncobj_create *create = arg;
   simple_mtx_lock(&xe.lock);
   uint32_t handle = 1;
   while (handle < MAX_SYNCOBJS && xe.syncobjs[handle])
      handle++;
   if (handle < MAX_SYNCOBJS) {
      /* Point 0 is signalled, whether or not CREATE_SIGNALED asks. */
      xe.syncobjs[handle] = true;
      xe.points[handle] = xe.signalled[handle] = 0;
      create->handle = handle;
   }
   simple_mtx_unlock(&xe.lock);
   return handle < MAX_SYNCOBJS ? 0 : fail(ENOMEM, "SYNCOBJ_CREATE: out of syncobjs");
}

static int
syncobj_destroy(int fd, unsigned long request, void *arg)
{
   struct drm_syncobj_destroy *destroy = arg;
   if (!syncobj_exists(destroy->handle))
      return fail(EINVAL, "SYNCOBJ_DESTROY: no syncobj %u", destroy->handle);
   xe.syncobjs[destroy->handle] = false;
   return 0;
}

static int
syncobj_timeline_signal(int fd, unsigned long request, void *arg)
{
   struct drm_syncobj_timeline_array *signal = arg;
   const uint32_t *handles = (const void *)(uintptr_t)signal->handles;
   const uint64_t *points = (const void *)(uintptr_t)signal->points;
   simple_mtx_lock(&xe.lock);
   int ret = 0;
   for (uint32_t i = 0; i < signal->count_handles && !ret; i++) {
      if (!syncobj_exists(handles[i]))
         ret = fail(EINVAL, "SYNCOBJ_TIMELINE_SIGNAL: no syncobj %u", handles[i]);
      else
         signal_point(handles[i], points[i], true);
   }
   simple_mtx_unlock(&xe.lock);
   return ret;
}

/* Nothing ever runs, so a wait that is not already satisfied times out at
 * once, whatever the deadline; a point nothing submitted is refused
 * unless the wait is for its submission too. */
static int
syncobj_timeline_wait(int fd, unsigned long request, void *arg)
{
   struct drm_syncobj_timeline_wait *wait = arg;
   const uint32_t *handles = (const void *)(uintptr_t)wait->handles;
   const uint64_t *points = (const void *)(uintptr_t)wait->points;
   simple_mtx_lock(&xe.lock);
   int ret = 0;
   for (uint32_t i = 0; i < wait->count_handles && !ret; i++) {
      if (!syncobj_exists(handles[i]))
         ret = fail(EINVAL, "SYNCOBJ_TIMELINE_WAIT: no syncobj %u", handles[i]);
      else if (points[i] > xe.points[handles[i]] &&
               !(wait->flags & DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT))
         ret = fail(EINVAL, "SYNCOBJ_TIMELINE_WAIT: point %llu of syncobj %u never submitted",
                    (unsigned long long)points[i], handles[i]);
   }
   for (uint32_t i = 0; i < wait->count_handles && !ret; i++) {
      if (points[i] > xe.signalled[handles[i]]) {
         errno = ETIME;
         ret = -1;
      }
   }
   simple_mtx_unlock(&xe.lock);
   return ret;
}

static ioctl_fn_t driver_ioctls[] = {
   [DRM_XE_DEVICE_QUERY] = xe_device_query,
   [DRM_XE_GEM_CREATE] = xe_gem_create,
   [DRM_XE_GEM_MMAP_OFFSET] = xe_gem_mmap_offset,
   [DRM_XE_VM_CREATE] = xe_vm_create,
   [DRM_XE_VM_DESTROY] = xe_vm_destroy,
   [DRM_XE_VM_BIND] = xe_vm_bind,
   [DRM_XE_EXEC_QUEUE_CREATE] = xe_exec_queue_create,
   [DRM_XE_EXEC_QUEUE_DESTROY] = xe_exec_queue_destroy,
   [DRM_XE_EXEC_QUEUE_GET_PROPERTY] = xe_exec_queue_get_property,
   [DRM_XE_EXEC] = xe_exec,
};

PUBLIC bool
kiln_xe_shim_binding(uint64_t address, uint64_t *start, uint64_t *range)
{
   simple_mtx_lock(&xe.lock);
   const struct binding *b = find_binding(0, address, 1);
   *start = b ? b->address : 0;
   *range = b ? b->range : 0;
   simple_mtx_unlock(&xe.lock);
   return b != NULL;
}

PUBLIC uint64_t
kiln_xe_shim_last_exec(void)
{
   return xe.last_exec;
}

PUBLIC void
kiln_xe_shim_inject(enum kiln_xe_shim_fault fault)
{
   xe.fault = fault;
}

static void
override_sysfs(void)
{
   char text[256];
   snprintf(text, sizeof(text),
            "DRIVER=xe\nPCI_CLASS=30000\nPCI_ID=8086:%x\nPCI_SUBSYS_ID=1028:075B\n"
            "PCI_SLOT_NAME=0000:00:02.0\n",
            xe.device_id);
   drm_shim_override_file(text, "/sys/dev/char/%d:%d/device/uevent", DRM_MAJOR, render_node_minor);
   snprintf(text, sizeof(text), "0x%x\n", xe.device_id);
   drm_shim_override_file(text, "/sys/dev/char/%d:%d/device/device", DRM_MAJOR, render_node_minor);
   drm_shim_override_file(text, "/sys/devices/pci0000:00/0000:00:02.0/device");
   drm_shim_override_file("0x0\n", "/sys/dev/char/%d:%d/device/revision", DRM_MAJOR,
                          render_node_minor);
   drm_shim_override_file("0x8086", "/sys/dev/char/%d:%d/device/vendor", DRM_MAJOR,
                          render_node_minor);
   drm_shim_override_file("0x8086", "/sys/devices/pci0000:00/0000:00:02.0/vendor");
   drm_shim_override_file("0x1234", "/sys/dev/char/%d:%d/device/subsystem_vendor", DRM_MAJOR,
                          render_node_minor);
   drm_shim_override_file("0x1234", "/sys/devices/pci0000:00/0000:00:02.0/subsystem_vendor");
   drm_shim_override_file("0x1234", "/sys/dev/char/%d:%d/device/subsystem_device", DRM_MAJOR,
                          render_node_minor);
   drm_shim_override_file("0x1234", "/sys/devices/pci0000:00/0000:00:02.0/subsystem_device");
}

void
drm_shim_driver_init(void)
{
   const char *platform = getenv("INTEL_STUB_GPU_PLATFORM");
   if (!platform)
      platform = "tgl";
   const int device_id = intel_device_name_to_pci_device_id(platform);
   if (device_id <= 0 || !intel_get_device_info_from_pci_id(device_id, &xe.info)) {
      fprintf(stderr, "intel_xe_noop_drm_shim: no Intel GPU named \"%s\"\n", platform);
      return;
   }
   xe.device_id = device_id;
   util_dynarray_init(&xe.bindings, NULL);
   const char *fault = getenv("KILN_XE_SHIM_FAULT");
   if (fault && !strcmp(fault, "fail-binds"))
      xe.fault = KILN_XE_SHIM_FAIL_BINDS;
   else if (fault && !strcmp(fault, "hang"))
      xe.fault = KILN_XE_SHIM_HANG;
   else if (fault && !strcmp(fault, "ban"))
      xe.fault = KILN_XE_SHIM_BAN;
   else if (fault && *fault)
      fprintf(stderr,
              "intel_xe_noop_drm_shim: KILN_XE_SHIM_FAULT=%s is not fail-binds, "
              "hang or ban\n",
              fault);

   shim_device.bus_type = DRM_BUS_PCI;
   shim_device.driver_name = "xe";
   shim_device.driver_ioctls = driver_ioctls;
   shim_device.driver_ioctl_count = ARRAY_SIZE(driver_ioctls);
   core_ioctls[_IOC_NR(DRM_IOCTL_SYNCOBJ_CREATE)] = syncobj_create;
   core_ioctls[_IOC_NR(DRM_IOCTL_SYNCOBJ_DESTROY)] = syncobj_destroy;
   core_ioctls[_IOC_NR(DRM_IOCTL_SYNCOBJ_TIMELINE_SIGNAL)] = syncobj_timeline_signal;
   core_ioctls[_IOC_NR(DRM_IOCTL_SYNCOBJ_TIMELINE_WAIT)] = syncobj_timeline_wait;
   override_sysfs();
}
