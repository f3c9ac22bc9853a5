/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The per-file GPU virtual address space behind AMDGPU_GEM_VA: a sorted
 * array of mappings (VA range -> BO + offset + permissions), mirrored into
 * the shader engine's struct kiln_sim_vm so waves see the same memory.
 *
 * The argument checks follow the kernel's amdgpu_gem_va_ioctl() and
 * amdgpu_vm_verify_parameters(): page-aligned address, offset and size,
 * nothing in the reserved bottom or in the hole between the low and high
 * halves, no overlap on MAP (EINVAL), UNMAP by exact start (ENOENT).  The
 * command processor reads IBs and writes fences through the same table
 * (sim_vm_translate), honouring the READABLE / WRITEABLE bits.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_amdgpu_priv.h"
#include "amd/drm-shim/amdgpu_devices.h"

#define SIM_GMC_HOLE_START 0x0000800000000000ull
#define SIM_GMC_HOLE_END   0xffff800000000000ull
#define SIM_GMC_HOLE_MASK  0x0000ffffffffffffull
/* navi21's VM: 48 bits, minus the 2 MiB the kernel keeps at the top
 * (high_va_max in amdgpu_devices.c). */
#define SIM_VM_SIZE ((1ull << 48) - (2ull << 20))

#define SIM_VM_VALID_FLAGS                                                                         \
   (AMDGPU_VM_DELAY_UPDATE | AMDGPU_VM_PAGE_READABLE | AMDGPU_VM_PAGE_WRITEABLE |                  \
    AMDGPU_VM_PAGE_EXECUTABLE | AMDGPU_VM_MTYPE_MASK | AMDGPU_VM_PAGE_NOALLOC)
#define SIM_VM_PRT_FLAGS (AMDGPU_VM_DELAY_UPDATE | AMDGPU_VM_PAGE_PRT)

/* Index of the first mapping that ends after va. */
static uint32_t
first_ending_after(const struct kiln_sim_amdgpu *dev, uint64_t va)
{
   uint32_t lo = 0, hi = dev->map_count;
   while (lo < hi) {
      uint32_t mid = (lo + hi) / 2;
      const struct sim_va_mapping *m = &dev->maps[mid];
      if (m->va + m->size <= va)
         lo = mid + 1;
      else
         hi = mid;
   }
   return lo;
}

static uint32_t
core_flags(const struct sim_va_mapping *m)
{
   uint32_t f = 0;
   if (m->flags & AMDGPU_VM_PAGE_READABLE)
      f |= KILN_SIM_MAP_READ;
   if ((m->flags & AMDGPU_VM_PAGE_WRITEABLE) &&
       !(m->bo->userptr && (m->bo->flags & AMDGPU_GEM_USERPTR_READONLY)))
      f |= KILN_SIM_MAP_WRITE;
   if (m->flags & AMDGPU_VM_PAGE_EXECUTABLE)
      f |= KILN_SIM_MAP_EXEC;
   return f;
}

static int
core_map(struct kiln_sim_amdgpu *dev, const struct sim_va_mapping *m)
{
   if (!m->bo) /* PRT: reserved, not backed */
      return 0;
   return kiln_sim_vm_map(dev->vm, m->va, (uint8_t *)m->bo->host + m->offset, m->size,
                          core_flags(m));
}

static void
core_unmap(struct kiln_sim_amdgpu *dev, const struct sim_va_mapping *m)
{
   if (m->bo)
      kiln_sim_vm_unmap(dev->vm, m->va);
}

static int
insert_mapping(struct kiln_sim_amdgpu *dev, const struct sim_va_mapping *m)
{
   if (dev->map_count == dev->map_capacity) {
      uint32_t cap = dev->map_capacity ? dev->map_capacity * 2 : 64;
      struct sim_va_mapping *maps = realloc(dev->maps, cap * sizeof(*maps));
      if (!maps)
         return -ENOMEM;
      dev->maps = maps;
      dev->map_capacity = cap;
   }
   int r = core_map(dev, m);
   if (r)
      return r;
   uint32_t i = first_ending_after(dev, m->va);
   memmove(&dev->maps[i + 1], &dev->maps[i], (dev->map_count - i) * sizeof(*dev->maps));
   dev->maps[i] = *m;
   dev->map_count++;
   return 0;
}

static void
remove_mapping(struct kiln_sim_amdgpu *dev, uint32_t i)
{
   core_unmap(dev, &dev->maps[i]);
   memmove(&dev->maps[i], &dev->maps[i + 1], (dev->map_count - i - 1) * sizeof(*dev->maps));
   dev->map_count--;
}

/* Removes [va, va + size) from every mapping, keeping the parts of
 * partially covered mappings outside the range (amdgpu_vm_bo_clear_mappings). */
static int
clear_range(struct kiln_sim_amdgpu *dev, uint64_t va, uint64_t size)
{
   uint64_t end = va + size;
   uint32_t i = first_ending_after(dev, va);

   while (i < dev->map_count && dev->maps[i].va < end) {
      struct sim_va_mapping old = dev->maps[i];
      remove_mapping(dev, i);
      if (old.va < va) {
         struct sim_va_mapping head = old;
         head.size = va - old.va;
         int r = insert_mapping(dev, &head);
         if (r)
            return r;
         i++;
      }
      if (old.va + old.size > end) {
         struct sim_va_mapping tail = old;
         tail.va = end;
         tail.size = old.va + old.size - end;
         tail.offset = old.offset + (end - old.va);
         int r = insert_mapping(dev, &tail);
         if (r)
            return r;
         i++;
      }
   }
   return 0;
}

void
sim_vm_remove_bo(struct kiln_sim_amdgpu *dev, struct sim_bo *bo)
{
   for (uint32_t i = 0; i < dev->map_count;) {
      if (dev->maps[i].bo == bo)
         remove_mapping(dev, i);
      else
         i++;
   }
}

void
sim_vm_fini(struct kiln_sim_amdgpu *dev)
{
   while (dev->map_count)
      remove_mapping(dev, dev->map_count - 1);
   free(dev->maps);
   dev->maps = NULL;
   dev->map_capacity = 0;
}

void *
sim_vm_translate(struct kiln_sim_amdgpu *dev, uint64_t va, uint64_t size, bool write)
{
   uint32_t i = first_ending_after(dev, va);
   if (i == dev->map_count)
      return NULL;
   const struct sim_va_mapping *m = &dev->maps[i];
   if (va < m->va || va + size > m->va + m->size || !m->bo)
      return NULL;
   uint32_t f = core_flags(m);
   if (!(f & (write ? KILN_SIM_MAP_WRITE : KILN_SIM_MAP_READ)))
      return NULL;
   return (uint8_t *)m->bo->host + m->offset + (va - m->va);
}

/* amdgpu_vm_verify_parameters() */
static int
verify_range(uint64_t va48, uint64_t offset, uint64_t size, const struct sim_bo *bo)
{
   if ((va48 | offset | size) & (SIM_PAGE_SIZE - 1))
      return -EINVAL;
   if (va48 + size <= va48 || offset + size <= offset)
      return -EINVAL;
   if (va48 + size > SIM_VM_SIZE)
      return -EINVAL;
   if (bo && offset + size > bo->size)
      return -EINVAL;
   return 0;
}

int
sim_ioctl_gem_va(struct kiln_sim_amdgpu *dev, void *arg)
{
   struct drm_amdgpu_gem_va *args = arg;
   const struct amdgpu_device *info = sim_amdgpu_navi21();
   uint64_t va = args->va_address;
   struct sim_bo *bo = NULL;
   int r;

   if (va < info->dev.virtual_address_offset) {
      if (sim_amdgpu_debug())
         fprintf(stderr,
                 "kiln sim: GEM_VA: va_address 0x%" PRIx64
                 " is in the reserved area below 0x%" PRIx64 "\n",
                 va, (uint64_t)info->dev.virtual_address_offset);
      return -EINVAL;
   }
   if (va >= SIM_GMC_HOLE_START && va < SIM_GMC_HOLE_END) {
      if (sim_amdgpu_debug())
         fprintf(stderr, "kiln sim: GEM_VA: va_address 0x%" PRIx64 " is in the VA hole\n", va);
      return -EINVAL;
   }
   uint64_t va48 = va & SIM_GMC_HOLE_MASK;
   if (va48 + args->map_size > SIM_VM_SIZE)
      return -EINVAL;
   if ((args->flags & ~SIM_VM_VALID_FLAGS) && (args->flags & ~SIM_VM_PRT_FLAGS))
      return -EINVAL;
   switch (args->operation) {
   case AMDGPU_VA_OP_MAP:
   case AMDGPU_VA_OP_UNMAP:
   case AMDGPU_VA_OP_CLEAR:
   case AMDGPU_VA_OP_REPLACE:
      break;
   default:
      return -EINVAL;
   }
   if (args->operation != AMDGPU_VA_OP_CLEAR && !(args->flags & AMDGPU_VM_PAGE_PRT)) {
      bo = sim_bo_lookup(dev, args->handle);
      if (!bo)
         return -ENOENT;
   }

   uint64_t cva = sim_pm4_canonical_va(va48);
   struct sim_va_mapping m = {
      .va = cva,
      .size = args->map_size,
      .offset = args->offset_in_bo,
      .bo = bo,
      .flags = args->flags,
   };

   switch (args->operation) {
   case AMDGPU_VA_OP_MAP:
      r = verify_range(va48, args->offset_in_bo, args->map_size, bo);
      if (r)
         return r;
      uint32_t i = first_ending_after(dev, cva);
      if (i < dev->map_count && dev->maps[i].va < cva + args->map_size) {
         if (sim_amdgpu_debug())
            fprintf(stderr,
                    "kiln sim: GEM_VA: 0x%" PRIx64 "-0x%" PRIx64 " conflicts with 0x%" PRIx64
                    "-0x%" PRIx64 "\n",
                    cva, cva + (uint64_t)args->map_size, dev->maps[i].va,
                    dev->maps[i].va + dev->maps[i].size);
         return -EINVAL;
      }
      return insert_mapping(dev, &m);
   case AMDGPU_VA_OP_UNMAP:
      if (va48 & (SIM_PAGE_SIZE - 1))
         return -EINVAL;
      for (uint32_t j = 0; j < dev->map_count; j++) {
         if (dev->maps[j].va == cva && dev->maps[j].bo == bo) {
            remove_mapping(dev, j);
            return 0;
         }
      }
      return -ENOENT;
   case AMDGPU_VA_OP_CLEAR:
      r = verify_range(va48, 0, args->map_size, NULL);
      if (r)
         return r;
      return clear_range(dev, cva, args->map_size);
   case AMDGPU_VA_OP_REPLACE:
      r = verify_range(va48, args->offset_in_bo, args->map_size, bo);
      if (r)
         return r;
      r = clear_range(dev, cva, args->map_size);
      if (r)
         return r;
      return insert_mapping(dev, &m);
   }
   return -EINVAL;
}

int
sim_ioctl_vm(struct kiln_sim_amdgpu *dev, void *arg)
{
   union drm_amdgpu_vm *args = arg;

   switch (args->in.op) {
   case AMDGPU_VM_OP_RESERVE_VMID:
   case AMDGPU_VM_OP_UNRESERVE_VMID:
      memset(args, 0, sizeof(*args));
      return 0;
   default:
      return -EINVAL;
   }
}
