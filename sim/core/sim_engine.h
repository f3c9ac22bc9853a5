/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Engine-private declarations: how the instruction families bind their
 * semantics to opcodes (by name, through enum sim_op), their operand
 * printers, and the workgroup structure the memory families use.  Not for
 * the vector ALU, which only needs sim_core.h.
 */
#ifndef SIM_ENGINE_H
#define SIM_ENGINE_H

#include "sim_core.h"

/* One opcode's semantics; family tables end with fn == NULL. */
struct sim_op_impl {
   uint16_t op; /* enum sim_op */
   sim_exec_fn fn;
};

extern const struct sim_op_impl sim_sop_impls[];
extern const struct sim_op_impl sim_sopp_impls[];
extern const struct sim_op_impl sim_smem_impls[];

/* Vector memory families bind by the generated opcode descriptors
 * (sim_mem_ops, sim_opcodes[].flags): they fill the exec table for the
 * opcodes they know. */
void sim_flat_bind(sim_exec_fn *table);
void sim_ds_bind(sim_exec_fn *table);
void sim_buf_bind(sim_exec_fn *table);
/* The texture unit's MIMG opcodes (sim_mem_image.c), and the address
 * VGPRs an image instruction reads. */
void sim_image_bind(sim_exec_fn *table);
unsigned sim_mimg_addr_regs(const struct sim_inst *in);

/* Operand printers per family (sim_disasm.c). */
void sim_disasm_sop1(const struct sim_inst *in, char *buf, size_t size);
void sim_disasm_sop2(const struct sim_inst *in, char *buf, size_t size);
void sim_disasm_sopk(const struct sim_inst *in, char *buf, size_t size);
void sim_disasm_sopc(const struct sim_inst *in, char *buf, size_t size);
void sim_disasm_sopp(const struct sim_inst *in, char *buf, size_t size);
void sim_disasm_smem(const struct sim_inst *in, char *buf, size_t size);
void sim_disasm_flat(const struct sim_inst *in, char *buf, size_t size);
void sim_disasm_ds(const struct sim_inst *in, char *buf, size_t size);
void sim_disasm_buf(const struct sim_inst *in, char *buf, size_t size);
void sim_disasm_mimg(const struct sim_inst *in, char *buf, size_t size);

/* Illegal word: the exec function of an instruction that did not decode. */
void sim_exec_illegal(struct sim_wave *w, const struct sim_inst *in);

/* A workgroup: LDS and barrier bookkeeping (sim_dispatch.c). */
struct sim_workgroup {
   uint8_t *lds;
   uint32_t lds_size;
   unsigned num_waves;
};

/* Disassembles into buf; returns size in dwords or 0. */
unsigned sim_disasm_words(const uint32_t *words, unsigned n, char *buf, size_t size);

#endif
