/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * VALU opcodes that move data across lanes or address registers
 * indirectly: v_readlane, v_readfirstlane, v_writelane (scalar <-> one
 * lane), v_movrel* (VGPR index + M0), v_swap, and the gfx10
 * v_permlane16/v_permlanex16 crossbars.  These read registers themselves
 * rather than through the per-lane source arrays, since their operands
 * are not "the same lane of a register".
 */
#include "valu_internal.h"

static inline unsigned
vgpr_index(struct sim_wave *w, unsigned v)
{
   if (v >= SIM_NUM_VGPRS) {
      sim_wave_fault(w, KILN_SIM_FAULT_ILLEGAL, 0, false, "VGPR index v%u out of range", v);
      return 0;
   }
   return v;
}

VALU_FN(v_readfirstlane_b32)
{
   uint64_t exec = sim_exec_mask(w);
   unsigned lane = exec ? (unsigned)__builtin_ctzll(exec) : 0;
   sim_write_sdst32(w, in->valu.vdst, io->s[0][lane & io->m[0]]);
}

VALU_FN(v_readlane_b32)
{
   unsigned lane = VALU_RD_UNIFORM(1) & (w->wave_size - 1);
   sim_write_sdst32(w, in->valu.vdst, io->s[0][lane & io->m[0]]);
}

VALU_FN(v_writelane_b32)
{
   unsigned lane = VALU_RD_UNIFORM(1) & (w->wave_size - 1);
   io->d[lane] = VALU_RD_UNIFORM(0);
}

VALU_FN(v_movrels_b32)
{
   if (in->valu.src[0] < SIM_SRC_VGPR0) {
      VALU_LOOP(VALU_WR32(VALU_U32(0)));
      return;
   }
   unsigned r = vgpr_index(w, in->valu.src[0] - SIM_SRC_VGPR0 + w->sgpr[SIM_SRC_M0]);
   const uint32_t *s = w->vgpr[r];
   VALU_LOOP(VALU_WR32(s[l]));
}

VALU_FN(v_movreld_b32)
{
   unsigned r = vgpr_index(w, in->valu.vdst + w->sgpr[SIM_SRC_M0]);
   uint32_t *d = w->vgpr[r];
   VALU_LOOP(d[l] = VALU_U32(0));
}

/* v_swap, v_movrelsd and the permlanes name src0's VGPR directly; any
 * other operand there is an illegal encoding, stopped before it indexes
 * the register file. */
static bool
src0_is_vgpr(struct sim_wave *w, const struct sim_inst *in)
{
   if (in->valu.src[0] >= SIM_SRC_VGPR0)
      return true;
   sim_wave_fault(w, KILN_SIM_FAULT_ILLEGAL, 0, false, "src0 must be a VGPR");
   return false;
}

VALU_FN(v_movrelsd_b32)
{
   if (!src0_is_vgpr(w, in))
      return;
   unsigned m0 = w->sgpr[SIM_SRC_M0];
   unsigned rs = vgpr_index(w, in->valu.src[0] - SIM_SRC_VGPR0 + m0);
   unsigned rd = vgpr_index(w, in->valu.vdst + m0);
   const uint32_t *s = w->vgpr[rs];
   uint32_t *d = w->vgpr[rd];
   VALU_LOOP(d[l] = s[l]);
}

VALU_FN(v_swap_b32)
{
   if (!src0_is_vgpr(w, in))
      return;
   uint32_t *a = io->d;
   uint32_t *b = w->vgpr[in->valu.src[0] - SIM_SRC_VGPR0];
   VALU_LOOP({
      uint32_t t = a[l];
      a[l] = b[l];
      b[l] = t;
   });
}

/* permlane16: each lane reads src0 from the lane of its row named by its
 * nibble of {src2, src1}; permlanex16 reads from the other row of the
 * pair.  op_sel[0] = fetch inactive, op_sel[1] = bound_ctrl. */
static void
permlane(struct sim_wave *w, const struct sim_inst *in, struct valu_io *io, bool cross)
{
   uint64_t sel = ((uint64_t)VALU_RD_UNIFORM(2) << 32) | VALU_RD_UNIFORM(1);
   bool fi = in->valu.opsel & 1, bound_ctrl = (in->valu.opsel >> 1) & 1;
   uint64_t exec = sim_exec_mask(w);
   if (!src0_is_vgpr(w, in))
      return;
   const uint32_t *s = w->vgpr[in->valu.src[0] - SIM_SRC_VGPR0];
   uint32_t tmp[SIM_MAX_LANES];
   uint64_t write = 0;

   SIM_FOREACH_LANE(l, io->exec)
   {
      unsigned row = l & ~15u;
      if (cross)
         row ^= 16;
      unsigned src = row | ((sel >> (4 * (l & 15))) & 15);
      if (fi || ((exec >> src) & 1)) {
         tmp[l] = s[src];
         write |= 1ull << l;
      } else if (bound_ctrl) {
         tmp[l] = 0;
         write |= 1ull << l;
      }
   }
   SIM_FOREACH_LANE(l, write)
   io->d[l] = tmp[l];
}

VALU_FN(v_permlane16_b32)
{
   permlane(w, in, io, false);
}

VALU_FN(v_permlanex16_b32)
{
   permlane(w, in, io, true);
}

static const struct valu_entry rows[] = {
   VALU_ENTRY(v_readfirstlane_b32, v_readfirstlane_b32, B32, NONE, NONE, SGPR, VALU_NO_MODS),
   VALU_ENTRY(v_readlane_b32_e64, v_readlane_b32, B32, B32, NONE, SGPR, VALU_NO_MODS),
   VALU_ENTRY(v_writelane_b32_e64, v_writelane_b32, B32, B32, NONE, B32, VALU_NO_MODS),
   VALU_ENTRY(v_movrels_b32, v_movrels_b32, B32, NONE, NONE, B32, VALU_NO_MODS),
   VALU_ENTRY(v_movreld_b32, v_movreld_b32, B32, NONE, NONE, B32, VALU_NO_MODS),
   VALU_ENTRY(v_movrelsd_b32, v_movrelsd_b32, B32, NONE, NONE, B32, VALU_NO_MODS),
   VALU_ENTRY(v_swap_b32, v_swap_b32, B32, NONE, NONE, B32, VALU_NO_MODS),
   VALU_ENTRY(v_permlane16_b32, v_permlane16_b32, B32, B32, B32, B32, VALU_NO_MODS),
   VALU_ENTRY(v_permlanex16_b32, v_permlanex16_b32, B32, B32, B32, B32, VALU_NO_MODS),
};

const struct valu_table valu_lane_table = { rows, sizeof(rows) / sizeof(rows[0]) };
