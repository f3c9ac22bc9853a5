/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The kernel inputs of a launch as Rusticl makes it, for every kiln
 * screen: its arguments and its own launch values, laid out by Rusticl,
 * in constant buffer 0, and the buffers behind pointer arguments from
 * set_global_binding, whose GPU addresses are added into the inputs at
 * once.  The context keeps the buffers referenced until they are
 * replaced, so a launch can make them resident.
 */
#include "kiln_pipe_common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/u_inlines.h"

void
kiln_pipe_inputs_init(struct kiln_pipe_inputs *in)
{
   memset(in, 0, sizeof(*in));
   util_dynarray_init(&in->input, NULL);
}

void
kiln_pipe_inputs_finish(struct kiln_pipe_inputs *in)
{
   for (unsigned i = 0; i < in->num_globals; i++)
      pipe_resource_reference(&in->globals[i], NULL);
   free(in->globals);
   util_dynarray_fini(&in->input);
   memset(in, 0, sizeof(*in));
}

void
kiln_pipe_inputs_set_constant_buffer(struct kiln_pipe_inputs *in, enum pipe_shader_type shader,
                                     unsigned index, bool take_ownership,
                                     const struct pipe_constant_buffer *cb)
{
   if (index != 0 || shader != PIPE_SHADER_COMPUTE)
      goto release;

   util_dynarray_clear(&in->input);
   if (!cb)
      return;
   const uint8_t *src = cb->user_buffer;
   if (!src && cb->buffer)
      src = kiln_pipe_resource(cb->buffer)->map + cb->buffer_offset;
   if (src && cb->buffer_size) {
      void *dst = util_dynarray_grow_bytes(&in->input, 1, cb->buffer_size);
      if (dst)
         memcpy(dst, src, cb->buffer_size);
   }

release:
   if (take_ownership && cb && cb->buffer) {
      struct pipe_resource *buffer = cb->buffer;
      pipe_resource_reference(&buffer, NULL);
   }
}

static bool
grow_globals(struct kiln_pipe_inputs *in, unsigned count)
{
   if (count <= in->num_globals)
      return true;
   struct pipe_resource **g = realloc(in->globals, count * sizeof(*g));
   if (!g)
      return false;
   memset(g + in->num_globals, 0, (count - in->num_globals) * sizeof(*g));
   in->globals = g;
   in->num_globals = count;
   return true;
}

/* handles[i] points at the 64-bit buffer offset Rusticl wrote into the
 * inputs; it becomes the GPU address of that byte. */
void
kiln_pipe_inputs_set_global_binding(struct kiln_pipe_inputs *in, unsigned first, unsigned count,
                                    struct pipe_resource **resources, uint32_t **handles)
{
   if (!grow_globals(in, first + count)) {
      fprintf(stderr, "kiln: out of memory binding %u buffers\n", first + count);
      return;
   }
   for (unsigned i = 0; i < count; i++) {
      struct pipe_resource *res = resources ? resources[i] : NULL;
      pipe_resource_reference(&in->globals[first + i], res);
      if (res && handles && handles[i]) {
         uint64_t address;
         memcpy(&address, handles[i], sizeof(address));
         address += kiln_pipe_resource(res)->address;
         memcpy(handles[i], &address, sizeof(address));
      }
   }
}

bool
kiln_pipe_inputs_pad(struct kiln_pipe_inputs *in, unsigned size)
{
   const unsigned have = util_dynarray_num_elements(&in->input, uint8_t);
   if (have >= size)
      return true;
   void *tail = util_dynarray_grow_bytes(&in->input, 1, size - have);
   if (!tail)
      return false;
   memset(tail, 0, size - have);
   return true;
}
