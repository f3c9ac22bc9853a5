/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Correctly rounded double-precision division (OpenCL C 2.0 §7.4: x / y
 * on doubles is correctly rounded).  The AMD NIR options lower fdiv to
 * x * frcp(y), which is off by an ulp for many operands.  This pass
 * replaces every 64-bit fdiv with the sequence LLVM's AMDGPU backend uses
 * (SIISelLowering's lowerFDIV_FAST64 form of v_div_scale / v_rcp /
 * Newton-Raphson / v_div_fmas / v_div_fixup), written in NIR:
 *
 *   - the operands are scaled to mantissas in [0.5, 1) (frexp), so no
 *     step can overflow or underflow; the quotient's exponent is added
 *     back by an exact ldexp and one rounding multiply by 2^+/-64;
 *   - y = 1/b by v_rcp_f64 and two fma Newton-Raphson steps, q = a * y,
 *     then the residual r = fma(-b, q, a) (exact) gives the correctly
 *     rounded q + r * y in one fma;
 *   - a subnormal quotient is rounded twice (53 bits, then the multiply
 *     to the subnormal grid), so its last bit is decided again from the
 *     exact residual of the scaled candidate, ties to even;
 *   - zeros, infinities and NaNs take x * frcp(y), which gives the IEEE
 *     results for them.
 *
 * Every instruction is exact so that nir_opt_algebraic keeps the
 * sequence as written.  Run before the first nir_opt_algebraic, which
 * would turn the fdiv into a multiply by frcp.
 */
#include "kiln_nir_passes.h"

#include "nir_builder.h"

static nir_def *
correctly_rounded_div(nir_builder *b, nir_def *a, nir_def *d)
{
   /* Scalar doubles: lower_fdiv64 splits the vector. */
   assert(a->bit_size == 64 && d->bit_size == 64);
   assert(a->num_components == 1 && d->num_components == 1);
   nir_def *one = nir_imm_double(b, 1.0);

   /* a = ma * 2^ea, d = md * 2^ed, |ma|, |md| in [0.5, 1). */
   nir_def *ma = nir_frexp_sig(b, a);
   nir_def *md = nir_frexp_sig(b, d);
   nir_def *k = nir_isub(b, nir_frexp_exp(b, a), nir_frexp_exp(b, d));

   /* y ~ 1/md to within an ulp. */
   nir_def *neg_md = nir_fneg(b, md);
   nir_def *y = nir_frcp(b, md);
   y = nir_ffma(b, y, nir_ffma(b, neg_md, y, one), y);
   y = nir_ffma(b, y, nir_ffma(b, neg_md, y, one), y);

   /* Correctly rounded ma / md, in (0.5, 2). */
   nir_def *q = nir_fmul(b, ma, y);
   nir_def *r = nir_ffma(b, neg_md, q, ma);
   q = nir_ffma(b, r, y, q);

   /* res = q * 2^k, rounded once: ldexp by k -/+ 64 is exact (its result
    * is normal for k in [-1085, 1086]) and the multiply by 2^+/-64 does
    * the only rounding, to a subnormal or infinity where needed.  (NIR's
    * ldexp flushes results that are not normal, so it cannot round.)
    * Outside that range q * 2^k is certainly infinite or rounds to zero. */
   nir_def *k_le_0 = nir_ilt_imm(b, k, 1);
   nir_def *scaled = nir_ldexp(
      b, q, nir_iadd(b, k, nir_bcsel(b, k_le_0, nir_imm_int(b, 64), nir_imm_int(b, -64))));
   nir_def *res = nir_fmul(
      b, scaled, nir_bcsel(b, k_le_0, nir_imm_double(b, 0x1p-64), nir_imm_double(b, 0x1p64)));
   res = nir_bcsel(b, nir_ilt_imm(b, k, -1085), nir_fmul_imm(b, q, 0.0), res);
   res = nir_bcsel(b, nir_ilt(b, nir_imm_int(b, 1086), k), nir_fmul_imm(b, q, INFINITY), res);

   /* A subnormal (or zero) res: redo the last rounding on the grid of
    * 2^-1074, scaled by 2^-k like ma and md.  c is res scaled back (exact:
    * res is a multiple of 2^-1074), rc = ma - md * c exactly, and
    * (ma/md - c) = rc/md is compared with half the scaled grid step u. */
   nir_def *min_normal = nir_imm_double(b, 0x1p-1022);
   nir_def *tiny = nir_flt(b, nir_fabs(b, res), min_normal);
   nir_def *c = nir_ldexp(b, res, nir_ineg(b, k));
   nir_def *rc = nir_ffma(b, neg_md, c, ma);
   nir_def *u = nir_ldexp(b, one, nir_isub_imm(b, -1074, k));
   nir_def *half = nir_fmul(b, nir_fmul_imm(b, u, 0.5), nir_fabs(b, md));
   /* rc with the sign of ma/md - c. */
   nir_def *dist = nir_bcsel(b, nir_flt_imm(b, md, 0.0), nir_fneg(b, rc), rc);
   nir_def *grid = nir_imm_double(b, 0x1p-1074);
   nir_def *up = nir_fadd(b, res, grid);
   nir_def *down = nir_fsub(b, res, grid);
   /* Ties: the neighbour whose last mantissa bit is 0. */
   nir_def *res_odd = nir_i2b(b, nir_iand_imm(b, nir_unpack_64_2x32_split_x(b, res), 1));
   nir_def *tie_up = nir_iand(b, nir_feq(b, dist, half), res_odd);
   nir_def *tie_down = nir_iand(b, nir_feq(b, dist, nir_fneg(b, half)), res_odd);
   nir_def *go_up = nir_ior(b, nir_flt(b, half, dist), tie_up);
   nir_def *go_down = nir_ior(b, nir_flt(b, dist, nir_fneg(b, half)), tie_down);
   nir_def *fixed = nir_bcsel(b, go_up, up, nir_bcsel(b, go_down, down, res));
   /* fadd/fsub of 2^-1074 to zero give a signed zero of the wrong sign
    * only when the result is zero; keep the quotient's sign. */
   nir_def *sign = nir_ixor(b, nir_unpack_64_2x32_split_y(b, a), nir_unpack_64_2x32_split_y(b, d));
   fixed = nir_pack_64_2x32_split(
      b, nir_unpack_64_2x32_split_x(b, fixed),
      nir_ior(b, nir_iand_imm(b, nir_unpack_64_2x32_split_y(b, fixed), 0x7fffffff),
              nir_iand_imm(b, sign, 0x80000000)));
   res = nir_bcsel(b, tiny, fixed, res);

   /* Zeros, infinities and NaNs. */
   nir_def *inf = nir_imm_double(b, INFINITY);
   nir_def *zero = nir_imm_double(b, 0.0);
   nir_def *regular =
      nir_iand(b, nir_iand(b, nir_flt(b, nir_fabs(b, a), inf), nir_flt(b, nir_fabs(b, d), inf)),
               nir_iand(b, nir_fneu(b, a, zero), nir_fneu(b, d, zero)));
   nir_def *special = nir_fmul(b, a, nir_frcp(b, d));
   return nir_bcsel(b, regular, res, special);
}

static bool
lower_fdiv64(nir_builder *b, nir_alu_instr *alu, void *data)
{
   if (alu->op != nir_op_fdiv || alu->def.bit_size != 64)
      return false;

   b->cursor = nir_before_instr(&alu->instr);
   b->exact = true;

   /* The sequence is per component; build it on scalars. */
   nir_def *comps[NIR_MAX_VEC_COMPONENTS];
   for (unsigned i = 0; i < alu->def.num_components; i++) {
      nir_def *a = nir_channel(b, alu->src[0].src.ssa, alu->src[0].swizzle[i]);
      nir_def *d = nir_channel(b, alu->src[1].src.ssa, alu->src[1].swizzle[i]);
      comps[i] = correctly_rounded_div(b, a, d);
   }
   nir_def_replace(&alu->def, nir_vec(b, comps, alu->def.num_components));
   return true;
}

bool
kiln_nir_lower_fdiv64(nir_shader *nir)
{
   return nir_shader_alu_pass(nir, lower_fdiv64, nir_metadata_control_flow, NULL);
}
