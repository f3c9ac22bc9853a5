/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * What the vector memory families share: a descriptor per memory opcode
 * derived from its name (load/store/atomic, element size, sign or zero
 * extension, d16 halves, data dwords), the atomic operations, and per-lane
 * access to the three address spaces a lane can reach (global through the
 * VM, the workgroup's LDS, and the wave's swizzled scratch).
 */
#ifndef SIM_MEM_H
#define SIM_MEM_H

#include "sim_engine.h"

enum sim_mem_kind {
   SIM_MEM_NONE = 0,
   SIM_MEM_LOAD,
   SIM_MEM_STORE,
   SIM_MEM_ATOMIC,
};

enum sim_atomic {
   SIM_AT_SWAP, SIM_AT_CMPSWAP, SIM_AT_ADD, SIM_AT_SUB, SIM_AT_RSUB,
   SIM_AT_SMIN, SIM_AT_UMIN, SIM_AT_SMAX, SIM_AT_UMAX, SIM_AT_AND,
   SIM_AT_OR, SIM_AT_XOR, SIM_AT_INC, SIM_AT_DEC, SIM_AT_FMIN, SIM_AT_FMAX,
   SIM_AT_FADD, SIM_AT_FCMPSWAP, SIM_AT_MSKOR, SIM_AT_CSUB,
};

struct sim_mem_op {
   uint8_t kind;       /* enum sim_mem_kind */
   uint8_t bytes;      /* element bytes: 1, 2, or 4 (then dwords of them) */
   uint8_t dwords;     /* dwords moved per lane (value dwords for atomics) */
   uint8_t atomic;     /* enum sim_atomic */
   bool sext, d16, hi; /* sign-extend; d16 half-register; its high half */
   bool rtn;           /* DS atomics: returns the old value */
};

/* Filled once from the opcode names (sim_mem.c). */
extern struct sim_mem_op sim_mem_ops[SIM_OP_COUNT];
void sim_mem_init(void);

enum sim_seg {
   SIM_SEG_GLOBAL,
   SIM_SEG_LDS,
   SIM_SEG_SCRATCH,
};

/* Per-lane byte access in a segment; false after a VM fault (LDS and
 * scratch bounds: out-of-range LDS reads give 0 and writes are dropped,
 * as the ISA defines). */
bool sim_seg_read(struct sim_wave *w, enum sim_seg seg, uint64_t addr, unsigned lane,
                  void *dst, unsigned bytes);
bool sim_seg_write(struct sim_wave *w, enum sim_seg seg, uint64_t addr, unsigned lane,
                   const void *src, unsigned bytes);

/* The new memory value of an atomic; 64-bit when is64. */
uint64_t sim_atomic_apply(enum sim_atomic op, bool is64, uint64_t old, uint64_t src,
                          uint64_t cmp);

/* Read-modify-write of one lane's atomic; returns false after a fault.
 * *old gets the value before the operation.  Global memory is updated
 * with a host compare-and-swap (workgroups run on several host threads);
 * LDS and scratch belong to one thread. */
bool sim_seg_atomic(struct sim_wave *w, enum sim_seg seg, uint64_t addr, unsigned lane,
                    enum sim_atomic op, bool is64, uint64_t src, uint64_t cmp,
                    uint64_t *old);

/* Loads/stores of one lane between memory and VGPRs, per the descriptor:
 * the register is vdst for loads, vdata for stores. */
bool sim_lane_load(struct sim_wave *w, const struct sim_mem_op *m, enum sim_seg seg,
                   uint64_t addr, unsigned lane, unsigned vdst);
bool sim_lane_store(struct sim_wave *w, const struct sim_mem_op *m, enum sim_seg seg,
                    uint64_t addr, unsigned lane, unsigned vdata);
/* A lane's atomic with data in vdata (cmpswap: src then cmp) and the old
 * value to vdst when rtn. */
bool sim_lane_atomic(struct sim_wave *w, const struct sim_mem_op *m, enum sim_seg seg,
                     uint64_t addr, unsigned lane, unsigned vdata, unsigned vdst, bool rtn);

/* MUBUF/MTBUF: the lane's address through the V# in in->buf.srsrc, or
 * false when out of bounds (sim_mem_buf.c). */
bool sim_buf_address(const struct sim_wave *w, const struct sim_inst *in, unsigned lane,
                     unsigned bytes, uint64_t *addr);
/* Binds the formatted buffer opcodes (sim_mem_format.c). */
void sim_format_bind(sim_exec_fn *table);

#endif
