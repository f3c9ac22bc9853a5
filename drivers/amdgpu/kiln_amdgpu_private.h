/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * State shared by the files of drivers/amdgpu/: the device (its ioctl and
 * mmap functions, context, VA manager, reusable command buffer) and the
 * uploaded kernel.  Not for use outside this directory.
 */
#ifndef KILN_AMDGPU_PRIVATE_H
#define KILN_AMDGPU_PRIVATE_H

#include <stdarg.h>

#include "amd_family.h"
#include "kiln_amdgpu.h"

struct amdgpu_va;
struct amdgpu_va_manager;
struct kiln_sim_amdgpu;

/* Layout of the per-device command BO, reused by every dispatch (they are
 * synchronous, so one is enough). */
#define KILN_AMDGPU_CMD_IB_OFFSET      0
#define KILN_AMDGPU_CMD_IB_MAX_DW      1024
#define KILN_AMDGPU_CMD_FENCE_OFFSET   4096
#define KILN_AMDGPU_CMD_KERNARG_OFFSET 8192
#define KILN_AMDGPU_CMD_BO_SIZE        (64 * 1024)
#define KILN_AMDGPU_MAX_KERNARG        (KILN_AMDGPU_CMD_BO_SIZE - KILN_AMDGPU_CMD_KERNARG_OFFSET)

struct kiln_amdgpu_device {
   struct kiln_amdgpu_device_info info;
   enum amd_gfx_level gfx_level;

   /* The only two places the real and the emulated device differ. */
   int (*ioctl)(struct kiln_amdgpu_device *dev, unsigned long request, void *arg);
   void *(*mmap)(struct kiln_amdgpu_device *dev, uint64_t offset, size_t size);
   void (*munmap)(struct kiln_amdgpu_device *dev, void *ptr, size_t size);
   int fd;                      /* render node, -1 for the emulator */
   struct kiln_sim_amdgpu *sim; /* the emulator, NULL for a render node */

   uint32_t ctx_id;
   uint32_t host_domain;             /* where host-visible BOs go */
   uint32_t host_flags;              /* their GEM_CREATE flags */
   struct amdgpu_va_manager *va_mgr; /* libdrm's, over info.va_start..va_end */
   struct kiln_amdgpu_bo *cmd_bo;
   struct kiln_amdgpu_bo *scratch_bo;
   uint64_t fence_value;
   uint64_t last_vm_fault_addr; /* AMDGPU_INFO_GPUVM_FAULT seen so far */
   uint32_t last_vm_fault_status;
   bool debug; /* KILN_DEBUG contains "driver" */
   struct kiln_amdgpu_device_stats stats;

   char error[512];
};

struct kiln_amdgpu_kernel {
   struct kiln_amdgpu_kernel_desc desc; /* code pointer not kept */
   char name[128];
   struct kiln_amdgpu_bo *code_bo;
};

/* Records the message of a failed call and returns err (negative errno). */
int kiln_amdgpu_error(struct kiln_amdgpu_device *dev, int err, const char *fmt, ...)
   __attribute__((format(printf, 3, 4)));
void kiln_amdgpu_debug(struct kiln_amdgpu_device *dev, const char *fmt, ...)
   __attribute__((format(printf, 2, 3)));

/* The ioctl through the device's function; returns 0 or -errno. */
int kiln_amdgpu_ioctl(struct kiln_amdgpu_device *dev, unsigned long request, void *arg);

int kiln_amdgpu_ctx_create(struct kiln_amdgpu_device *dev, uint32_t *ctx_id);
void kiln_amdgpu_ctx_destroy(struct kiln_amdgpu_device *dev, uint32_t ctx_id);

/* The device's GPU VA space, [start, end) in alignment units: libdrm's VA
 * manager, which splits the range at 4 GiB and hands out addresses above
 * it first.  Returns 0, -EINVAL when 4 GiB lies outside [start, end] (it
 * lies inside in every amdgpu VM) or -ENOMEM. */
int kiln_amdgpu_va_init(struct kiln_amdgpu_device *dev, uint64_t start, uint64_t end,
                        uint32_t alignment);
void kiln_amdgpu_va_finish(struct kiln_amdgpu_device *dev);
/* size bytes (rounded up to the alignment) at a multiple of alignment (0 =
 * the device's); returns 0 with *va and the *range to free, or -ENOMEM
 * when no free range is large enough. */
int kiln_amdgpu_va_alloc(struct kiln_amdgpu_device *dev, uint64_t size, uint64_t alignment,
                         uint64_t *va, struct amdgpu_va **range);
void kiln_amdgpu_va_free(struct amdgpu_va *range);

/* Submits an IB of ib_dw dwords at ib_va with the BOs in bos, waits for it
 * up to timeout_ns and checks the context; on a fault or hang fills fault,
 * replaces the context and returns -EFAULT / -ETIME. */
int kiln_amdgpu_submit_and_wait(struct kiln_amdgpu_device *dev,
                                const struct kiln_amdgpu_kernel *kernel, uint64_t ib_va,
                                unsigned ib_dw, struct kiln_amdgpu_bo *const *bos, unsigned num_bos,
                                uint64_t timeout_ns, struct kiln_amdgpu_fault *fault);

/* The steps of one dispatch (kiln_amdgpu_dispatch.c) that a batch of
 * dispatches in one submission (kiln_amdgpu_device_queue.c) shares. */
struct kiln_pm4_dispatch;

/* The kernarg image of a launch (explicit arguments, __local offsets,
 * implicit arguments): KILN_KERNARG_IMPLICIT_OFFSET(kernarg_size) +
 * KILN_IMPLICIT_SIZE bytes; returns the LDS bytes or a negative errno. */
int kiln_amdgpu_kernarg_image(struct kiln_amdgpu_device *dev, const struct kiln_amdgpu_kernel *k,
                              const struct kiln_amdgpu_launch *launch,
                              const struct kiln_amdgpu_grid *g, uint8_t *image);
/* Code address, RSRC1-3 with the launch's LDS and scratch, resource limits
 * and the scratch ring sized for this dispatch alone. */
int kiln_amdgpu_switch_compute_shader(struct kiln_amdgpu_device *dev,
                                      const struct kiln_amdgpu_kernel *k,
                                      const struct kiln_amdgpu_grid *g, int lds,
                                      struct kiln_pm4_dispatch *d);
/* The user SGPRs and the grid. */
void kiln_amdgpu_setup_user_data(const struct kiln_amdgpu_grid *g, uint64_t kernarg_va,
                                 struct kiln_pm4_dispatch *d);

/* A dispatch's need of the scratch ring (0 waves: none). */
struct kiln_amdgpu_scratch {
   uint64_t bytes;          /* the ring it needs */
   uint32_t waves_field;    /* COMPUTE_TMPRING_SIZE.WAVES */
   uint32_t wavesize_field; /* COMPUTE_TMPRING_SIZE.WAVESIZE */
};
int kiln_amdgpu_scratch_need(struct kiln_amdgpu_device *dev, const struct kiln_amdgpu_kernel *k,
                             uint64_t total_waves, struct kiln_amdgpu_scratch *need);
int kiln_amdgpu_scratch_ring(struct kiln_amdgpu_device *dev, const char *name,
                             const struct kiln_amdgpu_scratch *need, uint64_t *va,
                             uint32_t *tmpring);

#endif
