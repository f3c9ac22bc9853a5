/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Memory instructions in translated regions: GLOBAL loads and stores of
 * one to four dwords per lane, with an SGPR-pair base plus a 32-bit VGPR
 * offset or a 64-bit VGPR address.  The region computes nothing of the
 * access itself: it hands the lanes' address registers (and a store's
 * data) to a C helper in per-region buffers, and a load's data comes back
 * the same way, blended into the destination VGPRs under EXEC.
 *
 * The helper looks every active lane up in the VM before it moves a byte,
 * as the interpreter's sim_vm_access does (the wave's last mapping first,
 * then the sorted mappings, refilling the cache), but raises nothing:
 * when any lane would fault it returns 0 with memory and registers
 * untouched, and the region leaves at that instruction with everything
 * before it done.  The interpreter then runs the instruction from the
 * same state and reports the fault (address, kind, instruction, the
 * lanes before the faulting one already done) exactly as it does without
 * translation.  No host signal is involved: kiln runs in other people's
 * processes.
 */
#include "sim_jit_priv.h"
#include "sim_mem.h"
#include "sim_vm_priv.h"

/* The host address of [va, va + size) when one mapping holds it and
 * allows the access, as sim_vm_access finds it; NULL where that would
 * fault (also when va + size wraps, where the interpreter's cache compare
 * is not exact). */
static inline uint8_t *
lane_host(struct sim_wave *w, uint64_t va, unsigned size, bool write)
{
   if (SIM_LIKELY(va >= w->vmc.va && va + size <= w->vmc.end && va + size > va &&
                  (!write || (w->vmc.flags & KILN_SIM_MAP_WRITE))))
      return w->vmc.host + (va - w->vmc.va);
   const struct sim_mapping *m = sim_vm_find(w->vm, va);
   if (!m || size > m->size - (va - m->va) || (write && !(m->flags & KILN_SIM_MAP_WRITE)))
      return NULL;
   w->vmc.va = m->va;
   w->vmc.end = m->va + m->size;
   w->vmc.host = m->host;
   w->vmc.flags = m->flags;
   return m->host + (va - m->va);
}

/* Every active lane's host address, or false if one would fault.  A
 * lane's address is base + lo[l] (an SGPR base and the offset already in
 * it), or with hi, the VGPR pair lo[l] | hi[l] << 32 plus base (the
 * instruction's offset). */
static inline bool
lane_hosts(struct sim_wave *w, uint64_t exec, uint64_t base, const uint32_t *lo, const uint32_t *hi,
           unsigned bytes, bool write, uint8_t **p)
{
   SIM_FOREACH_LANE(l, exec)
   {
      uint64_t a = hi ? (lo[l] | (uint64_t)hi[l] << 32) + base : base + lo[l];
      p[l] = lane_host(w, a, bytes, write);
      if (!p[l])
         return false;
   }
   return true;
}

/* data[i * SIM_MAX_LANES + l] is dword i of lane l. */
static uint32_t
global_load(struct sim_wave *w, uint64_t exec, uint64_t base, const uint32_t *lo,
            const uint32_t *hi, uint32_t *data, uint32_t dwords)
{
   uint8_t *p[SIM_MAX_LANES];
   if (!lane_hosts(w, exec, base, lo, hi, dwords * 4, false, p))
      return 0;
   SIM_FOREACH_LANE(l, exec)
   {
      for (unsigned i = 0; i < dwords; i++)
         memcpy(&data[i * SIM_MAX_LANES + l], p[l] + 4 * i, 4);
   }
   return 1;
}

/* Lane by lane, as the interpreter stores: where lanes overlap, the last
 * one's bytes stay. */
static uint32_t
global_store(struct sim_wave *w, uint64_t exec, uint64_t base, const uint32_t *lo,
             const uint32_t *hi, uint32_t *data, uint32_t dwords)
{
   uint8_t *p[SIM_MAX_LANES];
   if (!lane_hosts(w, exec, base, lo, hi, dwords * 4, true, p))
      return 0;
   SIM_FOREACH_LANE(l, exec)
   {
      for (unsigned i = 0; i < dwords; i++)
         memcpy(p[l] + 4 * i, &data[i * SIM_MAX_LANES + l], 4);
   }
   return 1;
}

/* The host address of a whole wave's access [va, va + size), or NULL
 * when one mapping does not hold it all (then the lanes go one by one). */
static uint8_t *
global_range(struct sim_wave *w, uint64_t va, uint32_t size, uint32_t write)
{
   return lane_host(w, va, size, write);
}

typedef uint32_t (*global_fn)(struct sim_wave *w, uint64_t exec, uint64_t base, const uint32_t *lo,
                              const uint32_t *hi, uint32_t *data, uint32_t dwords);

bool
sim_jit_mem_ok(const struct sim_inst *in)
{
   const struct sim_mem_op *m = &sim_mem_ops[in->op];
   return in->format == SIM_FMT_GLOBAL && !in->flat.lds && !m->d16 && m->bytes == 4 &&
          m->dwords >= 1 && m->dwords <= 4 && (m->kind == SIM_MEM_LOAD || m->kind == SIM_MEM_STORE);
}

/* The region's address and data buffers, allocated once in the entry
 * block: lanes of one register are SIM_MAX_LANES dwords apart. */
static void
mem_buffers(struct jb *j)
{
   if (j->mem_data)
      return;
   LLVMTypeRef one = LLVMArrayType(j->i32, SIM_MAX_LANES);
   LLVMTypeRef four = LLVMArrayType(j->i32, 4 * SIM_MAX_LANES);
   j->mem_lo = LLVMBuildAlloca(j->eb, one, "mem_lo");
   j->mem_hi = LLVMBuildAlloca(j->eb, one, "mem_hi");
   j->mem_data = LLVMBuildAlloca(j->eb, four, "mem_data");
   LLVMSetAlignment(j->mem_lo, 64);
   LLVMSetAlignment(j->mem_hi, 64);
   LLVMSetAlignment(j->mem_data, 64);
}

/* Register i of a buffer, as a pointer to its lanes. */
static LLVMValueRef
buffer_reg(struct jb *j, LLVMValueRef buf, unsigned i)
{
   LLVMValueRef p = LLVMBuildPointerCast(j->b, buf, LLVMPointerType(j->i32, 0), "");
   LLVMValueRef idx = c64(j, i * SIM_MAX_LANES);
   p = LLVMBuildGEP2(j->b, j->i32, p, &idx, 1, "");
   return LLVMBuildPointerCast(j->b, p, LLVMPointerType(j->vi32, 0), "");
}

/* Where the helper found a lane that would fault: the pass so far is
 * done, the instruction is not; leave with the PC at it. */
static void
leave_before(struct jb *j)
{
   LLVMBuilderRef B = j->b;
   LLVMValueRef l = LLVMBuildLoad2(B, j->i64, j->lanes, "");
   LLVMBuildStore(B, LLVMBuildAdd(B, l, j->lanes_before, ""), j->lanes);
   LLVMValueRef it = LLVMBuildLoad2(B, j->i64, j->iters, "");
   LLVMValueRef ran =
      LLVMBuildAdd(B, LLVMBuildMul(B, it, c64(j, j->ninst), ""), c64(j, j->index), "");
   LLVMBuildStore(B, ran, j->ran);
   LLVMBuildStore(B, c64(j, j->pc), j->next_pc);
   LLVMBuildBr(B, j->exit);
}

static LLVMValueRef
call_helper(struct jb *j, void *fn, LLVMTypeRef ret, LLVMTypeRef *params, unsigned n,
            LLVMValueRef *args)
{
   LLVMTypeRef fty = LLVMFunctionType(ret, params, n, false);
   LLVMValueRef callee =
      LLVMConstIntToPtr(c64(j, (uint64_t)(uintptr_t)fn), LLVMPointerType(fty, 0));
   return LLVMBuildCall2(j->b, fty, callee, args, n, "");
}

static LLVMValueRef
shuffle(struct jb *j, LLVMValueRef a, LLVMValueRef b, const unsigned *mask, unsigned n)
{
   LLVMValueRef m[4 * SIM_MAX_LANES];
   for (unsigned i = 0; i < n; i++)
      m[i] = c32(j, mask[i]);
   return LLVMBuildShuffleVector(j->b, a, b, LLVMConstVector(m, n), "");
}

/* Whether every lane is active and lane l's address is lane 0's plus
 * l * stride, without the 32-bit VGPR part wrapping (a 64-bit address:
 * its high halves all equal). */
static LLVMValueRef
consecutive(struct jb *j, LLVMValueRef lo, LLVMValueRef hi, unsigned stride)
{
   LLVMBuilderRef B = j->b;
   LLVMTypeRef iN = LLVMIntTypeInContext(j->ctx, j->n);
   LLVMValueRef steps[SIM_MAX_LANES];
   for (unsigned l = 0; l < j->n; l++)
      steps[l] = c32(j, l * stride);
   LLVMValueRef lo0 = LLVMBuildExtractElement(B, lo, c32(j, 0), "");
   LLVMValueRef want = LLVMBuildAdd(B, splat(j, lo0), LLVMConstVector(steps, j->n), "");
   LLVMValueRef eq = LLVMBuildBitCast(B, LLVMBuildICmp(B, LLVMIntEQ, lo, want, ""), iN, "");
   LLVMValueRef ok = LLVMBuildICmp(B, LLVMIntEQ, eq, LLVMConstAllOnes(iN), "");
   LLVMValueRef last = LLVMBuildExtractElement(B, lo, c32(j, j->n - 1), "");
   ok = LLVMBuildAnd(B, ok, LLVMBuildICmp(B, LLVMIntUGE, last, lo0, ""), "");
   if (hi) {
      LLVMValueRef hi0 = LLVMBuildExtractElement(B, hi, c32(j, 0), "");
      LLVMValueRef heq =
         LLVMBuildBitCast(B, LLVMBuildICmp(B, LLVMIntEQ, hi, splat(j, hi0), ""), iN, "");
      ok = LLVMBuildAnd(B, ok, LLVMBuildICmp(B, LLVMIntEQ, heq, LLVMConstAllOnes(iN), ""), "");
   }
   LLVMValueRef exec = mask_int(j, SIM_SRC_EXEC_LO);
   return LLVMBuildAnd(B, ok, LLVMBuildICmp(B, LLVMIntEQ, exec, LLVMConstAllOnes(iN), ""), "");
}

/* The whole wave's dwords at host address p: a load splits lane-major
 * memory into registers, a store interleaves registers back into it. */
static void
wave_load(struct jb *j, LLVMValueRef p, unsigned n, LLVMValueRef *regs)
{
   LLVMTypeRef t = LLVMVectorType(j->i32, j->n * n);
   LLVMValueRef v =
      LLVMBuildLoad2(j->b, t, LLVMBuildPointerCast(j->b, p, LLVMPointerType(t, 0), ""), "");
   LLVMSetAlignment(v, 1);
   unsigned mask[SIM_MAX_LANES];
   for (unsigned i = 0; i < n; i++) {
      for (unsigned l = 0; l < j->n; l++)
         mask[l] = l * n + i;
      regs[i] = n == 1 ? v : shuffle(j, v, LLVMGetUndef(t), mask, j->n);
   }
}

static void
wave_store(struct jb *j, LLVMValueRef p, unsigned n, LLVMValueRef *regs)
{
   unsigned N = j->n, mask[4 * SIM_MAX_LANES];
   LLVMValueRef v = regs[0];
   if (n > 1) {
      /* registers 0-1 and 2-3 side by side, then lane-major */
      for (unsigned i = 0; i < 2 * N; i++)
         mask[i] = i;
      LLVMValueRef c01 = shuffle(j, regs[0], regs[1], mask, 2 * N);
      LLVMValueRef c23 = NULL;
      if (n > 2)
         c23 = shuffle(j, regs[2], n > 3 ? regs[3] : LLVMGetUndef(j->vi32), mask, 2 * N);
      for (unsigned l = 0; l < N; l++)
         for (unsigned i = 0; i < n; i++)
            mask[l * n + i] = i * N + l;
      v = shuffle(j, c01, c23 ? c23 : LLVMGetUndef(LLVMTypeOf(c01)), mask, N * n);
   }
   LLVMTypeRef t = LLVMTypeOf(v);
   LLVMValueRef st =
      LLVMBuildStore(j->b, v, LLVMBuildPointerCast(j->b, p, LLVMPointerType(t, 0), ""));
   LLVMSetAlignment(st, 1);
}

void
sim_jit_emit_mem(struct jb *j, const struct sim_inst *in)
{
   LLVMBuilderRef B = j->b;
   const struct sim_mem_op *m = &sim_mem_ops[in->op];
   const struct sim_flat_fields *f = &in->flat;
   bool store = m->kind == SIM_MEM_STORE;
   unsigned n = m->dwords;
   LLVMTypeRef ptr = LLVMPointerType(j->i32, 0), bptr = LLVMPointerType(j->i8, 0);
   mem_buffers(j);

   /* as x_flat_load/x_flat_store: the offset, sign-extended, goes to the
    * SGPR base or to each lane's 64-bit address */
   LLVMValueRef base = c64(j, (uint64_t)(int64_t)f->offset);
   LLVMValueRef lo = LLVMBuildLoad2(B, j->vi32, vgpr_slot(j, f->vaddr), ""), hi = NULL;
   if (f->saddr_off) {
      hi = LLVMBuildLoad2(B, j->vi32, vgpr_slot(j, (f->vaddr + 1) & 0xff), "");
   } else {
      unsigned s = f->saddr & 0x7e;
      LLVMValueRef lo32 = LLVMBuildZExt(B, get_sgpr(j, s), j->i64, "");
      LLVMValueRef hi32 = LLVMBuildZExt(B, get_sgpr(j, s + 1), j->i64, "");
      LLVMValueRef sb = LLVMBuildOr(B, lo32, LLVMBuildShl(B, hi32, c64(j, 32), ""), "");
      base = LLVMBuildAdd(B, sb, base, "");
   }
   LLVMValueRef data[4];
   if (store) {
      for (unsigned i = 0; i < n; i++)
         data[i] = LLVMBuildLoad2(B, j->vi32, vgpr_slot(j, (f->vdata + i) & 0xff), "");
   }

   LLVMBasicBlockRef range = LLVMAppendBasicBlockInContext(j->ctx, j->fn, "");
   LLVMBasicBlockRef whole = LLVMAppendBasicBlockInContext(j->ctx, j->fn, "");
   LLVMBasicBlockRef lanes = LLVMAppendBasicBlockInContext(j->ctx, j->fn, "");
   LLVMBasicBlockRef lanes_done = LLVMAppendBasicBlockInContext(j->ctx, j->fn, "");
   LLVMBasicBlockRef fault = LLVMAppendBasicBlockInContext(j->ctx, j->fn, "");
   LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(j->ctx, j->fn, "");

   /* All lanes on, one after another (a wave's coalesced access): the
    * whole range at once, if one mapping holds it. */
   LLVMBuildCondBr(B, consecutive(j, lo, hi, 4 * n), range, lanes);
   LLVMPositionBuilderAtEnd(B, range);
   LLVMValueRef a0 = LLVMBuildZExt(B, LLVMBuildExtractElement(B, lo, c32(j, 0), ""), j->i64, "");
   if (hi) {
      LLVMValueRef hi0 =
         LLVMBuildZExt(B, LLVMBuildExtractElement(B, hi, c32(j, 0), ""), j->i64, "");
      a0 = LLVMBuildOr(B, a0, LLVMBuildShl(B, hi0, c64(j, 32), ""), "");
   }
   LLVMTypeRef rparams[4] = { bptr, j->i64, j->i32, j->i32 };
   LLVMValueRef rargs[4] = { j->w, LLVMBuildAdd(B, a0, base, ""), c32(j, 4 * n * j->n),
                             c32(j, store) };
   LLVMValueRef p = call_helper(j, global_range, bptr, rparams, 4, rargs);
   LLVMBuildCondBr(B, LLVMBuildIsNotNull(B, p, ""), whole, lanes);

   LLVMPositionBuilderAtEnd(B, whole);
   if (store) {
      wave_store(j, p, n, data);
   } else {
      LLVMValueRef regs[4];
      wave_load(j, p, n, regs);
      for (unsigned i = 0; i < n; i++)
         put_vgpr(j, (f->vdst + i) & 0xff, regs[i]);
   }
   LLVMBuildBr(B, done);

   /* Lane by lane, through the buffers. */
   LLVMPositionBuilderAtEnd(B, lanes);
   LLVMSetAlignment(LLVMBuildStore(B, lo, buffer_reg(j, j->mem_lo, 0)), 64);
   LLVMValueRef hi_arg = LLVMConstNull(ptr);
   if (hi) {
      LLVMSetAlignment(LLVMBuildStore(B, hi, buffer_reg(j, j->mem_hi, 0)), 64);
      hi_arg = LLVMBuildPointerCast(B, j->mem_hi, ptr, "");
   }
   if (store) {
      for (unsigned i = 0; i < n; i++)
         LLVMSetAlignment(LLVMBuildStore(B, data[i], buffer_reg(j, j->mem_data, i)), 64);
   }
   LLVMValueRef exec = mask_int(j, SIM_SRC_EXEC_LO);
   if (j->n == 32)
      exec = LLVMBuildZExt(B, exec, j->i64, "");
   LLVMTypeRef params[7] = { bptr, j->i64, j->i64, ptr, ptr, ptr, j->i32 };
   LLVMValueRef args[7] = {
      j->w,      exec,
      base,      LLVMBuildPointerCast(B, j->mem_lo, ptr, ""),
      hi_arg,    LLVMBuildPointerCast(B, j->mem_data, ptr, ""),
      c32(j, n),
   };
   global_fn helper = store ? global_store : global_load;
   LLVMValueRef ok = call_helper(j, helper, j->i32, params, 7, args);
   LLVMBuildCondBr(B, LLVMBuildICmp(B, LLVMIntNE, ok, c32(j, 0), ""), lanes_done, fault);

   LLVMPositionBuilderAtEnd(B, fault);
   leave_before(j);

   LLVMPositionBuilderAtEnd(B, lanes_done);
   if (!store) {
      for (unsigned i = 0; i < n; i++) {
         LLVMValueRef v = LLVMBuildLoad2(B, j->vi32, buffer_reg(j, j->mem_data, i), "");
         LLVMSetAlignment(v, 64);
         put_vgpr(j, (f->vdst + i) & 0xff, v);
      }
   }
   LLVMBuildBr(B, done);
   LLVMPositionBuilderAtEnd(B, done);
}
