/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Internal interface of the emulated gfx1030 shader engine: the state of a
 * wave, the pre-decoded instruction, the operand helpers every instruction
 * family shares, and the hooks between the engine and the vector ALU.
 *
 * Ownership: everything here belongs to the shader engine (sim/core),
 * except the section marked "VECTOR ALU", whose functions are implemented
 * in sim/core/valu/ (VOP1, VOP2, VOPC, VOP3a/b, VOP3P, DPP, SDWA and the
 * floating-point semantics).  The engine decodes every scalar, memory and
 * control encoding itself and hands any dword it does not own to
 * sim_valu_decode(); the VALU code fills the sim_inst (size, literal,
 * descriptor, fields, exec function) and the engine runs it like any other.
 *
 * Execution model: a decoded program is an array of sim_inst indexed by
 * (pc - base) / 4, decoded once.  Before an instruction's exec function is
 * called, w->pc holds its address and w->next_pc the address after it; a
 * branch writes w->next_pc.  An exec function that stops the wave (end of
 * program, barrier, fault) sets w->state.  Lanes are looped over
 * sim_exec_mask(w).  The decode cache is per host thread and dispatch
 * (sim_icache.h).
 *
 * Opcode names, families and GFX10 opcode numbers come from Mesa ACO's
 * aco_opcodes.py through sim_opcodes_gen.py (sim_opcodes.h: enum sim_op,
 * sim_opcodes[], sim_op_find()), together with what the families need to
 * know of each opcode (operand register counts and layouts, the memory
 * descriptors sim_mem_ops[]): no opcode name is parsed at run time.
 * kiln_sim_disasm prints "name operands"; each family provides the operand
 * text through sim_inst.disasm.
 */
#ifndef SIM_CORE_H
#define SIM_CORE_H

#include <stdalign.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <inttypes.h>
#include <stdint.h>
#include <string.h>

#include "kiln_sim.h"
#include "sim_opcodes.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SIM_LIKELY(x)   __builtin_expect(!!(x), 1)
#define SIM_UNLIKELY(x) __builtin_expect(!!(x), 0)

/* ---------------------------------------------------------------------- */
/* Operand encodings (9-bit source fields; 0-255 also for scalar fields). */

enum {
   SIM_SRC_SGPR_MAX = 105, /* s0..s105 */
   SIM_SRC_VCC_LO = 106,
   SIM_SRC_VCC_HI = 107,
   SIM_SRC_TTMP0 = 108, /* ttmp0..ttmp15 = 108..123 */
   SIM_SRC_M0 = 124,
   SIM_SRC_NULL = 125,
   SIM_SRC_EXEC_LO = 126,
   SIM_SRC_EXEC_HI = 127,
   SIM_SRC_ZERO = 128, /* 128..192 = 0..64 */
   SIM_SRC_NEG1 = 193, /* 193..208 = -1..-16 */
   SIM_SRC_SHARED_BASE = 235,
   SIM_SRC_SHARED_LIMIT = 236,
   SIM_SRC_PRIVATE_BASE = 237,
   SIM_SRC_PRIVATE_LIMIT = 238,
   SIM_SRC_POPS_EXITING_WAVE_ID = 239,
   SIM_SRC_HALF = 240, /* 240..248: 0.5 -0.5 1.0 -1.0 2.0 -2.0 4.0 -4.0 1/(2pi) */
   SIM_SRC_INV_2PI = 248,
   SIM_SRC_DPP8 = 233, /* VALU src0 selectors (VALU engineer) */
   SIM_SRC_DPP8FI = 234,
   SIM_SRC_SDWA = 249,
   SIM_SRC_DPP = 250,
   SIM_SRC_VCCZ = 251,
   SIM_SRC_EXECZ = 252,
   SIM_SRC_SCC = 253,
   SIM_SRC_LDS_DIRECT = 254,
   SIM_SRC_LITERAL = 255,
   SIM_SRC_VGPR0 = 256, /* 256..511 = v0..v255 */
};

/* Hardware register ids for s_getreg/s_setreg on gfx10 (simm16[5:0]). */
enum sim_hwreg {
   SIM_HWREG_MODE = 1,
   SIM_HWREG_STATUS = 2,
   SIM_HWREG_TRAPSTS = 3,
   SIM_HWREG_HW_ID = 4,
   SIM_HWREG_GPR_ALLOC = 5,
   SIM_HWREG_LDS_ALLOC = 6,
   SIM_HWREG_IB_STS = 7,
   SIM_HWREG_SH_MEM_BASES = 15,
   SIM_HWREG_FLAT_SCR_LO = 20,
   SIM_HWREG_FLAT_SCR_HI = 21,
   SIM_HWREG_XNACK_MASK = 22,
   SIM_HWREG_HW_ID1 = 23,
   SIM_HWREG_HW_ID2 = 24,
   SIM_HWREG_POPS_PACKER = 25,
   SIM_HWREG_SHADER_CYCLES = 29,
   SIM_HWREG_COUNT = 32,
};

/* MODE register fields (gfx10): what the VALU's fp semantics consult. */
#define SIM_MODE_FP_ROUND_F32(m)     ((m)&0x3) /* 0 nearest-even, 1 +inf, 2 -inf, 3 zero */
#define SIM_MODE_FP_ROUND_F64_F16(m) (((m) >> 2) & 0x3)
#define SIM_MODE_FP_DENORM_F32(m)                                                                  \
   (((m) >> 4) & 0x3) /* 0 flush in+out, 1 allow in, 2 allow out, 3 allow both */
#define SIM_MODE_FP_DENORM_F64_F16(m) (((m) >> 6) & 0x3)
#define SIM_MODE_DX10_CLAMP           (1u << 8)
#define SIM_MODE_IEEE                 (1u << 9)
#define SIM_MODE_FP16_OVFL            (1u << 23)

/* STATUS bits the compiler can observe (s_getreg); SCC mirrors w->scc. */
#define SIM_STATUS_SCC        (1u << 0)
#define SIM_STATUS_EXECZ      (1u << 9)
#define SIM_STATUS_VCCZ       (1u << 10)
#define SIM_STATUS_IN_BARRIER (1u << 14)
#define SIM_STATUS_HALT       (1u << 13)

/* Flat apertures (what SH_MEM_BASES holds and src_shared_base etc.
 * read): a flat address whose top 16 bits match selects LDS or scratch.
 * The amdgpu kernel driver's values for the graphics VMIDs that command
 * submission uses (gmc_v10_0's shared_aperture_start and
 * private_aperture_start; the KFD's compute VMIDs use others). */
#define SIM_SHARED_APERTURE  0x2000000000000000ull
#define SIM_PRIVATE_APERTURE 0x1000000000000000ull
#define SIM_APERTURE_SIZE    0x0000000100000000ull

/* ---------------------------------------------------------------------- */
/* The pre-decoded instruction. */

struct sim_wave;
struct sim_inst;

typedef void (*sim_exec_fn)(struct sim_wave *w, const struct sim_inst *in);
/* Writes the operand text (what follows the name) of the instruction. */
typedef void (*sim_disasm_fn)(const struct sim_inst *in, char *buf, size_t size);

/* Decoded fields, one struct per encoding family; the VALU one is laid out
 * by and for the VALU engineer. */
struct sim_sop_fields { /* SOP1, SOP2, SOPK, SOPC, SOPP */
   uint16_t sdst;
   uint16_t ssrc0, ssrc1;
   uint16_t simm16;
};

struct sim_smem_fields {
   uint16_t sdata, sbase; /* sbase is the SGPR number (even) */
   uint16_t soffset;      /* SIM_SRC_NULL when absent */
   bool imm, glc, dlc;
   int32_t offset; /* 21-bit signed immediate */
};

struct sim_flat_fields {        /* FLAT, GLOBAL, SCRATCH */
   uint16_t vdst, vaddr, vdata; /* VGPR numbers 0..255 */
   uint16_t saddr;              /* SGPR pair, or SIM_SRC_NULL (0x7d/0x7f = off) */
   int16_t offset;              /* 12-bit signed (11-bit unsigned for FLAT) */
   bool glc, slc, dlc, lds, saddr_off;
   bool st_mode; /* GFX10.3 SCRATCH with SADDR 0x7f: neither
                    VADDR nor SADDR, the offset alone */
};

struct sim_ds_fields {
   uint16_t vdst, addr, data0, data1;
   uint16_t offset0, offset1; /* 8-bit each; offset0 | offset1 << 8 = 16-bit */
   bool gds;
};

struct sim_buf_fields {                   /* MUBUF, MTBUF */
   uint16_t vaddr, vdata, srsrc, soffset; /* srsrc = first SGPR of the V# */
   uint16_t offset;                       /* 12-bit unsigned */
   bool offen, idxen, glc, slc, dlc, lds, tfe;
   uint8_t format; /* MTBUF: gfx10 unified format */
};

struct sim_mimg_fields {
   uint16_t vdata, vaddr, srsrc, ssamp;
   uint8_t dmask, dim;
   uint8_t nsa;          /* NSA dwords: the address VGPRs after VADDR */
   uint8_t nsa_addr[12]; /* one VGPR per byte, in address order */
   bool unrm, glc, slc, dlc, r128, tfe, lwe, a16, d16;
};

/* VALU fields: filled by sim_valu_decode, read only by valu/ code. */
struct sim_valu_fields {
   uint16_t vdst;   /* VGPR number, or SGPR for v_readlane etc. */
   uint16_t sdst;   /* VOP3b / VOPC-in-VOP3 scalar destination */
   uint16_t src[3]; /* 9-bit source encodings */
   uint8_t neg, abs, opsel, clamp, omod;
   uint8_t neg_hi, opsel_hi;
   uint32_t aux[6]; /* DPP/SDWA/anything else the VALU needs */
};

struct sim_inst {
   sim_exec_fn exec;
   sim_disasm_fn disasm; /* NULL: print the name only */
   uint16_t op;          /* enum sim_op, or SIM_OP_COUNT if none */
   uint8_t format;       /* enum sim_format */
   uint8_t size;         /* dwords, including the literal */
   bool has_literal;
   uint32_t literal;
   uint32_t words[5]; /* the raw dwords (up to size) */
   union {
      struct sim_sop_fields sop;
      struct sim_smem_fields smem;
      struct sim_flat_fields flat;
      struct sim_ds_fields ds;
      struct sim_buf_fields buf;
      struct sim_mimg_fields mimg;
      struct sim_valu_fields valu;
   };
};

static inline const char *
sim_inst_name(const struct sim_inst *in)
{
   return in->op < SIM_OP_COUNT ? sim_opcodes[in->op].name : "<illegal>";
}

/* ---------------------------------------------------------------------- */
/* Wave state. */

#define SIM_MAX_LANES      64
#define SIM_NUM_VGPRS      256
#define SIM_NUM_SGPR_SLOTS 128

/* A wave of a workgroup with several runs this many instructions before
 * it yields to the others (the interpreter exactly; translated code may
 * overrun it by less than one pass of a region), so that waves waiting
 * on each other through memory make progress.  It is also how often a
 * host thread checks for a stop and its workgroup's CPU time. */
#define SIM_TIME_SLICE (1u << 16)

enum sim_wave_state {
   SIM_WAVE_RUNNING = 0,
   SIM_WAVE_BARRIER, /* waiting at s_barrier */
   SIM_WAVE_ENDED,   /* s_endpgm */
   SIM_WAVE_FAULTED, /* w->fault filled; the dispatch stops */
};

struct sim_workgroup;

#define SIM_JIT_VM_CACHES 4

struct sim_wave {
   /* Scalar registers indexed by their operand encoding 0..127:
    * s0..s105, VCC_LO/HI (106/107), TTMP0..15 (108..123), M0 (124),
    * NULL (125, always reads 0), EXEC_LO/HI (126/127).  VCC and EXEC are
    * the 64-bit masks sgpr[106..107] and sgpr[126..127]; use the accessors
    * below.  In wave32, EXEC_HI and VCC_HI are storage that no lane mask
    * includes (the accessors mask them off; the setters leave them). */
   alignas(8) uint32_t sgpr[SIM_NUM_SGPR_SLOTS];
   bool scc;
   uint8_t wave_size;  /* 32 or 64 */
   uint8_t state;      /* enum sim_wave_state */
   uint64_t lane_mask; /* wave_size ones: the lanes that exist */

   uint64_t pc, next_pc;
   uint32_t mode;                   /* hwreg MODE */
   uint32_t status;                 /* hwreg STATUS (SCC/EXECZ/VCCZ derived) */
   uint32_t trapsts;                /* hwreg TRAPSTS */
   uint32_t hwreg[SIM_HWREG_COUNT]; /* other s_setreg-able registers */
   uint64_t flat_scratch;           /* FLAT_SCR_HI:LO, low 48 bits used */

   /* Identity, for reports and hwregs. */
   unsigned wave_id; /* index within the workgroup */
   uint32_t group_id[3];
   unsigned num_vgprs, num_sgprs; /* allocated (RSRC1 granules) */

   /* Memory. */
   struct kiln_sim_vm *vm;
   struct sim_workgroup *wg; /* LDS and barrier */
   uint8_t *lds;             /* the workgroup's LDS, lds_size bytes */
   uint32_t lds_size;
   uint64_t scratch_base; /* this wave's slice of the scratch ring */
   uint64_t scratch_size; /* bytes in the slice */

   /* Accounting. */
   uint64_t budget; /* instructions left before the watchdog */
   uint64_t wave_instructions;
   uint64_t lane_instructions;
   bool trace;
   /* Profiling (sim_profile.h): the host thread's counters while the
    * dispatch is profiled, else NULL. */
   struct sim_profile_thread *prof;

   /* The first fault of this wave (kind KILN_SIM_OK when none). */
   struct kiln_sim_fault fault;

   /* VGPRs, register-major so that a lane loop over one register is
    * contiguous: vgpr[reg][lane]. */
   alignas(64) uint32_t vgpr[SIM_NUM_VGPRS][SIM_MAX_LANES];

   /* What a wave slot keeps from one wave to the next, from vmc to the
    * end, after the registers so that starting a wave leaves it; cleared
    * when the host thread starts the dispatch.  The VM mappings hit
    * serve every wave the thread runs (the VM does not change during a
    * dispatch). */
   struct sim_vm_cache {
      uint64_t va, end;
      uint8_t *host;
      uint32_t flags;
   } vmc; /* sim_vm_access's last */
   /* translated regions': memory instruction i of a region keeps its
    * own, jit_vmc[i % SIM_JIT_VM_CACHES], so that a load and a store
    * to two buffers do not evict each other */
   struct sim_vm_cache jit_vmc[SIM_JIT_VM_CACHES];
   /* the slot's first wave in the dispatch has had its VGPRs cleared
    * (init_wave; the dispatch's waves all have as many) */
   bool vgprs_cleared;
};

/* EXEC and VCC as lane masks (sim_exec_mask, sim_set_exec_mask,
 * sim_vcc_mask, sim_set_vcc_mask).  In wave32 only the low halves are
 * masks: the hardware ignores EXEC_HI, and VCC_HI is an ordinary SGPR. */
#define SIM_LANE_MASK_REG(name, lo)                                                                \
   static inline uint64_t sim_##name##_mask(const struct sim_wave *w)                              \
   {                                                                                               \
      uint64_t v;                                                                                  \
      memcpy(&v, &w->sgpr[lo], 8);                                                                 \
      return v & w->lane_mask;                                                                     \
   }                                                                                               \
   static inline void sim_set_##name##_mask(struct sim_wave *w, uint64_t v)                        \
   {                                                                                               \
      if (w->wave_size == 32)                                                                      \
         w->sgpr[lo] = (uint32_t)v;                                                                \
      else                                                                                         \
         memcpy(&w->sgpr[lo], &v, 8);                                                              \
   }
SIM_LANE_MASK_REG(exec, SIM_SRC_EXEC_LO)
SIM_LANE_MASK_REG(vcc, SIM_SRC_VCC_LO)
#undef SIM_LANE_MASK_REG

/* The lanes that exist in this wave: a mask of wave_size ones. */
static inline uint64_t
sim_wave_lanes(const struct sim_wave *w)
{
   return w->lane_mask;
}

/* Lane-mask iteration: for (uint64_t m = exec; m; m &= m - 1) lane = ctz. */
#define SIM_FOREACH_LANE(lane, mask)                                                               \
   for (uint64_t _m_##lane = (mask); _m_##lane; _m_##lane &= _m_##lane - 1)                        \
      for (unsigned lane = __builtin_ctzll(_m_##lane), _o_##lane = 1; _o_##lane; _o_##lane = 0)

/* ---------------------------------------------------------------------- */
/* Operand helpers (sim_operand.c). */

/* Inline constant for encodings 128..208 and 240..248 at the given operand
 * width (16, 32 or 64 bits): integers are sign-extended to the width;
 * floats are the IEEE half/single/double of the value. */
uint64_t sim_inline_constant(unsigned enc, unsigned bits);

static inline bool
sim_src_is_inline(unsigned enc)
{
   return (enc >= 128 && enc <= 208) || (enc >= 240 && enc <= 248);
}

/* Reads a 32-bit source operand by its encoding (0..255 scalar or
 * constant, 256..511 VGPR of the given lane).  bits says how float inline
 * constants are formed (16 → half in the low bits, 32 → single). */
uint32_t sim_read_src32_slow(const struct sim_wave *w, const struct sim_inst *in, unsigned enc,
                             unsigned lane, unsigned bits);

static inline uint32_t
sim_read_src32(const struct sim_wave *w, const struct sim_inst *in, unsigned enc, unsigned lane,
               unsigned bits)
{
   if (enc < SIM_NUM_SGPR_SLOTS)
      return w->sgpr[enc];
   if (enc >= SIM_SRC_VGPR0)
      return w->vgpr[enc - SIM_SRC_VGPR0][lane];
   return sim_read_src32_slow(w, in, enc, lane, bits);
}

/* A scalar (lane-independent) 32-bit source: encodings 0..255. */
static inline uint32_t
sim_read_ssrc32(const struct sim_wave *w, const struct sim_inst *in, unsigned enc)
{
   return sim_read_src32(w, in, enc, 0, 32);
}

/* Reads a 64-bit source: an SGPR pair (enc, enc+1), VCC, EXEC, a VGPR
 * pair, an inline constant at 64-bit width (float constants as doubles),
 * or the literal.  fp64 = the operand is a double: a 32-bit literal is then
 * the high half (low half zero), as the ISA defines; otherwise it is
 * zero-extended for unsigned / sign-extended for signed-typed ops —
 * pass sext. */
uint64_t sim_read_src64(const struct sim_wave *w, const struct sim_inst *in, unsigned enc,
                        unsigned lane, bool fp64, bool sext);

/* Writes a scalar destination by encoding 0..127 (NULL discards; EXEC_HI
 * and VCC_HI are kept 0 in wave32 by the mask setters only). */
static inline void
sim_write_sdst32(struct sim_wave *w, unsigned enc, uint32_t v)
{
   if (SIM_LIKELY(enc < SIM_NUM_SGPR_SLOTS && enc != SIM_SRC_NULL))
      w->sgpr[enc] = v;
}

static inline void
sim_write_sdst64(struct sim_wave *w, unsigned enc, uint64_t v)
{
   sim_write_sdst32(w, enc, (uint32_t)v);
   sim_write_sdst32(w, enc + 1, (uint32_t)(v >> 32));
}

/* Operand text for disassembly: "s5", "vcc_lo", "v[2:3]", "0x1234", "-4",
 * "0.5", "exec" ...  regs = number of consecutive registers (1, 2, 4 ...). */
void sim_disasm_operand(const struct sim_inst *in, unsigned enc, unsigned regs, char *buf,
                        size_t size);

/* ---------------------------------------------------------------------- */
/* Faults and stops (sim_fault.c). */

/* Records the wave's first fault and stops it: kind, address (VM faults),
 * write flag, and a printf-style detail; the report names the address,
 * PC, wave, workgroup and disassembled instruction at w->pc. */
void sim_wave_fault(struct sim_wave *w, enum kiln_sim_fault_kind kind, uint64_t addr, bool write,
                    const char *fmt, ...) __attribute__((format(printf, 5, 6)));

/* Stops with "unsupported instruction <name> at PC 0x..." — the exec
 * function of every decoded but unimplemented opcode. */
void sim_exec_unsupported(struct sim_wave *w, const struct sim_inst *in);

/* ---------------------------------------------------------------------- */
/* Memory (sim_vm.c): host pointer for [va, va+size) inside one mapping, or
 * NULL after raising a VM fault on the wave (the first faulting lane's
 * address is the one reported). */
void *sim_vm_access_slow(struct sim_wave *w, uint64_t va, unsigned size, bool write);

static inline void *
sim_vm_access(struct sim_wave *w, uint64_t va, unsigned size, bool write)
{
   /* size <= end - va, not va + size <= end: an access whose end wraps
    * past 2^64 must not land in the cached mapping's range. */
   if (SIM_LIKELY(va >= w->vmc.va && va < w->vmc.end && size <= w->vmc.end - va &&
                  (!write || (w->vmc.flags & KILN_SIM_MAP_WRITE))))
      return w->vmc.host + (va - w->vmc.va);
   return sim_vm_access_slow(w, va, size, write);
}

/* ---------------------------------------------------------------------- */
/* Decode (sim_decode.c).  Decodes one instruction at words[0..avail);
 * returns its size in dwords, or 0 if the words do not decode (the inst is
 * then set up to raise KILN_SIM_FAULT_ILLEGAL).  Implemented by the engine;
 * calls sim_valu_decode for vector ALU encodings. */
unsigned sim_decode(const uint32_t *words, unsigned avail, struct sim_inst *inst);

/* Helper for decoders: the opcode descriptor and default exec function
 * (the family's bound function, or sim_exec_unsupported). */
void sim_inst_set_op(struct sim_inst *inst, enum sim_format fmt, unsigned opcode);

/* ===================================================================== */
/* VECTOR ALU — implemented in sim/core/valu/ by the VALU engineer.      */
/* ===================================================================== */

/* Decodes a VALU instruction (VOP1, VOP2, VOPC, VOP3a/b, VOP3P, and their
 * DPP/SDWA forms, with literals) at words[0..avail).  Fills inst: op,
 * format, size, words, literal, valu fields, exec (sim_exec_unsupported
 * for opcodes without semantics yet) and disasm.  Returns the size in
 * dwords, or 0 if words[0] is not a VALU encoding or does not decode. */
unsigned sim_valu_decode(const uint32_t *words, unsigned avail, struct sim_inst *inst);

/* The VALU reads and writes only: w->vgpr, w->sgpr (through the helpers
 * above), w->scc is not touched by VALU ops, sim_exec_mask/sim_vcc_mask,
 * w->mode for rounding/denormals, and counts nothing (the engine counts
 * lane-instructions from EXEC).  It may call sim_wave_fault for illegal
 * operand combinations. */

#ifdef __cplusplus
}
#endif

#endif
