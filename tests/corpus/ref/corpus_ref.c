/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * corpus_ref REF FILE.cl -k KERNEL -g ... ARG...: parses the runner command
 * line of a corpus case, runs the named CPU reference on its buffers and
 * prints them as `argI: ...` lines, exactly as a runner does after its
 * dispatch, after the printf output the reference expects. `corpus_ref --list` prints the names of
 * all references.
 */
#include "ref.h"

#include <stdlib.h>

static const struct corpus_ref *const tables[] = {
   corpus_refs_sample,    corpus_refs_shuffle,  corpus_refs_vector_ops, corpus_refs_as_type,
   corpus_refs_convert,   corpus_refs_workitem, corpus_refs_local,      corpus_refs_atomics,
   corpus_refs_math,      corpus_refs_apps,     corpus_refs_calls,      corpus_refs_generic,
   corpus_refs_subgroups, corpus_refs_half,     corpus_refs_printf,     corpus_refs_globals,
   corpus_refs_images,    corpus_refs_enqueue,  corpus_refs_workgroup,  corpus_refs_math_edge_cases,
};

static const struct corpus_ref *
find_ref(const char *name)
{
   for (unsigned t = 0; t < sizeof(tables) / sizeof(tables[0]); t++)
      for (const struct corpus_ref *r = tables[t]; r->name; r++)
         if (!strcmp(r->name, name))
            return r;
   return NULL;
}

size_t
ref_total_items(const struct kiln_run_command *l)
{
   return l->global[0] * l->global[1] * l->global[2];
}

void
ref_foreach_item(struct kiln_run_command *l, ref_item_fn fn, void *ctx)
{
   struct ref_item it;
   memset(&it, 0, sizeof(it));
   for (unsigned d = 0; d < 3; d++) {
      it.gsize[d] = l->global[d];
      it.offset[d] = l->offset[d];
      /* Without -l the implementation picks; references needing a local
       * size are only used with -l. */
      it.enq_lsize[d] = l->has_local ? l->local[d] : l->global[d];
      it.ngroups[d] = (it.gsize[d] + it.enq_lsize[d] - 1) / it.enq_lsize[d];
   }
   size_t rel[3];
   for (rel[2] = 0; rel[2] < it.gsize[2]; rel[2]++)
      for (rel[1] = 0; rel[1] < it.gsize[1]; rel[1]++)
         for (rel[0] = 0; rel[0] < it.gsize[0]; rel[0]++) {
            for (unsigned d = 0; d < 3; d++) {
               it.gid[d] = rel[d] + it.offset[d];
               it.grp[d] = rel[d] / it.enq_lsize[d];
               it.lid[d] = rel[d] % it.enq_lsize[d];
               size_t start = it.grp[d] * it.enq_lsize[d];
               size_t left = it.gsize[d] - start;
               it.lsize[d] = left < it.enq_lsize[d] ? left : it.enq_lsize[d];
            }
            it.linear = (rel[2] * it.gsize[1] + rel[1]) * it.gsize[0] + rel[0];
            it.group_linear = (it.grp[2] * it.ngroups[1] + it.grp[1]) * it.ngroups[0] + it.grp[0];
            it.local_linear = (it.lid[2] * it.lsize[1] + it.lid[1]) * it.lsize[0] + it.lid[0];
            fn(l, &it, ctx);
         }
}

int
ref_expect(const struct kiln_run_command *l, unsigned num_args)
{
   if (l->num_args != num_args) {
      fprintf(stderr, "corpus_ref: kernel %s: expected %u arguments, got %u\n", l->kernel, num_args,
              l->num_args);
      return -1;
   }
   return 0;
}

int
main(int argc, char **argv)
{
   if (argc == 2 && !strcmp(argv[1], "--list")) {
      for (unsigned t = 0; t < sizeof(tables) / sizeof(tables[0]); t++)
         for (const struct corpus_ref *r = tables[t]; r->name; r++)
            printf("%s\n", r->name);
      return 0;
   }
   if (argc < 3) {
      fprintf(stderr, "usage: corpus_ref REF FILE.cl -k KERNEL -g ... ARG...\n");
      return 2;
   }
   const struct corpus_ref *ref = find_ref(argv[1]);
   if (!ref) {
      fprintf(stderr, "corpus_ref: no reference named '%s'\n", argv[1]);
      return 2;
   }
   struct kiln_run_command l;
   char err[512];
   if (kiln_run_parse_command_line(argc - 2, argv + 2, &l, err, sizeof(err))) {
      fprintf(stderr, "corpus_ref: %s\n", err);
      return 2;
   }
   if (ref->fn(&l))
      return 1;
   kiln_run_print_buffers(stdout, &l);
   kiln_run_command_free(&l);
   return 0;
}
