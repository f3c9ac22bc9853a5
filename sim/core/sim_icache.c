/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Per-thread decode cache of pre-decoded instructions (see sim_icache.h).
 * Instruction words are fetched from the VM; a PC outside every mapping is
 * reported as a VM fault on the fetch.
 */
#include <stdlib.h>

#include "sim_engine.h"
#include "sim_icache.h"
#include "sim_vm_priv.h"

struct sim_icache_page *
sim_icache_page(struct sim_icache *c, uint64_t pc)
{
   uint64_t va = pc & ~(uint64_t)(SIM_ICACHE_PAGE_BYTES - 1);
   unsigned b = (va / SIM_ICACHE_PAGE_BYTES) % SIM_ICACHE_BUCKETS;
   for (struct sim_icache_page *p = c->buckets[b]; p; p = p->next)
      if (p->va == va)
         return p;
   struct sim_icache_page *p = calloc(1, sizeof(*p));
   if (!p)
      return NULL;
   p->va = va;
   p->next = c->buckets[b];
   c->buckets[b] = p;
   return p;
}

const struct sim_inst *
sim_icache_fill(struct sim_icache_page *p, struct sim_wave *w, uint64_t pc)
{
   unsigned idx = (pc - p->va) / 4;
   struct sim_inst *in = &p->insts[idx];
   const struct sim_mapping *m = sim_vm_find(w->vm, pc);

   if (!m) {
      sim_wave_fault(w, KILN_SIM_FAULT_VM, pc, false,
                     "instruction fetch from unmapped address 0x%" PRIx64, pc);
      return NULL;
   }
   uint32_t words[5] = { 0 };
   uint64_t left = (m->size - (pc - m->va)) / 4;
   unsigned n = left < 5 ? left : 5;
   memcpy(words, m->host + (pc - m->va), n * 4);
   sim_decode(words, n, in);
   p->valid[idx] = 1;
   return in;
}

void
sim_icache_free(struct sim_icache *c)
{
   for (unsigned b = 0; b < SIM_ICACHE_BUCKETS; b++) {
      struct sim_icache_page *p = c->buckets[b];
      while (p) {
         struct sim_icache_page *next = p->next;
         free(p);
         p = next;
      }
      c->buckets[b] = NULL;
   }
}
