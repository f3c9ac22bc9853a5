/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Atomics and per-lane access to global memory, LDS and scratch (see
 * sim_mem.h).  Scratch is laid out as the hardware swizzles it:
 * consecutive dwords of one lane are wave_size dwords apart, so a wave's
 * slice holds per-lane size x wave_size bytes.
 */
#include <math.h>
#include <string.h>

#include "sim_mem.h"
#include "sim_vm_priv.h"
#include "valu/sim_fp.h"

static inline uint64_t
scratch_swizzle(const struct sim_wave *w, uint64_t off, unsigned lane)
{
   return (off / 4) * 4 * w->wave_size + lane * 4 + (off & 3);
}

/* The VM address of the piece of a lane's scratch access of bytes at
 * addr that starts i bytes in, and in *n its length: up to the end of
 * its dword, whose neighbours are other lanes'. */
static inline uint64_t
scratch_piece(const struct sim_wave *w, uint64_t addr, unsigned i, unsigned bytes, unsigned lane,
              unsigned *n)
{
   uint64_t off = (uint32_t)(addr + i);
   *n = 4 - (off & 3);
   if (*n > bytes - i)
      *n = bytes - i;
   return (w->flat_scratch & 0xffffffffffffull) + scratch_swizzle(w, off, lane);
}

bool
sim_seg_read(struct sim_wave *w, enum sim_seg seg, uint64_t addr, unsigned lane, void *dst,
             unsigned bytes)
{
   uint8_t *d = dst;
   switch (seg) {
   case SIM_SEG_GLOBAL: {
      const void *p = sim_vm_access(w, addr, bytes, false);
      if (!p)
         return false;
      memcpy(dst, p, bytes);
      return true;
   }
   case SIM_SEG_LDS:
      if (SIM_LIKELY((uint32_t)addr + (uint64_t)bytes <= w->lds_size)) {
         memcpy(dst, w->lds + (uint32_t)addr, bytes);
         return true;
      }
      for (unsigned i = 0; i < bytes; i++) {
         uint64_t a = (uint32_t)(addr + i);
         d[i] = a < w->lds_size ? w->lds[a] : 0;
      }
      return true;
   case SIM_SEG_SCRATCH:
      for (unsigned i = 0, n; i < bytes; i += n) {
         uint64_t va = scratch_piece(w, addr, i, bytes, lane, &n);
         const void *p = sim_vm_access(w, va, n, false);
         if (!p)
            return false;
         memcpy(d + i, p, n);
      }
      return true;
   }
   return false;
}

bool
sim_seg_write(struct sim_wave *w, enum sim_seg seg, uint64_t addr, unsigned lane, const void *src,
              unsigned bytes)
{
   const uint8_t *s = src;
   switch (seg) {
   case SIM_SEG_GLOBAL: {
      void *p = sim_vm_access(w, addr, bytes, true);
      if (!p)
         return false;
      memcpy(p, src, bytes);
      return true;
   }
   case SIM_SEG_LDS:
      if (SIM_LIKELY((uint32_t)addr + (uint64_t)bytes <= w->lds_size)) {
         memcpy(w->lds + (uint32_t)addr, src, bytes);
         return true;
      }
      for (unsigned i = 0; i < bytes; i++) {
         uint64_t a = (uint32_t)(addr + i);
         if (a < w->lds_size)
            w->lds[a] = s[i];
      }
      return true;
   case SIM_SEG_SCRATCH:
      for (unsigned i = 0, n; i < bytes; i += n) {
         uint64_t va = scratch_piece(w, addr, i, bytes, lane, &n);
         void *p = sim_vm_access(w, va, n, true);
         if (!p)
            return false;
         memcpy(p, s + i, n);
      }
      return true;
   }
   return false;
}

bool
sim_seg_would_fault(struct sim_wave *w, enum sim_seg seg, uint64_t addr, unsigned lane,
                    unsigned bytes, bool write)
{
   switch (seg) {
   case SIM_SEG_GLOBAL:
      return !sim_vm_probe(w, addr, bytes, write);
   case SIM_SEG_SCRATCH:
      for (unsigned i = 0, n; i < bytes; i += n) {
         uint64_t va = scratch_piece(w, addr, i, bytes, lane, &n);
         if (!sim_vm_probe(w, va, n, write))
            return true;
      }
      return false;
   default:
      return false;
   }
}

static inline double
as_f(uint64_t v, bool is64)
{
   return is64 ? sim_f64(v) : sim_f32((uint32_t)v);
}

static inline uint64_t
from_f(double d, bool is64)
{
   return is64 ? sim_u64(d) : sim_u32((float)d);
}

uint64_t
sim_atomic_apply(enum sim_atomic op, bool is64, uint64_t old, uint64_t src, uint64_t cmp)
{
   uint64_t mask = is64 ? ~0ull : 0xffffffffull;
   int64_t so = is64 ? (int64_t)old : (int32_t)old;
   int64_t ss = is64 ? (int64_t)src : (int32_t)src;
   old &= mask;
   src &= mask;
   cmp &= mask;
   switch (op) {
   case SIM_AT_SWAP:
      return src;
   case SIM_AT_CMPSWAP:
      return old == cmp ? src : old;
   case SIM_AT_ADD:
      return (old + src) & mask;
   case SIM_AT_SUB:
      return (old - src) & mask;
   case SIM_AT_RSUB:
      return (src - old) & mask;
   case SIM_AT_CSUB:
      return old > src ? old - src : 0;
   case SIM_AT_SMIN:
      return so < ss ? old : src;
   case SIM_AT_UMIN:
      return old < src ? old : src;
   case SIM_AT_SMAX:
      return so > ss ? old : src;
   case SIM_AT_UMAX:
      return old > src ? old : src;
   case SIM_AT_AND:
      return old & src;
   case SIM_AT_OR:
      return old | src;
   case SIM_AT_XOR:
      return old ^ src;
   case SIM_AT_INC:
      return old >= src ? 0 : old + 1;
   case SIM_AT_DEC:
      return (old == 0 || old > src) ? src : old - 1;
   case SIM_AT_MSKOR:
      return (old & ~src) | cmp; /* src = mask, cmp = data */
   case SIM_AT_FMIN:
      return from_f(fmin(as_f(old, is64), as_f(src, is64)), is64);
   case SIM_AT_FMAX:
      return from_f(fmax(as_f(old, is64), as_f(src, is64)), is64);
   case SIM_AT_FADD:
      return from_f(as_f(old, is64) + as_f(src, is64), is64);
   case SIM_AT_FCMPSWAP:
      return as_f(old, is64) == as_f(cmp, is64) ? src : old;
   }
   return old;
}

bool
sim_seg_atomic(struct sim_wave *w, enum sim_seg seg, uint64_t addr, unsigned lane,
               enum sim_atomic op, bool is64, uint64_t src, uint64_t cmp, uint64_t *old)
{
   unsigned bytes = is64 ? 8 : 4;
   if (seg == SIM_SEG_GLOBAL) {
      /* Memory atomics are naturally aligned: the low address bits are
       * ignored, which also keeps the host compare-and-swap aligned. */
      addr &= ~(uint64_t)(bytes - 1);
      void *p = sim_vm_access(w, addr, bytes, true);
      if (!p)
         return false;
      if (is64) {
         uint64_t *q = p, o = __atomic_load_n(q, __ATOMIC_RELAXED);
         while (!__atomic_compare_exchange_n(q, &o, sim_atomic_apply(op, true, o, src, cmp), false,
                                             __ATOMIC_SEQ_CST, __ATOMIC_RELAXED))
            ;
         *old = o;
      } else {
         uint32_t *q = p, o = __atomic_load_n(q, __ATOMIC_RELAXED);
         while (!__atomic_compare_exchange_n(q, &o,
                                             (uint32_t)sim_atomic_apply(op, false, o, src, cmp),
                                             false, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED))
            ;
         *old = o;
      }
      return true;
   }
   uint64_t o = 0;
   if (!sim_seg_read(w, seg, addr, lane, &o, bytes))
      return false;
   uint64_t n = sim_atomic_apply(op, is64, o, src, cmp);
   *old = o;
   return sim_seg_write(w, seg, addr, lane, &n, bytes);
}

bool
sim_lane_load(struct sim_wave *w, const struct sim_mem_op *m, enum sim_seg seg, uint64_t addr,
              unsigned lane, unsigned vdst)
{
   if (m->bytes == 4) {
      uint32_t v[4];
      if (!sim_seg_read(w, seg, addr, lane, v, m->dwords * 4))
         return false;
      for (unsigned i = 0; i < m->dwords; i++)
         w->vgpr[(vdst + i) & 0xff][lane] = v[i];
      return true;
   }
   uint32_t raw = 0;
   if (!sim_seg_read(w, seg, addr, lane, &raw, m->bytes))
      return false;
   uint32_t v = m->bytes == 1 ? (m->sext ? (uint32_t)(int8_t)raw : (uint8_t)raw)
                              : (m->sext ? (uint32_t)(int16_t)raw : (uint16_t)raw);
   uint32_t *d = &w->vgpr[vdst][lane];
   if (!m->d16)
      *d = v;
   else if (m->hi)
      *d = (*d & 0xffff) | v << 16;
   else
      *d = (*d & 0xffff0000) | (v & 0xffff);
   return true;
}

bool
sim_lane_store(struct sim_wave *w, const struct sim_mem_op *m, enum sim_seg seg, uint64_t addr,
               unsigned lane, unsigned vdata)
{
   if (m->bytes == 4) {
      uint32_t v[4];
      for (unsigned i = 0; i < m->dwords; i++)
         v[i] = w->vgpr[(vdata + i) & 0xff][lane];
      return sim_seg_write(w, seg, addr, lane, v, m->dwords * 4);
   }
   uint32_t v = w->vgpr[vdata][lane];
   if (m->hi)
      v >>= 16;
   return sim_seg_write(w, seg, addr, lane, &v, m->bytes);
}

bool
sim_lane_atomic(struct sim_wave *w, const struct sim_mem_op *m, enum sim_seg seg, uint64_t addr,
                unsigned lane, unsigned vdata, unsigned vdst, bool rtn)
{
   bool is64 = m->dwords == 2;
   unsigned n = m->dwords;
   uint64_t src = w->vgpr[vdata][lane], cmp = 0, old;
   if (is64)
      src |= (uint64_t)w->vgpr[(vdata + 1) & 0xff][lane] << 32;
   if (m->atomic == SIM_AT_CMPSWAP || m->atomic == SIM_AT_FCMPSWAP) {
      cmp = w->vgpr[(vdata + n) & 0xff][lane];
      if (is64)
         cmp |= (uint64_t)w->vgpr[(vdata + n + 1) & 0xff][lane] << 32;
   }
   if (!sim_seg_atomic(w, seg, addr, lane, m->atomic, is64, src, cmp, &old))
      return false;
   if (rtn) {
      w->vgpr[vdst][lane] = (uint32_t)old;
      if (is64)
         w->vgpr[(vdst + 1) & 0xff][lane] = (uint32_t)(old >> 32);
   }
   return true;
}
