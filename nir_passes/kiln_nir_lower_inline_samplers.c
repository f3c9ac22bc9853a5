/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Literal samplers (`const sampler_t s = CLK_NORMALIZED_COORDS_TRUE |
 * CLK_ADDRESS_REPEAT | CLK_FILTER_LINEAR;`, OpenCL C 2.0 6.13.14.1) as
 * constant sampler descriptors: vtn gives each OpConstantSampler a uniform
 * sampler variable carrying its three properties; every texture
 * instruction sampling through one gets the S# the target builds for
 * those properties as an immediate sampler handle, so a literal sampler
 * costs no argument slot and no load.  The variables then go, so that
 * nothing mistakes them for kernel arguments.
 */
#include "kiln_nir_passes.h"

#include "nir_builder.h"

static bool
is_inline_sampler(const nir_variable *var)
{
   return var && var->data.mode == nir_var_uniform && glsl_type_is_sampler(var->type) &&
          var->data.sampler.is_inline_sampler;
}

static bool
lower_tex(nir_builder *b, nir_instr *instr, void *data)
{
   const struct kiln_nir_inline_sampler_options *opts = data;
   if (instr->type != nir_instr_type_tex)
      return false;
   nir_tex_instr *tex = nir_instr_as_tex(instr);
   const int i = nir_tex_instr_src_index(tex, nir_tex_src_sampler_deref);
   if (i < 0)
      return false;
   assert(nir_src_as_deref(tex->src[i].src));
   nir_variable *var = nir_deref_instr_get_variable(nir_src_as_deref(tex->src[i].src));
   if (!is_inline_sampler(var))
      return false;

   uint32_t desc[4];
   opts->build(var->data.sampler.addressing_mode, var->data.sampler.normalized_coordinates,
               var->data.sampler.filter_mode, desc, opts->data);
   b->cursor = nir_before_instr(&tex->instr);
   nir_src_rewrite(&tex->src[i].src, nir_imm_ivec4(b, desc[0], desc[1], desc[2], desc[3]));
   tex->src[i].src_type = nir_tex_src_sampler_handle;
   return true;
}

/* The literal samplers' derefs, now unused; *still_used is set when one
 * is not (its variable must stay). */
static bool
remove_deref(nir_builder *b, nir_instr *instr, void *data)
{
   bool *still_used = data;
   if (instr->type != nir_instr_type_deref)
      return false;
   nir_deref_instr *deref = nir_instr_as_deref(instr);
   if (deref->deref_type != nir_deref_type_var || !is_inline_sampler(deref->var))
      return false;
   if (!nir_def_is_unused(&deref->def)) {
      *still_used = true;
      return false;
   }
   nir_instr_remove(instr);
   return true;
}

bool
kiln_nir_lower_inline_samplers(nir_shader *nir,
                               const struct kiln_nir_inline_sampler_options *options)
{
   bool progress =
      nir_shader_instructions_pass(nir, lower_tex, nir_metadata_control_flow, (void *)options);
   bool still_used = false;
   progress |=
      nir_shader_instructions_pass(nir, remove_deref, nir_metadata_control_flow, &still_used);
   if (still_used)
      return progress;
   nir_foreach_variable_with_modes_safe(var, nir, nir_var_uniform)
   {
      if (is_inline_sampler(var)) {
         exec_node_remove(&var->node);
         progress = true;
      }
   }
   return progress;
}
