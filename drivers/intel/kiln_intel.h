/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * drivers/intel: kiln's submission layer for Intel Gen12 (Tiger Lake) and
 * Gen12.5 (DG2) through either Intel kernel driver, i915 or xe, the same
 * small shape as drivers/amdgpu: a device (a render node and its
 * description from Mesa's intel_device_info), buffer objects placed at
 * addresses kiln chooses in the 48-bit address space (softpinned on i915,
 * bound into kiln's VM with XE_VM_BIND on xe), and one dispatch: a batch
 * buffer with the compute state and walker the GFX version needs, packed
 * with Mesa's genxml headers (STATE_BASE_ADDRESS, then MEDIA_VFE_STATE,
 * MEDIA_CURBE_LOAD, MEDIA_INTERFACE_DESCRIPTOR_LOAD and GPGPU_WALKER on
 * Gen12, CFE_STATE and COMPUTE_WALKER on Gen12.5, PIPE_CONTROL flushes and
 * a fence write; a scratch buffer when the kernel needs one; a walker per
 * region of whole or partial work-groups when the local size does not
 * divide the global size), submitted on the render engine (I915_GEM_EXECBUFFER2, or
 * XE_EXEC on an exec queue) and waited for (I915_GEM_WAIT, or the syncobj
 * the exec signals).  Push constants follow include/kiln_intel_abi.h.  It
 * knows nothing of the compiler: a launch is described by plain values.
 *
 * No Intel GPU has run this code: it is checked through noop render nodes
 * (Mesa's Intel drm-shim for i915, kiln's own for xe in tests/drivers/intel) and
 * Mesa's batch decoder.
 */
#ifndef KILN_INTEL_H
#define KILN_INTEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct intel_device_info;
struct kiln_intel_device;
struct kiln_intel_scratch;

struct kiln_intel_bo {
   uint32_t handle;
   uint64_t size;
   uint64_t address; /* GPU address (softpinned or VM-bound) */
   void *map;
};

/* Opens path, or the first render node the i915 or xe driver answers on
 * when path is NULL or "" (the environment is not read here: src/device
 * reads KILN_DEVICE); 0 on success, else a negative errno with a message
 * in err.
 * KILN_DEBUG=driver prints what the device opens, submits and waits for. */
int kiln_intel_device_open(const char *path, struct kiln_intel_device **dev, char *err,
                           size_t err_size);
void kiln_intel_device_close(struct kiln_intel_device *dev);
const struct intel_device_info *kiln_intel_device_info(const struct kiln_intel_device *dev);
/* The message of the last call that failed on dev ("" if none): every
 * call but kiln_intel_device_open returns 0 or a negative errno and keeps
 * its message here, as drivers/amdgpu does. */
const char *kiln_intel_device_error(const struct kiln_intel_device *dev);
/* The kernel driver behind the device: "i915" or "xe". */
const char *kiln_intel_device_kmd_name(const struct kiln_intel_device *dev);

int kiln_intel_bo_create(struct kiln_intel_device *dev, uint64_t size, struct kiln_intel_bo **bo);
void kiln_intel_bo_destroy(struct kiln_intel_device *dev, struct kiln_intel_bo *bo);

/* One launch of a compiled kernel. */
struct kiln_intel_launch {
   const void *code; /* instructions, then constant data */
   unsigned code_size;
   unsigned const_data_offset;
   unsigned simd_width;            /* 8, 16 or 32 */
   unsigned push_bytes;            /* cross-thread push constants */
   unsigned per_thread_push_bytes; /* Gen12: the sub-group index's GRF */
   unsigned slm_bytes;
   unsigned scratch_bytes_per_thread; /* brw's total_scratch; 0 for none */
   bool uses_barrier;
   /* The kernarg bytes (explicit arguments; the implicit ones are filled
    * here at implicit_offset, kiln_amd_abi.h's layout) */
   const void *kernarg;
   unsigned kernarg_size;
   unsigned kernarg_alloc_size;
   unsigned implicit_offset;
   unsigned work_dim;
   unsigned global_size[3];
   unsigned local_size[3];
   unsigned global_offset[3];
   /* The rest of kiln_implicit_args, 0 when the kernel has none: the
    * printf buffer, and the program's __global variables.  Their buffers
    * go in bos too. */
   uint64_t printf_buffer;
   uint32_t printf_buffer_size;
   uint64_t globals;
   /* The buffers the kernel reaches, made resident for the batch. */
   struct kiln_intel_bo **bos;
   unsigned num_bos;
};

/* What a submission left behind: its batch and state, for waiting and
 * for inspection (the tests decode the batch). */
struct kiln_intel_submission {
   struct kiln_intel_bo *batch;
   unsigned batch_bytes;
   struct kiln_intel_bo *instructions;     /* the kernel's code */
   struct kiln_intel_bo *state;            /* dynamic state: descriptor, push constants */
   struct kiln_intel_bo *fence;            /* the batch's last PIPE_CONTROL writes 1 here */
   struct kiln_intel_bo *scratch;          /* the kernel's scratch space, or NULL */
   struct kiln_intel_scratch *scratch_ref; /* drivers/intel's hold on it */
   uint64_t seqno;                         /* xe: the exec's point on the device's timeline */
};

/* Builds and submits the launch; 0 on success, else a negative errno with
 * the message in kiln_intel_device_error(). */
int kiln_intel_dispatch(struct kiln_intel_device *dev, const struct kiln_intel_launch *launch,
                        struct kiln_intel_submission *submission);

/* Waits for a submission (timeout in ns); 0 when it completed, -ETIME on
 * timeout, -EIO when the kernel driver reports the context was reset or
 * the exec queue banned (a hang), with the message in
 * kiln_intel_device_error(). */
int kiln_intel_wait(struct kiln_intel_device *dev, const struct kiln_intel_submission *submission,
                    int64_t timeout_ns);
void kiln_intel_submission_finish(struct kiln_intel_device *dev,
                                  struct kiln_intel_submission *submission);

#ifdef __cplusplus
}
#endif

#endif
