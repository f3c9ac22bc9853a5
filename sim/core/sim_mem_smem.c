/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Scalar memory (SMEM): s_load_dword* from a 64-bit SGPR base, and
 * s_buffer_load_dword* through a V# with num_records bounds (dwords past
 * the end read 0), plus the time counters.  Addresses are dword aligned:
 * the hardware ignores the two low bits.
 */
#include <time.h>

#include "sim_engine.h"

static uint32_t
smem_offset(const struct sim_wave *w, const struct sim_inst *in)
{
   uint32_t off = in->smem.offset;
   if (in->smem.soffset != SIM_SRC_NULL)
      off += w->sgpr[in->smem.soffset & 0x7f];
   return off;
}

static void
write_sdata(struct sim_wave *w, unsigned sdata, const uint32_t *v, unsigned n)
{
   for (unsigned i = 0; i < n; i++)
      sim_write_sdst32(w, sdata + i, v[i]);
}

static void
x_s_load(struct sim_wave *w, const struct sim_inst *in)
{
   unsigned n = sim_opcodes[in->op].data_dwords;
   unsigned b = in->smem.sbase;
   uint64_t base = w->sgpr[b] | (uint64_t)(w->sgpr[b + 1] & 0xffff) << 32;
   uint64_t va = (base + smem_offset(w, in)) & ~3ull;
   const uint32_t *p = sim_vm_access(w, va, n * 4, false);
   if (!p)
      return;
   uint32_t v[16];
   memcpy(v, p, n * 4);
   write_sdata(w, in->smem.sdata, v, n);
}

static void
x_s_buffer_load(struct sim_wave *w, const struct sim_inst *in)
{
   unsigned n = sim_opcodes[in->op].data_dwords;
   const uint32_t *d = &w->sgpr[in->smem.sbase & 0x7c];
   uint64_t base = d[0] | (uint64_t)(d[1] & 0xffff) << 32;
   uint32_t num_records = d[2];
   uint32_t off = smem_offset(w, in) & ~3u;
   uint32_t v[16] = { 0 };

   for (unsigned i = 0; i < n; i++) {
      uint64_t o = (uint64_t)off + i * 4;
      if (o + 4 > num_records)
         continue;
      const void *p = sim_vm_access(w, base + o, 4, false);
      if (!p)
         return;
      memcpy(&v[i], p, 4);
   }
   write_sdata(w, in->smem.sdata, v, n);
}

/* A 100 MHz counter, what gfx10's SHADER_CYCLES/REFCLK report in scale. */
static uint64_t
ticks(clockid_t clock)
{
   struct timespec ts;
   clock_gettime(clock, &ts);
   return ((uint64_t)ts.tv_sec * 1000000000ull + ts.tv_nsec) / 10;
}

static void
x_s_memtime(struct sim_wave *w, const struct sim_inst *in)
{
   sim_write_sdst64(w, in->smem.sdata, ticks(CLOCK_MONOTONIC));
}

static void
x_s_memrealtime(struct sim_wave *w, const struct sim_inst *in)
{
   sim_write_sdst64(w, in->smem.sdata, ticks(CLOCK_REALTIME));
}

static void
x_s_get_waveid_in_workgroup(struct sim_wave *w, const struct sim_inst *in)
{
   sim_write_sdst32(w, in->smem.sdata, w->wave_id);
}

static void
x_nop(struct sim_wave *w, const struct sim_inst *in)
{
}

const struct sim_op_impl sim_smem_impls[] = {
   { SIM_OP_s_load_dword, x_s_load },
   { SIM_OP_s_load_dwordx2, x_s_load },
   { SIM_OP_s_load_dwordx4, x_s_load },
   { SIM_OP_s_load_dwordx8, x_s_load },
   { SIM_OP_s_load_dwordx16, x_s_load },
   { SIM_OP_s_buffer_load_dword, x_s_buffer_load },
   { SIM_OP_s_buffer_load_dwordx2, x_s_buffer_load },
   { SIM_OP_s_buffer_load_dwordx4, x_s_buffer_load },
   { SIM_OP_s_buffer_load_dwordx8, x_s_buffer_load },
   { SIM_OP_s_buffer_load_dwordx16, x_s_buffer_load },
   { SIM_OP_s_memtime, x_s_memtime },
   { SIM_OP_s_memrealtime, x_s_memrealtime },
   { SIM_OP_s_get_waveid_in_workgroup, x_s_get_waveid_in_workgroup },
   { SIM_OP_s_dcache_inv, x_nop },
   { SIM_OP_s_dcache_wb, x_nop },
   { SIM_OP_s_gl1_inv, x_nop },
   { 0, NULL },
};
