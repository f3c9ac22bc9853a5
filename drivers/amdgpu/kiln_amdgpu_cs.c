/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Command submission and its outcome, as libdrm's amdgpu_cs.c does it: one
 * CS ioctl with an IB chunk and a BO-list chunk on the compute ring,
 * WAIT_CS on the returned sequence number with a timeout.  When the wait
 * fails, the fence's error and the context's state (CTX QUERY_STATE2
 * GUILTY) tell whether the GPU faulted or hung: the report gathers
 * AMDGPU_INFO_GPUVM_FAULT
 * and, on the emulated device, the faulting PC and instruction, names the
 * kernel, and a fresh context replaces the dead one so the device stays
 * usable.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "amdgpu_drm.h"
#include "kiln_amdgpu_private.h"
#include "sid.h"
#include "util/macros.h"
#include "util/os_time.h"

#include "kiln_sim_amdgpu.h" /* KILN_SIM_AMDGPU_INFO_LAST_FAULT */

static uint64_t
absolute_timeout(uint64_t relative_ns)
{
   uint64_t now = os_time_get_nano();
   return relative_ns > UINT64_MAX - now ? UINT64_MAX : now + relative_ns;
}

static int
submit(struct kiln_amdgpu_device *dev, uint64_t ib_va, unsigned ib_dw,
       struct kiln_amdgpu_bo *const *bos, unsigned num_bos, uint64_t *seq)
{
   /* The kernel takes a BO list of any length; most launches fit the
    * stack, one with many images (CL_DEVICE_MAX_READ_IMAGE_ARGS is 128)
    * does not. */
   struct drm_amdgpu_bo_list_entry stack[64], *entries = stack;
   if (num_bos > ARRAY_SIZE(stack) && !(entries = malloc(num_bos * sizeof(*entries))))
      return kiln_amdgpu_error(dev, -ENOMEM, "out of host memory for a list of %u buffers",
                               num_bos);
   for (unsigned i = 0; i < num_bos; i++)
      entries[i] = (struct drm_amdgpu_bo_list_entry){ bos[i]->handle, 0 };

   struct drm_amdgpu_bo_list_in bo_list = {
      .operation = ~0u,
      .list_handle = ~0u,
      .bo_number = num_bos,
      .bo_info_size = sizeof(entries[0]),
      .bo_info_ptr = (uintptr_t)entries,
   };
   struct drm_amdgpu_cs_chunk_ib ib = {
      .va_start = ib_va,
      .ib_bytes = ib_dw * 4,
      .ip_type = AMDGPU_HW_IP_COMPUTE,
   };
   struct drm_amdgpu_cs_chunk chunks[2] = {
      { AMDGPU_CHUNK_ID_IB, sizeof(ib) / 4, (uintptr_t)&ib },
      { AMDGPU_CHUNK_ID_BO_HANDLES, sizeof(bo_list) / 4, (uintptr_t)&bo_list },
   };
   uint64_t chunk_ptrs[2] = { (uintptr_t)&chunks[0], (uintptr_t)&chunks[1] };
   union drm_amdgpu_cs cs = { 0 };
   cs.in.ctx_id = dev->ctx_id;
   cs.in.num_chunks = 2;
   cs.in.chunks = (uintptr_t)chunk_ptrs;

   uint64_t start = os_time_get_nano();
   int ret = kiln_amdgpu_ioctl(dev, DRM_IOCTL_AMDGPU_CS, &cs);
   dev->stats.cs_ioctl_ns += os_time_get_nano() - start;
   dev->stats.submissions++;
   if (entries != stack)
      free(entries);
   if (!ret)
      *seq = cs.out.handle;
   return ret;
}

/* Returns 0 when signalled, -ETIME on timeout, another -errno on failure. */
static int
wait_cs(struct kiln_amdgpu_device *dev, uint64_t seq, uint64_t timeout_ns)
{
   union drm_amdgpu_wait_cs wait = { 0 };
   wait.in.handle = seq;
   wait.in.timeout = absolute_timeout(timeout_ns);
   wait.in.ip_type = AMDGPU_HW_IP_COMPUTE;
   wait.in.ctx_id = dev->ctx_id;

   int ret = kiln_amdgpu_ioctl(dev, DRM_IOCTL_AMDGPU_WAIT_CS, &wait);
   if (ret)
      return ret;
   return wait.out.status ? -ETIME : 0;
}

/* AMDGPU_CTX_QUERY2_FLAGS_* of the current context; 0 if the query fails. */
static uint64_t
ctx_state(struct kiln_amdgpu_device *dev)
{
   union drm_amdgpu_ctx args = { 0 };
   args.in.op = AMDGPU_CTX_OP_QUERY_STATE2;
   args.in.ctx_id = dev->ctx_id;
   if (kiln_amdgpu_ioctl(dev, DRM_IOCTL_AMDGPU_CTX, &args))
      return 0;
   return args.out.state.flags;
}

/* Everything the device can tell about the fault that reset the context. */
static void
describe_fault(struct kiln_amdgpu_device *dev, const struct kiln_amdgpu_kernel *k, bool timed_out,
               struct kiln_amdgpu_fault *f)
{
   struct drm_amdgpu_info_gpuvm_fault vm = { 0 };
   struct drm_amdgpu_info request = {
      .return_pointer = (uintptr_t)&vm,
      .return_size = sizeof(vm),
      .query = AMDGPU_INFO_GPUVM_FAULT,
   };
   memset(f, 0, sizeof(*f));
   f->kind = timed_out ? KILN_AMDGPU_FAULT_HANG : KILN_AMDGPU_FAULT_OTHER;

   /* A VM fault is one this query has not shown before. */
   if (!kiln_amdgpu_ioctl(dev, DRM_IOCTL_AMDGPU_INFO, &request) && vm.status &&
       (vm.addr != dev->last_vm_fault_addr || vm.status != dev->last_vm_fault_status)) {
      dev->last_vm_fault_addr = vm.addr;
      dev->last_vm_fault_status = vm.status;
      f->kind = KILN_AMDGPU_FAULT_VM;
      f->address = vm.addr;
      f->vm_status = vm.status;
      if (dev->gfx_level >= GFX10)
         f->write = G_00A130_RW(vm.status);
   }

   /* The emulated device answers one more query with the faulting PC and
    * instruction, in-process and through its drm-shim node alike; a real
    * amdgpu refuses the unknown query and the report goes without them. */
   struct kiln_sim_fault sf;
   struct drm_amdgpu_info sim_request = {
      .return_pointer = (uintptr_t)&sf,
      .return_size = sizeof(sf),
      .query = KILN_SIM_AMDGPU_INFO_LAST_FAULT,
   };
   if (!kiln_amdgpu_ioctl(dev, DRM_IOCTL_AMDGPU_INFO, &sim_request)) {
      switch (sf.kind) {
      case KILN_SIM_FAULT_VM:
         f->kind = KILN_AMDGPU_FAULT_VM;
         f->address = sf.address;
         f->write = sf.write;
         break;
      case KILN_SIM_FAULT_HANG:
         f->kind = KILN_AMDGPU_FAULT_HANG;
         break;
      case KILN_SIM_FAULT_ILLEGAL:
      case KILN_SIM_FAULT_UNSUPPORTED:
         f->kind = KILN_AMDGPU_FAULT_ILLEGAL;
         break;
      default:
         break;
      }
      f->pc = sf.pc;
      snprintf(f->instruction, sizeof(f->instruction), "%s", sf.instruction);
   }

   uint64_t code = k->code_bo->va;
   if (f->pc >= code && f->pc < code + k->code_bo->size)
      f->pc_offset = f->pc - code;

   char where[192] = "";
   if (f->pc)
      snprintf(where, sizeof(where), " at pc 0x%llx (code offset 0x%llx)%s%s%s",
               (unsigned long long)f->pc, (unsigned long long)f->pc_offset,
               f->instruction[0] ? ": '" : "", f->instruction, f->instruction[0] ? "'" : "");

   switch (f->kind) {
   case KILN_AMDGPU_FAULT_VM:
      snprintf(f->message, sizeof(f->message), "kernel '%s': GPU VM fault on %s address 0x%llx%s",
               k->name, f->write ? "write to" : "access to", (unsigned long long)f->address, where);
      break;
   case KILN_AMDGPU_FAULT_ILLEGAL:
      snprintf(f->message, sizeof(f->message), "kernel '%s': illegal instruction%s", k->name,
               where);
      break;
   case KILN_AMDGPU_FAULT_HANG:
      snprintf(f->message, sizeof(f->message),
               "kernel '%s': GPU hang, the dispatch did not finish%s", k->name, where);
      break;
   default:
      snprintf(f->message, sizeof(f->message), "kernel '%s': the GPU context was reset%s", k->name,
               where);
      break;
   }
}

/* Replaces the (guilty) context with a new one. */
static int
renew_context(struct kiln_amdgpu_device *dev)
{
   uint32_t fresh;
   int ret = kiln_amdgpu_ctx_create(dev, &fresh);
   if (ret)
      return ret;
   kiln_amdgpu_ctx_destroy(dev, dev->ctx_id);
   dev->ctx_id = fresh;
   return 0;
}

int
kiln_amdgpu_submit_and_wait(struct kiln_amdgpu_device *dev, const struct kiln_amdgpu_kernel *k,
                            uint64_t ib_va, unsigned ib_dw, struct kiln_amdgpu_bo *const *bos,
                            unsigned num_bos, uint64_t timeout_ns, struct kiln_amdgpu_fault *fault)
{
   uint64_t seq = 0;

   int ret = submit(dev, ib_va, ib_dw, bos, num_bos, &seq);
   if (!ret)
      ret = wait_cs(dev, seq, timeout_ns);
   if (!ret)
      return 0;

   /* The fence carries the job's error (-ETIME from the job timeout, or
    * -ECANCELED for work lost in a reset), and a context whose job faulted
    * is GUILTY.  The RESET flag alone only says some reset happened since
    * the context was made, maybe for another process, so it is not used. */
   uint64_t state = ctx_state(dev);
   bool lost = ret == -ETIME || ret == -ECANCELED || ret == -ENODEV ||
               (state & AMDGPU_CTX_QUERY2_FLAGS_GUILTY);
   if (!lost)
      return kiln_amdgpu_error(dev, ret, "kernel '%s': %s failed: %s", k->name,
                               seq ? "WAIT_CS" : "CS submission", strerror(-ret));

   struct kiln_amdgpu_fault local;
   if (!fault)
      fault = &local;
   describe_fault(dev, k, ret == -ETIME, fault);
   kiln_amdgpu_debug(dev, "context %u reset (flags 0x%llx): %s", dev->ctx_id,
                     (unsigned long long)state, fault->message);

   int err = fault->kind == KILN_AMDGPU_FAULT_HANG ? -ETIME : -EFAULT;
   kiln_amdgpu_error(dev, err, "%s", fault->message);
   if (renew_context(dev)) {
      char msg[sizeof(fault->message) + sizeof(dev->error) + 32];
      snprintf(msg, sizeof(msg), "%s; and no new context: %s", fault->message, dev->error);
      kiln_amdgpu_error(dev, err, "%s", msg);
   }
   return err;
}
