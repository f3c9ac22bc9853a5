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
 * records are merged, the code that ran is disassembled by sim's own
 * disassembler and cut into basic blocks, and the occupancy is worked out
 * from RSRC1/RSRC2.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "sim_engine.h"
#include "sim_profile.h"
#include "util/u_debug.h"

/* gfx1030 (RDNA2) limits: waves per SIMD, wave32 VGPRs per SIMD lane, LDS
 * per workgroup processor (WGP mode: a group's waves share one WGP of
 * four SIMDs). */
#define HW_WAVES_PER_SIMD 16
#define VGPRS_PER_SIMD_W32 1024
#define LDS_PER_WGP (128u * 1024u)
#define SIMDS_PER_WGP 4
#define MAX_PENDING_LINES 512

struct prof_counts {
   uint64_t executions, lanes, bytes_read, bytes_written, lines;
};

/* What a wave still waits for, by counter, for the cost model. */
struct prof_wave {
   unsigned vm, vs, lgkm;       /* operations outstanding */
   unsigned lgkm_latency;       /* the longest of the outstanding lgkm ones */
};

struct sim_profile_thread {
   alignas(64) uint64_t base;   /* address of counts[0] */
   struct prof_counts *counts;
   uint32_t num_counts;

   uint64_t waves, barrier_waits, est_cycles;
   uint64_t class_insts[KILN_SIM_CLASS_COUNT], class_lanes[KILN_SIM_CLASS_COUNT];

   struct prof_wave *wave_state; /* per wave of the group */
   struct prof_wave *cur;

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

static enum kiln_sim_inst_class
inst_class(const struct sim_inst *in)
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
sim_profiler_create(const struct kiln_sim_dispatch *d, unsigned threads,
                    unsigned waves_per_group, uint32_t lds_size)
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
static struct prof_counts *
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
   struct prof_counts *c = calloc(n, sizeof(*c));
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

void
sim_profile_count(struct sim_profile_thread *t, struct sim_wave *w, const struct sim_inst *in,
                  unsigned lanes)
{
   enum kiln_sim_inst_class c = inst_class(in);
   struct prof_counts *rec = counts_for(t, w->pc);
   if (rec) {
      rec->executions++;
      rec->lanes += lanes;
      rec->bytes_read += t->pend_read;
      rec->bytes_written += t->pend_write;
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

/* ---------------------------------------------------------------------- */
/* The merged profile. */

static void
occupancy(struct kiln_sim_profile_occupancy *o, const struct kiln_sim_dispatch *d,
          unsigned waves_per_group, uint32_t lds_size)
{
   unsigned ws = d->wave_size;
   /* RSRC1.VGPRS counts granules of 8 (wave32) or 4 (wave64) VGPRs, as the
    * dispatch allocates them */
   o->vgprs = ((d->rsrc1 & 0x3f) + 1) * (ws == 32 ? 8 : 4);
   o->lds_bytes = lds_size;
   o->waves_per_group = waves_per_group;
   o->by_hardware = HW_WAVES_PER_SIMD;
   /* a wave64 takes the registers of two wave32s */
   o->by_vgprs = VGPRS_PER_SIMD_W32 / (o->vgprs * (ws / 32));
   if (lds_size) {
      unsigned groups = LDS_PER_WGP / lds_size;
      o->by_lds = groups * waves_per_group / SIMDS_PER_WGP;
   } else {
      o->by_lds = HW_WAVES_PER_SIMD;
   }
   o->waves_per_simd = o->by_hardware;
   o->limiter = "hardware";
   if (o->by_vgprs < o->waves_per_simd) {
      o->waves_per_simd = o->by_vgprs;
      o->limiter = "VGPRs";
   }
   if (o->by_lds < o->waves_per_simd) {
      o->waves_per_simd = o->by_lds;
      o->limiter = "LDS";
   }
}

static bool
ends_block(const struct sim_inst *in)
{
   if (in->op >= SIM_OP_COUNT)
      return true;
   enum kiln_sim_inst_class c = inst_class(in);
   return c == KILN_SIM_CLASS_BRANCH || in->op == SIM_OP_s_endpgm;
}

/* Disassembles [lo, hi) from the VM into p->insts, with the counts. */
static bool
build_listing(struct kiln_sim_profile *p, struct kiln_sim_vm *vm, uint64_t lo, uint64_t hi,
              const struct prof_counts *counts)
{
   unsigned cap = (hi - lo) / 4;
   p->insts = calloc(cap ? cap : 1, sizeof(*p->insts));
   bool *leader = calloc(cap + 1, sizeof(bool));
   if (!p->insts || !leader) {
      free(leader);
      return false;
   }
   leader[0] = true;
   for (uint64_t pc = lo; pc < hi;) {
      struct kiln_sim_profile_inst *pi = &p->insts[p->num_insts++];
      uint64_t avail = (hi - pc) / 4 + 2; /* a literal may follow */
      const uint32_t *words = NULL;
      while (avail && !(words = kiln_sim_vm_translate(vm, pc, avail * 4)))
         avail--;
      struct sim_inst in;
      unsigned size = words ? sim_decode(words, avail > 5 ? 5 : avail, &in) : 0;
      pi->pc = pc;
      pi->offset = pc - p->pgm_va;
      pi->dwords = size ? size : 1;
      if (size) {
         kiln_sim_disasm(words, avail > 5 ? 5 : avail, pi->text, sizeof(pi->text));
         pi->inst_class = inst_class(&in);
      } else {
         snprintf(pi->text, sizeof(pi->text), words ? "<illegal 0x%08x>" : "<unmapped>",
                  words ? words[0] : 0);
         pi->inst_class = KILN_SIM_CLASS_OTHER;
      }
      const struct prof_counts *c = &counts[(pc - lo) / 4];
      pi->executions = c->executions;
      pi->lanes = c->lanes;
      pi->bytes_read = c->bytes_read;
      pi->bytes_written = c->bytes_written;
      pi->lines = c->lines;

      uint64_t next = pc + pi->dwords * 4;
      if (size && ends_block(&in) && next < hi)
         leader[(next - lo) / 4] = true;
      if (size && in.format == SIM_FMT_SOPP && (sim_opcodes[in.op].flags & SIM_OPF_BRANCH)) {
         uint64_t target = next + (int64_t)(int16_t)in.sop.simm16 * 4;
         if (target >= lo && target < hi)
            leader[(target - lo) / 4] = true;
      }
      pc = next;
   }

   p->blocks = calloc(p->num_insts ? p->num_insts : 1, sizeof(*p->blocks));
   if (!p->blocks) {
      free(leader);
      return false;
   }
   for (unsigned i = 0; i < p->num_insts; i++) {
      struct kiln_sim_profile_inst *pi = &p->insts[i];
      if (i == 0 || leader[(pi->pc - lo) / 4]) {
         p->blocks[p->num_blocks++] = (struct kiln_sim_profile_block){
            .first = i,
            .executions = pi->executions,
         };
      }
      p->blocks[p->num_blocks - 1].count++;
      pi->block = p->num_blocks - 1;
   }
   free(leader);
   return true;
}

struct kiln_sim_profile *
sim_profiler_finish(struct sim_profiler *sp, struct kiln_sim_vm *vm, bool faulted)
{
   struct kiln_sim_profile *p = calloc(1, sizeof(*p));
   struct prof_counts *counts = NULL;
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
   occupancy(&p->occupancy, d, sp->waves_per_group, sp->lds_size);

   /* the range every thread ran */
   uint64_t lo = UINT64_MAX, hi = 0;
   for (unsigned i = 0; i < sp->num_threads; i++) {
      const struct sim_profile_thread *t = &sp->threads[i];
      p->waves += t->waves;
      p->barrier_waits += t->barrier_waits;
      p->est_cycles += t->est_cycles;
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
         const struct prof_counts *s = &t->counts[j];
         if (!s->executions)
            continue;
         struct prof_counts *c = &counts[(t->base + j * 4ull - lo) / 4];
         c->executions += s->executions;
         c->lanes += s->lanes;
         c->bytes_read += s->bytes_read;
         c->bytes_written += s->bytes_written;
         c->lines += s->lines;
         p->bytes_read += s->bytes_read;
         p->bytes_written += s->bytes_written;
         p->lines += s->lines;
      }
   }
   if (!build_listing(p, vm, lo, hi, counts))
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

void
kiln_sim_profile_free(struct kiln_sim_profile *p)
{
   if (!p)
      return;
   free(p->insts);
   free(p->blocks);
   free(p);
}

double
kiln_sim_profile_utilisation(const struct kiln_sim_profile *p, enum kiln_sim_inst_class c)
{
   uint64_t slots = p->class_instructions[c] * p->wave_size;
   return slots ? (double)p->class_lanes[c] / slots : 0.0;
}

/* ---------------------------------------------------------------------- */
/* The environment's reports. */

bool
sim_profile_env_enabled(void)
{
   const char *env = getenv("KILN_DEBUG");
   const char *json = getenv("KILN_PROFILE_JSON");
   return (env && comma_separated_list_contains(env, "profile")) || (json && *json);
}

void
sim_profile_env_report(const struct kiln_sim_profile *p)
{
   static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
   const char *env = getenv("KILN_DEBUG");
   const char *json = getenv("KILN_PROFILE_JSON");

   pthread_mutex_lock(&lock);
   if (env && comma_separated_list_contains(env, "profile"))
      kiln_sim_profile_print(stderr, p, NULL);
   if (json && *json) {
      FILE *f = fopen(json, "a");
      if (f) {
         kiln_sim_profile_print_json(f, p, NULL);
         fclose(f);
      } else {
         fprintf(stderr, "sim: KILN_PROFILE_JSON=%s: cannot open it for appending\n", json);
      }
   }
   pthread_mutex_unlock(&lock);
}
