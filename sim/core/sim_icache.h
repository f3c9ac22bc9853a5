/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The decode cache: instructions are decoded once per host thread and
 * dispatch, into 4 KiB pages of pre-decoded sim_inst indexed by
 * (pc - page) / 4, so the hot loop is a bounds check, a load and an
 * indirect call.  Each host thread owns its cache, so no locking.
 */
#ifndef SIM_ICACHE_H
#define SIM_ICACHE_H

#include "sim_core.h"

#define SIM_ICACHE_PAGE_BYTES 4096u
#define SIM_ICACHE_PAGE_INSTS (SIM_ICACHE_PAGE_BYTES / 4)
#define SIM_ICACHE_BUCKETS    64u

struct sim_icache_page {
   uint64_t va;
   struct sim_icache_page *next;
   uint8_t valid[SIM_ICACHE_PAGE_INSTS];
   struct sim_inst insts[SIM_ICACHE_PAGE_INSTS];
};

struct sim_icache {
   struct sim_icache_page *buckets[SIM_ICACHE_BUCKETS];
};

/* The page holding pc (allocated on first use), or NULL without memory. */
struct sim_icache_page *sim_icache_page(struct sim_icache *c, uint64_t pc);
/* Decodes the instruction at pc into its slot; fetch faults go to w. */
const struct sim_inst *sim_icache_fill(struct sim_icache_page *p, struct sim_wave *w, uint64_t pc);
void sim_icache_free(struct sim_icache *c);

#endif
