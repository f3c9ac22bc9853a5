/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Program control (SOPP): branches, s_endpgm, s_barrier and the hints the
 * in-order emulator accepts without effect (s_waitcnt and friends,
 * s_nop, s_setprio, s_clause, s_inst_prefetch, s_sleep).  Execution is in
 * order, so every wait is already satisfied when it issues.
 */
#include "sim_engine.h"

static inline void
branch(struct sim_wave *w, const struct sim_inst *in)
{
   w->next_pc = w->pc + 4 + (int64_t)(int16_t)in->sop.simm16 * 4;
}

#define CBRANCH(name, cond)                                                                        \
   static void x_##name(struct sim_wave *w, const struct sim_inst *in)                             \
   {                                                                                               \
      if (cond)                                                                                    \
         branch(w, in);                                                                            \
   }

CBRANCH(s_branch, true)
CBRANCH(s_cbranch_scc0, !w->scc)
CBRANCH(s_cbranch_scc1, w->scc)
CBRANCH(s_cbranch_vccz, sim_vcc_mask(w) == 0)
CBRANCH(s_cbranch_vccnz, sim_vcc_mask(w) != 0)
CBRANCH(s_cbranch_execz, sim_exec_mask(w) == 0)
CBRANCH(s_cbranch_execnz, sim_exec_mask(w) != 0)
/* No debugger is attached: the cdbg conditions are false. */
CBRANCH(s_cbranch_cdbgsys, false)
CBRANCH(s_cbranch_cdbguser, false)
CBRANCH(s_cbranch_cdbgsys_or_user, false)
CBRANCH(s_cbranch_cdbgsys_and_user, false)

static void
x_s_endpgm(struct sim_wave *w, const struct sim_inst *in)
{
   w->state = SIM_WAVE_ENDED;
}

static void
x_s_barrier(struct sim_wave *w, const struct sim_inst *in)
{
   /* The workgroup scheduler resumes the wave after the barrier once
    * every live wave of the group has arrived. */
   w->state = SIM_WAVE_BARRIER;
}

static void
x_s_code_end(struct sim_wave *w, const struct sim_inst *in)
{
   sim_wave_fault(w, KILN_SIM_FAULT_ILLEGAL, 0, false,
                  "executed s_code_end padding at PC 0x%" PRIx64 " (ran past the program)", w->pc);
}

static void
x_s_trap(struct sim_wave *w, const struct sim_inst *in)
{
   sim_wave_fault(w, KILN_SIM_FAULT_ILLEGAL, 0, false,
                  "s_trap %u at PC 0x%" PRIx64 " (no trap handler)", in->sop.simm16 & 0xff, w->pc);
}

static void
x_s_round_mode(struct sim_wave *w, const struct sim_inst *in)
{
   w->mode = (w->mode & ~0xfu) | (in->sop.simm16 & 0xf);
}

static void
x_s_denorm_mode(struct sim_wave *w, const struct sim_inst *in)
{
   w->mode = (w->mode & ~0xf0u) | (in->sop.simm16 & 0xf) << 4;
}

static void
x_s_sendmsg(struct sim_wave *w, const struct sim_inst *in)
{
   /* Compute waves send only MSG_DEALLOC_VGPRS and the like: no effect. */
}

static void
x_nop(struct sim_wave *w, const struct sim_inst *in)
{
}

#define B(name)                                                                                    \
   {                                                                                               \
      SIM_OP_##name, x_##name                                                                      \
   }
#define NOP(name)                                                                                  \
   {                                                                                               \
      SIM_OP_##name, x_nop                                                                         \
   }

const struct sim_op_impl sim_sopp_impls[] = {
   B(s_branch),
   B(s_cbranch_scc0),
   B(s_cbranch_scc1),
   B(s_cbranch_vccz),
   B(s_cbranch_vccnz),
   B(s_cbranch_execz),
   B(s_cbranch_execnz),
   B(s_cbranch_cdbgsys),
   B(s_cbranch_cdbguser),
   B(s_cbranch_cdbgsys_or_user),
   B(s_cbranch_cdbgsys_and_user),
   B(s_endpgm),
   { SIM_OP_s_endpgm_saved, x_s_endpgm },
   B(s_barrier),
   B(s_code_end),
   B(s_trap),
   B(s_round_mode),
   B(s_denorm_mode),
   B(s_sendmsg),
   NOP(s_nop),
   NOP(s_waitcnt),
   NOP(s_wakeup),
   NOP(s_setkill),
   NOP(s_sleep),
   NOP(s_setprio),
   NOP(s_icache_inv),
   NOP(s_incperflevel),
   NOP(s_decperflevel),
   NOP(s_ttracedata),
   NOP(s_ttracedata_imm),
   NOP(s_inst_prefetch),
   NOP(s_clause),
   NOP(s_wait_idle),
   NOP(s_waitcnt_depctr),
   { 0, NULL },
};
