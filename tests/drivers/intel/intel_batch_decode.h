/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * A submission's batch as Mesa's batch decoder (intel_decoder) reads it,
 * for the tests of drivers/intel under noop render nodes: the decoded text
 * (each field on its own line as "NAME: VALUE"), which addresses the
 * decoder followed outside the buffers made resident (and, on xe, outside
 * the VM bindings the shim saw), the kernels it found, and the fields of
 * a command or a structure read back as numbers.  The decoder knows the
 * hardware's layout from genxml's XML, independent of the pack headers
 * drivers/intel writes with.
 */
#ifndef KILN_TEST_INTEL_BATCH_DECODE_H
#define KILN_TEST_INTEL_BATCH_DECODE_H

#include <stdbool.h>
#include <stdint.h>

#include "intel_xe_noop_drm_shim.h"
#include "kiln_intel.h"

struct intel_device_info;

#define KILN_TEST_DECODE_MAX_BOS 16

struct kiln_test_decode {
   struct kiln_intel_bo *bos[KILN_TEST_DECODE_MAX_BOS]; /* resident for the batch */
   unsigned num_bos;
   kiln_xe_shim_binding_fn vm_binding; /* the xe shim's bindings, or NULL */
   unsigned unbound;                   /* addresses followed outside every buffer */
   unsigned unbound_in_vm;             /* addresses followed outside every VM binding */
   unsigned shaders;                   /* kernels found (one per interface descriptor) */
   uint64_t shader_address;            /* the last one's */
   const void *shader;
   unsigned shader_size;
};

/* Decodes sub's batch; the text, to free, or NULL. */
char *kiln_test_decode_batch(const struct intel_device_info *info, struct kiln_test_decode *d,
                             const struct kiln_intel_submission *sub);

/* Decodes the structure genxml calls name, at address (its bytes at
 * map); the text, to free, or NULL. */
char *kiln_test_decode_struct(const struct intel_device_info *info, const char *name,
                              const void *map, uint64_t address);

/* The resident buffer holding address, or NULL. */
struct kiln_intel_bo *kiln_test_decode_find_bo(const struct kiln_test_decode *d, uint64_t address);

/* Where the n-th command called name starts in text (n from 0), or NULL. */
const char *kiln_test_decode_command(const char *text, const char *name, unsigned n);

/* The first field called name in text from `from` up to `end` (NULL: the
 * end of the text), as a number (decimal, or hex after "0x"); false when
 * there is none. */
bool kiln_test_decode_field(const char *from, const char *end, const char *name, uint64_t *value);

#endif
