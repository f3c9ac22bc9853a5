/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Wave64: the VALU loops all 64 lanes, compare results and v_cmpx fill
 * 64-bit masks, v_mbcnt_lo/hi count across both halves, v_readlane reads
 * a lane above 31, DPP works in rows 2 and 3, and carries are 64-bit
 * VCC.  Expected values from plain C per lane.
 */
#include "valu_test.h"
#include "test_valu_wave64.h"

#define LANES 64

int
main(void)
{
   struct sim_test t;
   st_init(&t);
   uint32_t a[LANES], b[LANES], c[LANES], d[LANES];
   for (unsigned l = 0; l < LANES; l++) {
      a[l] = sim_u32(l * 0.75f - 20.0f);
      b[l] = sim_u32(1.0f / (l + 1));
      c[l] = l * 0x9e3779b9u;
      d[l] = (LANES - l) * 0x7f4a7c15u;
   }
   uint32_t *out = vt_inputs(&t, LANES, a, b, c, d);
   struct kiln_sim_dispatch disp = vt_dispatch(LANES, 64);
   if (ST_RUN_OK(&t, prog_w64, &disp)) {
      uint64_t lt = 0, gt = 0;
      for (unsigned l = 0; l < LANES; l++) {
         lt |= (uint64_t)(c[l] < d[l]) << l;
         gt |= (uint64_t)(c[l] > d[l]) << l;
      }
      for (unsigned l = 0; l < LANES; l++) {
         unsigned idx = l & 15;
         CHECK_EQ32("v_add_f32", SLOT(out, 0, l), sim_u32(sim_f32(a[l]) + sim_f32(b[l])));
         CHECK_EQ32("v_cmp_lt_u32 lane", SLOT(out, 1, l), c[l] < d[l]);
         CHECK_EQ32("compare mask lo", SLOT(out, 2, l), (uint32_t)lt);
         CHECK_EQ32("compare mask hi", SLOT(out, 3, l), (uint32_t)(lt >> 32));
         CHECK_EQ32("v_mbcnt_lo/hi", SLOT(out, 4, l), l);
         CHECK_EQ32("v_readlane_b32 lane 45", SLOT(out, 5, l), a[45]);
         CHECK_EQ32("row_shr:3 bound_ctrl", SLOT(out, 6, l), idx < 3 ? 0 : a[l - 3]);
         CHECK_EQ32("v_cmpx_gt_u32", SLOT(out, 7, l), c[l] > d[l] ? 9 : 0);
         CHECK_EQ32("EXEC lo after v_cmpx", SLOT(out, 8, l), (uint32_t)gt);
         CHECK_EQ32("EXEC hi after v_cmpx", SLOT(out, 9, l), (uint32_t)(gt >> 32));
         CHECK_EQ32("carry in 64-bit VCC", SLOT(out, 10, l),
                    (uint32_t)(((uint64_t)c[l] + d[l]) >> 32));
      }
   }
   return st_finish(&t);
}
