/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Program-scope __global variables (OpenCL C 2.0 6.5.1) through Rusticl,
 * which has no device object for a program: kiln's SPIR-V-to-NIR hook
 * finds a program's variables and their initial values, and the screen
 * keeps them by the program's key (the BLAKE3 of its SPIR-V, which the
 * hook also writes into each kernel's nir->info.source_blake3).  The
 * first compute state of the program creates its buffer and initialises
 * it once; every compute state of the program names the same buffer, so
 * values persist across launches and are shared between its kernels; the
 * last one to go frees it.
 *
 * Rusticl caches kernels' NIR on disk and then skips the hook, so the
 * hook also stores the initial values in the screen's disk cache, where
 * a later process finds them by the same key.  Two programs built from
 * the same SPIR-V in one process share one buffer.
 *
 * The buffer is one of the screen's own buffer resources, so this is the
 * same for every kiln screen.
 */
#include "kiln_pipe_common.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kiln_compiler_nir.h"
#include "util/blob.h"
#include "util/disk_cache.h"
#include "util/u_inlines.h"
#include "util/u_memory.h"

struct kiln_program_globals {
   struct list_head link;
   uint8_t key[32];
   unsigned refs; /* compute states that name the buffer */
   struct kiln_frontend_globals init;
   struct pipe_resource *buffer;
};

static void
globals_cache_key(struct kiln_pipe_frontend *fe, const uint8_t key[32], cache_key out)
{
   static const char tag[] = "kiln program globals";
   uint8_t data[sizeof(tag) + 32];
   memcpy(data, tag, sizeof(tag));
   memcpy(data + sizeof(tag), key, 32);
   disk_cache_compute_key(fe->disk_cache, data, sizeof(data), out);
}

static void
cache_put(struct kiln_pipe_frontend *fe, const struct kiln_frontend_globals *g)
{
   if (!fe->disk_cache)
      return;
   struct blob blob;
   blob_init(&blob);
   blob_write_uint64(&blob, g->size);
   blob_write_uint32(&blob, g->num_relocs);
   blob_write_bytes(&blob, g->data, g->size);
   blob_write_bytes(&blob, g->relocs, g->num_relocs * sizeof(*g->relocs));
   if (!blob.out_of_memory) {
      cache_key k;
      globals_cache_key(fe, g->key, k);
      disk_cache_put(fe->disk_cache, k, blob.data, blob.size, NULL);
   }
   blob_finish(&blob);
}

static bool
cache_get(struct kiln_pipe_frontend *fe, const uint8_t key[32], struct kiln_frontend_globals *g)
{
   if (!fe->disk_cache)
      return false;
   cache_key k;
   globals_cache_key(fe, key, k);
   size_t size = 0;
   void *bytes = disk_cache_get(fe->disk_cache, k, &size);
   if (!bytes)
      return false;
   struct blob_reader r;
   blob_reader_init(&r, bytes, size);
   memset(g, 0, sizeof(*g));
   memcpy(g->key, key, 32);
   g->size = blob_read_uint64(&r);
   g->num_relocs = blob_read_uint32(&r);
   const void *data = r.overrun ? NULL : blob_read_bytes(&r, g->size);
   const void *relocs = r.overrun ? NULL : blob_read_bytes(&r, g->num_relocs * sizeof(*g->relocs));
   bool ok = !r.overrun && r.current == r.end && g->size;
   if (ok) {
      g->data = malloc(g->size);
      g->relocs = malloc(MAX2(g->num_relocs, 1) * sizeof(*g->relocs));
      ok = g->data && g->relocs;
   }
   if (ok) {
      memcpy(g->data, data, g->size);
      memcpy(g->relocs, relocs, g->num_relocs * sizeof(*g->relocs));
   } else {
      kiln_frontend_globals_finish(g);
   }
   free(bytes);
   return ok;
}

static struct kiln_program_globals *
find(struct kiln_pipe_frontend *fe, const uint8_t key[32])
{
   list_for_each_entry(struct kiln_program_globals, p, &fe->globals, link)
   {
      if (!memcmp(p->key, key, 32))
         return p;
   }
   return NULL;
}

/* Takes g's data. */
static struct kiln_program_globals *
add(struct kiln_pipe_frontend *fe, struct kiln_frontend_globals *g)
{
   struct kiln_program_globals *p = CALLOC_STRUCT(kiln_program_globals);
   if (!p) {
      kiln_frontend_globals_finish(g);
      return NULL;
   }
   memcpy(p->key, g->key, 32);
   p->init = *g;
   memset(g, 0, sizeof(*g));
   list_addtail(&p->link, &fe->globals);
   return p;
}

void
kiln_pipe_screen_keep_program_globals(struct pipe_screen *screen, struct kiln_frontend_globals *g)
{
   struct kiln_pipe_frontend *fe = kiln_pipe_frontend(screen);
   if (!g->size)
      return;
   simple_mtx_lock(&fe->globals_lock);
   if (find(fe, g->key)) {
      kiln_frontend_globals_finish(g);
   } else {
      cache_put(fe, g);
      add(fe, g);
   }
   simple_mtx_unlock(&fe->globals_lock);
}

/* The buffer, with the initial values and every pointer among the
 * variables resolved against its address. */
static int
create_buffer(struct pipe_screen *screen, struct kiln_program_globals *p)
{
   const struct pipe_resource templ = {
      .target = PIPE_BUFFER,
      .format = PIPE_FORMAT_R8_UINT,
      .width0 = p->init.size,
      .height0 = 1,
      .depth0 = 1,
      .array_size = 1,
      .bind = PIPE_BIND_GLOBAL,
   };
   if (p->init.size > UINT32_MAX || !(p->buffer = screen->resource_create(screen, &templ))) {
      fprintf(stderr, "kiln: no buffer for the program's %zu bytes of __global variables\n",
              p->init.size);
      return -ENOMEM;
   }
   struct kiln_pipe_resource *res = kiln_pipe_resource(p->buffer);
   memcpy(res->map, p->init.data, p->init.size);
   for (unsigned i = 0; i < p->init.num_relocs; i++) {
      const uint64_t address = res->address + p->init.relocs[i].target;
      memcpy(res->map + p->init.relocs[i].offset, &address, sizeof(address));
   }
   return 0;
}

struct kiln_program_globals *
kiln_pipe_screen_get_program_globals(struct pipe_screen *screen, const uint8_t key[32])
{
   struct kiln_pipe_frontend *fe = kiln_pipe_frontend(screen);
   simple_mtx_lock(&fe->globals_lock);
   struct kiln_program_globals *p = find(fe, key);
   struct kiln_frontend_globals g;
   if (!p && cache_get(fe, key, &g))
      p = add(fe, &g);
   if (p && !p->buffer && create_buffer(screen, p))
      p = NULL;
   if (p)
      p->refs++;
   simple_mtx_unlock(&fe->globals_lock);
   return p;
}

void
kiln_pipe_screen_put_program_globals(struct pipe_screen *screen, struct kiln_program_globals *p)
{
   struct kiln_pipe_frontend *fe = kiln_pipe_frontend(screen);
   if (!p)
      return;
   simple_mtx_lock(&fe->globals_lock);
   if (--p->refs == 0) {
      list_del(&p->link);
      pipe_resource_reference(&p->buffer, NULL);
      kiln_frontend_globals_finish(&p->init);
      FREE(p);
   }
   simple_mtx_unlock(&fe->globals_lock);
}

struct pipe_resource *
kiln_program_globals_buffer(const struct kiln_program_globals *p)
{
   return p->buffer;
}

void
kiln_pipe_screen_init_program_globals(struct pipe_screen *screen)
{
   struct kiln_pipe_frontend *fe = kiln_pipe_frontend(screen);
   list_inithead(&fe->globals);
   simple_mtx_init(&fe->globals_lock, mtx_plain);
}

void
kiln_pipe_screen_finish_program_globals(struct pipe_screen *screen)
{
   struct kiln_pipe_frontend *fe = kiln_pipe_frontend(screen);
   list_for_each_entry_safe(struct kiln_program_globals, p, &fe->globals, link)
   {
      pipe_resource_reference(&p->buffer, NULL);
      kiln_frontend_globals_finish(&p->init);
      FREE(p);
   }
   list_inithead(&fe->globals);
   simple_mtx_destroy(&fe->globals_lock);
}
