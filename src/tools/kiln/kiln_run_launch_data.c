/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The argument bytes, the __global variables' buffer and the printf
 * buffer of a `kiln run` launch, as kiln_amd_abi.h lays them out
 * (kiln_run_launch_data.h), for both launch paths.
 */
#include "kiln_run_launch_data.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

int
kiln_run_kernarg_create(const struct kiln_run_command *cmd, const struct kiln_kernel *k,
                        size_t size, const uint64_t *addresses, uint8_t **kernarg)
{
   uint8_t *bytes = calloc(1, size ? size : 1);
   if (!bytes) {
      fprintf(stderr, "kiln run: out of memory\n");
      return KILN_RUN_EXIT_DEVICE;
   }
   *kernarg = bytes;
   for (unsigned i = 0; i < k->num_args; i++) {
      const struct kiln_kernel_arg *ka = &k->args[i];
      const struct kiln_run_arg *a = &cmd->args[i];
      if (ka->offset + ka->size > k->kernarg_size) {
         fprintf(stderr,
                 "kiln run: argument %u ('%s'): slot [%u, %u) lies outside the "
                 "kernel's %u bytes of arguments\n",
                 i, ka->name, ka->offset, ka->offset + ka->size, k->kernarg_size);
         return KILN_RUN_EXIT_USAGE;
      }
      if (a->kind == KILN_RUN_ARG_VALUE)
         memcpy(bytes + ka->offset, a->data, a->bytes < ka->size ? a->bytes : ka->size);
      else if (a->kind == KILN_RUN_ARG_BUFFER)
         memcpy(bytes + ka->offset, &addresses[i], ka->size < 8 ? ka->size : 8);
   }
   return 0;
}

void
kiln_run_globals_init(const struct kiln_program *p, void *map, uint64_t address)
{
   uint8_t *bytes = map;
   memcpy(bytes, p->globals_data, p->globals_size);
   for (unsigned i = 0; i < p->num_globals_relocs; i++) {
      const uint64_t target = address + p->globals_relocs[i].target;
      memcpy(bytes + p->globals_relocs[i].offset, &target, sizeof(target));
   }
}

int
kiln_run_printf_check(const struct kiln_kernel *const *kernels, unsigned num_kernels, uint64_t size,
                      bool *needed, char *err, size_t err_size)
{
   size_t min_size = 0;
   const char *needs = NULL;
   for (unsigned i = 0; i < num_kernels; i++) {
      size_t kernel_size = kiln_printf_min_buffer_size(kernels[i]);
      if (kernel_size > min_size) {
         min_size = kernel_size;
         needs = kernels[i]->name;
      }
   }
   *needed = min_size != 0;
   if (min_size && (size < min_size || size > UINT32_MAX)) {
      snprintf(err, err_size,
               "--printf-buffer-size %llu: kernel '%s' needs between %zu "
               "bytes (its largest printf record) and 4 GiB",
               (unsigned long long)size, needs, min_size);
      return -EINVAL;
   }
   return 0;
}

void
kiln_run_printf_reset(void *map, uint64_t size)
{
   const uint32_t header = KILN_PRINTF_HEADER_SIZE;
   memset(map, 0, size);
   memcpy(map, &header, sizeof(header));
}

void
kiln_run_printf_print(FILE *out, const struct kiln_kernel *k, const void *map, uint64_t size)
{
   int64_t dropped = kiln_printf_print(out, k, map, size);
   fflush(out);
   if (dropped < 0)
      fprintf(stderr,
              "kiln run: kernel '%s': the printf buffer holds a record of no printf "
              "call of the kernel; the output after it is lost\n",
              k->name);
   else if (dropped)
      fprintf(stderr,
              "kiln run: kernel '%s': the printf buffer of %llu bytes was full: "
              "printf calls asking for %lld more bytes printed nothing and returned -1 "
              "(--printf-buffer-size)\n",
              k->name, (unsigned long long)size, (long long)dropped);
}
