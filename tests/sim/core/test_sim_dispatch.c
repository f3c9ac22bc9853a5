/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Dispatch: SGPRs initialised in the hardware's order (user SGPRs, then
 * workgroup ids X/Y/Z, TG_SIZE and the scratch wave offset as RSRC2
 * enables them, per LLVM AMDGPUUsage "Initial Kernel Execution State"),
 * local ids in v0/v1/v2, partial last workgroups, wave32 and wave64,
 * workgroups spread over host threads, statistics, and private scratch
 * slices for concurrently running waves.
 */
#include <stdlib.h>

#include "sim_test.h"
#include "test_sim_dispatch.h"

#define RSRC2(user, tgid_xyz, tg_size, scratch, tidig)                                             \
   ((scratch) | (user) << 1 | (tgid_xyz) * (7u << 7) | (tg_size) << 10 | (tidig) << 11)

static void
test_sgprs(struct sim_test *t, unsigned wave_size)
{
   uint32_t *out = st_buffer(t, 0, 8192);
   st_buffer(t, 2, 1 << 20);
   struct kiln_sim_dispatch d = st_dispatch(wave_size * 2 - 5, wave_size);
   d.rsrc2 = RSRC2(2, 1, 1, 1, 0);
   d.group_count[0] = 2;
   d.group_count[1] = 2;
   d.group_start[2] = 7;
   d.scratch_va = ST_BUF_VA(2);
   d.tmpring_size = 16 | 1u << 12; /* 16 waves of 1 KiB */
   struct kiln_sim_run_options opts = { .threads = 1 };
   memcpy(t->code, prog_sgprs, sizeof(prog_sgprs));
   struct kiln_sim_fault f;
   int ret = kiln_sim_dispatch(t->vm, &d, &opts, &f, NULL);
   CHECK(ret == 0, "sgprs dispatch: %d %s", ret, f.message);
   for (unsigned g = 0; g < 4; g++) {
      for (unsigned w = 0; w < 2; w++) {
         const uint32_t *r = out + (g * 4 + w) * 8;
         CHECK_EQ32("TGID_X", r[0], g % 2);
         CHECK_EQ32("TGID_Y", r[1], g / 2);
         CHECK_EQ32("TGID_Z (COMPUTE_START_Z)", r[2], 7);
         /* TG_SIZE: waves in the group [5:0], this wave's index in
          * [11:6] (GFX10's ordered id) and [24:20] (GFX10.3's wave id) */
         CHECK_EQ32("TG_SIZE", r[3], 2 | w << 6 | w << 20);
         /* one host thread: wave w of every group uses slot w */
         CHECK_EQ32("scratch wave offset", r[4], w * 1024);
         uint64_t exec =
            w == 0 ? (wave_size == 64 ? ~0ull : 0xffffffffull) : (1ull << (wave_size - 5)) - 1;
         CHECK_EQ32("EXEC_LO", r[5], (uint32_t)exec);
         CHECK_EQ32("EXEC_HI", r[6], (uint32_t)(exec >> 32));
      }
   }
}

static void
test_local_ids(struct sim_test *t, unsigned wave_size)
{
   uint32_t *out = st_buffer(t, 0, 8192);
   struct kiln_sim_dispatch d = st_dispatch(4, wave_size);
   d.group_size[1] = 2;
   d.group_size[2] = 2;
   d.group_count[0] = 3;
   d.partial_size[0] = 3; /* the last group is 3x2x2 */
   d.rsrc2 = RSRC2(2, 1, 0, 0, 2);
   if (!ST_RUN_OK(t, prog_local_ids, &d))
      return;
   for (unsigned g = 0; g < 3; g++)
      for (unsigned z = 0; z < 2; z++)
         for (unsigned y = 0; y < 2; y++)
            for (unsigned x = 0; x < 4; x++) {
               const uint32_t *r = out + g * 64 + (x + 4 * y + 8 * z) * 4;
               bool exists = g < 2 || x < 3;
               CHECK_EQ32("local id x", r[0], exists ? x : 0);
               CHECK_EQ32("local id y", r[1], exists ? y : 0);
               CHECK_EQ32("local id z", r[2], exists ? z : 0);
               CHECK_EQ32("thread ran", r[3], exists ? 1 : 0);
            }
}

static void
test_count(struct sim_test *t, unsigned wave_size, unsigned threads)
{
   uint32_t *out = st_buffer(t, 0, 4096);
   struct kiln_sim_dispatch d = st_dispatch(100, wave_size);
   d.group_count[0] = 37;
   d.group_count[1] = 3;
   d.partial_size[0] = 1;
   memcpy(t->code, prog_count, sizeof(prog_count));
   struct kiln_sim_run_options opts = { .threads = threads };
   struct kiln_sim_stats stats;
   struct kiln_sim_fault f;
   int ret = kiln_sim_dispatch(t->vm, &d, &opts, &f, &stats);
   CHECK(ret == 0, "count dispatch: %d %s", ret, f.message);
   unsigned total = (36 * 100 + 1) * 3;
   unsigned waves = (36 * ((100 + wave_size - 1) / wave_size) + 1) * 3;
   CHECK_EQ32("every thread ran once", out[0], total);
   CHECK_EQ32("sum of EXEC popcounts", out[1], total);
   /* 9 instructions per wave; lanes: 5 with all threads active, then
    * s_mov_b64 exec, 1 leaves one lane for the last 3 */
   CHECK_EQ64("wave instructions", stats.wave_instructions, (uint64_t)waves * 9);
   CHECK_EQ64("lane instructions", stats.lane_instructions,
              (uint64_t)total * 6 + (uint64_t)waves * 3);
}

static void
test_scratch_slices(struct sim_test *t)
{
   st_buffer(t, 0, 1 << 20);
   uint32_t *flag = st_buffer(t, 1, 4096);
   struct kiln_sim_dispatch d = st_dispatch(256, 32);
   /* 8 user SGPRs, TGID_X (s8), TG_SIZE (s9), scratch offset (s10) */
   d.rsrc2 = RSRC2(8, 0, 1, 1, 0) | 1u << 7;
   d.user_data[0] = (uint32_t)ST_BUF_VA(0);
   d.user_data[1] = (uint32_t)(ST_BUF_VA(0) >> 32);
   d.user_data[6] = (uint32_t)ST_BUF_VA(1);
   d.user_data[7] = (uint32_t)(ST_BUF_VA(1) >> 32);
   d.group_count[0] = 40;
   d.scratch_va = ST_BUF_VA(0);
   d.tmpring_size = 32 | 1u << 12; /* 32 waves of 1 KiB: 4 groups at once */
   struct kiln_sim_run_options opts = { .threads = 4 };
   memcpy(t->code, prog_scratch_slices, sizeof(prog_scratch_slices));
   struct kiln_sim_fault f;
   int ret = kiln_sim_dispatch(t->vm, &d, &opts, &f, NULL);
   CHECK(ret == 0, "scratch slices dispatch: %d %s", ret, f.message);
   CHECK_EQ32("no wave saw another wave's scratch", flag[0], 0);
}

static void
test_wave32_exec_hi(struct sim_test *t)
{
   uint32_t *out = st_buffer(t, 0, 4096);
   memset(out, 0xee, 4096);
   struct kiln_sim_dispatch d = st_dispatch(32, 32);
   if (!ST_RUN_OK(t, prog_wave32_exec_hi, &d))
      return;
   for (unsigned i = 0; i < 64; i++)
      CHECK_EQ32("wave32 store with EXEC = -1 (64-bit)", out[i], i < 32 ? 5 : 0xeeeeeeeeu);
   CHECK_EQ32("s_cbranch_execz ignores EXEC_HI", out[128], 0x600d);
   CHECK_EQ32("s_cbranch_vccz ignores VCC_HI", out[129], 0x600d);
}

int
main(void)
{
   struct sim_test t;
   st_init(&t);
   test_sgprs(&t, 32);
   test_sgprs(&t, 64);
   test_local_ids(&t, 32);
   test_local_ids(&t, 64);
   test_count(&t, 32, 1);
   test_count(&t, 64, 2);
   test_count(&t, 32, 0);
   test_scratch_slices(&t);
   test_wave32_exec_hi(&t);
   return st_finish(&t);
}
