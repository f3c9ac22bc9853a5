/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Images and samplers bound to slots, as a Gallium front end binds them
 * (Rusticl: nir_lower_cl_images numbers read-only images as textures,
 * the others as images, and samplers, literal ones included), read from
 * the binding table the driver writes past the kernel's inputs
 * (kiln_amd_abi.h): a texture's T# at slot texture_index, an image's after
 * the textures, a sampler's S# after the images.  Texture instructions get
 * handles, image intrinsics become bindless ones; ACO takes it from there
 * as from kiln_nir_lower_image_args' descriptors.
 */
#include "kiln_nir_passes.h"
#include "kiln_amd_abi.h"

#include "nir_builder.h"

/* The table's layout: the slots the kernel reads. */
struct table {
   unsigned offset; /* of the first slot */
   unsigned num_textures;
   unsigned num_images;
};

static nir_def *
load_slot(nir_builder *b, unsigned offset, unsigned dwords)
{
   assert(dwords == 4 || dwords == 8);
   return nir_load_kernel_input(b, dwords, 32, nir_imm_int(b, 0), .base = offset,
                                .range = dwords * 4, .align_mul = 4, .align_offset = 0);
}

static unsigned
texture_slot(const struct table *t, unsigned index)
{
   return t->offset + index * KILN_BINDING_DESC_SIZE;
}

static unsigned
image_slot(const struct table *t, unsigned index)
{
   return texture_slot(t, t->num_textures + index);
}

static unsigned
sampler_slot(const struct table *t, unsigned index)
{
   return image_slot(t, t->num_images) + index * KILN_BINDING_SAMPLER_SIZE;
}

static bool
lower_tex(nir_builder *b, nir_tex_instr *tex, const struct table *t)
{
   if (nir_tex_instr_src_index(tex, nir_tex_src_texture_handle) >= 0 ||
       nir_tex_instr_src_index(tex, nir_tex_src_texture_deref) >= 0 ||
       nir_tex_instr_src_index(tex, nir_tex_src_texture_offset) >= 0)
      return false;
   /* count_slots saw this texture. */
   assert(tex->texture_index < t->num_textures);
   b->cursor = nir_before_instr(&tex->instr);
   const bool buffer = tex->sampler_dim == GLSL_SAMPLER_DIM_BUF;
   nir_tex_instr_add_src(tex, nir_tex_src_texture_handle,
                         load_slot(b, texture_slot(t, tex->texture_index), buffer ? 4 : 8));
   if (nir_tex_instr_need_sampler(tex) &&
       nir_tex_instr_src_index(tex, nir_tex_src_sampler_handle) < 0 &&
       nir_tex_instr_src_index(tex, nir_tex_src_sampler_deref) < 0 &&
       nir_tex_instr_src_index(tex, nir_tex_src_sampler_offset) < 0)
      nir_tex_instr_add_src(tex, nir_tex_src_sampler_handle,
                            load_slot(b, sampler_slot(t, tex->sampler_index), 4));
   return true;
}

static bool
lower_image(nir_builder *b, nir_intrinsic_instr *intr, const struct table *t)
{
   nir_intrinsic_op op;
   switch (intr->intrinsic) {
   case nir_intrinsic_image_load:
      op = nir_intrinsic_bindless_image_load;
      break;
   case nir_intrinsic_image_store:
      op = nir_intrinsic_bindless_image_store;
      break;
   case nir_intrinsic_image_atomic:
      op = nir_intrinsic_bindless_image_atomic;
      break;
   case nir_intrinsic_image_atomic_swap:
      op = nir_intrinsic_bindless_image_atomic_swap;
      break;
   case nir_intrinsic_image_size:
      op = nir_intrinsic_bindless_image_size;
      break;
   case nir_intrinsic_image_samples:
      op = nir_intrinsic_bindless_image_samples;
      break;
   default:
      return false;
   }
   /* A run-time image index has no slot to read; the backend's check
    * reports the intrinsic. */
   if (!nir_src_is_const(intr->src[0]))
      return false;
   /* count_slots saw this image. */
   assert(nir_src_as_uint(intr->src[0]) < t->num_images);
   b->cursor = nir_before_instr(&intr->instr);
   const bool buffer = nir_intrinsic_image_dim(intr) == GLSL_SAMPLER_DIM_BUF;
   nir_def *desc = load_slot(b, image_slot(t, nir_src_as_uint(intr->src[0])), buffer ? 4 : 8);
   intr->intrinsic = op; /* the bindless forms take the same indices */
   nir_src_rewrite(&intr->src[0], desc);
   return true;
}

static bool
lower_instr(nir_builder *b, nir_instr *instr, void *data)
{
   if (instr->type == nir_instr_type_tex)
      return lower_tex(b, nir_instr_as_tex(instr), data);
   if (instr->type == nir_instr_type_intrinsic)
      return lower_image(b, nir_instr_as_intrinsic(instr), data);
   return false;
}

/* The slots the kernel reads: one past the highest index of each kind
 * (the front end's counts in shader_info may count samplers as textures). */
static bool
count_slots(nir_builder *b, nir_instr *instr, void *data)
{
   struct kiln_nir_image_bindings *t = data;
   if (instr->type == nir_instr_type_tex) {
      nir_tex_instr *tex = nir_instr_as_tex(instr);
      if (nir_tex_instr_src_index(tex, nir_tex_src_texture_handle) >= 0 ||
          nir_tex_instr_src_index(tex, nir_tex_src_texture_deref) >= 0)
         return false;
      t->num_textures = MAX2(t->num_textures, tex->texture_index + 1);
      if (nir_tex_instr_need_sampler(tex) &&
          nir_tex_instr_src_index(tex, nir_tex_src_sampler_handle) < 0 &&
          nir_tex_instr_src_index(tex, nir_tex_src_sampler_deref) < 0)
         t->num_samplers = MAX2(t->num_samplers, tex->sampler_index + 1);
      return false;
   }
   if (instr->type != nir_instr_type_intrinsic)
      return false;
   nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
   switch (intr->intrinsic) {
   case nir_intrinsic_image_load:
   case nir_intrinsic_image_store:
   case nir_intrinsic_image_atomic:
   case nir_intrinsic_image_atomic_swap:
   case nir_intrinsic_image_size:
   case nir_intrinsic_image_samples:
      if (nir_src_is_const(intr->src[0]))
         t->num_images = MAX2(t->num_images, nir_src_as_uint(intr->src[0]) + 1);
      return false;
   default:
      return false;
   }
}

unsigned
kiln_nir_image_binding_table_size(const struct kiln_nir_image_bindings *bindings)
{
   return (bindings->num_textures + bindings->num_images) * KILN_BINDING_DESC_SIZE +
          bindings->num_samplers * KILN_BINDING_SAMPLER_SIZE;
}

bool
kiln_nir_lower_image_bindings(nir_shader *nir, struct kiln_nir_image_bindings *bindings)
{
   bindings->num_textures = bindings->num_images = bindings->num_samplers = 0;
   nir_shader_instructions_pass(nir, count_slots, nir_metadata_all, bindings);
   if (!kiln_nir_image_binding_table_size(bindings))
      return false;
   const struct table t = {
      .offset = bindings->table_offset,
      .num_textures = bindings->num_textures,
      .num_images = bindings->num_images,
   };
   return nir_shader_instructions_pass(nir, lower_instr, nir_metadata_control_flow, (void *)&t);
}
