/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Scalar ALU, program control and scalar memory: programs assembled by
 * llvm-mc (test_sim_salu.s) run on the engine, and each result is compared
 * with the value the RDNA2 ISA guide's description of the instruction
 * gives, computed here in plain C.
 */
#include "sim_test.h"
#include "test_sim_salu.h"

static void
test_sop2(struct sim_test *t)
{
   uint32_t *out = st_buffer(t, 0, 4096);
   struct kiln_sim_dispatch d = st_dispatch(1, 32);
   if (!ST_RUN_OK(t, prog_sop2, &d))
      return;
   uint32_t a = 0xfffffff0, b = 0x20;
   uint64_t ab = ((uint64_t)b << 32 | a) << 4;
   CHECK_EQ32("s_add_u32", out[0], a + b);
   CHECK_EQ32("s_add_u32 carry", out[1], 1);
   CHECK_EQ32("s_sub_u32", out[2], b - a);
   CHECK_EQ32("s_sub_u32 borrow", out[3], 1);
   CHECK_EQ32("s_add_i32", out[4], 0x80000000u);
   CHECK_EQ32("s_add_i32 overflow", out[5], 1);
   CHECK_EQ32("s_addc_u32", out[6], 5 + 6 + 1);
   CHECK_EQ32("s_min_i32", out[7], a);
   CHECK_EQ32("s_min_u32", out[8], b);
   CHECK_EQ32("s_max_i32", out[9], b);
   CHECK_EQ32("s_bfe_u32", out[10], (0x12345678u >> 8) & 0xfff);
   CHECK_EQ32("s_bfe_i32", out[11], 0xffffffffu);
   CHECK_EQ32("s_lshl_b64 lo", out[12], (uint32_t)ab);
   CHECK_EQ32("s_lshl_b64 hi", out[13], (uint32_t)(ab >> 32));
   CHECK_EQ32("s_ashr_i32", out[14], (uint32_t)(-16 / 4));
   CHECK_EQ32("s_lshr_b32", out[15], a / 4);
   CHECK_EQ32("s_mul_i32", out[16], 48);
   CHECK_EQ32("s_mul_hi_u32", out[17], (uint32_t)(((uint64_t)a * a) >> 32));
   CHECK_EQ32("s_mul_hi_i32", out[18], 0); /* (-16)^2 = 256 */
   CHECK_EQ32("s_andn2_b32", out[19], 0xff00ffu & ~0xf0f0f0f0u);
   CHECK_EQ32("s_xnor_b32", out[20], ~(0xff00ffu ^ 0xf0f0f0f0u));
   CHECK_EQ32("s_bfm_b32", out[21], 0x1fu << 3);
   CHECK_EQ32("s_pack_lh_b32_b16", out[22], 0x33332222u);
   CHECK_EQ32("s_lshl2_add_u32", out[23], (0x40000001u << 2) + 7);
   CHECK_EQ32("s_lshl2_add_u32 carry", out[24], 1);
   CHECK_EQ32("s_absdiff_i32", out[25], 12);
   CHECK_EQ32("s_subb_u32", out[26], (uint32_t)(3 - 5 - 1));
   CHECK_EQ32("s_subb_u32 borrow", out[27], 1);
}

static void
test_sop1(struct sim_test *t)
{
   uint32_t *out = st_buffer(t, 0, 4096);
   struct kiln_sim_dispatch d = st_dispatch(1, 32);
   if (!ST_RUN_OK(t, prog_sop1, &d))
      return;
   uint32_t v = 0x00f00100;
   CHECK_EQ32("s_not_b32", out[0], ~v);
   CHECK_EQ32("s_brev_b32", out[1], 0x00800f00u);
   CHECK_EQ32("s_bcnt1_i32_b32", out[2], 5);
   CHECK_EQ32("s_ff1_i32_b32", out[3], 8);
   CHECK_EQ32("s_flbit_i32_b32", out[4], 8);
   CHECK_EQ32("s_flbit_i32 (-8)", out[5], 29);
   CHECK_EQ32("s_sext_i32_i8", out[6], 0xffffff80u);
   CHECK_EQ32("s_sext_i32_i16", out[7], 0x7fff);
   CHECK_EQ32("s_bitset1_b32", out[8], 0x80000000u);
   CHECK_EQ32("s_wqm_b32", out[9], 0x0f0f);
   CHECK_EQ32("s_quadmask_b32", out[10], 0x5);
   CHECK_EQ32("s_abs_i32", out[11], 7);
   CHECK_EQ32("s_mov_b64 -2 lo", out[12], 0xfffffffeu);
   CHECK_EQ32("s_mov_b64 -2 hi", out[13], 0xffffffffu);
   CHECK_EQ32("s_bcnt1_i32_b64", out[14], 63);
   CHECK_EQ32("s_ff0_i32_b32", out[15], 16);
   CHECK_EQ32("s_movk_i32", out[16], 0xffff8001u);
   CHECK_EQ32("s_addk_i32", out[17], 0xffff8011u);
   CHECK_EQ32("s_cmpk_lt_i32", out[18], 1);
   CHECK_EQ32("s_cmpk_lt_u32", out[19], 0);
   CHECK_EQ32("s_movrels_b32", out[20], 0x1234);
}

static void
test_control(struct sim_test *t)
{
   uint32_t *out = st_buffer(t, 0, 4096);
   struct kiln_sim_dispatch d = st_dispatch(1, 32);
   if (!ST_RUN_OK(t, prog_control, &d))
      return;
   CHECK_EQ32("loop counter", out[0], 10);
   CHECK_EQ32("loop sum", out[1], 55);
   CHECK_EQ32("s_cbranch_scc1 not taken", out[2], 0x77);
   CHECK_EQ32("s_branch taken", out[3], 0x55);
   CHECK_EQ32("exec of a 1-thread wave", out[4], 1);
   CHECK_EQ32("s_and_saveexec_b32 saved", out[5], 1);
   CHECK_EQ32("exec restored, scc from saveexec", out[6], 0);
   CHECK_EQ32("s_setreg MODE round", out[7], 0x0a);
   CHECK_EQ32("s_round_mode/s_denorm_mode", out[8], 0x53);
   CHECK_EQ32("FLAT_SCR_HI keeps 16 address bits", out[9], 0x0042);
   CHECK_EQ32("s_call_b64/s_setpc_b64", out[10], 0xf00d);
   /* s_getpc_b64 returns the address after itself; s_call_b64 saved the
    * address after the call. Between them: one OUT (v_mov_b32, 1 dword,
    * global_store_dword, 2 dwords) and the s_getpc_b64 itself (1). */
   CHECK_EQ32("s_getpc_b64 - return address", out[11], (3 + 1) * 4);
}

static void
test_smem(struct sim_test *t)
{
   uint32_t *out = st_buffer(t, 0, 4096);
   uint32_t *in = st_buffer(t, 1, 4096);
   for (unsigned i = 0; i < 16; i++)
      in[i] = 0x1000 + i * 0x11;
   struct kiln_sim_dispatch d = st_dispatch(1, 32);
   if (!ST_RUN_OK(t, prog_smem, &d))
      return;
   CHECK_EQ32("s_load_dwordx2 [0]", out[0], in[2]);
   CHECK_EQ32("s_load_dwordx2 [1]", out[1], in[3]);
   CHECK_EQ32("s_load_dword", out[2], in[0]);
   CHECK_EQ32("s_load_dword soffset", out[3], in[1]);
   /* num_records = 12: dwords at byte 4 and 8 are in range, 12 and 16 not */
   CHECK_EQ32("s_buffer_load in range", out[4], in[1]);
   CHECK_EQ32("s_buffer_load in range", out[5], in[2]);
   CHECK_EQ32("s_buffer_load past num_records", out[6], 0);
   CHECK_EQ32("s_buffer_load past num_records", out[7], 0);
   CHECK_EQ32("s_memtime monotonic", out[8], 0);
}

int
main(void)
{
   struct sim_test t;
   st_init(&t);
   test_sop2(&t);
   test_sop1(&t);
   test_control(&t);
   test_smem(&t);
   return st_finish(&t);
}
