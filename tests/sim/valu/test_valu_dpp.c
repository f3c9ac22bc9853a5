/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Lane-crossing VALU forms: DPP16 (quad_perm, row shifts/rotates,
 * mirrors, row_share, row_xmask, row/bank masks, bound_ctrl), DPP8, SDWA
 * (source byte/word selects with sign extension, destination selects
 * with pad/sext/preserve, VOPC to an SGPR), and v_readlane,
 * v_readfirstlane, v_writelane, v_mbcnt, v_permlane16/x16, v_movrels and
 * v_swap.  Expected lanes follow the RDNA2 ISA's definitions, written
 * here as lane-index arithmetic.
 */
#include "valu_test.h"
#include "test_valu_dpp.h"

#define LANES    32
#define SENTINEL 0xdeadu

static void
test_dpp(struct sim_test *t)
{
   uint32_t a[LANES], b[LANES], z[LANES] = { 0 };
   for (unsigned l = 0; l < LANES; l++) {
      a[l] = sim_u32(l * 1.5f - 7.0f);
      b[l] = sim_u32(100.0f - l * 3.25f);
   }
   uint32_t *out = vt_inputs(t, LANES, a, b, z, z);
   struct kiln_sim_dispatch disp = vt_dispatch(LANES, 32);
   if (!ST_RUN_OK(t, prog_dpp, &disp))
      return;
   static const unsigned dpp8_rev[8] = { 7, 6, 5, 4, 3, 2, 1, 0 };
   static const unsigned dpp8_sel[8] = { 1, 1, 1, 1, 0, 0, 0, 0 };
   for (unsigned l = 0; l < LANES; l++) {
      unsigned row = l & ~15u, idx = l & 15;
      CHECK_EQ32("quad_perm", SLOT(out, 0, l), a[(l & ~3u) | (3 - (l & 3))]);
      CHECK_EQ32("row_shr bound_ctrl", SLOT(out, 1, l), idx == 0 ? 0 : a[l - 1]);
      CHECK_EQ32("row_shl disabled lane", SLOT(out, 2, l), idx == 15 ? SENTINEL : a[l + 1]);
      CHECK_EQ32("row_ror", SLOT(out, 3, l), a[row | ((idx - 4) & 15)]);
      CHECK_EQ32("row_mirror", SLOT(out, 4, l), a[row | (15 - idx)]);
      CHECK_EQ32("row_half_mirror", SLOT(out, 5, l), a[(l & ~7u) | (7 - (l & 7))]);
      CHECK_EQ32("row_share", SLOT(out, 6, l), a[row | 3]);
      CHECK_EQ32("row_xmask", SLOT(out, 7, l), a[row | (idx ^ 5)]);
      bool enabled = (l >> 4) == 1 && (((l >> 2) & 3) == 0 || ((l >> 2) & 3) == 2);
      CHECK_EQ32("row_mask/bank_mask", SLOT(out, 8, l), enabled ? a[(l & ~3u) | 1] : SENTINEL);
      float prev = idx == 0 ? 0.0f : sim_f32(a[l - 1]);
      CHECK_EQ32("v_add_f32_dpp row_shr", SLOT(out, 9, l), sim_u32(prev + sim_f32(b[l])));
      CHECK_EQ32("v_add_f32_dpp modifiers", SLOT(out, 10, l),
                 sim_u32(-sim_f32(a[l & ~3u]) + fabsf(sim_f32(b[l]))));
      CHECK_EQ32("dpp8", SLOT(out, 11, l), a[(l & ~7u) | dpp8_rev[l & 7]]);
      CHECK_EQ32("v_add_nc_u32 dpp8", SLOT(out, 12, l), a[(l & ~7u) | dpp8_sel[l & 7]] + b[l]);
   }
}

static void
test_sdwa(struct sim_test *t)
{
   uint32_t a[LANES], b[LANES], z[LANES] = { 0 };
   for (unsigned l = 0; l < LANES; l++) {
      a[l] = vt_half_bits((_Float16)(l * 0.25 - 2)) << 16 | (0x80u + l * 37) | (l << 24);
      b[l] = (l * 0x01030507u) & 0xff7fffffu;
      b[l] = (b[l] & 0xffff0000u) | vt_half_bits((_Float16)(1.0 + l));
   }
   uint32_t *out = vt_inputs(t, LANES, a, b, z, z);
   struct kiln_sim_dispatch disp = vt_dispatch(LANES, 32);
   if (!ST_RUN_OK(t, prog_sdwa, &disp))
      return;
   for (unsigned l = 0; l < LANES; l++) {
      _Float16 sum = vt_half(a[l] >> 16) + vt_half(b[l]);
      CHECK_EQ32("v_add_f16_sdwa WORD_1 preserve", SLOT(out, 0, l),
                 (vt_half_bits(sum) << 16) | (b[l] & 0xffff));
      CHECK_EQ32("v_mov_b32_sdwa BYTE_3 -> BYTE_1 pad", SLOT(out, 1, l),
                 ((a[l] >> 24) & 0xff) << 8);
      CHECK_EQ32("v_mov_b32_sdwa sext BYTE_0", SLOT(out, 2, l), (uint32_t)(int32_t)(int8_t)a[l]);
      uint32_t r = ((a[l] >> 16) + ((b[l] >> 16) & 0xff)) & 0xffff;
      CHECK_EQ32("v_add_nc_u32_sdwa WORD_0 sext", SLOT(out, 3, l), (uint32_t)(int32_t)(int16_t)r);
      CHECK_EQ32("v_cmp_gt_u32_sdwa", SLOT(out, 4, l), (a[l] & 0xff) > (b[l] & 0xff));
   }
}

static void
test_lanes(struct sim_test *t)
{
   uint32_t a[LANES], b[LANES], c[LANES], z[LANES] = { 0 };
   for (unsigned l = 0; l < LANES; l++) {
      a[l] = 0x1000u + l * 17;
      b[l] = 0x2000u + l;
      c[l] = 0x3000u + l * 3;
   }
   uint32_t *out = vt_inputs(t, LANES, a, b, c, z);
   struct kiln_sim_dispatch disp = vt_dispatch(LANES, 32);
   if (!ST_RUN_OK(t, prog_lanes, &disp))
      return;
   uint64_t sel = 0x89abcdef01234567ull;
   for (unsigned l = 0; l < LANES; l++) {
      unsigned row = l & ~15u, nib = (sel >> (4 * (l & 15))) & 15;
      CHECK_EQ32("v_readlane_b32", SLOT(out, 0, l), a[5]);
      CHECK_EQ32("v_readfirstlane_b32", SLOT(out, 1, l), a[4]);
      CHECK_EQ32("v_writelane_b32", SLOT(out, 2, l), l == 7 ? 0x1234 : b[l]);
      CHECK_EQ32("v_mbcnt_lo_u32_b32", SLOT(out, 3, l), l);
      CHECK_EQ32("v_permlane16_b32", SLOT(out, 4, l), a[row | nib]);
      CHECK_EQ32("v_permlanex16_b32", SLOT(out, 5, l), a[(row ^ 16) | nib]);
      CHECK_EQ32("v_movrels_b32", SLOT(out, 6, l), c[l]);
      CHECK_EQ32("v_swap_b32 first", SLOT(out, 7, l), b[l]);
      CHECK_EQ32("v_swap_b32 second", SLOT(out, 8, l), a[l]);
   }
}

int
main(void)
{
   struct sim_test t;
   st_init(&t);
   test_dpp(&t);
   test_sdwa(&t);
   test_lanes(&t);
   return st_finish(&t);
}
