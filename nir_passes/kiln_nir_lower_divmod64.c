/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * 64-bit integer division and remainder through a reciprocal.  Mesa's
 * nir_lower_int64 divides bit by bit (about 600 machine instructions per
 * udiv on AMD); this is the sequence LLVM's AMDGPU backend uses
 * (AMDGPUTargetLowering::LowerUDIVREM64): a 32-bit float reciprocal of the
 * divisor scaled to a 64-bit fixed-point estimate of 2^64 / d, two
 * unsigned Newton-Raphson steps in 64-bit integer arithmetic, the quotient
 * estimate umul_high(n, 1/d), and two corrections by comparing the
 * remainder with d.  The 64-bit multiplies it leaves are lowered to 32-bit
 * ones by nir_lower_int64 afterwards.  Signed division and remainders
 * divide magnitudes and fix the signs (C99: the quotient truncates, the
 * remainder takes the dividend's sign; imod the divisor's).  Division by
 * zero is undefined in OpenCL C and gives some value.  Run before
 * nir_lower_int64.
 */
#include "kiln_nir_passes.h"

#include "nir_builder.h"
#include "util/u_math.h"

struct divmod {
   nir_def *quot, *rem;
};

static struct divmod
udivmod64(nir_builder *b, nir_def *n, nir_def *d)
{
   /* Float steps exact as written: the constants below assume them. */
   bool exact = b->exact;
   b->exact = true;

   nir_def *d_lo = nir_unpack_64_2x32_split_x(b, d);
   nir_def *d_hi = nir_unpack_64_2x32_split_y(b, d);

   /* f = d as a float (d_hi * 2^32 + d_lo), r = ~2^64 / f split into a
    * high and a low 32-bit part. */
   nir_def *f =
      nir_ffma(b, nir_u2f32(b, d_hi), nir_imm_float(b, 4294967296.0f), nir_u2f32(b, d_lo));
   nir_def *r = nir_fmul(b, nir_frcp(b, f), nir_imm_float(b, uif(0x5f7ffffc)));
   nir_def *r_hi = nir_ftrunc(b, nir_fmul(b, r, nir_imm_float(b, uif(0x2f800000))));
   nir_def *r_lo = nir_ffma(b, r_hi, nir_imm_float(b, uif(0xcf800000)), r);
   nir_def *rcp = nir_pack_64_2x32_split(b, nir_f2u32(b, r_lo), nir_f2u32(b, r_hi));
   b->exact = exact;

   /* Two Newton-Raphson steps: rcp += umul_high(rcp, -d * rcp). */
   nir_def *neg_d = nir_ineg(b, d);
   for (unsigned i = 0; i < 2; i++)
      rcp = nir_iadd(b, rcp, nir_umul_high(b, rcp, nir_imul(b, neg_d, rcp)));

   /* The quotient estimate is at most two below the quotient. */
   nir_def *q = nir_umul_high(b, n, rcp);
   nir_def *rem = nir_isub(b, n, nir_imul(b, d, q));
   for (unsigned i = 0; i < 2; i++) {
      nir_def *over = nir_uge(b, rem, d);
      q = nir_bcsel(b, over, nir_iadd_imm(b, q, 1), q);
      rem = nir_bcsel(b, over, nir_isub(b, rem, d), rem);
   }
   return (struct divmod){ q, rem };
}

static nir_def *
lower_divmod(nir_builder *b, nir_alu_instr *alu)
{
   nir_def *n = nir_ssa_for_alu_src(b, alu, 0);
   nir_def *d = nir_ssa_for_alu_src(b, alu, 1);
   assert(n->bit_size == 64 && d->bit_size == 64);
   assert(n->num_components == 1 && d->num_components == 1);

   switch (alu->op) {
   case nir_op_udiv:
      return udivmod64(b, n, d).quot;
   case nir_op_umod:
      return udivmod64(b, n, d).rem;
   case nir_op_idiv: {
      struct divmod r = udivmod64(b, nir_iabs(b, n), nir_iabs(b, d));
      nir_def *negative = nir_ilt_imm(b, nir_ixor(b, n, d), 0);
      return nir_bcsel(b, negative, nir_ineg(b, r.quot), r.quot);
   }
   case nir_op_irem:
   case nir_op_imod: {
      struct divmod r = udivmod64(b, nir_iabs(b, n), nir_iabs(b, d));
      nir_def *rem = nir_bcsel(b, nir_ilt_imm(b, n, 0), nir_ineg(b, r.rem), r.rem);
      if (alu->op == nir_op_irem)
         return rem;
      /* imod: a non-zero remainder takes the divisor's sign. */
      nir_def *fix = nir_iand(b, nir_ine_imm(b, rem, 0),
                              nir_ine(b, nir_ilt_imm(b, rem, 0), nir_ilt_imm(b, d, 0)));
      return nir_bcsel(b, fix, nir_iadd(b, rem, d), rem);
   }
   default:
      unreachable("not a division");
   }
}

static bool
lower_instr(nir_builder *b, nir_instr *instr, void *data)
{
   if (instr->type != nir_instr_type_alu)
      return false;
   nir_alu_instr *alu = nir_instr_as_alu(instr);
   switch (alu->op) {
   case nir_op_udiv:
   case nir_op_umod:
   case nir_op_idiv:
   case nir_op_irem:
   case nir_op_imod:
      break;
   default:
      return false;
   }
   if (alu->def.bit_size != 64 || alu->def.num_components != 1)
      return false;

   b->cursor = nir_before_instr(instr);
   nir_def_replace(&alu->def, lower_divmod(b, alu));
   return true;
}

bool
kiln_nir_lower_divmod64(nir_shader *nir)
{
   return nir_shader_instructions_pass(nir, lower_instr, nir_metadata_control_flow, NULL);
}
