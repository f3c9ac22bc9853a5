/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The drain loop of device-side enqueue (kiln_amdgpu_device_queue.c) on
 * the emulated device, apart from the compiler: the tests write records
 * and events into a queue as kiln's device library would
 * (kiln_device_queue_abi.h) and check what the rules of OpenCL C 2.0
 * §6.13.17 make of them.  The block kernel is store_ptr.s, which stores
 * 0x12345678 at its first argument: the address of its record's copy of
 * the literal, so a record ran exactly when its literal holds that value.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "drv_kernels.h"
#include "kiln_amdgpu.h"
#include "kiln_device_queue_abi.h"
#include "kiln_test.h"

#define RAN     0x12345678u
#define RECORDS 16
#define EVENTS  16
#define HEAP    4096

static const char *kernel_dir;
static struct kiln_amdgpu_kernel *store_ptr;

/* A queue, and the queue as the device would have left it. */
struct queue {
   struct kiln_amdgpu_bo *bo, *out;
   struct kiln_dq_header *h;
};

static struct kiln_dq_record *
record(struct queue *q, uint32_t i)
{
   return (struct kiln_dq_record *)((uint8_t *)q->h + q->h->records_offset) + i;
}

static struct kiln_dq_event *
event(struct queue *q, uint32_t handle)
{
   return (struct kiln_dq_event *)((uint8_t *)q->h + q->h->events_offset) + handle - 1;
}

static uint32_t *
heap(struct queue *q, uint32_t offset)
{
   return (uint32_t *)((uint8_t *)q->h + q->h->heap_offset + offset);
}

static uint32_t
add_event(struct queue *q, uint32_t kind, int32_t status, uint32_t rec)
{
   const uint32_t handle = ++q->h->num_events;
   *event(q, handle) = (struct kiln_dq_event){ status, 1, kind, rec, 0, 0 };
   return handle;
}

/* A published record of kernel 0 (or a marker) over one work-item,
 * waiting for the events waits[0, n); its event's handle. */
static uint32_t
add_record(struct queue *q, uint32_t kind, uint32_t kernel, uint32_t parent, const uint32_t *waits,
           unsigned n)
{
   const uint32_t i = q->h->num_records++;
   struct kiln_dq_record *r = record(q, i);
   memset(r, 0, sizeof(*r));
   r->kind = kind;
   r->kernel_index = kernel;
   r->parent = parent;
   r->work_dim = 1;
   for (unsigned d = 0; d < 3; d++)
      r->global_size[d] = 1;
   r->num_waits = n;
   r->wait_offset = q->h->heap_used;
   memcpy(heap(q, r->wait_offset), waits, n * 4);
   q->h->heap_used += 16 * ((n * 4 + 15) / 16) + 16;
   r->literal_offset = q->h->heap_used - 16;
   r->literal_size = 16;
   r->event = add_event(q, KILN_DQ_EVENT_COMMAND, KILN_DQ_CL_QUEUED, i + 1);
   r->state = KILN_DQ_QUEUED;
   return r->event;
}

static bool
ran(struct queue *q, uint32_t i)
{
   return *heap(q, record(q, i)->literal_offset) == RAN;
}

static bool
open_queue(struct kiln_amdgpu_device *dev, struct queue *q)
{
   const uint64_t size = kiln_amdgpu_device_queue_size(RECORDS, EVENTS, HEAP);
   if (!CHECK(!kiln_amdgpu_bo_create(dev, size, KILN_AMDGPU_BO_HOST_VISIBLE, &q->bo) &&
                 !kiln_amdgpu_bo_create(dev, 4096, KILN_AMDGPU_BO_HOST_VISIBLE, &q->out),
              "bo: %s", kiln_amdgpu_device_error(dev)))
      return false;
   kiln_amdgpu_device_queue_init(q->bo, RECORDS, EVENTS, HEAP);
   q->h = q->bo->map;
   memset(q->out->map, 0, 4096);
   return true;
}

static void
close_queue(struct kiln_amdgpu_device *dev, struct queue *q)
{
   kiln_amdgpu_bo_destroy(dev, q->bo);
   kiln_amdgpu_bo_destroy(dev, q->out);
}

static int
drain(struct kiln_amdgpu_device *dev, struct queue *q, struct kiln_amdgpu_drain_stats *stats)
{
   const struct kiln_amdgpu_block_kernel kernels[] = { { .kernel = store_ptr } };
   struct kiln_amdgpu_bo *bos[] = { q->bo, q->out };
   const struct kiln_amdgpu_launch base = { .bos = bos, .num_bos = 2 };
   struct kiln_amdgpu_fault fault;
   return kiln_amdgpu_device_queue_drain(dev, q->bo, kernels, 1, &base, stats, &fault);
}

/* a; marker m on a; b on m: a runs first, b one round later, all three
 * complete with their events. */
static void
test_marker_orders_rounds(struct kiln_amdgpu_device *dev)
{
   struct queue q;
   if (!open_queue(dev, &q))
      return;
   const uint32_t a = add_record(&q, KILN_DQ_KERNEL, 0, 0, NULL, 0);
   const uint32_t m = add_record(&q, KILN_DQ_MARKER, 0, 0, &a, 1);
   const uint32_t b = add_record(&q, KILN_DQ_KERNEL, 0, 0, &m, 1);
   struct kiln_amdgpu_drain_stats stats;
   int ret = drain(dev, &q, &stats);
   CHECK(ret == 0, "drain: %s", kiln_amdgpu_device_error(dev));
   CHECK(ran(&q, 0) && ran(&q, 2), "the kernels did not both run");
   CHECK(record(&q, 0)->round == 1 && record(&q, 2)->round == 2, "rounds %u and %u, not 1 and 2",
         record(&q, 0)->round, record(&q, 2)->round);
   for (uint32_t i = 0; i < 3; i++)
      CHECK(record(&q, i)->state == KILN_DQ_COMPLETE, "record %u in state %u", i,
            record(&q, i)->state);
   CHECK(event(&q, a)->status == KILN_DQ_CL_COMPLETE &&
            event(&q, m)->status == KILN_DQ_CL_COMPLETE &&
            event(&q, b)->status == KILN_DQ_CL_COMPLETE,
         "events %d %d %d", event(&q, a)->status, event(&q, m)->status, event(&q, b)->status);
   CHECK(stats.rounds == 2 && stats.dispatches == 2 && stats.markers == 1,
         "%u rounds, %u dispatches, %u markers", stats.rounds, stats.dispatches, stats.markers);
   close_queue(dev, &q);
}

/* A parent is complete only once its children are: p's child k waits
 * for z, so k runs in round 2 and p completes after it; c, waiting for
 * p, runs in round 3. */
static void
test_parent_completes_after_children(struct kiln_amdgpu_device *dev)
{
   struct queue q;
   if (!open_queue(dev, &q))
      return;
   const uint32_t p = add_record(&q, KILN_DQ_KERNEL, 0, 0, NULL, 0);
   const uint32_t z = add_record(&q, KILN_DQ_KERNEL, 0, 0, NULL, 0);
   add_record(&q, KILN_DQ_KERNEL, 0, 1 /* p's record + 1 */, &z, 1);
   add_record(&q, KILN_DQ_KERNEL, 0, 0, &p, 1);
   CHECK(drain(dev, &q, NULL) == 0, "drain: %s", kiln_amdgpu_device_error(dev));
   CHECK(ran(&q, 0) && ran(&q, 1) && ran(&q, 2) && ran(&q, 3), "not all ran");
   CHECK(record(&q, 2)->round == 2 && record(&q, 3)->round == 3,
         "the child ran in round %u, the waiter in round %u", record(&q, 2)->round,
         record(&q, 3)->round);
   close_queue(dev, &q);
}

/* A wait on an event with an error status fails the command: it does not
 * run and its event takes that status. */
static void
test_error_status_fails_the_waiter(struct kiln_amdgpu_device *dev)
{
   struct queue q;
   if (!open_queue(dev, &q))
      return;
   const uint32_t u = add_event(&q, KILN_DQ_EVENT_USER, -5, 0);
   const uint32_t c = add_record(&q, KILN_DQ_KERNEL, 0, 0, &u, 1);
   CHECK(drain(dev, &q, NULL) == 0, "drain: %s", kiln_amdgpu_device_error(dev));
   CHECK(!ran(&q, 0), "the command ran");
   CHECK(event(&q, c)->status == -5, "its event has status %d", event(&q, c)->status);
   close_queue(dev, &q);
}

/* A user event nobody sets: an error naming the record and the event,
 * and the record does not run. */
static void
test_never_set_is_an_error(struct kiln_amdgpu_device *dev)
{
   struct queue q;
   if (!open_queue(dev, &q))
      return;
   const uint32_t u = add_event(&q, KILN_DQ_EVENT_USER, KILN_DQ_CL_SUBMITTED, 0);
   add_record(&q, KILN_DQ_KERNEL, 0, 0, NULL, 0);
   add_record(&q, KILN_DQ_MARKER, 0, 0, &u, 1);
   int ret = drain(dev, &q, NULL);
   const char *msg = kiln_amdgpu_device_error(dev);
   CHECK(ret == -EINVAL, "drain returned %d", ret);
   CHECK(strstr(msg, "record 1") && strstr(msg, "a marker") && strstr(msg, "event 1"),
         "message: %s", msg);
   CHECK(ran(&q, 0), "the runnable record did not run");
   close_queue(dev, &q);
}

/* A record abandoned by a failed enqueue (reserved, never published) is
 * skipped; a record naming no block kernel is an error. */
static void
test_abandoned_and_bad_kernel(struct kiln_amdgpu_device *dev)
{
   struct queue q;
   if (!open_queue(dev, &q))
      return;
   add_record(&q, KILN_DQ_KERNEL, 0, 0, NULL, 0);
   record(&q, 0)->state = KILN_DQ_FREE;
   add_record(&q, KILN_DQ_KERNEL, 0, 0, NULL, 0);
   CHECK(drain(dev, &q, NULL) == 0, "drain: %s", kiln_amdgpu_device_error(dev));
   CHECK(!ran(&q, 0) && ran(&q, 1), "abandoned ran %d, published ran %d", ran(&q, 0), ran(&q, 1));
   close_queue(dev, &q);

   if (!open_queue(dev, &q))
      return;
   add_record(&q, KILN_DQ_KERNEL, 7, 0, NULL, 0);
   int ret = drain(dev, &q, NULL);
   CHECK(ret == -EINVAL && strstr(kiln_amdgpu_device_error(dev), "names kernel 7"),
         "drain returned %d: %s", ret, kiln_amdgpu_device_error(dev));
   close_queue(dev, &q);
}

/* capture_event_profiling_info's two values (§6.13.17.8), written when the
 * event completes: the execution time, then the time to completion, no
 * smaller; an address in no buffer of the launch is an error. */
static void
test_profiling_values(struct kiln_amdgpu_device *dev)
{
   struct queue q;
   if (!open_queue(dev, &q))
      return;
   const uint32_t e = add_record(&q, KILN_DQ_KERNEL, 0, 0, NULL, 0);
   event(&q, e)->profiling = q.out->va + 64;
   CHECK(drain(dev, &q, NULL) == 0, "drain: %s", kiln_amdgpu_device_error(dev));
   const uint64_t *t = (const uint64_t *)((uint8_t *)q.out->map + 64);
   CHECK(t[1] > 0 && t[1] >= t[0], "exec %llu, complete %llu", (unsigned long long)t[0],
         (unsigned long long)t[1]);
   close_queue(dev, &q);

   if (!open_queue(dev, &q))
      return;
   const uint32_t f = add_record(&q, KILN_DQ_KERNEL, 0, 0, NULL, 0);
   event(&q, f)->profiling = 0x10;
   int ret = drain(dev, &q, NULL);
   CHECK(ret == -EFAULT && strstr(kiln_amdgpu_device_error(dev), "0x10"), "drain returned %d: %s",
         ret, kiln_amdgpu_device_error(dev));
   close_queue(dev, &q);
}

/* The queue emptied for the next launch: counts zero, records FREE. */
static void
test_reset(struct kiln_amdgpu_device *dev)
{
   struct queue q;
   if (!open_queue(dev, &q))
      return;
   add_record(&q, KILN_DQ_KERNEL, 0, 0, NULL, 0);
   drain(dev, &q, NULL);
   kiln_amdgpu_device_queue_reset(q.bo);
   CHECK(q.h->num_records == 0 && q.h->num_events == 0 && q.h->heap_used == 0 &&
            record(&q, 0)->state == KILN_DQ_FREE && q.h->record_capacity == RECORDS,
         "after reset: %u records, %u events, %u heap bytes, state %u", q.h->num_records,
         q.h->num_events, q.h->heap_used, record(&q, 0)->state);
   close_queue(dev, &q);
}

int
main(int argc, char **argv)
{
   struct kiln_amdgpu_device *dev = drv_open_device(argc, argv);
   if (!dev)
      return 1;
   kernel_dir = argv[1];
   store_ptr = drv_load_kernel(dev, kernel_dir, "store_ptr", 8, 0, 0);
   if (store_ptr) {
      test_marker_orders_rounds(dev);
      test_parent_completes_after_children(dev);
      test_error_status_fails_the_waiter(dev);
      test_never_set_is_an_error(dev);
      test_abandoned_and_bad_kernel(dev);
      test_profiling_values(dev);
      test_reset(dev);
      kiln_amdgpu_kernel_destroy(dev, store_ptr);
   }
   kiln_amdgpu_device_close(dev);
   return kiln_test_summary();
}
