/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Robustness: random instruction words must never take the host down or
 * hang it.  Each random program either ends or stops with one of the
 * reported fault kinds, with a message, and the VM keeps working.  The
 * random words are biased towards the encodings' prefixes so that most
 * decode into real instructions with random operands.
 */
#include <errno.h>
#include <stdlib.h>

#include "sim_test.h"

static uint32_t rng = 12345;

static uint32_t
next(void)
{
   rng ^= rng << 13;
   rng ^= rng >> 17;
   rng ^= rng << 5;
   return rng;
}

/* Encoding prefixes (top bits) of the engine's families, so the fuzzer
 * reaches their decoders rather than only the illegal path.  Vector ALU
 * words are left to tests/sim/valu. */
static const struct {
   uint32_t mask, value;
} prefixes[] = {
   { 0xc0000000, 0x80000000 }, /* SOP2/SOPK/SOP1/SOPC/SOPP */
   { 0xff800000, 0xbf800000 }, /* SOPP */
   { 0xfc000000, 0xf4000000 }, /* SMEM */
   { 0xfc000000, 0xdc000000 }, /* FLAT/GLOBAL/SCRATCH */
   { 0xfc000000, 0xd8000000 }, /* DS */
   { 0xfc000000, 0xe0000000 }, /* MUBUF */
   { 0xfc000000, 0xe8000000 }, /* MTBUF */
   { 0xfc000000, 0xf0000000 }, /* MIMG */
   { 0xc0000000, 0xc0000000 }, /* anything with the top bits of memory encodings */
};

int
main(void)
{
   struct sim_test t;
   st_init(&t);
   st_buffer(&t, 0, 65536);
   st_buffer(&t, 1, 65536);
   st_buffer(&t, 2, 65536);
   unsigned kinds[KILN_SIM_FAULT_INVALID + 1] = { 0 };
   uint32_t prog[64];

   for (unsigned iter = 0; iter < 3000; iter++) {
      for (unsigned i = 0; i < 64; i++) {
         unsigned p = next() % (sizeof(prefixes) / sizeof(prefixes[0]));
         prog[i] = (next() & ~prefixes[p].mask) | prefixes[p].value;
      }
      prog[63] = 0xbf810000; /* s_endpgm */
      struct kiln_sim_dispatch d = st_dispatch(1 + next() % 128, iter & 1 ? 64 : 32);
      d.rsrc2 |= (next() % 8) << 15;
      struct kiln_sim_run_options opts = { .threads = 1, .watchdog_instructions = 20000 };
      struct kiln_sim_fault f;
      memcpy(t.code, prog, sizeof(prog));
      int ret = kiln_sim_dispatch(t.vm, &d, &opts, &f, NULL);
      CHECK(ret == 0 || ret == -EFAULT, "iteration %u: unexpected return %d", iter, ret);
      if (ret == -EFAULT) {
         CHECK(f.kind >= KILN_SIM_FAULT_VM && f.kind <= KILN_SIM_FAULT_HANG,
               "iteration %u: fault kind %d", iter, f.kind);
         CHECK(f.message[0] != 0, "iteration %u: empty fault message", iter);
         if (f.kind <= KILN_SIM_FAULT_INVALID)
            kinds[f.kind]++;
      } else {
         kinds[0]++;
      }
   }
   printf("fuzz: %u ended, %u VM faults, %u illegal, %u unsupported, %u hangs\n", kinds[0],
          kinds[KILN_SIM_FAULT_VM], kinds[KILN_SIM_FAULT_ILLEGAL],
          kinds[KILN_SIM_FAULT_UNSUPPORTED], kinds[KILN_SIM_FAULT_HANG]);

   /* The VM still maps what it mapped. */
   CHECK(kiln_sim_vm_translate(t.vm, ST_BUF_VA(1), 4) == t.buf[1], "VM intact");
   return st_finish(&t);
}
