/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The host's drain loop of device-side enqueue (OpenCL C 2.0 §6.13.17).
 * Kernels write launch records into the device queue
 * (kiln_device_queue_abi.h); once the launch that may enqueue has ended,
 * the queue is drained in rounds, each of them:
 *
 *  1. the records dispatched in the last round have run (EXECUTED);
 *  2. records complete, repeatedly until nothing changes: an EXECUTED
 *     kernel once every record it enqueued is complete (a parent is not
 *     complete before its children), a marker once its wait list is;
 *     their events complete, with the profiling values asked for;
 *  3. every QUEUED kernel record whose wait list is complete is
 *     dispatched, all of them in one command stream (one submission, one
 *     fence): their dependencies are met, so they may run concurrently,
 *     and those using scratch share one ring configured for the largest.
 * CLK_ENQUEUE_FLAGS_WAIT_KERNEL and _WAIT_WORK_GROUP are both met: the parent has ended before its
 * records are seen, which NO_WAIT allows too;
 *
 * until every record is complete.  A round that has nothing to run while
 * records wait is a dependency that can never be met (a user event never
 * set, an event of a failed command): an error naming the record, not a
 * hang.  A wait on an event with an error status fails the record, which
 * then completes with that status without running.
 *
 * Only the buffer's memory is shared with the device; the loop is the
 * same on the emulator and on a render node.  The records' states stay in
 * that memory, so that a scheduler kernel could take the loop's place.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kiln_amd_abi.h"
#include "kiln_amdgpu_pm4.h"
#include "kiln_amdgpu_private.h"
#include "kiln_device_queue_abi.h"
#include "util/macros.h"
#include "util/os_time.h"

static uint64_t
align_up(uint64_t v, uint64_t a)
{
   return (v + a - 1) / a * a;
}

/* The heap starts at a multiple of this from the buffer's (page-aligned)
 * start, so that an offset the device aligns in it is aligned in memory:
 * a block literal is aligned to its largest capture, 128 bytes for a
 * double16. */
#define HEAP_ALIGN 256

static uint64_t
heap_offset(uint32_t records, uint32_t events)
{
   return align_up(sizeof(struct kiln_dq_header) +
                      (uint64_t)records * sizeof(struct kiln_dq_record) +
                      (uint64_t)events * sizeof(struct kiln_dq_event),
                   HEAP_ALIGN);
}

uint64_t
kiln_amdgpu_device_queue_size(uint32_t records, uint32_t events, uint32_t heap_bytes)
{
   return heap_offset(records, events) + align_up(heap_bytes, 16);
}

void
kiln_amdgpu_device_queue_init(struct kiln_amdgpu_bo *bo, uint32_t records, uint32_t events,
                              uint32_t heap_bytes)
{
   struct kiln_dq_header *h = bo->map;
   memset(h, 0, kiln_amdgpu_device_queue_size(records, events, heap_bytes));
   h->record_capacity = records;
   h->event_capacity = events;
   h->heap_capacity = heap_bytes;
   h->records_offset = sizeof(*h);
   h->events_offset = h->records_offset + records * sizeof(struct kiln_dq_record);
   h->heap_offset = heap_offset(records, events);
}

static struct kiln_dq_record *
records_of(struct kiln_dq_header *h)
{
   return (struct kiln_dq_record *)((uint8_t *)h + h->records_offset);
}

static struct kiln_dq_event *
events_of(struct kiln_dq_header *h)
{
   return (struct kiln_dq_event *)((uint8_t *)h + h->events_offset);
}

static uint32_t
num_records(const struct kiln_dq_header *h)
{
   return MIN2(h->num_records, h->record_capacity);
}

static uint32_t
num_events(const struct kiln_dq_header *h)
{
   return MIN2(h->num_events, h->event_capacity);
}

void
kiln_amdgpu_device_queue_reset(struct kiln_amdgpu_bo *bo)
{
   struct kiln_dq_header *h = bo->map;
   /* A reserved record may be abandoned, so its state must start FREE. */
   memset(records_of(h), 0, num_records(h) * sizeof(struct kiln_dq_record));
   memset(events_of(h), 0, num_events(h) * sizeof(struct kiln_dq_event));
   h->num_records = 0;
   h->num_events = 0;
   h->heap_used = 0;
}

/* The state of one drain. */
struct drain {
   struct kiln_amdgpu_device *dev;
   struct kiln_amdgpu_bo *queue;
   struct kiln_dq_header *h;
   struct kiln_dq_record *records;
   struct kiln_dq_event *events;
   const struct kiln_amdgpu_block_kernel *kernels;
   unsigned num_kernels;
   const struct kiln_amdgpu_launch *base;
   uint64_t *start_ns, *end_ns; /* per record */
   uint32_t *open_children;     /* per record: children not yet complete */
   unsigned capacity;
   struct kiln_amdgpu_bo *batch; /* a round's command stream and kernarg images */
};

/* The host address of size bytes at a GPU address in one of the
 * launch's host-visible buffers, or NULL. */
static void *
host_address(const struct drain *d, uint64_t va, uint64_t size)
{
   for (unsigned i = 0; i < d->base->num_bos; i++) {
      const struct kiln_amdgpu_bo *bo = d->base->bos[i];
      if (bo->map && va >= bo->va && va - bo->va + size <= bo->size)
         return (uint8_t *)bo->map + (va - bo->va);
   }
   return NULL;
}

/* An event completes: CLK_PROFILING_COMMAND_EXEC_TIME's two values are
 * the command's execution time and the time until it and its children
 * completed, in nanoseconds (OpenCL C 2.0 §6.13.17.8).  The event keeps
 * them for a capture asked for later, and a capture already asked for
 * gets them now. */
static int
complete_event(struct drain *d, uint32_t handle, uint32_t record, int32_t status)
{
   if (!handle || handle > num_events(d->h))
      return 0;
   struct kiln_dq_event *e = &d->events[handle - 1];
   e->status = status;
   e->exec_ns = d->end_ns[record] - d->start_ns[record];
   e->complete_ns = os_time_get_nano() - d->start_ns[record];
   if (!e->profiling)
      return 0;
   uint64_t *out = host_address(d, e->profiling, 16);
   if (!out)
      return kiln_amdgpu_error(d->dev, -EFAULT,
                               "device queue: event %u: "
                               "capture_event_profiling_info's address 0x%llx lies in no "
                               "host-visible buffer of the launch",
                               handle, (unsigned long long)e->profiling);
   out[0] = e->exec_ns;
   out[1] = e->complete_ns;
   e->profiling = 0;
   return 0;
}

static int
complete_record(struct drain *d, uint32_t i, int32_t status)
{
   struct kiln_dq_record *r = &d->records[i];
   r->state = KILN_DQ_COMPLETE;
   if (!d->start_ns[i])
      d->start_ns[i] = d->end_ns[i] = os_time_get_nano(); /* a marker, or a command that failed */
   if (r->parent && r->parent <= d->capacity)
      d->open_children[r->parent - 1]--;
   return complete_event(d, r->event, i, status);
}

/* KILN_DQ_CL_COMPLETE when every event the record waits for is complete,
 * the first error status among them, or 1 while one is not. */
static int32_t
wait_status(const struct drain *d, const struct kiln_dq_record *r, uint32_t *blocking)
{
   const uint32_t *waits =
      (const uint32_t *)((const uint8_t *)d->h + d->h->heap_offset + r->wait_offset);
   for (uint32_t w = 0; w < r->num_waits; w++) {
      const uint32_t handle = waits[w];
      const int32_t status =
         handle && handle <= num_events(d->h) ? d->events[handle - 1].status : -1;
      if (status < 0)
         return status;
      if (status != KILN_DQ_CL_COMPLETE) {
         *blocking = handle;
         return 1;
      }
   }
   return KILN_DQ_CL_COMPLETE;
}

/* Step 2: completions until nothing changes.  Returns how many, or a
 * negative errno. */
static int
complete_records(struct drain *d)
{
   int total = 0;
   bool changed;
   do {
      changed = false;
      for (uint32_t i = 0; i < num_records(d->h); i++) {
         struct kiln_dq_record *r = &d->records[i];
         int32_t status = KILN_DQ_CL_COMPLETE;
         uint32_t blocking;
         if (r->state == KILN_DQ_EXECUTED && !d->open_children[i]) {
            status = KILN_DQ_CL_COMPLETE;
         } else if (r->state == KILN_DQ_QUEUED &&
                    (r->kind == KILN_DQ_MARKER || wait_status(d, r, &blocking) < 0)) {
            status = wait_status(d, r, &blocking);
            if (status > 0)
               continue;
         } else {
            continue;
         }
         int ret = complete_record(d, i, status);
         if (ret)
            return ret;
         total++;
         changed = true;
      }
   } while (changed);
   return total;
}

/* The launch a kernel record asks for, with kernarg (room for
 * KILN_AMDGPU_MAX_KERNARG bytes) and locals filled. */
static int
record_launch(struct drain *d, uint32_t i, uint8_t *kernarg, struct kiln_amdgpu_local_arg *locals,
              struct kiln_amdgpu_launch *launch, const struct kiln_amdgpu_kernel **kernel)
{
   struct kiln_dq_record *r = &d->records[i];
   const struct kiln_amdgpu_block_kernel *bk =
      r->kernel_index < d->num_kernels ? &d->kernels[r->kernel_index] : NULL;
   if (!bk || !bk->kernel)
      return kiln_amdgpu_error(d->dev, -EINVAL,
                               "device queue: record %u names kernel %u, "
                               "which is no block's kernel of the program",
                               i, r->kernel_index);
   if (r->num_local_args != bk->num_local_args || r->work_dim < 1 || r->work_dim > 3)
      return kiln_amdgpu_error(d->dev, -EINVAL,
                               "device queue: record %u: %u __local sizes "
                               "and %u dimensions for kernel '%s', which takes %u",
                               i, r->num_local_args, r->work_dim, bk->kernel->name,
                               bk->num_local_args);

   const unsigned kernarg_size = bk->kernel->desc.kernarg_size;
   if (bk->literal_offset + 8 > kernarg_size ||
       (bk->constant_bo && bk->constant_offset + 8 > kernarg_size))
      return kiln_amdgpu_error(d->dev, -EINVAL,
                               "device queue: kernel '%s' has no room for "
                               "the block literal's or its __constant data's address",
                               bk->kernel->name);
   memset(kernarg, 0, kernarg_size);
   const uint64_t literal = d->queue->va + d->h->heap_offset + r->literal_offset;
   memcpy(kernarg + bk->literal_offset, &literal, sizeof(literal));
   if (bk->constant_bo)
      memcpy(kernarg + bk->constant_offset, &bk->constant_bo->va, sizeof(uint64_t));
   for (unsigned l = 0; l < r->num_local_args; l++)
      locals[l] = (struct kiln_amdgpu_local_arg){ bk->local_offsets[l], r->local_arg_size[l], 0 };

   *launch = *d->base;
   launch->work_dim = r->work_dim;
   launch->kernarg = kernarg;
   launch->local_args = locals;
   launch->num_local_args = r->num_local_args;
   launch->extra_lds_bytes = 0;
   launch->device_queue_va = d->queue->va;
   launch->device_record = i + 1;
   if (bk->printf_bo) {
      launch->printf_buffer_va = bk->printf_bo->va;
      launch->printf_buffer_size = bk->printf_buffer_size;
   }
   for (unsigned k = 0; k < 3; k++) {
      launch->global_size[k] = r->global_size[k];
      launch->global_offset[k] = r->global_offset[k];
      launch->local_size[k] = r->local_size[k];
   }
   *kernel = bk->kernel;
   return 0;
}

/* A round's dispatch: the record's launch as register state. */
struct round_item {
   uint32_t record;
   const struct kiln_amdgpu_kernel *kernel;
   struct kiln_amdgpu_grid grid;
   int lds;
   unsigned kernarg_offset; /* in the batch BO */
   struct kiln_amdgpu_scratch scratch;
};

/* Room for one dispatch's packets (kiln_pm4_emit_dispatch: about 70). */
#define ROUND_DISPATCH_DW   96
#define ROUND_KERNARG_ALIGN 256

static int
batch_bo(struct drain *d, uint64_t size)
{
   if (d->batch && d->batch->size >= size)
      return 0;
   if (d->batch)
      kiln_amdgpu_bo_destroy(d->dev, d->batch);
   d->batch = NULL;
   return kiln_amdgpu_bo_create(d->dev, size > 65536 ? size * 2 : 65536,
                                KILN_AMDGPU_BO_HOST_VISIBLE, &d->batch);
}

/* The kernel whose code holds the faulting PC names the fault. */
static void
name_fault(const struct round_item *items, unsigned n, struct kiln_amdgpu_fault *fault)
{
   for (unsigned i = 0; fault && i < n; i++) {
      const struct kiln_amdgpu_bo *code = items[i].kernel->code_bo;
      if (fault->pc < code->va || fault->pc >= code->va + code->size)
         continue;
      if (i == 0)
         return;
      const char *rest = strstr(fault->message, "': ");
      char message[sizeof(fault->message)];
      snprintf(message, sizeof(message), "kernel '%s%s", items[i].kernel->name, rest ? rest : "'");
      memcpy(fault->message, message, sizeof(message));
      fault->pc_offset = fault->pc - code->va;
      return;
   }
}

/* A round under construction: its dispatches and what they share. */
struct drain_round {
   unsigned number;
   struct round_item *items; /* the dispatches, num_items of them */
   unsigned num_items;
   struct kiln_amdgpu_scratch scratch; /* the ring they share */
   uint64_t scratch_waves;
   uint64_t scratch_va;
   uint32_t tmpring;
   struct kiln_pm4 cs;
   uint64_t fence_value; /* the last dispatch's */
};

/* Bytes of the round's kernarg image for a kernel. */
static uint64_t
kernarg_bytes(const struct kiln_amdgpu_kernel *k)
{
   return KILN_KERNARG_IMPLICIT_OFFSET(k->desc.kernarg_size) + KILN_IMPLICIT_SIZE;
}

/* The batch of n ready records: room for their packets, then their
 * kernarg images. */
static int
round_batch(struct drain *d, const uint32_t *ready, unsigned n, uint64_t *ib_bytes)
{
   *ib_bytes = align_up((uint64_t)n * ROUND_DISPATCH_DW * 4, ROUND_KERNARG_ALIGN);
   uint64_t size = *ib_bytes;
   for (unsigned i = 0; i < n; i++) {
      const uint32_t k = d->records[ready[i]].kernel_index;
      if (k < d->num_kernels && d->kernels[k].kernel)
         size += align_up(kernarg_bytes(d->kernels[k].kernel), ROUND_KERNARG_ALIGN);
   }
   return batch_bo(d, size);
}

/* Placement of one record: its launch, grid and scratch need, and its
 * kernarg image at *top in the batch.  An empty ndrange runs nothing and
 * takes no item. */
static int
place_record(struct drain *d, struct drain_round *rd, uint32_t record, uint8_t *kernarg,
             uint8_t *image, uint64_t *top)
{
   struct kiln_amdgpu_local_arg locals[KILN_DQ_MAX_LOCAL_ARGS];
   struct kiln_amdgpu_launch launch;
   struct round_item *it = &rd->items[rd->num_items];
   it->record = record;
   int ret = record_launch(d, record, kernarg, locals, &launch, &it->kernel);
   if (!ret)
      ret = kiln_amdgpu_grid_compute(d->dev, it->kernel, &launch, &it->grid);
   d->records[record].state = KILN_DQ_RUNNING;
   d->records[record].round = rd->number;
   if (ret || !it->grid.global_size[0] || !it->grid.global_size[1] || !it->grid.global_size[2])
      return ret;

   const unsigned group = it->grid.local_size[0] * it->grid.local_size[1] * it->grid.local_size[2];
   const uint64_t waves = (uint64_t)it->grid.num_groups[0] * it->grid.num_groups[1] *
                          it->grid.num_groups[2] * DIV_ROUND_UP(group, it->kernel->desc.wave_size);
   ret = kiln_amdgpu_scratch_need(d->dev, it->kernel, waves, &it->scratch);
   if (it->scratch.waves_field) {
      rd->scratch.waves_field = MAX2(rd->scratch.waves_field, it->scratch.waves_field);
      rd->scratch.wavesize_field = MAX2(rd->scratch.wavesize_field, it->scratch.wavesize_field);
      rd->scratch_waves = MAX2(rd->scratch_waves, it->scratch.bytes / it->scratch.wavesize_field);
   }
   it->kernarg_offset = *top;
   *top = align_up(*top + kernarg_bytes(it->kernel), ROUND_KERNARG_ALIGN);
   if (ret)
      return ret;
   it->lds = kiln_amdgpu_kernarg_image(d->dev, it->kernel, &launch, &it->grid, image);
   if (it->lds < 0)
      return it->lds;
   memcpy((uint8_t *)d->batch->map + it->kernarg_offset, image, kernarg_bytes(it->kernel));
   rd->num_items++;
   return 0;
}

/* Step 3a, place: the ready records' launches, their kernarg images after
 * the packets, and the scratch ring they share. */
static int
place_round(struct drain *d, struct drain_round *rd, const uint32_t *ready, unsigned n)
{
   uint8_t *image = malloc(KILN_AMDGPU_MAX_KERNARG);
   uint8_t *kernarg = malloc(KILN_AMDGPU_MAX_KERNARG);
   uint64_t top = 0;
   int ret = image && kernarg ? 0 : kiln_amdgpu_error(d->dev, -ENOMEM, "out of host memory");
   if (!ret)
      ret = round_batch(d, ready, n, &top);
   for (unsigned i = 0; i < n && !ret; i++)
      ret = place_record(d, rd, ready[i], kernarg, image, &top);
   free(image);
   free(kernarg);

   /* Concurrent dispatches share the ring: one configuration, the largest
    * of each field, so that no two waves' slices overlap. */
   rd->scratch.bytes = rd->scratch_waves * rd->scratch.wavesize_field;
   if (!ret && rd->num_items)
      ret = kiln_amdgpu_scratch_ring(d->dev, "device queue round", &rd->scratch, &rd->scratch_va,
                                     &rd->tmpring);
   return ret;
}

/* Step 3b, emit: the packets of every dispatch, each releasing the fence
 * after it. */
static int
emit_round(struct drain *d, struct drain_round *rd)
{
   struct kiln_amdgpu_device *dev = d->dev;
   kiln_pm4_init(&rd->cs, d->batch->map, rd->num_items * ROUND_DISPATCH_DW);
   for (unsigned i = 0; i < rd->num_items; i++) {
      struct round_item *it = &rd->items[i];
      struct kiln_pm4_dispatch pd;
      int ret = kiln_amdgpu_switch_compute_shader(dev, it->kernel, &it->grid, it->lds, &pd);
      if (ret)
         return ret;
      if (pd.scratch_va) {
         pd.scratch_va = rd->scratch_va;
         pd.tmpring_size = rd->tmpring;
      }
      kiln_amdgpu_setup_user_data(&it->grid, d->batch->va + it->kernarg_offset, &pd);
      pd.fence_va = dev->cmd_bo->va + KILN_AMDGPU_CMD_FENCE_OFFSET;
      pd.fence_value = rd->fence_value = ++dev->fence_value;
      if (!kiln_pm4_emit_dispatch(&rd->cs, &pd))
         return kiln_amdgpu_error(dev, -ENOSPC, "device queue: round %u: command stream overflow",
                                  rd->number);
   }
   return 0;
}

/* Step 3c, BO list: the command and batch buffers, the scratch ring, the
 * launch's buffers, and each kernel's code, printf buffer and __constant
 * data once.  bos has room for 3 * num_items + the launch's + 3. */
static unsigned
round_bo_list(const struct drain *d, const struct drain_round *rd, struct kiln_amdgpu_bo **bos)
{
   unsigned num_bos = 0;
   bos[num_bos++] = d->dev->cmd_bo;
   bos[num_bos++] = d->batch;
   if (rd->scratch_va)
      bos[num_bos++] = d->dev->scratch_bo;
   for (unsigned i = 0; i < d->base->num_bos; i++)
      bos[num_bos++] = d->base->bos[i];
   for (unsigned i = 0; i < rd->num_items; i++) {
      bool listed = false;
      for (unsigned j = 0; j < i && !listed; j++)
         listed = rd->items[j].kernel == rd->items[i].kernel;
      if (listed)
         continue;
      bos[num_bos++] = rd->items[i].kernel->code_bo;
      const struct kiln_dq_record *r = &d->records[rd->items[i].record];
      if (d->kernels[r->kernel_index].printf_bo)
         bos[num_bos++] = d->kernels[r->kernel_index].printf_bo;
      if (d->kernels[r->kernel_index].constant_bo)
         bos[num_bos++] = d->kernels[r->kernel_index].constant_bo;
   }
   return num_bos;
}

/* Step 3d, submit: one submission, waited for; the fence must read the
 * last dispatch's value.  Every dispatch of the round gets its start and
 * end. */
static int
submit_round(struct drain *d, struct drain_round *rd, struct kiln_amdgpu_bo **bos, unsigned num_bos,
             struct kiln_amdgpu_fault *fault)
{
   struct kiln_amdgpu_device *dev = d->dev;
   volatile uint64_t *fence =
      (volatile uint64_t *)((uint8_t *)dev->cmd_bo->map + KILN_AMDGPU_CMD_FENCE_OFFSET);
   const unsigned m = rd->num_items;
   *fence = 0;
   const uint64_t start = os_time_get_nano();
   int ret = kiln_amdgpu_submit_and_wait(dev, rd->items[0].kernel, d->batch->va, rd->cs.cdw, bos,
                                         num_bos, 10ull * 1000 * 1000 * 1000 * (1 + m / 64), fault);
   const uint64_t end = os_time_get_nano();
   if (ret)
      name_fault(rd->items, m, fault);
   else if (*fence != rd->fence_value)
      ret = kiln_amdgpu_error(dev, -EIO,
                              "device queue: round %u: the dispatches completed but the fence "
                              "reads %llu, not %llu",
                              rd->number, (unsigned long long)*fence,
                              (unsigned long long)rd->fence_value);
   for (unsigned i = 0; i < m; i++) {
      d->start_ns[rd->items[i].record] = start;
      d->end_ns[rd->items[i].record] = end;
   }
   return ret;
}

/* Step 3 for the records ready[0, n): one command stream with a dispatch
 * for each (place, emit, list the buffers, submit); they are EXECUTED
 * once it has run. */
static int
run_round(struct drain *d, const uint32_t *ready, unsigned n, unsigned number,
          struct kiln_amdgpu_fault *fault)
{
   struct drain_round rd = { .number = number, .items = calloc(n, sizeof(*rd.items)) };
   struct kiln_amdgpu_bo **bos = calloc(3 * n + d->base->num_bos + 3, sizeof(*bos));
   int ret = rd.items && bos ? 0 : kiln_amdgpu_error(d->dev, -ENOMEM, "out of host memory");
   if (!ret)
      ret = place_round(d, &rd, ready, n);
   if (!ret && rd.num_items)
      ret = emit_round(d, &rd);
   if (!ret && rd.num_items)
      ret = submit_round(d, &rd, bos, round_bo_list(d, &rd, bos), fault);
   for (unsigned i = 0; i < n && !ret; i++)
      d->records[ready[i]].state = KILN_DQ_EXECUTED;
   free(rd.items);
   free(bos);
   return ret;
}

/* Per-record bookkeeping, grown as records appear. */
static int
grow(struct drain *d)
{
   const uint32_t n = num_records(d->h);
   if (n <= d->capacity)
      return 0;
   uint64_t *start = realloc(d->start_ns, n * sizeof(*start));
   if (start)
      d->start_ns = start;
   uint64_t *end = realloc(d->end_ns, n * sizeof(*end));
   if (end)
      d->end_ns = end;
   uint32_t *open = realloc(d->open_children, n * sizeof(*open));
   if (open)
      d->open_children = open;
   if (!start || !end || !open)
      return kiln_amdgpu_error(d->dev, -ENOMEM, "out of host memory");
   memset(d->open_children + d->capacity, 0, (n - d->capacity) * sizeof(*open));
   /* The new records' parents have them as open children. */
   for (uint32_t i = d->capacity; i < n; i++) {
      const uint32_t parent = d->records[i].parent;
      d->start_ns[i] = d->end_ns[i] = 0;
      if (d->records[i].state == KILN_DQ_QUEUED && parent && parent <= n)
         d->open_children[parent - 1]++;
   }
   d->capacity = n;
   return 0;
}

/* Records are published as the launch that made them ran, so a record
 * that is still FREE when its launch has ended was abandoned: it counts
 * as complete. */
static void
retire_abandoned(struct drain *d, uint32_t from)
{
   for (uint32_t i = from; i < num_records(d->h); i++) {
      if (d->records[i].state == KILN_DQ_FREE)
         d->records[i].state = KILN_DQ_COMPLETE;
   }
}

static int
stuck(struct drain *d)
{
   for (uint32_t i = 0; i < num_records(d->h); i++) {
      const struct kiln_dq_record *r = &d->records[i];
      uint32_t blocking = 0;
      if (r->state == KILN_DQ_QUEUED && wait_status(d, r, &blocking) > 0) {
         char by[32] = "the host's launch";
         if (r->parent)
            snprintf(by, sizeof(by), "record %u", r->parent - 1);
         return kiln_amdgpu_error(d->dev, -EINVAL,
                                  "device queue: record %u (%s, enqueued "
                                  "by %s) waits for event %u, which nothing left to run "
                                  "can complete",
                                  i, r->kind == KILN_DQ_MARKER ? "a marker" : "a kernel", by,
                                  blocking);
      }
   }
   return kiln_amdgpu_error(d->dev, -EINVAL,
                            "device queue: records wait for children that "
                            "never complete");
}

int
kiln_amdgpu_device_queue_drain(struct kiln_amdgpu_device *dev, struct kiln_amdgpu_bo *queue,
                               const struct kiln_amdgpu_block_kernel *kernels, unsigned num_kernels,
                               const struct kiln_amdgpu_launch *base,
                               struct kiln_amdgpu_drain_stats *stats,
                               struct kiln_amdgpu_fault *fault)
{
   struct drain d = {
      .dev = dev,
      .queue = queue,
      .h = queue->map,
      .kernels = kernels,
      .num_kernels = num_kernels,
      .base = base,
   };
   d.records = records_of(d.h);
   d.events = events_of(d.h);
   struct kiln_amdgpu_drain_stats s = { 0 };
   const uint64_t start = os_time_get_nano();
   int ret = 0;

   retire_abandoned(&d, 0);
   for (unsigned round = 1;; round++) {
      const uint32_t before = num_records(d.h);
      ret = grow(&d);
      if (ret)
         break;
      int completed = complete_records(&d);
      if (completed < 0) {
         ret = completed;
         break;
      }

      unsigned dispatched = 0, open = 0;
      uint32_t *ready = malloc(MAX2(before, 1) * sizeof(*ready));
      if (!ready) {
         ret = kiln_amdgpu_error(dev, -ENOMEM, "out of host memory");
         break;
      }
      for (uint32_t i = 0; i < before; i++) {
         struct kiln_dq_record *r = &d.records[i];
         uint32_t blocking;
         if (r->state != KILN_DQ_COMPLETE)
            open++;
         if (r->state == KILN_DQ_QUEUED && r->kind == KILN_DQ_KERNEL &&
             wait_status(&d, r, &blocking) == KILN_DQ_CL_COMPLETE)
            ready[dispatched++] = i;
      }
      if (dispatched) {
         const uint64_t t = os_time_get_nano();
         ret = run_round(&d, ready, dispatched, round, fault);
         s.dispatch_ns += os_time_get_nano() - t;
      }
      free(ready);
      if (ret)
         break;
      s.dispatches += dispatched;
      if (dispatched) {
         s.rounds++;
         kiln_amdgpu_debug(dev, "device queue: round %u: %u dispatches, %u records open", round,
                           dispatched, open);
         retire_abandoned(&d, before);
         continue;
      }
      if (!open)
         break;
      if (!completed) {
         ret = stuck(&d);
         break;
      }
   }
   for (uint32_t i = 0; i < num_records(d.h); i++)
      s.markers += d.records[i].kind == KILN_DQ_MARKER && d.records[i].state == KILN_DQ_COMPLETE;
   s.host_ns = os_time_get_nano() - start;
   kiln_amdgpu_debug(dev,
                     "device queue: %u rounds, %u dispatches, %u markers; %.3f ms on the "
                     "host, %.3f ms of it in dispatches, %.3f ms per round",
                     s.rounds, s.dispatches, s.markers, s.host_ns / 1e6, s.dispatch_ns / 1e6,
                     s.rounds ? s.host_ns / 1e6 / s.rounds : 0.0);
   if (stats)
      *stats = s;
   if (d.batch)
      kiln_amdgpu_bo_destroy(dev, d.batch);
   free(d.start_ns);
   free(d.end_ns);
   free(d.open_children);
   return ret;
}
