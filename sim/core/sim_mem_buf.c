/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Buffer instructions (MUBUF) through a 128-bit V#: base address, stride,
 * num_records and the out-of-bounds mode of gfx10 (OOB_SELECT: structured
 * with offset, structured, disabled, raw), including the swizzled
 * addressing scratch buffers use.  Out-of-bounds loads return 0
 * and out-of-bounds stores and atomics are dropped, as the hardware does.
 * Formatted loads and stores (and MTBUF) are in sim_mem_format.c.
 */
#include "sim_mem.h"
#include "sim_vm_priv.h"

struct vsharp {
   uint64_t base;
   uint32_t stride, num_records;
   unsigned oob;
   unsigned index_stride; /* swizzle: lanes interleaved per element */
   bool add_tid, swizzle;
};

static inline struct vsharp
read_vsharp(const struct sim_wave *w, unsigned sgpr)
{
   const uint32_t *d = &w->sgpr[sgpr & 0x7c];
   return (struct vsharp){
      .base = d[0] | (uint64_t)(d[1] & 0xffff) << 32,
      .stride = (d[1] >> 16) & 0x3fff,
      .num_records = d[2],
      .swizzle = d[1] >> 31,
      .index_stride = 8u << ((d[3] >> 21) & 3),
      .add_tid = (d[3] >> 23) & 1,
      .oob = (d[3] >> 28) & 3,
   };
}

/* The lane's address, or false when the access is out of bounds. */
static inline bool
buf_address(const struct sim_wave *w, const struct sim_inst *in, const struct vsharp *v,
            unsigned lane, unsigned bytes, uint64_t *addr)
{
   const struct sim_buf_fields *f = &in->buf;
   uint32_t index = f->idxen ? w->vgpr[f->vaddr][lane] : 0;
   uint32_t voff = f->offen ? w->vgpr[(f->vaddr + f->idxen) & 0xff][lane] : 0;
   if (v->add_tid)
      index += lane;
   uint64_t offset = (uint64_t)voff + f->offset;
   uint32_t soff = sim_read_ssrc32(w, in, f->soffset);

   switch (v->oob) {
   case 0: /* structured with offset */
      if (index >= v->num_records || offset + bytes > v->stride)
         return false;
      break;
   case 1: /* structured */
      if (index >= v->num_records)
         return false;
      break;
   case 3: /* raw: byte range */
      if (offset + bytes > v->num_records)
         return false;
      break;
   default:
      break;
   }
   if (v->swizzle) {
      /* Swizzled addressing (how scratch is laid out through a V#):
       * 4-byte elements of index_stride consecutive indices (lanes, with
       * ADD_TID) are interleaved. */
      uint64_t index_msb = index / v->index_stride, index_lsb = index % v->index_stride;
      uint64_t offset_msb = offset / 4, offset_lsb = offset % 4;
      *addr = v->base + soff + (index_msb * v->stride + offset_msb * 4) * v->index_stride +
              index_lsb * 4 + offset_lsb;
      return true;
   }
   *addr = v->base + soff + offset + (uint64_t)index * v->stride;
   return true;
}

/* The address of dword i of a lane's access of several: bounds apply
 * to each dword. */
static inline bool
dword_address(const struct sim_wave *w, const struct sim_inst *in, const struct vsharp *v,
              unsigned lane, unsigned i, uint64_t *addr)
{
   struct sim_inst one = *in;
   one.buf.offset += 4 * i;
   return buf_address(w, &one, v, lane, 4, addr);
}

bool
sim_buf_address(const struct sim_wave *w, const struct sim_inst *in, unsigned lane, unsigned bytes,
                uint64_t *addr)
{
   struct vsharp v = read_vsharp(w, in->buf.srsrc);
   return buf_address(w, in, &v, lane, bytes, addr);
}

/* Loads to LDS (the LDS bit) and texture-fail results (TFE) are not
 * modelled: stop rather than do something else. */
static bool
plain(struct sim_wave *w, const struct sim_inst *in)
{
   if (!in->buf.lds && !in->buf.tfe)
      return true;
   sim_wave_fault(w, KILN_SIM_FAULT_UNSUPPORTED, 0, false,
                  "unsupported instruction %s with %s at PC 0x%" PRIx64, sim_inst_name(in),
                  in->buf.lds ? "lds" : "tfe", w->pc);
   return false;
}

static void
x_buf_load(struct sim_wave *w, const struct sim_inst *in)
{
   const struct sim_mem_op *m = &sim_mem_ops[in->op];
   struct vsharp v = read_vsharp(w, in->buf.srsrc);
   if (!plain(w, in))
      return;
   SIM_FOREACH_LANE(l, sim_exec_mask(w))
   {
      uint64_t a;
      if (m->bytes == 4) {
         /* Bounds per dword: the ones past the end read 0.  All are read
          * before any is written: VDATA may overlap VADDR
          * (buffer_load_dwordx2 v[2:3], v2, ...). */
         uint32_t val[4] = { 0 };
         for (unsigned i = 0; i < m->dwords; i++) {
            if (dword_address(w, in, &v, l, i, &a) &&
                !sim_seg_read(w, SIM_SEG_GLOBAL, a, l, &val[i], 4))
               return;
         }
         for (unsigned i = 0; i < m->dwords; i++)
            w->vgpr[(in->buf.vdata + i) & 0xff][l] = val[i];
         continue;
      }
      if (buf_address(w, in, &v, l, m->bytes, &a)) {
         if (!sim_lane_load(w, m, SIM_SEG_GLOBAL, a, l, in->buf.vdata))
            return;
      } else if (!m->d16) {
         w->vgpr[in->buf.vdata][l] = 0;
      } else {
         w->vgpr[in->buf.vdata][l] &= m->hi ? 0xffffu : 0xffff0000u;
      }
   }
}

bool
sim_buf_would_fault(struct sim_wave *w, const struct sim_inst *in)
{
   /* the accesses x_buf_load and x_buf_store make, probed */
   const struct sim_mem_op *m = &sim_mem_ops[in->op];
   struct vsharp v = read_vsharp(w, in->buf.srsrc);
   bool write = m->kind == SIM_MEM_STORE;
   SIM_FOREACH_LANE(l, sim_exec_mask(w))
   {
      uint64_t a;
      if (m->bytes == 4) {
         for (unsigned i = 0; i < m->dwords; i++) {
            if (dword_address(w, in, &v, l, i, &a) && !sim_vm_probe(w, a, 4, write))
               return true;
         }
      } else if (buf_address(w, in, &v, l, m->bytes, &a) && !sim_vm_probe(w, a, m->bytes, write)) {
         return true;
      }
   }
   return false;
}

static void
x_buf_store(struct sim_wave *w, const struct sim_inst *in)
{
   const struct sim_mem_op *m = &sim_mem_ops[in->op];
   struct vsharp v = read_vsharp(w, in->buf.srsrc);
   if (!plain(w, in))
      return;
   SIM_FOREACH_LANE(l, sim_exec_mask(w))
   {
      uint64_t a;
      if (m->bytes == 4) {
         for (unsigned i = 0; i < m->dwords; i++) {
            uint32_t val = w->vgpr[(in->buf.vdata + i) & 0xff][l];
            if (dword_address(w, in, &v, l, i, &a) &&
                !sim_seg_write(w, SIM_SEG_GLOBAL, a, l, &val, 4))
               return;
         }
         continue;
      }
      if (buf_address(w, in, &v, l, m->bytes, &a) &&
          !sim_lane_store(w, m, SIM_SEG_GLOBAL, a, l, in->buf.vdata))
         return;
   }
}

static void
x_buf_atomic(struct sim_wave *w, const struct sim_inst *in)
{
   const struct sim_mem_op *m = &sim_mem_ops[in->op];
   struct vsharp v = read_vsharp(w, in->buf.srsrc);
   SIM_FOREACH_LANE(l, sim_exec_mask(w))
   {
      uint64_t a;
      if (!buf_address(w, in, &v, l, m->dwords * 4, &a)) {
         if (in->buf.glc) {
            w->vgpr[in->buf.vdata][l] = 0;
            if (m->dwords == 2)
               w->vgpr[(in->buf.vdata + 1) & 0xff][l] = 0;
         }
         continue;
      }
      /* MUBUF atomics return into VDATA. */
      if (!sim_lane_atomic(w, m, SIM_SEG_GLOBAL, a, l, in->buf.vdata, in->buf.vdata, in->buf.glc))
         return;
   }
}

static void
x_nop(struct sim_wave *w, const struct sim_inst *in)
{
}

void
sim_buf_bind(sim_exec_fn *table)
{
   for (unsigned op = 0; op < SIM_OP_COUNT; op++) {
      if (sim_opcodes[op].format != SIM_FMT_MUBUF)
         continue;
      switch (sim_mem_ops[op].kind) {
      case SIM_MEM_LOAD:
         table[op] = x_buf_load;
         break;
      case SIM_MEM_STORE:
         table[op] = x_buf_store;
         break;
      case SIM_MEM_ATOMIC:
         table[op] = x_buf_atomic;
         break;
      default:
         break;
      }
   }
   sim_format_bind(table);
   table[SIM_OP_buffer_gl0_inv] = x_nop;
   table[SIM_OP_buffer_gl1_inv] = x_nop;
}
