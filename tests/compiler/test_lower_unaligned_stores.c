/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Unit test for kiln_nir_lower_unaligned_stores: shared and global stores
 * of constants at a constant address, of every component size and
 * alignment, the pass run and the shader folded, then the stores left
 * replayed into a byte array.  The bytes written must be the original
 * store's, each store left must be aligned as
 * ac_nir_lower_mem_access_bit_sizes requires (to its component size, at
 * most 4 bytes), and a store already aligned so stays one store.
 */
#include <stdio.h>
#include <string.h>

#include "kiln_nir_passes.h"
#include "nir_pass_test.h"

static const nir_shader_compiler_options options = { 0 };

struct store_case {
   bool shared;
   unsigned bit_size, num_components, align_mul, align_offset;
   unsigned write_mask; /* 0 = all components */
};

static const struct store_case cases[] = {
   /* The CTS's int and int2 stores into a __local uchar array. */
   { true, 32, 1, 1, 0 },
   { true, 32, 2, 1, 0 },
   { true, 32, 4, 1, 0 },
   { true, 32, 3, 2, 0 },
   { true, 16, 3, 1, 0 },
   { true, 64, 1, 2, 0 },
   { true, 64, 2, 4, 2 },
   /* Known misalignment: 8 bytes at 4k + 1, 4k + 2. */
   { true, 32, 2, 4, 1 },
   { true, 32, 2, 4, 2 },
   /* Partial write masks. */
   { true, 32, 4, 1, 0, 0x5 },
   { true, 16, 4, 1, 0, 0xe },
   /* A global 6-byte store (no single instruction, so left by
    * kiln_nir_opt_unaligned_global). */
   { false, 16, 3, 1, 0 },
   { false, 32, 1, 2, 0 },
   /* Aligned enough already: one store. */
   { true, 8, 4, 1, 0 },
   { true, 32, 4, 4, 0 },
   { true, 64, 2, 4, 0 },
   { false, 16, 2, 2, 0 },
};

#define BASE 64

static unsigned
case_bytes(const struct store_case *c)
{
   return c->num_components * c->bit_size / 8;
}

/* Byte k of the value stored. */
static uint8_t
value_byte(unsigned k)
{
   return 0x11 * (k + 1) ^ 0x80;
}

static void
build_case(nir_builder *b, const struct store_case *c)
{
   nir_const_value v[NIR_MAX_VEC_COMPONENTS];
   const unsigned size = c->bit_size / 8;
   for (unsigned i = 0; i < c->num_components; i++) {
      uint64_t u = 0;
      for (unsigned k = 0; k < size; k++)
         u |= (uint64_t)value_byte(i * size + k) << (8 * k);
      v[i] = nir_const_value_for_uint(u, c->bit_size);
   }
   nir_def *value = nir_build_imm(b, c->num_components, c->bit_size, v);
   unsigned wm = c->write_mask ? c->write_mask : BITFIELD_MASK(c->num_components);
   const unsigned addr = BASE + c->align_offset;
   if (c->shared)
      nir_store_shared(b, value, nir_imm_int(b, addr), .write_mask = wm, .align_mul = c->align_mul,
                       .align_offset = c->align_offset);
   else
      nir_build_store_global(b, value, nir_imm_int64(b, addr), .write_mask = wm,
                             .align_mul = c->align_mul, .align_offset = c->align_offset);
}

/* Replays every store into mem (-1: not written); false on a store the
 * test cannot read or one aligned below ac's requirement. */
static bool
replay(nir_shader *s, unsigned index, int *mem, unsigned *num_stores)
{
   *num_stores = 0;
   nir_test_foreach_instr(instr, s)
   {
      if (instr->type != nir_instr_type_intrinsic)
         continue;
      nir_intrinsic_instr *st = nir_instr_as_intrinsic(instr);
      if (st->intrinsic != nir_intrinsic_store_shared &&
          st->intrinsic != nir_intrinsic_store_global)
         continue;
      (*num_stores)++;
      nir_def *value = st->src[0].ssa;
      const unsigned size = value->bit_size / 8;
      if (!CHECK(nir_src_is_const(st->src[1]) && nir_src_as_const_value(st->src[0]),
                 "case %u: a store of an unfolded value or address", index))
         return false;
      CHECK(nir_intrinsic_align(st) >= MIN2(size, 4),
            "case %u: a store of %u x i%u aligned to %u, below %u", index, value->num_components,
            value->bit_size, nir_intrinsic_align(st), MIN2(size, 4));
      const unsigned addr =
         nir_src_as_uint(st->src[1]) + (nir_intrinsic_has_base(st) ? nir_intrinsic_base(st) : 0);
      const nir_const_value *v = nir_src_as_const_value(st->src[0]);
      for (unsigned i = 0; i < value->num_components; i++) {
         if (!(nir_intrinsic_write_mask(st) & (1u << i)))
            continue;
         for (unsigned k = 0; k < size; k++)
            mem[addr + i * size + k] = (v[i].u64 >> (8 * k)) & 0xff;
      }
   }
   return true;
}

int
main(void)
{
   nir_test_init();
   for (unsigned i = 0; i < ARRAY_SIZE(cases); i++) {
      const struct store_case *c = &cases[i];
      char name[16];
      snprintf(name, sizeof(name), "t%u", i);
      nir_builder b = nir_test_kernel(&options, name);
      build_case(&b, c);
      kiln_nir_lower_unaligned_stores(b.shader);
      nir_test_fold(b.shader, 0);

      int mem[BASE + 64], want[BASE + 64];
      memset(mem, -1, sizeof(mem));
      memset(want, -1, sizeof(want));
      const unsigned size = c->bit_size / 8;
      const unsigned wm = c->write_mask ? c->write_mask : BITFIELD_MASK(c->num_components);
      for (unsigned k = 0; k < case_bytes(c); k++) {
         if (wm & (1u << (k / size)))
            want[BASE + c->align_offset + k] = value_byte(k);
      }
      unsigned num_stores;
      if (replay(b.shader, i, mem, &num_stores)) {
         CHECK(!memcmp(mem, want, sizeof(mem)), "case %u (%s %u x i%u, align %u+%u): bytes differ",
               i, c->shared ? "shared" : "global", c->num_components, c->bit_size, c->align_mul,
               c->align_offset);
      }
      const bool aligned = nir_combined_align(c->align_mul, c->align_offset) >= MIN2(size, 4);
      if (aligned && !c->write_mask)
         CHECK(num_stores == 1, "case %u: aligned, yet %u stores", i, num_stores);
      nir_test_free(b.shader);
   }
   printf("lower_unaligned_stores: %zu cases\n", ARRAY_SIZE(cases));
   return nir_test_finish();
}
