/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * References for as_type/as_typen (OpenCL C 2.0 §6.2.4.2): the result
 * holds the operand's bits unchanged. Computed by copying bytes of the
 * source components into the destination components, which is exactly
 * reinterpretation on a little-endian device.
 */
#include "ref.h"

/* Copies `bytes` bytes of element e of src (its real components' memory)
 * to element e of dst. */
static void
copy_elem(struct kiln_run_arg *dst, size_t de, const struct kiln_run_arg *src, size_t se,
          size_t src_offset, size_t bytes)
{
   size_t dsize = dst->type.slots * dst->type.scalar_size;
   size_t ssize = src->type.slots * src->type.scalar_size;
   memcpy((char *)dst->data + de * dsize, (const char *)src->data + se * ssize + src_offset, bytes);
}

static int
ref_as_type(struct kiln_run_command *l)
{
   size_t items = l->global[0];
   if (!strcmp(l->kernel, "as_float_int")) {
      if (ref_expect(l, 5))
         return 1;
      for (size_t k = 0; k < items; k++) {
         copy_elem(REF_ARG(l, 2), k, REF_ARG(l, 0), k, 0, 16);
         copy_elem(REF_ARG(l, 3), k, REF_ARG(l, 1), k, 0, 16);
         copy_elem(REF_ARG(l, 4), k, REF_ARG(l, 0), k, 4, 4); /* .y */
      }
   } else if (!strcmp(l->kernel, "as_double_long")) {
      if (ref_expect(l, 4))
         return 1;
      for (size_t k = 0; k < items; k++) {
         copy_elem(REF_ARG(l, 2), k, REF_ARG(l, 0), k, 0, 16);
         copy_elem(REF_ARG(l, 3), k, REF_ARG(l, 1), k, 0, 8);
      }
   } else if (!strcmp(l->kernel, "as_4_to_3")) {
      if (ref_expect(l, 4))
         return 1;
      for (size_t k = 0; k < items; k++) {
         /* x, y, z keep their bits; only those are printed. */
         copy_elem(REF_ARG(l, 1), k, REF_ARG(l, 0), k, 0, 12);
         copy_elem(REF_ARG(l, 3), k, REF_ARG(l, 2), k, 0, 3); /* u.x bytes */
      }
   } else if (!strcmp(l->kernel, "as_3_to_4")) {
      if (ref_expect(l, 2))
         return 1;
      for (size_t k = 0; k < items; k++)
         copy_elem(REF_ARG(l, 1), k, REF_ARG(l, 0), k, 0, 12);
   } else if (!strcmp(l->kernel, "as_bytes")) {
      if (ref_expect(l, 7))
         return 1;
      for (size_t k = 0; k < items; k++) {
         copy_elem(REF_ARG(l, 1), k, REF_ARG(l, 0), k, 0, 4);
         copy_elem(REF_ARG(l, 2), k, REF_ARG(l, 0), k, 0, 4);
         copy_elem(REF_ARG(l, 4), k, REF_ARG(l, 3), k, 0, 4);
         copy_elem(REF_ARG(l, 6), k, REF_ARG(l, 5), k, 0, 16);
      }
   } else {
      fprintf(stderr, "corpus_ref: as_type: unknown kernel %s\n", l->kernel);
      return 1;
   }
   return 0;
}

const struct corpus_ref corpus_refs_as_type[] = {
   { "as_type", ref_as_type },
   { NULL, NULL },
};
