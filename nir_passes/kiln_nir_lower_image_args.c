/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Image and sampler kernel arguments as the descriptors the launcher
 * writes into the kernarg buffer (kiln_amd_abi.h): each argument gets a
 * slot past the other explicit arguments, in argument order, and its
 * variable's driver_location records the slot's offset for the kernel's
 * metadata.  Every use reads the slot with load_kernel_input, which
 * kiln_nir_lower_kernel_abi turns into one scalar load: image intrinsics
 * become bindless ones on the T# (an image buffer's V#), a texture
 * instruction's texture and sampler derefs become handles, and
 * get_image_channel_data_type()/_order() read the OpenCL enums stored
 * beside the descriptor, since the hardware's format does not say which
 * OpenCL order it came from (R8 may be CL_R or CL_LUMINANCE).
 *
 * Literal samplers have no slot; kiln_nir_lower_inline_samplers gives them
 * their constant S#.
 */
#include "kiln_nir_passes.h"
#include "kiln_amd_abi.h"

#include "nir_builder.h"
#include "util/u_math.h"

/* OpenCL's channel orders and data types are SPIR-V's (ImageChannelOrder,
 * ImageChannelDataType) plus these: cl.h's CL_R and CL_SNORM_INT8. */
#define CL_ORDER_BASE     0x10b0
#define CL_DATA_TYPE_BASE 0x10d0

static bool
is_sampler_arg(const nir_variable *var)
{
   return var->data.mode == nir_var_uniform && glsl_type_is_sampler(var->type) &&
          !var->data.sampler.is_inline_sampler;
}

static bool
is_image_arg(const nir_variable *var)
{
   return var->data.mode == nir_var_image && glsl_type_is_image(var->type);
}

unsigned
kiln_nir_image_arg_slot_size(const nir_variable *var)
{
   return is_image_arg(var)     ? KILN_IMAGE_SLOT_SIZE
          : is_sampler_arg(var) ? KILN_SAMPLER_SLOT_SIZE
                                : 0;
}

static int
compare_location(const void *a, const void *b)
{
   const nir_variable *va = *(nir_variable *const *)a, *vb = *(nir_variable *const *)b;
   return va->data.location - vb->data.location;
}

/* Places the slots past the explicit layout the by-value and pointer
 * arguments already have (nir_lower_vars_to_explicit_types). */
static unsigned
assign_slots(nir_shader *nir)
{
   unsigned end = 0, count = 0;
   nir_foreach_variable_with_modes (var, nir, nir_var_uniform | nir_var_image) {
      if (is_image_arg(var) || is_sampler_arg(var))
         count++;
      else if (var->data.mode == nir_var_uniform && !glsl_type_is_sampler(var->type))
         end = MAX2(end, var->data.driver_location + glsl_get_cl_size(var->type));
   }
   if (!count)
      return 0;

   nir_variable **vars = ralloc_array(NULL, nir_variable *, count);
   unsigned n = 0;
   nir_foreach_variable_with_modes (var, nir, nir_var_uniform | nir_var_image) {
      if (is_image_arg(var) || is_sampler_arg(var))
         vars[n++] = var;
   }
   assert(n == count);
   qsort(vars, count, sizeof(*vars), compare_location);

   unsigned offset = align(end, KILN_KERNARG_ALIGN);
   for (unsigned i = 0; i < count; i++) {
      vars[i]->data.driver_location = offset;
      offset += kiln_nir_image_arg_slot_size(vars[i]);
   }
   ralloc_free(vars);
   return count;
}

static nir_def *
load_slot(nir_builder *b, const nir_variable *var, unsigned field, unsigned dwords)
{
   assert(dwords == 1 || dwords == 4 || dwords == 8);
   assert(kiln_nir_image_arg_slot_size(var) >= field + dwords * 4);
   return nir_load_kernel_input(b, dwords, 32, nir_imm_int(b, 0),
                                .base = var->data.driver_location + field, .range = dwords * 4,
                                .align_mul = 4, .align_offset = 0);
}

static nir_def *
image_desc(nir_builder *b, const nir_variable *var)
{
   assert(is_image_arg(var));
   /* ACO reads a V# for buffer images, a T# for the others. */
   const bool buffer = glsl_get_sampler_dim(var->type) == GLSL_SAMPLER_DIM_BUF;
   return load_slot(b, var, KILN_IMAGE_SLOT_DESC, buffer ? 4 : 8);
}

static bool
lower_image_intrinsic(nir_builder *b, nir_intrinsic_instr *intr)
{
   switch (intr->intrinsic) {
   case nir_intrinsic_image_deref_load:
   case nir_intrinsic_image_deref_store:
   case nir_intrinsic_image_deref_atomic:
   case nir_intrinsic_image_deref_atomic_swap:
   case nir_intrinsic_image_deref_size:
   case nir_intrinsic_image_deref_samples:
   case nir_intrinsic_image_deref_format:
   case nir_intrinsic_image_deref_order:
      break;
   default:
      return false;
   }
   nir_variable *var = nir_intrinsic_get_var(intr, 0);
   if (!var || !is_image_arg(var))
      return false;

   b->cursor = nir_before_instr(&intr->instr);
   if (intr->intrinsic == nir_intrinsic_image_deref_format ||
       intr->intrinsic == nir_intrinsic_image_deref_order) {
      const bool format = intr->intrinsic == nir_intrinsic_image_deref_format;
      assert(intr->def.num_components == 1);
      nir_def *v = load_slot(b, var, format ? KILN_IMAGE_SLOT_DATA_TYPE : KILN_IMAGE_SLOT_ORDER, 1);
      /* The queries return SPIR-V's ImageChannelDataType and
       * ImageChannelOrder, which the built-ins turn back into OpenCL's by
       * adding the base; the two additions fold away. */
      v = nir_iadd_imm(b, v, -(int64_t)(format ? CL_DATA_TYPE_BASE : CL_ORDER_BASE));
      nir_def_replace(&intr->def, nir_u2uN(b, v, intr->def.bit_size));
      return true;
   }
   nir_rewrite_image_intrinsic(intr, image_desc(b, var), true);
   return true;
}

static bool
lower_tex(nir_builder *b, nir_tex_instr *tex)
{
   bool progress = false;
   b->cursor = nir_before_instr(&tex->instr);
   for (unsigned i = 0; i < tex->num_srcs; i++) {
      if (tex->src[i].src_type != nir_tex_src_texture_deref &&
          tex->src[i].src_type != nir_tex_src_sampler_deref)
         continue;
      nir_variable *var = nir_deref_instr_get_variable(nir_src_as_deref(tex->src[i].src));
      if (!var)
         continue;
      if (tex->src[i].src_type == nir_tex_src_texture_deref && is_image_arg(var)) {
         nir_src_rewrite(&tex->src[i].src, image_desc(b, var));
         tex->src[i].src_type = nir_tex_src_texture_handle;
         progress = true;
      } else if (tex->src[i].src_type == nir_tex_src_sampler_deref && is_sampler_arg(var)) {
         nir_src_rewrite(&tex->src[i].src, load_slot(b, var, KILN_SAMPLER_SLOT_DESC, 4));
         tex->src[i].src_type = nir_tex_src_sampler_handle;
         progress = true;
      }
   }
   return progress;
}

static bool
lower_instr(nir_builder *b, nir_instr *instr, void *data)
{
   if (instr->type == nir_instr_type_intrinsic)
      return lower_image_intrinsic(b, nir_instr_as_intrinsic(instr));
   if (instr->type == nir_instr_type_tex)
      return lower_tex(b, nir_instr_as_tex(instr));
   return false;
}

bool
kiln_nir_lower_image_args(nir_shader *nir)
{
   if (!assign_slots(nir))
      return false;
   /* The slots changed the variables even where no instruction uses them;
    * the derefs left unused go with the next dead-code pass. */
   nir_shader_instructions_pass(nir, lower_instr, nir_metadata_control_flow, NULL);
   return true;
}
