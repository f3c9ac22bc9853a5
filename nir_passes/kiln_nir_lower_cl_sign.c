/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * OpenCL's sign() (OpenCL C 2.0 §6.13.2): 1.0 for x > 0, -1.0 for x < 0,
 * x itself for +0.0 and -0.0, and 0.0 for a NaN.  vtn translates it to
 * nir_op_fsign, whose definition leaves zeros and NaNs open (the GLSL
 * rule); ACO's fsign gives -1.0 for a NaN and +0.0 for -0.0.  The pass
 * selects the two special cases around the fsign, exactly, so that
 * nir_opt_algebraic keeps the selects; for other values fsign is ±1.0 on
 * every backend.
 */
#include "kiln_nir_passes.h"

#include "nir_builder.h"

static bool
lower_sign(nir_builder *b, nir_alu_instr *alu, void *data)
{
   if (alu->op != nir_op_fsign)
      return false;

   b->cursor = nir_before_instr(&alu->instr);
   b->exact = true;
   nir_def *x = nir_ssa_for_alu_src(b, alu, 0);
   assert(x->bit_size == alu->def.bit_size && x->num_components == alu->def.num_components);
   nir_def *zero = nir_imm_floatN_t(b, 0.0, x->bit_size);
   nir_def *signed_x = nir_bcsel(b, nir_feq(b, x, zero), x, nir_fsign(b, x));
   nir_def *result = nir_bcsel(b, nir_fneu(b, x, x), zero, signed_x);
   b->exact = false;

   nir_def_replace(&alu->def, result);
   return true;
}

/* The instructions written go in before the one replaced, where the
 * forward walk does not visit them again. */
static bool
lower_instr(nir_builder *b, nir_instr *instr, void *data)
{
   return instr->type == nir_instr_type_alu && lower_sign(b, nir_instr_as_alu(instr), data);
}

bool
kiln_nir_lower_cl_sign(nir_shader *nir)
{
   return nir_shader_instructions_pass(nir, lower_instr, nir_metadata_control_flow, NULL);
}
