/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The emulated gfx1030's command processor: it walks the PM4 type-3
 * packets of an indirect buffer the way the CP's micro engine does, keeps
 * the compute (SH) register state they program, and turns each
 * DISPATCH_DIRECT / DISPATCH_INDIRECT into one struct kiln_sim_dispatch.
 *
 * Memory and the shader engine are reached through the callbacks of
 * struct sim_pm4_env, so the processor can be driven by the amdgpu UAPI
 * (sim_amdgpu_cs.c) or by a unit test that records the dispatches it
 * would launch.
 */
#ifndef SIM_PM4_H
#define SIM_PM4_H

#include <stdbool.h>
#include <stdint.h>

#include "kiln_sim.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Size of the SH register space (COMPUTE_* live there), in dwords. */
#define SIM_PM4_SH_REG_DWORDS 0x400

/* The GPU addresses the CP sees are 48 bits wide; user space and the
 * mappings use their sign-extended 64-bit form. */
static inline uint64_t
sim_pm4_canonical_va(uint64_t va)
{
   return (uint64_t)((int64_t)(va << 16) >> 16);
}

struct sim_pm4_env {
   void *data;
   /* Host pointer for [va, va + size) when it lies in one mapping that
    * allows the access, NULL otherwise. */
   void *(*translate)(void *data, uint64_t va, uint64_t size, bool write);
   /* Runs one dispatch; returns 0 or a negative errno with *fault set. */
   int (*dispatch)(void *data, const struct kiln_sim_dispatch *dispatch,
                   struct kiln_sim_fault *fault);
   /* The GPU timestamp counter (RELEASE_MEM / COPY_DATA timestamps). */
   uint64_t (*timestamp)(void *data);
};

struct sim_pm4 {
   struct sim_pm4_env env;
   uint32_t sh_regs[SIM_PM4_SH_REG_DWORDS];
   uint64_t indirect_base; /* SET_BASE(INDIRECT_BASE), for DISPATCH_INDIRECT */
   uint64_t dispatch_count;
   uint64_t packet_budget; /* packets one submission may execute; 0 = default */
};

void sim_pm4_init(struct sim_pm4 *cp, const struct sim_pm4_env *env);

/* Executes the IB of size_dw dwords at GPU address va. Returns 0, or a
 * negative errno with *fault describing the first error: -EFAULT for a
 * memory fault or a faulting dispatch, -EINVAL for a malformed or unknown
 * packet (fault->kind KILN_SIM_FAULT_INVALID), -ETIME when the packet
 * budget ran out (KILN_SIM_FAULT_HANG). */
int sim_pm4_execute_ib(struct sim_pm4 *cp, uint64_t va, uint32_t size_dw,
                       struct kiln_sim_fault *fault);

/* Builds the dispatch described by the SH registers in sh_regs and the
 * DISPATCH_* packet's dimensions and DISPATCH_INITIATOR. Returns 0, or
 * -EINVAL with a message in err (err_size bytes) for a dispatch the
 * hardware cannot launch (e.g. a zero thread-group size).
 * out->group_count is 0 in every dimension when nothing is to run. */
int sim_pm4_build_dispatch(const uint32_t *sh_regs, const uint32_t dim[3], uint32_t initiator,
                           struct kiln_sim_dispatch *out, char *err, unsigned err_size);

#ifdef __cplusplus
}
#endif

#endif
