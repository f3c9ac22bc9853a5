/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * printf (OpenCL C 2.0 6.13.13) on the host's side.  On the device,
 * nir_lower_printf turns each call into a record in a buffer the launcher
 * passes in the implicit arguments (layout in kiln_amd_abi.h).  vtn
 * collects the calls' formats (nir->printf_info), which leave the compiler
 * with the kernel as struct kiln_printf_format; after the launch Mesa's
 * u_printf formats the records with them, as Rusticl does with its own.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "kiln_compiler_internal.h"

#include "util/u_math.h"
#include "util/u_printf.h"

static_assert(sizeof(struct kiln_printf_format) == sizeof(u_printf_info) &&
                 offsetof(struct kiln_printf_format, arg_sizes) ==
                    offsetof(u_printf_info, arg_sizes) &&
                 offsetof(struct kiln_printf_format, strings) == offsetof(u_printf_info, strings),
              "kiln_printf_format is u_printf_info");

/* A record: the format id, then each argument at the next 4-byte boundary
 * (the offsets vtn gives the fields of the call's argument struct). */
static size_t
record_size(const struct kiln_printf_format *f)
{
   size_t size = 4;
   for (unsigned i = 0; i < f->num_args; i++)
      size = ALIGN_POT(size + f->arg_sizes[i], 4);
   return size;
}

enum kiln_compile_status
kiln_printf_formats_fill(struct kiln_kernel *k, const nir_shader *nir)
{
   if (!nir->info.uses_printf || !nir->printf_info_count)
      return KILN_COMPILE_OK;
   k->printf_formats = calloc(nir->printf_info_count, sizeof(*k->printf_formats));
   if (!k->printf_formats)
      return KILN_COMPILE_ERROR_NO_MEMORY;
   k->num_printf_formats = nir->printf_info_count;
   for (unsigned i = 0; i < nir->printf_info_count; i++) {
      const u_printf_info *from = &nir->printf_info[i];
      struct kiln_printf_format *to = &k->printf_formats[i];
      to->arg_sizes = malloc(MAX2(from->num_args, 1) * sizeof(*to->arg_sizes));
      to->strings = malloc(MAX2(from->string_size, 1));
      if (!to->arg_sizes || !to->strings)
         return KILN_COMPILE_ERROR_NO_MEMORY;
      to->num_args = from->num_args;
      to->string_size = from->string_size;
      memcpy(to->arg_sizes, from->arg_sizes, from->num_args * sizeof(*to->arg_sizes));
      memcpy(to->strings, from->strings, from->string_size);
   }
   return KILN_COMPILE_OK;
}

void
kiln_printf_formats_free(struct kiln_kernel *k)
{
   for (unsigned i = 0; i < k->num_printf_formats && k->printf_formats; i++) {
      free(k->printf_formats[i].arg_sizes);
      free(k->printf_formats[i].strings);
   }
   free(k->printf_formats);
   k->printf_formats = NULL;
   k->num_printf_formats = 0;
}

size_t
kiln_printf_min_buffer_size(const struct kiln_kernel *k)
{
   size_t largest = 0;
   for (unsigned i = 0; i < k->num_printf_formats; i++)
      largest = MAX2(largest, record_size(&k->printf_formats[i]));
   /* nir_lower_printf writes a record only when 4 bytes more would fit. */
   return largest ? KILN_PRINTF_HEADER_SIZE + largest + 4 + 1 : 0;
}

int64_t
kiln_printf_print(FILE *out, const struct kiln_kernel *k, const void *buffer, size_t size)
{
   const uint8_t *data = buffer;
   uint32_t reserved;
   if (size < KILN_PRINTF_HEADER_SIZE)
      return 0;
   memcpy(&reserved, data, sizeof(reserved));

   /* The records the calls wrote, which end where the first call that
    * found the buffer full left its record's place as the launcher left
    * it: zero, where no format id is (kiln_amd_abi.h). */
   const size_t limit = MIN2(reserved, size);
   size_t end = KILN_PRINTF_HEADER_SIZE;
   bool corrupt = false;
   while (end + 4 <= limit) {
      uint32_t id;
      memcpy(&id, data + end, sizeof(id));
      if (id == 0)
         break;
      if (id > k->num_printf_formats || end + record_size(&k->printf_formats[id - 1]) > limit) {
         corrupt = true;
         break;
      }
      end += record_size(&k->printf_formats[id - 1]);
   }

   u_printf(out, (const char *)data + KILN_PRINTF_HEADER_SIZE, end - KILN_PRINTF_HEADER_SIZE,
            (const u_printf_info *)k->printf_formats, k->num_printf_formats);
   if (corrupt)
      return -1;
   return reserved > end ? reserved - end : 0;
}
