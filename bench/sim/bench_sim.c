/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Throughput of the emulated gfx1030 shader engine: an ALU-bound kernel
 * (VALU and SALU in a loop) and a memory-bound kernel (global dwordx4
 * copies), assembled by llvm-mc, each run on one host thread and on all,
 * with the interpreter (KILN_SIM_JIT=0) and with the region translator,
 * side by side, printed as a table of lane-instructions per second,
 * overall (wall time) and per core (CPU time), and the translator's
 * speed-up per core.  The translator's rows are its steady state: a
 * warm-up dispatch of the same kernel translates the hot regions first
 * (translations are cached per code object), and its time is printed
 * below the table.  Both engines must count the same lane-instructions.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "kiln_sim.h"
#include "bench_sim_kernels.h"

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

struct result {
   uint64_t lanes;
   double per_core;
};

static int
run(struct kiln_sim_vm *vm, uint32_t *code, const char *name, const uint32_t *prog, size_t bytes,
    unsigned groups, unsigned loops, unsigned threads, unsigned wave_size, bool jit,
    struct result *res)
{
   setenv("KILN_SIM_JIT", jit ? "1" : "0", 1);
   memcpy(code, prog, bytes);
   struct kiln_sim_dispatch d = {
      .pgm_va = CODE_VA,
      .rsrc1 = 63,
      .rsrc2 = 6u << 1 | 1u << 7, /* 6 user SGPRs, TGID_X */
      .user_data = { (uint32_t)OUT_VA, OUT_VA >> 32, (uint32_t)IN_VA, IN_VA >> 32, loops },
      .group_size = { 256, 1, 1 },
      .group_count = { groups, 1, 1 },
      .wave_size = wave_size,
   };
   struct kiln_sim_run_options opts = { .threads = threads };
   struct kiln_sim_stats stats;
   struct kiln_sim_fault fault;
   double t0 = clock_s(CLOCK_MONOTONIC), c0 = clock_s(CLOCK_PROCESS_CPUTIME_ID);
   int ret = kiln_sim_dispatch(vm, &d, &opts, &fault, &stats);
   double secs = clock_s(CLOCK_MONOTONIC) - t0;
   double cpu = clock_s(CLOCK_PROCESS_CPUTIME_ID) - c0;
   if (ret) {
      fprintf(stderr, "%s: dispatch failed (%d): %s\n", name, ret, fault.message);
      return 1;
   }
   /* per core: over the CPU time the dispatch used, which stays honest
    * when the machine is shared */
   if (!res)
      return 0; /* warm-up */
   double mlips = stats.lane_instructions / secs / 1e6;
   res->lanes = stats.lane_instructions;
   res->per_core = stats.lane_instructions / cpu / 1e6;
   printf("| %-7s | %-6s | %7u | %10u | %14llu | %7.3f | %7.3f | %14.1f | %14.1f |", name,
          jit ? "jit" : "interp", threads, groups * 256,
          (unsigned long long)stats.lane_instructions, secs, cpu, mlips, res->per_core);
   return 0;
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
   static const struct {
      const char *name;
      const uint32_t *prog;
      size_t bytes;
      unsigned groups, loops, wave_size;
   } kernels[] = {
      { "alu", prog_alu, sizeof(prog_alu), 64, 600, 32 },
      { "alu w64", prog_alu, sizeof(prog_alu), 64, 600, 64 },
      { "copy", prog_copy, sizeof(prog_copy), 256, 60, 32 },
   };
   int fails = 0;
   double warm = 0;
   unsigned thread_counts[2] = { 1, cores };
   for (unsigned i = 0; i < (cores > 1 ? 2 : 1); i++) {
      for (unsigned k = 0; k < sizeof(kernels) / sizeof(kernels[0]); k++) {
         struct result interp = { 0 }, jit = { 0 };
         fails +=
            run(vm, code, kernels[k].name, kernels[k].prog, kernels[k].bytes, kernels[k].groups,
                kernels[k].loops, thread_counts[i], kernels[k].wave_size, false, &interp);
         printf("          |\n");
         double t0 = clock_s(CLOCK_MONOTONIC);
         fails +=
            run(vm, code, kernels[k].name, kernels[k].prog, kernels[k].bytes, kernels[k].groups,
                kernels[k].loops, thread_counts[i], kernels[k].wave_size, true, NULL);
         warm += clock_s(CLOCK_MONOTONIC) - t0;
         fails +=
            run(vm, code, kernels[k].name, kernels[k].prog, kernels[k].bytes, kernels[k].groups,
                kernels[k].loops, thread_counts[i], kernels[k].wave_size, true, &jit);
         printf(" %7.1fx |\n", interp.per_core > 0 ? jit.per_core / interp.per_core : 0);
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
   kiln_sim_vm_destroy(vm);
   free(code);
   free(out);
   free(in);
   return fails ? 1 : 0;
}
