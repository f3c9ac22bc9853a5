/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Unit test for kiln_nir_opt_unaligned_global: global loads and stores of
 * every size and alignment, the pass run, then each access's recorded
 * alignment compared with the rule: accesses whose byte size is that of a
 * single GFX10 global instruction (ushort, dword, dwordx2, dwordx3,
 * dwordx4: 2, 4, 8, 12, 16 bytes) become aligned to min(size, 4); other
 * sizes, volatile accesses, partial-write-mask stores and accesses already
 * aligned keep their alignment, and no access changes size.
 */
#include <stdio.h>

#include "kiln_nir_passes.h"
#include "nir_pass_test.h"

static const nir_shader_compiler_options options = { 0 };

struct access_case {
   bool store;
   unsigned bit_size, num_components, align_mul, align_offset;
   bool is_volatile;
   unsigned write_mask; /* stores; 0 = all components */
   unsigned expect_align;
   bool uniform; /* the same address in every lane: a scalar (SMEM) load */
};

static const struct access_case cases[] = {
   /* 16 x i8 at any address: one dwordx4. */
   { false, 8, 16, 1, 0, false, 0, 4 },
   { true, 8, 16, 1, 0, false, 0, 4 },
   /* 12, 8, 4 and 2 bytes. */
   { false, 8, 12, 1, 0, false, 0, 4 },
   { false, 16, 6, 2, 0, false, 0, 4 },
   { false, 8, 8, 4, 1, false, 0, 4 },
   { true, 16, 4, 2, 0, false, 0, 4 },
   { false, 8, 4, 1, 0, false, 0, 4 },
   { true, 8, 4, 2, 1, false, 0, 4 },
   { false, 8, 2, 1, 0, false, 0, 2 },
   { true, 8, 2, 1, 0, false, 0, 2 },
   { false, 32, 1, 1, 0, false, 0, 4 },
   /* No single instruction of 3, 6 or 1 bytes: unchanged. */
   { false, 8, 3, 1, 0, false, 0, 1 },
   { false, 16, 3, 2, 0, false, 0, 2 },
   { false, 8, 1, 1, 0, false, 0, 1 },
   { true, 8, 6, 1, 0, false, 0, 1 },
   /* Volatile and partial stores: unchanged. */
   { false, 8, 4, 1, 0, true, 0, 1 },
   { true, 8, 4, 1, 0, false, 0x5, 1 },
   /* A uniform load becomes a scalar one, and SMEM drops the address's two
    * low bits: 4 bytes at offset 3 (vload3(1, p) from a __constant char
    * pointer) stay unaligned, not one dword. */
   { false, 8, 4, 1, 0, false, 0, 1, true },
   { false, 8, 16, 1, 0, false, 0, 1, true },
   /* Already aligned: unchanged (align_mul 16 stays). */
   { false, 32, 4, 16, 0, false, 0, 16 },
};

static nir_intrinsic_instr *
build_case(nir_builder *b, const struct access_case *c)
{
   /* A lane-dependent address unless the case is uniform. */
   nir_def *addr = nir_imm_int64(b, 0x1000);
   if (!c->uniform)
      addr = nir_iadd(b, addr, nir_u2u64(b, nir_load_local_invocation_index(b)));
   enum gl_access_qualifier access = c->is_volatile ? ACCESS_VOLATILE : 0;
   if (c->store) {
      nir_def *v = nir_imm_zero(b, c->num_components, c->bit_size);
      unsigned wm = c->write_mask ? c->write_mask : BITFIELD_MASK(c->num_components);
      return nir_build_store_global(b, v, addr, .write_mask = wm, .access = access,
                                    .align_mul = c->align_mul, .align_offset = c->align_offset);
   }
   nir_def *v = nir_build_load_global(b, c->num_components, c->bit_size, addr, .access = access,
                                      .align_mul = c->align_mul, .align_offset = c->align_offset);
   /* Keep the load alive. */
   nir_build_store_global(b, v, nir_imm_int64(b, 0x2000), .align_mul = 16);
   nir_intrinsic_instr *intr = nir_instr_as_intrinsic(v->parent_instr);
   return intr;
}

int
main(void)
{
   nir_test_init();
   for (unsigned i = 0; i < ARRAY_SIZE(cases); i++) {
      const struct access_case *c = &cases[i];
      char name[16];
      snprintf(name, sizeof(name), "t%u", i);
      nir_builder b = nir_test_kernel(&options, name);
      nir_intrinsic_instr *intr = build_case(&b, c);
      kiln_nir_opt_unaligned_global(b.shader);
      const unsigned bytes = c->num_components * c->bit_size / 8;
      unsigned n = intr->intrinsic == nir_intrinsic_store_global ? intr->src[0].ssa->num_components
                                                                 : intr->def.num_components;
      CHECK(nir_intrinsic_align(intr) == c->expect_align,
            "case %u (%s %u x i%u, align %u+%u): align %u, expected %u", i,
            c->store ? "store" : "load", c->num_components, c->bit_size, c->align_mul,
            c->align_offset, nir_intrinsic_align(intr), c->expect_align);
      CHECK(n == c->num_components, "case %u: %u components, expected %u (%u bytes)", i, n,
            c->num_components, bytes);
      nir_test_free(b.shader);
   }
   printf("opt_unaligned_global: %zu cases\n", ARRAY_SIZE(cases));
   return nir_test_finish();
}
