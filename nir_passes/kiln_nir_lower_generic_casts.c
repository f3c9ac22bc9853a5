/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Conversions between the generic address space (OpenCL C 2.0 §6.5.5) and
 * __local or __private, as the hardware's flat address space has them.  A
 * generic pointer is a flat address: a __global pointer is its own flat
 * address, a __local one is its LDS offset placed in the shared aperture,
 * a __private one its scratch offset in the private aperture (each
 * aperture 4 GiB, aligned, so the offset is the low dword and the
 * aperture's high dword tags it).  kiln keeps __local and __private
 * pointers as 32-bit offsets, as ACO's DS and scratch instructions take
 * them, so a conversion changes the value.
 *
 * vtn makes a conversion (OpPtrCastToGeneric, OpGenericCastToPtr) a plain
 * move, and every later use of the value a deref cast of its type's
 * modes: right after spirv_to_nir (and once user functions are inlined, so
 * a parameter is its argument) the conversion is the one place a deref
 * chain changes between a single mode and the generic modes.  Within a
 * chain it is harmless, and kept: nir_opt_deref narrows the chain's modes
 * to those of its root, and the access through it stays a DS, scratch or
 * global instruction.  Where the value leaves the chain (into a phi, a
 * select, memory, arithmetic) it must be the converted one: a __local
 * value becomes flat (a null __local pointer, offset ~0, becomes 0), a
 * flat value that becomes __local or __private its low dword (0 becomes
 * ~0).  After this pass every value in a generic pointer is flat, which
 * kiln_nir_lower_generic_access relies on.
 *
 * vtn's OpGenericPtrMemSemantics (get_fence) ANDs the global and local
 * bits where SPIR-V wants their union, so it is always 0; it is corrected
 * here while vtn's shape is intact.  OpGenericCastToPtrExplicit (to_local,
 * to_private) selects its generic operand as the __local or __private
 * result, which then gets its low dword.
 *
 * Run on the kernel as spirv_to_nir made it, after nir_inline_functions
 * and nir_copy_prop and before any other optimisation.
 */
#include "kiln_nir_passes.h"

#include "nir_builder.h"
#include "util/u_dynarray.h"

#define TEMP_MODES (nir_var_function_temp | nir_var_shader_temp)

static bool
is_generic(nir_variable_mode modes)
{
   return util_bitcount(modes) > 1;
}

/* The mode a deref's value is represented in: its variable's, or that of
 * the cast at the root of its chain (a value that is not a deref is
 * represented in the mode of the cast that takes it), and whether the
 * root is a variable (whose address is never null). */
static nir_variable_mode
repr_mode(nir_deref_instr *d, bool *is_var)
{
   for (;;) {
      if (d->deref_type == nir_deref_type_var) {
         *is_var = true;
         return d->var->data.mode;
      }
      nir_deref_instr *parent = nir_src_as_deref(d->parent);
      if (!parent) {
         *is_var = false;
         return d->modes;
      }
      d = parent;
   }
}

static uint32_t
aperture_hi(const struct kiln_nir_generic_options *o, nir_variable_mode mode)
{
   assert(mode == nir_var_mem_shared || mode == nir_var_function_temp);
   return mode == nir_var_mem_shared ? o->shared_aperture_hi : o->private_aperture_hi;
}

/* A __local or __private offset (32-bit offset in 64 bits, null ~0) as a
 * flat address. */
static nir_def *
offset_to_flat(nir_builder *b, nir_def *v, nir_variable_mode mode, bool may_be_null,
               const struct kiln_nir_generic_options *o)
{
   nir_def *lo = nir_u2u32(b, v);
   nir_def *flat = nir_pack_64_2x32_split(b, lo, nir_imm_int(b, aperture_hi(o, mode)));
   if (!may_be_null)
      return flat;
   return nir_bcsel(b, nir_ieq_imm(b, lo, UINT32_MAX), nir_imm_int64(b, 0), flat);
}

/* A flat address as a __local or __private offset. */
static nir_def *
flat_to_offset(nir_builder *b, nir_def *v, bool may_be_null)
{
   nir_def *off = nir_u2u64(b, nir_unpack_64_2x32_split_x(b, v));
   if (!may_be_null)
      return off;
   return nir_bcsel(b, nir_ieq_imm(b, v, 0), nir_imm_int64(b, UINT64_MAX), off);
}

/* Whether this use of a deref's value takes it as a deref (the chain goes
 * on, or it is the address of an access), not as a value. */
static bool
use_is_deref(nir_src *src)
{
   if (nir_src_is_if(src))
      return true;
   nir_instr *user = nir_src_parent_instr(src);
   switch (user->type) {
   case nir_instr_type_deref:
      return src == &nir_instr_as_deref(user)->parent;
   case nir_instr_type_call:
      /* Only libclc's functions are still calls; they are inlined later,
       * and what they do with the pointer is an access. */
      return true;
   case nir_instr_type_intrinsic: {
      nir_intrinsic_instr *intr = nir_instr_as_intrinsic(user);
      switch (intr->intrinsic) {
      case nir_intrinsic_load_deref:
      case nir_intrinsic_store_deref:
      case nir_intrinsic_deref_atomic:
      case nir_intrinsic_deref_atomic_swap:
      case nir_intrinsic_deref_mode_is:
         return src == &intr->src[0];
      case nir_intrinsic_copy_deref:
      case nir_intrinsic_memcpy_deref:
         return src == &intr->src[0] || src == &intr->src[1];
      default:
         return false;
      }
   }
   default:
      return false;
   }
}

/* The mode a value selected by OpGenericCastToPtrExplicit's select is
 * converted to: bcsel(deref_mode_is(p, mode), p, null). */
static nir_variable_mode
explicit_cast_mode(nir_src *src, nir_deref_instr *d)
{
   nir_instr *user = nir_src_parent_instr(src);
   if (user->type != nir_instr_type_alu)
      return 0;
   nir_alu_instr *alu = nir_instr_as_alu(user);
   if (alu->op != nir_op_bcsel || src != &alu->src[1].src)
      return 0;
   nir_instr *cond = alu->src[0].src.ssa->parent_instr;
   if (cond->type != nir_instr_type_intrinsic)
      return 0;
   nir_intrinsic_instr *is = nir_instr_as_intrinsic(cond);
   if (is->intrinsic != nir_intrinsic_deref_mode_is || is->src[0].ssa != &d->def)
      return 0;
   return nir_intrinsic_memory_modes(is);
}

enum conversion {
   KEEP,
   TO_FLAT,
   TO_OFFSET,         /* may be null */
   TO_OFFSET_NONNULL, /* selected by an explicit cast's mode test */
};

static enum conversion
conversion_for_use(nir_src *src, nir_deref_instr *d, nir_variable_mode repr)
{
   if (use_is_deref(src))
      return KEEP;
   nir_variable_mode type_mode = explicit_cast_mode(src, d);
   const bool explicit_cast = type_mode != 0;
   if (!explicit_cast)
      type_mode = d->modes;

   if (is_generic(type_mode) && !is_generic(repr) && (repr & (nir_var_mem_shared | TEMP_MODES)))
      return TO_FLAT;
   if (!is_generic(type_mode) && (type_mode & (nir_var_mem_shared | TEMP_MODES)) &&
       is_generic(repr))
      return explicit_cast ? TO_OFFSET_NONNULL : TO_OFFSET;
   return KEEP;
}

struct converted_use {
   nir_src *src;
   enum conversion conversion;
};

static bool
convert_deref_uses(nir_builder *b, nir_deref_instr *d, const struct kiln_nir_generic_options *o)
{
   bool is_var;
   const nir_variable_mode repr = repr_mode(d, &is_var);

   /* Decided for every use first: the conversions built below are uses
    * of the deref too. */
   struct util_dynarray uses;
   util_dynarray_init(&uses, NULL);
   nir_foreach_use_including_if(src, &d->def)
   {
      struct converted_use use = { src, conversion_for_use(src, d, repr) };
      if (use.conversion != KEEP)
         util_dynarray_append(&uses, struct converted_use, use);
   }
   if (!uses.size) {
      util_dynarray_fini(&uses);
      return false;
   }

   b->cursor = nir_after_instr(&d->instr);
   nir_def *value[TO_OFFSET_NONNULL + 1] = { NULL };
   util_dynarray_foreach (&uses, struct converted_use, use) {
      const enum conversion c = use->conversion;
      if (!value[c]) {
         if (c == TO_FLAT) {
            /* conversion_for_use: from one of these modes only. */
            assert(repr & (nir_var_mem_shared | TEMP_MODES));
            nir_variable_mode mode =
               repr & nir_var_mem_shared ? nir_var_mem_shared : nir_var_function_temp;
            value[c] = offset_to_flat(b, &d->def, mode, !is_var, o);
         } else {
            value[c] = flat_to_offset(b, &d->def, c == TO_OFFSET);
         }
      }
      nir_src_rewrite(use->src, value[c]);
   }
   util_dynarray_fini(&uses);
   return true;
}

/* bcsel(deref_mode_is(p, mode), imm, 0) for one of vtn's
 * OpGenericPtrMemSemantics terms. */
static nir_intrinsic_instr *
mem_semantics_term(nir_def *def, nir_variable_mode mode, uint32_t bit)
{
   nir_instr *instr = def->parent_instr;
   if (instr->type != nir_instr_type_alu || nir_instr_as_alu(instr)->op != nir_op_bcsel)
      return NULL;
   nir_alu_instr *sel = nir_instr_as_alu(instr);
   nir_instr *cond = sel->src[0].src.ssa->parent_instr;
   if (cond->type != nir_instr_type_intrinsic ||
       nir_instr_as_intrinsic(cond)->intrinsic != nir_intrinsic_deref_mode_is ||
       nir_intrinsic_memory_modes(nir_instr_as_intrinsic(cond)) != mode ||
       !nir_src_is_const(sel->src[1].src) || !nir_src_is_const(sel->src[2].src) ||
       nir_alu_src_as_uint(sel->src[1]) != bit || nir_alu_src_as_uint(sel->src[2]) != 0)
      return NULL;
   return nir_instr_as_intrinsic(cond);
}

static bool
fix_mem_semantics(nir_alu_instr *alu)
{
   if (alu->op != nir_op_iand)
      return false;
   nir_intrinsic_instr *g = mem_semantics_term(alu->src[0].src.ssa, nir_var_mem_global, 0x200);
   nir_intrinsic_instr *l = mem_semantics_term(alu->src[1].src.ssa, nir_var_mem_shared, 0x100);
   if (!g || !l || g->src[0].ssa != l->src[0].ssa)
      return false;
   alu->op = nir_op_ior;
   return true;
}

bool
kiln_nir_lower_generic_casts(nir_shader *nir, const struct kiln_nir_generic_options *options)
{
   bool progress = false;
   nir_foreach_function_impl (impl, nir) {
      bool impl_progress = false;
      nir_builder b = nir_builder_create(impl);
      nir_foreach_block (block, impl) {
         nir_foreach_instr_safe (instr, block) {
            if (instr->type == nir_instr_type_deref)
               impl_progress |= convert_deref_uses(&b, nir_instr_as_deref(instr), options);
            else if (instr->type == nir_instr_type_alu)
               impl_progress |= fix_mem_semantics(nir_instr_as_alu(instr));
         }
      }
      nir_metadata_preserve(impl, impl_progress ? nir_metadata_control_flow : nir_metadata_all);
      progress |= impl_progress;
   }
   return progress;
}
