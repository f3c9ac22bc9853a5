/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Global memory addressed as a 64-bit base plus a 32-bit byte offset.
 * GFX9+ global instructions add a zero-extended 32-bit VGPR offset to an
 * SGPR base (global_load v, v_off, s[base:base+1]), and
 * ac_nir_lower_global_access forms them when an address is
 * iadd(base, u2u64(offset32)).  OpenCL addresses are
 * base + (u2u64(id) << log2(size)) and similar: 64-bit shifts, multiplies
 * and add-with-carry pairs per access, because id * size may not fit in
 * 32 bits.
 *
 * Precondition (kiln_nir_passes.h): every buffer the kernel reaches is
 * smaller than 4 GiB.  Then for an address base + V + C where V is built
 * from zero-extended values with add, multiply and left shift (so
 * 0 <= V < 2^63, no wrap-around) and C >= 0 is a constant, an in-bounds
 * access has base <= address < base + 4 GiB (C pointer rules keep base and
 * address in one allocation), so V <= V + C < 2^32 and V computed in 32
 * bits (mod 2^32) is V exactly.  Accesses with a negative constant part
 * (p[i - 1] may address below base) or any other offset shape are left
 * as they are.  Run before ac_nir_lower_global_access.
 */
#include "kiln_nir_passes.h"

#include "nir_builder.h"
#include "util/hash_table.h"

#define MAX_TERMS 8

struct offset_terms {
   nir_scalar base;
   unsigned num_bases;
   nir_scalar vars[MAX_TERMS]; /* the non-constant offset terms */
   unsigned num_vars;
   int64_t constant;
};

/* The offset term s computed in 32 bits (mod 2^32), with an upper bound of
 * its 64-bit value; NULL if s is not a zero-extended sum of products.
 * With b NULL only the bound is computed. */
static nir_def *
narrow(nir_shader *shader, nir_builder *b, struct hash_table *range_ht, nir_scalar s,
       uint64_t *bound, bool *ok)
{
   s = nir_scalar_chase_movs(s);
   *ok = false;
   if (nir_scalar_is_const(s)) {
      int64_t k = nir_scalar_as_int(s);
      if (k < 0)
         return NULL;
      *bound = k;
      *ok = true;
      return b ? nir_imm_int(b, (uint32_t)k) : NULL;
   }
   if (!nir_scalar_is_alu(s))
      return NULL;

   nir_op op = nir_scalar_alu_op(s);
   if (op == nir_op_u2u64) {
      nir_scalar x = nir_scalar_chase_alu_src(s, 0);
      if (x.def->bit_size > 32)
         return NULL;
      *bound = x.def->bit_size == 32 ? nir_unsigned_upper_bound(shader, range_ht, x, NULL)
                                     : BITFIELD64_MASK(x.def->bit_size);
      *ok = true;
      if (!b)
         return NULL;
      nir_def *def = nir_channel(b, x.def, x.comp);
      return nir_u2u32(b, def);
   }

   if (op != nir_op_iadd && op != nir_op_imul && op != nir_op_ishl)
      return NULL;

   uint64_t b0, b1;
   bool ok0, ok1;
   nir_def *s0 = narrow(shader, b, range_ht, nir_scalar_chase_alu_src(s, 0), &b0, &ok0);
   if (!ok0)
      return NULL;
   if (op == nir_op_ishl) {
      nir_scalar amount = nir_scalar_chase_movs(nir_scalar_chase_alu_src(s, 1));
      if (!nir_scalar_is_const(amount))
         return NULL;
      unsigned shift = nir_scalar_as_uint(amount) & 63;
      if (b0 > (UINT64_MAX >> shift))
         return NULL;
      *bound = b0 << shift;
      *ok = true;
      if (!b)
         return NULL;
      return shift >= 32 ? nir_imm_int(b, 0) : nir_ishl_imm(b, s0, shift);
   }

   nir_def *s1 = narrow(shader, b, range_ht, nir_scalar_chase_alu_src(s, 1), &b1, &ok1);
   if (!ok1)
      return NULL;
   if (op == nir_op_iadd ? __builtin_add_overflow(b0, b1, bound)
                         : __builtin_mul_overflow(b0, b1, bound))
      return NULL;
   *ok = true;
   if (!b)
      return NULL;
   return op == nir_op_iadd ? nir_iadd(b, s0, s1) : nir_imul(b, s0, s1);
}

static bool
is_offset_term(nir_shader *shader, struct hash_table *range_ht, nir_scalar s)
{
   uint64_t bound;
   bool ok;
   narrow(shader, NULL, range_ht, s, &bound, &ok);
   return ok;
}

/* Splits an address iadd tree into its base, constants and offsets. */
static bool
split_address(nir_shader *shader, struct hash_table *range_ht, nir_scalar s, struct offset_terms *t)
{
   s = nir_scalar_chase_movs(s);
   if (nir_scalar_is_const(s)) {
      t->constant += nir_scalar_as_int(s);
      return true;
   }
   if (nir_scalar_is_alu(s) && nir_scalar_alu_op(s) == nir_op_iadd) {
      return split_address(shader, range_ht, nir_scalar_chase_alu_src(s, 0), t) &&
             split_address(shader, range_ht, nir_scalar_chase_alu_src(s, 1), t);
   }
   if (is_offset_term(shader, range_ht, s)) {
      if (t->num_vars == MAX_TERMS)
         return false;
      t->vars[t->num_vars++] = s;
      return true;
   }
   t->base = s;
   t->num_bases++;
   return true;
}

static bool
is_u2u64_of_32(nir_scalar s)
{
   s = nir_scalar_chase_movs(s);
   return nir_scalar_is_alu(s) && nir_scalar_alu_op(s) == nir_op_u2u64 &&
          nir_scalar_chase_alu_src(s, 0).def->bit_size == 32;
}

static bool
rewrite_access(nir_builder *b, nir_intrinsic_instr *intr, void *data)
{
   struct hash_table *range_ht = data;
   unsigned addr_src;
   switch (intr->intrinsic) {
   case nir_intrinsic_load_global:
   case nir_intrinsic_load_global_constant:
   case nir_intrinsic_global_atomic:
   case nir_intrinsic_global_atomic_swap:
      addr_src = 0;
      break;
   case nir_intrinsic_store_global:
      addr_src = 1;
      break;
   default:
      return false;
   }
   nir_def *addr = intr->src[addr_src].ssa;
   if (addr->bit_size != 64 || addr->num_components != 1)
      return false;

   struct offset_terms t = { 0 };
   if (!split_address(b->shader, range_ht, nir_get_scalar(addr, 0), &t) || t.num_bases != 1 ||
       t.num_vars == 0 || t.constant < 0)
      return false;

   /* Already base + u2u64(x32): ac_nir_lower_global_access takes it. */
   bool all_narrow = true;
   for (unsigned i = 0; i < t.num_vars; i++)
      all_narrow &= is_u2u64_of_32(t.vars[i]);
   if (all_narrow)
      return false;

   /* The sum of the terms and the constant must not reach 2^63. */
   uint64_t total = t.constant;
   for (unsigned i = 0; i < t.num_vars; i++) {
      uint64_t bound;
      bool ok;
      narrow(b->shader, NULL, range_ht, t.vars[i], &bound, &ok);
      if (!ok || __builtin_add_overflow(total, bound, &total))
         return false;
   }
   if (total >= (1ull << 63))
      return false;

   b->cursor = nir_before_instr(&intr->instr);
   nir_def *offset = NULL;
   for (unsigned i = 0; i < t.num_vars; i++) {
      uint64_t bound;
      bool ok;
      nir_def *v = narrow(b->shader, b, range_ht, t.vars[i], &bound, &ok);
      /* As when bounded above: the terms narrow to 32 bits. */
      assert(ok && v && v->bit_size == 32 && v->num_components == 1);
      offset = offset ? nir_iadd(b, offset, v) : v;
   }
   assert(offset);
   nir_def *base = nir_channel(b, t.base.def, t.base.comp);
   assert(base->bit_size == 64);
   nir_def *new_addr = nir_iadd(b, base, nir_u2u64(b, offset));
   if (t.constant)
      new_addr = nir_iadd_imm(b, new_addr, t.constant);
   nir_src_rewrite(&intr->src[addr_src], new_addr);
   return true;
}

bool
kiln_nir_opt_global_offset_32(nir_shader *nir)
{
   struct hash_table *range_ht = _mesa_pointer_hash_table_create(NULL);
   bool progress =
      nir_shader_intrinsics_pass(nir, rewrite_access, nir_metadata_control_flow, range_ht);
   _mesa_hash_table_destroy(range_ht, NULL);
   return progress;
}
