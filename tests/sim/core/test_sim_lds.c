/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * LDS (DS encoding): reads and writes of every width, read2/write2 with
 * element offsets and st64 strides, d16 halves, out-of-range accesses
 * (reads 0, writes dropped), atomics returning the pre-op value, the
 * cross-lane swizzle/permute ops, s_barrier across the waves of a
 * workgroup exchanging data through LDS, and waves that wait for each
 * other through LDS without a barrier (the engine time-slices them).
 */
#include "sim_test.h"
#include "test_sim_lds.h"

#define LANES        32
#define R(out, k, i) ((out)[(k)*32 + (i)])

static struct kiln_sim_dispatch
lds_dispatch(unsigned threads)
{
   struct kiln_sim_dispatch d = st_dispatch(threads, 32);
   d.rsrc2 |= 4u << 15; /* LDS_SIZE = 4 x 512 bytes */
   return d;
}

static void
test_ds_basic(struct sim_test *t)
{
   uint32_t *out = st_buffer(t, 0, 8192);
   struct kiln_sim_dispatch d = lds_dispatch(LANES);
   if (!ST_RUN_OK(t, prog_ds_basic, &d))
      return;
   for (unsigned i = 0; i < LANES; i++) {
      CHECK_EQ32("ds_read_b32 neighbour", R(out, 0, i), 0x100 + (i ^ 1));
      CHECK_EQ32("ds_write/read offset", R(out, 1, i), 0x100 + i);
      /* read2 offsets count dwords: lds[id + 1] and lds[id + 64] */
      CHECK_EQ32("ds_read2_b32 offset0", R(out, 2, i), i + 1 < 32 ? 0x100 + i + 1 : 0);
      CHECK_EQ32("ds_read2_b32 offset1", R(out, 3, i), 0x100 + i);
      CHECK_EQ32("ds_read2st64_b32 .x", R(out, 4, i), 0x11);
      CHECK_EQ32("ds_read2st64_b32 .y", R(out, 5, i), 0x22);
      CHECK_EQ32("ds_read_b64 .x", R(out, 6, i), 0x11);
      CHECK_EQ32("ds_read_b64 .y", R(out, 7, i), 0x22);
      CHECK_EQ32("ds_read_u8", R(out, 8, i), 0xba);
      CHECK_EQ32("ds_read_i8", R(out, 9, i), 0xfffffffeu);
      CHECK_EQ32("ds_read_u16", R(out, 10, i), 0xfedc);
      CHECK_EQ32("ds_read_i16", R(out, 11, i), 0xfffffedcu);
      CHECK_EQ32("ds_read_u16_d16_hi", R(out, 12, i), 0xba985555u);
      CHECK_EQ32("ds_write_b8 + ds_write_b16_d16_hi", R(out, 13, i), 0xfedcba11u);
      CHECK_EQ32("out-of-range LDS read", R(out, 14, i), 0);
   }
}

static void
test_ds_atomics(struct sim_test *t)
{
   uint32_t *out = st_buffer(t, 0, 8192);
   struct kiln_sim_dispatch d = lds_dispatch(LANES);
   if (!ST_RUN_OK(t, prog_ds_atomics, &d))
      return;
   uint32_t seen = 0;
   for (unsigned i = 0; i < LANES; i++)
      if (R(out, 0, i) < 32)
         seen |= 1u << R(out, 0, i);
   CHECK_EQ32("ds_add_rtn_u32 returns distinct pre-op values", seen, 0xffffffffu);
   for (unsigned i = 0; i < LANES; i++) {
      uint32_t after_cmp = i == 5 ? 0x77 : i;
      CHECK_EQ32("ds_cmpst_rtn_b32 old", R(out, 1, i), i);
      CHECK_EQ32("ds_max_rtn_u32 old", R(out, 2, i), after_cmp);
      CHECK_EQ32("ds_max_rtn_u32 memory", R(out, 3, i), after_cmp > 5 ? after_cmp : 5);
      CHECK_EQ32("ds_add_rtn_u32 final", R(out, 4, i), 32);
      /* swizzle(SWAP,1): lane ^ 1; QUAD_PERM(3,2,1,0) reverses each quad */
      CHECK_EQ32("ds_swizzle_b32 swap", R(out, 5, i), i ^ 1);
      CHECK_EQ32("ds_swizzle_b32 quad_perm", R(out, 6, i), (i & ~3u) | (3 - (i & 3)));
      CHECK_EQ32("ds_bpermute_b32", R(out, 7, i), 31 - i);
      CHECK_EQ32("ds_permute_b32", R(out, 8, i), 31 - i);
   }
}

static void
test_barrier(struct sim_test *t)
{
   uint32_t *out = st_buffer(t, 0, 8192);
   struct kiln_sim_dispatch d = lds_dispatch(256);
   if (!ST_RUN_OK(t, prog_barrier, &d))
      return;
   for (unsigned i = 0; i < 256; i++) {
      CHECK_EQ32("value from another wave after s_barrier", out[i], i ^ 128);
      CHECK_EQ32("second exchange after s_barrier", out[256 + i], 1000 + (i ^ 128));
   }
}

static void
test_append(struct sim_test *t)
{
   uint32_t *out = st_buffer(t, 0, 8192);
   struct kiln_sim_dispatch d = lds_dispatch(LANES);
   if (!ST_RUN_OK(t, prog_append, &d))
      return;
   for (unsigned i = 0; i < LANES; i++) {
      CHECK_EQ32("ds_append returns the count before", R(out, 0, i), 100);
      CHECK_EQ32("ds_consume returns the count before", R(out, 1, i), i < 5 ? 132 : 0);
      CHECK_EQ32("ds_append + ds_consume", R(out, 2, i), 100 + 32 - 5);
   }
}

static void
test_spin_wait(struct sim_test *t)
{
   uint32_t *out = st_buffer(t, 0, 8192);
   struct kiln_sim_dispatch d = lds_dispatch(64);
   d.rsrc2 |= 1u << 10; /* TG_SIZE in s6 */
   struct kiln_sim_run_options opts = { .watchdog_instructions = 10000000 };
   struct kiln_sim_fault f;
   memcpy(t->code, prog_spin_wait, sizeof(prog_spin_wait));
   int ret = kiln_sim_dispatch(t->vm, &d, &opts, &f, NULL);
   CHECK(ret == 0, "wave waiting on another wave's LDS write: %d %s", ret, f.message);
   CHECK_EQ32("waiting wave saw the flag", out[0], 0x600d);
}

int
main(void)
{
   struct sim_test t;
   st_init(&t);
   test_ds_basic(&t);
   test_ds_atomics(&t);
   test_barrier(&t);
   test_spin_wait(&t);
   test_append(&t);
   return st_finish(&t);
}
