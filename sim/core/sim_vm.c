/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The emulated GPU's virtual address space: a sorted array of mappings onto
 * host memory, found by binary search, with each wave caching the mapping
 * it last hit so that streaming through one buffer costs a compare.  Any
 * access outside every mapping (or a write to a read-only one) is a VM
 * fault, reported on the wave with the address and the instruction.
 */
#include <errno.h>
#include <stdlib.h>

#include "sim_profile.h"
#include "sim_vm_priv.h"

struct kiln_sim_vm *
kiln_sim_vm_create(void)
{
   struct kiln_sim_vm *vm = calloc(1, sizeof(*vm));
   if (!vm)
      return NULL;
   pthread_rwlock_init(&vm->lock, NULL);
   return vm;
}

void
kiln_sim_vm_destroy(struct kiln_sim_vm *vm)
{
   if (!vm)
      return;
   pthread_rwlock_destroy(&vm->lock);
   free(vm->maps);
   free(vm);
}

/* Index of the first mapping with va > addr. */
static unsigned
upper_bound(const struct kiln_sim_vm *vm, uint64_t addr)
{
   unsigned lo = 0, hi = vm->count;
   while (lo < hi) {
      unsigned mid = (lo + hi) / 2;
      if (vm->maps[mid].va <= addr)
         lo = mid + 1;
      else
         hi = mid;
   }
   return lo;
}

const struct sim_mapping *
sim_vm_find(const struct kiln_sim_vm *vm, uint64_t va)
{
   unsigned i = upper_bound(vm, va);
   if (i == 0)
      return NULL;
   const struct sim_mapping *m = &vm->maps[i - 1];
   return va - m->va < m->size ? m : NULL;
}

int
kiln_sim_vm_map(struct kiln_sim_vm *vm, uint64_t va, void *host, uint64_t size, uint32_t flags)
{
   if (!vm || !host || size == 0 || (va & 3) || va + size < va)
      return -EINVAL;

   pthread_rwlock_wrlock(&vm->lock);
   unsigned i = upper_bound(vm, va);
   int ret = 0;
   if ((i > 0 && vm->maps[i - 1].va + vm->maps[i - 1].size > va) ||
       (i < vm->count && vm->maps[i].va < va + size)) {
      ret = -EEXIST;
      goto out;
   }
   if (vm->count == vm->capacity) {
      unsigned cap = vm->capacity ? vm->capacity * 2 : 16;
      struct sim_mapping *maps = realloc(vm->maps, cap * sizeof(*maps));
      if (!maps) {
         ret = -ENOMEM;
         goto out;
      }
      vm->maps = maps;
      vm->capacity = cap;
   }
   memmove(&vm->maps[i + 1], &vm->maps[i], (vm->count - i) * sizeof(*vm->maps));
   vm->maps[i] = (struct sim_mapping){ va, size, host, flags };
   vm->count++;
out:
   pthread_rwlock_unlock(&vm->lock);
   return ret;
}

int
kiln_sim_vm_unmap(struct kiln_sim_vm *vm, uint64_t va)
{
   if (!vm)
      return -EINVAL;
   pthread_rwlock_wrlock(&vm->lock);
   unsigned i = upper_bound(vm, va);
   int ret = -ENOENT;
   if (i > 0 && vm->maps[i - 1].va == va) {
      i--;
      memmove(&vm->maps[i], &vm->maps[i + 1], (vm->count - i - 1) * sizeof(*vm->maps));
      vm->count--;
      ret = 0;
   }
   pthread_rwlock_unlock(&vm->lock);
   return ret;
}

void *
kiln_sim_vm_translate(struct kiln_sim_vm *vm, uint64_t va, uint64_t size)
{
   if (!vm)
      return NULL;
   pthread_rwlock_rdlock(&vm->lock);
   const struct sim_mapping *m = sim_vm_find(vm, va);
   void *p = NULL;
   if (m && size <= m->size - (va - m->va))
      p = m->host + (va - m->va);
   pthread_rwlock_unlock(&vm->lock);
   return p;
}

void *
sim_vm_probe_in(struct sim_wave *w, struct sim_vm_cache *c, uint64_t va, unsigned size, bool write)
{
   if (SIM_LIKELY(va >= c->va && va + size <= c->end && va + size > va &&
                  (!write || (c->flags & KILN_SIM_MAP_WRITE))))
      return c->host + (va - c->va);
   const struct sim_mapping *m = sim_vm_find(w->vm, va);
   if (!m || size > m->size - (va - m->va) || (write && !(m->flags & KILN_SIM_MAP_WRITE)))
      return NULL;
   c->va = m->va;
   c->end = m->va + m->size;
   c->host = m->host;
   c->flags = m->flags;
   return m->host + (va - m->va);
}

void *
sim_vm_probe(struct sim_wave *w, uint64_t va, unsigned size, bool write)
{
   return sim_vm_probe_in(w, &w->vmc, va, size, write);
}

/* Slow path of sim_vm_access: look the address up and refill the wave's
 * cache, or fault. */
void *
sim_vm_access_slow(struct sim_wave *w, uint64_t va, unsigned size, bool write)
{
   const struct sim_mapping *m = sim_vm_find(w->vm, va);
   if (!m || size > m->size - (va - m->va)) {
      sim_wave_fault(w, KILN_SIM_FAULT_VM, m ? m->va + m->size : va, write,
                     "%s of %u bytes at unmapped address 0x%" PRIx64, write ? "write" : "read",
                     size, m ? m->va + m->size : va);
      return NULL;
   }
   if (write && !(m->flags & KILN_SIM_MAP_WRITE)) {
      sim_wave_fault(w, KILN_SIM_FAULT_VM, va, write,
                     "write of %u bytes to read-only address 0x%" PRIx64, size, va);
      return NULL;
   }
   /* A profiled wave keeps its cache empty so that every access comes
    * here and is counted. */
   if (SIM_UNLIKELY(w->prof)) {
      sim_profile_access(w->prof, va, size, write);
      return m->host + (va - m->va);
   }
   w->vmc.va = m->va;
   w->vmc.end = m->va + m->size;
   w->vmc.host = m->host;
   w->vmc.flags = m->flags;
   return m->host + (va - m->va);
}
