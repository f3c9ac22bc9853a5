/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Unit test for kiln_nir_opt_global_offset_32: global stores at addresses
 * built like OpenCL's (base + zero-extended index * size + constant), the
 * pass run, then
 *  - the shape: rewritten addresses are iadd(base, u2u64(32-bit offset))
 *    (+ constant), what ac_nir_lower_global_access turns into SGPR-base +
 *    VGPR-offset accesses, and the shapes that are not exact in 32 bits
 *    (negative constant, signed index, unbounded products) are left alone;
 *  - the value: with the loads replaced by constants and the shader
 *    constant folded, the address equals base + index * size + constant
 *    computed here in C, for offsets below 4 GiB (the pass's precondition).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "kiln_nir_passes.h"
#include "nir_pass_test.h"

static const nir_shader_compiler_options options = { 0 };

/* Loads at these addresses stand for the kernel's run-time values. */
#define BASE_ADDR 0x100
#define X_ADDR    0x200
#define Y_ADDR    0x300

enum shape {
   SHAPE_SHIFT,          /* base + (u2u64(x) << 2) */
   SHAPE_SHIFT_CONST,    /* base + (u2u64(x) << 3) + 24 */
   SHAPE_MUL,            /* base + u2u64(x) * 12 */
   SHAPE_MASKED_PRODUCT, /* base + ((u2u64(x & 0xffff) * u2u64(y & 0xffff)) << 2) */
   SHAPE_NEG_CONST,      /* base + (u2u64(x) << 2) - 4: may address below base */
   SHAPE_SIGNED,         /* base + (i2i64(x) << 2): negative indices */
   SHAPE_PRODUCT,        /* base + u2u64(x) * u2u64(y): may reach 2^63 */
   SHAPE_ALREADY_32,     /* base + u2u64(x): nothing to do */
   NUM_SHAPES,
};

static const struct {
   const char *name;
   bool rewritten;
} shapes[NUM_SHAPES] = {
   [SHAPE_SHIFT] = { "shift", true },
   [SHAPE_SHIFT_CONST] = { "shift+const", true },
   [SHAPE_MUL] = { "mul", true },
   [SHAPE_MASKED_PRODUCT] = { "masked product", true },
   [SHAPE_NEG_CONST] = { "negative const", false },
   [SHAPE_SIGNED] = { "sign-extended", false },
   [SHAPE_PRODUCT] = { "unbounded product", false },
   [SHAPE_ALREADY_32] = { "already 32-bit", false },
};

/* The address the shape computes, independently of NIR. */
static uint64_t
expected_address(enum shape shape, uint64_t base, uint32_t x, uint32_t y)
{
   switch (shape) {
   case SHAPE_SHIFT:
      return base + (uint64_t)x * 4;
   case SHAPE_SHIFT_CONST:
      return base + (uint64_t)x * 8 + 24;
   case SHAPE_MUL:
      return base + (uint64_t)x * 12;
   case SHAPE_MASKED_PRODUCT:
      return base + (uint64_t)(x & 0xffff) * (y & 0xffff) * 4;
   case SHAPE_NEG_CONST:
      return base + (uint64_t)x * 4 - 4;
   case SHAPE_SIGNED:
      return base + (uint64_t)((int64_t)(int32_t)x * 4);
   case SHAPE_PRODUCT:
      return base + (uint64_t)x * y;
   case SHAPE_ALREADY_32:
      return base + x;
   default:
      abort();
   }
}

static nir_shader *
build(enum shape shape)
{
   nir_builder b = nir_test_kernel(&options, "offset_test");
   nir_def *base = nir_load_global(&b, nir_imm_int64(&b, BASE_ADDR), 8, 1, 64);
   nir_def *x = nir_load_global(&b, nir_imm_int64(&b, X_ADDR), 4, 1, 32);
   nir_def *y = nir_load_global(&b, nir_imm_int64(&b, Y_ADDR), 4, 1, 32);
   nir_def *x64 = nir_u2u64(&b, x);
   nir_def *addr;
   switch (shape) {
   case SHAPE_SHIFT:
      addr = nir_iadd(&b, base, nir_ishl_imm(&b, x64, 2));
      break;
   case SHAPE_SHIFT_CONST:
      addr = nir_iadd_imm(&b, nir_iadd(&b, base, nir_ishl_imm(&b, x64, 3)), 24);
      break;
   case SHAPE_MUL:
      addr = nir_iadd(&b, base, nir_imul_imm(&b, x64, 12));
      break;
   case SHAPE_MASKED_PRODUCT:
      addr = nir_iadd(&b, base,
                      nir_ishl_imm(&b,
                                   nir_imul(&b, nir_u2u64(&b, nir_iand_imm(&b, x, 0xffff)),
                                            nir_u2u64(&b, nir_iand_imm(&b, y, 0xffff))),
                                   2));
      break;
   case SHAPE_NEG_CONST:
      addr = nir_iadd_imm(&b, nir_iadd(&b, base, nir_ishl_imm(&b, x64, 2)), -4);
      break;
   case SHAPE_SIGNED:
      addr = nir_iadd(&b, base, nir_ishl_imm(&b, nir_i2i64(&b, x), 2));
      break;
   case SHAPE_PRODUCT:
      addr = nir_iadd(&b, base, nir_imul(&b, x64, nir_u2u64(&b, y)));
      break;
   case SHAPE_ALREADY_32:
      addr = nir_iadd(&b, base, x64);
      break;
   default:
      abort();
   }
   nir_store_global(&b, addr, 4, nir_imm_int(&b, 7), 1);
   return b.shader;
}

/* Whether addr is iadd(base load, u2u64(32-bit)), possibly + constant. */
static bool
is_base_plus_u2u64(nir_def *addr)
{
   nir_scalar s = nir_scalar_chase_movs(nir_get_scalar(addr, 0));
   if (!nir_scalar_is_alu(s) || nir_scalar_alu_op(s) != nir_op_iadd)
      return false;
   nir_scalar a = nir_scalar_chase_movs(nir_scalar_chase_alu_src(s, 0));
   nir_scalar c = nir_scalar_chase_movs(nir_scalar_chase_alu_src(s, 1));
   if (nir_scalar_is_const(c))
      return is_base_plus_u2u64(a.def);
   for (unsigned i = 0; i < 2; i++) {
      nir_scalar base = i ? c : a, off = i ? a : c;
      if (nir_scalar_is_alu(off) && nir_scalar_alu_op(off) == nir_op_u2u64 &&
          nir_scalar_chase_alu_src(off, 0).def->bit_size == 32 && nir_scalar_is_intrinsic(base) &&
          nir_scalar_intrinsic_op(base) == nir_intrinsic_load_global)
         return true;
   }
   return false;
}

static bool
evaluate(const nir_shader *shader, uint64_t base, uint32_t x, uint32_t y, uint64_t *addr)
{
   nir_shader *s = nir_shader_clone(NULL, shader);
   nir_test_set_load_int(s, BASE_ADDR, 64, base);
   nir_test_set_load_int(s, X_ADDR, 32, x);
   nir_test_set_load_int(s, Y_ADDR, 32, y);
   nir_test_fold(s, 0);
   struct nir_test_store store;
   bool ok = nir_test_stores(s, nir_intrinsic_store_global, &store, 1) && store.addr_is_const;
   if (ok)
      *addr = store.addr;
   ralloc_free(s);
   return ok;
}

static void
test_shape(enum shape shape)
{
   nir_shader *s = build(shape);
   bool progress = kiln_nir_opt_global_offset_32(s);
   nir_validate_shader(s, "after kiln_nir_opt_global_offset_32");
   CHECK(progress == shapes[shape].rewritten, "%s: progress %d", shapes[shape].name, progress);

   nir_intrinsic_instr *store = nir_test_find_intrinsic(s, nir_intrinsic_store_global);
   if (shapes[shape].rewritten) {
      CHECK(is_base_plus_u2u64(store->src[1].ssa), "%s: address is not base + u2u64(offset32)",
            shapes[shape].name);
   }

   /* Offsets below 4 GiB, the largest ones included. */
   static const uint64_t bases[] = { 0x10000, 0xffff00000000ull };
   static const uint32_t values[][2] = {
      { 0, 0 },          { 1, 3 },           { 12345, 678 },
      { 0x3fffffff, 1 }, { 0xffff, 0xffff }, { 0x15555555, 0x7fff },
      { 0x1fffffff, 0 },
   };
   for (unsigned bi = 0; bi < ARRAY_SIZE(bases); bi++) {
      for (unsigned v = 0; v < ARRAY_SIZE(values); v++) {
         uint32_t x = values[v][0], y = values[v][1];
         uint64_t want = expected_address(shape, bases[bi], x, y);
         /* Only in-bounds accesses of buffers below 4 GiB are defined. */
         if (want < bases[bi] || want - bases[bi] >= (1ull << 32))
            continue;
         uint64_t got = 0;
         bool folded = evaluate(s, bases[bi], x, y, &got);
         CHECK(folded, "%s: x=0x%x y=0x%x did not fold", shapes[shape].name, x, y);
         CHECK(!folded || got == want,
               "%s: base=0x%" PRIx64 " x=0x%x y=0x%x: address 0x%" PRIx64 ", want 0x%" PRIx64,
               shapes[shape].name, bases[bi], x, y, got, want);
      }
   }
   nir_test_free(s);
}

int
main(void)
{
   nir_test_init();
   for (unsigned shape = 0; shape < NUM_SHAPES; shape++)
      test_shape(shape);
   return nir_test_finish();
}
