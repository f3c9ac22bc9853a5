/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * kiln's device library for device-side enqueue (OpenCL C 2.0 §6.13.17),
 * linked with libclc into kiln's CL library (src/compiler/kiln_cl_library.c).
 * kiln_spirv_enqueue.c turns enqueue_kernel, enqueue_marker and the event
 * functions into calls of the functions below; they write launch records
 * and events into the device queue (include/kiln_device_queue_abi.h),
 * reserving them with atomics, and the host's drain loop runs them.
 *
 * The queue's address and the record of the running launch are implicit
 * kernel arguments; the two functions declared without a body read them
 * (kiln_nir_lower_device_queue).
 *
 * Errors: without -g a failed enqueue returns CLK_ENQUEUE_FAILURE (OpenCL
 * C 2.0 §6.13.17.1) whatever the cause: no queue, an invalid ndrange, wait
 * list or __local size, or a full queue.  A failed enqueue leaves nothing
 * behind but counts past a capacity, which the host ignores.
 */
#include <opencl-c.h>

#include "kiln_device_queue_abi.h"

ulong __kiln_implicit_device_queue(void);
uint __kiln_implicit_device_record(void);

#define HEADER(q) ((global struct kiln_dq_header *)(q))

static global struct kiln_dq_record *
record_at(ulong q, uint index)
{
   return (global struct kiln_dq_record *)(q + HEADER(q)->records_offset) + index;
}

static global struct kiln_dq_event *
event_at(ulong q, ulong handle)
{
   return (global struct kiln_dq_event *)(q + HEADER(q)->events_offset) + (handle - 1);
}

static global uchar *
heap_at(ulong q, uint offset)
{
   return (global uchar *)(q + HEADER(q)->heap_offset + offset);
}

/* n of capacity from the counter at count: the first index, or -1 once
 * the counter has passed the capacity. */
static long
reserve(volatile global uint *count, uint n, uint capacity)
{
   uint first = atomic_add(count, n);
   if (n > capacity || first > capacity - n)
      return -1;
   return first;
}

/* size bytes of the heap at an offset aligned to align (a power of two). */
static long
heap_alloc(ulong q, uint size, uint align)
{
   global struct kiln_dq_header *h = HEADER(q);
   long start = reserve(&h->heap_used, size + align - 1, h->heap_capacity);
   if (start < 0)
      return -1;
   return (start + align - 1) & ~(long)(align - 1);
}

static bool
event_is_valid(ulong q, ulong handle)
{
   global struct kiln_dq_header *h = HEADER(q);
   return q && handle >= 1 && handle <= min(h->num_events, h->event_capacity) &&
          event_at(q, handle)->refcount > 0;
}

/* A new event, referenced once by its creator: its handle, or 0. */
static ulong
new_event(ulong q, uint kind, int status, uint record)
{
   global struct kiln_dq_header *h = HEADER(q);
   long index = reserve(&h->num_events, 1, h->event_capacity);
   if (index < 0)
      return 0;
   global struct kiln_dq_event *e = event_at(q, index + 1);
   e->status = status;
   e->refcount = 1;
   e->kind = kind;
   e->record = record;
   e->profiling = 0;
   e->exec_ns = 0;
   e->complete_ns = 0;
   return index + 1;
}

static bool
wait_list_is_valid(ulong q, uint num_waits, const ulong *waits)
{
   if ((num_waits == 0) != (waits == 0))
      return false;
   for (uint i = 0; i < num_waits; i++) {
      if (!event_is_valid(q, waits[i]))
         return false;
   }
   return true;
}

/* A record with its wait list copied to the heap, not yet published:
 * its index, or -1. */
static long
new_record(ulong q, uint kind, uint num_waits, const ulong *waits)
{
   global struct kiln_dq_header *h = HEADER(q);
   long index = reserve(&h->num_records, 1, h->record_capacity);
   if (index < 0)
      return -1;
   long waits_at = 0;
   if (num_waits) {
      waits_at = heap_alloc(q, num_waits * 4, 4);
      if (waits_at < 0)
         return -1;
      global uint *copy = (global uint *)heap_at(q, waits_at);
      for (uint i = 0; i < num_waits; i++)
         copy[i] = waits[i];
   }
   global struct kiln_dq_record *r = record_at(q, index);
   r->kind = kind;
   r->parent = __kiln_implicit_device_record();
   r->num_waits = num_waits;
   r->wait_offset = waits_at;
   r->event = 0;
   r->num_local_args = 0;
   r->literal_size = 0;
   r->round = 0;
   return index;
}

/* The record goes to the host once all of it is written. */
static void
publish(global struct kiln_dq_record *r)
{
   mem_fence(CLK_GLOBAL_MEM_FENCE);
   atomic_xchg(&r->state, KILN_DQ_QUEUED);
}

static bool
event_for(ulong q, long index, ulong *ret_event)
{
   if (!ret_event)
      return true;
   ulong e = new_event(q, KILN_DQ_EVENT_COMMAND, KILN_DQ_CL_QUEUED, index + 1);
   if (!e)
      return false;
   record_at(q, index)->event = e;
   *ret_event = e;
   return true;
}

static bool
ndrange_is_valid(uint work_dim, const ulong *offset, const ulong *global_size,
                 const ulong *local_size)
{
   if (work_dim < 1 || work_dim > 3)
      return false;
   bool has_local = local_size[0] != 0;
   ulong group = 1;
   for (uint d = 0; d < work_dim; d++) {
      if (!global_size[d] || global_size[d] > UINT_MAX || offset[d] > UINT_MAX - global_size[d])
         return false;
      if ((local_size[d] != 0) != has_local || local_size[d] > global_size[d])
         return false;
      group *= has_local ? local_size[d] : 1;
   }
   return group <= 1024;
}

/* In 32 bits, which every valid size fits: a 64-bit remainder is a long
 * software sequence on the GPU. */
static uint
largest_divisor(uint n, uint limit)
{
   if (n <= limit)
      return n;
   for (uint d = limit; d > 1; d--) {
      if (n % d == 0)
         return d;
   }
   return 1;
}

/* The work-group size of an ndrange that gives none: up to 256
 * work-items, whole groups where a divisor of the global size allows it,
 * else whole waves in x and a partial last group (the rule kiln_amdgpu
 * applies to the host's launches). */
static void
choose_local_size(uint work_dim, const ulong *global_size, uint wave, ulong *local_size)
{
   uint budget = 256;
   for (uint d = 0; d < 3; d++) {
      const uint g = d < work_dim ? global_size[d] : 1;
      uint l = largest_divisor(g, budget);
      if (d == 0 && l < wave && g > l && budget >= wave) {
         const ulong rounded = ((ulong)g + wave - 1) / wave * wave;
         l = rounded < budget ? rounded : budget / wave * wave;
      }
      local_size[d] = l;
      budget /= l;
   }
}

/* The work-items of a work-group of the ndrange, 0 for an invalid one. */
static ulong
group_items(const ndrange_t *ndrange, uint wave)
{
   const uint work_dim = ndrange->workDimension;
   ulong global_size[3], local_size[3], offset[3] = {0, 0, 0};
   for (uint d = 0; d < 3; d++) {
      global_size[d] = ndrange->globalWorkSize[d];
      local_size[d] = ndrange->localWorkSize[d];
   }
   if (!ndrange_is_valid(work_dim, offset, global_size, local_size))
      return 0;
   if (!local_size[0])
      choose_local_size(work_dim, global_size, wave, local_size);
   ulong items = 1;
   for (uint d = 0; d < work_dim; d++)
      items *= local_size[d];
   return items;
}

/* get_kernel_sub_group_count_for_ndrange (cl_khr_subgroups): a sub-group
 * is a wave. */
uint
kiln_ndrange_sub_group_count(const ndrange_t *ndrange, uint wave)
{
   return (group_items(ndrange, wave) + wave - 1) / wave;
}

/* get_kernel_max_sub_group_size_for_ndrange */
uint
kiln_ndrange_max_sub_group_size(const ndrange_t *ndrange, uint wave)
{
   return min(group_items(ndrange, wave), (ulong)wave);
}

ulong
kiln_get_default_queue(void)
{
   return __kiln_implicit_device_queue();
}

int
kiln_enqueue_kernel(ulong q, uint flags, uint kernel_index, const ndrange_t *ndrange,
                    uint num_waits, const ulong *waits, ulong *ret_event, const uchar *literal,
                    uint literal_size, uint literal_align, uint num_local_args, ulong local_arg0,
                    ulong local_arg1, ulong local_arg2, ulong local_arg3, uint wave)
{
   const uint work_dim = ndrange->workDimension;
   ulong offset[3], global_size[3], local_size[3];
   for (uint d = 0; d < 3; d++) {
      offset[d] = ndrange->globalWorkOffset[d];
      global_size[d] = ndrange->globalWorkSize[d];
      local_size[d] = ndrange->localWorkSize[d];
   }
   const ulong local_args[KILN_DQ_MAX_LOCAL_ARGS] = {local_arg0, local_arg1, local_arg2,
                                                     local_arg3};

   if (!q || flags > CLK_ENQUEUE_FLAGS_WAIT_WORK_GROUP ||
       !ndrange_is_valid(work_dim, offset, global_size, local_size) ||
       !wait_list_is_valid(q, num_waits, waits) || num_local_args > KILN_DQ_MAX_LOCAL_ARGS)
      return CLK_ENQUEUE_FAILURE;
   for (uint i = 0; i < num_local_args; i++) {
      if (!local_args[i] || local_args[i] > 65536)
         return CLK_ENQUEUE_FAILURE;
   }
   /* Chosen here, so that the sub-group queries agree with the launch. */
   if (!local_size[0])
      choose_local_size(work_dim, global_size, wave, local_size);

   long index = new_record(q, KILN_DQ_KERNEL, num_waits, waits);
   long literal_at = index < 0 ? -1 : heap_alloc(q, literal_size, max(literal_align, 8u));
   if (literal_at < 0 || !event_for(q, index, ret_event))
      return CLK_ENQUEUE_FAILURE;

   /* The literal lives in the parent's private memory, gone once the
    * parent returns: the child reads a copy. */
   global uchar *copy = heap_at(q, literal_at);
   for (uint i = 0; i < literal_size; i++)
      copy[i] = literal[i];

   global struct kiln_dq_record *r = record_at(q, index);
   r->flags = flags;
   r->kernel_index = kernel_index;
   r->work_dim = work_dim;
   r->literal_offset = literal_at;
   r->literal_size = literal_size;
   r->num_local_args = num_local_args;
   for (uint i = 0; i < KILN_DQ_MAX_LOCAL_ARGS; i++)
      r->local_arg_size[i] = i < num_local_args ? local_args[i] : 0;
   for (uint d = 0; d < 3; d++) {
      r->global_offset[d] = d < work_dim ? offset[d] : 0;
      r->global_size[d] = d < work_dim ? global_size[d] : 1;
      r->local_size[d] = d < work_dim ? local_size[d] : 1;
   }
   publish(r);
   return CLK_SUCCESS;
}

int
kiln_enqueue_marker(ulong q, uint num_waits, const ulong *waits, ulong *ret_event)
{
   if (!q || !num_waits || !wait_list_is_valid(q, num_waits, waits) || !ret_event)
      return CLK_ENQUEUE_FAILURE;
   long index = new_record(q, KILN_DQ_MARKER, num_waits, waits);
   if (index < 0 || !event_for(q, index, ret_event))
      return CLK_ENQUEUE_FAILURE;
   publish(record_at(q, index));
   return CLK_SUCCESS;
}

void
kiln_retain_event(ulong e)
{
   ulong q = __kiln_implicit_device_queue();
   if (event_is_valid(q, e))
      atomic_inc(&event_at(q, e)->refcount);
}

void
kiln_release_event(ulong e)
{
   ulong q = __kiln_implicit_device_queue();
   if (event_is_valid(q, e))
      atomic_dec(&event_at(q, e)->refcount);
}

ulong
kiln_create_user_event(void)
{
   ulong q = __kiln_implicit_device_queue();
   ulong e = q ? new_event(q, KILN_DQ_EVENT_USER, KILN_DQ_CL_SUBMITTED, 0) : 0;
   /* An event that cannot be made is CLK_NULL_EVENT. */
   return e ? e : ~0ul;
}

void
kiln_set_user_event_status(ulong e, int status)
{
   ulong q = __kiln_implicit_device_queue();
   if (event_is_valid(q, e) && event_at(q, e)->kind == KILN_DQ_EVENT_USER &&
       (status == CL_COMPLETE || status < 0))
      atomic_xchg(&event_at(q, e)->status, status);
}

bool
kiln_is_valid_event(ulong e)
{
   return event_is_valid(__kiln_implicit_device_queue(), e);
}

/* The host writes the two values once the event completes; an event
 * already complete has them, so they are written at once (OpenCL C 2.0
 * §6.13.17.8 allows the capture before or after the command ran). */
void
kiln_capture_event_profiling_info(ulong e, uint name, global ulong *value)
{
   ulong q = __kiln_implicit_device_queue();
   if (!event_is_valid(q, e) || name != CLK_PROFILING_COMMAND_EXEC_TIME)
      return;
   global struct kiln_dq_event *ev = event_at(q, e);
   if (ev->kind != KILN_DQ_EVENT_COMMAND)
      return;
   if (ev->status == KILN_DQ_CL_COMPLETE) {
      value[0] = ev->exec_ns;
      value[1] = ev->complete_ns;
   } else {
      ev->profiling = (ulong)value;
   }
}
