/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * What the files of tests/clang/hsa share: the heap allocation record, the error
 * helper and the metadata reader's entry point.  Private to tests/clang/hsa.
 */
#ifndef SIM_HSA_PRIV_H
#define SIM_HSA_PRIV_H

#include "hsa_loader.h"

/* ELF note type and owner of the msgpack metadata (AMDGPUUsage "Code
 * Object V3 Note Records"). */
#define SIM_HSA_NT_AMDGPU_METADATA 32
#define SIM_HSA_NOTE_OWNER         "AMDGPU"

/* Size of the amdhsa kernel descriptor. */
#define SIM_HSA_DESCRIPTOR_SIZE 64

struct kiln_sim_hsa_allocation {
   struct kiln_sim_hsa_allocation *next;
   uint64_t va;
   void *host;
};

/* Formats a message into obj->error (and returns err, a negative errno). */
int sim_hsa_error(struct kiln_sim_hsa_object *obj, int err, const char *fmt, ...)
   __attribute__((format(printf, 3, 4)));

/* Fills obj->kernels from the NT_AMDGPU_METADATA note's descriptor bytes
 * (everything but the descriptor's location). */
int sim_hsa_parse_metadata(struct kiln_sim_hsa_object *obj, const void *note, size_t size);

/* Reads a 64-byte amdhsa kernel descriptor. */
void sim_hsa_decode_descriptor(const uint8_t *bytes, struct kiln_sim_hsa_descriptor *desc);

#endif
