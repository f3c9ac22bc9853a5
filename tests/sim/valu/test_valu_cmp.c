/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * VOPC compares: results in VCC (VOPC), in an SGPR (VOP3 form), v_cmpx
 * writing EXEC only (gfx10), ordered/unordered float relations with NaN,
 * v_cmp_class masks, 64-bit and 16-bit operands and source modifiers.
 * Expected values are the C relational operators and the ISA's class
 * bits.
 */
#include "valu_test.h"
#include "test_valu_cmp.h"

#define LANES 32

int
main(void)
{
   struct sim_test t;
   st_init(&t);
   uint32_t a[LANES], b[LANES], c[LANES], d[LANES];
   for (unsigned l = 0; l < LANES; l++) {
      a[l] = sim_u32(((int)l - 10) * 0.5f);
      b[l] = sim_u32(3.0f - l * 0.25f);
      c[l] = l * 0x9e3779b9u;
      d[l] = (LANES - l) * 0x7f4a7c15u;
   }
   a[3] = sim_u32(NAN);
   b[4] = sim_u32(NAN);
   a[5] = sim_u32(-INFINITY);
   a[6] = 0x80000001u; /* negative denormal */
   a[7] = sim_u32(-0.0f);
   c[8] = a[8]; /* equal 64-bit pair in lane 8 */
   d[8] = b[8];
   a[9] = 0x3c003c00u | 0x8000u; /* f16 lo = -1.0 */
   uint32_t *out = vt_inputs(&t, LANES, a, b, c, d);
   struct kiln_sim_dispatch disp = vt_dispatch(LANES, 32);
   if (ST_RUN_OK(&t, prog_cmp, &disp)) {
      uint32_t lt_mask = 0, cmpx_mask = 0;
      for (unsigned l = 0; l < LANES; l++) {
         float x = sim_f32(a[l]), y = sim_f32(b[l]);
         bool lt = x < y;
         lt_mask |= (uint32_t)lt << l;
         cmpx_mask |= (uint32_t)((int32_t)c[l] < (int32_t)d[l]) << l;
         /* class mask 0x3c: -inf, -normal, -denormal, -0 */
         bool neg_class = (a[l] >> 31) && !isnan(x);
         _Float16 hx = vt_half(a[l]), hy = vt_half(b[l]);
         CHECK_EQ32("v_cmp_lt_f32", SLOT(out, 0, l), lt);
         CHECK_EQ32("v_cmp_neq_f32 (unordered true)", SLOT(out, 2, l), !(x == y));
         CHECK_EQ32("v_cmp_lg_f32 (ordered)", SLOT(out, 3, l), x < y || x > y);
         CHECK_EQ32("v_cmp_u_f32", SLOT(out, 4, l), isnan(x) || isnan(y));
         CHECK_EQ32("v_cmp_gt_u32", SLOT(out, 5, l), c[l] > d[l]);
         CHECK_EQ32("v_cmp_ge_i32", SLOT(out, 6, l), (int32_t)c[l] >= (int32_t)d[l]);
         CHECK_EQ32("v_cmp_class_f32", SLOT(out, 7, l), neg_class);
         uint64_t cd = ((uint64_t)d[l] << 32) | c[l], ab = ((uint64_t)b[l] << 32) | a[l];
         CHECK_EQ32("v_cmp_eq_u64", SLOT(out, 8, l), cd == ab);
         CHECK_EQ32("v_cmp_lt_f32 modifiers", SLOT(out, 9, l), -x < fabsf(y));
         CHECK_EQ32("v_cmp_ne_u32 inline", SLOT(out, 10, l), l != 7);
         CHECK_EQ32("v_cmpx_lt_i32 then v_mov", SLOT(out, 11, l),
                    (int32_t)c[l] < (int32_t)d[l] ? 7 : 0);
         CHECK_EQ32("v_cmp_lt_f16", SLOT(out, 13, l), hx < hy);
      }
      for (unsigned l = 0; l < LANES; l++) {
         CHECK_EQ32("VCC of v_cmp_lt_f32", SLOT(out, 1, l), lt_mask);
         CHECK_EQ32("EXEC after v_cmpx", SLOT(out, 12, l), cmpx_mask);
      }
   }
   return st_finish(&t);
}
