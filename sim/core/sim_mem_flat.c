/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * FLAT, GLOBAL and SCRATCH instructions.  GLOBAL addresses are a 64-bit
 * VGPR pair plus offset, or an SGPR pair base plus a 32-bit VGPR offset;
 * SCRATCH addresses are per-lane offsets (VGPR or SGPR) into the wave's
 * swizzled slice at FLAT_SCRATCH; FLAT addresses are 64-bit and fall in
 * the LDS or private aperture, or else are global.  Atomics return the
 * value before the operation when GLC is set.
 */
#include "sim_mem.h"

static inline uint64_t
vaddr64(const struct sim_wave *w, unsigned v, unsigned lane)
{
   return w->vgpr[v][lane] | (uint64_t)w->vgpr[(v + 1) & 0xff][lane] << 32;
}

/* GLOBAL with an SGPR base: base + offset, to which each lane adds its
 * 32-bit VGPR offset. */
static inline uint64_t
global_base(const struct sim_wave *w, const struct sim_inst *in)
{
   unsigned s = in->flat.saddr & 0x7e;
   return (w->sgpr[s] | (uint64_t)w->sgpr[s + 1] << 32) + in->flat.offset;
}

/* The segment and segment address of one lane. */
static inline enum sim_seg
lane_address(const struct sim_wave *w, const struct sim_inst *in, unsigned lane, uint64_t *addr)
{
   const struct sim_flat_fields *f = &in->flat;
   switch (in->format) {
   case SIM_FMT_GLOBAL:
      if (f->saddr_off)
         *addr = vaddr64(w, f->vaddr, lane) + f->offset;
      else
         *addr = global_base(w, in) + w->vgpr[f->vaddr][lane];
      return SIM_SEG_GLOBAL;
   case SIM_FMT_SCRATCH:
      *addr = (uint32_t)((f->st_mode     ? 0
                          : f->saddr_off ? w->vgpr[f->vaddr][lane]
                                         : w->sgpr[f->saddr & 0x7f]) +
                         f->offset);
      return SIM_SEG_SCRATCH;
   default: {
      uint64_t a = vaddr64(w, f->vaddr, lane) + f->offset;
      if (a - SIM_SHARED_APERTURE < SIM_APERTURE_SIZE) {
         *addr = (uint32_t)a;
         return SIM_SEG_LDS;
      }
      if (a - SIM_PRIVATE_APERTURE < SIM_APERTURE_SIZE) {
         *addr = (uint32_t)a;
         return SIM_SEG_SCRATCH;
      }
      *addr = a;
      return SIM_SEG_GLOBAL;
   }
   }
}

bool
sim_flat_would_fault(struct sim_wave *w, const struct sim_inst *in)
{
   const struct sim_mem_op *m = &sim_mem_ops[in->op];
   unsigned bytes = m->bytes == 4 ? m->dwords * 4 : m->bytes;
   SIM_FOREACH_LANE(l, sim_exec_mask(w))
   {
      uint64_t a;
      enum sim_seg seg = lane_address(w, in, l, &a);
      if (sim_seg_would_fault(w, seg, a, l, bytes, m->kind == SIM_MEM_STORE))
         return true;
   }
   return false;
}

static void
x_flat_load(struct sim_wave *w, const struct sim_inst *in)
{
   const struct sim_mem_op *m = &sim_mem_ops[in->op];
   uint64_t exec = sim_exec_mask(w);

   if (SIM_UNLIKELY(in->flat.lds)) {
      sim_exec_unsupported(w, in);
      return;
   }

   /* The common case: whole dwords from global memory. */
   if (in->format == SIM_FMT_GLOBAL && m->bytes == 4) {
      unsigned n = m->dwords, vdst = in->flat.vdst;
      bool v64 = in->flat.saddr_off;
      uint64_t base = global_base(w, in);
      const uint32_t *off = w->vgpr[in->flat.vaddr];
      SIM_FOREACH_LANE(l, exec)
      {
         uint64_t a = v64 ? vaddr64(w, in->flat.vaddr, l) + in->flat.offset : base + off[l];
         const uint8_t *p = sim_vm_access(w, a, n * 4, false);
         if (!p)
            return;
         for (unsigned i = 0; i < n; i++)
            memcpy(&w->vgpr[(vdst + i) & 0xff][l], p + 4 * i, 4);
      }
      return;
   }
   SIM_FOREACH_LANE(l, exec)
   {
      uint64_t a;
      enum sim_seg seg = lane_address(w, in, l, &a);
      if (!sim_lane_load(w, m, seg, a, l, in->flat.vdst))
         return;
   }
}

static void
x_flat_store(struct sim_wave *w, const struct sim_inst *in)
{
   const struct sim_mem_op *m = &sim_mem_ops[in->op];
   uint64_t exec = sim_exec_mask(w);

   if (in->format == SIM_FMT_GLOBAL && m->bytes == 4) {
      unsigned n = m->dwords, vdata = in->flat.vdata;
      bool v64 = in->flat.saddr_off;
      uint64_t base = global_base(w, in);
      const uint32_t *off = w->vgpr[in->flat.vaddr];
      SIM_FOREACH_LANE(l, exec)
      {
         uint64_t a = v64 ? vaddr64(w, in->flat.vaddr, l) + in->flat.offset : base + off[l];
         uint8_t *p = sim_vm_access(w, a, n * 4, true);
         if (!p)
            return;
         for (unsigned i = 0; i < n; i++)
            memcpy(p + 4 * i, &w->vgpr[(vdata + i) & 0xff][l], 4);
      }
      return;
   }
   SIM_FOREACH_LANE(l, exec)
   {
      uint64_t a;
      enum sim_seg seg = lane_address(w, in, l, &a);
      if (!sim_lane_store(w, m, seg, a, l, in->flat.vdata))
         return;
   }
}

static void
x_flat_atomic(struct sim_wave *w, const struct sim_inst *in)
{
   const struct sim_mem_op *m = &sim_mem_ops[in->op];
   uint64_t exec = sim_exec_mask(w);
   SIM_FOREACH_LANE(l, exec)
   {
      uint64_t a;
      enum sim_seg seg = lane_address(w, in, l, &a);
      if (!sim_lane_atomic(w, m, seg, a, l, in->flat.vdata, in->flat.vdst, in->flat.glc))
         return;
   }
}

/* Binds every FLAT/GLOBAL/SCRATCH opcode that has a memory descriptor. */
void
sim_flat_bind(sim_exec_fn *table)
{
   for (unsigned op = 0; op < SIM_OP_COUNT; op++) {
      unsigned fmt = sim_opcodes[op].format;
      if (fmt != SIM_FMT_FLAT && fmt != SIM_FMT_GLOBAL && fmt != SIM_FMT_SCRATCH)
         continue;
      switch (sim_mem_ops[op].kind) {
      case SIM_MEM_LOAD:
         table[op] = x_flat_load;
         break;
      case SIM_MEM_STORE:
         table[op] = x_flat_store;
         break;
      case SIM_MEM_ATOMIC:
         table[op] = x_flat_atomic;
         break;
      default:
         break;
      }
   }
}
