/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Unit test for kiln_nir_lower_divmod64: a kernel divides two loaded
 * 64-bit values with udiv, umod, idiv, irem and imod; after the pass no
 * 64-bit division is left, and with the loads replaced by constants the
 * constant-folded results equal C's own 64-bit division (C99 truncation
 * for idiv/irem, the divisor's sign for imod), for edge values (0, 1,
 * 2^32 +- 1, 2^63, 2^64 - 1, ...) and pseudo-random ones of every width.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "kiln_nir_passes.h"
#include "nir_pass_test.h"

static const nir_shader_compiler_options options = { 0 };

#define N_ADDR 0x100
#define D_ADDR 0x200

static const nir_op ops[] = { nir_op_udiv, nir_op_umod, nir_op_idiv, nir_op_irem, nir_op_imod };
#define NUM_OPS ARRAY_SIZE(ops)

static nir_shader *
build(void)
{
   nir_builder b = nir_test_kernel(&options, "divmod_test");
   nir_def *n = nir_load_global(&b, nir_imm_int64(&b, N_ADDR), 8, 1, 64);
   nir_def *d = nir_load_global(&b, nir_imm_int64(&b, D_ADDR), 8, 1, 64);
   for (unsigned i = 0; i < NUM_OPS; i++) {
      nir_def *r = nir_build_alu2(&b, ops[i], n, d);
      nir_store_global(&b, nir_imm_int64(&b, 0x1000 + 8 * i), 8, r, 1);
   }
   return b.shader;
}

static unsigned
count_64bit_divisions(nir_shader *s)
{
   unsigned count = 0;
   for (unsigned i = 0; i < NUM_OPS; i++)
      count += nir_test_count_alu(s, ops[i], 64);
   return count;
}

/* The five stored results, folded to constants. */
static bool
evaluate(const nir_shader *lowered, uint64_t n, uint64_t d, uint64_t *results)
{
   nir_shader *s = nir_shader_clone(NULL, lowered);
   nir_test_set_load_int(s, N_ADDR, 64, n);
   nir_test_set_load_int(s, D_ADDR, 64, d);
   nir_test_fold(s, 0);

   struct nir_test_store stores[NUM_OPS + 1];
   unsigned count = nir_test_stores(s, nir_intrinsic_store_global, stores, ARRAY_SIZE(stores));
   unsigned found = 0;
   for (unsigned i = 0; i < count; i++) {
      if (!stores[i].is_const || !stores[i].addr_is_const)
         continue;
      unsigned slot = (stores[i].addr - 0x1000) / 8;
      if (slot < NUM_OPS) {
         results[slot] = stores[i].value.u64;
         found++;
      }
   }
   ralloc_free(s);
   return found == NUM_OPS;
}

/* C's 64-bit division, the reference. */
static void
reference(uint64_t n, uint64_t d, uint64_t *want, bool *defined)
{
   int64_t sn = (int64_t)n, sd = (int64_t)d;
   want[0] = n / d;
   want[1] = n % d;
   bool overflow = sn == INT64_MIN && sd == -1;
   defined[0] = defined[1] = true;
   defined[2] = defined[3] = defined[4] = !overflow;
   if (overflow)
      return;
   want[2] = (uint64_t)(sn / sd);
   int64_t rem = sn % sd;
   want[3] = (uint64_t)rem;
   want[4] = (uint64_t)(rem != 0 && ((rem < 0) != (sd < 0)) ? rem + sd : rem);
}

static uint64_t
next_random(uint64_t *state)
{
   /* splitmix64 */
   uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
   z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
   z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
   return z ^ (z >> 31);
}

int
main(void)
{
   nir_test_init();

   nir_shader *s = build();
   CHECK(kiln_nir_lower_divmod64(s), "no progress");
   nir_validate_shader(s, "after kiln_nir_lower_divmod64");
   CHECK(count_64bit_divisions(s) == 0, "%u 64-bit divisions left", count_64bit_divisions(s));

   static const uint64_t edges[] = {
      0,
      1,
      2,
      3,
      7,
      0xffffffffull,
      0x100000000ull,
      0x100000001ull,
      0x123456789ull,
      0x7fffffffffffffffull,
      0x8000000000000000ull,
      0x8000000000000001ull,
      0xfffffffffffffffeull,
      0xffffffffffffffffull,
      0xfffffffffffffff0ull,
      1000000007ull,
   };
   uint64_t pairs[2000][2];
   unsigned count = 0;
   for (unsigned i = 0; i < ARRAY_SIZE(edges); i++) {
      for (unsigned j = 0; j < ARRAY_SIZE(edges); j++) {
         pairs[count][0] = edges[i];
         pairs[count++][1] = edges[j];
      }
   }
   uint64_t state = 12345;
   while (count < ARRAY_SIZE(pairs)) {
      /* Random widths, so small and large operands meet. */
      uint64_t n = next_random(&state) >> (next_random(&state) % 64);
      uint64_t d = next_random(&state) >> (next_random(&state) % 64);
      if (next_random(&state) & 1)
         d = -d;
      pairs[count][0] = n;
      pairs[count++][1] = d;
   }

   unsigned bad = 0;
   for (unsigned i = 0; i < count; i++) {
      uint64_t n = pairs[i][0], d = pairs[i][1];
      if (d == 0)
         continue;
      uint64_t got[NUM_OPS], want[NUM_OPS];
      bool defined[NUM_OPS];
      reference(n, d, want, defined);
      if (!evaluate(s, n, d, got)) {
         CHECK(false, "n=0x%" PRIx64 " d=0x%" PRIx64 ": did not fold", n, d);
         continue;
      }
      for (unsigned op = 0; op < NUM_OPS; op++) {
         if (defined[op] && got[op] != want[op] && bad++ < 20) {
            CHECK(false, "%s(0x%" PRIx64 ", 0x%" PRIx64 ") = 0x%" PRIx64 ", want 0x%" PRIx64,
                  nir_op_infos[ops[op]].name, n, d, got[op], want[op]);
         }
      }
   }
   CHECK(bad == 0, "%u wrong results", bad);
   nir_test_free(s);

   printf("divmod64: %u operand pairs\n", count);
   return nir_test_finish();
}
