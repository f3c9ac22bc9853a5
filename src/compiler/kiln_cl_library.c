/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * kiln's CL library: libclc's SPIR-V, as the distribution installs it
 * (spirv64-mesa3d-.spv), linked with the SPIR-V of kiln's own built-ins
 * (shaders/kiln_half_math.cl: the half-precision functions libclc 15
 * lacks; shaders/kiln_device_queue.cl: the device library of device-side
 * enqueue; both compiled into kiln when kiln is built) and translated to
 * one NIR library.  spirv_to_nir looks up the libclc function of each OpenCL
 * built-in it does not lower by its mangled name in one shader only, so
 * the two must be one module before translation; SPIRV-Tools' linker
 * (through Mesa's clc) joins them.
 *
 * Linking and translating take about two seconds, so the library is built
 * once per target and process and kept in Mesa's shader disk cache, keyed
 * by the libclc file (path, size and modification time, as Mesa keys
 * libclc), kiln's built-ins and the build of the program running (the
 * translation options are kiln's code).  After translation the library
 * gets what nir_load_libclc_shader gives libclc: its initialisers and
 * early returns lowered for inlining, generic-pointer variants of the
 * functions taking __global pointers, and a first optimisation; and the
 * work-group collective functions, declared for kiln's NIR pass to
 * implement (declare_work_group_functions below).  kiln's own functions
 * replace libclc's where libclc gets a value wrong
 * (replace_fixed_functions).
 */
#include "kiln_cl_library.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "compiler/clc/clc.h"
#include "nir_serialize.h"
#include "util/disk_cache.h"
#include "util/mesa-sha1.h"
#include "util/simple_mtx.h"

#include "kiln_device_queue_spv.h"
#include "kiln_half_math_spv.h"

static simple_mtx_t library_lock = SIMPLE_MTX_INITIALIZER;
static nir_shader *libraries[KILN_NUM_TARGETS];

/* A whole file into memory, word-aligned for the SPIR-V tools. */
static bool
read_spirv_file(const char *path, struct clc_binary *out, struct kiln_log *log)
{
   int fd = open(path, O_RDONLY | O_CLOEXEC);
   struct stat st;
   if (fd < 0 || fstat(fd, &st) < 0) {
      kiln_log_append(log, "error: libclc: %s: %s\n", path, strerror(errno));
      if (fd >= 0)
         close(fd);
      return false;
   }
   out->size = st.st_size;
   out->data = malloc(out->size ? out->size : 1);
   size_t done = 0;
   while (out->data && done < out->size) {
      ssize_t n = read(fd, (char *)out->data + done, out->size - done);
      if (n <= 0)
         break;
      done += n;
   }
   close(fd);
   if (!out->data || done != out->size || out->size % 4) {
      kiln_log_append(log, "error: libclc: %s: %s\n", path,
                      !out->data          ? "out of memory"
                      : done != out->size ? "short read"
                                          : "not SPIR-V words");
      free(out->data);
      return false;
   }
   return true;
}

/* A copy of one of kiln's own SPIR-V modules embedded in the build. */
static bool
own_module(const void *words, size_t size, struct clc_binary *out)
{
   out->size = size;
   out->data = malloc(size);
   if (out->data)
      memcpy(out->data, words, size);
   return out->data != NULL;
}

/* libclc and kiln's built-ins as one SPIR-V library module. */
static bool
link_spirv(struct clc_binary *linked, struct kiln_log *log)
{
   struct clc_binary libclc, half = { 0 }, queue = { 0 };
   if (!read_spirv_file(KILN_LIBCLC_SPIRV64, &libclc, log))
      return false;
   bool ok = own_module(kiln_half_math_spv, sizeof(kiln_half_math_spv), &half) &&
             own_module(kiln_device_queue_spv, sizeof(kiln_device_queue_spv), &queue);

   const struct clc_binary *objs[] = { &libclc, &half, &queue };
   const struct clc_linker_args args = {
      .in_objs = objs,
      .num_in_objs = ARRAY_SIZE(objs),
      .create_library = true,
   };
   struct clc_logger logger = kiln_clc_logger(log);
   ok = ok && clc_link_spirv(&args, &logger, linked);
   if (!ok)
      kiln_log_append(log, "error: libclc (%s) and kiln's built-ins could not be linked\n",
                      KILN_LIBCLC_SPIRV64);
   free(libclc.data);
   free(half.data);
   free(queue.data);
   return ok;
}

/* nir_load_libclc_shader's libclc_add_generic_variants: every function
 * taking a __global pointer (U3AS1 in its name) gets a twin taking a
 * generic one (U3AS4), which libclc does not define but OpenCL C 2.0
 * code calls. */
static void
add_generic_variants(nir_shader *lib)
{
   nir_foreach_function (func, lib) {
      const char *as1 = strstr(func->name, "U3AS1");
      if (!as1 || !func->impl || strstr(func->name, "async_work_group_strided_copy"))
         continue;
      char *name = ralloc_strdup(lib, func->name);
      name[as1 - func->name + 4] = '4';
      if (nir_shader_get_function_for_name(lib, name))
         continue;

      nir_function *twin = nir_function_create(lib, name);
      twin->num_params = func->num_params;
      twin->params = ralloc_array(lib, nir_parameter, twin->num_params);
      memcpy(twin->params, func->params, sizeof(nir_parameter) * twin->num_params);
      nir_function_set_impl(twin, nir_function_impl_clone(lib, func->impl));

      nir_foreach_block (block, twin->impl) {
         nir_foreach_instr (instr, block) {
            if (instr->type != nir_instr_type_deref)
               continue;
            nir_deref_instr *deref = nir_instr_as_deref(instr);
            if (nir_deref_mode_may_be(deref, nir_var_mem_global))
               deref->modes = nir_var_mem_generic;
         }
      }
      nir_metadata_preserve(twin->impl, nir_metadata_none);
   }
}

/* kiln's own replacements of libclc functions: each function named
 * __kiln_fix_FN (shaders/kiln_half_math.cl: sinpi, cospi, tanpi and
 * atanpi with §7.5.1's signed zeros) takes the name of libclc's FN of the
 * same parameter types, which the kernels' calls look up; libclc's keeps
 * its body under another name, which the replacement's call of it names
 * (the library links calls by name). */
static void
replace_fixed_functions(nir_shader *lib)
{
   static const char prefix[] = "__kiln_fix_";
   nir_foreach_function (func, lib) {
      char *end;
      if (!func->impl || strncmp(func->name, "_Z", 2))
         continue;
      const unsigned long len = strtoul(func->name + 2, &end, 10);
      if (len <= strlen(prefix) || strncmp(end, prefix, strlen(prefix)))
         continue;
      const char *fn = end + strlen(prefix);
      const int fn_len = (int)(len - strlen(prefix));
      /* Names belong to their function: nir_sweep keeps nothing else. */
      char *name = ralloc_asprintf(func, "_Z%d%.*s%s", fn_len, fn_len, fn, end + len);
      nir_function *libclc = nir_shader_get_function_for_name(lib, name);
      if (!libclc) {
         ralloc_free(name);
         continue;
      }
      libclc->name = ralloc_asprintf(libclc, "%s.libclc", name);
      func->name = name;
   }
}

/* A function without a body, with vtn's parameters: a pointer to the
 * return value, then the arguments (1 component each, of these bits). */
static void
declare_function(nir_shader *lib, const char *name, const unsigned *bits, unsigned num_args)
{
   if (nir_shader_get_function_for_name(lib, name))
      return;
   nir_function *fn = nir_function_create(lib, name);
   fn->num_params = num_args + 1;
   fn->params = rzalloc_array(lib, nir_parameter, fn->num_params);
   fn->params[0] = (nir_parameter){ .num_components = 1, .bit_size = lib->info.cs.ptr_size };
   for (unsigned i = 0; i < num_args; i++)
      fn->params[i + 1] = (nir_parameter){ .num_components = 1, .bit_size = bits[i] };
}

/* The work-group collective functions (OpenCL C 2.0 §6.13.15) for every
 * type they take, declared without a body: spirv_to_nir calls them for
 * the group instructions of Workgroup scope
 * (mesa-work-group-collectives.patch) and
 * kiln_nir_lower_work_group_collectives replaces the calls.  Their
 * mangled names: work_group_all(int) is _Z14work_group_alli,
 * work_group_broadcast(float, size_t, size_t) _Z20work_group_broadcastfmm. */
static void
declare_work_group_functions(nir_shader *lib)
{
   static const char *const ops[] = {
      "work_group_reduce_add",         "work_group_reduce_min",
      "work_group_reduce_max",         "work_group_scan_inclusive_add",
      "work_group_scan_inclusive_min", "work_group_scan_inclusive_max",
      "work_group_scan_exclusive_add", "work_group_scan_exclusive_min",
      "work_group_scan_exclusive_max",
   };
   static const struct {
      const char *code;
      unsigned bits;
   } types[] = {
      { "Dh", 16 }, { "i", 32 }, { "j", 32 }, { "l", 64 }, { "m", 64 }, { "f", 32 }, { "d", 64 },
   };
   const unsigned int32 = 32;
   char name[64];
   snprintf(name, sizeof(name), "_Z14work_group_alli");
   declare_function(lib, name, &int32, 1);
   snprintf(name, sizeof(name), "_Z14work_group_anyi");
   declare_function(lib, name, &int32, 1);

   for (unsigned t = 0; t < ARRAY_SIZE(types); t++) {
      for (unsigned i = 0; i < ARRAY_SIZE(ops); i++) {
         snprintf(name, sizeof(name), "_Z%zu%s%s", strlen(ops[i]), ops[i], types[t].code);
         declare_function(lib, name, &types[t].bits, 1);
      }
      /* The local id: one, two or three size_t. */
      const unsigned bits[] = { types[t].bits, 64, 64, 64 };
      for (unsigned dims = 1; dims <= 3; dims++) {
         snprintf(name, sizeof(name), "_Z20work_group_broadcast%s%s", types[t].code,
                  dims == 1   ? "m"
                  : dims == 2 ? "mm"
                              : "mmm");
         declare_function(lib, name, bits, 1 + dims);
      }
   }
}

/* The optimisations nir_load_libclc_shader runs, safe for any use. */
static void
optimize(nir_shader *lib)
{
   bool progress;
   NIR_PASS(_, lib, nir_split_var_copies);
   do {
      progress = false;
      NIR_PASS(progress, lib, nir_opt_copy_prop_vars);
      NIR_PASS(progress, lib, nir_lower_var_copies);
      NIR_PASS(progress, lib, nir_lower_vars_to_ssa);
      NIR_PASS(progress, lib, nir_copy_prop);
      NIR_PASS(progress, lib, nir_opt_remove_phis);
      NIR_PASS(progress, lib, nir_opt_dce);
      NIR_PASS(progress, lib, nir_opt_if, false);
      NIR_PASS(progress, lib, nir_opt_dead_cf);
      NIR_PASS(progress, lib, nir_opt_cse);
      NIR_PASS(progress, lib, nir_opt_peephole_select, 0, false, false);
      NIR_PASS(progress, lib, nir_opt_algebraic);
      NIR_PASS(progress, lib, nir_opt_constant_folding);
      NIR_PASS(progress, lib, nir_opt_undef);
      NIR_PASS(progress, lib, nir_opt_deref);
   } while (progress);
   nir_sweep(lib);
}

static nir_shader *
build(const struct spirv_to_nir_options *spirv_options,
      const nir_shader_compiler_options *nir_options, struct kiln_log *log)
{
   struct clc_binary linked;
   if (!link_spirv(&linked, log))
      return NULL;

   struct spirv_to_nir_options opts = *spirv_options;
   opts.create_library = true;
   nir_shader *lib = spirv_to_nir(linked.data, linked.size / 4, NULL, 0, MESA_SHADER_KERNEL, NULL,
                                  &opts, nir_options);
   clc_free_spirv(&linked);
   if (!lib) {
      kiln_log_append(log, "error: kiln's CL library could not be translated to NIR\n");
      return NULL;
   }

   /* nir_link_shader_functions takes the functions as they are: ready to
    * inline, with no initialisers or early returns left. */
   lib->info.internal = true;
   NIR_PASS(_, lib, nir_lower_variable_initializers, nir_var_function_temp);
   NIR_PASS(_, lib, nir_lower_returns);
   replace_fixed_functions(lib);
   add_generic_variants(lib);
   declare_work_group_functions(lib);
   optimize(lib);
   return lib;
}

/* The disk cache's key: the libclc file as Mesa identifies it, kiln's
 * built-ins and the running build; false if libclc is missing. */
static bool
compute_key(struct disk_cache *cache, cache_key key, struct kiln_log *log)
{
   struct stat st;
   if (stat(KILN_LIBCLC_SPIRV64, &st) < 0) {
      kiln_log_append(log, "error: libclc: %s: %s\n", KILN_LIBCLC_SPIRV64, strerror(errno));
      return false;
   }
   struct mesa_sha1 ctx;
   unsigned char sha1[SHA1_DIGEST_LENGTH];
   _mesa_sha1_init(&ctx);
   _mesa_sha1_update(&ctx, KILN_LIBCLC_SPIRV64, strlen(KILN_LIBCLC_SPIRV64));
   _mesa_sha1_update(&ctx, &st.st_size, sizeof(st.st_size));
   _mesa_sha1_update(&ctx, &st.st_mtim, sizeof(st.st_mtim));
   _mesa_sha1_update(&ctx, kiln_half_math_spv, sizeof(kiln_half_math_spv));
   _mesa_sha1_update(&ctx, kiln_device_queue_spv, sizeof(kiln_device_queue_spv));
   disk_cache_get_function_identifier(kiln_cl_library, &ctx);
   _mesa_sha1_final(&ctx, sha1);
   if (cache)
      disk_cache_compute_key(cache, sha1, sizeof(sha1), key);
   return true;
}

static nir_shader *
load_or_build(enum kiln_target target, const struct spirv_to_nir_options *spirv_options,
              const nir_shader_compiler_options *nir_options, struct kiln_log *log)
{
   struct disk_cache *cache = disk_cache_create("kiln_cl_library", kiln_target_name(target), 0);
   cache_key key;
   nir_shader *lib = NULL;
   if (!compute_key(cache, key, log))
      goto out;

   size_t size;
   void *cached = cache ? disk_cache_get(cache, key, &size) : NULL;
   if (cached) {
      struct blob_reader blob;
      blob_reader_init(&blob, cached, size);
      lib = nir_deserialize(NULL, nir_options, &blob);
      free(cached);
      if (lib)
         goto out;
   }

   lib = build(spirv_options, nir_options, log);
   if (lib && cache) {
      struct blob blob;
      blob_init(&blob);
      nir_serialize(&blob, lib, false);
      if (!blob.out_of_memory)
         disk_cache_put(cache, key, blob.data, blob.size, NULL);
      blob_finish(&blob);
   }
out:
   if (cache)
      disk_cache_destroy(cache);
   return lib;
}

const nir_shader *
kiln_cl_library(enum kiln_target target, const struct spirv_to_nir_options *spirv_options,
                const nir_shader_compiler_options *nir_options, struct kiln_log *log)
{
   simple_mtx_lock(&library_lock);
   if (!libraries[target]) {
      libraries[target] = load_or_build(target, spirv_options, nir_options, log);
      /* The library's variables point at glsl_types (libclc's constant
       * tables are arrays), which the type singleton frees when its last
       * reference goes; kiln_compile()'s own ends with each call.  This
       * one lasts as long as the library: the process. */
      if (libraries[target])
         glsl_type_singleton_init_or_ref();
   }
   simple_mtx_unlock(&library_lock);
   return libraries[target];
}
