/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * What drivers/intel's files share: the device, and what a batch is built
 * from, laid out by kiln_intel_dispatch.c and packed by the GFX version's
 * kiln_intel_batch_genX.c (compiled once per version, as Mesa's genX
 * files are).
 */
#ifndef KILN_INTEL_PRIVATE_H
#define KILN_INTEL_PRIVATE_H

#include "kiln_intel.h"

#include "dev/intel_device_info.h"

struct kiln_intel_device {
   int fd;
   uint32_t context;
   struct intel_device_info info;
   uint32_t mocs;         /* isl's MOCS for kiln's buffers (internal use) */
   uint64_t next_address; /* the softpin allocator: addresses only grow */
};

/* One dispatch's state, as addresses and offsets into its buffers. */
struct kiln_intel_batch_input {
   uint64_t instruction_base; /* the code's buffer: kernel start pointers are offsets in it */
   uint32_t instruction_size;
   uint64_t state_base;       /* dynamic (Gen12) or general (Gen12.5) state */
   uint32_t state_size;
   void *state_map;
   uint32_t idd_offset;       /* Gen12: where the interface descriptor goes */
   uint32_t push_offset;      /* the push constants, in the state buffer */
   uint32_t push_size;        /* cross-thread, then per-thread for each thread */
   uint32_t cross_thread_regs, per_thread_regs;
   uint32_t simd_width, threads, right_mask;
   uint32_t local_size[3], groups[3];
   uint32_t slm_bytes;
   bool uses_barrier;
   uint64_t fence_address;
   uint32_t mocs;
};

/* Submits the batch of s with the launch's buffers resident. */
int kiln_intel_submit(struct kiln_intel_device *dev, struct kiln_intel_bo **bos,
                      unsigned num_bos, const struct kiln_intel_submission *s, char *err,
                      size_t err_size);

/* Pack the batch into batch (room for KILN_INTEL_BATCH_DWORDS dwords);
 * returns the dwords written, MI_BATCH_BUFFER_END included. */
#define KILN_INTEL_BATCH_DWORDS 256
unsigned gfx12_kiln_intel_emit_batch(const struct intel_device_info *info,
                                   const struct kiln_intel_batch_input *in, uint32_t *batch);
unsigned gfx125_kiln_intel_emit_batch(const struct intel_device_info *info,
                                   const struct kiln_intel_batch_input *in, uint32_t *batch);

#endif
