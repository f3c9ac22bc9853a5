/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The device queue of device-side enqueue (OpenCL C 2.0 §6.13.17): the
 * memory through which kernels running on the GPU hand launches to the
 * host's drain loop.  Three parties share it: kiln's device library
 * (shaders/kiln_device_queue.cl, OpenCL C) writes records and events, the
 * submission layer (drivers/amdgpu/kiln_amdgpu_device_queue.c) reads them
 * after each round of dispatches and completes them, and the launcher
 * creates the buffer.  This header is therefore both C and OpenCL C: plain
 * 32- and 64-bit fields, every one naturally aligned, so that both
 * languages lay the structs out alike.
 *
 * The queue is one buffer: a header, then record_capacity records, then
 * event_capacity events, then a heap of heap_capacity bytes (block
 * literals and wait lists), at the byte offsets the header gives.  The
 * device reserves records, events and heap bytes by atomically adding to
 * the header's counts; a count past the capacity means the reservation
 * failed (enqueue_kernel returns CLK_ENQUEUE_FAILURE) and is never
 * undone, so the host reads min(count, capacity).
 *
 * A record's life: the device writes it and publishes it QUEUED; the host
 * dispatches a QUEUED kernel record once every event it waits for is
 * complete (RUNNING), sees it EXECUTED after the round's dispatches ended,
 * and COMPLETE once every record it enqueued is complete (OpenCL C 2.0
 * §6.13.17: a parent is not complete before its children).  A marker
 * record completes as soon as its wait list is complete.  A record left
 * FREE was reserved and abandoned (its enqueue failed).  The states are
 * kept in memory so that a scheduler kernel can later take the host's
 * place.
 *
 * Event handles (clk_event_t) are an event's index + 1: 0 and the all-ones
 * CLK_NULL_EVENT are never valid.  queue_t is the queue's GPU address.
 */
#ifndef KILN_DEVICE_QUEUE_ABI_H
#define KILN_DEVICE_QUEUE_ABI_H

#ifdef __OPENCL_C_VERSION__
typedef uint kiln_u32;
typedef int kiln_i32;
typedef ulong kiln_u64;
#else
#include <stdint.h>
typedef uint32_t kiln_u32;
typedef int32_t kiln_i32;
typedef uint64_t kiln_u64;
#endif

/* Block invoke kernels take at most this many __local pointer arguments
 * (the sizes enqueue_kernel passes after the block). */
#define KILN_DQ_MAX_LOCAL_ARGS 4

/* The capacities of the queues kiln makes (`kiln run`'s, one a program;
 * the ICD's, one a pipe context).  A record stays until the drain ends:
 * a parent completes only after its children, so a tree's records are
 * all live at once, and the OpenCL-CTS's device_execution trees have up
 * to 5440 (enqueue_nested_blocks_all_eq: 64 work-items, 4 children each,
 * 4 levels). */
#define KILN_DQ_QUEUE_RECORDS    8192
#define KILN_DQ_QUEUE_EVENTS     4096
#define KILN_DQ_QUEUE_HEAP_BYTES (2 * 1024 * 1024)

enum kiln_dq_record_state {
   KILN_DQ_FREE = 0,
   KILN_DQ_QUEUED = 1,
   KILN_DQ_RUNNING = 2,
   KILN_DQ_EXECUTED = 3,
   KILN_DQ_COMPLETE = 4,
};

enum kiln_dq_record_kind {
   KILN_DQ_KERNEL = 0,
   KILN_DQ_MARKER = 1,
};

enum kiln_dq_event_kind {
   KILN_DQ_EVENT_COMMAND = 0, /* completes with its record */
   KILN_DQ_EVENT_USER = 1,    /* set by set_user_event_status */
};

/* OpenCL's execution states, which event status holds. */
#define KILN_DQ_CL_COMPLETE  0
#define KILN_DQ_CL_RUNNING   1
#define KILN_DQ_CL_SUBMITTED 2
#define KILN_DQ_CL_QUEUED    3

struct kiln_dq_header {
   kiln_u32 num_records; /* reserved so far; may pass the capacity */
   kiln_u32 record_capacity;
   kiln_u32 num_events;
   kiln_u32 event_capacity;
   kiln_u32 heap_used; /* bytes */
   kiln_u32 heap_capacity;
   kiln_u32 records_offset; /* bytes from the queue's start */
   kiln_u32 events_offset;
   kiln_u32 heap_offset;
   kiln_u32 pad[7];
};

struct kiln_dq_record {
   kiln_u32 state;        /* enum kiln_dq_record_state */
   kiln_u32 kind;         /* enum kiln_dq_record_kind */
   kiln_u32 flags;        /* kernel_enqueue_flags_t */
   kiln_u32 kernel_index; /* the block's invoke kernel, in the program */
   kiln_u32 parent;       /* the enqueuing record + 1; 0: the host's launch */
   kiln_u32 event;        /* the event completing with it + 1, or 0 */
   kiln_u32 work_dim;
   kiln_u32 num_waits;
   kiln_u32 wait_offset;    /* heap offset of num_waits event handles */
   kiln_u32 literal_offset; /* heap offset of the copy of the block literal */
   kiln_u32 literal_size;
   kiln_u32 num_local_args;
   kiln_u32 local_arg_size[KILN_DQ_MAX_LOCAL_ARGS];
   kiln_u32 global_offset[3];
   kiln_u32 global_size[3];
   kiln_u32 local_size[3]; /* the device library chooses it when the
                              ndrange gives none; 0s let the driver */
   kiln_u32 round;         /* the drain round that dispatched it */
   kiln_u32 pad[6];
};

struct kiln_dq_event {
   kiln_i32 status; /* KILN_DQ_CL_*, or a user event's error */
   kiln_u32 refcount;
   kiln_u32 kind;      /* enum kiln_dq_event_kind */
   kiln_u32 record;    /* a command event's record + 1 */
   kiln_u64 profiling; /* capture_event_profiling_info's address, or 0 */
   /* CLK_PROFILING_COMMAND_EXEC_TIME's two values, in nanoseconds, which
    * the host writes when a command event completes, so that a capture
    * asked for after that reads them at once. */
   kiln_u64 exec_ns;
   kiln_u64 complete_ns;
};

#endif
