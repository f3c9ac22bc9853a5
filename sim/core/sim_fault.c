/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Faults and stops of a wave: the first one is kept, with the faulting
 * address, the PC, the wave and workgroup, and the instruction
 * disassembled from the program in GPU memory, so that a report reads like
 * a GPU VM fault ("VM fault: write of 4 bytes at unmapped address ...").
 */
#include <stdio.h>

#include "sim_engine.h"
#include "sim_vm_priv.h"

static const char *const kind_names[] = {
   [KILN_SIM_OK] = "ok",
   [KILN_SIM_FAULT_VM] = "VM fault",
   [KILN_SIM_FAULT_ILLEGAL] = "illegal instruction",
   [KILN_SIM_FAULT_UNSUPPORTED] = "unsupported instruction",
   [KILN_SIM_FAULT_HANG] = "hang",
   [KILN_SIM_FAULT_INVALID] = "invalid dispatch",
};

/* Disassembles the instruction at pc from the VM (the caller holds its
 * lock) without faulting. */
static void
disasm_at(const struct kiln_sim_vm *vm, uint64_t pc, char *buf, size_t size)
{
   const struct sim_mapping *m = vm ? sim_vm_find(vm, pc) : NULL;
   if (!m) {
      snprintf(buf, size, "<pc unmapped>");
      return;
   }
   uint32_t words[5] = { 0 };
   uint64_t avail = (m->size - (pc - m->va)) / 4;
   unsigned n = avail < 5 ? avail : 5;
   memcpy(words, m->host + (pc - m->va), n * 4);
   if (!sim_disasm_words(words, n, buf, size))
      snprintf(buf, size, "<illegal 0x%08x>", words[0]);
}

unsigned
sim_disasm_words(const uint32_t *words, unsigned n, char *buf, size_t size)
{
   return kiln_sim_disasm(words, n, buf, size);
}

void
sim_wave_fault(struct sim_wave *w, enum kiln_sim_fault_kind kind, uint64_t addr, bool write,
               const char *fmt, ...)
{
   if (w->state == SIM_WAVE_FAULTED)
      return;
   w->state = SIM_WAVE_FAULTED;

   struct kiln_sim_fault *f = &w->fault;
   f->kind = kind;
   f->address = addr;
   f->write = write;
   f->pc = w->pc;
   memcpy(f->group, w->group_id, sizeof(f->group));
   f->wave = w->wave_id;
   disasm_at(w->vm, w->pc, f->instruction, sizeof(f->instruction));

   char detail[160];
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(detail, sizeof(detail), fmt, ap);
   va_end(ap);

   snprintf(f->message, sizeof(f->message),
            "%s: %.120s; '%.60s' at PC 0x%" PRIx64 ", wave %u of workgroup (%u,%u,%u)",
            kind_names[kind], detail, f->instruction, w->pc, w->wave_id, w->group_id[0],
            w->group_id[1], w->group_id[2]);
}

void
sim_exec_unsupported(struct sim_wave *w, const struct sim_inst *in)
{
   sim_wave_fault(w, KILN_SIM_FAULT_UNSUPPORTED, 0, false,
                  "unsupported instruction %s at PC 0x%" PRIx64, sim_inst_name(in), w->pc);
}

void
sim_exec_illegal(struct sim_wave *w, const struct sim_inst *in)
{
   sim_wave_fault(w, KILN_SIM_FAULT_ILLEGAL, 0, false, "undecodable word 0x%08x at PC 0x%" PRIx64,
                  in->words[0], w->pc);
}
