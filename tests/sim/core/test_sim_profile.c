/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Dispatch profiles (kiln_sim_profile.h) on hand-written programs whose
 * counts follow from their text: a loop of known trip count (executions
 * per instruction and per basic block), a branch taken by half the lanes
 * and by none (active lanes, VALU utilisation), loads and stores of known
 * size and stride (bytes, cache lines), LDS traffic, barrier waits, occupancy from
 * RSRC1/RSRC2 against the RDNA2 limits, the cost model's estimate as its
 * documentation defines it, and the totals against the engine's own
 * statistics, which are counted apart from the profile.
 */
#include <errno.h>
#include <stdlib.h>

#include "kiln_sim_profile.h"
#include "sim_test.h"
#include "test_sim_profile.h"

static struct kiln_sim_profile *
profile_run(struct sim_test *t, const char *what, const uint32_t *prog, size_t bytes,
            struct kiln_sim_dispatch *d, struct kiln_sim_stats *stats)
{
   memset(t->code, 0, 4096);
   memcpy(t->code, prog, bytes);
   d->pgm_va = ST_CODE_VA;
   struct kiln_sim_profile *p = NULL;
   struct kiln_sim_run_options opts = { .threads = 1, .profile = &p };
   struct kiln_sim_fault f;
   int ret = kiln_sim_dispatch(t->vm, d, &opts, &f, stats);
   CHECK(ret == 0, "%s: dispatch: %d %s", what, ret, f.message);
   CHECK(p != NULL, "%s: no profile", what);
   if (p && stats) {
      CHECK_EQ64("wave instructions = the engine's count", p->wave_instructions,
                 stats->wave_instructions);
      CHECK_EQ64("lane instructions = the engine's count", p->lane_instructions,
                 stats->lane_instructions);
   }
   return p;
}

#define PROFILE(t, prog, d, stats) profile_run((t), #prog, prog, sizeof(prog), (d), (stats))

static const struct kiln_sim_profile_inst *
inst_at(const struct kiln_sim_profile *p, unsigned index)
{
   CHECK(index < p->num_insts, "instruction %u of %u", index, p->num_insts);
   return index < p->num_insts ? &p->insts[index] : &p->insts[0];
}

static void
test_loop(struct sim_test *t)
{
   struct kiln_sim_dispatch d = st_dispatch(64, 32); /* two waves */
   struct kiln_sim_stats stats;
   struct kiln_sim_profile *p = PROFILE(t, prog_loop, &d, &stats);
   if (!p)
      return;
   /* per wave: s_mov once, the body and branch 7 times, s_endpgm once */
   static const uint64_t per_wave[6] = { 1, 7, 7, 7, 7, 1 };
   CHECK_EQ32("listing length", p->num_insts, 6);
   for (unsigned i = 0; i < 6 && i < p->num_insts; i++) {
      CHECK_EQ64("loop executions", inst_at(p, i)->executions, 2 * per_wave[i]);
      CHECK_EQ64("loop lanes (all 32 active)", inst_at(p, i)->lanes, 2 * 32 * per_wave[i]);
   }
   CHECK_EQ32("offset of the body", inst_at(p, 1)->offset, 4);
   CHECK_EQ64("waves", p->waves, 2);
   CHECK_EQ64("work-items", p->work_items, 64);
   CHECK_EQ64("SALU", p->class_instructions[KILN_SIM_CLASS_SALU], 2 * (1 + 7 + 7));
   CHECK_EQ64("VALU", p->class_instructions[KILN_SIM_CLASS_VALU], 2 * 7);
   CHECK_EQ64("branch", p->class_instructions[KILN_SIM_CLASS_BRANCH], 2 * 7);
   CHECK_EQ64("other (s_endpgm)", p->class_instructions[KILN_SIM_CLASS_OTHER], 2);
   CHECK_EQ64("wave instructions", p->wave_instructions, 2 * 30);
   /* blocks: the s_mov, the loop body up to its branch, s_endpgm */
   CHECK_EQ32("blocks", p->num_blocks, 3);
   if (p->num_blocks == 3) {
      CHECK_EQ32("body starts at the branch target", p->blocks[1].first, 1);
      CHECK_EQ32("body length", p->blocks[1].count, 4);
      CHECK_EQ64("body executions", p->blocks[1].executions, 14);
      CHECK_EQ64("exit executions", p->blocks[2].executions, 2);
   }
   CHECK_EQ64("no memory", p->bytes_read + p->bytes_written + p->lines, 0);
   kiln_sim_profile_free(p);
}

static void
test_half(struct sim_test *t)
{
   struct kiln_sim_dispatch d = st_dispatch(32, 32);
   struct kiln_sim_stats stats;
   struct kiln_sim_profile *p = PROFILE(t, prog_half, &d, &stats);
   if (!p)
      return;
   CHECK_EQ32("listing length", p->num_insts, 7);
   if (p->num_insts == 7) {
      /* lanes active as each issues: 32 until s_and_saveexec, 16 after */
      static const uint64_t lanes[7] = { 32, 32, 32, 16, 16, 16, 32 };
      for (unsigned i = 0; i < 7; i++) {
         CHECK_EQ64("half executions", p->insts[i].executions, 1);
         CHECK_EQ64("half lanes", p->insts[i].lanes, lanes[i]);
      }
   }
   /* VALU: v_and and v_cmp with 32 lanes, v_add with 16, of 3 x 32 */
   CHECK_EQ64("VALU lanes", p->class_lanes[KILN_SIM_CLASS_VALU], 80);
   CHECK(kiln_sim_profile_utilisation(p, KILN_SIM_CLASS_VALU) == 80.0 / 96.0,
         "VALU utilisation %f, expected 80/96",
         kiln_sim_profile_utilisation(p, KILN_SIM_CLASS_VALU));
   kiln_sim_profile_free(p);

   p = PROFILE(t, prog_none, &d, &stats);
   if (!p)
      return;
   CHECK_EQ32("listing length", p->num_insts, 7);
   if (p->num_insts == 7) {
      CHECK_EQ64("the skipped instruction", p->insts[4].executions, 0);
      CHECK_EQ64("the join", p->insts[5].executions, 1);
      CHECK_EQ64("the join's lanes (EXEC empty)", p->insts[5].lanes, 0);
      CHECK_EQ32("the skipped block", p->insts[4].block, p->insts[3].block + 1);
      CHECK_EQ64("the skipped block's executions", p->blocks[p->insts[4].block].executions, 0);
   }
   kiln_sim_profile_free(p);
}

static void
test_memory(struct sim_test *t)
{
   st_buffer(t, 0, 32 * 128);
   st_buffer(t, 1, 4096);
   struct kiln_sim_dispatch d = st_dispatch(32, 32);
   d.rsrc1 = 3; /* 32 VGPRs */
   struct kiln_sim_stats stats;
   struct kiln_sim_profile *p = PROFILE(t, prog_mem, &d, &stats);
   if (!p)
      return;
   CHECK_EQ32("listing length", p->num_insts, 9);
   if (p->num_insts == 9) {
      const struct kiln_sim_profile_inst *in = p->insts;
      CHECK_EQ64("s_load_dwordx4 reads", in[0].bytes_read, 16);
      CHECK_EQ64("s_load_dwordx4 lines", in[0].lines, 1);
      CHECK_EQ64("consecutive load reads", in[2].bytes_read, 128);
      CHECK_EQ64("consecutive load lines", in[2].lines, 1);
      CHECK_EQ64("strided load reads", in[4].bytes_read, 128);
      CHECK_EQ64("strided load lines", in[4].lines, 32);
      CHECK_EQ64("store writes", in[7].bytes_written, 256);
      CHECK_EQ64("store reads", in[7].bytes_read, 0);
      CHECK_EQ64("store lines", in[7].lines, 2);
      CHECK_EQ32("store class", in[7].inst_class, KILN_SIM_CLASS_VMEM);
      CHECK_EQ32("s_load class", in[0].inst_class, KILN_SIM_CLASS_SMEM);
      CHECK_EQ32("s_waitcnt class", in[6].inst_class, KILN_SIM_CLASS_WAITCNT);
   }
   CHECK_EQ64("bytes read", p->bytes_read, 16 + 128 + 128);
   CHECK_EQ64("bytes written", p->bytes_written, 256);
   CHECK_EQ64("lines", p->lines, 1 + 1 + 32 + 2);
   /* the cost model as kiln_sim_profile.h documents it: SMEM 1, VALU 1
    * three times, VMEM 4 per line (1, 32 and 2 lines), s_waitcnt 1 plus the
    * VMEM and SMEM latencies it waits for, s_endpgm 1 */
   uint64_t est = KILN_SIM_COST_SMEM + 3 * KILN_SIM_COST_VALU +
                  KILN_SIM_COST_VMEM_LINE * (1 + 32 + 2) + KILN_SIM_COST_WAITCNT +
                  KILN_SIM_LATENCY_VMEM + KILN_SIM_LATENCY_SMEM + KILN_SIM_COST_OTHER;
   CHECK_EQ64("estimated cycles", p->est_cycles, est);
   /* 32 VGPRs: 1024 / 32 = 32 waves would fit; the hardware's 16 limit */
   CHECK_EQ32("VGPRs", p->occupancy.vgprs, 32);
   CHECK_EQ32("waves by VGPRs", p->occupancy.by_vgprs, 32);
   CHECK_EQ32("occupancy", p->occupancy.waves_per_simd, 16);
   CHECK(!strcmp(p->occupancy.limiter, "hardware"), "limiter %s", p->occupancy.limiter);
   kiln_sim_profile_free(p);
}

static void
test_lds(struct sim_test *t)
{
   struct kiln_sim_dispatch d = st_dispatch(32, 32);
   d.rsrc2 |= 1u << 15; /* 512 bytes of LDS */
   struct kiln_sim_stats stats;
   struct kiln_sim_profile *p = PROFILE(t, prog_lds, &d, &stats);
   if (!p)
      return;
   CHECK_EQ32("listing length", p->num_insts, 10);
   if (p->num_insts == 10) {
      CHECK_EQ64("ds_write_b32 writes", p->insts[1].bytes_written, 128);
      CHECK_EQ64("ds_read2_b32 reads", p->insts[2].bytes_read, 256);
      CHECK_EQ64("ds_add_u32 reads", p->insts[6].bytes_read, 64);
      CHECK_EQ64("ds_add_u32 writes", p->insts[6].bytes_written, 64);
      CHECK_EQ64("no cache lines for LDS", p->insts[1].lines + p->insts[2].lines, 0);
   }
   CHECK_EQ64("LDS bytes read", p->lds_bytes_read, 256 + 64);
   CHECK_EQ64("LDS bytes written", p->lds_bytes_written, 128 + 64);
   CHECK_EQ64("no address-space traffic", p->bytes_read + p->bytes_written, 0);
   CHECK_EQ64("LDS instructions", p->class_instructions[KILN_SIM_CLASS_LDS], 3);
   kiln_sim_profile_free(p);
}

static void
test_barrier_and_occupancy(struct sim_test *t)
{
   struct kiln_sim_dispatch d = st_dispatch(256, 64); /* 4 waves of 64 */
   d.group_count[0] = 3;
   d.rsrc1 = 23;         /* wave64: 24 granules of 4 = 96 VGPRs */
   d.rsrc2 |= 16u << 15; /* 16 x 512 = 8 KiB of LDS */
   struct kiln_sim_stats stats;
   struct kiln_sim_profile *p = PROFILE(t, prog_barrier, &d, &stats);
   if (!p)
      return;
   CHECK_EQ64("waves", p->waves, 12);
   CHECK_EQ64("barrier waits", p->barrier_waits, 12);
   CHECK_EQ32("VGPRs", p->occupancy.vgprs, 96);
   /* a wave64 takes two wave32 register slots: 1024 / (96 * 2) = 5 */
   CHECK_EQ32("waves by VGPRs", p->occupancy.by_vgprs, 5);
   /* 128 KiB / 8 KiB = 16 groups of 4 waves on 4 SIMDs: 16 per SIMD */
   CHECK_EQ32("waves by LDS", p->occupancy.by_lds, 16);
   CHECK_EQ32("occupancy", p->occupancy.waves_per_simd, 5);
   CHECK(!strcmp(p->occupancy.limiter, "VGPRs"), "limiter %s", p->occupancy.limiter);
   CHECK_EQ64("VALU issue in wave64 counts two passes", p->est_cycles,
              12 * (2 * KILN_SIM_COST_VALU + 2 * KILN_SIM_COST_OTHER));
   kiln_sim_profile_free(p);

   d.rsrc1 = 0;                                        /* 4 VGPRs */
   d.rsrc2 = (d.rsrc2 & ~(0x1ffu << 15)) | 128u << 15; /* 64 KiB of LDS */
   p = PROFILE(t, prog_barrier, &d, &stats);
   if (!p)
      return;
   /* 2 groups of 4 waves per WGP of 4 SIMDs: 2 per SIMD */
   CHECK_EQ32("waves by LDS", p->occupancy.by_lds, 2);
   CHECK(!strcmp(p->occupancy.limiter, "LDS"), "limiter %s", p->occupancy.limiter);
   kiln_sim_profile_free(p);
}

/* A dispatch that faults still profiles what ran, and its listing goes on
 * to the program's end with zero counts. */
static void
test_fault(struct sim_test *t)
{
   struct kiln_sim_dispatch d = st_dispatch(32, 32);
   memset(t->code, 0, 4096);
   memcpy(t->code, prog_fault, sizeof(prog_fault));
   struct kiln_sim_profile *p = NULL;
   struct kiln_sim_run_options opts = { .threads = 1, .profile = &p };
   struct kiln_sim_fault f;
   int ret = kiln_sim_dispatch(t->vm, &d, &opts, &f, NULL);
   CHECK(ret == -EFAULT, "fault dispatch: %d", ret);
   CHECK(p != NULL, "no profile of the faulting dispatch");
   if (!p)
      return;
   CHECK(p->faulted, "the profile says it is partial");
   CHECK_EQ32("listing to the s_endpgm", p->num_insts, 4);
   if (p->num_insts == 4) {
      CHECK_EQ64("the faulting load ran", p->insts[1].executions, 1);
      CHECK_EQ64("nothing after it", p->insts[2].executions + p->insts[3].executions, 0);
      CHECK(!strcmp(p->insts[3].text, "s_endpgm"), "last: %s", p->insts[3].text);
   }
   kiln_sim_profile_free(p);
}

/* The reports: the JSON parses as the same numbers elsewhere (bench/profile
 * reads it); here the text names the hottest instruction first. */
static void
test_report(struct sim_test *t)
{
   struct kiln_sim_dispatch d = st_dispatch(32, 32);
   struct kiln_sim_profile *p = PROFILE(t, prog_loop, &d, NULL);
   if (!p)
      return;
   char *text = NULL;
   size_t size = 0;
   FILE *f = open_memstream(&text, &size);
   kiln_sim_profile_print(f, p, "loop");
   fclose(f);
   const char *hot = strstr(text, "hottest instructions:");
   CHECK(hot != NULL, "no hottest section:\n%s", text);
   if (hot) {
      const char *first = strchr(strchr(hot, '\n') + 1, '\n') + 1;
      CHECK(!strncmp(first, "  000004          7", 19), "hottest first: %.60s", first);
   }
   CHECK(strstr(text, "block 1: 7 executions") != NULL, "block line missing:\n%s", text);
   free(text);
   kiln_sim_profile_free(p);
}

int
main(void)
{
   struct sim_test t;
   st_init(&t);
   st_buffer(&t, 0, 4096);
   st_buffer(&t, 1, 4096);
   test_loop(&t);
   test_half(&t);
   test_memory(&t);
   test_lds(&t);
   test_barrier_and_occupancy(&t);
   test_fault(&t);
   test_report(&t);
   return st_finish(&t);
}
