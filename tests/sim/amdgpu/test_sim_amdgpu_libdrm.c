/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The drm-shim render node through unmodified libdrm_amdgpu, the way
 * radeonsi and radv use it: run with libkiln_sim_drm_shim.so preloaded,
 * it opens /dev/dri/renderD128, initializes the device, allocates, maps
 * and CPU-maps BOs, submits an IB on a context and waits for its fence,
 * then checks what the GPU wrote.  The device must read as a Navi 21 to
 * libdrm's own tables (amdgpu.ids names it from the PCI id and revision).
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <amdgpu.h>
#include <amdgpu_drm.h>
#include <xf86drm.h>

#include "addrlib/src/amdgpu_asic_addr.h"
#include "kiln_sim_amdgpu.h"
#include "kiln_test.h"
#include "sid.h"

struct buffer {
   amdgpu_bo_handle bo;
   amdgpu_va_handle va_handle;
   uint64_t va;
   uint32_t *cpu;
};

static int
buffer_create(amdgpu_device_handle dev, uint64_t size, uint32_t domain, struct buffer *b)
{
   struct amdgpu_bo_alloc_request req = {
      .alloc_size = size,
      .phys_alignment = 4096,
      .preferred_heap = domain,
      .flags = AMDGPU_GEM_CREATE_CPU_ACCESS_REQUIRED,
   };
   int r = amdgpu_bo_alloc(dev, &req, &b->bo);
   if (r)
      return r;
   r = amdgpu_va_range_alloc(dev, amdgpu_gpu_va_range_general, size, 4096, 0, &b->va, &b->va_handle,
                             AMDGPU_VA_RANGE_HIGH);
   if (r)
      return r;
   r = amdgpu_bo_va_op(b->bo, 0, size, b->va, 0, AMDGPU_VA_OP_MAP);
   if (r)
      return r;
   return amdgpu_bo_cpu_map(b->bo, (void **)&b->cpu);
}

static void
buffer_destroy(struct buffer *b, uint64_t size)
{
   amdgpu_bo_cpu_unmap(b->bo);
   amdgpu_bo_va_op(b->bo, 0, size, b->va, 0, AMDGPU_VA_OP_UNMAP);
   amdgpu_va_range_free(b->va_handle);
   amdgpu_bo_free(b->bo);
}

static int
submit(amdgpu_device_handle dev, amdgpu_context_handle ctx, struct buffer *ib, unsigned ndw,
       struct buffer *data, struct amdgpu_cs_fence *fence)
{
   amdgpu_bo_handle bos[2] = { ib->bo, data->bo };
   amdgpu_bo_list_handle list;
   int r = amdgpu_bo_list_create(dev, 2, bos, NULL, &list);
   if (r)
      return r;
   struct amdgpu_cs_ib_info ib_info = { .ib_mc_address = ib->va, .size = ndw };
   struct amdgpu_cs_request req = {
      .ip_type = AMDGPU_HW_IP_COMPUTE,
      .resources = list,
      .number_of_ibs = 1,
      .ibs = &ib_info,
   };
   r = amdgpu_cs_submit(ctx, 0, &req, 1);
   amdgpu_bo_list_destroy(list);
   *fence = (struct amdgpu_cs_fence){
      .context = ctx,
      .ip_type = AMDGPU_HW_IP_COMPUTE,
      .fence = req.seq_no,
   };
   return r;
}

int
main(void)
{
   int fd = open("/dev/dri/renderD128", O_RDWR | O_CLOEXEC);
   if (fd < 0) {
      printf("FAIL: no /dev/dri/renderD128 (is libkiln_sim_drm_shim.so preloaded?)\n");
      return 1;
   }
   int r;
   drmVersionPtr version = drmGetVersion(fd);
   CHECK(version && !strcmp(version->name, "amdgpu"), "driver %s", version ? version->name : "?");
   drmFreeVersion(version);

   /* Ioctls the device does not have fail with -1 and errno, as drmIoctl()
    * callers expect. */
   struct drm_prime_handle prime = { .handle = 1 };
   errno = 0;
   r = drmIoctl(fd, DRM_IOCTL_PRIME_HANDLE_TO_FD, &prime);
   CHECK(r == -1 && errno == EINVAL, "PRIME_HANDLE_TO_FD: %d errno %d", r, errno);
   errno = 0;
   r = drmIoctl(fd, DRM_IOWR(DRM_COMMAND_BASE + 0x50, union drm_amdgpu_cs), &prime);
   CHECK(r == -1 && errno == EINVAL, "unknown amdgpu ioctl: %d errno %d", r, errno);

   uint32_t major, minor;
   amdgpu_device_handle dev;
   r = amdgpu_device_initialize(fd, &major, &minor, &dev);
   CHECK(r == 0 && major == 3, "amdgpu_device_initialize %d (%u.%u)", r, major, minor);
   if (r)
      return 1;

   struct amdgpu_gpu_info gpu = { 0 };
   CHECK(amdgpu_query_gpu_info(dev, &gpu) == 0 && gpu.family_id == FAMILY_NV &&
            ASICREV_IS(gpu.chip_external_rev, NAVI21),
         "family %u external rev 0x%x", gpu.family_id, gpu.chip_external_rev);
   const char *name = amdgpu_get_marketing_name(dev);
   CHECK(name && strstr(name, "RX 6"), "marketing name '%s'", name ? name : "(null)");

   struct amdgpu_heap_info heap = { 0 };
   CHECK(amdgpu_query_heap_info(dev, AMDGPU_GEM_DOMAIN_VRAM, 0, &heap) == 0 &&
            heap.heap_size > (15ull << 30),
         "VRAM heap %" PRIu64, (uint64_t)heap.heap_size);

   struct buffer ib, data;
   r = buffer_create(dev, 4096, AMDGPU_GEM_DOMAIN_GTT, &ib);
   CHECK(r == 0, "IB buffer %d", r);
   r = buffer_create(dev, 65536, AMDGPU_GEM_DOMAIN_VRAM, &data);
   CHECK(r == 0, "data buffer %d", r);
   if (kiln_test.failures)
      return 1;
   CHECK(ib.va >= 0xffff800000000000ull, "VA 0x%" PRIx64 " not in the high range", ib.va);

   amdgpu_context_handle ctx;
   CHECK(amdgpu_cs_ctx_create(dev, &ctx) == 0, "context");

   unsigned n = 0;
   uint64_t dst = data.va + 0x40, fence_va = data.va + 0x80;
   ib.cpu[n++] = PKT3(PKT3_WRITE_DATA, 3, 0);
   ib.cpu[n++] = S_370_DST_SEL(V_370_MEM) | S_370_WR_CONFIRM(1);
   ib.cpu[n++] = (uint32_t)dst;
   ib.cpu[n++] = (uint32_t)(dst >> 32);
   ib.cpu[n++] = 0xc0ffee;
   ib.cpu[n++] = PKT3(PKT3_RELEASE_MEM, 6, 0);
   ib.cpu[n++] = S_490_EVENT_TYPE(V_028A90_BOTTOM_OF_PIPE_TS) | S_490_EVENT_INDEX(5);
   ib.cpu[n++] = EOP_DST_SEL(EOP_DST_SEL_MEM) | EOP_DATA_SEL(EOP_DATA_SEL_VALUE_32BIT);
   ib.cpu[n++] = (uint32_t)fence_va;
   ib.cpu[n++] = (uint32_t)(fence_va >> 32);
   ib.cpu[n++] = 42;
   ib.cpu[n++] = 0;
   ib.cpu[n++] = 0;
   while (n % 8)
      ib.cpu[n++] = PKT3_NOP_PAD;

   struct amdgpu_cs_fence fence;
   r = submit(dev, ctx, &ib, n, &data, &fence);
   CHECK(r == 0 && fence.fence == 1, "amdgpu_cs_submit %d seq %" PRIu64, r, (uint64_t)fence.fence);
   uint32_t expired = 0;
   r = amdgpu_cs_query_fence_status(&fence, AMDGPU_TIMEOUT_INFINITE, 0, &expired);
   CHECK(r == 0 && expired == 1, "fence status %d expired %u", r, expired);
   CHECK(data.cpu[0x40 / 4] == 0xc0ffee && data.cpu[0x80 / 4] == 42, "GPU wrote 0x%x and fence %u",
         data.cpu[0x40 / 4], data.cpu[0x80 / 4]);

   uint32_t syncobj;
   CHECK(amdgpu_cs_create_syncobj2(dev, 0, &syncobj) == 0, "syncobj");
   CHECK(amdgpu_cs_syncobj_wait(dev, &syncobj, 1, 0, 0, NULL) == -EINVAL,
         "wait on an unsignaled syncobj");
   CHECK(amdgpu_cs_syncobj_signal(dev, &syncobj, 1) == 0, "signal");
   CHECK(amdgpu_cs_syncobj_wait(dev, &syncobj, 1, INT64_MAX, 0, NULL) == 0, "wait");
   amdgpu_cs_destroy_syncobj(dev, syncobj);

   /* An IB the CP cannot execute: the context turns guilty. */
   n = 0;
   ib.cpu[n++] = PKT3(PKT3_DRAW_INDEX_AUTO, 1, 0);
   ib.cpu[n++] = 3;
   ib.cpu[n++] = 0;
   while (n % 8)
      ib.cpu[n++] = PKT3_NOP_PAD;
   r = submit(dev, ctx, &ib, n, &data, &fence);
   CHECK(r == 0, "faulting submit %d", r);
   r = amdgpu_cs_query_fence_status(&fence, AMDGPU_TIMEOUT_INFINITE, 0, &expired);
   CHECK(r == -ETIME, "fence of the hung job: %d", r);
   uint64_t flags = 0;
   CHECK(amdgpu_cs_query_reset_state2(ctx, &flags) == 0 && (flags & AMDGPU_CTX_QUERY2_FLAGS_GUILTY),
         "reset state 0x%" PRIx64, flags);
   /* The emulator's own query names what went wrong; a real kernel
    * answers EINVAL to it. */
   struct kiln_sim_fault fault = { 0 };
   char opcode[8];
   snprintf(opcode, sizeof(opcode), "0x%02x", PKT3_DRAW_INDEX_AUTO);
   r = amdgpu_query_info(dev, KILN_SIM_AMDGPU_INFO_LAST_FAULT, sizeof(fault), &fault);
   CHECK(r == 0 && fault.kind == KILN_SIM_FAULT_INVALID && strstr(fault.message, opcode),
         "last fault %d: %s", r, fault.message);
   r = submit(dev, ctx, &ib, n, &data, &fence);
   CHECK(r == -ECANCELED, "submit on a guilty context: %d", r);

   amdgpu_cs_ctx_free(ctx);
   buffer_destroy(&ib, 4096);
   buffer_destroy(&data, 65536);
   amdgpu_device_deinitialize(dev);
   close(fd);

   return kiln_test_summary();
}
