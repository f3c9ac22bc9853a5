/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The region translator (sim_jit.h): forms regions from the decode cache,
 * keys them by their words, and turns each into one LLVM function through
 * the LLVM-C API, compiled by ORC's LLJIT for the host CPU.
 *
 * A region function is  i64 region(sim_wave *w, i64 max_iters, i64 *lanes),
 * returning the wave instructions it ran.
 * Every SGPR, VGPR and SCC the region touches lives in an alloca that the
 * entry block loads from the wave and the exit block stores back, so
 * LLVM's SROA turns them into SSA values: in host registers for the whole
 * region, and across iterations when the region loops on itself.  A VGPR
 * is a <wave size x i32> vector; a VALU result is blended into its old
 * value with EXEC as the select mask; compares and carries build their
 * lane mask from an <N x i1> vector.
 *
 * Floating point is bit-exact with the interpreter: the caller enters
 * the same host environment (MXCSR round mode, DAZ/FTZ) that the
 * interpreter's fp loops enter from MODE, and the arithmetic is LLVM's
 * constrained intrinsics with dynamic rounding, so LLVM neither folds
 * nor reorders it under its default-environment assumptions.  Where the
 * interpreter's result depends on which operand the host FPU propagates
 * as a NaN (x86 returns the first NaN source, quieted), the translation
 * selects it explicitly, in the interpreter's operand order.  Vector
 * memory loads and stores are sim_jit_mem.c's, which may leave the
 * region at the instruction when it would fault.  Anything not covered
 * here ends the region, and the interpreter runs it.
 */
#include <inttypes.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/Core.h>
#include <llvm-c/Error.h>
#include <llvm-c/LLJIT.h>
#include <llvm-c/Orc.h>
#include <llvm-c/Target.h>
#include <llvm-c/TargetMachine.h>
#include <llvm-c/Transforms/PassBuilder.h>

#include "kiln_debug.h"
#include "sim_engine.h"
#include "sim_icache.h"
#include "sim_jit.h"
#include "sim_jit_priv.h"
#include "sim_vm_priv.h"
#include "../valu/valu_internal.h"
#include "util/macros.h"
#include "util/u_thread.h"
#include "util/os_time.h"

/* A region is translated once the interpreter has run this many wave
 * instructions of it (entries x length): a translation costs about as
 * much host time as interpreting a million instructions, so only code
 * that runs longer gains.  KILN_SIM_JIT=always translates at once. */
#define SIM_JIT_HOT_INSTS (1u << 20)
#define SIM_JIT_MAX_INST  256u
#define BUCKETS           4096u

/* Runs at most max_iters passes; returns the wave instructions run (a
 * pass left at a memory instruction that would fault counts up to it)
 * and their lane-instructions in *lanes. */
typedef uint64_t (*region_fn)(struct sim_wave *w, uint64_t max_iters, uint64_t *lanes);

/* A region, in the process-wide table.  fn is set once translated;
 * dead marks a region nothing translates (or whose translation failed). */
struct sim_jit_entry {
   struct sim_jit_entry *next;
   uint64_t pc, hash;
   uint32_t mode;
   uint8_t wave_size;
   unsigned ninst, nwords;
   uint32_t *words;
   _Atomic(region_fn) fn;
   atomic_uint hits;
   atomic_bool dead;
   bool fp; /* has f32 arithmetic: runs in the MODE's host fp environment */
};

/* The placeholder region of a PC where nothing can be translated. */
static struct sim_jit_entry none_entry = { .dead = true };

static struct {
   pthread_once_t once;
   bool ok;
   LLVMOrcLLJITRef jit;
   LLVMTargetMachineRef tm;
   pthread_mutex_t lock;
   struct sim_jit_entry *buckets[BUCKETS];
   unsigned next_id;
   const char *dump; /* KILN_SIM_JIT_DUMP */
   /* KILN_DEBUG=stats */
   atomic_uint_fast64_t regions, insts, ns, failed;
} J = { .once = PTHREAD_ONCE_INIT, .lock = PTHREAD_MUTEX_INITIALIZER };

static void
jit_init(void)
{
   sim_jit_alu_init();
   J.dump = getenv("KILN_SIM_JIT_DUMP");
   if (LLVMInitializeNativeTarget() || LLVMInitializeNativeAsmPrinter())
      return;
   char *triple = LLVMGetDefaultTargetTriple();
   char *cpu = LLVMGetHostCPUName();
   char *features = LLVMGetHostCPUFeatures();
   LLVMTargetRef target;
   char *msg = NULL;
   LLVMTargetMachineRef code_tm = NULL;
   if (!LLVMGetTargetFromTriple(triple, &target, &msg)) {
      /* One for the optimisation passes' cost model, one for ORC's code
       * generation.  Code generation takes most of a translation: at
       * LLVMCodeGenLevelLess a region compiles in 3/4 of the default
       * level's time and runs as fast (clpeak's unrolled FMA regions,
       * bench_sim); LLVMCodeGenLevelNone halves the time but the code
       * runs at half the speed. */
      J.tm = LLVMCreateTargetMachine(target, triple, cpu, features, LLVMCodeGenLevelDefault,
                                     LLVMRelocDefault, LLVMCodeModelJITDefault);
      code_tm = LLVMCreateTargetMachine(target, triple, cpu, features, LLVMCodeGenLevelLess,
                                        LLVMRelocDefault, LLVMCodeModelJITDefault);
   }
   LLVMDisposeMessage(msg);
   LLVMDisposeMessage(triple);
   LLVMDisposeMessage(cpu);
   LLVMDisposeMessage(features);
   if (!code_tm)
      return;
   LLVMOrcLLJITBuilderRef builder = LLVMOrcCreateLLJITBuilder();
   LLVMOrcLLJITBuilderSetJITTargetMachineBuilder(
      builder, LLVMOrcJITTargetMachineBuilderCreateFromTargetMachine(code_tm));
   LLVMErrorRef err = LLVMOrcCreateLLJIT(&J.jit, builder);
   if (err) {
      LLVMConsumeError(err);
      return;
   }
   J.ok = J.tm != NULL;
}

/* sim_jit_select_mode's choice, or -1 for KILN_SIM_JIT's */
static atomic_int selected_mode = -1;

void
sim_jit_select_mode(int mode)
{
   atomic_store(&selected_mode, mode);
}

int
sim_jit_mode(void)
{
   int mode = atomic_load(&selected_mode);
   if (mode < 0)
      mode = kiln_debug_sim_jit();
   if (mode == KILN_SIM_JIT_OFF)
      return 0;
   pthread_once(&J.once, jit_init);
   if (!J.ok)
      return 0;
   return mode == KILN_SIM_JIT_ALWAYS ? 2 : 1;
}

struct region {
   const struct sim_inst *insts[SIM_JIT_MAX_INST];
   uint8_t kinds[SIM_JIT_MAX_INST];
   unsigned n;
   uint64_t pc;
};

/* Builds the region's function into a new module. */
static void
build(struct jb *j, const struct region *rg, const char *name, uint32_t mode)
{
   LLVMContextRef ctx = j->ctx;
   j->i1 = LLVMInt1TypeInContext(ctx);
   j->i8 = LLVMInt8TypeInContext(ctx);
   j->i32 = LLVMInt32TypeInContext(ctx);
   j->i64 = LLVMInt64TypeInContext(ctx);
   j->f32 = LLVMFloatTypeInContext(ctx);
   j->vi1 = LLVMVectorType(j->i1, j->n);
   j->vi32 = LLVMVectorType(j->i32, j->n);
   j->vi64 = LLVMVectorType(j->i64, j->n);
   j->vf32 = LLVMVectorType(j->f32, j->n);
   j->strictfp = LLVMCreateEnumAttribute(ctx, LLVMGetEnumAttributeKindForName("strictfp", 8), 0);
   j->round_md = sim_jit_md(j, "round.dynamic");
   j->except_md = sim_jit_md(j, "fpexcept.ignore");

   LLVMTypeRef ptr = LLVMPointerType(j->i8, 0);
   LLVMTypeRef params[3] = { ptr, j->i64, LLVMPointerType(j->i64, 0) };
   LLVMTypeRef fty = LLVMFunctionType(j->i64, params, 3, false);
   j->fn = LLVMAddFunction(j->mod, name, fty);
   LLVMAddAttributeAtIndex(j->fn, LLVMAttributeFunctionIndex, j->strictfp);
   LLVMAddAttributeAtIndex(j->fn, LLVMAttributeFunctionIndex,
                           LLVMCreateStringAttribute(ctx, "min-legal-vector-width", 22, "512", 3));
   LLVMAddAttributeAtIndex(j->fn, LLVMAttributeFunctionIndex,
                           LLVMCreateStringAttribute(ctx, "prefer-vector-width", 19, "512", 3));
   j->w = LLVMGetParam(j->fn, 0);
   LLVMValueRef max_iters = LLVMGetParam(j->fn, 1), lanes_out = LLVMGetParam(j->fn, 2);

   LLVMBasicBlockRef entry = LLVMAppendBasicBlockInContext(ctx, j->fn, "entry");
   LLVMBasicBlockRef body = LLVMAppendBasicBlockInContext(ctx, j->fn, "body");
   LLVMBasicBlockRef exit = LLVMAppendBasicBlockInContext(ctx, j->fn, "exit");
   j->eb = LLVMCreateBuilderInContext(ctx);
   j->b = LLVMCreateBuilderInContext(ctx);
   LLVMPositionBuilderAtEnd(j->eb, entry);
   LLVMValueRef iters = j->iters = LLVMBuildAlloca(j->eb, j->i64, "iters");
   LLVMValueRef lanes = j->lanes = LLVMBuildAlloca(j->eb, j->i64, "lanes");
   LLVMValueRef next_pc = j->next_pc = LLVMBuildAlloca(j->eb, j->i64, "next_pc");
   j->ran = LLVMBuildAlloca(j->eb, j->i64, "ran");
   j->exit = exit;
   j->ninst = rg->n;
   LLVMBuildStore(j->eb, c64(j, 0), iters);
   LLVMBuildStore(j->eb, c64(j, 0), lanes);
   LLVMBuildStore(j->eb, c64(j, 0), j->ran);
   LLVMValueRef to_body = LLVMBuildBr(j->eb, body);
   LLVMPositionBuilderBefore(j->eb, to_body);

   LLVMPositionBuilderAtEnd(j->b, body);
   bool ieee = (mode & SIM_MODE_IEEE) != 0;
   LLVMValueRef lane_sum = c64(j, 0);
   LLVMValueRef taken = NULL;
   uint64_t pc = rg->pc, target = 0;
   for (unsigned i = 0; i < rg->n; i++) {
      const struct sim_inst *in = rg->insts[i];
      enum jk k = rg->kinds[i];
      /* the interpreter counts EXEC's lanes before each instruction */
      LLVMValueRef e = mask_int(j, SIM_SRC_EXEC_LO);
      LLVMTypeRef et = LLVMTypeOf(e);
      LLVMValueRef pop = sim_jit_call_intrinsic(j, "llvm.ctpop", &et, 1, &e, 1, false);
      if (j->n == 32)
         pop = LLVMBuildZExt(j->b, pop, j->i64, "");
      j->index = i;
      j->pc = pc;
      j->lanes_before = lane_sum;
      lane_sum = LLVMBuildAdd(j->b, lane_sum, pop, "");
      if (k <= JK_VALU_LAST)
         sim_jit_emit_valu(j, in, k, ieee);
      else if (k == JK_VMEM)
         sim_jit_emit_mem(j, in);
      else if (k == JK_SMEM)
         sim_jit_emit_smem(j, in);
      else if (is_branch(k)) {
         taken = sim_jit_branch_cond(j, k);
         target = pc + 4 + (int64_t)(int16_t)in->sop.simm16 * 4;
      } else
         sim_jit_emit_salu(j, in, k);
      pc += in->size * 4;
   }
   LLVMValueRef l = LLVMBuildLoad2(j->b, j->i64, lanes, "");
   LLVMBuildStore(j->b, LLVMBuildAdd(j->b, l, lane_sum, ""), lanes);
   LLVMValueRef it = LLVMBuildAdd(j->b, LLVMBuildLoad2(j->b, j->i64, iters, ""), c64(j, 1), "");
   LLVMBuildStore(j->b, it, iters);
   LLVMBuildStore(j->b, LLVMBuildMul(j->b, it, c64(j, rg->n), ""), j->ran);
   if (taken) {
      LLVMBuildStore(j->b, LLVMBuildSelect(j->b, taken, c64(j, target), c64(j, pc), ""), next_pc);
      if (target == rg->pc) {
         LLVMValueRef more = LLVMBuildICmp(j->b, LLVMIntULT, it, max_iters, "");
         LLVMBuildCondBr(j->b, LLVMBuildAnd(j->b, taken, more, ""), body, exit);
      } else {
         LLVMBuildBr(j->b, exit);
      }
   } else {
      LLVMBuildStore(j->b, c64(j, pc), next_pc);
      LLVMBuildBr(j->b, exit);
   }

   /* exit: the registers back to the wave */
   LLVMPositionBuilderAtEnd(j->b, exit);
   for (unsigned r = 0; r < SIM_NUM_SGPR_SLOTS; r++) {
      if (!j->sgpr_w[r])
         continue;
      LLVMValueRef v = LLVMBuildLoad2(j->b, j->i32, j->sgpr[r], "");
      LLVMBuildStore(j->b, v, wave_ptr(j, j->b, offsetof(struct sim_wave, sgpr) + 4 * r, j->i32));
   }
   for (unsigned r = 0; r < SIM_NUM_VGPRS; r++) {
      if (!j->vgpr_w[r])
         continue;
      LLVMValueRef v = LLVMBuildLoad2(j->b, j->vi32, j->vgpr[r], "");
      LLVMValueRef st = LLVMBuildStore(
         j->b, v, wave_ptr(j, j->b, offsetof(struct sim_wave, vgpr) + 256 * r, j->vi32));
      LLVMSetAlignment(st, 4);
   }
   if (j->scc_w) {
      LLVMValueRef v = LLVMBuildZExt(j->b, LLVMBuildLoad2(j->b, j->i1, j->scc, ""), j->i8, "");
      LLVMBuildStore(j->b, v, wave_ptr(j, j->b, offsetof(struct sim_wave, scc), j->i8));
   }
   LLVMBuildStore(j->b, LLVMBuildLoad2(j->b, j->i64, next_pc, ""),
                  wave_ptr(j, j->b, offsetof(struct sim_wave, pc), j->i64));
   LLVMBuildStore(j->b, LLVMBuildLoad2(j->b, j->i64, lanes, ""), lanes_out);
   LLVMBuildRet(j->b, LLVMBuildLoad2(j->b, j->i64, j->ran, ""));
   LLVMDisposeBuilder(j->b);
   LLVMDisposeBuilder(j->eb);
}

/* Translates a region; called with J.lock held.  NULL on failure. */
static region_fn
translate(const struct region *rg, unsigned wave_size, uint32_t mode)
{
   uint64_t t0 = os_time_get_nano();
   char name[32];
   snprintf(name, sizeof(name), "kiln_sim_region_%u", J.next_id++);

   LLVMOrcThreadSafeContextRef tsc = LLVMOrcCreateNewThreadSafeContext();
   struct jb *j = calloc(1, sizeof(*j));
   if (!j) {
      LLVMOrcDisposeThreadSafeContext(tsc);
      return NULL;
   }
   j->ctx = LLVMOrcThreadSafeContextGetContext(tsc);
   j->mod = LLVMModuleCreateWithNameInContext(name, j->ctx);
   j->n = wave_size;
   LLVMSetTarget(j->mod, LLVMOrcLLJITGetTripleString(J.jit));
   LLVMSetDataLayout(j->mod, LLVMOrcLLJITGetDataLayoutStr(J.jit));
   build(j, rg, name, mode);
   LLVMModuleRef mod = j->mod;
   free(j);
#ifndef NDEBUG
   /* the checked build stops at IR the translator built wrong, where
    * LLVM's code generator would crash on it or miscompile it */
   char *msg = NULL;
   if (LLVMVerifyModule(mod, LLVMReturnStatusAction, &msg)) {
      fprintf(stderr, "sim-jit: %s does not verify: %s\n", name, msg);
      abort();
   }
   LLVMDisposeMessage(msg);
#endif

   LLVMPassBuilderOptionsRef opts = LLVMCreatePassBuilderOptions();
   LLVMErrorRef err =
      LLVMRunPasses(mod, "function(sroa,early-cse,instcombine,simplifycfg)", J.tm, opts);
   LLVMDisposePassBuilderOptions(opts);
   if (J.dump && !err) {
      /* the object is compiled a second time, for the file: a
       * developer's option, not worth reaching into ORC's own */
      char path[4096];
      snprintf(path, sizeof(path), "%s/%s.ll", J.dump, name);
      LLVMPrintModuleToFile(mod, path, NULL);
      snprintf(path, sizeof(path), "%s/%s.o", J.dump, name);
      LLVMTargetMachineEmitToFile(J.tm, mod, path, LLVMObjectFile, NULL);
   }
   if (err) {
      LLVMConsumeError(err);
      LLVMDisposeModule(mod);
      LLVMOrcDisposeThreadSafeContext(tsc);
      return NULL;
   }
   LLVMOrcThreadSafeModuleRef tsm = LLVMOrcCreateNewThreadSafeModule(mod, tsc);
   LLVMOrcDisposeThreadSafeContext(tsc);
   err = LLVMOrcLLJITAddLLVMIRModule(J.jit, LLVMOrcLLJITGetMainJITDylib(J.jit), tsm);
   if (err) {
      LLVMConsumeError(err);
      return NULL;
   }
   LLVMOrcExecutorAddress addr = 0;
   err = LLVMOrcLLJITLookup(J.jit, &addr, name);
   if (err) {
      LLVMConsumeError(err);
      return NULL;
   }
   atomic_fetch_add(&J.ns, os_time_get_nano() - t0);
   atomic_fetch_add(&J.regions, 1);
   return (region_fn)(uintptr_t)addr;
}

/* ---------------------------------------------------------------------- */
/* Regions: formed from the decode cache, found by their words. */

static bool
form(struct sim_icache *ic, struct sim_wave *w, struct region *rg)
{
   uint64_t pc = w->pc;
   rg->pc = pc;
   rg->n = 0;
   struct sim_icache_page *page = sim_icache_page(ic, pc);
   if (!page)
      return false;
   while (rg->n < SIM_JIT_MAX_INST) {
      uint64_t off = pc - page->va;
      if (off >= SIM_ICACHE_PAGE_BYTES)
         break;
      const struct sim_inst *in = &page->insts[off / 4];
      if (!page->valid[off / 4]) {
         /* decode without raising a fault: the interpreter reports it */
         if (!sim_vm_find(w->vm, pc))
            break;
         in = sim_icache_fill(page, w, pc);
         if (!in)
            break;
      }
      enum jk k = sim_jit_classify(in);
      if (k == JK_NONE)
         break;
      rg->insts[rg->n] = in;
      rg->kinds[rg->n++] = k;
      pc += in->size * 4;
      if (is_branch(k))
         break;
   }
   return rg->n >= 2;
}

static uint64_t
hash_words(uint64_t h, const uint32_t *p, unsigned n)
{
   for (unsigned i = 0; i < n; i++) {
      h ^= p[i];
      h *= 0x100000001b3ull;
   }
   return h;
}

static struct sim_jit_entry *
lookup_entry(struct sim_icache *ic, struct sim_wave *w)
{
   struct region *rg = malloc(sizeof(*rg));
   if (!rg)
      return &none_entry;
   if (!form(ic, w, rg)) {
      free(rg);
      return &none_entry;
   }
   unsigned nwords = 0;
   uint32_t words[SIM_JIT_MAX_INST * 5];
   for (unsigned i = 0; i < rg->n; i++)
      for (unsigned k = 0; k < rg->insts[i]->size; k++)
         words[nwords++] = rg->insts[i]->words[k];
   uint64_t h = 0xcbf29ce484222325ull;
   h = hash_words(h, (const uint32_t *)&rg->pc, 2);
   h = hash_words(h, &w->mode, 1);
   h = hash_words(h, words, nwords);
   h ^= w->wave_size;

   pthread_mutex_lock(&J.lock);
   unsigned b = h % BUCKETS;
   struct sim_jit_entry *e;
   for (e = J.buckets[b]; e; e = e->next)
      if (e->hash == h && e->pc == rg->pc && e->mode == w->mode && e->wave_size == w->wave_size &&
          e->nwords == nwords && !memcmp(e->words, words, nwords * 4))
         break;
   if (!e) {
      e = calloc(1, sizeof(*e));
      uint32_t *copy = malloc(nwords * 4);
      if (!e || !copy) {
         free(e);
         free(copy);
         pthread_mutex_unlock(&J.lock);
         free(rg);
         return &none_entry;
      }
      memcpy(copy, words, nwords * 4);
      e->pc = rg->pc;
      e->hash = h;
      e->mode = w->mode;
      e->wave_size = w->wave_size;
      e->ninst = rg->n;
      e->nwords = nwords;
      for (unsigned i = 0; i < rg->n; i++)
         e->fp |= rg->kinds[i] >= JK_ADD_F32 && rg->kinds[i] <= JK_CMP_F32;
      e->words = copy;
      e->next = J.buckets[b];
      J.buckets[b] = e;
   }
   pthread_mutex_unlock(&J.lock);
   free(rg);
   return e;
}

static void
translate_entry(struct sim_jit_entry *e, struct sim_icache *ic, struct sim_wave *w)
{
   pthread_mutex_lock(&J.lock);
   if (!atomic_load(&e->fn) && !atomic_load(&e->dead)) {
      struct region *rg = malloc(sizeof(*rg));
      region_fn fn = NULL;
      if (rg && form(ic, w, rg) && rg->n == e->ninst)
         fn = translate(rg, w->wave_size, w->mode);
      free(rg);
      if (fn) {
         atomic_fetch_add(&J.insts, e->ninst);
         atomic_store(&e->fn, fn);
      } else {
         atomic_fetch_add(&J.failed, 1);
         atomic_store(&e->dead, true);
      }
   }
   pthread_mutex_unlock(&J.lock);
}

uint64_t
sim_jit_run_slow(struct sim_jit_thread *jt, struct sim_icache *ic, struct sim_wave *w,
                 uint64_t max_insts, uint64_t slice, uint64_t *lanes)
{
   unsigned s = sim_jit_slot(w->pc);
   struct sim_jit_entry *e = jt->slot[s].e;
   if (SIM_UNLIKELY(!e || jt->slot[s].pc != w->pc || jt->slot[s].mode != w->mode)) {
      e = lookup_entry(ic, w);
      jt->slot[s].pc = w->pc;
      jt->slot[s].mode = w->mode;
      jt->slot[s].e = e;
      jt->slot[s].none = false;
   }
   if (atomic_load_explicit(&e->dead, memory_order_relaxed)) {
      jt->slot[s].none = true;
      return 0;
   }
   region_fn fn = atomic_load_explicit(&e->fn, memory_order_acquire);
   if (!fn) {
      if (!jt->always && atomic_fetch_add_explicit(&e->hits, 1, memory_order_relaxed) * e->ninst <
                            SIM_JIT_HOT_INSTS)
         return 0;
      /* the watchdog leaves translation out of a group's time */
      const int64_t t0 = util_current_thread_get_time_nano();
      translate_entry(e, ic, w);
      jt->translate_cpu_ns += util_current_thread_get_time_nano() - t0;
      fn = atomic_load(&e->fn);
      if (!fn)
         return 0;
   }
   /* Whole passes only, within the watchdog's budget.  The time slice
    * is a yield point, not a limit: at least one pass runs even when less
    * of the slice is left, and the wave yields after it.  Interpreting up
    * to the slice's end instead would leave the wave in the middle of the
    * region, and the partial regions starting there would each be
    * translated in their turn. */
   uint64_t max_iters = MIN2(max_insts, MAX2(slice, e->ninst)) / e->ninst;
   if (max_iters == 0)
      return 0;
   uint64_t l = 0, n;
   if (e->fp) {
      struct sim_fp_env env;
      sim_fp_env_enter(&env, SIM_MODE_FP_ROUND_F32(w->mode), SIM_MODE_FP_DENORM_F32(w->mode));
      n = fn(w, max_iters, &l);
      sim_fp_env_leave(&env);
   } else {
      n = fn(w, max_iters, &l);
   }
   *lanes += l;
   jt->insts += n;
   return n;
}

void
sim_jit_report_stats(uint64_t translated, uint64_t total)
{
   fprintf(stderr,
           "sim-jit: %" PRIu64 " of %" PRIu64 " wave instructions ran translated; "
           "%" PRIu64 " regions (%" PRIu64 " instructions) translated in %.3f ms so far, "
           "%" PRIu64 " failed\n",
           translated, total, (uint64_t)atomic_load(&J.regions), (uint64_t)atomic_load(&J.insts),
           atomic_load(&J.ns) / 1e6, (uint64_t)atomic_load(&J.failed));
}
