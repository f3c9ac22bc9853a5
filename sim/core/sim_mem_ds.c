/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * LDS instructions (DS): reads and writes of 8 to 128 bits, the paired
 * read2/write2 forms (offsets in elements, st64 in 64-element strides),
 * atomics with and without return, ds_append/ds_consume, and the
 * cross-lane ds_swizzle_b32,
 * ds_permute_b32 and ds_bpermute_b32.  A workgroup's waves all run on one
 * host thread, so LDS needs no host atomics.  Out-of-range LDS addresses
 * read 0 and drop writes, as the ISA defines for LDS.
 */
#include "sim_mem.h"

static inline uint32_t
ds_addr(const struct sim_wave *w, const struct sim_inst *in, unsigned lane)
{
   return w->vgpr[in->ds.addr][lane] + (in->ds.offset0 | in->ds.offset1 << 8);
}

static bool
no_gds(struct sim_wave *w, const struct sim_inst *in)
{
   if (in->ds.gds)
      sim_exec_unsupported(w, in);
   return !in->ds.gds;
}

static void
x_ds_load(struct sim_wave *w, const struct sim_inst *in)
{
   const struct sim_mem_op *m = &sim_mem_ops[in->op];
   if (!no_gds(w, in))
      return;
   SIM_FOREACH_LANE(l, sim_exec_mask(w))
   sim_lane_load(w, m, SIM_SEG_LDS, ds_addr(w, in, l), l, in->ds.vdst);
}

static void
x_ds_store(struct sim_wave *w, const struct sim_inst *in)
{
   const struct sim_mem_op *m = &sim_mem_ops[in->op];
   if (!no_gds(w, in))
      return;
   SIM_FOREACH_LANE(l, sim_exec_mask(w))
   sim_lane_store(w, m, SIM_SEG_LDS, ds_addr(w, in, l), l, in->ds.data0);
}

/* read2/write2: two elements at base + offset0/1 x element size (x 64 for
 * the st64 forms): the descriptor's pair stride. */
static void
x_ds_read2(struct sim_wave *w, const struct sim_inst *in)
{
   const struct sim_mem_op *m = &sim_mem_ops[in->op];
   unsigned stride = m->pair_stride;
   if (!no_gds(w, in))
      return;
   SIM_FOREACH_LANE(l, sim_exec_mask(w))
   {
      uint32_t base = w->vgpr[in->ds.addr][l];
      sim_lane_load(w, m, SIM_SEG_LDS, base + in->ds.offset0 * stride, l, in->ds.vdst);
      sim_lane_load(w, m, SIM_SEG_LDS, base + in->ds.offset1 * stride, l, in->ds.vdst + m->dwords);
   }
}

static void
x_ds_write2(struct sim_wave *w, const struct sim_inst *in)
{
   const struct sim_mem_op *m = &sim_mem_ops[in->op];
   unsigned stride = m->pair_stride;
   if (!no_gds(w, in))
      return;
   SIM_FOREACH_LANE(l, sim_exec_mask(w))
   {
      uint32_t base = w->vgpr[in->ds.addr][l];
      sim_lane_store(w, m, SIM_SEG_LDS, base + in->ds.offset0 * stride, l, in->ds.data0);
      sim_lane_store(w, m, SIM_SEG_LDS, base + in->ds.offset1 * stride, l, in->ds.data1);
   }
}

static inline uint64_t
vdata(const struct sim_wave *w, unsigned v, unsigned lane, bool is64)
{
   uint64_t x = w->vgpr[v][lane];
   if (is64)
      x |= (uint64_t)w->vgpr[(v + 1) & 0xff][lane] << 32;
   return x;
}

static void
x_ds_atomic(struct sim_wave *w, const struct sim_inst *in)
{
   const struct sim_mem_op *m = &sim_mem_ops[in->op];
   bool is64 = m->dwords == 2;
   if (!no_gds(w, in))
      return;
   SIM_FOREACH_LANE(l, sim_exec_mask(w))
   {
      uint64_t d0 = vdata(w, in->ds.data0, l, is64), d1 = vdata(w, in->ds.data1, l, is64);
      uint64_t src = d0, cmp = 0, old = 0;
      /* ds_cmpst: DATA0 is the compare value, DATA1 the new one;
       * ds_mskor: DATA0 the mask, DATA1 the bits to set. */
      if (m->atomic == SIM_AT_CMPSWAP || m->atomic == SIM_AT_FCMPSWAP) {
         src = d1;
         cmp = d0;
      } else if (m->atomic == SIM_AT_MSKOR) {
         cmp = d1;
      }
      sim_seg_atomic(w, SIM_SEG_LDS, ds_addr(w, in, l), l, m->atomic, is64, src, cmp, &old);
      if (m->rtn) {
         w->vgpr[in->ds.vdst][l] = (uint32_t)old;
         if (is64)
            w->vgpr[(in->ds.vdst + 1) & 0xff][l] = (uint32_t)(old >> 32);
      }
   }
}

/* ds_swizzle_b32 (no LDS access): offset[15] selects quad-permute mode
 * (offset[7:0] = four 2-bit lane selects within each quad); otherwise
 * bit-mask mode within 32 lanes: lane' = ((lane & and) | or) ^ xor with
 * and = offset[4:0], or = offset[9:5], xor = offset[14:10]. */
static void
x_ds_swizzle_b32(struct sim_wave *w, const struct sim_inst *in)
{
   unsigned off = in->ds.offset0 | in->ds.offset1 << 8;
   uint64_t exec = sim_exec_mask(w);
   uint32_t src[SIM_MAX_LANES], out[SIM_MAX_LANES];
   memcpy(src, w->vgpr[in->ds.addr], sizeof(src));
   for (unsigned l = 0; l < w->wave_size; l++) {
      unsigned s;
      if (off & 0x8000)
         s = (l & ~3u) | ((off >> (2 * (l & 3))) & 3);
      else
         s = (l & ~31u) | ((((l & 31) & (off & 31)) | ((off >> 5) & 31)) ^ ((off >> 10) & 31));
      out[l] = (exec >> s) & 1 ? src[s] : 0;
   }
   SIM_FOREACH_LANE(l, exec)
   w->vgpr[in->ds.vdst][l] = out[l];
}

/* ds_bpermute_b32: each lane reads DATA0 of lane (addr + offset) / 4;
 * ds_permute_b32: each lane writes its DATA0 to that lane.  Inactive
 * source lanes give 0. */
static void
x_ds_bpermute_b32(struct sim_wave *w, const struct sim_inst *in)
{
   uint64_t exec = sim_exec_mask(w);
   uint32_t out[SIM_MAX_LANES];
   SIM_FOREACH_LANE(l, exec)
   {
      unsigned s = (ds_addr(w, in, l) / 4) % w->wave_size;
      out[l] = (exec >> s) & 1 ? w->vgpr[in->ds.data0][s] : 0;
   }
   SIM_FOREACH_LANE(l, exec)
   w->vgpr[in->ds.vdst][l] = out[l];
}

static void
x_ds_permute_b32(struct sim_wave *w, const struct sim_inst *in)
{
   uint64_t exec = sim_exec_mask(w);
   uint32_t out[SIM_MAX_LANES] = { 0 };
   SIM_FOREACH_LANE(l, exec)
   {
      unsigned d = (ds_addr(w, in, l) / 4) % w->wave_size;
      out[d] = w->vgpr[in->ds.data0][l];
   }
   SIM_FOREACH_LANE(l, exec)
   w->vgpr[in->ds.vdst][l] = out[l];
}

/* ds_append/ds_consume: the dword at M0[15:0] + offset grows (shrinks)
 * by the number of active lanes; every active lane gets the value from
 * before, from which it finds its own slot with v_mbcnt. */
static void
append_consume(struct sim_wave *w, const struct sim_inst *in, bool consume)
{
   uint32_t addr = (w->sgpr[SIM_SRC_M0] & 0xffff) + (in->ds.offset0 | in->ds.offset1 << 8);
   uint64_t exec = sim_exec_mask(w);
   uint32_t old = 0, n = __builtin_popcountll(exec);
   if (!no_gds(w, in) || !exec)
      return;
   sim_seg_read(w, SIM_SEG_LDS, addr, 0, &old, 4);
   uint32_t v = consume ? old - n : old + n;
   sim_seg_write(w, SIM_SEG_LDS, addr, 0, &v, 4);
   SIM_FOREACH_LANE(l, exec)
   w->vgpr[in->ds.vdst][l] = old;
}

static void
x_ds_append(struct sim_wave *w, const struct sim_inst *in)
{
   append_consume(w, in, false);
}

static void
x_ds_consume(struct sim_wave *w, const struct sim_inst *in)
{
   append_consume(w, in, true);
}

static void
x_nop(struct sim_wave *w, const struct sim_inst *in)
{
}

void
sim_ds_bind(sim_exec_fn *table)
{
   for (unsigned op = 0; op < SIM_OP_COUNT; op++) {
      if (sim_opcodes[op].format != SIM_FMT_DS)
         continue;
      bool two = sim_mem_ops[op].pair_stride != 0;
      switch (sim_mem_ops[op].kind) {
      case SIM_MEM_LOAD:
         table[op] = two ? x_ds_read2 : x_ds_load;
         break;
      case SIM_MEM_STORE:
         table[op] = two ? x_ds_write2 : x_ds_store;
         break;
      case SIM_MEM_ATOMIC:
         table[op] = x_ds_atomic;
         break;
      default:
         break;
      }
   }
   table[SIM_OP_ds_swizzle_b32] = x_ds_swizzle_b32;
   table[SIM_OP_ds_permute_b32] = x_ds_permute_b32;
   table[SIM_OP_ds_bpermute_b32] = x_ds_bpermute_b32;
   table[SIM_OP_ds_append] = x_ds_append;
   table[SIM_OP_ds_consume] = x_ds_consume;
   table[SIM_OP_ds_nop] = x_nop;
}
