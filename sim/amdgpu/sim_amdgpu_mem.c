/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Backing store of the emulated GPU's buffer objects: one sparse memfd for
 * the whole process, mapped once, carved up with Mesa's util_vma_heap.
 *
 * A memfd rather than malloc because a BO must be mappable twice: the
 * emulator reads and writes it through the pool's own mapping, and a
 * program that mmap()s the render node under drm-shim gets a second,
 * shared mapping of the same pages (sim_mem_map).  Freed ranges are
 * punched out, so a new BO reads as zeroes, as the kernel guarantees.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sys/mman.h>
#include <unistd.h>

#include "sim_amdgpu_priv.h"
#include "util/vma.h"

static struct {
   pthread_once_t once;
   pthread_mutex_t lock;
   int fd;
   uint8_t *base;
   struct util_vma_heap heap;
} pool = {
   .once = PTHREAD_ONCE_INIT,
   .lock = PTHREAD_MUTEX_INITIALIZER,
   .fd = -1,
};

static void
pool_init(void)
{
   int fd = memfd_create("kiln-sim-gpu-memory", MFD_CLOEXEC);
   if (fd < 0)
      return;
   if (ftruncate(fd, SIM_MEM_POOL_SIZE) < 0) {
      close(fd);
      return;
   }
   void *base =
      mmap(NULL, SIM_MEM_POOL_SIZE, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_NORESERVE, fd, 0);
   if (base == MAP_FAILED) {
      close(fd);
      return;
   }
   pool.fd = fd;
   pool.base = base;
   /* Offset 0 is util_vma_heap's failure value: start one page in. */
   util_vma_heap_init(&pool.heap, SIM_PAGE_SIZE, SIM_MEM_POOL_SIZE - SIM_PAGE_SIZE);
}

int
sim_mem_alloc(uint64_t size, uint64_t alignment, uint64_t *offset, void **host)
{
   pthread_once(&pool.once, pool_init);
   if (!pool.base)
      return -ENOMEM;

   pthread_mutex_lock(&pool.lock);
   uint64_t off = util_vma_heap_alloc(&pool.heap, size, alignment);
   pthread_mutex_unlock(&pool.lock);
   if (!off)
      return -ENOMEM;

   *offset = off;
   *host = pool.base + off;
   return 0;
}

void
sim_mem_free(uint64_t offset, uint64_t size)
{
   fallocate(pool.fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, offset, size);
   pthread_mutex_lock(&pool.lock);
   util_vma_heap_free(&pool.heap, offset, size);
   pthread_mutex_unlock(&pool.lock);
}

void *
sim_mem_map(uint64_t mmap_offset, size_t length, int prot, int flags)
{
   if (!pool.base || mmap_offset < SIM_MMAP_OFFSET_BASE ||
       mmap_offset - SIM_MMAP_OFFSET_BASE + length > SIM_MEM_POOL_SIZE) {
      errno = EINVAL;
      return MAP_FAILED;
   }
   return mmap(NULL, length, prot, flags, pool.fd, mmap_offset - SIM_MMAP_OFFSET_BASE);
}
