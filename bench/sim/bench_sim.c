/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Throughput of the emulated gfx1030 shader engine: an ALU-bound kernel
 * (VALU and SALU in a loop) and a memory-bound one (global dwordx4
 * copies), run as copy, which steps through 60 MiB, and as copyhot, over
 * data the host's caches hold; assembled by llvm-mc, each run on one
 * host thread and on all, with the interpreter and with the region
 * translator (as KILN_SIM_JIT=0 and the default select them, chosen per
 * dispatch), side by side, printed as a table of lane-instructions per
 * second, overall (wall time) and per core (CPU time), and the
 * translator's speed-up per core, each over dispatches repeated for at
 * least half a second.  The translator's rows are its steady
 * state: a warm-up dispatch of the same kernel translates its regions
 * first (translations are cached per code object), and its time is
 * printed below the table, with the time of the host's own memcpy in
 * copy's order: about what any engine needs for copy, whose strides wait
 * on the host's memory.  Both engines must count the same
 * lane-instructions.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "kiln_debug.h"
#include "kiln_sim.h"
#include "bench_sim_kernels.h"
#include "jit/sim_jit.h"

#define CODE_VA 0x100000000ull
#define OUT_VA  0x200000000ull
#define IN_VA   0x300000000ull

static double
clock_s(clockid_t clock)
{
   struct timespec ts;
   clock_gettime(clock, &ts);
   return ts.tv_sec + ts.tv_nsec * 1e-9;
}

#define MIN_SECONDS 0.5

struct result {
   uint64_t lanes;
   double per_core;
};

/* A kernel and its launch: step is s5, copy's bytes from one block to
 * the next. */
struct kernel {
   const char *name;
   const uint32_t *prog;
   size_t bytes;
   unsigned groups, loops, wave_size, step;
};

static int
run(struct kiln_sim_vm *vm, uint32_t *code, const struct kernel *k, unsigned threads, bool jit,
    struct result *res)
{
   const char *name = k->name;
   /* the warm-up (no res) translates every region on entry, as
    * KILN_SIM_JIT=always: copy runs too briefly for the default to deem
    * its loop hot within one dispatch */
   sim_jit_select_mode(!jit ? KILN_SIM_JIT_OFF : res ? KILN_SIM_JIT_HOT : KILN_SIM_JIT_ALWAYS);
   memcpy(code, k->prog, k->bytes);
   struct kiln_sim_dispatch d = {
      .pgm_va = CODE_VA,
      .rsrc1 = 63,
      .rsrc2 = 6u << 1 | 1u << 7, /* 6 user SGPRs, TGID_X */
      .user_data = { (uint32_t)OUT_VA, OUT_VA >> 32, (uint32_t)IN_VA, IN_VA >> 32, k->loops,
                     k->step },
      .group_size = { 256, 1, 1 },
      .group_count = { k->groups, 1, 1 },
      .wave_size = k->wave_size,
   };
   struct kiln_sim_run_options opts = { .threads = threads };
   struct kiln_sim_stats stats;
   struct kiln_sim_fault fault;
   /* A measured run dispatches again until MIN_SECONDS have passed: the
    * translator's dispatches take milliseconds, too few for a steady
    * rate.  The table gives one dispatch's count and mean times. */
   unsigned runs = 0;
   double t0 = clock_s(CLOCK_MONOTONIC), c0 = clock_s(CLOCK_PROCESS_CPUTIME_ID), secs, cpu;
   do {
      int ret = kiln_sim_dispatch(vm, &d, &opts, &fault, &stats);
      if (ret) {
         fprintf(stderr, "%s: dispatch failed (%d): %s\n", name, ret, fault.message);
         return 1;
      }
      runs++;
      secs = clock_s(CLOCK_MONOTONIC) - t0;
   } while (res && secs < MIN_SECONDS);
   secs /= runs;
   cpu = (clock_s(CLOCK_PROCESS_CPUTIME_ID) - c0) / runs;
   /* per core: over the CPU time the dispatch used, which stays honest
    * when the machine is shared */
   if (!res)
      return 0; /* warm-up */
   double mlips = stats.lane_instructions / secs / 1e6;
   res->lanes = stats.lane_instructions;
   res->per_core = stats.lane_instructions / cpu / 1e6;
   printf("| %-7s | %-6s | %7u | %10u | %14llu | %7.3f | %7.3f | %14.1f | %14.1f |", name,
          jit ? "jit" : "interp", threads, k->groups * 256,
          (unsigned long long)stats.lane_instructions, secs, cpu, mlips, res->per_core);
   return 0;
}

/* The host's own copy in copy's order (each wave's 512 bytes, loops
 * times 1 MiB apart, one wave after another, as the engines run them):
 * the best CPU seconds of three. */
static double
host_copy(uint8_t *out, const uint8_t *in, unsigned waves, unsigned loops)
{
   double best = 0;
   for (unsigned r = 0; r < 3; r++) {
      double c0 = clock_s(CLOCK_PROCESS_CPUTIME_ID);
      for (unsigned w = 0; w < waves; w++) {
         for (unsigned i = 0; i < loops; i++) {
            size_t off = (size_t)w * 512 + (size_t)i * (1u << 20);
            memcpy(out + off, in + off, 512);
         }
      }
      double t = clock_s(CLOCK_PROCESS_CPUTIME_ID) - c0;
      best = r == 0 || t < best ? t : best;
   }
   return best;
}

int
main(int argc, char **argv)
{
   long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
   unsigned cores = ncpu > 0 ? ncpu : 1;
   struct kiln_sim_vm *vm = kiln_sim_vm_create();
   size_t code_size = 65536, buf_size = 64u << 20;
   uint32_t *code = aligned_alloc(4096, code_size);
   void *out = aligned_alloc(4096, buf_size), *in = aligned_alloc(4096, buf_size);
   memset(code, 0, code_size);
   memset(out, 0, buf_size);
   memset(in, 0x5a, buf_size);
   kiln_sim_vm_map(vm, CODE_VA, code, code_size, KILN_SIM_MAP_READ | KILN_SIM_MAP_EXEC);
   kiln_sim_vm_map(vm, OUT_VA, out, buf_size, KILN_SIM_MAP_READ | KILN_SIM_MAP_WRITE);
   kiln_sim_vm_map(vm, IN_VA, in, buf_size, KILN_SIM_MAP_READ);

   printf("| kernel  | engine | threads | work-items | lane-instr     | seconds | cpu s   "
          "| M lane-instr/s | per core (M/s) | speed-up |\n");
   printf("|---------|--------|---------|------------|----------------|---------|---------|"
          "----------------|----------------|----------|\n");
   /* copyhot is copy with the host's caches holding the data: each
    * thread copies its 16 bytes again and again, so the engine's own
    * cost shows (copy's 1 MiB steps make it wait on the host's memory) */
   static const struct kernel kernels[] = {
      { "alu", prog_alu, sizeof(prog_alu), 64, 600, 32, 0 },
      { "alu w64", prog_alu, sizeof(prog_alu), 64, 600, 64, 0 },
      { "copy", prog_copy, sizeof(prog_copy), 256, 60, 32, 1u << 20 },
      { "copyhot", prog_copy, sizeof(prog_copy), 256, 60, 32, 0 },
   };
   int fails = 0;
   uint64_t copy_lanes = 0;
   double warm = 0;
   unsigned thread_counts[2] = { 1, cores };
   for (unsigned i = 0; i < (cores > 1 ? 2 : 1); i++) {
      for (unsigned k = 0; k < sizeof(kernels) / sizeof(kernels[0]); k++) {
         struct result interp = { 0 }, jit = { 0 };
         fails += run(vm, code, &kernels[k], thread_counts[i], false, &interp);
         printf("          |\n");
         double t0 = clock_s(CLOCK_MONOTONIC);
         fails += run(vm, code, &kernels[k], thread_counts[i], true, NULL);
         warm += clock_s(CLOCK_MONOTONIC) - t0;
         fails += run(vm, code, &kernels[k], thread_counts[i], true, &jit);
         printf(" %7.1fx |\n", interp.per_core > 0 ? jit.per_core / interp.per_core : 0);
         if (kernels[k].step)
            copy_lanes = interp.lanes;
         if (jit.lanes != interp.lanes) {
            fprintf(stderr,
                    "%s: the translator counted %llu lane-instructions, the interpreter "
                    "%llu\n",
                    kernels[k].name, (unsigned long long)jit.lanes,
                    (unsigned long long)interp.lanes);
            fails++;
         }
      }
   }
   printf("\nwarm-up dispatches with the translator (translation included): %.3f s in all\n", warm);
   double host = host_copy(out, in, 256 * 256 / 32, 60);
   printf("the host's own memcpy in copy's order, one thread: %.3f cpu s, as if %.1f M "
          "lane-instr/s (what copy's 1 MiB strides cost the host itself)\n",
          host, copy_lanes / host / 1e6);
   kiln_sim_vm_destroy(vm);
   free(code);
   free(out);
   free(in);
   return fails ? 1 : 0;
}
