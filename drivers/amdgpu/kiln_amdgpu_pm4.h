/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The compute command stream of one dispatch, as PM4 type-3 packets: the
 * register state (SET_SH_REG), the cache invalidation before it and the
 * end-of-pipe fence after it.  Pure functions over a dword array, with no
 * device behind them, so the stream can be built and decoded in unit tests
 * (tests/drivers/amdgpu/test_pm4.c checks it against sid.h's field macros).
 */
#ifndef KILN_AMDGPU_PM4_H
#define KILN_AMDGPU_PM4_H

#include <stdbool.h>
#include <stdint.h>

#include "amd_family.h"
#include "kiln_amd_abi.h"

struct kiln_pm4 {
   uint32_t *buf;
   unsigned cdw;
   unsigned max_dw;
   bool overflow; /* set when a packet did not fit */
};

/* Everything the hardware needs for one compute dispatch, in register terms. */
struct kiln_pm4_dispatch {
   enum amd_gfx_level gfx_level;
   uint64_t pgm_va; /* 256-byte aligned */
   uint32_t rsrc1, rsrc2, rsrc3;
   uint32_t user_data[KILN_ABI_NUM_USER_SGPRS]; /* struct kiln_user_sgprs */
   uint32_t block[3];                           /* work-group size */
   uint32_t partial[3];                         /* size of the last group; 0 = full */
   uint32_t grid[3];                            /* work-groups, counting a partial one */
   unsigned wave_size;
   uint64_t scratch_va;      /* 0 when the kernel has no scratch */
   uint32_t tmpring_size;    /* COMPUTE_TMPRING_SIZE */
   uint32_t resource_limits; /* COMPUTE_RESOURCE_LIMITS */
   uint64_t fence_va;        /* RELEASE_MEM writes fence_value here */
   uint64_t fence_value;
};

void kiln_pm4_init(struct kiln_pm4 *cs, uint32_t *buf, unsigned max_dw);
void kiln_pm4_set_sh_regs(struct kiln_pm4 *cs, unsigned reg, const uint32_t *values,
                          unsigned count);
void kiln_pm4_set_sh_reg(struct kiln_pm4 *cs, unsigned reg, uint32_t value);
/* Invalidates instruction, scalar, vector and L2 caches (and writes L2
 * back) so the dispatch sees what the host wrote. */
void kiln_pm4_emit_cache_invalidate(struct kiln_pm4 *cs, enum amd_gfx_level gfx_level);
/* End-of-pipe event that writes back L2 and then a 64-bit value. */
void kiln_pm4_emit_release_fence(struct kiln_pm4 *cs, enum amd_gfx_level gfx_level, uint64_t va,
                                 uint64_t value);
/* Pads with a NOP packet to a multiple of 8 dwords (the CP fetch size). */
void kiln_pm4_pad(struct kiln_pm4 *cs);

/* COMPUTE_DISPATCH_INITIATOR for the dispatch. */
uint32_t kiln_pm4_dispatch_initiator(const struct kiln_pm4_dispatch *d);

/* The whole stream of one dispatch; returns false if it did not fit. */
bool kiln_pm4_emit_dispatch(struct kiln_pm4 *cs, const struct kiln_pm4_dispatch *d);

#endif
