/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Conversions between double and half through float, for backends that
 * convert to and from half only at 32 bits (ACO).  half to double is
 * exact both ways round.  double to half is rounded once by going through
 * a float rounded to odd: the double rounded toward zero to float, its
 * last bit set when that was inexact.  A float has 13 more significant
 * bits than a half, so rounding that float to half, to nearest (f2f16,
 * f2f16_rtne) or toward zero (f2f16_rtz), gives the double's own rounding;
 * a float rounded to nearest instead can land on a half tie the double
 * was past, or on a half value the double was below.
 *
 * Mesa's nir_lower_fp16_casts (nir_lower_fp16_split_fp64) builds the
 * rounding-to-nearest case from bit tests, but sets a bit of an infinite
 * float (vstore_half(1e300) stored a NaN), lets an rtz conversion round up
 * through float, and its f2f64(f2f32(x)) for half to double is folded
 * back into the f2f64 of a half that ACO cannot select.  Every instruction
 * here is exact, so nir_opt_algebraic keeps them.
 *
 * A double below 2^-100 becomes +/-2^-100 first: every rounding to half
 * treats the two alike (half's smallest subnormal is 2^-24), and float
 * denormals, which the kernel may flush, are avoided.
 */
#include "kiln_nir_passes.h"

#include "nir_builder.h"

/* The 64-bit x as a float rounded to odd. */
static nir_def *
round_to_odd_f32(nir_builder *b, nir_def *x)
{
   assert(x->bit_size == 64);
   nir_def *ax = nir_fabs(b, x);
   nir_def *tiny = nir_iand(b, nir_flt_imm(b, ax, 0x1p-100), nir_fneu_imm(b, x, 0.0));
   nir_def *tiny_value = nir_bcsel(b, nir_flt_imm(b, x, 0.0), nir_imm_double(b, -0x1p-100),
                                   nir_imm_double(b, 0x1p-100));
   x = nir_bcsel(b, tiny, tiny_value, x);

   /* Rounded to nearest, then one float toward zero where that went away
    * from zero (an overflow to infinity becomes the largest float), then
    * the last bit set where inexact (a NaN stays a NaN). */
   nir_def *f = nir_f2f32(b, x);
   nir_def *back = nir_f2f64(b, f);
   nir_def *away = nir_flt(b, nir_fabs(b, x), nir_fabs(b, back));
   f = nir_bcsel(b, away, nir_iadd_imm(b, f, -1), f);
   return nir_bcsel(b, nir_fneu(b, back, x), nir_ior_imm(b, f, 1), f);
}

static bool
lower_cast(nir_builder *b, nir_alu_instr *alu, void *data)
{
   unsigned src_bits = nir_src_bit_size(alu->src[0].src);
   nir_def *res;

   b->cursor = nir_before_instr(&alu->instr);
   b->exact = true;
   switch (alu->op) {
   case nir_op_f2f64:
      if (src_bits != 16)
         return false;
      res = nir_f2f64(b, nir_f2f32(b, nir_ssa_for_alu_src(b, alu, 0)));
      break;
   case nir_op_f2f16:
   case nir_op_f2f16_rtne:
   case nir_op_f2f16_rtz:
      if (src_bits != 64)
         return false;
      res = nir_build_alu1(b, alu->op, round_to_odd_f32(b, nir_ssa_for_alu_src(b, alu, 0)));
      break;
   default:
      return false;
   }
   assert(res->bit_size == alu->def.bit_size && res->num_components == alu->def.num_components);
   nir_def_replace(&alu->def, res);
   return true;
}

bool
kiln_nir_lower_f16_f64_casts(nir_shader *nir)
{
   return nir_shader_alu_pass(nir, lower_cast, nir_metadata_control_flow, NULL);
}
