/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Builds the PM4 command stream of a compute dispatch, in the spirit of
 * radeonsi's si_emit_dispatch_packets() and radv's compute path: register
 * numbers and fields come from Mesa's sid.h / amdgfxregs.h, never retyped.
 * The order is: invalidate caches (the host just wrote code, kernargs and
 * buffers), program the COMPUTE_* registers, DISPATCH_DIRECT, and an
 * end-of-pipe RELEASE_MEM that writes L2 back and then the fence value, so
 * results are in memory when the fence lands.
 */
#include "kiln_amdgpu_pm4.h"

#include "sid.h"

void
kiln_pm4_init(struct kiln_pm4 *cs, uint32_t *buf, unsigned max_dw)
{
   cs->buf = buf;
   cs->cdw = 0;
   cs->max_dw = max_dw;
   cs->overflow = false;
}

static bool
reserve(struct kiln_pm4 *cs, unsigned dw)
{
   if (cs->overflow || cs->cdw + dw > cs->max_dw) {
      cs->overflow = true;
      return false;
   }
   return true;
}

static inline void
emit(struct kiln_pm4 *cs, uint32_t v)
{
   cs->buf[cs->cdw++] = v;
}

/* A compute-engine type-3 header (SHADER_TYPE = 1 marks compute state). */
static inline uint32_t
pkt3(unsigned op, unsigned count)
{
   return PKT3(op, count, 0) | PKT3_SHADER_TYPE_S(1);
}

void
kiln_pm4_set_sh_regs(struct kiln_pm4 *cs, unsigned reg, const uint32_t *values, unsigned count)
{
   if (!reserve(cs, 2 + count))
      return;
   emit(cs, pkt3(PKT3_SET_SH_REG, count));
   emit(cs, (reg - SI_SH_REG_OFFSET) >> 2);
   for (unsigned i = 0; i < count; i++)
      emit(cs, values[i]);
}

void
kiln_pm4_set_sh_reg(struct kiln_pm4 *cs, unsigned reg, uint32_t value)
{
   kiln_pm4_set_sh_regs(cs, reg, &value, 1);
}

void
kiln_pm4_emit_cache_invalidate(struct kiln_pm4 *cs, enum amd_gfx_level gfx_level)
{
   if (gfx_level >= GFX10) {
      /* GCR_CNTL: instruction, scalar, vector, GL1 and GL2 invalidate, with
       * GL2/metadata write-back first so nothing dirty is dropped. */
      const uint32_t gcr = S_586_GLI_INV(V_586_GLI_ALL) | S_586_GLK_INV(1) | S_586_GLV_INV(1) |
                           S_586_GL1_INV(1) | S_586_GLM_WB(1) | S_586_GLM_INV(1) | S_586_GL2_WB(1) |
                           S_586_GL2_INV(1);
      if (!reserve(cs, 8))
         return;
      emit(cs, pkt3(PKT3_ACQUIRE_MEM, 6));
      emit(cs, 0);          /* CP_COHER_CNTL: unused with GCR_CNTL */
      emit(cs, 0xffffffff); /* CP_COHER_SIZE: everything */
      emit(cs, 0x01ffffff); /* CP_COHER_SIZE_HI */
      emit(cs, 0);          /* CP_COHER_BASE */
      emit(cs, 0);          /* CP_COHER_BASE_HI */
      emit(cs, 0x0000000A); /* POLL_INTERVAL */
      emit(cs, gcr);
   } else {
      const uint32_t coher = S_0301F0_SH_ICACHE_ACTION_ENA(1) | S_0301F0_SH_KCACHE_ACTION_ENA(1) |
                             S_0301F0_TC_ACTION_ENA(1) | S_0301F0_TCL1_ACTION_ENA(1) |
                             S_0301F0_TC_WB_ACTION_ENA(1);
      if (!reserve(cs, 7))
         return;
      emit(cs, pkt3(PKT3_ACQUIRE_MEM, 5));
      emit(cs, coher);
      emit(cs, 0xffffffff); /* CP_COHER_SIZE */
      emit(cs, 0x00ffffff); /* CP_COHER_SIZE_HI */
      emit(cs, 0);          /* CP_COHER_BASE */
      emit(cs, 0);          /* CP_COHER_BASE_HI */
      emit(cs, 0x0000000A); /* POLL_INTERVAL */
   }
}

void
kiln_pm4_emit_release_fence(struct kiln_pm4 *cs, enum amd_gfx_level gfx_level, uint64_t va,
                            uint64_t value)
{
   uint32_t op = EVENT_TYPE(V_028A90_BOTTOM_OF_PIPE_TS) | EVENT_INDEX(5);

   if (gfx_level >= GFX10) {
      op |= S_490_GLM_WB(1) | S_490_GLM_INV(1) | S_490_GLV_INV(1) | S_490_GL1_INV(1) |
            S_490_GL2_WB(1) | S_490_SEQ(1);
   } else {
      op |= EVENT_TC_ACTION_ENA | EVENT_TC_WB_ACTION_ENA | EVENT_TCL1_ACTION_ENA;
   }

   if (!reserve(cs, 8))
      return;
   emit(cs, pkt3(PKT3_RELEASE_MEM, 6));
   emit(cs, op);
   emit(cs, EOP_DST_SEL(EOP_DST_SEL_MEM) | EOP_INT_SEL(EOP_INT_SEL_NONE) |
               EOP_DATA_SEL(EOP_DATA_SEL_VALUE_64BIT));
   emit(cs, (uint32_t)va);
   emit(cs, (uint32_t)(va >> 32));
   emit(cs, (uint32_t)value);
   emit(cs, (uint32_t)(value >> 32));
   emit(cs, 0); /* INT_CTXID */
}

void
kiln_pm4_pad(struct kiln_pm4 *cs)
{
   unsigned pad = (8 - (cs->cdw & 7)) & 7;

   if (!pad)
      return;
   /* A NOP packet covers its header plus count + 1 dwords; a one-dword gap
    * would need the header-only form, so grow it to nine instead. */
   if (pad == 1)
      pad = 9;
   if (!reserve(cs, pad))
      return;
   emit(cs, PKT3(PKT3_NOP, pad - 2, 0));
   for (unsigned i = 1; i < pad; i++)
      emit(cs, 0);
}

uint32_t
kiln_pm4_dispatch_initiator(const struct kiln_pm4_dispatch *d)
{
   bool partial = d->partial[0] || d->partial[1] || d->partial[2];

   /* Group counts, not thread dimensions: DISPATCH_DIRECT's x/y/z are
    * work-groups, the last one partial where NUM_THREAD_PARTIAL says. */
   return S_00B800_COMPUTE_SHADER_EN(1) | S_00B800_FORCE_START_AT_000(1) | S_00B800_ORDER_MODE(1) |
          S_00B800_PARTIAL_TG_EN(partial) |
          S_00B800_CS_W32_EN(d->gfx_level >= GFX10 && d->wave_size == 32);
}

bool
kiln_pm4_emit_dispatch(struct kiln_pm4 *cs, const struct kiln_pm4_dispatch *d)
{
   const uint32_t start[3] = { 0, 0, 0 };
   uint32_t num_thread[3];

   for (unsigned i = 0; i < 3; i++) {
      /* If one dimension is partial the others carry their full size, not 0. */
      uint32_t last = d->partial[i] ? d->partial[i] : d->block[i];
      num_thread[i] =
         S_00B81C_NUM_THREAD_FULL_GFX6(d->block[i]) | S_00B81C_NUM_THREAD_PARTIAL(last);
   }

   kiln_pm4_emit_cache_invalidate(cs, d->gfx_level);

   const uint32_t pgm[2] = { (uint32_t)(d->pgm_va >> 8), (uint32_t)(d->pgm_va >> 40) };
   kiln_pm4_set_sh_regs(cs, R_00B830_COMPUTE_PGM_LO, pgm, 2);
   const uint32_t rsrc[2] = { d->rsrc1, d->rsrc2 };
   kiln_pm4_set_sh_regs(cs, R_00B848_COMPUTE_PGM_RSRC1, rsrc, 2);
   if (d->gfx_level >= GFX10)
      kiln_pm4_set_sh_reg(cs, R_00B8A0_COMPUTE_PGM_RSRC3, d->rsrc3);
   kiln_pm4_set_sh_reg(cs, R_00B854_COMPUTE_RESOURCE_LIMITS, d->resource_limits);

   /* Scratch: the per-dispatch ring's base (in 256-byte units) and its wave
    * count and per-wave size. */
   const uint32_t scratch[2] = { (uint32_t)(d->scratch_va >> 8), (uint32_t)(d->scratch_va >> 40) };
   kiln_pm4_set_sh_regs(cs, R_00B840_COMPUTE_DISPATCH_SCRATCH_BASE_LO, scratch, 2);
   kiln_pm4_set_sh_reg(cs, R_00B860_COMPUTE_TMPRING_SIZE, d->tmpring_size);

   kiln_pm4_set_sh_regs(cs, R_00B900_COMPUTE_USER_DATA_0, d->user_data, KILN_ABI_NUM_USER_SGPRS);
   kiln_pm4_set_sh_regs(cs, R_00B810_COMPUTE_START_X, start, 3);
   kiln_pm4_set_sh_regs(cs, R_00B81C_COMPUTE_NUM_THREAD_X, num_thread, 3);

   if (reserve(cs, 5)) {
      emit(cs, pkt3(PKT3_DISPATCH_DIRECT, 3));
      emit(cs, d->grid[0]);
      emit(cs, d->grid[1]);
      emit(cs, d->grid[2]);
      emit(cs, kiln_pm4_dispatch_initiator(d));
   }

   kiln_pm4_emit_release_fence(cs, d->gfx_level, d->fence_va, d->fence_value);
   kiln_pm4_pad(cs);
   return !cs->overflow;
}
