/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Dispatch profiles: the counters (see sim_profile.h).  Each host thread
 * counts into its own array of per-instruction records indexed by the
 * instruction's dword offset from the lowest address it ran, grown as new
 * addresses run, plus its share of the per-dispatch totals; a wave's
 * pending memory traffic (bytes and the distinct cache lines of the
 * instruction running) is gathered by the address space's slow path and
 * charged to the instruction when it completes.  At the end the threads'
 * records are merged into one profile (its listing and occupancy come from
 * sim_profile_listing.c).
 */
#include <stdlib.h>

#include "sim_engine.h"
#include "sim_profile.h"

#define MAX_PENDING_LINES 512

/* What a wave still waits for, by counter, for the cost model. */
struct prof_wave {
   unsigned vm, vs, lgkm; /* operations outstanding */
   unsigned lgkm_latency; /* the longest of the outstanding lgkm ones */
};

struct sim_profile_thread {
   alignas(64) uint64_t base; /* address of counts[0] */
   struct sim_profile_counts *counts;
   uint32_t num_counts;

   uint64_t waves, barrier_waits, est_cycles;
   uint64_t class_insts[KILN_SIM_CLASS_COUNT], class_lanes[KILN_SIM_CLASS_COUNT];
   uint64_t vm_read, vm_written, vm_lines; /* through the address space */
   uint64_t lds_read, lds_written;

   struct prof_wave *wave_state; /* per wave of the group */

   /* The running instruction's traffic. */
   uint64_t pend_read, pend_write;
   unsigned num_lines;
   uint64_t lines[MAX_PENDING_LINES];
};

struct sim_profiler {
   const struct kiln_sim_dispatch *d;
   unsigned num_threads, waves_per_group;
   uint32_t lds_size;
   struct sim_profile_thread *threads;
};

const char *
kiln_sim_inst_class_name(enum kiln_sim_inst_class c)
{
   static const char *const names[KILN_SIM_CLASS_COUNT] = {
      "SALU", "VALU", "VMEM", "SMEM", "LDS", "branch", "waitcnt", "other",
   };
   return c < KILN_SIM_CLASS_COUNT ? names[c] : "?";
}

enum kiln_sim_inst_class
sim_profile_inst_class(const struct sim_inst *in)
{
   switch (in->op) {
   case SIM_OP_s_waitcnt:
   case SIM_OP_s_waitcnt_vscnt:
   case SIM_OP_s_waitcnt_vmcnt:
   case SIM_OP_s_waitcnt_expcnt:
   case SIM_OP_s_waitcnt_lgkmcnt:
      return KILN_SIM_CLASS_WAITCNT;
   case SIM_OP_s_setpc_b64:
   case SIM_OP_s_swappc_b64:
   case SIM_OP_s_call_b64:
      return KILN_SIM_CLASS_BRANCH;
   case SIM_OP_s_endpgm:
   case SIM_OP_s_barrier:
   case SIM_OP_s_nop:
      return KILN_SIM_CLASS_OTHER;
   default:
      break;
   }
   switch (in->format) {
   case SIM_FMT_SOP1:
   case SIM_FMT_SOP2:
   case SIM_FMT_SOPK:
   case SIM_FMT_SOPC:
      return KILN_SIM_CLASS_SALU;
   case SIM_FMT_SOPP:
      if (in->op < SIM_OP_COUNT && (sim_opcodes[in->op].flags & SIM_OPF_BRANCH))
         return KILN_SIM_CLASS_BRANCH;
      return KILN_SIM_CLASS_OTHER;
   case SIM_FMT_SMEM:
      return KILN_SIM_CLASS_SMEM;
   case SIM_FMT_DS:
      return KILN_SIM_CLASS_LDS;
   case SIM_FMT_MTBUF:
   case SIM_FMT_MUBUF:
   case SIM_FMT_MIMG:
   case SIM_FMT_FLAT:
   case SIM_FMT_GLOBAL:
   case SIM_FMT_SCRATCH:
      return KILN_SIM_CLASS_VMEM;
   case SIM_FMT_VOP1:
   case SIM_FMT_VOP2:
   case SIM_FMT_VOPC:
   case SIM_FMT_VOP3:
   case SIM_FMT_VOP3P:
   case SIM_FMT_VINTRP:
      return KILN_SIM_CLASS_VALU;
   default:
      return KILN_SIM_CLASS_OTHER;
   }
}

struct sim_profiler *
sim_profiler_create(const struct kiln_sim_dispatch *d, unsigned threads, unsigned waves_per_group,
                    uint32_t lds_size)
{
   struct sim_profiler *p = calloc(1, sizeof(*p));
   if (!p)
      return NULL;
   p->d = d;
   p->num_threads = threads;
   p->waves_per_group = waves_per_group;
   p->lds_size = lds_size;
   p->threads = aligned_alloc(64, sizeof(*p->threads) * threads);
   if (!p->threads) {
      free(p);
      return NULL;
   }
   memset(p->threads, 0, sizeof(*p->threads) * threads);
   for (unsigned i = 0; i < threads; i++) {
      p->threads[i].base = d->pgm_va;
      p->threads[i].wave_state = calloc(waves_per_group, sizeof(struct prof_wave));
      if (!p->threads[i].wave_state) {
         sim_profiler_destroy(p);
         return NULL;
      }
   }
   return p;
}

void
sim_profiler_destroy(struct sim_profiler *p)
{
   if (!p)
      return;
   for (unsigned i = 0; i < p->num_threads; i++) {
      free(p->threads[i].counts);
      free(p->threads[i].wave_state);
   }
   free(p->threads);
   free(p);
}

struct sim_profile_thread *
sim_profiler_thread(struct sim_profiler *p, unsigned index)
{
   return &p->threads[index];
}

void
sim_profile_wave_begin(struct sim_profile_thread *t, struct sim_wave *w)
{
   w->prof = t;
   t->waves++;
   memset(&t->wave_state[w->wave_id], 0, sizeof(t->wave_state[0]));
}

/* The record of pc, growing the array to cover it; NULL without memory. */
static struct sim_profile_counts *
counts_for(struct sim_profile_thread *t, uint64_t pc)
{
   if (pc >= t->base && (pc - t->base) / 4 < t->num_counts)
      return &t->counts[(pc - t->base) / 4];

   uint64_t lo = pc < t->base ? pc : t->base;
   uint64_t hi = t->base + (uint64_t)t->num_counts * 4;
   if (pc + 4 > hi)
      hi = pc + 4;
   uint64_t n = (hi - lo) / 4;
   n = n < 1024 ? 1024 : n + n / 2;
   if (n > (1u << 26))
      return NULL; /* 256 MiB of code: not a program */
   struct sim_profile_counts *c = calloc(n, sizeof(*c));
   if (!c)
      return NULL;
   if (t->num_counts)
      memcpy(c + (t->base - lo) / 4, t->counts, t->num_counts * sizeof(*c));
   free(t->counts);
   t->counts = c;
   t->base = lo;
   t->num_counts = n;
   return &t->counts[(pc - lo) / 4];
}

void
sim_profile_access(struct sim_profile_thread *t, uint64_t va, unsigned size, bool write)
{
   if (write)
      t->pend_write += size;
   else
      t->pend_read += size;
   uint64_t first = va / KILN_SIM_CACHE_LINE, last = (va + size - 1) / KILN_SIM_CACHE_LINE;
   for (uint64_t line = first; line <= last; line++) {
      /* lanes mostly walk memory in order: look at the latest first */
      bool seen = false;
      for (unsigned i = t->num_lines; i-- > 0;) {
         if (t->lines[i] == line) {
            seen = true;
            break;
         }
      }
      if (!seen && t->num_lines < MAX_PENDING_LINES)
         t->lines[t->num_lines++] = line;
   }
}

/* A wait for counter `out` down to `allowed` outstanding operations. */
static unsigned
wait_for(unsigned *out, unsigned allowed, unsigned latency)
{
   if (*out <= allowed)
      return 0;
   *out = allowed;
   return latency;
}

/* The cost of the instruction to the wave, by the model in
 * kiln_sim_profile.h, updating what the wave has outstanding. */
static unsigned
inst_cost(struct prof_wave *ws, const struct sim_inst *in, enum kiln_sim_inst_class c,
          unsigned wave_size, unsigned lines)
{
   const uint16_t simm = in->sop.simm16;
   switch (c) {
   case KILN_SIM_CLASS_SALU:
      return KILN_SIM_COST_SALU;
   case KILN_SIM_CLASS_VALU:
      return KILN_SIM_COST_VALU * (wave_size / 32);
   case KILN_SIM_CLASS_VMEM:
      if (in->op < SIM_OP_COUNT && (sim_opcodes[in->op].flags & SIM_OPF_STORE))
         ws->vs++;
      else
         ws->vm++;
      return KILN_SIM_COST_VMEM_LINE * (lines ? lines : 1);
   case KILN_SIM_CLASS_SMEM:
   case KILN_SIM_CLASS_LDS: {
      unsigned lat = c == KILN_SIM_CLASS_SMEM ? KILN_SIM_LATENCY_SMEM : KILN_SIM_LATENCY_LDS;
      ws->lgkm++;
      if (lat > ws->lgkm_latency)
         ws->lgkm_latency = lat;
      return c == KILN_SIM_CLASS_SMEM ? KILN_SIM_COST_SMEM : KILN_SIM_COST_LDS;
   }
   case KILN_SIM_CLASS_WAITCNT: {
      unsigned cost = KILN_SIM_COST_WAITCNT;
      switch (in->op) {
      case SIM_OP_s_waitcnt:
         /* gfx10: vmcnt [3:0] and [15:14], lgkmcnt [13:8] */
         cost += wait_for(&ws->vm, (simm & 0xf) | (simm >> 14) << 4, KILN_SIM_LATENCY_VMEM);
         cost += wait_for(&ws->lgkm, (simm >> 8) & 0x3f, ws->lgkm_latency);
         break;
      case SIM_OP_s_waitcnt_vscnt:
         cost += wait_for(&ws->vs, simm, KILN_SIM_LATENCY_VMEM);
         break;
      case SIM_OP_s_waitcnt_vmcnt:
         cost += wait_for(&ws->vm, simm, KILN_SIM_LATENCY_VMEM);
         break;
      case SIM_OP_s_waitcnt_lgkmcnt:
         cost += wait_for(&ws->lgkm, simm, ws->lgkm_latency);
         break;
      default:
         break;
      }
      if (!ws->lgkm)
         ws->lgkm_latency = 0;
      return cost;
   }
   case KILN_SIM_CLASS_BRANCH:
      return KILN_SIM_COST_BRANCH;
   default:
      return KILN_SIM_COST_OTHER;
   }
}

/* LDS traffic does not go through the address space: it is what the
 * opcode's memory descriptor moves per lane (both elements of a read2 or
 * write2; an atomic reads and writes), times the lanes active. */
static void
lds_traffic(const struct sim_inst *in, unsigned lanes, uint64_t *read, uint64_t *written)
{
   *read = *written = 0;
   if (in->op >= SIM_OP_COUNT)
      return;
   const struct sim_mem_op *mo = &sim_mem_ops[in->op];
   uint64_t bytes =
      (uint64_t)(mo->bytes < 4 ? mo->bytes : 4 * mo->dwords) * (mo->pair_stride ? 2 : 1) * lanes;
   if (mo->kind == SIM_MEM_LOAD || mo->kind == SIM_MEM_ATOMIC)
      *read = bytes;
   if (mo->kind == SIM_MEM_STORE || mo->kind == SIM_MEM_ATOMIC)
      *written = bytes;
}

void
sim_profile_count(struct sim_profile_thread *t, struct sim_wave *w, const struct sim_inst *in,
                  unsigned lanes)
{
   enum kiln_sim_inst_class c = sim_profile_inst_class(in);
   uint64_t lds_read = 0, lds_written = 0;
   if (c == KILN_SIM_CLASS_LDS) {
      lds_traffic(in, lanes, &lds_read, &lds_written);
      t->lds_read += lds_read;
      t->lds_written += lds_written;
   }
   t->vm_read += t->pend_read;
   t->vm_written += t->pend_write;
   t->vm_lines += t->num_lines;
   struct sim_profile_counts *rec = counts_for(t, w->pc);
   if (rec) {
      rec->executions++;
      rec->lanes += lanes;
      rec->bytes_read += t->pend_read + lds_read;
      rec->bytes_written += t->pend_write + lds_written;
      rec->lines += t->num_lines;
   }
   t->class_insts[c]++;
   t->class_lanes[c] += lanes;
   t->est_cycles += inst_cost(&t->wave_state[w->wave_id], in, c, w->wave_size, t->num_lines);
   if (w->state == SIM_WAVE_BARRIER)
      t->barrier_waits++;
   t->pend_read = t->pend_write = 0;
   t->num_lines = 0;
}

struct kiln_sim_profile *
sim_profiler_finish(struct sim_profiler *sp, struct kiln_sim_vm *vm, bool faulted)
{
   struct kiln_sim_profile *p = calloc(1, sizeof(*p));
   struct sim_profile_counts *counts = NULL;
   if (!p)
      goto fail;
   const struct kiln_sim_dispatch *d = sp->d;
   p->pgm_va = d->pgm_va;
   p->wave_size = d->wave_size;
   p->faulted = faulted;
   memcpy(p->group_size, d->group_size, sizeof(p->group_size));
   memcpy(p->group_count, d->group_count, sizeof(p->group_count));
   for (unsigned i = 0; i < 3; i++) {
      uint64_t n = (uint64_t)d->group_size[i] * d->group_count[i];
      if (d->partial_size[i] && d->group_count[i])
         n -= d->group_size[i] - d->partial_size[i];
      p->work_items = i ? p->work_items * n : n;
   }
   sim_profile_occupancy(&p->occupancy, d, sp->waves_per_group, sp->lds_size);

   /* the range every thread ran */
   uint64_t lo = UINT64_MAX, hi = 0;
   for (unsigned i = 0; i < sp->num_threads; i++) {
      const struct sim_profile_thread *t = &sp->threads[i];
      p->waves += t->waves;
      p->barrier_waits += t->barrier_waits;
      p->est_cycles += t->est_cycles;
      p->bytes_read += t->vm_read;
      p->bytes_written += t->vm_written;
      p->lines += t->vm_lines;
      p->lds_bytes_read += t->lds_read;
      p->lds_bytes_written += t->lds_written;
      for (unsigned c = 0; c < KILN_SIM_CLASS_COUNT; c++) {
         p->class_instructions[c] += t->class_insts[c];
         p->class_lanes[c] += t->class_lanes[c];
         p->wave_instructions += t->class_insts[c];
         p->lane_instructions += t->class_lanes[c];
      }
      for (unsigned j = 0; j < t->num_counts; j++) {
         if (!t->counts[j].executions)
            continue;
         uint64_t pc = t->base + j * 4ull;
         lo = pc < lo ? pc : lo;
         hi = pc + 4 > hi ? pc + 4 : hi;
      }
   }
   if (lo > d->pgm_va)
      lo = d->pgm_va;
   if (hi <= lo)
      hi = lo + 4;
   counts = calloc((hi - lo) / 4 + 8, sizeof(*counts));
   if (!counts)
      goto fail;
   for (unsigned i = 0; i < sp->num_threads; i++) {
      const struct sim_profile_thread *t = &sp->threads[i];
      for (unsigned j = 0; j < t->num_counts; j++) {
         const struct sim_profile_counts *s = &t->counts[j];
         if (!s->executions)
            continue;
         struct sim_profile_counts *c = &counts[(t->base + j * 4ull - lo) / 4];
         c->executions += s->executions;
         c->lanes += s->lanes;
         c->bytes_read += s->bytes_read;
         c->bytes_written += s->bytes_written;
         c->lines += s->lines;
      }
   }
   if (!sim_profile_listing(p, vm, lo, hi, counts))
      goto fail;
   free(counts);
   sim_profiler_destroy(sp);
   return p;

fail:
   free(counts);
   kiln_sim_profile_free(p);
   sim_profiler_destroy(sp);
   return NULL;
}
