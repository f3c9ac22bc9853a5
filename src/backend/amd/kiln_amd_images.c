/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The image and sampler work between kiln's image passes and ACO, as
 * radeonsi does it for its own descriptors: literal samplers get the S#
 * Mesa's ac_build_sampler_descriptor makes for their OpenCL properties
 * (the front end has made half image values 32-bit ones:
 * kiln_nir_lower_image_16bit); image size queries read the
 * descriptor (ac_nir_lower_resinfo), whose descriptor requests are the
 * handles they were given; and the layer of an image array sample is
 * rounded to the nearest integer, as OpenCL's sampler rules round it
 * (OpenCL 2.0 8.2's addressing formulas), before the hardware clamps it.
 * Images and samplers a Gallium front end bound to slots come from the
 * binding table the driver writes past the inputs.
 */
#include "kiln_amd_images.h"

#include "ac_descriptors.h"
#include "kiln_amd_abi.h"
#include "kiln_compiler.h"
#include "ac_nir.h"
#include "kiln_nir_passes.h"
#include "nir_builder.h"
#include "sid.h"

/* SPIR-V's SamplerAddressingMode as the hardware's clamp; "none" leaves
 * out-of-range coordinates undefined, so it clamps to the edge too. */
static unsigned
sq_tex_clamp(unsigned addressing_mode)
{
   switch (addressing_mode) {
   case 2:
      return V_008F30_SQ_TEX_CLAMP_BORDER;
   case 3:
      return V_008F30_SQ_TEX_WRAP;
   case 4:
      return V_008F30_SQ_TEX_MIRROR;
   default:
      return V_008F30_SQ_TEX_CLAMP_LAST_TEXEL;
   }
}

static void
build_sampler_desc(unsigned addressing_mode, bool normalized_coords, unsigned filter_mode,
                   uint32_t desc[4], void *data)
{
   const enum amd_gfx_level gfx_level = *(const enum amd_gfx_level *)data;
   const unsigned clamp = sq_tex_clamp(addressing_mode);
   const unsigned filter =
      filter_mode == 1 ? V_008F38_SQ_TEX_XY_FILTER_BILINEAR : V_008F38_SQ_TEX_XY_FILTER_POINT;
   /* CLK_ADDRESS_CLAMP's border is (0,0,0,0), or (0,0,0,1) for an image
    * without alpha, whose T# selects 1 for the missing channel. */
   const struct ac_sampler_state state = {
      .address_mode_u = clamp,
      .address_mode_v = clamp,
      .address_mode_w = clamp,
      .unnormalized_coords = !normalized_coords,
      .mag_filter = filter,
      .min_filter = filter,
      .mip_filter = V_008F38_SQ_TEX_Z_FILTER_NONE,
      .border_color_type = V_008F3C_SQ_TEX_BORDER_COLOR_TRANS_BLACK,
   };
   ac_build_sampler_descriptor(gfx_level, &state, desc);
}

/* ac_nir_lower_resinfo asks for the descriptor of a bindless image or a
 * texture handle; kiln's handles are the descriptors themselves. */
static bool
descriptor_is_handle(nir_builder *b, nir_instr *instr, void *data)
{
   if (instr->type == nir_instr_type_intrinsic) {
      nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
      if (intr->intrinsic != nir_intrinsic_bindless_image_descriptor_amd)
         return false;
      assert(intr->src[0].ssa->num_components >= intr->def.num_components);
      b->cursor = nir_before_instr(instr);
      nir_def_replace(&intr->def, nir_trim_vector(b, intr->src[0].ssa, intr->def.num_components));
      return true;
   }
   if (instr->type != nir_instr_type_tex)
      return false;
   nir_tex_instr *tex = nir_instr_as_tex(instr);
   const int i = nir_tex_instr_src_index(tex, nir_tex_src_texture_handle);
   if (tex->op != nir_texop_descriptor_amd || i < 0)
      return false;
   assert(tex->src[i].src.ssa->num_components >= tex->def.num_components);
   b->cursor = nir_before_instr(instr);
   nir_def_replace(&tex->def, nir_trim_vector(b, tex->src[i].src.ssa, tex->def.num_components));
   return true;
}

void
kiln_amd_lower_images(nir_shader *nir, enum amd_gfx_level gfx_level)
{
   const struct kiln_nir_inline_sampler_options inline_samplers = {
      .build = build_sampler_desc,
      .data = &gfx_level,
   };
   NIR_PASS(_, nir, kiln_nir_lower_inline_samplers, &inline_samplers);
   NIR_PASS(_, nir, ac_nir_lower_resinfo, gfx_level);
   NIR_PASS(_, nir, nir_shader_instructions_pass, descriptor_is_handle, nir_metadata_control_flow,
            NULL);
   const ac_nir_lower_tex_options tex = {
      .gfx_level = gfx_level,
      .lower_array_layer_round_even = true,
   };
   NIR_PASS(_, nir, ac_nir_lower_tex, &tex);
}

void
kiln_amd_lower_image_bindings(nir_shader *nir, struct kiln_kernel *k)
{
   struct kiln_nir_image_bindings bindings = {
      .table_offset = KILN_KERNARG_IMPLICIT_OFFSET(k->kernarg_size),
   };
   bool progress = false;
   NIR_PASS(progress, nir, kiln_nir_lower_image_bindings, &bindings);
   if (!progress)
      return;
   /* The table follows the explicit arguments, at the implicit ones' place. */
   assert(bindings.table_offset >= k->kernarg_size && bindings.num_textures + bindings.num_images);
   k->amd.binding_table_offset = bindings.table_offset;
   k->amd.num_sampler_views = bindings.num_textures;
   k->amd.num_shader_images = bindings.num_images;
   k->amd.num_sampler_states = bindings.num_samplers;
   k->kernarg_size = bindings.table_offset + kiln_nir_image_binding_table_size(&bindings);
}
