/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * SPIR-V kernel to NIR in the form kiln's backends take: spirv_to_nir in
 * the OpenCL environment, libclc's builtins inlined, and Mesa's standard
 * CL lowering (the sequence Rusticl runs in compile_nir_to_args and
 * compile_nir_variant): variable initialisers, system values, explicit
 * types in the OpenCL C layout, explicit I/O with 64-bit global addresses
 * and 32-bit offsets for local and private memory.  Generic pointers are
 * flat addresses (kiln_nir_lower_generic_casts and _access).  Program-scope
 * __constant data becomes shader constant data that the backend appends
 * to the code, so it needs no buffer of its own; program-scope __global
 * variables live in the program's buffer of them, at the offsets the
 * program gave them (kiln_nir_lower_program_globals).  printf calls write
 * records into the launch's printf buffer (nir_lower_printf), which the
 * host formats afterwards (kiln_printf.c).  Image and sampler arguments
 * are descriptors the launcher writes into the kernarg buffer
 * (kiln_nir_lower_image_args); the backend gives literal samplers theirs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kiln_backend.h"
#include "kiln_cl_library.h"
#include "kiln_compiler_internal.h"
#include "kiln_spirv_module.h"
#include "kiln_nir_passes.h"

#include "compiler/clc/nir_clc_helpers.h"
#include "nir_builder.h"
#include "spirv/nir_spirv.h"
#include "spirv_info.h"
#include "util/disk_cache.h"
#include "util/simple_mtx.h"

static const struct spirv_capabilities cl_capabilities = {
   .Addresses = true,
   .Float16 = true,
   .Float16Buffer = true,
   .Float64 = true,
   .GenericPointer = true,
   .Groups = true,
   .GroupNonUniformShuffle = true,
   .GroupNonUniformShuffleRelative = true,
   .Image1D = true,
   .ImageBasic = true,
   .ImageBuffer = true,
   .ImageReadWrite = true,
   .Int8 = true,
   .Int16 = true,
   .Int64 = true,
   .Int64Atomics = true,
   .Kernel = true,
   .Linkage = true,
   .LiteralSampler = true,
   .Sampled1D = true,
   .SampledBuffer = true,
   .Vector16 = true,
};

static void
vtn_message(void *priv, enum nir_spirv_debug_level level, size_t offset, const char *message)
{
   /* vtn's warnings are about capabilities it ignores harmlessly. */
   if (level >= NIR_SPIRV_DEBUG_LEVEL_ERROR)
      kiln_log_append(priv, "error: SPIR-V: at byte %zu: %s\n", offset, message);
}

static struct spirv_to_nir_options
cl_spirv_options(const nir_shader *libclc, struct kiln_log *log)
{
   return (struct spirv_to_nir_options){
      .environment = NIR_SPIRV_OPENCL,
      .clc_shader = libclc,
      .float_controls_execution_mode = FLOAT_CONTROLS_DENORM_FLUSH_TO_ZERO_FP32,
      .printf = true,
      .capabilities = &cl_capabilities,
      .constant_addr_format = nir_address_format_64bit_global,
      .global_addr_format = nir_address_format_64bit_global,
      .shared_addr_format = nir_address_format_32bit_offset_as_64bit,
      .temp_addr_format = nir_address_format_32bit_offset_as_64bit,
      .debug = { .func = log ? vtn_message : NULL, .private_data = log },
   };
}

static void
opt_loop(nir_shader *nir)
{
   bool progress;
   do {
      progress = false;
      NIR_PASS(_, nir, nir_split_var_copies);
      NIR_PASS(progress, nir, nir_copy_prop);
      NIR_PASS(progress, nir, nir_opt_copy_prop_vars);
      NIR_PASS(progress, nir, nir_opt_dead_write_vars);
      NIR_PASS(progress, nir, nir_opt_deref);
      NIR_PASS(progress, nir, nir_opt_memcpy);
      NIR_PASS(progress, nir, nir_opt_dce);
      NIR_PASS(progress, nir, nir_opt_undef);
      NIR_PASS(progress, nir, nir_opt_constant_folding);
      NIR_PASS(progress, nir, nir_opt_cse);
      /* nir_opt_memcpy above turns a memcpy of a whole struct (a struct
       * passed or returned by value) into a struct copy_deref, which
       * nir_lower_var_copies can lower only once it is split by field. */
      NIR_PASS(_, nir, nir_split_var_copies);
      NIR_PASS(progress, nir, nir_lower_var_copies);
      NIR_PASS(progress, nir, nir_lower_vars_to_ssa);
      NIR_PASS(_, nir, nir_lower_alu);
      NIR_PASS(progress, nir, nir_opt_phi_precision);
      NIR_PASS(progress, nir, nir_opt_algebraic);
      NIR_PASS(progress, nir, nir_opt_dead_cf);
      NIR_PASS(progress, nir, nir_opt_remove_phis);
      NIR_PASS(progress, nir, nir_opt_peephole_select, 8, true, true);
      NIR_PASS(progress, nir, nir_lower_vec3_to_vec4, nir_var_mem_generic | nir_var_uniform);
      NIR_PASS(progress, nir, nir_opt_loop_unroll);
   } while (progress);
}

static bool
can_remove_var(nir_variable *var, void *data)
{
   return !glsl_type_is_image(var->type) && !glsl_type_is_texture(var->type) &&
          !glsl_type_is_sampler(var->type);
}

/* The kernel's references to the program's __global variables as
 * offsets in the program's buffer of them (kiln_spirv_globals.c laid it
 * out for the whole module). */
bool
kiln_cl_nir_lower_program_globals(nir_shader *nir, const struct clc_binary *spirv,
                                  const struct kiln_spirv_globals *globals, const char *entry_point,
                                  struct kiln_log *log)
{
   unsigned *indices = calloc(globals->num_vars, sizeof(*indices));
   struct kiln_nir_program_global *places = calloc(globals->num_vars, sizeof(*places));
   bool ok = indices && places;
   const unsigned count =
      ok ? kiln_spirv_globals_of_entry_point(spirv, globals, entry_point, indices) : 0;

   unsigned i = 0;
   nir_foreach_variable_with_modes (var, nir, nir_var_mem_global) {
      if (!ok)
         break;
      unsigned size, align;
      glsl_get_cl_type_size_align(var->type, &size, &align);
      const unsigned v = i < count ? indices[i] : 0;
      if (i >= count || size != globals->sizes[v] || align > globals->alignments[v]) {
         kiln_log_append(log,
                         "error: kernel %s: __global variable %s: the program lays "
                         "it out differently from spirv_to_nir\n",
                         entry_point, var->name ? var->name : "(unnamed)");
         ok = false;
         break;
      }
      places[i].offset = globals->offsets[v];
      places[i].alignment = globals->alignments[v];
      i++;
   }
   if (ok && i != count) {
      kiln_log_append(log, "error: kernel %s: %u __global variables, its interface has %u\n",
                      entry_point, i, count);
      ok = false;
   }
   if (ok)
      NIR_PASS(_, nir, kiln_nir_lower_program_globals, places, count);
   free(indices);
   free(places);
   return ok;
}

/* kiln's passes that must see vtn's NIR, before a front end's own CL
 * lowering: kiln_cl_to_nir() below, and Rusticl through
 * kiln_frontend_spirv_to_nir(). */
void
kiln_cl_nir_lower_vtn(nir_shader *nir, enum kiln_target target, unsigned wave_size)
{
   nir->info.float_controls_execution_mode |=
      FLOAT_CONTROLS_DENORM_PRESERVE_FP16 | FLOAT_CONTROLS_ROUNDING_MODE_RTE_FP16 |
      FLOAT_CONTROLS_ROUNDING_MODE_RTE_FP32 | FLOAT_CONTROLS_ROUNDING_MODE_RTE_FP64;
   nir->info.workgroup_size_variable = nir->info.workgroup_size[0] == 0;
   nir->info.subgroup_size = (enum gl_subgroup_size)wave_size; /* SUBGROUP_SIZE_REQUIRE_N is N */

   /* Before any pass that deletes dead control flow. */
   NIR_PASS(_, nir, kiln_nir_keep_volatile_loads);
   /* Before any nir_opt_algebraic: the backends' options may lower fdiv
    * to a multiply by the reciprocal (AMD's do), not correctly rounded for
    * doubles or halves. */
   NIR_PASS(_, nir, kiln_nir_lower_fdiv64);
   NIR_PASS(_, nir, kiln_nir_lower_fdiv16);
   NIR_PASS(_, nir, kiln_nir_lower_cl_sign);
   /* read_imageh and write_imageh at 32 bits, before a front end turns
    * loads from read-only images into texture fetches (Rusticl's
    * nir_lower_readonly_images_to_tex gives a 16-bit one a result size
    * NIR validation refuses). */
   NIR_PASS(_, nir, kiln_nir_lower_image_16bit);
   /* While the extract trees still have vtn's shape. */
   NIR_PASS(_, nir, kiln_nir_opt_vector_extract, true);
   NIR_PASS(_, nir, nir_lower_goto_ifs);
   NIR_PASS(_, nir, nir_opt_dead_cf);
   NIR_PASS(_, nir, nir_lower_variable_initializers, nir_var_function_temp);

   /* The kernel's own functions inlined before the first optimisation, so
    * that a pointer converted to or from the generic address space is
    * still seen where it is converted, also across calls (libclc's
    * functions are linked later). */
   const struct kiln_nir_generic_options generic =
      kiln_backend_for_target(target)->generic_options(target);
   NIR_PASS(_, nir, nir_lower_returns);
   NIR_PASS(_, nir, nir_inline_functions);
   NIR_PASS(_, nir, nir_copy_prop);
   NIR_PASS(_, nir, kiln_nir_lower_generic_casts, &generic);
}

/* Generic pointers (flat addresses) whose address space nothing proved:
 * aperture tests, and accesses branching on them; and the narrowing
 * conversions with a rounding mode.  Before the front end's
 * nir_lower_explicit_io and nir_lower_convert_alu_types. */
void
kiln_cl_nir_lower_before_io(nir_shader *nir, enum kiln_target target)
{
   const struct kiln_nir_generic_options generic =
      kiln_backend_for_target(target)->generic_options(target);
   NIR_PASS(_, nir, nir_opt_deref);
   NIR_PASS(_, nir, kiln_nir_lower_generic_access, &generic);
   NIR_PASS(_, nir, kiln_nir_lower_float_narrowing);
}

void
kiln_cl_nir_link_library(nir_shader *nir, const nir_shader *library, enum kiln_target target)
{
   /* The library's functions become part of the kernel. */
   NIR_PASS(_, nir, nir_lower_variable_initializers, nir_var_function_temp);
   NIR_PASS(_, nir, nir_lower_returns);
   NIR_PASS(_, nir, nir_link_shader_functions, library);
   NIR_PASS(_, nir, nir_inline_functions);
   /* kiln's device library takes the block literal and the ndrange by
    * generic pointer: resolved here, once it is inlined, as the kernel's
    * own were before. */
   bool enqueues = false;
   NIR_PASS(enqueues, nir, kiln_nir_lower_device_queue);
   if (enqueues) {
      const struct kiln_nir_generic_options generic =
         kiln_backend_for_target(target)->generic_options(target);
      NIR_PASS(_, nir, nir_copy_prop);
      NIR_PASS(_, nir, kiln_nir_lower_generic_casts, &generic);
   }
   /* Calls of the library's bodiless work_group_* functions. */
   NIR_PASS(_, nir, kiln_nir_lower_work_group_collectives);
   nir_remove_non_entrypoints(nir);
}

/*
 * The module's words with OpCapability Linkage declared as Kernel instead
 * (a capability every OpenCL module has already).  clc's modules declare
 * Linkage for the built-ins they import, which kiln links itself (the
 * options' clc_shader); vtn accepts Linkage only when it builds a library
 * and prints a warning on stderr for every kernel otherwise.  NULL when
 * out of memory.
 */
static uint32_t *
words_without_linkage(const struct clc_binary *spirv)
{
   uint32_t *words = malloc(spirv->size);
   if (!words)
      return NULL;
   memcpy(words, spirv->data, spirv->size);
   const struct clc_binary copy = { .data = words, .size = spirv->size };
   kiln_spirv_foreach_instruction (w, &copy) {
      if (kiln_spirv_op(w) != SpvOpCapability)
         break; /* the capabilities come first */
      if (kiln_spirv_len(w) == 2 && w[1] == SpvCapabilityLinkage)
         words[w + 1 - words] = SpvCapabilityKernel;
   }
   return words;
}

nir_shader *
kiln_cl_to_nir(const struct clc_binary *spirv, const char *entry_point, enum kiln_target target,
               unsigned wave_size, const struct kiln_spirv_globals *globals, uint32_t debug,
               struct kiln_log *log)
{
   const struct kiln_backend *backend = kiln_backend_for_target(target);
   const struct spirv_to_nir_options lib_opts = cl_spirv_options(NULL, NULL);
   const nir_shader *libclc = kiln_cl_library(target, &lib_opts, backend->nir_options(target), log);
   if (!libclc)
      return NULL;

   struct spirv_to_nir_options opts = cl_spirv_options(libclc, log);
   uint32_t *words = words_without_linkage(spirv);
   nir_shader *nir = words ? spirv_to_nir(words, spirv->size / 4, NULL, 0, MESA_SHADER_KERNEL,
                                          entry_point, &opts, backend->nir_options(target))
                           : NULL;
   free(words);
   if (!nir) {
      kiln_log_append(log, "error: kernel %s: SPIR-V could not be translated to NIR\n",
                      entry_point);
      return NULL;
   }

   if (debug & KILN_DEBUG_NIR) {
      fprintf(stderr, "kiln: NIR for %s from spirv_to_nir:\n", entry_point);
      nir_print_shader(nir, stderr);
   }

   if (globals && globals->num_vars &&
       !kiln_cl_nir_lower_program_globals(nir, spirv, globals, entry_point, log)) {
      ralloc_free(nir);
      return NULL;
   }

   kiln_cl_nir_lower_vtn(nir, target, wave_size);
   NIR_PASS(_, nir, nir_scale_fdiv);
   opt_loop(nir);

   kiln_cl_nir_link_library(nir, libclc, target);
   opt_loop(nir);

   /* The buffer's address and size come from the implicit arguments
    * (kiln_nir_lower_kernel_abi).  vtn's printf_info holds the formats of
    * the whole module; the kernel calls printf when a call is left after
    * the other entry points went. */
   const nir_lower_printf_options printf_opts = { .ptr_bit_size = 64 };
   bool calls_printf = false;
   NIR_PASS(calls_printf, nir, nir_lower_printf, &printf_opts);
   nir->info.uses_printf = calls_printf;

   /* Unused kernel arguments (nir_var_uniform) stay: every argument keeps
    * its slot in the kernarg layout the metadata reports. */
   const nir_remove_dead_variables_options dead_opts = { .can_remove_var = can_remove_var };
   NIR_PASS(_, nir, nir_remove_dead_variables,
            nir_var_image | nir_var_mem_constant | nir_var_mem_shared | nir_var_function_temp,
            &dead_opts);

   /* __constant program-scope data (the kernel's and libclc's tables):
    * read-only temporaries, which nir_opt_large_constants below turns into
    * the shader's constant data.  It finds their values only as constant
    * stores, so the initialisers the variables carry become stores here;
    * left as initialisers they would reach scratch memory unwritten. */
   nir_lower_constant_to_temp(nir);
   NIR_PASS(_, nir, nir_lower_variable_initializers, nir_var_function_temp);

   NIR_PASS(_, nir, kiln_nir_lower_partial_local_size);
   NIR_PASS(_, nir, kiln_nir_lower_subgroup_size, wave_size);
   NIR_PASS(_, nir, nir_lower_system_values);
   NIR_PASS(_, nir, kiln_nir_lower_global_id_32);
   nir_lower_compute_system_values_options sysval_opts = {
      .has_base_global_invocation_id = true,
      .has_global_size = true,
   };
   NIR_PASS(_, nir, nir_lower_compute_system_values, &sysval_opts);

   /* nir_var_mem_constant too: no variable has that mode any more, but
    * the casts of __constant pointer arguments need their element stride,
    * or every p[i] reads p[0]. */
   NIR_PASS(_, nir, nir_lower_vars_to_explicit_types,
            nir_var_mem_shared | nir_var_function_temp | nir_var_shader_temp | nir_var_uniform |
               nir_var_mem_global | nir_var_mem_constant | nir_var_mem_generic,
            glsl_get_cl_type_size_align);
   opt_loop(nir);
   NIR_PASS(_, nir, nir_lower_memcpy);

   nir->scratch_size = 0;
   nir->info.shared_size = 0;
   NIR_PASS(_, nir, nir_remove_dead_variables, nir_var_function_temp | nir_var_mem_shared,
            &dead_opts);
   NIR_PASS(_, nir, nir_lower_vars_to_explicit_types,
            nir_var_function_temp | nir_var_mem_shared | nir_var_mem_generic,
            glsl_get_cl_type_size_align);
   NIR_PASS(_, nir, nir_opt_large_constants, glsl_get_cl_type_size_align, 64);
   /* Image and sampler arguments: descriptors in slots past the explicit
    * layout just made, which the metadata reports (kiln_kernel_args.c). */
   NIR_PASS(_, nir, kiln_nir_lower_image_args);

   kiln_cl_nir_lower_before_io(nir, target);
   NIR_PASS(_, nir, nir_lower_explicit_io, nir_var_mem_global | nir_var_mem_constant,
            nir_address_format_64bit_global);
   NIR_PASS(_, nir, nir_lower_explicit_io,
            nir_var_mem_shared | nir_var_function_temp | nir_var_uniform,
            nir_address_format_32bit_offset_as_64bit);
   NIR_PASS(_, nir, nir_lower_convert_alu_types, NULL);
   opt_loop(nir);
   nir_shader_gather_info(nir, nir_shader_get_entrypoint(nir));
   return nir;
}
