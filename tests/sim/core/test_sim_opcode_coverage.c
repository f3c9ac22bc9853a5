/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * How much of the GFX10 instruction set the emulator executes: prints, per
 * encoding family, how many of the opcodes ACO's table gives GFX10 have
 * semantics, and checks three rules.  First, the count is taken twice, once
 * from the families' own tables (the scalar and SMEM implementation lists,
 * the memory binders, the VALU descriptor tables) and once by decoding an
 * encoding of every opcode and looking at the bound exec function; the two
 * must agree opcode by opcode, so no semantic function is unreachable and
 * nothing decodes to semantics no table declares.  Second, every
 * instruction ACO emits for the kiln corpus (corpus_opcodes.txt, written by
 * corpus_opcodes.py) decodes and has semantics.  Third, no family falls
 * below the coverage it has reached.
 */
#include <stdlib.h>

#include "sim_engine.h"
#include "sim_test.h"
#include "valu_internal.h"

/* Opcodes with semantics per family when these bounds were last raised:
 * a family may only gain opcodes, so these may only rise. */
static const unsigned min_implemented[SIM_FMT_COUNT] = {
   [SIM_FMT_SOP1] = 63,   [SIM_FMT_SOP2] = 51,    [SIM_FMT_SOPK] = 25,  [SIM_FMT_SOPP] = 34,
   [SIM_FMT_SOPC] = 18,   [SIM_FMT_SMEM] = 16,    [SIM_FMT_DS] = 108,   [SIM_FMT_MTBUF] = 16,
   [SIM_FMT_MUBUF] = 73,  [SIM_FMT_MIMG] = 24,    [SIM_FMT_EXP] = 0,    [SIM_FMT_FLAT] = 54,
   [SIM_FMT_GLOBAL] = 55, [SIM_FMT_SCRATCH] = 22, [SIM_FMT_VINTRP] = 0, [SIM_FMT_VOP1] = 79,
   [SIM_FMT_VOP2] = 50,   [SIM_FMT_VOPC] = 190,   [SIM_FMT_VOP3] = 109, [SIM_FMT_VOP3P] = 28,
};

/* Each family's fixed bits in the first dword, with register operands
 * (s4, s6, s8, v0) where it has them, and where its opcode field starts. */
static const struct {
   uint32_t bits;
   uint8_t shift;
} first_dword[SIM_FMT_COUNT] = {
   [SIM_FMT_SOP1] = { 0xbe800000u | 4 << 16 | 6, 8 },
   [SIM_FMT_SOP2] = { 0x80000000u | 4 << 16 | 8 << 8 | 6, 23 },
   [SIM_FMT_SOPK] = { 0xb0000000u | 4 << 16, 23 },
   [SIM_FMT_SOPC] = { 0xbf000000u | 8 << 8 | 6, 16 },
   [SIM_FMT_SOPP] = { 0xbf800000u, 16 },
   [SIM_FMT_SMEM] = { 0xf4000000u, 18 },
   [SIM_FMT_DS] = { 0xd8000000u, 18 },
   [SIM_FMT_MTBUF] = { 0xe8000000u, 16 },
   [SIM_FMT_MUBUF] = { 0xe0000000u, 18 },
   [SIM_FMT_MIMG] = { 0xf0000000u, 18 },
   [SIM_FMT_EXP] = { 0xf8000000u, 0 },
   [SIM_FMT_FLAT] = { 0xdc000000u, 18 },
   [SIM_FMT_GLOBAL] = { 0xdc000000u | 2 << 14, 18 },
   [SIM_FMT_SCRATCH] = { 0xdc000000u | 1 << 14, 18 },
   [SIM_FMT_VINTRP] = { 0xc8000000u, 16 },
   [SIM_FMT_VOP1] = { 0x7e000000u | SIM_SRC_VGPR0, 9 },
   [SIM_FMT_VOP2] = { SIM_SRC_VGPR0, 25 },
   [SIM_FMT_VOPC] = { 0x7c000000u | SIM_SRC_VGPR0, 17 },
   [SIM_FMT_VOP3] = { 0xd4000000u, 16 },
   [SIM_FMT_VOP3P] = { 0xcc000000u, 16 },
};

/* An encoding of op with register operands only, in five dwords: no
 * literal is needed, and where the opcode always carries one (v_fmamk ...)
 * the spare dwords supply it. */
static unsigned
encode(unsigned op, uint32_t w[5])
{
   const struct sim_opcode *o = &sim_opcodes[op];
   unsigned n = o->opcode;

   memset(w, 0, 5 * sizeof(w[0]));
   switch (o->format) {
   case SIM_FMT_SMEM:
      w[1] = (uint32_t)SIM_SRC_NULL << 25; /* no SOFFSET */
      break;
   case SIM_FMT_MTBUF:
      w[1] = (n >> 3) << 21; /* opcode bit 3 */
      n &= 7;
      break;
   case SIM_FMT_MIMG:
      w[0] = n >> 7; /* opcode bit 7 */
      n &= 0x7f;
      break;
   case SIM_FMT_VOP3:
   case SIM_FMT_VOP3P:
      w[1] = SIM_SRC_VGPR0 | SIM_SRC_VGPR0 << 9 | SIM_SRC_VGPR0 << 18;
      break;
   default:
      break;
   }
   w[0] |= first_dword[o->format].bits | n << first_dword[o->format].shift;
   return 5;
}

static bool
exec_has_semantics(sim_exec_fn fn)
{
   return fn && fn != sim_exec_unsupported && fn != sim_exec_illegal;
}

/* From the families' tables, not through the decoder. */
static void
semantics_from_tables(bool *has)
{
   static sim_exec_fn table[SIM_OP_COUNT];
   const struct sim_op_impl *const lists[] = { sim_sop_impls, sim_sopp_impls, sim_smem_impls };
   const struct valu_table *const valu[] = {
      &valu_f32_table, &valu_f64_table,  &valu_f16_table,    &valu_int_table,
      &valu_cmp_table, &valu_lane_table, &valu_packed_table,
   };

   for (unsigned i = 0; i < sizeof(lists) / sizeof(lists[0]); i++) {
      for (const struct sim_op_impl *impl = lists[i]; impl->fn; impl++)
         table[impl->op] = impl->fn;
   }
   sim_flat_bind(table);
   sim_ds_bind(table);
   sim_buf_bind(table);
   sim_image_bind(table);
   for (unsigned op = 0; op < SIM_OP_COUNT; op++)
      has[op] = table[op] != NULL;
   for (unsigned i = 0; i < sizeof(valu) / sizeof(valu[0]); i++) {
      for (unsigned r = 0; r < valu[i]->count; r++) {
         if (valu[i]->rows[r].desc.fn)
            has[valu[i]->rows[r].op] = true;
      }
   }
}

/* Every opcode decoded from its encoding, against the tables.  An opcode is
 * unreachable where another of its family has the same number (GFX10.3
 * replaced it). */
static void
check_coverage(struct sim_test *t)
{
   static bool has_table[SIM_OP_COUNT];
   unsigned total[SIM_FMT_COUNT] = { 0 }, impl[SIM_FMT_COUNT] = { 0 };
   unsigned sum_total = 0, sum_impl = 0, sum_table = 0;

   semantics_from_tables(has_table);
   for (unsigned op = 0; op < SIM_OP_COUNT; op++) {
      const struct sim_opcode *o = &sim_opcodes[op];
      uint32_t w[5];
      struct sim_inst in;
      unsigned avail = encode(op, w);
      unsigned size = sim_decode(w, avail, &in);

      bool reachable = sim_op_find(o->format, o->opcode) == (int)op;
      bool has_decoded = size && in.op == op && exec_has_semantics(in.exec);
      total[o->format]++;
      impl[o->format] += has_decoded;
      sum_table += has_table[op];
      if (!reachable) {
         CHECK(!has_table[op], "%s has semantics but decodes as %s", o->name,
               sim_opcodes[sim_op_find(o->format, o->opcode)].name);
         continue;
      }
      /* what decodes must be the opcode encoded, or the test's encoder
       * and the decoder disagree on the family's layout */
      CHECK(size == 0 || in.op == op, "%s encoded decodes as %s", o->name, sim_inst_name(&in));
      CHECK(has_decoded == has_table[op], "%s: %s in the tables, %s when decoded", o->name,
            has_table[op] ? "semantics" : "no semantics", has_decoded ? "semantics" : "none");
   }

   printf("%-8s %11s %8s\n", "family", "implemented", "opcodes");
   for (unsigned f = 0; f < SIM_FMT_COUNT; f++) {
      printf("%-8s %11u %8u\n", sim_format_names[f], impl[f], total[f]);
      sum_total += total[f];
      sum_impl += impl[f];
      CHECK(impl[f] >= min_implemented[f], "%s: %u opcodes with semantics, fewer than %u",
            sim_format_names[f], impl[f], min_implemented[f]);
   }
   printf("%-8s %11u %8u\n", "total", sum_impl, sum_total);
   CHECK(sum_impl == sum_table, "%u opcodes decode to semantics, the tables give %u", sum_impl,
         sum_table);
}

/* corpus_opcodes.txt: "mnemonic word word ..." per line, '#' comments. */
static void
check_corpus(struct sim_test *t, const char *path)
{
   FILE *f = fopen(path, "r");
   CHECK(f != NULL, "cannot open %s", path);
   if (!f)
      return;

   char line[256];
   unsigned count = 0, missing = 0;
   while (fgets(line, sizeof(line), f)) {
      char mnemonic[64];
      int pos;
      if (line[0] == '#' || sscanf(line, "%63s%n", mnemonic, &pos) != 1)
         continue;
      uint32_t w[5] = { 0 };
      unsigned n = 0;
      char *p = line + pos, *end;
      for (unsigned long v; n < 5 && (v = strtoul(p, &end, 16), end != p); p = end)
         w[n++] = v;

      struct sim_inst in;
      unsigned size = sim_decode(w, n, &in);
      bool ok = size == n && exec_has_semantics(in.exec);
      CHECK(ok, "corpus instruction %s (0x%08x) %s", mnemonic, w[0],
            size != n ? "does not decode" : "has no semantics");
      count++;
      missing += !ok;
   }
   fclose(f);
   printf("corpus: %u distinct instructions, %u without semantics\n", count, missing);
   CHECK(count > 0, "no instructions in %s", path);
}

int
main(int argc, char **argv)
{
   struct sim_test t;
   st_init(&t);
   check_coverage(&t);
   if (argc > 1)
      check_corpus(&t, argv[1]);
   else
      CHECK(false, "usage: %s corpus_opcodes.txt", argv[0]);
   return st_finish(&t);
}
