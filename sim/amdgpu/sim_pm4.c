/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * PM4 command processor of the emulated gfx1030 (see sim_pm4.h).
 *
 * Packets are looked up in a table keyed by the type-3 opcode; each entry
 * names the packet, gives the smallest body it may have and points at one
 * small function for its semantics.  A packet the table does not know
 * stops the IB with an error naming the opcode and its address: skipping
 * it would silently drop work the driver asked for, which the real CP
 * never does (it hangs, and the kernel blames the context).
 *
 * Register offsets, packet numbers and field layouts all come from Mesa's
 * sid.h and the generated amdgfxregs.h.  Execution is synchronous, so the
 * cache-control parts of ACQUIRE_MEM / RELEASE_MEM / EVENT_WRITE are no-ops
 * and every fence is written as soon as its packet is reached.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sid.h"
#include "sim_pm4.h"
#include "util/macros.h"

#define SH_INDEX(reg)     (((reg)-SI_SH_REG_OFFSET) / 4)
#define SH_REG(regs, reg) ((regs)[SH_INDEX(reg)])

/* The hardware has a ring, IB1 and IB2; a third level does not exist. */
#define PM4_MAX_IB_DEPTH          2
#define PM4_DEFAULT_PACKET_BUDGET (1ull << 26)

struct pm4_run {
   struct sim_pm4 *cp;
   struct kiln_sim_fault *fault;
   uint64_t packet_va; /* address of the packet being executed */
   const char *packet; /* its name */
   uint64_t packets_left;
   unsigned depth;
   bool chain; /* INDIRECT_BUFFER with CHAIN: replace this IB */
   uint64_t chain_va;
   uint32_t chain_dw;
};

typedef int (*pm4_exec_fn)(struct pm4_run *run, const uint32_t *body, unsigned ndw);

struct pm4_packet {
   const char *name;
   unsigned min_dw; /* smallest body, in dwords (header count + 1) */
   pm4_exec_fn exec;
};

static int PRINTFLIKE(3, 4)
   pm4_error(struct pm4_run *run, enum kiln_sim_fault_kind kind, const char *fmt, ...)
{
   struct kiln_sim_fault *f = run->fault;
   char what[200];
   va_list ap;

   va_start(ap, fmt);
   vsnprintf(what, sizeof(what), fmt, ap);
   va_end(ap);

   memset(f, 0, sizeof(*f));
   f->kind = kind;
   f->pc = run->packet_va;
   snprintf(f->instruction, sizeof(f->instruction), "PM4 %s", run->packet ? run->packet : "header");
   snprintf(f->message, sizeof(f->message), "command processor: %s (packet at 0x%" PRIx64 ")", what,
            run->packet_va);
   switch (kind) {
   case KILN_SIM_FAULT_VM:
      return -EFAULT;
   case KILN_SIM_FAULT_HANG:
      return -ETIME;
   default:
      return -EINVAL;
   }
}

static int
pm4_vm_fault(struct pm4_run *run, uint64_t va, bool write)
{
   int r = pm4_error(run, KILN_SIM_FAULT_VM, "%s %s unmapped%s address 0x%" PRIx64,
                     run->packet ? run->packet : "IB fetch", write ? "writes" : "reads",
                     write ? " or read-only" : "", va);
   run->fault->address = va;
   run->fault->write = write;
   return r;
}

/* Memory access: one translation when the range lies in one mapping, dword
 * by dword when it straddles two adjacent ones. */
static int
pm4_access(struct pm4_run *run, uint64_t va, void *data, uint64_t size, bool write)
{
   const struct sim_pm4_env *env = &run->cp->env;
   va = sim_pm4_canonical_va(va);

   void *host = env->translate(env->data, va, size, write);
   if (host) {
      if (write)
         memcpy(host, data, size);
      else
         memcpy(data, host, size);
      return 0;
   }

   for (uint64_t off = 0; off < size; off += 4) {
      uint64_t n = MIN2(4, size - off);
      host = env->translate(env->data, va + off, n, write);
      if (!host)
         return pm4_vm_fault(run, va + off, write);
      if (write)
         memcpy(host, (uint8_t *)data + off, n);
      else
         memcpy((uint8_t *)data + off, host, n);
   }
   return 0;
}

static int
pm4_write(struct pm4_run *run, uint64_t va, const void *data, uint64_t size)
{
   return pm4_access(run, va, (void *)data, size, true);
}

static int
pm4_read(struct pm4_run *run, uint64_t va, void *data, uint64_t size)
{
   return pm4_access(run, va, data, size, false);
}

static uint64_t
pm4_timestamp(struct pm4_run *run)
{
   const struct sim_pm4_env *env = &run->cp->env;
   return env->timestamp ? env->timestamp(env->data) : 0;
}

/* Register writes from SET_*_REG / WRITE_DATA / COPY_DATA.  Only the SH
 * space is kept: it is all a compute dispatch reads.  Config, uconfig and
 * context registers are accepted (drivers program them in preambles) and
 * have no effect on compute. */
static int
pm4_write_reg(struct pm4_run *run, uint32_t byte_offset, uint32_t value)
{
   if (byte_offset >= SI_SH_REG_OFFSET && byte_offset < SI_SH_REG_END) {
      run->cp->sh_regs[SH_INDEX(byte_offset)] = value;
      return 0;
   }
   if ((byte_offset >= SI_CONFIG_REG_OFFSET && byte_offset < SI_CONFIG_REG_END) ||
       (byte_offset >= SI_CONTEXT_REG_OFFSET && byte_offset < SI_CONTEXT_REG_END) ||
       (byte_offset >= CIK_UCONFIG_REG_OFFSET && byte_offset < CIK_UCONFIG_REG_END))
      return 0;
   return pm4_error(run, KILN_SIM_FAULT_INVALID,
                    "%s writes register 0x%05x outside the config, SH, "
                    "context and uconfig spaces",
                    run->packet, byte_offset);
}

static int
pm4_read_reg(struct pm4_run *run, uint32_t byte_offset, uint32_t *value)
{
   if (byte_offset >= SI_SH_REG_OFFSET && byte_offset < SI_SH_REG_END) {
      *value = run->cp->sh_regs[SH_INDEX(byte_offset)];
      return 0;
   }
   return pm4_error(run, KILN_SIM_FAULT_INVALID,
                    "%s reads register 0x%05x, which the emulated CP does "
                    "not keep",
                    run->packet, byte_offset);
}

/* ---- register packets ---------------------------------------------- */

static int
pm4_set_regs(struct pm4_run *run, const uint32_t *body, unsigned ndw, uint32_t base, uint32_t end)
{
   /* Bits 15:0 are the dword offset into the space; 31:28 an index the
    * CP uses for special registers (e.g. SET_SH_REG_INDEX), ignored. */
   uint32_t first = base + (body[0] & 0xffff) * 4;
   uint32_t count = ndw - 1;

   if (first + count * 4 > end)
      return pm4_error(run, KILN_SIM_FAULT_INVALID,
                       "%s of %u registers at 0x%05x runs past the end of "
                       "its space (0x%05x)",
                       run->packet, count, first, end);
   for (uint32_t i = 0; i < count; i++) {
      int r = pm4_write_reg(run, first + i * 4, body[1 + i]);
      if (r)
         return r;
   }
   return 0;
}

/* SET_*_REG: a run of registers of one space. */
#define PM4_SET_REGS(name, base, end)                                                              \
   static int name(struct pm4_run *run, const uint32_t *body, unsigned ndw)                        \
   {                                                                                               \
      return pm4_set_regs(run, body, ndw, base, end);                                              \
   }
PM4_SET_REGS(pm4_set_sh_reg, SI_SH_REG_OFFSET, SI_SH_REG_END)
PM4_SET_REGS(pm4_set_uconfig_reg, CIK_UCONFIG_REG_OFFSET, CIK_UCONFIG_REG_END)
PM4_SET_REGS(pm4_set_config_reg, SI_CONFIG_REG_OFFSET, SI_CONFIG_REG_END)
PM4_SET_REGS(pm4_set_context_reg, SI_CONTEXT_REG_OFFSET, SI_CONTEXT_REG_END)

/* ---- packets with no effect on a synchronous, coherent machine ------- */

static int
pm4_no_effect(struct pm4_run *run, const uint32_t *body, unsigned ndw)
{
   return 0;
}

/* ---- dispatches ---------------------------------------------------- */

int
sim_pm4_build_dispatch(const uint32_t *sh_regs, const uint32_t dim[3], uint32_t initiator,
                       struct kiln_sim_dispatch *out, char *err, unsigned err_size)
{
   static const uint32_t num_thread_reg[3] = {
      R_00B81C_COMPUTE_NUM_THREAD_X,
      R_00B820_COMPUTE_NUM_THREAD_Y,
      R_00B824_COMPUTE_NUM_THREAD_Z,
   };
   static const uint32_t start_reg[3] = {
      R_00B810_COMPUTE_START_X,
      R_00B814_COMPUTE_START_Y,
      R_00B818_COMPUTE_START_Z,
   };
   const bool thread_dims = G_00B800_USE_THREAD_DIMENSIONS(initiator);
   const bool partial_en = G_00B800_PARTIAL_TG_EN(initiator);
   const bool start_at_0 = G_00B800_FORCE_START_AT_000(initiator);

   memset(out, 0, sizeof(*out));

   uint64_t pgm = SH_REG(sh_regs, R_00B830_COMPUTE_PGM_LO) |
                  (uint64_t)G_00B834_DATA(SH_REG(sh_regs, R_00B834_COMPUTE_PGM_HI)) << 32;
   out->pgm_va = sim_pm4_canonical_va(pgm << 8);
   out->rsrc1 = SH_REG(sh_regs, R_00B848_COMPUTE_PGM_RSRC1);
   out->rsrc2 = SH_REG(sh_regs, R_00B84C_COMPUTE_PGM_RSRC2);
   out->rsrc3 = SH_REG(sh_regs, R_00B8A0_COMPUTE_PGM_RSRC3);
   for (unsigned i = 0; i < 16; i++)
      out->user_data[i] = SH_REG(sh_regs, R_00B900_COMPUTE_USER_DATA_0 + 4 * i);
   uint64_t scratch =
      SH_REG(sh_regs, R_00B840_COMPUTE_DISPATCH_SCRATCH_BASE_LO) |
      (uint64_t)G_00B844_DATA(SH_REG(sh_regs, R_00B844_COMPUTE_DISPATCH_SCRATCH_BASE_HI)) << 32;
   out->scratch_va = scratch ? sim_pm4_canonical_va(scratch << 8) : 0;
   out->tmpring_size = SH_REG(sh_regs, R_00B860_COMPUTE_TMPRING_SIZE);
   out->wave_size = G_00B800_CS_W32_EN(initiator) ? 32 : 64;

   for (unsigned i = 0; i < 3; i++) {
      uint32_t nt = SH_REG(sh_regs, num_thread_reg[i]);
      /* NUM_THREAD_FULL is 16 bits in X, Y and Z alike on gfx10. */
      uint32_t full = i == 2 ? G_00B824_NUM_THREAD_FULL(nt) : G_00B81C_NUM_THREAD_FULL_GFX6(nt);
      uint32_t partial = G_00B81C_NUM_THREAD_PARTIAL(nt);
      uint32_t start = start_at_0 ? 0 : SH_REG(sh_regs, start_reg[i]);

      if (!full) {
         snprintf(err, err_size, "dispatch with COMPUTE_NUM_THREAD_%c.NUM_THREAD_FULL = 0",
                  'X' + i);
         return -EINVAL;
      }
      out->group_size[i] = full;
      out->group_start[i] = start;

      /* DIM is where the dispatch ends (COMPUTE_START is where it
       * begins), in thread groups, or in threads with
       * USE_THREAD_DIMENSIONS, in which case the CP sizes the last group
       * itself. */
      uint32_t end, last;
      if (thread_dims) {
         end = dim[i] / full + (dim[i] % full != 0);
         last = dim[i] % full;
      } else {
         end = dim[i];
         last = partial_en && partial < full ? partial : 0;
      }
      out->group_count[i] = end > start ? end - start : 0;
      out->partial_size[i] = last;
   }
   if (!out->group_count[0] || !out->group_count[1] || !out->group_count[2])
      memset(out->group_count, 0, sizeof(out->group_count));
   return 0;
}

static int
pm4_dispatch(struct pm4_run *run, const uint32_t dim[3], uint32_t initiator)
{
   struct sim_pm4 *cp = run->cp;
   struct kiln_sim_dispatch d;
   char err[160];

   /* With COMPUTE_SHADER_EN clear the CP launches nothing. */
   if (!G_00B800_COMPUTE_SHADER_EN(initiator))
      return 0;

   if (sim_pm4_build_dispatch(cp->sh_regs, dim, initiator, &d, err, sizeof(err)))
      return pm4_error(run, KILN_SIM_FAULT_INVALID, "%s", err);
   if (!d.group_count[0])
      return 0;

   cp->dispatch_count++;
   if (!cp->env.dispatch)
      return pm4_error(run, KILN_SIM_FAULT_INVALID, "%s without a shader engine", run->packet);

   int r = cp->env.dispatch(cp->env.data, &d, run->fault);
   if (r && run->fault->kind == KILN_SIM_OK)
      return pm4_error(run, KILN_SIM_FAULT_INVALID, "the shader engine rejected the dispatch (%s)",
                       strerror(-r));
   return r;
}

static int
pm4_dispatch_direct(struct pm4_run *run, const uint32_t *body, unsigned ndw)
{
   return pm4_dispatch(run, body, body[3]);
}

static int
pm4_dispatch_indirect(struct pm4_run *run, const uint32_t *body, unsigned ndw)
{
   uint64_t va;
   uint32_t initiator, dim[3];

   /* The graphics ME takes an offset from SET_BASE(INDIRECT_BASE); the
    * compute MEC takes the 64-bit address in the packet. */
   if (ndw >= 3) {
      va = body[0] | (uint64_t)body[1] << 32;
      initiator = body[2];
   } else {
      va = run->cp->indirect_base + body[0];
      initiator = body[1];
   }
   if (va & 3)
      return pm4_error(run, KILN_SIM_FAULT_INVALID,
                       "DISPATCH_INDIRECT arguments at unaligned address 0x%" PRIx64, va);
   int r = pm4_read(run, va, dim, sizeof(dim));
   if (r)
      return r;
   return pm4_dispatch(run, dim, initiator);
}

static int
pm4_set_base(struct pm4_run *run, const uint32_t *body, unsigned ndw)
{
   /* BASE_INDEX 1 is the indirect draw/dispatch base; the others (GDS
    * partition, CE partition) mean nothing to compute. */
   uint32_t index = body[0] & 0xf;
   if (index != 1)
      return pm4_error(run, KILN_SIM_FAULT_INVALID,
                       "SET_BASE with BASE_INDEX %u (only 1, INDIRECT_BASE, "
                       "is emulated)",
                       index);
   run->cp->indirect_base = (body[1] & ~7u) | (uint64_t)body[2] << 32;
   return 0;
}

/* ---- memory writes and fences ---------------------------------------- */

static bool
dst_is_memory(unsigned dst_sel)
{
   return dst_sel == V_370_MEM || dst_sel == V_370_TC_L2 || dst_sel == V_370_MEM_GRBM;
}

static int
pm4_write_data(struct pm4_run *run, const uint32_t *body, unsigned ndw)
{
   uint32_t control = body[0];
   unsigned dst_sel = G_370_DST_SEL(control);
   bool one_addr = G_370_WR_ONE_ADDR(control);
   uint64_t va = body[1] | (uint64_t)body[2] << 32;
   const uint32_t *data = body + 3;
   unsigned count = ndw - 3;

   if (dst_sel == V_370_MEM_MAPPED_REGISTER) {
      /* The address is a register dword offset. */
      for (unsigned i = 0; i < count; i++) {
         int r = pm4_write_reg(run, (body[1] + (one_addr ? 0 : i)) * 4, data[i]);
         if (r)
            return r;
      }
      return 0;
   }
   if (!dst_is_memory(dst_sel))
      return pm4_error(run, KILN_SIM_FAULT_INVALID,
                       "WRITE_DATA with DST_SEL %u (only memory and "
                       "registers are emulated)",
                       dst_sel);
   if (va & 3)
      return pm4_error(run, KILN_SIM_FAULT_INVALID, "WRITE_DATA to unaligned address 0x%" PRIx64,
                       va);
   if (one_addr) {
      for (unsigned i = 0; i < count; i++) {
         int r = pm4_write(run, va, &data[i], 4);
         if (r)
            return r;
      }
      return 0;
   }
   return pm4_write(run, va, data, count * 4ull);
}

/* DATA_SEL of EVENT_WRITE_EOP and RELEASE_MEM: what to write. */
static int
pm4_write_fence(struct pm4_run *run, unsigned data_sel, uint64_t va, uint32_t lo, uint32_t hi)
{
   uint64_t value;

   switch (data_sel) {
   case EOP_DATA_SEL_DISCARD:
      return 0;
   case EOP_DATA_SEL_VALUE_32BIT:
      if (va & 3)
         break;
      return pm4_write(run, va, &lo, 4);
   case EOP_DATA_SEL_VALUE_64BIT:
      value = lo | (uint64_t)hi << 32;
      if (va & 7)
         break;
      return pm4_write(run, va, &value, 8);
   case EOP_DATA_SEL_TIMESTAMP:
      value = pm4_timestamp(run);
      if (va & 7)
         break;
      return pm4_write(run, va, &value, 8);
   default:
      return pm4_error(run, KILN_SIM_FAULT_INVALID,
                       "%s with DATA_SEL %u (GDS and the others are not "
                       "emulated)",
                       run->packet, data_sel);
   }
   return pm4_error(run, KILN_SIM_FAULT_INVALID,
                    "%s writes DATA_SEL %u to misaligned address 0x%" PRIx64, run->packet, data_sel,
                    va);
}

static int
pm4_release_mem(struct pm4_run *run, const uint32_t *body, unsigned ndw)
{
   /* body[0]: event and cache actions (R_490_RELEASE_MEM_OP), done by the
    * time we get here.  body[1]: DST_SEL 17:16, INT_SEL 26:24,
    * DATA_SEL 31:29. */
   uint32_t sel = body[1];
   uint64_t va = body[2] | (uint64_t)body[3] << 32;
   unsigned dst_sel = (sel >> 16) & 0x3;

   if (dst_sel != EOP_DST_SEL_MEM && dst_sel != EOP_DST_SEL_TC_L2)
      return pm4_error(run, KILN_SIM_FAULT_INVALID, "RELEASE_MEM with DST_SEL %u", dst_sel);
   return pm4_write_fence(run, sel >> 29, va, body[4], body[5]);
}

static int
pm4_event_write_eop(struct pm4_run *run, const uint32_t *body, unsigned ndw)
{
   /* body[1] ADDRESS_LO; body[2] ADDRESS_HI 15:0, DST_SEL 17:16,
    * INT_SEL 26:24, DATA_SEL 31:29; body[3..4] data. */
   uint64_t va = body[1] | (uint64_t)(body[2] & 0xffff) << 32;
   return pm4_write_fence(run, body[2] >> 29, va, body[3], body[4]);
}

static int
pm4_copy_data(struct pm4_run *run, const uint32_t *body, unsigned ndw)
{
   uint32_t control = body[0];
   unsigned src_sel = control & 0xf;
   unsigned dst_sel = (control >> 8) & 0xf;
   bool count64 = control & COPY_DATA_COUNT_SEL;
   unsigned size = count64 ? 8 : 4;
   uint64_t src = body[1] | (uint64_t)body[2] << 32;
   uint64_t dst = body[3] | (uint64_t)body[4] << 32;
   uint64_t value = 0;
   uint32_t reg = 0;
   int r;

   switch (src_sel) {
   case COPY_DATA_REG:
      r = pm4_read_reg(run, body[1] * 4, &reg);
      value = reg;
      size = 4;
      break;
   case COPY_DATA_SRC_MEM:
   case COPY_DATA_TC_L2:
      r = pm4_read(run, src, &value, size);
      break;
   case COPY_DATA_IMM:
      value = src;
      r = 0;
      break;
   case COPY_DATA_TIMESTAMP:
      value = pm4_timestamp(run);
      r = 0;
      break;
   default:
      return pm4_error(run, KILN_SIM_FAULT_INVALID, "COPY_DATA with SRC_SEL %u (not emulated)",
                       src_sel);
   }
   if (r)
      return r;

   switch (dst_sel) {
   case COPY_DATA_REG:
      return pm4_write_reg(run, body[3] * 4, (uint32_t)value);
   case COPY_DATA_DST_MEM_GRBM:
   case COPY_DATA_TC_L2:
   case COPY_DATA_DST_MEM:
      return pm4_write(run, dst, &value, size);
   default:
      return pm4_error(run, KILN_SIM_FAULT_INVALID, "COPY_DATA with DST_SEL %u (not emulated)",
                       dst_sel);
   }
}

/* WAIT_REG_MEM on memory: with nothing else running on the emulated GPU,
 * a condition that is false now stays false, which on hardware is a hang. */
static int
pm4_wait_reg_mem(struct pm4_run *run, const uint32_t *body, unsigned ndw)
{
   unsigned function = body[0] & 0x7;
   bool memory = ((body[0] >> 4) & 0x3) == 1;
   uint64_t va = body[1] | (uint64_t)body[2] << 32;
   uint32_t ref = body[3], mask = body[4], value;
   bool pass;
   int r;

   if (!memory)
      return pm4_error(run, KILN_SIM_FAULT_INVALID, "WAIT_REG_MEM on a register (not emulated)");
   r = pm4_read(run, va & ~3ull, &value, 4);
   if (r)
      return r;
   value &= mask;
   switch (function) {
   case 0:
      pass = true;
      break;
   case 1:
      pass = value < ref;
      break;
   case 2:
      pass = value <= ref;
      break;
   case WAIT_REG_MEM_EQUAL:
      pass = value == ref;
      break;
   case WAIT_REG_MEM_NOT_EQUAL:
      pass = value != ref;
      break;
   case WAIT_REG_MEM_GREATER_OR_EQUAL:
      pass = value >= ref;
      break;
   case 6:
      pass = value > ref;
      break;
   default:
      return pm4_error(run, KILN_SIM_FAULT_INVALID, "WAIT_REG_MEM with function %u", function);
   }
   if (!pass)
      return pm4_error(run, KILN_SIM_FAULT_HANG,
                       "WAIT_REG_MEM on 0x%" PRIx64 " (value 0x%x, mask 0x%x, "
                       "function %u, reference 0x%x) can never be satisfied",
                       va, value, mask, function, ref);
   return 0;
}

/* DMA_DATA: the CP's memory-to-memory copy and fill. */
static int
pm4_dma_data(struct pm4_run *run, const uint32_t *body, unsigned ndw)
{
   uint32_t word0 = body[0];
   unsigned src_sel = G_501_SRC_SEL(word0);
   unsigned dst_sel = G_501_DST_SEL(word0);
   uint64_t src = body[1] | (uint64_t)body[2] << 32;
   uint64_t dst = body[3] | (uint64_t)body[4] << 32;
   uint32_t command = body[5];
   uint32_t bytes = command & 0x3ffffff;  /* BYTE_COUNT, 25:0 on gfx9+ */
   bool src_fixed = command & (1u << 28); /* SAIC: no source increment */
   bool dst_fixed = command & (1u << 29); /* DAIC */
   uint8_t chunk[256];

   if (dst_sel == V_411_NOWHERE)
      return 0;
   if (dst_sel != V_411_DST_ADDR && dst_sel != V_411_DST_ADDR_TC_L2)
      return pm4_error(run, KILN_SIM_FAULT_INVALID,
                       "DMA_DATA with DST_SEL %u (GDS is not emulated)", dst_sel);
   if (src_sel != V_411_SRC_ADDR && src_sel != V_411_DATA && src_sel != V_411_SRC_ADDR_TC_L2)
      return pm4_error(run, KILN_SIM_FAULT_INVALID,
                       "DMA_DATA with SRC_SEL %u (GDS is not emulated)", src_sel);

   for (uint32_t done = 0; done < bytes;) {
      uint32_t n = MIN2(bytes - done, sizeof(chunk));
      int r;
      if (src_sel == V_411_DATA) {
         n &= ~3u;
         if (!n)
            break;
         for (uint32_t i = 0; i < n; i += 4)
            memcpy(chunk + i, &body[1], 4);
      } else {
         if (src_fixed)
            n = MIN2(n, 4);
         r = pm4_read(run, src + (src_fixed ? 0 : done), chunk, n);
         if (r)
            return r;
      }
      if (dst_fixed)
         n = MIN2(n, 4);
      r = pm4_write(run, dst + (dst_fixed ? 0 : done), chunk, n);
      if (r)
         return r;
      done += n;
   }
   return 0;
}

/* ---- indirect buffers ---------------------------------------------- */

static int pm4_run_ib(struct pm4_run *run, uint64_t va, uint32_t ndw);

static int
pm4_indirect_buffer(struct pm4_run *run, const uint32_t *body, unsigned ndw)
{
   uint64_t va = (body[0] & ~3u) | (uint64_t)(body[1] & 0xffff) << 32;
   uint32_t control = body[2];
   uint32_t size = G_3F2_IB_SIZE(control);

   if (G_3F2_CHAIN(control)) {
      run->chain = true;
      run->chain_va = va;
      run->chain_dw = size;
      return 0;
   }
   if (run->depth >= PM4_MAX_IB_DEPTH)
      return pm4_error(run, KILN_SIM_FAULT_INVALID, "INDIRECT_BUFFER nested deeper than IB%u",
                       PM4_MAX_IB_DEPTH);

   uint64_t packet_va = run->packet_va;
   const char *packet = run->packet;
   run->depth++;
   int r = pm4_run_ib(run, va, size);
   run->depth--;
   run->packet_va = packet_va;
   run->packet = packet;
   return r;
}

static const struct pm4_packet pm4_packets[256] = {
   [PKT3_NOP] = { "NOP", 1, pm4_no_effect },
   [PKT3_SET_BASE] = { "SET_BASE", 3, pm4_set_base },
   [PKT3_CLEAR_STATE] = { "CLEAR_STATE", 1, pm4_no_effect },
   [PKT3_DISPATCH_DIRECT] = { "DISPATCH_DIRECT", 4, pm4_dispatch_direct },
   [PKT3_DISPATCH_INDIRECT] = { "DISPATCH_INDIRECT", 2, pm4_dispatch_indirect },
   [PKT3_CONTEXT_CONTROL] = { "CONTEXT_CONTROL", 2, pm4_no_effect },
   [PKT3_WRITE_DATA] = { "WRITE_DATA", 3, pm4_write_data },
   [PKT3_WAIT_REG_MEM] = { "WAIT_REG_MEM", 6, pm4_wait_reg_mem },
   [PKT3_INDIRECT_BUFFER] = { "INDIRECT_BUFFER", 3, pm4_indirect_buffer },
   [PKT3_COPY_DATA] = { "COPY_DATA", 5, pm4_copy_data },
   [PKT3_PFP_SYNC_ME] = { "PFP_SYNC_ME", 1, pm4_no_effect },
   [PKT3_EVENT_WRITE] = { "EVENT_WRITE", 1, pm4_no_effect },
   [PKT3_EVENT_WRITE_EOP] = { "EVENT_WRITE_EOP", 5, pm4_event_write_eop },
   [PKT3_RELEASE_MEM] = { "RELEASE_MEM", 6, pm4_release_mem },
   [PKT3_DMA_DATA] = { "DMA_DATA", 6, pm4_dma_data },
   [PKT3_ACQUIRE_MEM] = { "ACQUIRE_MEM", 6, pm4_no_effect },
   [PKT3_SET_CONFIG_REG] = { "SET_CONFIG_REG", 1, pm4_set_config_reg },
   [PKT3_SET_CONTEXT_REG] = { "SET_CONTEXT_REG", 1, pm4_set_context_reg },
   [PKT3_SET_SH_REG] = { "SET_SH_REG", 1, pm4_set_sh_reg },
   [PKT3_SET_SH_REG_INDEX] = { "SET_SH_REG_INDEX", 1, pm4_set_sh_reg },
   [PKT3_SET_UCONFIG_REG] = { "SET_UCONFIG_REG", 1, pm4_set_uconfig_reg },
   [PKT3_SET_UCONFIG_REG_INDEX] = { "SET_UCONFIG_REG_INDEX", 1, pm4_set_uconfig_reg },
};

static int
pm4_fetch(struct pm4_run *run, uint64_t va, uint32_t ndw, uint32_t **out)
{
   /* The CP prefetches the IB; a copy also keeps a shader that rewrites
    * its own command buffer from changing packets under us. */
   uint32_t *ib = malloc(MAX2(ndw, 1) * 4ull);
   if (!ib)
      return pm4_error(run, KILN_SIM_FAULT_INVALID,
                       "out of host memory fetching an IB of %u dwords", ndw);
   run->packet = NULL;
   int r = pm4_read(run, va, ib, ndw * 4ull);
   if (r) {
      free(ib);
      return r;
   }
   *out = ib;
   return 0;
}

static int
pm4_run_ib(struct pm4_run *run, uint64_t va, uint32_t ndw)
{
   uint32_t *ib;
   int r;

   if (va & 3)
      return pm4_error(run, KILN_SIM_FAULT_INVALID, "IB at unaligned address 0x%" PRIx64, va);
   r = pm4_fetch(run, va, ndw, &ib);
   if (r)
      return r;

   for (uint32_t pos = 0; pos < ndw;) {
      uint32_t header = ib[pos];
      unsigned type = PKT_TYPE_G(header);

      run->packet_va = va + pos * 4ull;
      run->packet = NULL;
      if (!run->packets_left--) {
         r = pm4_error(run, KILN_SIM_FAULT_HANG,
                       "packet budget exhausted: the command stream does "
                       "not end (an IB chain that loops?)");
         break;
      }

      /* Type-2 packets are one-dword filler. */
      if (type == 2) {
         pos++;
         continue;
      }
      if (type != 3) {
         r = pm4_error(run, KILN_SIM_FAULT_INVALID, "type-%u packet header 0x%08x is not supported",
                       type, header);
         break;
      }

      unsigned opcode = PKT3_IT_OPCODE_G(header);
      unsigned count = PKT_COUNT_G(header);
      /* NOP with count 0x3fff is a header-only pad. */
      if (opcode == PKT3_NOP && count == 0x3fff) {
         pos++;
         continue;
      }

      const struct pm4_packet *p = &pm4_packets[opcode];
      unsigned body_dw = count + 1;
      if (!p->exec) {
         r = pm4_error(run, KILN_SIM_FAULT_INVALID,
                       "unknown or unsupported PM4 opcode 0x%02x (header 0x%08x)", opcode, header);
         break;
      }
      run->packet = p->name;
      if (pos + 1 + body_dw > ndw) {
         r = pm4_error(run, KILN_SIM_FAULT_INVALID,
                       "%s with %u body dwords runs past the end of its "
                       "IB (%u dwords)",
                       p->name, body_dw, ndw);
         break;
      }
      if (body_dw < p->min_dw) {
         r = pm4_error(run, KILN_SIM_FAULT_INVALID, "%s with %u body dwords (at least %u expected)",
                       p->name, body_dw, p->min_dw);
         break;
      }

      r = p->exec(run, ib + pos + 1, body_dw);
      if (r)
         break;
      pos += 1 + body_dw;

      if (run->chain) {
         run->chain = false;
         free(ib);
         va = run->chain_va;
         ndw = run->chain_dw;
         if (va & 3)
            return pm4_error(run, KILN_SIM_FAULT_INVALID,
                             "chained IB at unaligned address 0x%" PRIx64, va);
         r = pm4_fetch(run, va, ndw, &ib);
         if (r)
            return r;
         pos = 0;
      }
   }
   free(ib);
   return r;
}

void
sim_pm4_init(struct sim_pm4 *cp, const struct sim_pm4_env *env)
{
   memset(cp, 0, sizeof(*cp));
   cp->env = *env;
}

int
sim_pm4_execute_ib(struct sim_pm4 *cp, uint64_t va, uint32_t size_dw, struct kiln_sim_fault *fault)
{
   struct pm4_run run = {
      .cp = cp,
      .fault = fault,
      .packets_left = cp->packet_budget ? cp->packet_budget : PM4_DEFAULT_PACKET_BUDGET,
      .depth = 1,
   };

   memset(fault, 0, sizeof(*fault));
   return pm4_run_ib(&run, sim_pm4_canonical_va(va), size_dw);
}
