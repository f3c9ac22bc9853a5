/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The GPU virtual address space's internals, shared by sim_vm.c and the
 * dispatcher (which holds the VM read-locked while waves run).
 */
#ifndef SIM_VM_PRIV_H
#define SIM_VM_PRIV_H

#include <pthread.h>

#include "sim_core.h"

struct sim_mapping {
   uint64_t va, size;
   uint8_t *host;
   uint32_t flags;
};

struct kiln_sim_vm {
   /* Mappings change only between dispatches: a dispatch holds the read
    * lock, kiln_sim_vm_map/unmap the write lock. */
   pthread_rwlock_t lock;
   struct sim_mapping *maps; /* sorted by va, non-overlapping */
   unsigned count, capacity;
};

/* The mapping containing va, or NULL; caller holds the lock. */
const struct sim_mapping *sim_vm_find(const struct kiln_sim_vm *vm, uint64_t va);

/* sim_vm_access without the fault: the host address of [va, va + size)
 * when one mapping holds it and allows the access (refilling the wave's
 * cache as sim_vm_access does), else NULL, with nothing raised.  For the
 * translator, which runs an access only when none of its lanes would
 * fault.  Also NULL where va + size wraps. */
void *sim_vm_probe(struct sim_wave *w, uint64_t va, unsigned size, bool write);

/* sim_vm_probe with the cache c (one of the wave's) in place of the
 * wave's own. */
void *sim_vm_probe_in(struct sim_wave *w, struct sim_vm_cache *c, uint64_t va, unsigned size,
                      bool write);

#endif
