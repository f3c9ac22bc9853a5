/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Disassembly of the engine's encodings (scalar, SMEM, FLAT/GLOBAL/
 * SCRATCH, DS, MUBUF) reads as LLVM's: each instruction of
 * test_sim_disasm.s is encoded by llvm-mc, and kiln_sim_disasm must give
 * the same size and the same text llvm-mc printed for it.
 */
#include "sim_test.h"
#include "test_sim_disasm.h"

int
main(void)
{
   struct sim_test t;
   st_init(&t);
   for (unsigned i = 0; i < sizeof(llvm_lines) / sizeof(llvm_lines[0]); i++) {
      char buf[128];
      unsigned n = kiln_sim_disasm(llvm_lines[i].words, llvm_lines[i].n, buf, sizeof(buf));
      CHECK(n == llvm_lines[i].n, "%s: size %u, expected %u", llvm_lines[i].text, n,
            llvm_lines[i].n);
      CHECK(!strcmp(buf, llvm_lines[i].text), "disassembly '%s', llvm-mc '%s'", buf,
            llvm_lines[i].text);
   }
   /* Too few words for a two-dword encoding: does not decode. */
   char buf[64];
   CHECK(kiln_sim_disasm(llvm_lines[0].words, 1, buf, sizeof(buf)) == 0,
         "truncated SMEM instruction decodes");
   return st_finish(&t);
}
