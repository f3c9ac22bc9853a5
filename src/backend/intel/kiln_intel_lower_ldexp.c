/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * OpenCL's ldexp on half and float for a GPU without an ldexp instruction
 * (brw), exactly: OpenCL wants x * 2^n correctly rounded for every n,
 * where NIR's own lowering (nir_opt_algebraic's, GLSL's precision) clamps
 * n and rounds twice, and libclc 15, which vtn calls when a backend lowers
 * ldexp, has no half version.  The Intel backend offers ldexp to vtn as an
 * ALU op and lowers it here before brw sees it:
 *  - half: in float, where x * 2^n is exact for every n that can change a
 *    half result (n clamped to [-64, 64]), rounded to half once;
 *  - float: musl's scalbnf, scaling by 2^127 or 2^-102 while n is out of
 *    the normal range, then one multiply by 2^n built from its bits.
 */
#include "kiln_intel_backend.h"

#include "nir_builder.h"

/* 2^n for n in [-126, 127]: the exponent field alone. */
static nir_def *
exp2i_f32(nir_builder *b, nir_def *n)
{
   return nir_ishl_imm(b, nir_iadd_imm(b, n, 127), 23);
}

static nir_def *
scale_while(nir_builder *b, nir_def **y, nir_def *n, bool up)
{
   /* musl: y *= 0x1p127, n -= 127 while n > 127 (twice, then clamp);
    * y *= 0x1p-102 (0x1p-126 * 0x1p24), n += 102 while n < -126. */
   const float factor = up ? 0x1p127f : 0x1p-102f;
   const int step = up ? -127 : 102;
   for (unsigned i = 0; i < 2; i++) {
      nir_def *out = up ? nir_igt_imm(b, n, 127) : nir_ilt_imm(b, n, -126);
      *y = nir_bcsel(b, out, nir_fmul_imm(b, *y, factor), *y);
      n = nir_bcsel(b, out, nir_iadd_imm(b, n, step), n);
   }
   return up ? nir_imin(b, n, nir_imm_int(b, 127)) : nir_imax(b, n, nir_imm_int(b, -126));
}

static nir_def *
ldexp_f32(nir_builder *b, nir_def *x, nir_def *n)
{
   assert(x->bit_size == 32 && n->bit_size == 32);
   nir_def *y = x;
   n = scale_while(b, &y, n, true);
   n = scale_while(b, &y, n, false);
   return nir_fmul(b, y, exp2i_f32(b, n));
}

static bool
lower_ldexp(nir_builder *b, nir_alu_instr *alu, void *data)
{
   if (alu->op != nir_op_ldexp || alu->def.bit_size > 32)
      return false;
   b->cursor = nir_before_instr(&alu->instr);
   nir_def *x = nir_ssa_for_alu_src(b, alu, 0);
   assert(x->bit_size == 16 || x->bit_size == 32);
   nir_def *n = nir_i2i32(b, nir_ssa_for_alu_src(b, alu, 1));
   nir_def *value;
   if (alu->def.bit_size == 16) {
      n = nir_imin(b, nir_imax(b, n, nir_imm_int(b, -64)), nir_imm_int(b, 64));
      value = nir_f2f16(b, nir_fmul(b, nir_f2f32(b, x), exp2i_f32(b, n)));
   } else {
      value = ldexp_f32(b, x, n);
   }
   nir_def_replace(&alu->def, value);
   return true;
}

bool
kiln_intel_lower_ldexp(nir_shader *nir)
{
   return nir_shader_alu_pass(nir, lower_ldexp, nir_metadata_control_flow, NULL);
}
