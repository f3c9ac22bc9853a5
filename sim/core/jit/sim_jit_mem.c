/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Memory instructions in translated regions: s_load, and the loads and
 * stores of FLAT, GLOBAL, SCRATCH and MUBUF (not atomics, formatted
 * buffers or LDS loads).  s_load, and GLOBAL's of one to four dwords per
 * lane with an SGPR-pair base plus a 32-bit VGPR offset or a 64-bit VGPR
 * address, are the region's own code; the others run the interpreter's
 * function.
 *
 * A GLOBAL access whose lanes are all on and evenly apart without
 * overlapping is one range: if one mapping holds it, the region moves it
 * with vector loads and stores, splitting lane-major memory into
 * registers or interleaving them back, where the lanes are consecutive (a
 * wave's coalesced load or store), or with a gather or scatter per
 * register where they are further apart (a vector type wider than the
 * instruction, or an array of structures).  Any other goes lane by lane
 * through a C helper, which gets the address registers (and a
 * store's data) in per-region buffers and returns a load's data the same
 * way, blended into the destination VGPRs under EXEC.  The other
 * accesses run the interpreter's own function, their registers spilled to
 * the wave and their destination reloaded from it.
 *
 * Before a byte moves, every active lane is looked up in the VM as the
 * interpreter's sim_vm_access does it (the wave's last mapping first,
 * then the sorted mappings, refilling the cache), with nothing raised
 * (sim_vm_probe; sim_flat_would_fault and sim_buf_would_fault for the
 * interpreter's functions, with their segments, bounds and swizzles):
 * when a lane would fault, memory and registers stay untouched and the
 * region leaves at that instruction with everything before it done.  The
 * interpreter then runs the instruction from the same state and reports
 * the fault (address, kind, instruction, the lanes before the faulting
 * one already done) exactly as it does without translation.  No host
 * signal is involved: kiln runs in other people's processes.
 */
#include <stdlib.h>

#include "sim_jit_priv.h"
#include "sim_mem.h"
#include "sim_vm_priv.h"

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
      p[l] = sim_vm_probe(w, a, bytes, write);
      if (!p[l])
         return false;
   }
   return true;
}

/* A wave's access lane by lane, as the interpreter moves it: a store's
 * lanes in order (where they overlap, the last one's bytes stay).
 * data[i * SIM_MAX_LANES + l] is dword i of lane l. */
static uint32_t
global_lanes(struct sim_wave *w, uint64_t exec, uint64_t base, const uint32_t *lo,
             const uint32_t *hi, uint32_t *data, uint32_t dwords, uint32_t store)
{
   uint8_t *p[SIM_MAX_LANES];
   if (!lane_hosts(w, exec, base, lo, hi, dwords * 4, store, p))
      return 0;
   SIM_FOREACH_LANE(l, exec)
   {
      for (unsigned i = 0; i < dwords; i++) {
         if (store)
            memcpy(p[l] + 4 * i, &data[i * SIM_MAX_LANES + l], 4);
         else
            memcpy(&data[i * SIM_MAX_LANES + l], p[l] + 4 * i, 4);
      }
   }
   return 1;
}

/* sim_vm_probe_in with the region's argument types (a bool is not an
 * i32 to the calling convention's callee). */
static void *
probe_in(struct sim_wave *w, struct sim_vm_cache *c, uint64_t va, uint32_t size, uint32_t write)
{
   return sim_vm_probe_in(w, c, va, size, write);
}

/* A MUBUF load or store, or a FLAT, GLOBAL or SCRATCH one other than
 * whole dwords from GLOBAL, runs the interpreter's own function on the
 * registers it reads, spilled to the wave, once sim_buf_would_fault or
 * sim_flat_would_fault found that no lane faults.  The instruction is the
 * translation's copy: the decode cache it came from belongs to one
 * dispatch. */
static uint32_t
interpreted_run(struct sim_wave *w, const struct sim_inst *in)
{
   if (in->format == SIM_FMT_MUBUF ? sim_buf_would_fault(w, in) : sim_flat_would_fault(w, in))
      return 0;
   in->exec(w, in);
   return 1;
}

/* The GLOBAL accesses the region moves itself. */
static bool
global_dwords(const struct sim_inst *in)
{
   const struct sim_mem_op *m = &sim_mem_ops[in->op];
   return in->format == SIM_FMT_GLOBAL && m->bytes == 4 && !m->d16 && m->dwords >= 1 &&
          m->dwords <= 4;
}

bool
sim_jit_mem_ok(const struct sim_inst *in)
{
   const struct sim_mem_op *m = &sim_mem_ops[in->op];
   if (m->kind != SIM_MEM_LOAD && m->kind != SIM_MEM_STORE)
      return false;
   if (in->format == SIM_FMT_MUBUF) {
      /* the scalar offset is an SGPR or a constant: nothing else the
       * interpreter would read from the wave */
      unsigned so = in->buf.soffset;
      return !in->buf.lds && !in->buf.tfe &&
             (so < SIM_NUM_SGPR_SLOTS || sim_src_is_inline(so) || so == SIM_SRC_LITERAL);
   }
   bool flat =
      in->format == SIM_FMT_FLAT || in->format == SIM_FMT_GLOBAL || in->format == SIM_FMT_SCRATCH;
   return flat && !in->flat.lds && (m->bytes == 4 ? m->dwords >= 1 && m->dwords <= 4 : true);
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

/* The host address of a whole wave's access [va, va + size) (size an
 * i32), or NULL when one mapping does not hold it all: the instruction's
 * own cache in the wave checked inline, sim_vm_probe_in on a miss. */
static LLVMValueRef
probe(struct jb *j, LLVMValueRef va, LLVMValueRef size, bool write)
{
   LLVMBuilderRef B = j->b;
   LLVMTypeRef bptr = LLVMPointerType(j->i8, 0);
   size_t at = offsetof(struct sim_wave, jit_vmc[j->index % SIM_JIT_VM_CACHES]);
   LLVMValueRef cva = LLVMBuildLoad2(B, j->i64, wave_ptr(j, B, at, j->i64), "");
   LLVMValueRef cend = LLVMBuildLoad2(
      B, j->i64, wave_ptr(j, B, at + offsetof(struct sim_vm_cache, end), j->i64), "");
   LLVMValueRef end = LLVMBuildAdd(B, va, LLVMBuildZExt(B, size, j->i64, ""), "");
   LLVMValueRef hit = LLVMBuildICmp(B, LLVMIntUGE, va, cva, "");
   hit = LLVMBuildAnd(B, hit, LLVMBuildICmp(B, LLVMIntULE, end, cend, ""), "");
   hit = LLVMBuildAnd(B, hit, LLVMBuildICmp(B, LLVMIntUGT, end, va, ""), "");
   if (write) {
      LLVMValueRef flags = LLVMBuildLoad2(
         B, j->i32, wave_ptr(j, B, at + offsetof(struct sim_vm_cache, flags), j->i32), "");
      flags = LLVMBuildAnd(B, flags, c32(j, KILN_SIM_MAP_WRITE), "");
      hit = LLVMBuildAnd(B, hit, LLVMBuildICmp(B, LLVMIntNE, flags, c32(j, 0), ""), "");
   }
   LLVMBasicBlockRef from = LLVMGetInsertBlock(B);
   LLVMBasicBlockRef miss = LLVMAppendBasicBlockInContext(j->ctx, j->fn, "");
   LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(j->ctx, j->fn, "");
   LLVMValueRef host =
      LLVMBuildLoad2(B, bptr, wave_ptr(j, B, at + offsetof(struct sim_vm_cache, host), bptr), "");
   LLVMValueRef off = LLVMBuildSub(B, va, cva, "");
   LLVMValueRef fast = LLVMBuildGEP2(B, j->i8, host, &off, 1, "");
   LLVMBuildCondBr(B, hit, done, miss);

   LLVMPositionBuilderAtEnd(B, miss);
   LLVMTypeRef params[5] = { bptr, bptr, j->i64, j->i32, j->i32 };
   LLVMValueRef args[5] = { j->w, wave_ptr(j, B, at, j->i8), va, size, c32(j, write) };
   LLVMValueRef slow = call_helper(j, probe_in, bptr, params, 5, args);
   LLVMBuildBr(B, done);

   LLVMPositionBuilderAtEnd(B, done);
   LLVMValueRef p = LLVMBuildPhi(B, bptr, "");
   LLVMValueRef in_v[2] = { fast, slow };
   LLVMBasicBlockRef in_b[2] = { from, miss };
   LLVMAddIncoming(p, in_v, in_b, 2);
   return p;
}

static LLVMValueRef
shuffle(struct jb *j, LLVMValueRef a, LLVMValueRef b, const unsigned *mask, unsigned n)
{
   LLVMValueRef m[4 * SIM_MAX_LANES];
   for (unsigned i = 0; i < n; i++)
      m[i] = c32(j, mask[i]);
   return LLVMBuildShuffleVector(j->b, a, b, LLVMConstVector(m, n), "");
}

/* Lanes this far apart or further are left to the lane-by-lane path, so
 * that a wave's span (stride times 63, plus 16 bytes) is a positive
 * 32-bit offset, which a gather takes as its index. */
#define MAX_STRIDE (1u << 24)

/* Whether every lane is active and lane l's address is lane 0's plus
 * l * stride, with stride (lane 1's offset less lane 0's) at least the
 * access's size, so that no two lanes overlap, and the 32-bit VGPR
 * part not wrapping (a 64-bit address: its high halves all equal).
 * *stride gets the stride. */
static LLVMValueRef
strided(struct jb *j, LLVMValueRef lo, LLVMValueRef hi, unsigned bytes, LLVMValueRef *stride)
{
   LLVMBuilderRef B = j->b;
   LLVMTypeRef iN = LLVMIntTypeInContext(j->ctx, j->n);
   LLVMValueRef steps[SIM_MAX_LANES];
   for (unsigned l = 0; l < j->n; l++)
      steps[l] = c32(j, l);
   LLVMValueRef lo0 = LLVMBuildExtractElement(B, lo, c32(j, 0), "");
   LLVMValueRef s = LLVMBuildSub(B, LLVMBuildExtractElement(B, lo, c32(j, 1), ""), lo0, "");
   LLVMValueRef want = LLVMBuildAdd(
      B, splat(j, lo0), LLVMBuildMul(B, splat(j, s), LLVMConstVector(steps, j->n), ""), "");
   LLVMValueRef eq = LLVMBuildBitCast(B, LLVMBuildICmp(B, LLVMIntEQ, lo, want, ""), iN, "");
   LLVMValueRef ok = LLVMBuildICmp(B, LLVMIntEQ, eq, LLVMConstAllOnes(iN), "");
   ok = LLVMBuildAnd(B, ok, LLVMBuildICmp(B, LLVMIntUGE, s, c32(j, bytes), ""), "");
   ok = LLVMBuildAnd(B, ok, LLVMBuildICmp(B, LLVMIntULT, s, c32(j, MAX_STRIDE), ""), "");
   LLVMValueRef last = LLVMBuildExtractElement(B, lo, c32(j, j->n - 1), "");
   ok = LLVMBuildAnd(B, ok, LLVMBuildICmp(B, LLVMIntUGE, last, lo0, ""), "");
   if (hi) {
      LLVMValueRef hi0 = LLVMBuildExtractElement(B, hi, c32(j, 0), "");
      LLVMValueRef heq =
         LLVMBuildBitCast(B, LLVMBuildICmp(B, LLVMIntEQ, hi, splat(j, hi0), ""), iN, "");
      ok = LLVMBuildAnd(B, ok, LLVMBuildICmp(B, LLVMIntEQ, heq, LLVMConstAllOnes(iN), ""), "");
   }
   LLVMValueRef exec = mask_int(j, SIM_SRC_EXEC_LO);
   *stride = s;
   return LLVMBuildAnd(B, ok, LLVMBuildICmp(B, LLVMIntEQ, exec, LLVMConstAllOnes(iN), ""), "");
}

/* Lane l's dword i of a strided access at host address p: p + l * stride
 * + 4 * i, for every lane. */
static LLVMValueRef
lane_ptrs(struct jb *j, LLVMValueRef p, LLVMValueRef stride, unsigned i)
{
   LLVMBuilderRef B = j->b;
   LLVMValueRef steps[SIM_MAX_LANES];
   for (unsigned l = 0; l < j->n; l++)
      steps[l] = c32(j, l);
   LLVMValueRef off = LLVMBuildMul(B, splat(j, stride), LLVMConstVector(steps, j->n), "");
   off = LLVMBuildAdd(B, off, splat(j, c32(j, 4 * i)), "");
   LLVMValueRef ptrs = LLVMBuildGEP2(B, j->i8, p, &off, 1, "");
   return LLVMBuildPointerCast(B, ptrs, LLVMVectorType(LLVMPointerType(j->i32, 0), j->n), "");
}

/* The wave's dwords of a strided access whose lanes do not overlap: one
 * gather (or scatter) per register. */
static void
wave_gather(struct jb *j, LLVMValueRef p, LLVMValueRef stride, unsigned n, LLVMValueRef *regs)
{
   for (unsigned i = 0; i < n; i++) {
      LLVMValueRef ptrs = lane_ptrs(j, p, stride, i);
      LLVMTypeRef types[2] = { j->vi32, LLVMTypeOf(ptrs) };
      LLVMValueRef args[4] = { ptrs, c32(j, 1), LLVMConstAllOnes(j->vi1), LLVMGetUndef(j->vi32) };
      regs[i] = sim_jit_call_intrinsic(j, "llvm.masked.gather", types, 2, args, 4, false);
   }
}

static void
wave_scatter(struct jb *j, LLVMValueRef p, LLVMValueRef stride, unsigned n, LLVMValueRef *regs)
{
   for (unsigned i = 0; i < n; i++) {
      LLVMValueRef ptrs = lane_ptrs(j, p, stride, i);
      LLVMTypeRef types[2] = { j->vi32, LLVMTypeOf(ptrs) };
      LLVMValueRef args[4] = { regs[i], ptrs, c32(j, 1), LLVMConstAllOnes(j->vi1) };
      sim_jit_call_intrinsic(j, "llvm.masked.scatter", types, 2, args, 4, false);
   }
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

static void
spill_sgpr(struct jb *j, unsigned r)
{
   LLVMBuildStore(j->b, get_sgpr(j, r),
                  wave_ptr(j, j->b, offsetof(struct sim_wave, sgpr) + 4 * r, j->i32));
}

static void
spill_vgpr(struct jb *j, unsigned r)
{
   LLVMValueRef v = LLVMBuildLoad2(j->b, j->vi32, vgpr_slot(j, r), "");
   LLVMValueRef st = LLVMBuildStore(
      j->b, v, wave_ptr(j, j->b, offsetof(struct sim_wave, vgpr) + 256 * r, j->vi32));
   LLVMSetAlignment(st, 4);
}

/* The registers the interpreter's function reads (spilled before it
 * runs) and the VGPRs it writes (reloaded after). */
struct interp_regs {
   unsigned sgpr[8], vgpr[8], dst[4];
   unsigned nsgpr, nvgpr, ndst;
};

static void
interp_regs(const struct sim_inst *in, struct interp_regs *r)
{
   const struct sim_mem_op *m = &sim_mem_ops[in->op];
   unsigned n = m->bytes == 4 ? m->dwords : 1;
   bool load = m->kind == SIM_MEM_LOAD;
   memset(r, 0, sizeof(*r));
   r->sgpr[r->nsgpr++] = SIM_SRC_EXEC_LO;
   r->sgpr[r->nsgpr++] = SIM_SRC_EXEC_HI;
   unsigned data;
   if (in->format == SIM_FMT_MUBUF) {
      const struct sim_buf_fields *f = &in->buf;
      for (unsigned i = 0; i < 4; i++)
         r->sgpr[r->nsgpr++] = (f->srsrc & 0x7c) + i;
      if (f->soffset < SIM_NUM_SGPR_SLOTS)
         r->sgpr[r->nsgpr++] = f->soffset;
      for (unsigned i = 0; i < (unsigned)f->idxen + f->offen; i++)
         r->vgpr[r->nvgpr++] = (f->vaddr + i) & 0xff;
      data = f->vdata;
   } else {
      /* the SGPR base (GLOBAL) or offset (SCRATCH) and a 64-bit address
       * pair, read or not */
      const struct sim_flat_fields *f = &in->flat;
      r->sgpr[r->nsgpr++] = in->format == SIM_FMT_SCRATCH ? f->saddr & 0x7f : f->saddr & 0x7e;
      if (in->format != SIM_FMT_SCRATCH)
         r->sgpr[r->nsgpr++] = (f->saddr & 0x7e) + 1;
      r->vgpr[r->nvgpr++] = f->vaddr;
      r->vgpr[r->nvgpr++] = (f->vaddr + 1) & 0xff;
      data = load ? f->vdst : f->vdata;
   }
   /* a load's destination too: it writes only the active lanes (d16
    * half a register) */
   for (unsigned i = 0; i < n; i++) {
      r->vgpr[r->nvgpr++] = (data + i) & 0xff;
      if (load)
         r->dst[r->ndst++] = (data + i) & 0xff;
   }
}

static void
emit_interpreted(struct jb *j, const struct sim_inst *in)
{
   LLVMBuilderRef B = j->b;
   struct interp_regs r;
   interp_regs(in, &r);
   for (unsigned i = 0; i < r.nsgpr; i++)
      spill_sgpr(j, r.sgpr[i]);
   for (unsigned i = 0; i < r.nvgpr; i++)
      spill_vgpr(j, r.vgpr[i]);

   struct sim_inst *copy = malloc(sizeof(*copy));
   if (copy)
      *copy = *in;
   LLVMTypeRef bptr = LLVMPointerType(j->i8, 0);
   LLVMTypeRef params[2] = { bptr, bptr };
   LLVMValueRef args[2] = { j->w, LLVMConstIntToPtr(c64(j, (uint64_t)(uintptr_t)copy), bptr) };
   LLVMValueRef ok = copy ? call_helper(j, interpreted_run, j->i32, params, 2, args) : c32(j, 0);

   LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(j->ctx, j->fn, "");
   LLVMBasicBlockRef fault = LLVMAppendBasicBlockInContext(j->ctx, j->fn, "");
   LLVMBuildCondBr(B, LLVMBuildICmp(B, LLVMIntNE, ok, c32(j, 0), ""), done, fault);
   LLVMPositionBuilderAtEnd(B, fault);
   leave_before(j);
   LLVMPositionBuilderAtEnd(B, done);
   for (unsigned i = 0; i < r.ndst; i++) {
      unsigned v = r.dst[i];
      LLVMValueRef x = LLVMBuildLoad2(
         B, j->vi32, wave_ptr(j, B, offsetof(struct sim_wave, vgpr) + 256 * v, j->vi32), "");
      LLVMSetAlignment(x, 4);
      LLVMBuildStore(B, x, vgpr_slot(j, v));
      j->vgpr_w[v] = true;
   }
}

bool
sim_jit_smem_ok(const struct sim_inst *in)
{
   return in->format == SIM_FMT_SMEM && in->smem.sbase < SIM_NUM_SGPR_SLOTS - 1 &&
          (in->smem.soffset == SIM_SRC_NULL || in->smem.soffset < SIM_NUM_SGPR_SLOTS);
}

/* As x_s_load: a 48-bit SGPR-pair base plus the immediate and SGPR
 * offsets, dword aligned; the whole range is probed first. */
void
sim_jit_emit_smem(struct jb *j, const struct sim_inst *in)
{
   LLVMBuilderRef B = j->b;
   const struct sim_smem_fields *f = &in->smem;
   unsigned n = sim_opcodes[in->op].data_dwords;
   LLVMValueRef lo = LLVMBuildZExt(B, get_sgpr(j, f->sbase), j->i64, "");
   LLVMValueRef hi = LLVMBuildAnd(B, get_sgpr(j, f->sbase + 1), c32(j, 0xffff), "");
   LLVMValueRef base =
      LLVMBuildOr(B, lo, LLVMBuildShl(B, LLVMBuildZExt(B, hi, j->i64, ""), c64(j, 32), ""), "");
   LLVMValueRef off = c32(j, (uint32_t)f->offset);
   if (f->soffset != SIM_SRC_NULL)
      off = LLVMBuildAdd(B, off, get_sgpr(j, f->soffset & 0x7f), "");
   LLVMValueRef va = LLVMBuildAdd(B, base, LLVMBuildZExt(B, off, j->i64, ""), "");
   va = LLVMBuildAnd(B, va, c64(j, ~3ull), "");

   LLVMValueRef p = probe(j, va, c32(j, 4 * n), false);
   LLVMBasicBlockRef fault = LLVMAppendBasicBlockInContext(j->ctx, j->fn, "");
   LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(j->ctx, j->fn, "");
   LLVMBuildCondBr(B, LLVMBuildIsNull(B, p, ""), fault, done);
   LLVMPositionBuilderAtEnd(B, fault);
   leave_before(j);
   LLVMPositionBuilderAtEnd(B, done);
   LLVMTypeRef t = LLVMVectorType(j->i32, n);
   LLVMValueRef v = LLVMBuildLoad2(B, t, LLVMBuildPointerCast(B, p, LLVMPointerType(t, 0), ""), "");
   LLVMSetAlignment(v, 4);
   for (unsigned i = 0; i < n; i++)
      put_sgpr(j, f->sdata + i, LLVMBuildExtractElement(B, v, c32(j, i), ""));
}

void
sim_jit_emit_mem(struct jb *j, const struct sim_inst *in)
{
   if (!global_dwords(in)) {
      emit_interpreted(j, in);
      return;
   }
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
   LLVMBasicBlockRef mapped = LLVMAppendBasicBlockInContext(j->ctx, j->fn, "");
   LLVMBasicBlockRef whole = LLVMAppendBasicBlockInContext(j->ctx, j->fn, "");
   LLVMBasicBlockRef gather = LLVMAppendBasicBlockInContext(j->ctx, j->fn, "");
   LLVMBasicBlockRef lanes = LLVMAppendBasicBlockInContext(j->ctx, j->fn, "");
   LLVMBasicBlockRef lanes_done = LLVMAppendBasicBlockInContext(j->ctx, j->fn, "");
   LLVMBasicBlockRef fault = LLVMAppendBasicBlockInContext(j->ctx, j->fn, "");
   LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(j->ctx, j->fn, "");

   /* All lanes on, evenly apart without overlapping (a wave's coalesced
    * access, or one of a vector type wider than the instruction): the
    * whole span at once, if one mapping holds it. */
   LLVMValueRef stride;
   LLVMBuildCondBr(B, strided(j, lo, hi, 4 * n, &stride), range, lanes);
   LLVMPositionBuilderAtEnd(B, range);
   LLVMValueRef a0 = LLVMBuildZExt(B, LLVMBuildExtractElement(B, lo, c32(j, 0), ""), j->i64, "");
   if (hi) {
      LLVMValueRef hi0 =
         LLVMBuildZExt(B, LLVMBuildExtractElement(B, hi, c32(j, 0), ""), j->i64, "");
      a0 = LLVMBuildOr(B, a0, LLVMBuildShl(B, hi0, c64(j, 32), ""), "");
   }
   LLVMValueRef span =
      LLVMBuildAdd(B, LLVMBuildMul(B, stride, c32(j, j->n - 1), ""), c32(j, 4 * n), "");
   LLVMValueRef p = probe(j, LLVMBuildAdd(B, a0, base, ""), span, store);
   LLVMBuildCondBr(B, LLVMBuildIsNotNull(B, p, ""), mapped, lanes);

   /* one after another: vector loads and stores of the span */
   LLVMPositionBuilderAtEnd(B, mapped);
   LLVMBuildCondBr(B, LLVMBuildICmp(B, LLVMIntEQ, stride, c32(j, 4 * n), ""), whole, gather);
   LLVMValueRef regs[2][4];
   LLVMPositionBuilderAtEnd(B, whole);
   if (store)
      wave_store(j, p, n, data);
   else
      wave_load(j, p, n, regs[0]);
   LLVMBuildBr(B, done);

   /* further apart: a gather or scatter per register */
   LLVMPositionBuilderAtEnd(B, gather);
   if (store)
      wave_scatter(j, p, stride, n, data);
   else
      wave_gather(j, p, stride, n, regs[1]);
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
   LLVMValueRef lo_arg = LLVMBuildPointerCast(B, j->mem_lo, ptr, "");
   LLVMValueRef data_arg = LLVMBuildPointerCast(B, j->mem_data, ptr, "");
   LLVMTypeRef params[8] = { bptr, j->i64, j->i64, ptr, ptr, ptr, j->i32, j->i32 };
   LLVMValueRef args[8] = { j->w, exec, base, lo_arg, hi_arg, data_arg, c32(j, n), c32(j, store) };
   LLVMValueRef ok = call_helper(j, global_lanes, j->i32, params, 8, args);
   LLVMBuildCondBr(B, LLVMBuildICmp(B, LLVMIntNE, ok, c32(j, 0), ""), lanes_done, fault);

   LLVMPositionBuilderAtEnd(B, fault);
   leave_before(j);

   LLVMPositionBuilderAtEnd(B, lanes_done);
   LLVMValueRef from_lanes[4];
   for (unsigned i = 0; !store && i < n; i++) {
      from_lanes[i] = LLVMBuildLoad2(B, j->vi32, buffer_reg(j, j->mem_data, i), "");
      LLVMSetAlignment(from_lanes[i], 64);
   }
   LLVMBuildBr(B, done);

   /* a load's registers, from whichever path moved them (the phis
    * first: they lead the block) */
   LLVMPositionBuilderAtEnd(B, done);
   LLVMValueRef v[4];
   for (unsigned i = 0; !store && i < n; i++) {
      v[i] = LLVMBuildPhi(B, j->vi32, "");
      LLVMValueRef in_v[3] = { regs[0][i], regs[1][i], from_lanes[i] };
      LLVMBasicBlockRef in_b[3] = { whole, gather, lanes_done };
      LLVMAddIncoming(v[i], in_v, in_b, 3);
   }
   for (unsigned i = 0; !store && i < n; i++)
      put_vgpr(j, (f->vdst + i) & 0xff, v[i]);
}
