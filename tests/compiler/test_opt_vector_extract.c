/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Unit test for kiln_nir_opt_vector_extract: a kernel extracts a component
 * of a loaded vector at a loaded index with Mesa's nir_vector_extract (the
 * tree spirv_to_nir builds for shuffle), the pass rewrites it, and the
 * rewritten shader is evaluated by substituting constants for both loads
 * and constant folding.  The expected value is computed here from the
 * tree's definition, vec[clamp(idx, 0, n - 1)] with a signed clamp, for
 * every index in and around the range, every component size and several
 * vector sizes, with the index masked (range proven) and raw (clamped),
 * with and without the private-memory form.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "kiln_nir_passes.h"
#include "nir_pass_test.h"

static const nir_shader_compiler_options options = { .has_bit_test = true };

#define VEC_ADDR  0x1000
#define VEC2_ADDR 0x1800 /* shuffle2's second vector */
#define IDX_ADDR  0x2000
#define OUT_ADDR  0x3000

enum index_kind {
   INDEX_MASKED, /* 32-bit, iand(x, n - 1) as shuffle does: range proven */
   INDEX_RAW32,  /* any 32-bit value: the pass must clamp */
   INDEX_RAW64,  /* a 64-bit index (OpVectorExtractDynamic with a long) */
};

static const char *const kind_name[] = { "masked", "raw32", "raw64" };

static uint64_t
leaf_value(unsigned i, unsigned bit_size)
{
   uint64_t v = 0x0123456789abcdefull * (i + 1) + 0x1111 * i;
   return bit_size == 64 ? v : v & ((1ull << bit_size) - 1);
}

static nir_shader *
build(unsigned n, unsigned bit_size, enum index_kind kind)
{
   nir_builder b = nir_test_kernel(&options, "vector_extract_test");
   nir_def *vec = nir_load_global(&b, nir_imm_int64(&b, VEC_ADDR), 8, n, bit_size);
   nir_def *idx =
      nir_load_global(&b, nir_imm_int64(&b, IDX_ADDR), 8, 1, kind == INDEX_RAW64 ? 64 : 32);
   if (kind == INDEX_MASKED)
      idx = nir_iand_imm(&b, idx, n - 1);
   nir_def *value = nir_vector_extract(&b, vec, idx);
   nir_store_global(&b, nir_imm_int64(&b, OUT_ADDR), 8, value, 1);
   return b.shader;
}

/* Undefined values (the padding of a vector to a power of two) become
 * the given bit pattern, so a result that depended on them would differ
 * between two evaluations. */
static void
fill_undefs(nir_shader *s, uint64_t pattern)
{
   nir_test_foreach_instr_safe(instr, s)
   {
      if (instr->type != nir_instr_type_undef)
         continue;
      nir_undef_instr *undef = nir_instr_as_undef(instr);
      nir_builder b = nir_builder_at(nir_before_instr(instr));
      nir_const_value values[NIR_MAX_VEC_COMPONENTS];
      for (unsigned c = 0; c < undef->def.num_components; c++)
         values[c] = nir_const_value_for_raw_uint(pattern, undef->def.bit_size);
      nir_def_replace(&undef->def,
                      nir_build_imm(&b, undef->def.num_components, undef->def.bit_size, values));
   }
}

/* The stored value once both loads are the given constants, or false if
 * constant folding does not reduce it to a constant. */
static bool
evaluate(const nir_shader *rewritten, unsigned n, unsigned bit_size, int64_t idx_value,
         unsigned idx_bits, uint64_t undef_pattern, uint64_t *result)
{
   nir_shader *s = nir_shader_clone(NULL, rewritten);
   nir_const_value values[NIR_MAX_VEC_COMPONENTS];
   for (unsigned i = 0; i < n; i++)
      values[i] = nir_const_value_for_uint(leaf_value(i, bit_size), bit_size);
   nir_test_set_load(s, VEC_ADDR, n, bit_size, values);
   /* shuffle2's second vector holds the leaves after the first's. */
   for (unsigned i = 0; i < n; i++)
      values[i] = nir_const_value_for_uint(leaf_value(n + i, bit_size), bit_size);
   nir_test_set_load(s, VEC2_ADDR, n, bit_size, values);
   nir_test_set_load_int(s, IDX_ADDR, idx_bits, idx_value);
   fill_undefs(s, undef_pattern);
   /* Large vectors go through a private array. */
   nir_test_fold(s, NIR_TEST_FOLD_ALGEBRAIC | NIR_TEST_FOLD_MEMORY);

   struct nir_test_store stores[4];
   unsigned count = nir_test_stores(s, nir_intrinsic_store_global, stores, ARRAY_SIZE(stores));
   bool ok = false;
   for (unsigned i = 0; i < count; i++) {
      if (stores[i].is_const) {
         *result = nir_const_value_as_uint(stores[i].value, stores[i].bit_size);
         ok = true;
      }
   }
   ralloc_free(s);
   return ok;
}

static void
test_extract(unsigned n, unsigned bit_size, enum index_kind kind, bool private_memory)
{
   nir_shader *s = build(n, bit_size, kind);
   unsigned ilt_before = nir_test_count_alu(s, nir_op_ilt, 0);
   bool progress = kiln_nir_opt_vector_extract(s, private_memory);
   nir_validate_shader(s, "after kiln_nir_opt_vector_extract");

   /* Fewer than four components are left as they are. */
   bool expect_progress = n >= 4;
   CHECK(progress == expect_progress, "n=%u %u-bit %s: progress %d", n, bit_size, kind_name[kind],
         progress);
   if (expect_progress) {
      CHECK(nir_test_count_alu(s, nir_op_ilt, 0) < ilt_before,
            "n=%u %u-bit %s: the per-node compares are still there", n, bit_size, kind_name[kind]);
      /* Whole 8- and 16-wide vectors, and 4-wide ones of 64-bit
       * components, are read from private memory, with one indexed load
       * and no selects. */
      bool memory = private_memory && util_is_power_of_two_nonzero(n) &&
                    (n >= 8 || (bit_size == 64 && n >= 4));
      unsigned bcsels = nir_test_count_alu(s, nir_op_bcsel, 0);
      unsigned loads = nir_test_count_intrinsic(s, nir_intrinsic_load_deref);
      CHECK(memory ? bcsels == 0 && loads == 1 : loads == 0,
            "n=%u %u-bit %s: %u bcsels, %u private loads", n, bit_size, kind_name[kind], bcsels,
            loads);
   }

   const unsigned idx_bits = kind == INDEX_RAW64 ? 64 : 32;
   static const int64_t extra[] = { -1, -7, INT32_MIN, INT32_MAX, 0x100000003ll, INT64_MIN };
   int64_t indices[64];
   unsigned count = 0;
   for (int64_t i = 0; i < n + 3; i++)
      indices[count++] = i;
   for (unsigned i = 0; i < ARRAY_SIZE(extra); i++) {
      if (idx_bits == 64 || (extra[i] >= INT32_MIN && extra[i] <= INT32_MAX))
         indices[count++] = extra[i];
   }

   for (unsigned i = 0; i < count; i++) {
      int64_t idx = indices[i];
      /* The tree's definition, at the index the compares see. */
      int64_t seen = kind == INDEX_MASKED ? (idx & (n - 1)) : idx;
      int64_t clamped = seen < 0 ? 0 : seen > (int64_t)n - 1 ? n - 1 : seen;
      uint64_t expected = leaf_value(clamped, bit_size);
      static const uint64_t undef_patterns[] = { 0, ~0ull };
      for (unsigned u = 0; u < ARRAY_SIZE(undef_patterns); u++) {
         uint64_t got = 0;
         bool folded = evaluate(s, n, bit_size, idx, idx_bits, undef_patterns[u], &got);
         CHECK(folded, "n=%u %u-bit %s idx=%" PRId64 ": did not fold to a constant", n, bit_size,
               kind_name[kind], idx);
         CHECK(!folded || got == expected,
               "n=%u %u-bit %s idx=%" PRId64 " undef=0x%" PRIx64 ": got 0x%" PRIx64
               ", want 0x%" PRIx64,
               n, bit_size, kind_name[kind], idx, undef_patterns[u], got, expected);
      }
   }
   nir_test_free(s);
}

/* shuffle2 as vtn_opencl.c's handle_shuffle2 builds it for one result
 * component: m < n ? x[m & (n - 1)] : y[m & (n - 1)], with m masked to
 * [0, 2n) (masked, the pass may read one table of x and y) or not (raw:
 * it must not, a negative m selects from x). */
static nir_shader *
build_shuffle2(unsigned n, unsigned bit_size, bool masked)
{
   nir_builder b = nir_test_kernel(&options, "shuffle2_test");
   nir_def *x = nir_load_global(&b, nir_imm_int64(&b, VEC_ADDR), 8, n, bit_size);
   nir_def *y = nir_load_global(&b, nir_imm_int64(&b, VEC2_ADDR), 8, n, bit_size);
   nir_def *m = nir_load_global(&b, nir_imm_int64(&b, IDX_ADDR), 8, 1, 32);
   if (masked)
      m = nir_iand_imm(&b, m, 2 * n - 1);
   nir_def *half = nir_iand_imm(&b, m, n - 1);
   nir_def *value = nir_bcsel(&b, nir_ilt_imm(&b, m, n), nir_vector_extract(&b, x, half),
                              nir_vector_extract(&b, y, half));
   nir_store_global(&b, nir_imm_int64(&b, OUT_ADDR), 8, value, 1);
   return b.shader;
}

static void
test_shuffle2(unsigned n, unsigned bit_size, bool masked)
{
   nir_shader *s = build_shuffle2(n, bit_size, masked);
   kiln_nir_opt_vector_extract(s, true);
   nir_validate_shader(s, "after kiln_nir_opt_vector_extract");
   const char *kind = masked ? "masked" : "raw";

   /* Masked, the 2n values of x and y are one table: in private memory
    * (one load, no select between x and y) from 8 values on. */
   if (masked && 2 * n >= 8) {
      unsigned loads = nir_test_count_intrinsic(s, nir_intrinsic_load_deref);
      unsigned bcsels = nir_test_count_alu(s, nir_op_bcsel, 0);
      CHECK(loads == 1 && bcsels == 0, "shuffle2 n=%u %u-bit %s: %u private loads, %u bcsels", n,
            bit_size, kind, loads, bcsels);
   }

   const int64_t extra[] = { -1, -2 * (int64_t)n + 1, INT32_MIN, INT32_MAX };
   int64_t indices[48];
   unsigned count = 0;
   for (int64_t i = 0; i < 2 * n + 3; i++)
      indices[count++] = i;
   for (unsigned i = 0; i < ARRAY_SIZE(extra); i++)
      indices[count++] = extra[i];

   for (unsigned i = 0; i < count; i++) {
      int64_t raw = indices[i];
      int32_t m = masked ? (int32_t)(raw & (2 * n - 1)) : (int32_t)raw;
      /* The definition: leaves 0..n-1 are x, n..2n-1 are y. */
      unsigned leaf = (m < (int32_t)n ? 0 : n) + (unsigned)(m & (n - 1));
      uint64_t expected = leaf_value(leaf, bit_size);
      uint64_t got = 0;
      bool folded = evaluate(s, n, bit_size, raw, 32, 0, &got);
      CHECK(folded && got == expected,
            "shuffle2 n=%u %u-bit %s m=%" PRId64 ": got 0x%" PRIx64 " (folded %d), want 0x%" PRIx64,
            n, bit_size, kind, raw, got, folded, expected);
   }
   nir_test_free(s);
}

int
main(void)
{
   nir_test_init();

   /* Sizes a NIR vector may have (nir_num_components_valid). */
   static const unsigned sizes[] = { 2, 3, 4, 5, 8, 16 };
   static const unsigned bit_sizes[] = { 8, 16, 32, 64 };
   for (unsigned s = 0; s < ARRAY_SIZE(sizes); s++) {
      for (unsigned bs = 0; bs < ARRAY_SIZE(bit_sizes); bs++) {
         for (unsigned k = INDEX_MASKED; k <= INDEX_RAW64; k++) {
            /* Masking only makes the range [0, n) for powers of two. */
            if (k == INDEX_MASKED && !util_is_power_of_two_nonzero(sizes[s]))
               continue;
            test_extract(sizes[s], bit_sizes[bs], k, false);
            test_extract(sizes[s], bit_sizes[bs], k, true);
         }
      }
   }

   static const unsigned shuffle2_sizes[] = { 2, 4, 8, 16 };
   for (unsigned s = 0; s < ARRAY_SIZE(shuffle2_sizes); s++) {
      for (unsigned bs = 0; bs < ARRAY_SIZE(bit_sizes); bs++) {
         test_shuffle2(shuffle2_sizes[s], bit_sizes[bs], true);
         test_shuffle2(shuffle2_sizes[s], bit_sizes[bs], false);
      }
   }

   return nir_test_finish();
}
