/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The region translator: straight-line runs of scalar and vector ALU
 * instructions, s_load and vector memory loads and stores (ending at a
 * branch, or before the first instruction it does not translate) become
 * host code through LLVM's ORC JIT, with a wave's lanes as LLVM vectors
 * and EXEC as a select mask.  A region whose closing branch jumps back
 * to its own start loops inside the host code, so a kernel's inner loop
 * keeps its registers in host registers.
 *
 * The interpreter stays the reference: the dispatch loop asks
 * sim_jit_run() at each instruction it is about to interpret whether a
 * translation starts there; if not (not hot yet, nothing translatable,
 * translation off), it interprets as before.  Everything a region does
 * is exactly what the interpreter would do, instruction by instruction,
 * including the counters (wave and lane instructions) the dispatch
 * reports; the dispatch uses the interpreter alone when tracing or
 * profiling.  Translations are cached per process, keyed by the
 * region's instruction words, its address, the wave size and MODE, so a
 * code object launched many times is translated once.
 *
 * A memory instruction that would fault ends the region's run before it:
 * the interpreter runs it and reports the fault.
 *
 * KILN_SIM_JIT_DUMP=DIR writes each region's optimised IR and host
 * object code to DIR (kiln_sim_region_N.ll and .o), for developers.
 *
 * KILN_SIM_JIT=0 turns translation off; KILN_SIM_JIT=always translates
 * every region on its first execution (the differential tests' setting);
 * otherwise (the default) a region is translated once the interpreter
 * has spent about as long on it as translating it takes.
 */
#ifndef SIM_JIT_H
#define SIM_JIT_H

#include "sim_core.h"

struct sim_icache;
struct sim_jit_entry;

#define SIM_JIT_SLOT_BITS 12u
#define SIM_JIT_SLOTS     (1u << SIM_JIT_SLOT_BITS)

/* One host thread's map from PC to region (per dispatch, so it needs no
 * locking): a direct-mapped cache in front of the process-wide table. */
struct sim_jit_thread {
   struct {
      uint64_t pc;
      uint32_t mode;
      bool none; /* nothing to translate at pc */
      struct sim_jit_entry *e;
   } slot[SIM_JIT_SLOTS];
   uint64_t insts;           /* wave instructions run in translated code */
   int64_t translate_cpu_ns; /* this thread's CPU time spent translating */
   bool always;              /* translate regions on first entry */
};

/* The mode of a dispatch starting now: 0 (interpret only: KILN_SIM_JIT
 * "0", "off" or "false", or the host has no usable LLVM JIT), 1 (hot
 * regions, the default) or 2 ("always").  KILN_SIM_JIT is read once per
 * process (kiln_debug_sim_jit()), unless sim_jit_select_mode chose. */
int sim_jit_mode(void);

/* Chooses the mode of the dispatches that follow, as KILN_SIM_JIT's
 * values do (enum kiln_sim_jit_mode), or -1 for KILN_SIM_JIT's own: for
 * the programs that compare both engines in one run (the differential
 * tests, bench_sim). */
void sim_jit_select_mode(int mode);

/* Runs the translated region at w->pc, if there is one, for at most
 * max_insts wave instructions (the watchdog's budget): whole passes
 * through the region only, unless a memory instruction would fault: the
 * run stops before it.  It stops at the first pass that reaches slice
 * (what is left of the wave's time slice), so a wave may overrun its
 * slice by less than one pass.  Returns the wave instructions it ran (0: nothing ran,
 * interpret this one) and adds their lane-instructions to *lanes; w->pc
 * is then the next instruction to run. */
uint64_t sim_jit_run_slow(struct sim_jit_thread *jt, struct sim_icache *ic, struct sim_wave *w,
                          uint64_t max_insts, uint64_t slice, uint64_t *lanes);

/* The slot of pc: a multiplicative hash, as regions a fixed number of
 * instructions apart (an unrolled loop cut at the region size) would
 * otherwise all fall on the same few slots of a modulo and evict each
 * other on every pass. */
static inline unsigned
sim_jit_slot(uint64_t pc)
{
   return (unsigned)(((pc >> 2) * 0x9e3779b97f4a7c15ull) >> (64 - SIM_JIT_SLOT_BITS));
}

static inline uint64_t
sim_jit_run(struct sim_jit_thread *jt, struct sim_icache *ic, struct sim_wave *w,
            uint64_t max_insts, uint64_t slice, uint64_t *lanes)
{
   /* what the interpreter pays per instruction where nothing translates */
   unsigned s = sim_jit_slot(w->pc);
   if (jt->slot[s].none && jt->slot[s].pc == w->pc && jt->slot[s].mode == w->mode)
      return 0;
   return sim_jit_run_slow(jt, ic, w, max_insts, slice, lanes);
}

/* KILN_DEBUG=stats: prints what the translator did: of a dispatch's
 * wave instructions, how many ran translated, and the regions translated
 * in this process so far and the time that took. */
void sim_jit_report_stats(uint64_t translated, uint64_t total);

#endif
