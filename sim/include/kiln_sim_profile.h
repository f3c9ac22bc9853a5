/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Dispatch profiles of the emulated gfx1030: because the emulator executes
 * every instruction of every wave, it can count exactly what a hardware
 * profiler only samples.  With profiling on (kiln_sim_run_options.profile,
 * KILN_DEBUG=profile or KILN_PROFILE_JSON), a dispatch records, per
 * instruction address, the wave executions, the active lanes summed over
 * them, and for memory instructions the bytes read and written through
 * the GPU's address space and the cache lines each execution touched; per
 * dispatch, the waves, the instructions by class, the barrier waits, the
 * occupancy the kernel's registers and LDS allow, and a cycle estimate
 * from a small cost model.  The profile carries its own listing (sim's
 * disassembler over the code that ran), so it outlives the code.
 *
 * Profiling off costs nothing: the engine runs a separate variant of its
 * instruction loop when it is on.
 *
 * Nothing here knows about kiln's compiler: a profile names instructions by
 * address and text only.
 */
#ifndef KILN_SIM_PROFILE_H
#define KILN_SIM_PROFILE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Instruction classes, as the hardware issues them. */
enum kiln_sim_inst_class {
   KILN_SIM_CLASS_SALU,    /* SOP1/SOP2/SOPK/SOPC and scalar SOPP work */
   KILN_SIM_CLASS_VALU,    /* VOP1/VOP2/VOPC/VOP3/VOP3P, DPP, SDWA */
   KILN_SIM_CLASS_VMEM,    /* FLAT, GLOBAL, SCRATCH, MUBUF, MTBUF, MIMG */
   KILN_SIM_CLASS_SMEM,    /* scalar memory */
   KILN_SIM_CLASS_LDS,     /* DS */
   KILN_SIM_CLASS_BRANCH,  /* s_branch, s_cbranch_*, s_setpc/s_swappc/s_call */
   KILN_SIM_CLASS_WAITCNT, /* s_waitcnt and its SOPK forms */
   KILN_SIM_CLASS_OTHER,   /* s_endpgm, s_barrier, s_nop, hints */
   KILN_SIM_CLASS_COUNT,
};

/* The cost model behind kiln_sim_profile.est_cycles: an estimate, not a
 * measurement.  Every wave-instruction costs its class's issue cycles
 * (VALU twice in wave64, VMEM per cache line it touches); a wave pays a
 * memory latency when an s_waitcnt finds that counter's operations still
 * outstanding (once per waitcnt and counter, so a clause of loads pays
 * once).  Latencies are those of cache hits on an RDNA2 part.  Waves are
 * summed, not overlapped: the estimate is the work the dispatch puts on
 * the machine ("wave-cycles"), which compares code for the same launch. */
#define KILN_SIM_COST_SALU      1
#define KILN_SIM_COST_VALU      1 /* per 32 lanes */
#define KILN_SIM_COST_VMEM_LINE 4 /* per cache line; at least one line */
#define KILN_SIM_COST_SMEM      1
#define KILN_SIM_COST_LDS       2
#define KILN_SIM_COST_BRANCH    1
#define KILN_SIM_COST_WAITCNT   1
#define KILN_SIM_COST_OTHER     1
#define KILN_SIM_LATENCY_VMEM   300 /* L2 hit */
#define KILN_SIM_LATENCY_SMEM   40  /* scalar cache hit */
#define KILN_SIM_LATENCY_LDS    60

/* Cache lines are counted at the L0/L1/L2 line size of RDNA2. */
#define KILN_SIM_CACHE_LINE 128

struct kiln_sim_profile_inst {
   uint64_t pc;                        /* byte address */
   uint32_t offset;                    /* bytes from the program's start */
   uint8_t dwords;                     /* size */
   uint8_t inst_class;                 /* enum kiln_sim_inst_class */
   uint32_t block;                     /* index into kiln_sim_profile.blocks */
   char text[112];                     /* sim's disassembly */
   uint64_t executions;                /* wave executions */
   uint64_t lanes;                     /* active lanes, summed over the executions */
   uint64_t bytes_read, bytes_written; /* through the address space, or for
                                          DS instructions to and from LDS */
   uint64_t lines;                     /* cache lines touched, summed over executions
                                          (address space only) */
};

/* A basic block of the listing: a branch target or the instruction after
 * a branch starts one. */
struct kiln_sim_profile_block {
   uint32_t first, count; /* instructions [first, first + count) */
   uint64_t executions;   /* of its first instruction */
};

/* The occupancy the kernel's resources allow on gfx1030 (16 waves per SIMD
 * at most; 1024 wave32 VGPRs per SIMD lane; 128 KiB of LDS per workgroup
 * processor of 4 SIMDs; SGPRs never limit on GFX10). */
struct kiln_sim_profile_occupancy {
   unsigned vgprs;     /* allocated per wave (RSRC1) */
   unsigned lds_bytes; /* per workgroup (RSRC2) */
   unsigned waves_per_group;
   unsigned by_hardware, by_vgprs, by_lds; /* waves per SIMD each allows */
   unsigned waves_per_simd;                /* the smallest */
   const char *limiter;                    /* "hardware", "VGPRs" or "LDS" */
};

struct kiln_sim_profile {
   uint64_t pgm_va;
   unsigned wave_size;
   uint32_t group_size[3], group_count[3];
   uint64_t work_items;
   uint64_t waves; /* launched */
   uint64_t wave_instructions, lane_instructions;
   uint64_t class_instructions[KILN_SIM_CLASS_COUNT]; /* wave-instructions */
   uint64_t class_lanes[KILN_SIM_CLASS_COUNT];        /* lane-instructions */
   uint64_t barrier_waits;                            /* times a wave stopped at s_barrier */
   uint64_t bytes_read, bytes_written, lines;         /* through the address space */
   uint64_t lds_bytes_read, lds_bytes_written;
   uint64_t est_cycles; /* estimated wave-cycles, see the cost model */
   struct kiln_sim_profile_occupancy occupancy;
   bool faulted; /* the dispatch stopped at a fault: partial */

   unsigned num_insts; /* the listing, in address order */
   struct kiln_sim_profile_inst *insts;
   unsigned num_blocks;
   struct kiln_sim_profile_block *blocks;

   struct kiln_sim_profile *next; /* for callers that queue profiles */
};

void kiln_sim_profile_free(struct kiln_sim_profile *p);

const char *kiln_sim_inst_class_name(enum kiln_sim_inst_class c);

/* The fraction of lanes active in the instructions of a class: lanes /
 * (wave-instructions x wave size); 0 when none ran. */
double kiln_sim_profile_utilisation(const struct kiln_sim_profile *p, enum kiln_sim_inst_class c);

/* Reports.  The text one has the totals, the hottest instructions and the
 * listing annotated with executions, lane utilisation and memory traffic,
 * block by block; title names the dispatch (NULL: its address).  The JSON
 * one is a single object on a single line whose keys are the fields above
 * ("classes" maps each class name to its instructions and lanes, each of
 * "insts" has its class by name), plus "title" and "line_bytes". */
void kiln_sim_profile_print(FILE *out, const struct kiln_sim_profile *p, const char *title);
void kiln_sim_profile_print_json(FILE *out, const struct kiln_sim_profile *p, const char *title);

#ifdef __cplusplus
}
#endif

#endif
