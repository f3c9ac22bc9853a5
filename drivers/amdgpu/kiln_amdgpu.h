/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * kiln's amdgpu submission layer: what the rest of kiln uses to open a
 * device, allocate GPU memory and run a compiled kernel on it.  The same
 * code drives a real amdgpu render node (drmIoctl) and the emulated gfx1030
 * (sim/, in-process); only the ioctl and mmap functions differ.
 *
 * Every call returns 0 or a negative errno; the device keeps a message for
 * the last failure (kiln_amdgpu_device_error()) that names the kernel,
 * argument, address or instruction at fault.  Dispatches follow the kernel
 * ABI in include/kiln_amd_abi.h.
 *
 * This header does not depend on the compiler: the caller describes a
 * kernel in the driver's terms (struct kiln_amdgpu_kernel_desc).
 *
 * A device and what was created on it are used by one thread at a time;
 * dispatches are synchronous (submitted, then waited for).
 */
#ifndef KILN_AMDGPU_H
#define KILN_AMDGPU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct kiln_amdgpu_device;

/* What a dispatch may use: work-items in a group, and LDS bytes (static
 * plus __local arguments) of a group. */
#define KILN_AMDGPU_MAX_WORK_GROUP_SIZE 1024
#define KILN_AMDGPU_MAX_LDS_BYTES       (64 * 1024)

enum kiln_amdgpu_device_kind {
   KILN_AMDGPU_DEVICE_SIM,         /* the emulated gfx1030, in-process */
   KILN_AMDGPU_DEVICE_RENDER_NODE, /* an amdgpu /dev/dri/renderD* node */
};

struct kiln_amdgpu_device_info {
   enum kiln_amdgpu_device_kind kind;
   char name[64];                 /* "sim" or the render node's path */
   const char *target;            /* ISA name: "gfx900", "gfx1030", "gfx1100" */
   unsigned gfx_major, gfx_minor; /* 9.0, 10.3, 11.0 */
   uint32_t family;               /* AMDGPU_FAMILY_* */
   uint32_t external_rev;
   unsigned num_se, num_cu;
   unsigned wave_size; /* the default: 64 on GFX9, 32 on GFX10+ */
   uint64_t vram_size, visible_vram_size, gtt_size;
   uint64_t va_start, va_end; /* the range the VA allocator hands out */
};

/* Opens a device.  which: NULL or "" = the first amdgpu render node with a
 * supported GFX level, else the emulated gfx1030; "sim" = the emulated
 * device; a path = that render node.  The environment is not read here:
 * src/device reads KILN_DEVICE and names the device.  On failure msg
 * (when non-NULL) says why. */
int kiln_amdgpu_device_open(const char *which, struct kiln_amdgpu_device **dev, char *msg,
                            size_t msg_size);
/* Opens the first amdgpu render node with a supported GFX level, as
 * kiln_amdgpu_device_open(NULL) does before it falls back to the emulated
 * device; -ENODEV when there is none.  For callers that choose among
 * several kinds of device. */
int kiln_amdgpu_device_open_first_node(struct kiln_amdgpu_device **dev);
void kiln_amdgpu_device_close(struct kiln_amdgpu_device *dev);
const struct kiln_amdgpu_device_info *
kiln_amdgpu_device_get_info(const struct kiln_amdgpu_device *dev);
/* The message of the last call that failed on dev ("" if none). */
const char *kiln_amdgpu_device_error(const struct kiln_amdgpu_device *dev);

/* Host-side counters, for benchmarks: submissions and the time spent in the
 * CS ioctl (on the emulated device that includes executing the IB). */
struct kiln_amdgpu_device_stats {
   uint64_t submissions;
   uint64_t cs_ioctl_ns;
};
void kiln_amdgpu_device_get_stats(const struct kiln_amdgpu_device *dev,
                                  struct kiln_amdgpu_device_stats *stats);

/* Profiles of dispatches, on the emulated device only: while profiling is
 * on, every dispatch runs with the emulator's counters on, and
 * kiln_amdgpu_device_take_profile() hands over the profile of the oldest
 * dispatch not yet taken (sim's kiln_sim_profile.h, freed with
 * kiln_sim_profile_free()), or NULL.  A render node has no such counters:
 * -ENOTSUP. */
struct kiln_sim_profile;
int kiln_amdgpu_device_set_profiling(struct kiln_amdgpu_device *dev, bool on);
struct kiln_sim_profile *kiln_amdgpu_device_take_profile(struct kiln_amdgpu_device *dev);

/* A buffer object: GEM handle, GPU VA mapping and (when host-visible) a CPU
 * mapping, all made at creation and undone by kiln_amdgpu_bo_destroy(). */
struct kiln_amdgpu_bo {
   uint32_t handle;
   uint32_t domain; /* AMDGPU_GEM_DOMAIN_* it was created in */
   uint64_t size;   /* bytes, page-aligned */
   uint64_t va;     /* GPU virtual address */
   void *map;       /* CPU mapping, NULL if not host-visible */
};

enum kiln_amdgpu_bo_flags {
   KILN_AMDGPU_BO_HOST_VISIBLE = 1 << 0, /* CPU-mapped */
   KILN_AMDGPU_BO_EXECUTABLE = 1 << 1,   /* mapped with EXECUTABLE */
   KILN_AMDGPU_BO_READ_ONLY = 1 << 2,    /* GPU may only read it */
};

int kiln_amdgpu_bo_create(struct kiln_amdgpu_device *dev, uint64_t size, uint32_t flags,
                          struct kiln_amdgpu_bo **bo);
void kiln_amdgpu_bo_destroy(struct kiln_amdgpu_device *dev, struct kiln_amdgpu_bo *bo);

/* Maps bo at a caller-chosen GPU address as well (GEM_VA); for tests of
 * the VM and for callers that place buffers themselves. */
int kiln_amdgpu_bo_map_va(struct kiln_amdgpu_device *dev, struct kiln_amdgpu_bo *bo, uint64_t va);
int kiln_amdgpu_bo_unmap_va(struct kiln_amdgpu_device *dev, struct kiln_amdgpu_bo *bo, uint64_t va);

/* A compiled kernel, in the terms the dispatch needs (the compiler's
 * struct kiln_kernel carries the same fields). */
struct kiln_amdgpu_kernel_desc {
   const char *name;
   const uint32_t *code;
   unsigned code_size; /* bytes */
   uint32_t rsrc1, rsrc2, rsrc3;
   unsigned wave_size; /* 32 or 64 */
   unsigned lds_bytes; /* static LDS */
   unsigned scratch_bytes_per_lane;
   unsigned kernarg_size;            /* explicit arguments, bytes */
   unsigned reqd_work_group_size[3]; /* 0s when not given */
   unsigned max_work_group_size;     /* 0 = the device limit (1024) */
};

/* A kernel uploaded to the device: its code BO and its description. */
struct kiln_amdgpu_kernel;

int kiln_amdgpu_kernel_create(struct kiln_amdgpu_device *dev,
                              const struct kiln_amdgpu_kernel_desc *desc,
                              struct kiln_amdgpu_kernel **kernel);
void kiln_amdgpu_kernel_destroy(struct kiln_amdgpu_device *dev, struct kiln_amdgpu_kernel *kernel);

/* A __local pointer argument: the driver places `size` bytes of LDS after
 * the kernel's static LDS (and earlier local arguments), aligned to
 * `align` (0 = 16), and writes the 32-bit LDS offset at kernarg_offset. */
struct kiln_amdgpu_local_arg {
   unsigned kernarg_offset;
   unsigned size;
   unsigned align;
};

struct kiln_amdgpu_launch {
   unsigned work_dim;       /* 1, 2 or 3 */
   uint64_t global_size[3]; /* work-items; unused dimensions 1 */
   uint64_t global_offset[3];
   unsigned local_size[3]; /* 0s = chosen by the driver */
   const void *kernarg;    /* explicit arguments (kernarg_size bytes),
                              global pointers already filled in */
   const struct kiln_amdgpu_local_arg *local_args;
   unsigned num_local_args;
   /* LDS the caller has already laid out after the static LDS (its
    * __local argument offsets are in kernarg); local_args come after it. */
   unsigned extra_lds_bytes;
   struct kiln_amdgpu_bo *const *bos; /* buffers the kernel accesses */
   unsigned num_bos;
   uint64_t timeout_ns; /* 0 = 10 s */
   /* The printf buffer the kernel writes to (its layout in kiln_amd_abi.h),
    * also one of bos; 0 when the kernel calls no printf. */
   uint64_t printf_buffer_va;
   uint32_t printf_buffer_size;
   /* The buffer of the program's __global variables (kiln_amd_abi.h), also
    * one of bos; 0 when the program has none. */
   uint64_t globals_va;
   /* Device-side enqueue (kiln_amd_abi.h): the default device queue, also
    * one of bos, or 0; and the record the launch runs, + 1 (0 for the
    * host's own launches). */
   uint64_t device_queue_va;
   uint32_t device_record;
};

enum kiln_amdgpu_fault_kind {
   KILN_AMDGPU_FAULT_NONE = 0,
   KILN_AMDGPU_FAULT_VM,      /* access to an unmapped address */
   KILN_AMDGPU_FAULT_ILLEGAL, /* instruction the GPU cannot execute */
   KILN_AMDGPU_FAULT_HANG,    /* did not finish in time; context reset */
   KILN_AMDGPU_FAULT_OTHER,   /* the context was reset for another reason */
};

/* What went wrong in a dispatch that returned -EFAULT (fault) or -ETIME
 * (hang).  Fields the device cannot tell are 0 / empty. */
struct kiln_amdgpu_fault {
   enum kiln_amdgpu_fault_kind kind;
   uint64_t address; /* faulting GPU address */
   bool write;
   uint32_t vm_status;   /* AMDGPU_INFO_GPUVM_FAULT status */
   uint64_t pc;          /* GPU address of the instruction */
   uint64_t pc_offset;   /* its byte offset in the kernel's code */
   char instruction[96]; /* disassembled */
   char message[384];    /* one line naming all the above */
};

/* The launch geometry the driver derives (exposed for tests and tools). */
struct kiln_amdgpu_grid {
   unsigned work_dim;
   uint32_t global_size[3];
   uint32_t global_offset[3];
   uint32_t local_size[3];   /* the enqueued work-group size */
   uint32_t num_groups[3];   /* including a partial last group */
   uint32_t partial_size[3]; /* size of the last group; 0 = full */
};

/* Checks the launch against the ABI's limits and the kernel's and fills
 * grid; chooses the work-group size when launch->local_size is all 0. */
int kiln_amdgpu_grid_compute(struct kiln_amdgpu_device *dev,
                             const struct kiln_amdgpu_kernel *kernel,
                             const struct kiln_amdgpu_launch *launch,
                             struct kiln_amdgpu_grid *grid);

/* Device-side enqueue (OpenCL C 2.0 6.13.17): a device queue is a BO laid
 * out as kiln_device_queue_abi.h says, into which kernels write launch
 * records; after a launch that may enqueue, the driver drains it. */

/* Writes an empty queue of the given capacities into bo (host-visible, at
 * least kiln_amdgpu_device_queue_size() bytes). */
uint64_t kiln_amdgpu_device_queue_size(uint32_t records, uint32_t events, uint32_t heap_bytes);
void kiln_amdgpu_device_queue_init(struct kiln_amdgpu_bo *bo, uint32_t records, uint32_t events,
                                   uint32_t heap_bytes);
/* Empties an initialised queue for the next launch tree. */
void kiln_amdgpu_device_queue_reset(struct kiln_amdgpu_bo *bo);

/* The kernels a record may name, by index: how to pass a block its
 * literal and __local arguments (kiln_amd_abi.h). */
struct kiln_amdgpu_block_kernel {
   const struct kiln_amdgpu_kernel *kernel; /* NULL: no block's kernel */
   unsigned literal_offset;                 /* kernarg offset of the literal's address */
   unsigned num_local_args;
   unsigned local_offsets[4]; /* KILN_DQ_MAX_LOCAL_ARGS */
   /* The block's own printf buffer (its records use its own formats), or
    * NULL for the launch's. */
   struct kiln_amdgpu_bo *printf_bo;
   uint32_t printf_buffer_size;
   /* The block's __constant data, whose address goes to kernarg offset
    * constant_offset (Rusticl's constant_buffer_addr input), or NULL. */
   struct kiln_amdgpu_bo *constant_bo;
   unsigned constant_offset;
};

struct kiln_amdgpu_drain_stats {
   unsigned rounds;      /* rounds that dispatched something */
   unsigned dispatches;  /* kernel records run */
   unsigned markers;     /* marker records completed */
   uint64_t host_ns;     /* the whole drain, on the host's clock */
   uint64_t dispatch_ns; /* of which in dispatches */
};

/* Runs the records the launch `base` left in queue (base names its
 * buffers, printf buffer and globals, which the children share, and the
 * queue among bos) in rounds, each dispatching every kernel record whose
 * wait list is complete, until the whole tree is complete: then every
 * event is complete, and the profiling values asked for are written.
 * Returns 0; -EFAULT/-ETIME for a fault or hang in a child (fault filled
 * in); -EINVAL for a record no round can run (a wait that is never
 * complete) or that names no block kernel, with a message naming it. */
int kiln_amdgpu_device_queue_drain(struct kiln_amdgpu_device *dev, struct kiln_amdgpu_bo *queue,
                                   const struct kiln_amdgpu_block_kernel *kernels,
                                   unsigned num_kernels, const struct kiln_amdgpu_launch *base,
                                   struct kiln_amdgpu_drain_stats *stats,
                                   struct kiln_amdgpu_fault *fault);

/* Runs the kernel to completion: builds the kernarg buffer and the PM4
 * command stream, submits, waits.  Returns 0, -EINVAL/-E2BIG for a launch
 * the kernel or the ABI cannot take, -EFAULT for a GPU fault and -ETIME for
 * a hang (fault, when non-NULL, filled in; the device stays usable), or
 * another negative errno from the kernel driver. */
int kiln_amdgpu_dispatch(struct kiln_amdgpu_device *dev, const struct kiln_amdgpu_kernel *kernel,
                         const struct kiln_amdgpu_launch *launch, struct kiln_amdgpu_fault *fault);

#ifdef __cplusplus
}
#endif

#endif
