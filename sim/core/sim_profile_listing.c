/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * What a profile says beyond its counts: the listing of the code that ran,
 * disassembled by sim's own disassembler from the VM after the dispatch
 * (so the profile outlives the code) and cut into basic blocks at branch
 * targets and after branches, and the occupancy the kernel's VGPRs and
 * LDS allow against gfx1030's limits.  The listing runs on past the last
 * instruction that ran to the program's s_endpgm, so blocks no wave
 * entered show with their zero counts.
 */
#include <stdio.h>
#include <stdlib.h>

#include "sim_engine.h"
#include "sim_profile.h"

/* gfx1030 (RDNA2) limits: waves per SIMD, wave32 VGPRs per SIMD lane, LDS
 * per workgroup processor (WGP mode: a group's waves share one WGP of
 * four SIMDs). */
#define HW_WAVES_PER_SIMD  16
#define VGPRS_PER_SIMD_W32 1024
#define LDS_PER_WGP        (128u * 1024u)
#define SIMDS_PER_WGP      4
/* How far past the last instruction that ran the listing looks for the
 * program's end. */
#define MAX_TAIL_DWORDS 4096

void
sim_profile_occupancy(struct kiln_sim_profile_occupancy *o, const struct kiln_sim_dispatch *d,
                      unsigned waves_per_group, uint32_t lds_size)
{
   unsigned ws = d->wave_size;
   /* RSRC1.VGPRS counts granules of 8 (wave32) or 4 (wave64) VGPRs, as the
    * dispatch allocates them */
   o->vgprs = ((d->rsrc1 & 0x3f) + 1) * (ws == 32 ? 8 : 4);
   o->lds_bytes = lds_size;
   o->waves_per_group = waves_per_group;
   o->by_hardware = HW_WAVES_PER_SIMD;
   /* a wave64 takes the registers of two wave32s */
   o->by_vgprs = VGPRS_PER_SIMD_W32 / (o->vgprs * (ws / 32));
   if (lds_size) {
      unsigned groups = LDS_PER_WGP / lds_size;
      o->by_lds = groups * waves_per_group / SIMDS_PER_WGP;
   } else {
      o->by_lds = HW_WAVES_PER_SIMD;
   }
   o->waves_per_simd = o->by_hardware;
   o->limiter = "hardware";
   if (o->by_vgprs < o->waves_per_simd) {
      o->waves_per_simd = o->by_vgprs;
      o->limiter = "VGPRs";
   }
   if (o->by_lds < o->waves_per_simd) {
      o->waves_per_simd = o->by_lds;
      o->limiter = "LDS";
   }
}

static bool
is_branch(const struct sim_inst *in)
{
   return in->op < SIM_OP_COUNT && sim_profile_inst_class(in) == KILN_SIM_CLASS_BRANCH;
}

/* Decodes the instruction at pc; 0 when it is not mapped or not an
 * instruction. */
static unsigned
decode_at(struct kiln_sim_vm *vm, uint64_t pc, struct sim_inst *in, const uint32_t **words,
          unsigned *avail)
{
   /* up to 5 dwords: an instruction and its literal */
   for (*avail = 5; *avail; (*avail)--) {
      *words = kiln_sim_vm_translate(vm, pc, *avail * 4);
      if (*words)
         return sim_decode(*words, *avail, in);
   }
   *words = NULL;
   return 0;
}

/* Past the last instruction that ran, the program goes on to its end:
 * up to and including the next s_endpgm, while the words decode. */
static uint64_t
program_end(struct kiln_sim_vm *vm, uint64_t lo, uint64_t hi)
{
   uint64_t pc = lo, end = hi;
   struct sim_inst in;
   const uint32_t *words;
   unsigned avail;
   /* the instruction that ran last may end past hi (a literal) */
   while (pc < hi) {
      unsigned size = decode_at(vm, pc, &in, &words, &avail);
      pc += (size ? size : 1) * 4;
   }
   end = pc;
   if (pc > lo) {
      /* did the code that ran end the program? */
      uint64_t last = pc;
      for (uint64_t q = lo; q < pc;) {
         unsigned size = decode_at(vm, q, &in, &words, &avail);
         last = q;
         q += (size ? size : 1) * 4;
      }
      if (decode_at(vm, last, &in, &words, &avail) && in.op == SIM_OP_s_endpgm)
         return end;
   }
   while (pc - hi < MAX_TAIL_DWORDS * 4) {
      unsigned size = decode_at(vm, pc, &in, &words, &avail);
      if (!size || in.op == SIM_OP_s_code_end)
         break;
      pc += size * 4;
      end = pc;
      if (in.op == SIM_OP_s_endpgm)
         break;
   }
   return end;
}

bool
sim_profile_listing(struct kiln_sim_profile *p, struct kiln_sim_vm *vm, uint64_t lo, uint64_t hi,
                    const struct sim_profile_counts *counts)
{
   uint64_t end = program_end(vm, lo, hi);
   unsigned cap = (end - lo) / 4;
   p->insts = calloc(cap ? cap : 1, sizeof(*p->insts));
   bool *leader = calloc(cap + 1, sizeof(bool));
   if (!p->insts || !leader) {
      free(leader);
      return false;
   }
   leader[0] = true;
   for (uint64_t pc = lo; pc < end;) {
      struct kiln_sim_profile_inst *pi = &p->insts[p->num_insts++];
      struct sim_inst in;
      const uint32_t *words;
      unsigned avail;
      unsigned size = decode_at(vm, pc, &in, &words, &avail);
      pi->pc = pc;
      pi->offset = pc - p->pgm_va;
      pi->dwords = size ? size : 1;
      if (size) {
         kiln_sim_disasm(words, avail, pi->text, sizeof(pi->text));
         pi->inst_class = sim_profile_inst_class(&in);
      } else {
         snprintf(pi->text, sizeof(pi->text), words ? "<illegal 0x%08x>" : "<unmapped>",
                  words ? words[0] : 0);
         pi->inst_class = KILN_SIM_CLASS_OTHER;
      }
      if (pc < hi) {
         const struct sim_profile_counts *c = &counts[(pc - lo) / 4];
         pi->executions = c->executions;
         pi->lanes = c->lanes;
         pi->bytes_read = c->bytes_read;
         pi->bytes_written = c->bytes_written;
         pi->lines = c->lines;
      }

      uint64_t next = pc + pi->dwords * 4;
      if (size && (is_branch(&in) || in.op == SIM_OP_s_endpgm) && next < end)
         leader[(next - lo) / 4] = true;
      if (size && in.format == SIM_FMT_SOPP && (sim_opcodes[in.op].flags & SIM_OPF_BRANCH)) {
         uint64_t target = next + (int64_t)(int16_t)in.sop.simm16 * 4;
         if (target >= lo && target < end)
            leader[(target - lo) / 4] = true;
      }
      pc = next;
   }

   p->blocks = calloc(p->num_insts ? p->num_insts : 1, sizeof(*p->blocks));
   if (!p->blocks) {
      free(leader);
      return false;
   }
   for (unsigned i = 0; i < p->num_insts; i++) {
      struct kiln_sim_profile_inst *pi = &p->insts[i];
      if (i == 0 || leader[(pi->pc - lo) / 4]) {
         p->blocks[p->num_blocks++] = (struct kiln_sim_profile_block){
            .first = i,
            .executions = pi->executions,
         };
      }
      p->blocks[p->num_blocks - 1].count++;
      pi->block = p->num_blocks - 1;
   }
   free(leader);
   return true;
}
