/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * read_imageh() and write_imageh() (cl_khr_fp16) through 32-bit image
 * values: vtn gives their image loads, samples and stores 16-bit values,
 * which a backend would turn into the D16 forms of the image
 * instructions.  Here a load or sample returns 32-bit floats converted to
 * half afterwards (rounded to nearest even, as OpenCL's conversion to half
 * is), and a store takes its halves widened to float, which is exact; the
 * image's format conversion then sees the same value either way.
 */
#include "kiln_nir_passes.h"

#include "nir_builder.h"

static nir_def *
narrow(nir_builder *b, nir_def *v, nir_alu_type type)
{
   assert(v->bit_size == 32);
   switch (nir_alu_type_get_base_type(type)) {
   case nir_type_float:
      return nir_f2f16(b, v);
   case nir_type_int:
      return nir_i2i16(b, v);
   default:
      return nir_u2u16(b, v);
   }
}

static nir_def *
widen(nir_builder *b, nir_def *v, nir_alu_type type)
{
   assert(v->bit_size == 16);
   switch (nir_alu_type_get_base_type(type)) {
   case nir_type_float:
      return nir_f2f32(b, v);
   case nir_type_int:
      return nir_i2i32(b, v);
   default:
      return nir_u2u32(b, v);
   }
}

static nir_alu_type
as_32bit(nir_alu_type type)
{
   return nir_alu_type_get_base_type(type) | 32;
}

/* def, now 16-bit, computed at 32 bits and narrowed after its instruction. */
static void
widen_def(nir_builder *b, nir_def *def, nir_alu_type type)
{
   assert(def->bit_size == 16);
   def->bit_size = 32;
   b->cursor = nir_after_instr(def->parent_instr);
   nir_def *narrowed = narrow(b, def, type);
   nir_def_rewrite_uses_after(def, narrowed, narrowed->parent_instr);
}

static bool
lower_instr(nir_builder *b, nir_instr *instr, void *data)
{
   if (instr->type == nir_instr_type_tex) {
      nir_tex_instr *tex = nir_instr_as_tex(instr);
      if (tex->def.bit_size != 16)
         return false;
      tex->dest_type = as_32bit(tex->dest_type);
      widen_def(b, &tex->def, tex->dest_type);
      return true;
   }
   if (instr->type != nir_instr_type_intrinsic)
      return false;

   nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
   switch (intr->intrinsic) {
   case nir_intrinsic_image_deref_load:
   case nir_intrinsic_bindless_image_load:
      if (intr->def.bit_size != 16)
         return false;
      nir_intrinsic_set_dest_type(intr, as_32bit(nir_intrinsic_dest_type(intr)));
      widen_def(b, &intr->def, nir_intrinsic_dest_type(intr));
      return true;
   case nir_intrinsic_image_deref_store:
   case nir_intrinsic_bindless_image_store:
      if (intr->src[3].ssa->bit_size != 16)
         return false;
      nir_intrinsic_set_src_type(intr, as_32bit(nir_intrinsic_src_type(intr)));
      b->cursor = nir_before_instr(instr);
      nir_src_rewrite(&intr->src[3], widen(b, intr->src[3].ssa, nir_intrinsic_src_type(intr)));
      return true;
   default:
      return false;
   }
}

bool
kiln_nir_lower_image_16bit(nir_shader *nir)
{
   return nir_shader_instructions_pass(nir, lower_instr, nir_metadata_control_flow, NULL);
}
