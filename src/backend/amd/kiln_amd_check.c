/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The last look at a kernel before ACO.  ACO ends the process on NIR it
 * does not implement (an intrinsic its instruction selection has no case
 * for aborts), and kiln runs inside other people's programs, so whatever
 * ACO would refuse that way is an error for that kernel here instead:
 * intrinsics outside ACO's table (generated from ACO's own switch), the
 * graphics-only ones ACO implements for other stages, function calls and
 * deref chains that no pass lowered.  The message names the kernel, the
 * instruction, and the OpenCL feature behind it where one is known.
 */
#include "kiln_amd_backend.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kiln_aco_intrinsics.h"
#include "util/memstream.h"

struct kiln_amd_check {
   const char *kernel;
   unsigned errors;
   char message[1024];
};

/* ACO implements these for graphics or ray-tracing stages only, or for
 * resources kiln's kernels do not have yet; a kernel holding one was
 * mislowered, and ACO would assert or emit nonsense for it. */
static const nir_intrinsic_op not_for_kernels[] = {
   nir_intrinsic_load_interpolated_input,
   nir_intrinsic_store_output,
   nir_intrinsic_load_input,
   nir_intrinsic_load_per_primitive_input,
   nir_intrinsic_load_input_vertex,
   nir_intrinsic_load_per_vertex_input,
   nir_intrinsic_load_ubo,
   nir_intrinsic_load_ssbo,
   nir_intrinsic_store_ssbo,
   nir_intrinsic_ssbo_atomic,
   nir_intrinsic_ssbo_atomic_swap,
   nir_intrinsic_bindless_image_fragment_mask_load_amd,
   nir_intrinsic_bindless_image_sparse_load,
   nir_intrinsic_load_typed_buffer_amd,
   nir_intrinsic_ddx,
   nir_intrinsic_ddy,
   nir_intrinsic_ddx_fine,
   nir_intrinsic_ddy_fine,
   nir_intrinsic_ddx_coarse,
   nir_intrinsic_ddy_coarse,
   nir_intrinsic_load_helper_invocation,
   nir_intrinsic_is_helper_invocation,
   nir_intrinsic_demote,
   nir_intrinsic_demote_if,
   nir_intrinsic_terminate,
   nir_intrinsic_terminate_if,
   nir_intrinsic_gds_atomic_add_amd,
   nir_intrinsic_load_sbt_base_amd,
   nir_intrinsic_bvh64_intersect_ray_amd,
   nir_intrinsic_load_resume_shader_address_amd,
   nir_intrinsic_ordered_xfb_counter_add_gfx11_amd,
   nir_intrinsic_xfb_counter_sub_gfx11_amd,
   nir_intrinsic_export_amd,
   nir_intrinsic_export_row_amd,
   nir_intrinsic_export_dual_src_blend_amd,
   nir_intrinsic_strict_wqm_coord_amd,
   nir_intrinsic_load_lds_ngg_scratch_base_amd,
   nir_intrinsic_load_lds_ngg_gs_out_vertex_base_amd,
   nir_intrinsic_begin_invocation_interlock,
   nir_intrinsic_end_invocation_interlock,
   nir_intrinsic_cmat_muladd_amd,
   nir_intrinsic_unit_test_amd,
   nir_intrinsic_unit_test_uniform_amd,
   nir_intrinsic_unit_test_divergent_amd,
};

static bool
intrinsic_ok(nir_intrinsic_op op)
{
   if (!kiln_aco_implements_intrinsic[op])
      return false;
   for (unsigned i = 0; i < ARRAY_SIZE(not_for_kernels); i++) {
      if (not_for_kernels[i] == op)
         return false;
   }
   return true;
}

/* The OpenCL feature that leaves this intrinsic behind, when kiln does not
 * lower it yet. */
static const char *
feature_of(const nir_intrinsic_instr *intr)
{
   switch (intr->intrinsic) {
   case nir_intrinsic_addr_mode_is:
      return "the generic address space (OpenCL C 2.0 6.5.5: generic pointers, to_global, "
             "to_local, to_private)";
   case nir_intrinsic_load_deref:
   case nir_intrinsic_store_deref:
   case nir_intrinsic_deref_atomic:
   case nir_intrinsic_deref_atomic_swap:
   case nir_intrinsic_copy_deref:
   case nir_intrinsic_memcpy_deref:
      if (nir_deref_mode_may_be(nir_src_as_deref(intr->src[0]), nir_var_mem_generic))
         return "the generic address space (OpenCL C 2.0 6.5.5)";
      if (nir_deref_mode_may_be(nir_src_as_deref(intr->src[0]), nir_var_mem_global))
         return "program-scope global variables (OpenCL C 2.0 6.5.1)";
      return NULL;
   case nir_intrinsic_printf:
      return "printf (OpenCL C 2.0 6.13.13)";
   case nir_intrinsic_image_deref_load:
   case nir_intrinsic_image_deref_store:
   case nir_intrinsic_image_deref_size:
   case nir_intrinsic_image_deref_format:
   case nir_intrinsic_image_deref_order:
   case nir_intrinsic_image_load:
   case nir_intrinsic_image_store:
   case nir_intrinsic_image_size:
      return "images other than kernel arguments or bound slots of constant index "
             "(OpenCL C 2.0 6.13.14)";
   default:
      return NULL;
   }
}

static void
report(struct kiln_amd_check *c, const nir_instr *instr, const char *what, const char *feature)
{
   if (c->errors++)
      return; /* the first is the one to fix; the rest follow from it */

   char *text = NULL;
   size_t size = 0;
   struct u_memstream mem;
   if (u_memstream_open(&mem, &text, &size)) {
      nir_print_instr(instr, u_memstream_get(&mem));
      u_memstream_close(&mem);
   }
   if (feature) {
      snprintf(c->message, sizeof(c->message),
               "error: kernel %s: %s is not supported yet (%s: %s)\n", c->kernel, feature, what,
               text ? text : "?");
   } else {
      snprintf(c->message, sizeof(c->message),
               "error: kernel %s: the AMD backend cannot compile %s: %s\n", c->kernel, what,
               text ? text : "?");
   }
   free(text);
}

static void
check_instr(struct kiln_amd_check *c, nir_instr *instr)
{
   switch (instr->type) {
   case nir_instr_type_intrinsic: {
      nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
      if (!intrinsic_ok(intr->intrinsic))
         report(c, instr, "NIR intrinsic", feature_of(intr));
      break;
   }
   case nir_instr_type_call:
      report(c, instr, "a function call that was not inlined",
             "calls to functions kept out of line (noinline)");
      break;
   case nir_instr_type_tex: {
      /* Image and sampler arguments and literal samplers arrive as
       * descriptors (handles); anything else was not lowered. */
      nir_tex_instr *tex = nir_instr_as_tex(instr);
      if (nir_tex_instr_src_index(tex, nir_tex_src_texture_handle) < 0 ||
          (nir_tex_instr_need_sampler(tex) &&
           nir_tex_instr_src_index(tex, nir_tex_src_sampler_handle) < 0))
         report(c, instr, "a texture instruction without descriptors",
                "images or samplers other than kernel arguments and literal samplers "
                "(OpenCL C 2.0 6.13.14)");
      break;
   }
   default:
      break;
   }
}

bool
kiln_amd_check_nir(nir_shader *nir, const char *kernel, char *message, size_t message_size)
{
   struct kiln_amd_check c = { .kernel = kernel };
   nir_foreach_function_impl (impl, nir) {
      nir_foreach_block (block, impl) {
         nir_foreach_instr (instr, block)
            check_instr(&c, instr);
      }
   }
   if (c.errors)
      snprintf(message, message_size, "%s", c.message);
   return c.errors == 0;
}
