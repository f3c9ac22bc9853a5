/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * hsa_inspect: loads an HSA code object with tests/clang/hsa and prints, as JSON,
 * what the loader understood — every kernel's descriptor fields, entry
 * address and argument metadata, the register state a dispatch would get
 * (`--prepare`: zero arguments, a one-group grid), and 8 bytes of the
 * loaded image at given offsets (`--peek OFF`, to check relocations).
 * check_hsa_loader.py compares this against what llvm-readobj, llvm-nm and
 * clang's own assembly say about the same object.
 *
 * usage: hsa_inspect FILE.co LOAD_VA [--prepare] [--peek OFF]...
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hsa_loader.h"
#include "util/os_file.h"

static void
print_prepared(struct kiln_sim_hsa_object *obj, const struct kiln_sim_hsa_kernel *k)
{
   struct kiln_sim_hsa_arg_value values[256];
   static const uint8_t zeros[64];
   unsigned n = 0;

   for (unsigned i = 0; i < k->num_args && n < 256; i++) {
      const struct kiln_sim_hsa_arg *a = &k->args[i];
      if (kiln_sim_hsa_arg_kind_is_hidden(a->kind))
         continue;
      if (a->kind == KILN_SIM_HSA_ARG_DYNAMIC_SHARED_POINTER)
         values[n++] = (struct kiln_sim_hsa_arg_value){ NULL, 64 };
      else
         values[n++] = (struct kiln_sim_hsa_arg_value){ zeros, a->size };
   }
   struct kiln_sim_hsa_launch launch = {
      .work_dim = 3,
      .global_size = { 64, 2, 2 },
      .local_size = { 32, 2, 1 },
   };
   struct kiln_sim_dispatch d;
   int ret = kiln_sim_hsa_prepare(obj, k, &launch, values, n, &d);
   if (ret) {
      printf(",\n    \"prepare_error\": \"%s\"", obj->error);
      return;
   }
   printf(",\n    \"dispatch\": {\"pgm_va\": %llu, \"rsrc1\": %u, \"rsrc2\": %u, "
          "\"rsrc3\": %u, \"wave_size\": %u, \"scratch_va\": %llu, "
          "\"tmpring_size\": %u, \"group_size\": [%u, %u, %u], "
          "\"group_count\": [%u, %u, %u], \"user_data\": [",
          (unsigned long long)d.pgm_va, d.rsrc1, d.rsrc2, d.rsrc3, d.wave_size,
          (unsigned long long)d.scratch_va, d.tmpring_size, d.group_size[0], d.group_size[1],
          d.group_size[2], d.group_count[0], d.group_count[1], d.group_count[2]);
   for (unsigned i = 0; i < 16; i++)
      printf("%s%u", i ? ", " : "", d.user_data[i]);
   printf("]}");
}

int
main(int argc, char **argv)
{
   if (argc < 3) {
      fprintf(stderr, "usage: hsa_inspect FILE.co LOAD_VA [--prepare] [--peek OFF]...\n");
      return 2;
   }
   size_t size;
   void *elf = os_read_file(argv[1], &size);
   if (!elf) {
      fprintf(stderr, "hsa_inspect: cannot read %s\n", argv[1]);
      return 1;
   }
   uint64_t load_va = strtoull(argv[2], NULL, 0);
   bool prepare = false;
   for (int i = 3; i < argc; i++)
      prepare |= strcmp(argv[i], "--prepare") == 0;

   struct kiln_sim_vm *vm = kiln_sim_vm_create();
   struct kiln_sim_hsa_object *obj;
   char err[256];
   int ret = kiln_sim_hsa_load(vm, elf, size, load_va, 1ull << 30, &obj, err, sizeof(err));
   if (ret) {
      fprintf(stderr, "hsa_inspect: %s: %s\n", argv[1], err);
      kiln_sim_vm_destroy(vm);
      free(elf);
      return 1;
   }

   printf("{\"code_object_version\": %u, \"target\": \"%s\", \"load_va\": %llu,\n"
          " \"peek\": {",
          obj->code_object_version, obj->target, (unsigned long long)obj->load_va);
   bool first = true;
   for (int i = 3; i + 1 < argc; i++) {
      if (strcmp(argv[i], "--peek"))
         continue;
      uint64_t off = strtoull(argv[++i], NULL, 0);
      const uint64_t *p = kiln_sim_vm_translate(vm, load_va + off, 8);
      printf("%s\"%llu\": %llu", first ? "" : ", ", (unsigned long long)off,
             p ? (unsigned long long)*p : 0ull);
      first = false;
   }
   printf("},\n \"kernels\": [");
   for (unsigned i = 0; i < obj->num_kernels; i++) {
      const struct kiln_sim_hsa_kernel *k = &obj->kernels[i];
      const struct kiln_sim_hsa_descriptor *d = &k->descriptor;
      printf("%s\n  {\"name\": \"%s\", \"symbol\": \"%s\", \"descriptor_va\": %llu, "
             "\"code_va\": %llu,\n    \"group_segment_fixed_size\": %u, "
             "\"private_segment_fixed_size\": %u, \"kernarg_size\": %u, "
             "\"kernel_code_entry_byte_offset\": %lld, \"rsrc1\": %u, "
             "\"rsrc2\": %u, \"rsrc3\": %u, \"kernel_code_properties\": %u,\n"
             "    \"kernarg_segment_size\": %u, \"kernarg_segment_align\": %u, "
             "\"wavefront_size\": %u, \"sgpr_count\": %u, \"vgpr_count\": %u, "
             "\"max_flat_workgroup_size\": %u,\n"
             "    \"args\": [",
             i ? "," : "", k->name, k->symbol, (unsigned long long)k->descriptor_va,
             (unsigned long long)k->code_va, d->group_segment_fixed_size,
             d->private_segment_fixed_size, d->kernarg_size,
             (long long)d->kernel_code_entry_byte_offset, d->compute_pgm_rsrc1,
             d->compute_pgm_rsrc2, d->compute_pgm_rsrc3, d->kernel_code_properties,
             k->kernarg_segment_size, k->kernarg_segment_align, k->wavefront_size, k->sgpr_count,
             k->vgpr_count, k->max_flat_workgroup_size);
      for (unsigned a = 0; a < k->num_args; a++) {
         printf("%s{\"name\": \"%s\", \"value_kind\": \"%s\", \"offset\": %u, "
                "\"size\": %u}",
                a ? ", " : "", k->args[a].name, kiln_sim_hsa_arg_kind_name(k->args[a].kind),
                k->args[a].offset, k->args[a].size);
      }
      printf("]");
      if (prepare)
         print_prepared(obj, k);
      printf("}");
   }
   printf("\n ]}\n");

   kiln_sim_hsa_unload(obj);
   kiln_sim_vm_destroy(vm);
   free(elf);
   return 0;
}
