/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * `kiln run` for programs that enqueue: one device queue per program, of
 * the capacities below, emptied before each launch of a kernel that may
 * enqueue and drained after it.  A record names its block's kernel by its
 * index in the program; the compiler marks those kernels, which are
 * uploaded with the program: a block kernel's first argument is its
 * literal and the rest are its __local pointers (kiln_amd_abi.h).
 * A block that calls printf writes into a printf buffer of its own kernel
 * (a record's format id is an index into its kernel's formats), printed
 * after the launch's own output.
 */
#include "kiln_run_enqueue.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kiln_device_queue_abi.h"
#include "kiln_amd_kernel_desc.h"

/* Capacities: OpenCL 2.0 devices prefer 16 KiB queues and allow 256 KiB
 * at least (CL_DEVICE_QUEUE_ON_DEVICE_PREFERRED_SIZE, _MAX_SIZE); kiln's
 * host-side queue is not bounded that way and takes thousands of records
 * of any size of literal: kiln_device_queue_abi.h's, as the ICD's. */
#define QUEUE_RECORDS    KILN_DQ_QUEUE_RECORDS
#define QUEUE_EVENTS     KILN_DQ_QUEUE_EVENTS
#define QUEUE_HEAP_BYTES KILN_DQ_QUEUE_HEAP_BYTES

struct kiln_run_device_queue {
   const struct kiln_program *program;
   uint64_t printf_size;
   struct kiln_amdgpu_bo *bo;
   struct kiln_amdgpu_block_kernel *blocks;
   struct kiln_amdgpu_kernel **uploaded;
   unsigned num_kernels;
};

static bool
block_layout(const struct kiln_kernel *k, struct kiln_amdgpu_block_kernel *b)
{
   if (!k->num_args || k->args[0].kind == KILN_ARG_LOCAL_PTR || k->args[0].size != 8)
      return false;
   b->literal_offset = k->args[0].offset;
   for (unsigned a = 1; a < k->num_args; a++) {
      if (k->args[a].kind != KILN_ARG_LOCAL_PTR || b->num_local_args >= KILN_DQ_MAX_LOCAL_ARGS)
         return false;
      b->local_offsets[b->num_local_args++] = k->args[a].offset;
   }
   return true;
}

int
kiln_run_device_queue_create(struct kiln_amdgpu_device *dev, const struct kiln_program *p,
                             uint64_t printf_size, struct kiln_run_device_queue **out, char *err,
                             size_t err_size)
{
   *out = NULL;
   bool enqueues = false;
   for (unsigned i = 0; i < p->num_kernels; i++)
      enqueues |= p->kernels[i].uses_device_queue;
   if (!enqueues)
      return 0;

   struct kiln_run_device_queue *q = calloc(1, sizeof(*q));
   if (!q || !(q->blocks = calloc(p->num_kernels, sizeof(*q->blocks))) ||
       !(q->uploaded = calloc(p->num_kernels, sizeof(*q->uploaded)))) {
      snprintf(err, err_size, "out of memory");
      kiln_run_device_queue_destroy(dev, q);
      return -ENOMEM;
   }
   q->num_kernels = p->num_kernels;
   q->program = p;
   q->printf_size = printf_size;

   const uint64_t size =
      kiln_amdgpu_device_queue_size(QUEUE_RECORDS, QUEUE_EVENTS, QUEUE_HEAP_BYTES);
   int ret = kiln_amdgpu_bo_create(dev, size, KILN_AMDGPU_BO_HOST_VISIBLE, &q->bo);
   if (ret) {
      snprintf(err, err_size, "device queue of %llu bytes: %s", (unsigned long long)size,
               kiln_amdgpu_device_error(dev));
      kiln_run_device_queue_destroy(dev, q);
      return ret;
   }
   kiln_amdgpu_device_queue_init(q->bo, QUEUE_RECORDS, QUEUE_EVENTS, QUEUE_HEAP_BYTES);

   for (unsigned i = 0; i < p->num_kernels; i++) {
      const struct kiln_kernel *k = &p->kernels[i];
      if (!k->enqueued_block)
         continue;
      if (!block_layout(k, &q->blocks[i])) {
         snprintf(err, err_size,
                  "block kernel '%s': its arguments are not a block literal "
                  "and __local pointers",
                  k->name);
         kiln_run_device_queue_destroy(dev, q);
         return -EINVAL;
      }
      struct kiln_amdgpu_kernel_desc desc = kiln_amd_kernel_desc(k);
      ret = kiln_amdgpu_kernel_create(dev, &desc, &q->uploaded[i]);
      if (ret) {
         snprintf(err, err_size, "%s", kiln_amdgpu_device_error(dev));
         kiln_run_device_queue_destroy(dev, q);
         return ret;
      }
      q->blocks[i].kernel = q->uploaded[i];
      if (kiln_printf_min_buffer_size(k)) {
         if (printf_size < kiln_printf_min_buffer_size(k) || printf_size > UINT32_MAX ||
             kiln_amdgpu_bo_create(dev, printf_size, KILN_AMDGPU_BO_HOST_VISIBLE,
                                   &q->blocks[i].printf_bo)) {
            snprintf(err, err_size, "block kernel '%s': printf buffer of %llu bytes: %s", k->name,
                     (unsigned long long)printf_size,
                     q->blocks[i].printf_bo ? kiln_amdgpu_device_error(dev) : "too small");
            kiln_run_device_queue_destroy(dev, q);
            return -EINVAL;
         }
         q->blocks[i].printf_buffer_size = printf_size;
      }
   }
   *out = q;
   return 0;
}

void
kiln_run_device_queue_destroy(struct kiln_amdgpu_device *dev, struct kiln_run_device_queue *q)
{
   if (!q)
      return;
   for (unsigned i = 0; q->uploaded && i < q->num_kernels; i++) {
      if (q->uploaded[i])
         kiln_amdgpu_kernel_destroy(dev, q->uploaded[i]);
      if (q->blocks[i].printf_bo)
         kiln_amdgpu_bo_destroy(dev, q->blocks[i].printf_bo);
   }
   if (q->bo)
      kiln_amdgpu_bo_destroy(dev, q->bo);
   free(q->uploaded);
   free(q->blocks);
   free(q);
}

struct kiln_amdgpu_bo *
kiln_run_device_queue_bo(const struct kiln_run_device_queue *q)
{
   return q->bo;
}

void
kiln_run_device_queue_prepare(struct kiln_run_device_queue *q, struct kiln_amdgpu_launch *launch)
{
   kiln_amdgpu_device_queue_reset(q->bo);
   launch->device_queue_va = q->bo->va;
   launch->device_record = 0;
   const uint32_t header = KILN_PRINTF_HEADER_SIZE;
   for (unsigned i = 0; i < q->num_kernels; i++) {
      if (q->blocks[i].printf_bo) {
         memset(q->blocks[i].printf_bo->map, 0, q->printf_size);
         memcpy(q->blocks[i].printf_bo->map, &header, sizeof(header));
      }
   }
}

void
kiln_run_device_queue_print(struct kiln_run_device_queue *q, FILE *out)
{
   for (unsigned i = 0; i < q->num_kernels; i++) {
      const struct kiln_kernel *k = &q->program->kernels[i];
      if (!q->blocks[i].printf_bo)
         continue;
      int64_t dropped = kiln_printf_print(out, k, q->blocks[i].printf_bo->map, q->printf_size);
      fflush(out);
      if (dropped < 0)
         fprintf(stderr,
                 "kiln run: block kernel '%s': its printf buffer holds a record of "
                 "no printf call of the kernel; the output after it is lost\n",
                 k->name);
      else if (dropped)
         fprintf(stderr,
                 "kiln run: block kernel '%s': the printf buffer of %llu bytes was "
                 "full: printf calls asking for %lld more bytes printed nothing and "
                 "returned -1 (--printf-buffer-size)\n",
                 k->name, (unsigned long long)q->printf_size, (long long)dropped);
   }
}

int
kiln_run_device_queue_drain(struct kiln_run_device_queue *q, struct kiln_amdgpu_device *dev,
                            const struct kiln_amdgpu_launch *launch,
                            struct kiln_amdgpu_fault *fault)
{
   return kiln_amdgpu_device_queue_drain(dev, q->bo, q->blocks, q->num_kernels, launch, NULL,
                                         fault);
}
