/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Correctly rounded half-precision division (cl_khr_fp16: x / y on half
 * is correctly rounded).  The AMD NIR options lower fdiv to x * frcp(y),
 * in half an error of up to about an ulp and a half.  This pass divides
 * in single precision instead and rounds the quotient once to half:
 *
 *   r = frcp(b), q0 = a * r          (a, b the halves as floats, exact)
 *   e = fma(-b, q0, a)               (the residual, exact)
 *   q = fma(e, r, q0)                (within 0.6 float ulp of a / b)
 *
 * One rounding of q to half is then the rounding of a / b itself: a
 * quotient of two 11-bit significands that is not a rounding midpoint of
 * half (a 12-bit odd significand) lies more than a float ulp away from
 * every midpoint, since a - m * b is then a non-zero multiple of the
 * operands' last bit.  So q is on the same side of each midpoint as a / b,
 * and half's overflow threshold, 65520, is one of them.  Quotients of
 * halves are normal floats (2^-24 / 65504 > 2^-126), so flushing float
 * denormals does not touch them.  Where the residual is not finite (b
 * zero or infinite, a infinite or NaN) or q0 is zero (a zero, whose sign
 * the correction would lose), q0 is already the IEEE result.
 *
 * Every instruction is exact so that nir_opt_algebraic keeps the sequence
 * as written.  Run before the first nir_opt_algebraic, which would turn
 * the fdiv into a multiply by frcp.
 */
#include "kiln_nir_passes.h"

#include "nir_builder.h"

static nir_def *
correctly_rounded_div(nir_builder *b, nir_def *a16, nir_def *b16)
{
   assert(a16->bit_size == 16 && b16->bit_size == 16);
   assert(a16->num_components == b16->num_components);
   nir_def *a = nir_f2f32(b, a16);
   nir_def *d = nir_f2f32(b, b16);
   nir_def *r = nir_frcp(b, d);
   nir_def *q0 = nir_fmul(b, a, r);
   nir_def *e = nir_ffma(b, nir_fneg(b, d), q0, a);
   nir_def *q = nir_ffma(b, e, r, q0);
   nir_def *use_q = nir_iand(b, nir_flt_imm(b, nir_fabs(b, e), INFINITY), nir_fneu_imm(b, q0, 0.0));
   return nir_f2f16_rtne(b, nir_bcsel(b, use_q, q, q0));
}

static bool
lower_fdiv16(nir_builder *b, nir_alu_instr *alu, void *data)
{
   if (alu->op != nir_op_fdiv || alu->def.bit_size != 16)
      return false;
   b->cursor = nir_before_instr(&alu->instr);
   b->exact = true;
   nir_def *res =
      correctly_rounded_div(b, nir_ssa_for_alu_src(b, alu, 0), nir_ssa_for_alu_src(b, alu, 1));
   nir_def_replace(&alu->def, res);
   return true;
}

bool
kiln_nir_lower_fdiv16(nir_shader *nir)
{
   return nir_shader_alu_pass(nir, lower_fdiv16, nir_metadata_control_flow, NULL);
}
