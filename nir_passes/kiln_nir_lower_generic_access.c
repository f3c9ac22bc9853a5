/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Accesses through generic pointers whose address space nothing proved,
 * and the run-time tests to_global, to_local, to_private and get_fence
 * make (deref_mode_is), on flat addresses (kiln_nir_lower_generic_casts
 * says how they are formed).  A test compares the address's high dword
 * with the aperture's: an address is __local in the shared aperture,
 * __private in the private one, __global anywhere else.  An access
 * becomes a branch on the same tests, with a DS, a scratch and a global
 * access of the offset or address in its arms (ACO emits GLOBAL, never
 * FLAT, instructions on GFX9+, so the hardware's own aperture check is not
 * at hand).  Atomics have no __private arm: atomic objects live in __global
 * or __local memory (OpenCL C 2.0 §6.13.11).  The modes the deref may be
 * limit the arms and the tests.  Finally every deref that is still generic
 * becomes __global, its value the flat address, and the arms' casts take
 * its low dword as their offset (the apertures' low dwords are zero).
 *
 * Run after the last nir_opt_deref (a chain whose root has one address
 * space is narrowed to it there and never reaches this pass) and right
 * before nir_lower_explicit_io, with __global addresses 64-bit and
 * __local and __private ones 32-bit offsets.
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

/* Whether addr, which may be in any of the modes may_be, is in mode. */
static nir_def *
mode_test(nir_builder *b, nir_def *addr, nir_variable_mode mode, nir_variable_mode may_be,
          const struct kiln_nir_generic_options *o)
{
   if (!(may_be & mode))
      return nir_imm_false(b);
   if (!(may_be & ~mode))
      return nir_imm_true(b);

   nir_def *hi = nir_unpack_64_2x32_split_y(b, addr);
   if (mode & nir_var_mem_shared)
      return nir_ieq_imm(b, hi, o->shared_aperture_hi);
   if (mode & TEMP_MODES)
      return nir_ieq_imm(b, hi, o->private_aperture_hi);

   assert(mode & nir_var_mem_global);
   nir_def *global = nir_imm_true(b);
   if (may_be & nir_var_mem_shared)
      global = nir_iand(b, global, nir_ine_imm(b, hi, o->shared_aperture_hi));
   if (may_be & TEMP_MODES)
      global = nir_iand(b, global, nir_ine_imm(b, hi, o->private_aperture_hi));
   return global;
}

/* The access intr, through deref d, in mode: the same intrinsic through
 * a cast of d to that mode, with d's alignment. */
static nir_def *
access_in_mode(nir_builder *b, nir_intrinsic_instr *intr, nir_deref_instr *d,
               nir_variable_mode mode)
{
   uint32_t align_mul = 0, align_offset = 0;
   if (!nir_get_explicit_deref_align(d, true, &align_mul, &align_offset))
      align_mul = align_offset = 0;
   /* The cast starts from d's address, not from d: d becomes a __global
    * deref below, and NIR allows no cast from one mode to an unrelated
    * one (nir_validate). */
   nir_deref_instr *cast = nir_build_deref_cast_with_alignment(b, nir_mov(b, &d->def), mode,
                                                               d->type, 0, align_mul, align_offset);

   nir_intrinsic_instr *copy = nir_instr_as_intrinsic(nir_instr_clone(b->shader, &intr->instr));
   nir_builder_instr_insert(b, &copy->instr);
   nir_src_rewrite(&copy->src[0], &cast->def);
   return nir_intrinsic_infos[intr->intrinsic].has_dest ? &copy->def : NULL;
}

/* One arm per mode in modes[0..n), the last without a test. */
static nir_def *
build_arms(nir_builder *b, nir_intrinsic_instr *intr, nir_deref_instr *d,
           const nir_variable_mode *modes, unsigned n, nir_variable_mode may_be,
           const struct kiln_nir_generic_options *o)
{
   assert(n >= 1);
   if (n == 1)
      return access_in_mode(b, intr, d, modes[0]);

   nir_push_if(b, mode_test(b, &d->def, modes[0], may_be, o));
   nir_def *first = access_in_mode(b, intr, d, modes[0]);
   nir_push_else(b, NULL);
   nir_def *rest = build_arms(b, intr, d, modes + 1, n - 1, may_be & ~modes[0], o);
   nir_pop_if(b, NULL);
   return first ? nir_if_phi(b, first, rest) : NULL;
}

static bool
lower_access(nir_builder *b, nir_intrinsic_instr *intr, const struct kiln_nir_generic_options *o)
{
   bool atomic = false;
   switch (intr->intrinsic) {
   case nir_intrinsic_load_deref:
   case nir_intrinsic_store_deref:
      break;
   case nir_intrinsic_deref_atomic:
   case nir_intrinsic_deref_atomic_swap:
      atomic = true;
      break;
   default:
      return false;
   }
   nir_deref_instr *d = nir_src_as_deref(intr->src[0]);
   if (!d || !is_generic(d->modes))
      return false;

   nir_variable_mode may_be = d->modes;
   nir_variable_mode modes[3];
   unsigned n = 0;
   if (may_be & nir_var_mem_shared)
      modes[n++] = nir_var_mem_shared;
   if ((may_be & TEMP_MODES) && !atomic)
      modes[n++] = nir_var_function_temp;
   if (may_be & nir_var_mem_global)
      modes[n++] = nir_var_mem_global;
   /* A generic deref may be two modes at least, one of them not private
    * where it is an atomic's (OpenCL has no atomics on __private). */
   assert(n >= 1 && n <= ARRAY_SIZE(modes));
   if (atomic)
      may_be &= ~TEMP_MODES;
   if (may_be & TEMP_MODES)
      may_be = (may_be & ~TEMP_MODES) | nir_var_function_temp;

   b->cursor = nir_before_instr(&intr->instr);
   nir_def *value = build_arms(b, intr, d, modes, n, may_be, o);
   if (value)
      nir_def_rewrite_uses(&intr->def, value);
   nir_instr_remove(&intr->instr);
   return true;
}

static bool
lower_mode_is(nir_builder *b, nir_intrinsic_instr *intr, const struct kiln_nir_generic_options *o)
{
   nir_deref_instr *d = nir_src_as_deref(intr->src[0]);
   nir_variable_mode mode = nir_intrinsic_memory_modes(intr);
   assert(d && intr->def.num_components == 1 && intr->def.bit_size == 1);
   nir_variable_mode may_be = d->modes;
   if (may_be & TEMP_MODES)
      may_be |= TEMP_MODES;
   if (mode & TEMP_MODES)
      mode |= TEMP_MODES;

   b->cursor = nir_before_instr(&intr->instr);
   nir_def_replace(&intr->def, mode_test(b, &d->def, mode, may_be, o));
   return true;
}

bool
kiln_nir_lower_generic_access(nir_shader *nir, const struct kiln_nir_generic_options *options)
{
   bool progress = false;
   nir_foreach_function_impl (impl, nir) {
      bool impl_progress = false, cf_changed = false;
      nir_builder b = nir_builder_create(impl);

      /* Gathered first: the branches split the blocks being walked. */
      struct util_dynarray todo;
      util_dynarray_init(&todo, NULL);
      nir_foreach_block (block, impl) {
         nir_foreach_instr (instr, block) {
            if (instr->type == nir_instr_type_intrinsic)
               util_dynarray_append(&todo, nir_intrinsic_instr *, nir_instr_as_intrinsic(instr));
         }
      }
      util_dynarray_foreach (&todo, nir_intrinsic_instr *, p) {
         nir_intrinsic_instr *intr = *p;
         if (intr->intrinsic == nir_intrinsic_deref_mode_is) {
            impl_progress |= lower_mode_is(&b, intr, options);
         } else if (lower_access(&b, intr, options)) {
            impl_progress = cf_changed = true;
         }
      }
      util_dynarray_fini(&todo);

      /* What is still generic is a flat address, handled as __global. */
      nir_foreach_block (block, impl) {
         nir_foreach_instr (instr, block) {
            if (instr->type != nir_instr_type_deref)
               continue;
            nir_deref_instr *d = nir_instr_as_deref(instr);
            if (is_generic(d->modes)) {
               d->modes = nir_var_mem_global;
               impl_progress = true;
            }
         }
      }
      nir_metadata_preserve(impl, cf_changed      ? nir_metadata_none
                                  : impl_progress ? nir_metadata_control_flow
                                                  : nir_metadata_all);
      progress |= impl_progress;
   }
   return progress;
}
