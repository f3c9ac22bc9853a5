/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The pipe_screen: one per device drivers/amdgpu opens, its names, the
 * compiler options front ends build NIR with, and its lifetime.
 */
#include "kiln_gallium.h"
#include "kiln_pipe.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>

#include "kiln_amdgpu_image.h"
#include "kiln_compiler_nir.h"
#include "util/disk_cache.h"
#include "util/format/u_format.h"
#include "util/u_math.h"
#include "util/hex.h"
#include "util/mesa-sha1.h"
#include "util/os_time.h"
#include "util/u_memory.h"

static const char *
kiln_get_name(struct pipe_screen *pscreen)
{
   return kiln_screen(pscreen)->name;
}

static const char *
kiln_get_vendor(struct pipe_screen *pscreen)
{
   return "kiln";
}

static const char *
kiln_get_device_vendor(struct pipe_screen *pscreen)
{
   return "AMD";
}

static const void *
kiln_get_compiler_options(struct pipe_screen *pscreen, enum pipe_shader_ir ir,
                          enum pipe_shader_type shader)
{
   return kiln_compiler_nir_options(kiln_screen(pscreen)->target);
}

/* Rusticl's SPIR-V to NIR pipeline with kiln's own CL passes inside it
 * (kiln_compiler_nir.h): the same front-end repairs and lowering as
 * kiln_compile()'s. */
static struct nir_shader *
kiln_cl_spirv_to_nir(struct pipe_screen *pscreen, const uint32_t *words, size_t word_count,
                     struct nir_spirv_specialization *spec, unsigned num_spec,
                     const char *entry_point, const struct spirv_to_nir_options *options,
                     const struct nir_shader_compiler_options *nir_options)
{
   struct kiln_screen *screen = kiln_screen(pscreen);
   struct kiln_frontend_globals globals;
   struct nir_shader *nir =
      kiln_frontend_spirv_to_nir(words, word_count, spec, num_spec, entry_point, options,
                                 nir_options, screen->target, screen->info->wave_size, &globals);
   if (nir)
      kiln_screen_keep_program_globals(screen, &globals);
   kiln_frontend_globals_finish(&globals);
   return nir;
}

static void
kiln_lower_cl_nir_before_io(struct pipe_screen *pscreen, struct nir_shader *nir)
{
   kiln_frontend_lower_before_io(nir, kiln_screen(pscreen)->target);
}

static uint64_t
kiln_get_timestamp(struct pipe_screen *pscreen)
{
   return os_time_get_nano();
}

static bool
kiln_is_format_supported(struct pipe_screen *pscreen, enum pipe_format format,
                         enum pipe_texture_target target, unsigned sample_count,
                         unsigned storage_sample_count, unsigned bindings)
{
   if (target == PIPE_BUFFER && !(bindings & (PIPE_BIND_SAMPLER_VIEW | PIPE_BIND_SHADER_IMAGE)))
      return format == PIPE_FORMAT_R8_UINT;
   /* Images (and image buffers): the formats of plain RGB or sRGB
    * channels, one sample, that the device's format table has
    * (drivers/amdgpu). */
   const struct util_format_description *desc = util_format_description(format);
   if (!desc || desc->layout != UTIL_FORMAT_LAYOUT_PLAIN ||
       (desc->colorspace != UTIL_FORMAT_COLORSPACE_RGB &&
        desc->colorspace != UTIL_FORMAT_COLORSPACE_SRGB) ||
       sample_count > 1 ||
       !util_is_power_of_two_nonzero(desc->block.bits / 8) || desc->block.bits % 8)
      return false;
   struct kiln_screen *screen = kiln_screen(pscreen);
   const struct kiln_amdgpu_image_desc image = {
      .type = target == PIPE_BUFFER ? CL_MEM_OBJECT_IMAGE1D_BUFFER : CL_MEM_OBJECT_IMAGE2D,
      .pipe_format = format,
      .width = 1, .height = 1, .depth = 1, .array_size = 1,
   };
   struct kiln_amdgpu_image_layout layout;
   simple_mtx_lock(&screen->dev_lock);
   const bool ok = !kiln_amdgpu_image_layout(screen->dev, &image, &layout);
   simple_mtx_unlock(&screen->dev_lock);
   return ok;
}

/* Rusticl keeps libclc's NIR and the kernels' NIR in the screen's cache:
 * without one, every process translates libclc again (most of clinfo's
 * start-up).  The key is this library's build: a rebuilt kiln starts a
 * new cache. */
static void
create_disk_cache(struct kiln_screen *screen)
{
   struct mesa_sha1 ctx;
   unsigned char sha1[20];
   char id[20 * 2 + 1];

   _mesa_sha1_init(&ctx);
   if (!disk_cache_get_function_identifier(create_disk_cache, &ctx))
      return;
   _mesa_sha1_final(&ctx, sha1);
   mesa_bytes_to_hex(id, sha1, 20);
   screen->disk_cache = disk_cache_create(screen->info->target, id, 0);
}

static struct disk_cache *
kiln_get_disk_shader_cache(struct pipe_screen *pscreen)
{
   return kiln_screen(pscreen)->disk_cache;
}

static void
kiln_screen_destroy(struct pipe_screen *pscreen)
{
   struct kiln_screen *screen = kiln_screen(pscreen);
   kiln_screen_finish_program_globals(screen);
   kiln_screen_finish_enqueue_programs(screen);
   disk_cache_destroy(screen->disk_cache);
   kiln_amdgpu_device_close(screen->dev);
   simple_mtx_destroy(&screen->dev_lock);
   FREE(screen);
}

struct pipe_screen *
kiln_screen_create(const char *device, char *msg, size_t msg_size)
{
   struct kiln_screen *screen = CALLOC_STRUCT(kiln_screen);
   if (!screen) {
      snprintf(msg, msg_size, "out of memory");
      return NULL;
   }
   if (kiln_amdgpu_device_open(device, &screen->dev, msg, msg_size)) {
      FREE(screen);
      return NULL;
   }
   screen->info = kiln_amdgpu_device_get_info(screen->dev);
   if (!kiln_target_from_name(screen->info->target, &screen->target)) {
      snprintf(msg, msg_size, "%s: kiln does not compile for %s", screen->info->name,
               screen->info->target);
      kiln_amdgpu_device_close(screen->dev);
      FREE(screen);
      return NULL;
   }
   simple_mtx_init(&screen->dev_lock, mtx_plain);
   kiln_screen_init_program_globals(screen);
   kiln_screen_init_enqueue_programs(screen);
   snprintf(screen->name, sizeof(screen->name), "kiln %s (%s)", screen->info->target,
            screen->info->kind == KILN_AMDGPU_DEVICE_SIM ? "emulated" : screen->info->name);

   struct pipe_screen *p = &screen->base;
   p->destroy = kiln_screen_destroy;
   p->get_name = kiln_get_name;
   p->get_vendor = kiln_get_vendor;
   p->get_device_vendor = kiln_get_device_vendor;
   p->get_compiler_options = kiln_get_compiler_options;
   p->get_timestamp = kiln_get_timestamp;
   p->is_format_supported = kiln_is_format_supported;
   p->context_create = kiln_context_create;
   p->get_disk_shader_cache = kiln_get_disk_shader_cache;
   p->cl_spirv_to_nir = kiln_cl_spirv_to_nir;
   p->lower_cl_nir_before_io = kiln_lower_cl_nir_before_io;
   create_disk_cache(screen);
   kiln_screen_init_caps(screen);
   kiln_screen_init_fence_functions(screen);
   kiln_screen_init_resource_functions(screen);
   return p;
}
