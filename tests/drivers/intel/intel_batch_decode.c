/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Mesa's batch decoder driven for kiln's drivers/intel tests (see
 * intel_batch_decode.h): the decoder asks for the buffer behind every
 * address it follows, which is looked up among the submission's resident
 * buffers (and the xe shim's VM bindings), so an address the batch
 * programs outside them is counted, not followed.
 */
#include "intel_batch_decode.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/brw_isa_info.h"
#include "decoder/intel_decoder.h"
#include "dev/intel_device_info.h"

struct kiln_intel_bo *
kiln_test_decode_find_bo(const struct kiln_test_decode *d, uint64_t address)
{
   for (unsigned i = 0; i < d->num_bos; i++) {
      struct kiln_intel_bo *bo = d->bos[i];
      if (address >= bo->address && address < bo->address + bo->size)
         return bo;
   }
   return NULL;
}

static struct intel_batch_decode_bo
get_bo(void *data, bool ppgtt, uint64_t address)
{
   struct kiln_test_decode *d = data;
   const struct kiln_intel_bo *bo = kiln_test_decode_find_bo(d, address);
   if (bo) {
      uint64_t start, range;
      if (d->vm_binding && !(d->vm_binding(address, &start, &range) && start <= bo->address &&
                             bo->address + bo->size <= start + range)) {
         fprintf(stderr, "the decoder followed 0x%" PRIx64 ", in no VM binding of its buffer\n",
                 address);
         d->unbound_in_vm++;
      }
      return (
         struct intel_batch_decode_bo){ .addr = bo->address, .size = bo->size, .map = bo->map };
   }
   /* Bases of state kiln does not use are 0 and never followed. */
   if (address) {
      fprintf(stderr, "the decoder followed 0x%" PRIx64 ", in no bound buffer\n", address);
      d->unbound++;
   }
   return (struct intel_batch_decode_bo){ 0 };
}

static void
shader_binary(void *data, const char *name, uint64_t address, const void *code, unsigned size)
{
   struct kiln_test_decode *d = data;
   d->shader_address = address;
   d->shader = code;
   d->shader_size = size;
   d->shaders++;
}

char *
kiln_test_decode_batch(const struct intel_device_info *info, struct kiln_test_decode *d,
                       const struct kiln_intel_submission *sub)
{
   char *text = NULL;
   size_t size = 0;
   FILE *f = open_memstream(&text, &size);
   if (!f)
      return NULL;
   struct brw_isa_info isa;
   brw_init_isa_info(&isa, info);
   struct intel_batch_decode_ctx ctx;
   intel_batch_decode_ctx_init_brw(&ctx, &isa, info, f, INTEL_BATCH_DECODE_FULL, NULL, get_bo, NULL,
                                   d);
   ctx.shader_binary = shader_binary;
   intel_print_batch(&ctx, sub->batch->map, sub->batch_bytes, sub->batch->address, false);
   intel_batch_decode_ctx_finish(&ctx);
   fclose(f);
   return text;
}

char *
kiln_test_decode_struct(const struct intel_device_info *info, const char *name, const void *map,
                        uint64_t address)
{
   struct intel_spec *spec = intel_spec_load(info);
   struct intel_group *group = spec ? intel_spec_find_struct(spec, name) : NULL;
   if (!group) {
      if (spec)
         intel_spec_destroy(spec);
      return NULL;
   }
   char *text = NULL;
   size_t size = 0;
   FILE *f = open_memstream(&text, &size);
   if (f) {
      intel_print_group(f, group, address, map, 0, false);
      fclose(f);
   }
   intel_spec_destroy(spec);
   return text;
}

const char *
kiln_test_decode_command(const char *text, const char *name, unsigned n)
{
   /* A command's first line: "ADDRESS:  DWORD:  NAME", the name padded
    * with spaces (a structure's name inside a field ends with '>'). */
   const size_t len = strlen(name);
   for (const char *p = text; (p = strstr(p, name)); p += len) {
      if (p > text && p[-1] == ' ' && (p[len] == ' ' || p[len] == '\n') && n-- == 0)
         return p;
   }
   return NULL;
}

bool
kiln_test_decode_field(const char *from, const char *end, const char *name, uint64_t *value)
{
   char key[128];
   snprintf(key, sizeof(key), "%s: ", name);
   for (const char *p = from; (p = strstr(p, key)) && (!end || p < end); p++) {
      /* Whole field names only, which open their line: "Execution Mask"
       * is not "Right Execution Mask". */
      const char *q = p;
      while (q > from && q[-1] == ' ')
         q--;
      if (q > from && q[-1] != '\n')
         continue;
      const char *v = p + strlen(key);
      if (!strncmp(v, "true", 4) || !strncmp(v, "false", 5)) {
         *value = v[0] == 't';
         return true;
      }
      char *after;
      *value = strtoull(v, &after, 0);
      return after != v;
   }
   return false;
}
