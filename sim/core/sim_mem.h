/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * What the vector memory families share: the atomic operations and
 * per-lane access to the three address spaces a lane can reach (global
 * through the VM, the workgroup's LDS, and the wave's swizzled scratch),
 * driven by the descriptor generated for each memory opcode (load, store
 * or atomic, element size, sign or zero extension, d16 halves, data
 * dwords, DS pair stride).
 */
#ifndef SIM_MEM_H
#define SIM_MEM_H

#include "sim_engine.h"

/* The per-opcode descriptors (struct sim_mem_op, enum sim_mem_kind, enum
 * sim_atomic) are generated with the opcode table: sim_mem_ops[op] in
 * sim_opcodes.h. */

enum sim_seg {
   SIM_SEG_GLOBAL,
   SIM_SEG_LDS,
   SIM_SEG_SCRATCH,
};

/* Per-lane byte access in a segment; false after a VM fault (LDS and
 * scratch bounds: out-of-range LDS reads give 0 and writes are dropped,
 * as the ISA defines). */
bool sim_seg_read(struct sim_wave *w, enum sim_seg seg, uint64_t addr, unsigned lane, void *dst,
                  unsigned bytes);
bool sim_seg_write(struct sim_wave *w, enum sim_seg seg, uint64_t addr, unsigned lane,
                   const void *src, unsigned bytes);

/* Whether sim_seg_read or sim_seg_write of the lane would raise a VM
 * fault, found without raising it (LDS never faults): for the
 * translator, which runs an access only when no lane would. */
bool sim_seg_would_fault(struct sim_wave *w, enum sim_seg seg, uint64_t addr, unsigned lane,
                         unsigned bytes, bool write);

/* The new memory value of an atomic; 64-bit when is64. */
uint64_t sim_atomic_apply(enum sim_atomic op, bool is64, uint64_t old, uint64_t src, uint64_t cmp);

/* Read-modify-write of one lane's atomic; returns false after a fault.
 * *old gets the value before the operation.  Global memory is updated
 * with a host compare-and-swap (workgroups run on several host threads);
 * LDS and scratch belong to one thread. */
bool sim_seg_atomic(struct sim_wave *w, enum sim_seg seg, uint64_t addr, unsigned lane,
                    enum sim_atomic op, bool is64, uint64_t src, uint64_t cmp, uint64_t *old);

/* Loads/stores of one lane between memory and VGPRs, per the descriptor:
 * the register is vdst for loads, vdata for stores. */
bool sim_lane_load(struct sim_wave *w, const struct sim_mem_op *m, enum sim_seg seg, uint64_t addr,
                   unsigned lane, unsigned vdst);
bool sim_lane_store(struct sim_wave *w, const struct sim_mem_op *m, enum sim_seg seg, uint64_t addr,
                    unsigned lane, unsigned vdata);
/* A lane's atomic with data in vdata (cmpswap: src then cmp) and the old
 * value to vdst when rtn. */
bool sim_lane_atomic(struct sim_wave *w, const struct sim_mem_op *m, enum sim_seg seg,
                     uint64_t addr, unsigned lane, unsigned vdata, unsigned vdst, bool rtn);

/* MUBUF/MTBUF: the lane's address through the V# in in->buf.srsrc, or
 * false when out of bounds (sim_mem_buf.c). */
bool sim_buf_address(const struct sim_wave *w, const struct sim_inst *in, unsigned lane,
                     unsigned bytes, uint64_t *addr);
/* Whether a FLAT, GLOBAL or SCRATCH load or store would raise a VM fault
 * on one of the active lanes, found without raising it (sim_mem_flat.c). */
bool sim_flat_would_fault(struct sim_wave *w, const struct sim_inst *in);
/* Whether a MUBUF load or store (not formatted) would raise a VM fault on
 * one of the active lanes, found without raising it: the translator runs
 * the instruction only when not (sim_mem_buf.c). */
bool sim_buf_would_fault(struct sim_wave *w, const struct sim_inst *in);
/* Binds the formatted buffer opcodes (sim_mem_format.c). */
void sim_format_bind(sim_exec_fn *table);

#endif
