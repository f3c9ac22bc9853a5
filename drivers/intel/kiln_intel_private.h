/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * What drivers/intel's files share: the device, the operations each
 * kernel driver implements (kiln_intel_i915.c, kiln_intel_xe.c), and what
 * a batch is built from, laid out by kiln_intel_dispatch.c and packed by
 * the GFX version's kiln_intel_batch_genX.c (compiled once per version, as
 * Mesa's genX files are).
 */
#ifndef KILN_INTEL_PRIVATE_H
#define KILN_INTEL_PRIVATE_H

#include "kiln_intel.h"

#include "common/intel_bind_timeline.h"
#include "dev/intel_device_info.h"
#include "isl/isl.h"
#include "util/macros.h"

/* What differs between the kernel drivers.  Everything above them (the
 * address allocator, the batch, the launch) is shared. */
struct kiln_intel_kmd {
   const char *name; /* the DRM driver's name: "i915" or "xe" */
   /* What submissions need: an i915 context; an xe VM and exec queue. */
   int (*init)(struct kiln_intel_device *dev);
   void (*finish)(struct kiln_intel_device *dev);
   /* Creates bo->size bytes (it may round the size up), maps them at
    * bo->map and makes them reachable at bo->address; 0 or a negative
    * errno.  The other operations return 0 or a negative errno with a
    * message (kiln_intel_error). */
   int (*bo_create)(struct kiln_intel_device *dev, struct kiln_intel_bo *bo);
   void (*bo_destroy)(struct kiln_intel_device *dev, struct kiln_intel_bo *bo);
   /* Submits s's batch with the launch's buffers and s's own resident. */
   int (*submit)(struct kiln_intel_device *dev, struct kiln_intel_bo **bos, unsigned num_bos,
                 struct kiln_intel_submission *s);
   /* Waits for s: 0, -ETIME on timeout, else the negative errno. */
   int (*wait)(struct kiln_intel_device *dev, const struct kiln_intel_submission *s,
               int64_t timeout_ns);
   /* EIO when the kernel driver reset or banned kiln's context. */
   int (*reset_status)(struct kiln_intel_device *dev);
};

extern const struct kiln_intel_kmd kiln_intel_i915;
extern const struct kiln_intel_kmd kiln_intel_xe;

/* A scratch buffer and its per-thread size, shared by the device and
 * the launches that use it (kiln_intel_scratch.c). */
struct kiln_intel_scratch {
   struct kiln_intel_bo *bo;
   uint32_t per_thread;
   unsigned refs;
};

struct kiln_intel_device {
   int fd;
   bool debug;      /* KILN_DEBUG contains "driver" */
   char error[256]; /* the message of the last call that failed */
   const struct kiln_intel_kmd *kmd;
   struct intel_device_info info;
   struct isl_device isl;              /* Gen12.5's scratch surface state */
   uint32_t mocs;                      /* isl's MOCS for kiln's buffers (internal use) */
   uint64_t next_address;              /* the address allocator: addresses only grow */
   struct kiln_intel_scratch *scratch; /* the largest yet, or NULL */
   union {
      struct {
         uint32_t context;
      } i915;
      struct {
         uint32_t vm, exec_queue;
         uint32_t timeline; /* each exec signals the next point */
         uint64_t seqno;    /* the last point an exec took */
         struct intel_bind_timeline binds;
         uint32_t placement, create_flags;
         uint16_t cpu_caching, pat_index;
         uint32_t alignment; /* of bind addresses and sizes */
      } xe;
   };
};

/* kiln_intel_bo_create without clearing the bytes on the CPU: for
 * scratch, which the kernel writes before it reads and which may be
 * hundreds of MiB. */
int kiln_intel_bo_create_uncleared(struct kiln_intel_device *dev, uint64_t size,
                                   struct kiln_intel_bo **bo);

/* A reference to the device's scratch, of at least per_thread bytes a
 * thread (a power of two from 1 KiB); 0 or a negative errno. */
int kiln_intel_scratch_get(struct kiln_intel_device *dev, uint32_t per_thread,
                           struct kiln_intel_scratch **scratch);
/* Drops a reference; the last frees the buffer.  NULL is ignored. */
void kiln_intel_scratch_put(struct kiln_intel_device *dev, struct kiln_intel_scratch *scratch);

/* KILN_DEBUG=driver: a line on stderr, "kiln intel: ..." */
void kiln_intel_debug(const struct kiln_intel_device *dev, const char *fmt, ...) PRINTFLIKE(2, 3);

/* Keeps the message of a failed call in the device (KILN_DEBUG=driver
 * also prints it) and returns err, a negative errno. */
int kiln_intel_error(struct kiln_intel_device *dev, int err, const char *fmt, ...) PRINTFLIKE(3, 4);

/* One walker of a dispatch.  A launch whose global size some local size
 * does not divide is split, as Intel's own runtime splits it, into up to
 * eight walkers: in each dimension the whole groups, then the one partial
 * group, which runs as a smaller work-group of its own.  Group ids run
 * from start to end - 1 (the walkers' "Thread Group ID Starting" and
 * "Dimension" fields), so every group keeps its place in the grid. */
struct kiln_intel_walker {
   uint32_t local_size[3];
   uint32_t start[3], end[3];
   uint32_t threads, right_mask;
};

#define KILN_INTEL_MAX_WALKERS 8

/* One dispatch's state, as addresses and offsets into its buffers. */
struct kiln_intel_batch_input {
   uint64_t instruction_base; /* the code's buffer: kernel start pointers are offsets in it */
   uint32_t instruction_size;
   uint64_t state_base; /* dynamic (Gen12) or general (Gen12.5) state */
   uint32_t state_size;
   void *state_map;
   uint32_t idd_offset;  /* Gen12: where the walkers' interface descriptors go */
   uint32_t push_offset; /* the push constants, in the state buffer */
   uint32_t push_size;   /* cross-thread, then per-thread for each thread */
   uint32_t cross_thread_regs, per_thread_regs;
   uint32_t simd_width, max_threads; /* max_threads: of the largest walker's groups */
   struct kiln_intel_walker walkers[KILN_INTEL_MAX_WALKERS];
   unsigned num_walkers;
   uint32_t slm_bytes;
   bool uses_barrier;
   /* Scratch, when per_thread_scratch is non-zero (a power of two of at
    * least 1 KiB): Gen12 takes the buffer's address; Gen12.5 the offset of
    * its SURFTYPE_SCRATCH surface state from the state buffer, which is
    * then also the surface state base. */
   uint32_t per_thread_scratch;
   uint64_t scratch_address;
   uint32_t scratch_surface_offset;
   uint64_t fence_address;
   uint32_t mocs;
};

/* Pack the batch into batch (room for KILN_INTEL_BATCH_DWORDS dwords);
 * returns the dwords written, MI_BATCH_BUFFER_END included. */
#define KILN_INTEL_BATCH_DWORDS 512
unsigned gfx12_kiln_intel_emit_batch(const struct intel_device_info *info,
                                     const struct kiln_intel_batch_input *in, uint32_t *batch);
unsigned gfx125_kiln_intel_emit_batch(const struct intel_device_info *info,
                                      const struct kiln_intel_batch_input *in, uint32_t *batch);

#endif
