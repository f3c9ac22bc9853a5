/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Narrowing float conversions with a directed rounding mode
 * (convert_float_rtz/rtp/rtn(double), vstore_half_rtp, ...: OpenCL C 2.0
 * §6.2.3.2), which vtn leaves as convert_alu_types intrinsics.  The
 * hardware conversion rounds to nearest even; the result is then moved
 * one representable value toward the requested direction when the
 * round trip back to the source type shows it went the other way:
 *
 *   lo = f2fN(x), back = f2fM(lo)
 *   rtp: back < x  ? nextafter(lo, +inf) : lo
 *   rtn: back > x  ? nextafter(lo, -inf) : lo
 *   rtz: rtp for x < 0, rtn otherwise
 *
 * so an overflowing rtz/rtn conversion gives the largest finite value,
 * not infinity, and NaN stays NaN.  Mesa's nir_lower_convert_alu_types
 * builds the same shape, but (in 25.0) chooses rtz's direction by x < 1
 * instead of x < 0, and its instructions are inexact, so
 * nir_opt_algebraic folds the round-trip comparison away; every
 * instruction here is exact.  Run before nir_lower_convert_alu_types,
 * which lowers the remaining conversions.
 *
 * Conversions between half and integers (convert_half_rtz(int),
 * convert_long_sat(half)) go through float first, then take the same
 * path.
 */
#include "kiln_nir_passes.h"

#include "nir_builder.h"
#include "nir_builtin_builder.h"

static nir_def *
round_toward(nir_builder *b, nir_def *x, unsigned dest_bit_size, bool up)
{
   assert(dest_bit_size == 16 || dest_bit_size == 32);
   assert(x->bit_size > dest_bit_size);
   nir_def *lo = nir_type_convert(b, x, nir_type_float, nir_type_float | dest_bit_size,
                                  nir_rounding_mode_undef);
   nir_def *back = nir_type_convert(b, lo, nir_type_float, nir_type_float | x->bit_size,
                                    nir_rounding_mode_undef);
   nir_def *wrong_side = up ? nir_flt(b, back, x) : nir_flt(b, x, back);
   nir_def *limit = nir_imm_floatN_t(b, up ? INFINITY : -INFINITY, dest_bit_size);
   return nir_bcsel(b, wrong_side, nir_nextafter(b, lo, limit), lo);
}

static bool
is_half_and_integer(nir_alu_type a, nir_alu_type b)
{
   return a == nir_type_float16 && (nir_alu_type_get_base_type(b) == nir_type_int ||
                                    nir_alu_type_get_base_type(b) == nir_type_uint);
}

/* A conversion between half and an integer made one from or to float:
 * half to float is exact, and so is an integer to float below 2^24;
 * beyond that the integer is far outside half's range, where only its
 * sign and the rounding mode decide the result.  Mesa's lowering gets
 * both wrong directly: it clamps a saturating half-to-long conversion at
 * bounds half cannot hold, and gives infinity for an integer beyond 65504
 * rounded toward zero. */
static void
convert_through_float(nir_builder *b, nir_intrinsic_instr *conv, nir_alu_type src_type)
{
   b->cursor = nir_before_instr(&conv->instr);
   nir_def *f =
      nir_type_convert(b, conv->src[0].ssa, src_type, nir_type_float32, nir_rounding_mode_undef);
   nir_src_rewrite(&conv->src[0], f);
   nir_intrinsic_set_src_type(conv, nir_type_float32);
}

static bool
lower_narrowing(nir_builder *b, nir_intrinsic_instr *conv, void *data)
{
   if (conv->intrinsic != nir_intrinsic_convert_alu_types)
      return false;

   nir_alu_type src_type = nir_intrinsic_src_type(conv);
   nir_alu_type dest_type = nir_intrinsic_dest_type(conv);
   /* vtn gives both types their sizes. */
   assert(nir_alu_type_get_type_size(src_type) == conv->src[0].ssa->bit_size);
   assert(nir_alu_type_get_type_size(dest_type) == conv->def.bit_size);
   bool progress = false;
   if (is_half_and_integer(src_type, dest_type) ||
       (is_half_and_integer(dest_type, src_type) && !nir_intrinsic_saturate(conv))) {
      convert_through_float(b, conv, src_type);
      src_type = nir_type_float32;
      progress = true;
   }

   nir_def *x = conv->src[0].ssa;
   unsigned dest_bit_size = nir_alu_type_get_type_size(dest_type);
   if (nir_intrinsic_saturate(conv) || nir_alu_type_get_base_type(src_type) != nir_type_float ||
       nir_alu_type_get_base_type(dest_type) != nir_type_float || dest_bit_size >= x->bit_size)
      return progress;

   nir_rounding_mode mode = nir_intrinsic_rounding_mode(conv);
   if (mode != nir_rounding_mode_ru && mode != nir_rounding_mode_rd &&
       mode != nir_rounding_mode_rtz)
      return progress;

   b->cursor = nir_before_instr(&conv->instr);
   b->exact = true;

   nir_def *res;
   if (mode == nir_rounding_mode_rtz) {
      res = nir_bcsel(b, nir_flt_imm(b, x, 0.0), round_toward(b, x, dest_bit_size, true),
                      round_toward(b, x, dest_bit_size, false));
   } else {
      res = round_toward(b, x, dest_bit_size, mode == nir_rounding_mode_ru);
   }
   nir_def_replace(&conv->def, res);
   return true;
}

bool
kiln_nir_lower_float_narrowing(nir_shader *nir)
{
   return nir_shader_intrinsics_pass(nir, lower_narrowing, nir_metadata_control_flow, NULL);
}
