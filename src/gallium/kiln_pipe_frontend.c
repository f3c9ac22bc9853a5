/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Rusticl's hooks into a screen's compiler, the same for every kiln
 * screen: the NIR options front ends build with, Rusticl's SPIR-V to NIR
 * pipeline with kiln's own CL passes inside it (kiln_compiler_nir.h: the
 * same front-end repairs and lowering as kiln_compile()'s, for the
 * screen's target, handing a program's __global variables to
 * kiln_pipe_globals.c), and the disk cache Rusticl keeps libclc's and the
 * kernels' NIR in.
 */
#include "kiln_pipe_common.h"

#include <string.h>

#include "kiln_compiler_nir.h"
#include "nir.h"
#include "util/disk_cache.h"
#include "util/hex.h"
#include "util/mesa-sha1.h"
#include "util/os_time.h"

static const void *
kiln_get_compiler_options(struct pipe_screen *pscreen, enum pipe_shader_ir ir,
                          enum pipe_shader_type shader)
{
   return kiln_compiler_nir_options(kiln_pipe_frontend(pscreen)->target);
}

static struct nir_shader *
kiln_cl_spirv_to_nir(struct pipe_screen *pscreen, const uint32_t *words, size_t word_count,
                     struct nir_spirv_specialization *spec, unsigned num_spec,
                     const char *entry_point, const struct spirv_to_nir_options *options,
                     const struct nir_shader_compiler_options *nir_options)
{
   const struct kiln_pipe_frontend *fe = kiln_pipe_frontend(pscreen);
   struct kiln_frontend_globals globals;
   struct nir_shader *nir =
      kiln_frontend_spirv_to_nir(words, word_count, spec, num_spec, entry_point, options,
                                 nir_options, fe->target, fe->wave_size, &globals);
   if (nir)
      kiln_pipe_screen_keep_program_globals(pscreen, &globals);
   kiln_frontend_globals_finish(&globals);
   return nir;
}

static void
kiln_lower_cl_nir_before_io(struct pipe_screen *pscreen, struct nir_shader *nir)
{
   kiln_frontend_lower_before_io(nir, kiln_pipe_frontend(pscreen)->target);
}

static uint64_t
kiln_get_timestamp(struct pipe_screen *pscreen)
{
   return os_time_get_nano();
}

/* Without a cache, every process translates libclc again (most of
 * clinfo's start-up).  The key is this library's build: a rebuilt kiln
 * starts a new cache. */
static struct disk_cache *
create_disk_cache(const char *cache_name)
{
   struct mesa_sha1 ctx;
   unsigned char sha1[20];
   char id[20 * 2 + 1];

   _mesa_sha1_init(&ctx);
   if (!disk_cache_get_function_identifier(create_disk_cache, &ctx))
      return NULL;
   _mesa_sha1_final(&ctx, sha1);
   mesa_bytes_to_hex(id, sha1, 20);
   return disk_cache_create(cache_name, id, 0);
}

static struct disk_cache *
kiln_get_disk_shader_cache(struct pipe_screen *pscreen)
{
   return kiln_pipe_frontend(pscreen)->disk_cache;
}

const char *
kiln_pipe_kernel_name(struct nir_shader *nir)
{
   static const char wrapper[] = "__wrapped_";
   const char *name = nir->info.name;
   nir_function_impl *entry = nir_shader_get_entrypoint(nir);
   if (!name && entry)
      name = entry->function->name;
   if (!name)
      return "kernel";
   return strncmp(name, wrapper, strlen(wrapper)) ? name : name + strlen(wrapper);
}

void
kiln_pipe_screen_init_frontend(struct pipe_screen *screen, const char *cache_name)
{
   screen->get_compiler_options = kiln_get_compiler_options;
   screen->cl_spirv_to_nir = kiln_cl_spirv_to_nir;
   screen->lower_cl_nir_before_io = kiln_lower_cl_nir_before_io;
   screen->get_timestamp = kiln_get_timestamp;
   screen->get_disk_shader_cache = kiln_get_disk_shader_cache;
   kiln_pipe_frontend(screen)->disk_cache = create_disk_cache(cache_name);
   kiln_pipe_screen_init_program_globals(screen);
}

void
kiln_pipe_screen_finish_frontend(struct pipe_screen *screen)
{
   struct kiln_pipe_frontend *fe = kiln_pipe_frontend(screen);
   kiln_pipe_screen_finish_program_globals(screen);
   disk_cache_destroy(fe->disk_cache);
   fe->disk_cache = NULL;
}
