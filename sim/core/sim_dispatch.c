/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Compute dispatch: turns the COMPUTE_* register view of a dispatch into
 * workgroups of waves with the hardware's initial state (user SGPRs, then
 * workgroup ids, TG_SIZE and the scratch wave offset as RSRC2 enables
 * them; local ids in v0/v1/v2; EXEC = the lanes that exist), runs the
 * waves of one workgroup round-robin on one host thread, switching at
 * s_barrier and s_endpgm, and spreads workgroups over a pool of host
 * threads.  The first fault stops the dispatch and is reported.
 */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "sim_engine.h"
#include "sim_icache.h"
#include "jit/sim_jit.h"
#include "sim_profile.h"
#include "sim_vm_priv.h"
#include "kiln_debug.h"
#include "util/macros.h"
#include "util/u_thread.h"

/* COMPUTE_PGM_RSRC1/2 and TMPRING_SIZE fields (gfx10). */
#define RSRC1_VGPRS(x)          ((x)&0x3f)
#define RSRC1_FLOAT_MODE(x)     (((x) >> 12) & 0xff)
#define RSRC1_DX10_CLAMP(x)     (((x) >> 21) & 1)
#define RSRC1_IEEE_MODE(x)      (((x) >> 23) & 1)
#define RSRC2_SCRATCH_EN(x)     ((x)&1)
#define RSRC2_USER_SGPR(x)      (((x) >> 1) & 0x1f)
#define RSRC2_TGID_X_EN(x)      (((x) >> 7) & 1)
#define RSRC2_TGID_Y_EN(x)      (((x) >> 8) & 1)
#define RSRC2_TGID_Z_EN(x)      (((x) >> 9) & 1)
#define RSRC2_TG_SIZE_EN(x)     (((x) >> 10) & 1)
#define RSRC2_TIDIG_COMP_CNT(x) (((x) >> 11) & 3)
#define RSRC2_LDS_SIZE(x)       (((x) >> 15) & 0x1ff)
#define TMPRING_WAVES(x)        ((x)&0xfff)
#define TMPRING_WAVESIZE(x)     (((x) >> 12) & 0x1fff)

#define LDS_GRANULE      512u  /* gfx7+: LDS_SIZE counts 128 dwords */
#define SCRATCH_GRANULE  1024u /* gfx10: WAVESIZE counts 256 dwords */
#define LDS_MAX          (64u * 1024u)
#define DEFAULT_WATCHDOG (1ull << 32)
/* A workgroup is a hang after 10 s of its host thread's CPU time (the
 * thread runs the group's waves and nothing else meanwhile), less the
 * time the thread spent translating its code: CPU time, not wall time,
 * so a loaded machine does not turn a long kernel into a hang, nor does
 * a large kernel's first translation. */
#define CPU_LIMIT_NS (10ll * 1000000000ll)

struct dispatch_ctx {
   struct kiln_sim_vm *vm;
   const struct kiln_sim_dispatch *d;
   uint64_t watchdog;
   bool time_limit, trace;

   unsigned group_threads; /* threads in a full group */
   unsigned waves_per_group;
   uint32_t lds_size;
   uint64_t scratch_wave_bytes;
   uint64_t total_groups;

   atomic_uint_fast64_t next_group;
   atomic_bool stop;

   struct sim_profiler *prof; /* NULL unless profiling */
   int jit_mode;              /* sim_jit_mode() */

   pthread_mutex_t lock;
   bool faulted;
   struct kiln_sim_fault fault;
   uint64_t wave_instructions, lane_instructions;
};

/* One per host thread, on its own cache lines. */
struct thread_ctx {
   alignas(64) struct dispatch_ctx *ctx;
   unsigned index;
   struct sim_wave *waves;
   uint8_t *lds;
   struct sim_workgroup wg;
   struct sim_icache icache;
   /* the thread's CPU time, less translation, at its group's first
    * checkpoint (-1 until then) */
   int64_t group_start_ns;
   unsigned check; /* instructions until the next stop/clock check */
   uint64_t wave_instructions, lane_instructions;
   struct sim_profile_thread *prof; /* NULL unless profiling */
   struct sim_jit_thread *jit;      /* NULL: interpret only */
};

/* The thread's CPU time spent translating, so far. */
static int64_t
translate_cpu_ns(const struct thread_ctx *t)
{
   return t->jit ? t->jit->translate_cpu_ns : 0;
}

/* The CPU time the thread has spent on its group's waves since the
 * group's first checkpoint.  The clock is read at checkpoints only: the
 * thread's CPU clock is a system call, which a group of short waves
 * would otherwise pay at its start (a tenth of a memory-bound kernel's
 * time); the watchdog then starts at most one time slice late. */
static int64_t
group_cpu_ns(struct thread_ctx *t)
{
   int64_t now = util_current_thread_get_time_nano() - translate_cpu_ns(t);
   if (t->group_start_ns < 0)
      t->group_start_ns = now;
   return now - t->group_start_ns;
}

static void
trace_inst(const struct sim_wave *w, const struct sim_inst *in)
{
   char ops[160] = "";
   if (in->disasm)
      in->disasm(in, ops, sizeof(ops));
   fprintf(stderr, "sim: wg(%u,%u,%u) wave %u pc 0x%" PRIx64 " exec 0x%" PRIx64 ": %s %s\n",
           w->group_id[0], w->group_id[1], w->group_id[2], w->wave_id, w->pc, sim_exec_mask(w),
           sim_inst_name(in), ops);
}

/* Runs one wave until it ends, waits at a barrier or faults, or, when
 * its workgroup has other waves, until its time slice is over: waves that
 * wait for each other through memory (not only at s_barrier) then still
 * make progress.  Inlined twice, with and without profiling. */
static inline __attribute__((always_inline)) void
run_wave_loop(struct thread_ctx *t, struct sim_wave *w, const bool profile)
{
   struct dispatch_ctx *ctx = t->ctx;
   struct sim_icache_page *page = sim_icache_page(&t->icache, w->pc);
   uint64_t waves = 0, lanes = 0;
   uint64_t budget = w->budget;
   unsigned check = t->check;
   /* EXEC rarely changes between instructions: count its lanes only when
    * it does (popcount is a library call on baseline x86-64). */
   uint64_t last_exec = 0, last_lanes = 0;

   if (!page) {
      sim_wave_fault(w, KILN_SIM_FAULT_INVALID, 0, false, "out of memory for decode cache");
      return;
   }

   while (w->state == SIM_WAVE_RUNNING) {
      /* Translated code, where there is some: never while profiling or
       * tracing (t->jit is NULL then). */
      if (!profile && t->jit) {
         uint64_t n = sim_jit_run(t->jit, &t->icache, w, budget, check, &lanes);
         if (n) {
            budget -= n;
            waves += n;
            if (n >= check)
               goto checkpoint;
            check -= n;
            continue;
         }
      }
      uint64_t off = w->pc - page->va;
      if (SIM_UNLIKELY(off >= SIM_ICACHE_PAGE_BYTES)) {
         page = sim_icache_page(&t->icache, w->pc);
         if (!page) {
            sim_wave_fault(w, KILN_SIM_FAULT_INVALID, 0, false, "out of memory for decode cache");
            break;
         }
         continue;
      }
      const struct sim_inst *in = &page->insts[off / 4];
      if (SIM_UNLIKELY(!page->valid[off / 4])) {
         in = sim_icache_fill(page, w, w->pc);
         if (!in)
            break;
      }
      if (SIM_UNLIKELY(budget == 0)) {
         sim_wave_fault(w, KILN_SIM_FAULT_HANG, 0, false,
                        "watchdog: wave still running after %" PRIu64 " instructions",
                        w->wave_instructions + waves);
         break;
      }
      budget--;
      if (SIM_UNLIKELY(w->trace))
         trace_inst(w, in);
      uint64_t exec = sim_exec_mask(w);
      if (SIM_UNLIKELY(exec != last_exec)) {
         last_exec = exec;
         last_lanes = __builtin_popcountll(exec);
      }
      lanes += last_lanes;
      waves++;
      w->next_pc = w->pc + in->size * 4;
      in->exec(w, in);
      if (profile) /* profiling hook: counts the instruction at w->pc */
         sim_profile_count(t->prof, w, in, last_lanes);
      w->pc = w->next_pc;

      if (SIM_UNLIKELY(--check == 0)) {
      checkpoint:
         check = SIM_TIME_SLICE;
         if (atomic_load_explicit(&ctx->stop, memory_order_relaxed)) {
            w->state = SIM_WAVE_ENDED;
            break;
         }
         if (ctx->time_limit && group_cpu_ns(t) > CPU_LIMIT_NS) {
            sim_wave_fault(w, KILN_SIM_FAULT_HANG, 0, false,
                           "watchdog: workgroup still running after 10 s of CPU time (%" PRIu64
                           " instructions in this wave)",
                           w->wave_instructions + waves);
            break;
         }
         if (t->wg.num_waves > 1)
            break; /* yield to the group's other waves */
      }
   }
   t->check = check;
   w->budget = budget;
   w->wave_instructions += waves;
   w->lane_instructions += lanes;
}

static void
run_wave(struct thread_ctx *t, struct sim_wave *w)
{
   /* Profiling runs its own copy of the loop: when off it costs one branch
    * per time slice, none per instruction. */
   if (SIM_UNLIKELY(t->prof))
      run_wave_loop(t, w, true);
   else
      run_wave_loop(t, w, false);
}

static void
report_fault(struct dispatch_ctx *ctx, const struct kiln_sim_fault *f)
{
   pthread_mutex_lock(&ctx->lock);
   if (!ctx->faulted) {
      ctx->faulted = true;
      ctx->fault = *f;
   }
   pthread_mutex_unlock(&ctx->lock);
   atomic_store(&ctx->stop, true);
}

static void
init_wave(struct thread_ctx *t, struct sim_wave *w, unsigned wave_id, const uint32_t gid[3],
          const uint32_t dims[3], unsigned threads, unsigned num_waves)
{
   struct dispatch_ctx *ctx = t->ctx;
   const struct kiln_sim_dispatch *d = ctx->d;
   unsigned ws = d->wave_size;
   uint32_t rsrc1 = d->rsrc1, rsrc2 = d->rsrc2;

   memset(w, 0, offsetof(struct sim_wave, vgpr));
   w->wave_size = ws;
   w->lane_mask = ws == 64 ? ~0ull : 0xffffffffull;
   w->state = SIM_WAVE_RUNNING;
   w->pc = d->pgm_va;
   w->mode = RSRC1_FLOAT_MODE(rsrc1) | RSRC1_DX10_CLAMP(rsrc1) << 8 | RSRC1_IEEE_MODE(rsrc1) << 9;
   w->wave_id = wave_id;
   memcpy(w->group_id, gid, sizeof(w->group_id));
   w->vm = ctx->vm;
   w->wg = &t->wg;
   w->lds = t->lds;
   w->lds_size = ctx->lds_size;
   w->budget = ctx->watchdog;
   w->trace = ctx->trace;
   if (t->prof)
      sim_profile_wave_begin(t->prof, w);
   w->num_sgprs = 106;
   w->num_vgprs = (RSRC1_VGPRS(rsrc1) + 1) * (ws == 32 ? 8 : 4);
   if (w->num_vgprs > SIM_NUM_VGPRS)
      w->num_vgprs = SIM_NUM_VGPRS;

   /* Scratch: this wave's slice of the ring, by its slot among the waves
    * that can run at once (one workgroup per host thread). */
   uint64_t slot = (uint64_t)t->index * ctx->waves_per_group + wave_id;
   w->scratch_size = ctx->scratch_wave_bytes;
   w->scratch_base = d->scratch_va + slot * ctx->scratch_wave_bytes;
   w->flat_scratch = w->scratch_base;

   /* SGPRs in hardware order. */
   unsigned s = 0, nuser = RSRC2_USER_SGPR(rsrc2);
   for (; s < nuser && s < 16; s++)
      w->sgpr[s] = d->user_data[s];
   if (RSRC2_TGID_X_EN(rsrc2))
      w->sgpr[s++] = gid[0];
   if (RSRC2_TGID_Y_EN(rsrc2))
      w->sgpr[s++] = gid[1];
   if (RSRC2_TGID_Z_EN(rsrc2))
      w->sgpr[s++] = gid[2];
   /* TG_SIZE: waves in the group in [5:0]; the wave's index in [11:6]
    * (the ordered-append id, equal to it with ORDERED_APPEND off, where
    * GFX10 compilers read it) and in [24:20], where GFX10.3 has it. */
   if (RSRC2_TG_SIZE_EN(rsrc2))
      w->sgpr[s++] = num_waves | wave_id << 6 | wave_id << 20;
   if (RSRC2_SCRATCH_EN(rsrc2))
      w->sgpr[s++] = (uint32_t)(slot * ctx->scratch_wave_bytes);

   /* VGPRs: local ids, one VGPR per enabled component (gfx10).  The
    * others hold what the slot's previous wave left, as a GPU's do; a
    * slot's first wave in the dispatch finds them zero.  Clearing them
    * for every wave would cost a short kernel a tenth of its time, and
    * what a correct kernel computes never depends on them.  A wave64's
    * rows are contiguous, a wave32's use half of each. */
   if (!w->vgprs_cleared) {
      unsigned rows = MAX2(w->num_vgprs, 3);
      if (ws == SIM_MAX_LANES) {
         memset(w->vgpr, 0, sizeof(w->vgpr[0]) * rows);
      } else {
         for (unsigned r = 0; r < rows; r++)
            memset(w->vgpr[r], 0, sizeof(w->vgpr[r][0]) * 32);
      }
      w->vgprs_cleared = true;
   }
   unsigned comps = RSRC2_TIDIG_COMP_CNT(rsrc2);
   unsigned first = wave_id * ws;
   unsigned lanes = first < threads ? MIN2(ws, threads - first) : 0;
   /* the first lane's id by division, the others by counting on */
   unsigned x = first % dims[0], y = (first / dims[0]) % dims[1];
   unsigned z = first / (dims[0] * dims[1]);
   for (unsigned l = 0; l < lanes; l++) {
      w->vgpr[0][l] = x;
      if (comps >= 1)
         w->vgpr[1][l] = y;
      if (comps >= 2)
         w->vgpr[2][l] = z;
      if (++x == dims[0]) {
         x = 0;
         if (++y == dims[1]) {
            y = 0;
            z++;
         }
      }
   }
   sim_set_exec_mask(w, lanes == 64 ? ~0ull : (1ull << lanes) - 1);
}

static void
run_group(struct thread_ctx *t, uint64_t linear)
{
   struct dispatch_ctx *ctx = t->ctx;
   const struct kiln_sim_dispatch *d = ctx->d;
   uint32_t idx[3], gid[3], dims[3];

   idx[0] = linear % d->group_count[0];
   idx[1] = (linear / d->group_count[0]) % d->group_count[1];
   idx[2] = linear / ((uint64_t)d->group_count[0] * d->group_count[1]);
   for (unsigned i = 0; i < 3; i++) {
      gid[i] = d->group_start[i] + idx[i];
      dims[i] = d->group_size[i];
      if (idx[i] == d->group_count[i] - 1 && d->partial_size[i])
         dims[i] = d->partial_size[i];
   }
   unsigned threads = dims[0] * dims[1] * dims[2];
   unsigned nwaves = (threads + d->wave_size - 1) / d->wave_size;

   t->wg.num_waves = nwaves;
   t->group_start_ns = -1;
   memset(t->lds, 0, ctx->lds_size);
   for (unsigned i = 0; i < nwaves; i++)
      init_wave(t, &t->waves[i], i, gid, dims, threads, nwaves);

   for (;;) {
      unsigned at_barrier = 0, running = 0;
      for (unsigned i = 0; i < nwaves; i++) {
         struct sim_wave *w = &t->waves[i];
         if (w->state == SIM_WAVE_RUNNING)
            run_wave(t, w);
         if (w->state == SIM_WAVE_FAULTED) {
            report_fault(ctx, &w->fault);
            goto done;
         }
         at_barrier += w->state == SIM_WAVE_BARRIER;
         running += w->state == SIM_WAVE_RUNNING;
      }
      if (running)
         continue;
      if (at_barrier == 0 || atomic_load(&ctx->stop))
         break;
      /* Every live wave has arrived (ended waves leave the barrier). */
      for (unsigned i = 0; i < nwaves; i++)
         if (t->waves[i].state == SIM_WAVE_BARRIER)
            t->waves[i].state = SIM_WAVE_RUNNING;
   }
done:
   for (unsigned i = 0; i < nwaves; i++) {
      t->wave_instructions += t->waves[i].wave_instructions;
      t->lane_instructions += t->waves[i].lane_instructions;
   }
}

static void *
thread_main(void *arg)
{
   struct thread_ctx *t = arg;
   struct dispatch_ctx *ctx = t->ctx;
   for (;;) {
      if (atomic_load_explicit(&ctx->stop, memory_order_relaxed))
         break;
      uint64_t g = atomic_fetch_add(&ctx->next_group, 1);
      if (g >= ctx->total_groups)
         break;
      run_group(t, g);
   }
   return NULL;
}

/* KILN_DEBUG=simtrace traces every dispatch, whoever starts it ("all"
 * does not: it would print every instruction every wave runs). */
static bool
debug_trace(void)
{
   return kiln_debug_flags() & KILN_DEBUG_SIMTRACE;
}

/* KILN_DEBUG=stats: what the translator did. */
static bool
debug_stats(void)
{
   return kiln_debug_flags() & KILN_DEBUG_STATS;
}

static int
invalid(struct kiln_sim_fault *fault, const char *msg)
{
   if (fault) {
      memset(fault, 0, sizeof(*fault));
      fault->kind = KILN_SIM_FAULT_INVALID;
      snprintf(fault->message, sizeof(fault->message), "invalid dispatch: %s", msg);
   }
   return -EINVAL;
}

static unsigned
host_threads(const struct kiln_sim_run_options *options)
{
   if (options && options->threads)
      return options->threads;
   /* the CPUs this process may run on, not all the machine has */
   cpu_set_t set;
   if (sched_getaffinity(0, sizeof(set), &set) == 0 && CPU_COUNT(&set) > 0)
      return CPU_COUNT(&set);
   long n = sysconf(_SC_NPROCESSORS_ONLN);
   return n > 0 ? (unsigned)n : 1;
}

static bool
thread_init(struct thread_ctx *t, struct dispatch_ctx *ctx, unsigned index)
{
   memset(t, 0, sizeof(*t));
   t->ctx = ctx;
   t->index = index;
   t->check = SIM_TIME_SLICE;
   t->prof = ctx->prof ? sim_profiler_thread(ctx->prof, index) : NULL;
   if (!ctx->prof && !ctx->trace && ctx->jit_mode) {
      t->jit = calloc(1, sizeof(*t->jit));
      if (t->jit)
         t->jit->always = ctx->jit_mode == 2;
   }
   t->waves = aligned_alloc(64, sizeof(struct sim_wave) * ctx->waves_per_group);
   /* what a slot keeps from wave to wave starts empty */
   for (unsigned i = 0; t->waves && i < ctx->waves_per_group; i++)
      memset(&t->waves[i].vmc, 0, sizeof(struct sim_wave) - offsetof(struct sim_wave, vmc));
   t->lds = calloc(1, ctx->lds_size ? ctx->lds_size : 4);
   t->wg.lds = t->lds;
   t->wg.lds_size = ctx->lds_size;
   return t->waves && t->lds;
}

static void
thread_fini(struct thread_ctx *t)
{
   free(t->waves);
   free(t->lds);
   free(t->jit);
   sim_icache_free(&t->icache);
}

int
kiln_sim_dispatch(struct kiln_sim_vm *vm, const struct kiln_sim_dispatch *d,
                  const struct kiln_sim_run_options *options, struct kiln_sim_fault *fault,
                  struct kiln_sim_stats *stats)
{
   if (fault)
      memset(fault, 0, sizeof(*fault));
   if (stats)
      memset(stats, 0, sizeof(*stats));
   if (options && options->profile)
      *options->profile = NULL;
   if (!vm || !d)
      return invalid(fault, "no VM or dispatch");
   if (d->wave_size != 32 && d->wave_size != 64)
      return invalid(fault, "wave size must be 32 or 64");
   if (d->pgm_va & 3)
      return invalid(fault, "program address is not dword aligned");
   uint64_t group_threads = (uint64_t)d->group_size[0] * d->group_size[1] * d->group_size[2];
   if (group_threads == 0 || group_threads > 1024)
      return invalid(fault, "workgroup size must be 1..1024 threads");
   for (unsigned i = 0; i < 3; i++)
      if (d->partial_size[i] > d->group_size[i])
         return invalid(fault, "partial group larger than the group");
   uint64_t total = (uint64_t)d->group_count[0] * d->group_count[1] * d->group_count[2];
   if (total == 0)
      return 0;

   struct dispatch_ctx *ctx = calloc(1, sizeof(*ctx));
   if (!ctx)
      return -ENOMEM;
   ctx->vm = vm;
   ctx->d = d;
   ctx->trace = (options && options->trace) || debug_trace();
   ctx->jit_mode = sim_jit_mode();
   ctx->watchdog =
      options && options->watchdog_instructions ? options->watchdog_instructions : DEFAULT_WATCHDOG;
   ctx->time_limit = !(options && options->watchdog_instructions);
   ctx->group_threads = group_threads;
   ctx->waves_per_group = (group_threads + d->wave_size - 1) / d->wave_size;
   ctx->lds_size = RSRC2_LDS_SIZE(d->rsrc2) * LDS_GRANULE;
   if (ctx->lds_size > LDS_MAX)
      ctx->lds_size = LDS_MAX;
   ctx->total_groups = total;
   pthread_mutex_init(&ctx->lock, NULL);

   unsigned nthreads = host_threads(options);
   if (nthreads > total)
      nthreads = total;
   if (RSRC2_SCRATCH_EN(d->rsrc2)) {
      ctx->scratch_wave_bytes = (uint64_t)TMPRING_WAVESIZE(d->tmpring_size) * SCRATCH_GRANULE;
      unsigned slots = TMPRING_WAVES(d->tmpring_size);
      if (slots < ctx->waves_per_group) {
         free(ctx);
         return invalid(fault, "TMPRING_SIZE.WAVES is smaller than one workgroup's waves");
      }
      if (nthreads > slots / ctx->waves_per_group)
         nthreads = slots / ctx->waves_per_group;
   }
   if (nthreads < 1)
      nthreads = 1;
   if ((options && options->profile) || sim_profile_env_enabled()) {
      ctx->prof = sim_profiler_create(d, nthreads, ctx->waves_per_group, ctx->lds_size);
      if (!ctx->prof) {
         free(ctx);
         return -ENOMEM;
      }
   }

   struct thread_ctx *threads = aligned_alloc(64, nthreads * sizeof(*threads));
   pthread_t *tids = calloc(nthreads, sizeof(*tids));
   int ret = 0;
   unsigned started = 0;
   if (!threads || !tids) {
      ret = -ENOMEM;
      goto out;
   }
   for (unsigned i = 0; i < nthreads; i++) {
      if (!thread_init(&threads[i], ctx, i)) {
         thread_fini(&threads[i]);
         nthreads = i;
         break;
      }
   }
   if (nthreads == 0) {
      ret = -ENOMEM;
      goto out;
   }

   pthread_rwlock_rdlock(&vm->lock);
   for (unsigned i = 1; i < nthreads; i++) {
      if (pthread_create(&tids[i], NULL, thread_main, &threads[i]) != 0)
         break;
      started = i;
   }
   thread_main(&threads[0]);
   for (unsigned i = 1; i <= started; i++)
      pthread_join(tids[i], NULL);
   pthread_rwlock_unlock(&vm->lock);

   if (threads[0].jit && debug_stats()) {
      uint64_t ran = 0, all = 0;
      for (unsigned i = 0; i < nthreads; i++) {
         ran += threads[i].jit ? threads[i].jit->insts : 0;
         all += threads[i].wave_instructions;
      }
      sim_jit_report_stats(ran, all);
   }
   for (unsigned i = 0; i < nthreads; i++) {
      ctx->wave_instructions += threads[i].wave_instructions;
      ctx->lane_instructions += threads[i].lane_instructions;
      thread_fini(&threads[i]);
   }
   if (stats) {
      stats->wave_instructions = ctx->wave_instructions;
      stats->lane_instructions = ctx->lane_instructions;
   }
   if (ctx->prof) {
      struct kiln_sim_profile *profile = sim_profiler_finish(ctx->prof, vm, ctx->faulted);
      ctx->prof = NULL;
      if (profile && sim_profile_env_enabled())
         sim_profile_env_report(profile);
      if (options && options->profile)
         *options->profile = profile;
      else
         kiln_sim_profile_free(profile);
   }
   if (ctx->faulted) {
      if (fault)
         *fault = ctx->fault;
      ret = -EFAULT;
   }
out:
   sim_profiler_destroy(ctx->prof);
   free(threads);
   free(tids);
   pthread_mutex_destroy(&ctx->lock);
   free(ctx);
   return ret;
}
