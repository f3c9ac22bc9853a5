/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Events (OpenCL 3.0 API §5.11, §5.15): profiling times in the order the
 * specification defines, waiting, callbacks, and user events holding back
 * the commands that wait for them.
 */
#include "cl_test.h"

#include <stdatomic.h>
#include <string.h>
#include <time.h>

static void
sleep_ms(unsigned ms)
{
   struct timespec ts = { ms / 1000, (long)(ms % 1000) * 1000000 };
   nanosleep(&ts, NULL);
}

/* A kernel that adds one to every element: something to enqueue. */
static cl_kernel
increment_kernel(struct clt *t, cl_mem *buf, size_t n)
{
   cl_program p =
      clt_build(t, "kernel void inc(global int *a) { a[get_global_id(0)] += 1; }\n", "");
   cl_kernel k = p ? clt_kernel(t, p, "inc") : NULL;
   *buf = clt_buffer(t, CL_MEM_READ_WRITE, n * sizeof(cl_int), NULL);
   if (!k || !*buf)
      return NULL;
   cl_int zero = 0;
   if (clEnqueueFillBuffer(t->queue, *buf, &zero, sizeof(zero), 0, n * sizeof(cl_int), 0, NULL,
                           NULL) != CL_SUCCESS ||
       clSetKernelArg(k, 0, sizeof(*buf), buf) != CL_SUCCESS) {
      clt_fail(t, "could not set up the increment kernel");
      return NULL;
   }
   return k;
}

/* §5.15: QUEUED <= SUBMIT <= START <= END, for a kernel and a transfer. */
static bool
event_profiling_times_are_ordered(struct clt *t)
{
   size_t n = 4096;
   cl_mem b;
   cl_kernel k = increment_kernel(t, &b, n);
   if (!k)
      return false;
   cl_event ev[2];
   cl_int host[16] = { 0 };
   CLT_OK(clEnqueueNDRangeKernel(t->queue, k, 1, NULL, &n, NULL, 0, NULL, &ev[0]));
   clt_defer(t, CLT_EVENT, ev[0]);
   CLT_OK(clEnqueueWriteBuffer(t->queue, b, CL_FALSE, 0, sizeof(host), host, 0, NULL, &ev[1]));
   clt_defer(t, CLT_EVENT, ev[1]);
   CLT_OK(clWaitForEvents(2, ev));
   static const cl_profiling_info info[] = { CL_PROFILING_COMMAND_QUEUED,
                                             CL_PROFILING_COMMAND_SUBMIT,
                                             CL_PROFILING_COMMAND_START, CL_PROFILING_COMMAND_END };
   static const char *names[] = { "QUEUED", "SUBMIT", "START", "END" };
   for (unsigned e = 0; e < 2; e++) {
      cl_ulong ts[4];
      for (unsigned i = 0; i < 4; i++)
         CLT_OK(clGetEventProfilingInfo(ev[e], info[i], sizeof(ts[i]), &ts[i], NULL));
      for (unsigned i = 1; i < 4; i++)
         CLT_REQUIRE(ts[i - 1] <= ts[i], "%s: CL_PROFILING_COMMAND_%s %llu > %s %llu",
                     e ? "write" : "kernel", names[i - 1], (unsigned long long)ts[i - 1], names[i],
                     (unsigned long long)ts[i]);
   }
   return true;
}

static bool
event_info_describes_the_command(struct clt *t)
{
   size_t n = 64;
   cl_mem b;
   cl_kernel k = increment_kernel(t, &b, n);
   if (!k)
      return false;
   cl_event ev;
   CLT_OK(clEnqueueNDRangeKernel(t->queue, k, 1, NULL, &n, NULL, 0, NULL, &ev));
   clt_defer(t, CLT_EVENT, ev);
   CLT_OK(clWaitForEvents(1, &ev));
   cl_command_type type = 0;
   cl_int status = -1;
   cl_command_queue q = NULL;
   cl_context ctx = NULL;
   CLT_OK(clGetEventInfo(ev, CL_EVENT_COMMAND_TYPE, sizeof(type), &type, NULL));
   CLT_OK(clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(status), &status, NULL));
   CLT_OK(clGetEventInfo(ev, CL_EVENT_COMMAND_QUEUE, sizeof(q), &q, NULL));
   CLT_OK(clGetEventInfo(ev, CL_EVENT_CONTEXT, sizeof(ctx), &ctx, NULL));
   CLT_REQUIRE(type == CL_COMMAND_NDRANGE_KERNEL, "CL_EVENT_COMMAND_TYPE is 0x%x", type);
   CLT_REQUIRE(status == CL_COMPLETE, "CL_EVENT_COMMAND_EXECUTION_STATUS is %d after the wait",
               status);
   CLT_REQUIRE(q == t->queue && ctx == t->ctx, "the event's queue or context is not its own");
   return true;
}

/* Waiting for several events, then a marker after them (§5.12). */
static bool
event_wait_covers_every_event(struct clt *t)
{
   size_t n = 1024;
   cl_mem b;
   cl_kernel k = increment_kernel(t, &b, n);
   if (!k)
      return false;
   cl_event ev[3];
   for (unsigned i = 0; i < 3; i++) {
      CLT_OK(clEnqueueNDRangeKernel(t->queue, k, 1, NULL, &n, NULL, 0, NULL, &ev[i]));
      clt_defer(t, CLT_EVENT, ev[i]);
   }
   cl_event marker;
   CLT_OK(clEnqueueMarkerWithWaitList(t->queue, 0, NULL, &marker));
   clt_defer(t, CLT_EVENT, marker);
   CLT_OK(clWaitForEvents(1, &marker));
   for (unsigned i = 0; i < 3; i++) {
      cl_int status = -1;
      CLT_OK(
         clGetEventInfo(ev[i], CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(status), &status, NULL));
      CLT_REQUIRE(status == CL_COMPLETE,
                  "kernel %u is not complete (%d) when a marker "
                  "enqueued after it is",
                  i, status);
   }
   CLT_OK(clWaitForEvents(3, ev));
   cl_int out[4];
   CLT_OK(clEnqueueReadBuffer(t->queue, b, CL_TRUE, 0, sizeof(out), out, 0, NULL, NULL));
   CLT_REQUIRE(out[0] == 3 && out[3] == 3, "three increments gave %d", out[0]);
   return true;
}

static void CL_CALLBACK
note_complete(cl_event ev, cl_int status, void *data)
{
   atomic_store((atomic_int *)data, status == CL_COMPLETE ? 1 : 2);
}

/* §5.11: a CL_COMPLETE callback runs once the command has completed. */
static bool
event_callback_runs_on_completion(struct clt *t)
{
   size_t n = 64;
   cl_mem b;
   cl_kernel k = increment_kernel(t, &b, n);
   if (!k)
      return false;
   static atomic_int called;
   atomic_store(&called, 0);
   cl_event ev;
   CLT_OK(clEnqueueNDRangeKernel(t->queue, k, 1, NULL, &n, NULL, 0, NULL, &ev));
   clt_defer(t, CLT_EVENT, ev);
   CLT_OK(clSetEventCallback(ev, CL_COMPLETE, note_complete, &called));
   CLT_OK(clFinish(t->queue));
   /* Callbacks run asynchronously; allow them five seconds. */
   for (unsigned i = 0; i < 500 && !atomic_load(&called); i++)
      sleep_ms(10);
   CLT_REQUIRE(atomic_load(&called) == 1, "the CL_COMPLETE callback %s",
               atomic_load(&called) ? "was given another status" : "did not run within 5 s");
   return true;
}

/*
 * §5.11: a command waiting on a user event does not run until the event is
 * set to CL_COMPLETE; a user event has no profiling information.
 */
static bool
user_event_holds_back_the_enqueue(struct clt *t)
{
   size_t n = 256;
   cl_mem b;
   cl_int err;
   cl_kernel k = increment_kernel(t, &b, n);
   if (!k)
      return false;
   CLT_OK(clFinish(t->queue));
   cl_event user = clt_defer(t, CLT_EVENT, clCreateUserEvent(t->ctx, &err));
   CLT_REQUIRE(user, "clCreateUserEvent returned %s", clt_error_name(err));
   cl_int status = 0;
   CLT_OK(clGetEventInfo(user, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(status), &status, NULL));
   CLT_REQUIRE(status == CL_SUBMITTED,
               "a new user event has status %d, the spec says "
               "CL_SUBMITTED",
               status);
   cl_event run;
   CLT_OK(clEnqueueNDRangeKernel(t->queue, k, 1, NULL, &n, NULL, 1, &user, &run));
   clt_defer(t, CLT_EVENT, run);
   CLT_OK(clFlush(t->queue));
   sleep_ms(100);
   CLT_OK(clGetEventInfo(run, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(status), &status, NULL));
   CLT_REQUIRE(status > CL_RUNNING,
               "the kernel waiting on an unset user event has status %d "
               "(ran before the event completed)",
               status);
   cl_ulong ts;
   CLT_ERR(CL_PROFILING_INFO_NOT_AVAILABLE,
           clGetEventProfilingInfo(user, CL_PROFILING_COMMAND_QUEUED, sizeof(ts), &ts, NULL));
   CLT_OK(clSetUserEventStatus(user, CL_COMPLETE));
   CLT_OK(clWaitForEvents(1, &run));
   cl_int out[2];
   CLT_OK(clEnqueueReadBuffer(t->queue, b, CL_TRUE, 0, sizeof(out), out, 0, NULL, NULL));
   CLT_REQUIRE(out[0] == 1 && out[1] == 1, "after the user event completed the kernel gave %d",
               out[0]);
   return true;
}

enum { GATED_COMMANDS = 6 };

struct callback_counts {
   atomic_int calls[GATED_COMMANDS][3]; /* per command: SUBMITTED, RUNNING, COMPLETE */
   atomic_int wrong_status;
};

static const cl_int callback_types[3] = { CL_SUBMITTED, CL_RUNNING, CL_COMPLETE };

struct callback_slot {
   struct callback_counts *counts;
   unsigned command, type;
};

static void CL_CALLBACK
count_callback(cl_event ev, cl_int status, void *data)
{
   const struct callback_slot *slot = data;
   atomic_fetch_add(&slot->counts->calls[slot->command][slot->type], 1);
   if (status != callback_types[slot->type])
      atomic_fetch_add(&slot->counts->wrong_status, 1);
}

/*
 * §5.11: each callback registered on a command's event runs once, with the
 * status it was registered for, also when the commands wait for a user
 * event and for each other and complete together, whether the application
 * then waits for their events (clWaitForEvents) or for the queue
 * (clFinish); and neither wait returns before every command is complete.
 * (The OpenCL-CTS events test callbacks_simultaneous does the same with
 * larger commands.)
 */
static bool
event_callbacks_run_once_for_gated_commands(struct clt *t)
{
   size_t n = 256;
   cl_mem b;
   cl_kernel k = increment_kernel(t, &b, n);
   cl_mem other = clt_buffer(t, CL_MEM_READ_WRITE, n * sizeof(cl_int), NULL);
   if (!k || !other)
      return false;
   CLT_OK(clFinish(t->queue));
   static struct callback_counts counts;
   static struct callback_slot slots[GATED_COMMANDS][3];
   static cl_int host[256];
   for (int finish = 0; finish < 2; finish++) {
      memset(&counts, 0, sizeof(counts));
      cl_int err;
      cl_event gate = clt_defer(t, CLT_EVENT, clCreateUserEvent(t->ctx, &err));
      CLT_REQUIRE(gate, "clCreateUserEvent returned %s", clt_error_name(err));
      cl_event ev[GATED_COMMANDS];
      const cl_int seven = 7;
      for (unsigned c = 0; c < GATED_COMMANDS; c++) {
         /* Every other command waits on the one before it, the rest on the gate. */
         const cl_event *wait = c % 2 ? &ev[c - 1] : &gate;
         switch (c) {
         case 0:
            err = clEnqueueFillBuffer(t->queue, other, &seven, sizeof(seven), 0, n * sizeof(cl_int),
                                      1, wait, &ev[c]);
            break;
         case 1:
            err = clEnqueueNDRangeKernel(t->queue, k, 1, NULL, &n, NULL, 1, wait, &ev[c]);
            break;
         case 2:
            err =
               clEnqueueCopyBuffer(t->queue, other, b, 0, 0, n * sizeof(cl_int), 1, wait, &ev[c]);
            break;
         case 3:
            err = clEnqueueNDRangeKernel(t->queue, k, 1, NULL, &n, NULL, 1, wait, &ev[c]);
            break;
         case 4:
            err = clEnqueueMarkerWithWaitList(t->queue, 1, wait, &ev[c]);
            break;
         default:
            err =
               clEnqueueReadBuffer(t->queue, b, CL_FALSE, 0, sizeof(host), host, 1, wait, &ev[c]);
            break;
         }
         CLT_REQUIRE(err == CL_SUCCESS, "command %u returned %s", c, clt_error_name(err));
         clt_defer(t, CLT_EVENT, ev[c]);
         for (unsigned i = 0; i < 3; i++) {
            slots[c][i] = (struct callback_slot){ &counts, c, i };
            CLT_OK(clSetEventCallback(ev[c], callback_types[i], count_callback, &slots[c][i]));
         }
      }
      CLT_OK(clFlush(t->queue));
      CLT_OK(clSetUserEventStatus(gate, CL_COMPLETE));
      if (finish)
         CLT_OK(clFinish(t->queue));
      else
         CLT_OK(clWaitForEvents(GATED_COMMANDS, ev));
      for (unsigned c = 0; c < GATED_COMMANDS; c++) {
         cl_int status = -1;
         CLT_OK(clGetEventInfo(ev[c], CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(status), &status,
                               NULL));
         CLT_REQUIRE(status == CL_COMPLETE, "after %s, command %u has status %d",
                     finish ? "clFinish" : "clWaitForEvents", c, status);
      }
      /* Callbacks may run after the wait; allow them five seconds. */
      bool all = false;
      for (unsigned i = 0; i < 500 && !all; i++) {
         all = true;
         for (unsigned c = 0; c < GATED_COMMANDS; c++)
            for (unsigned ty = 0; ty < 3; ty++)
               all &= atomic_load(&counts.calls[c][ty]) >= 1;
         if (!all)
            sleep_ms(10);
      }
      for (unsigned c = 0; c < GATED_COMMANDS; c++)
         for (unsigned ty = 0; ty < 3; ty++)
            CLT_REQUIRE(atomic_load(&counts.calls[c][ty]) == 1,
                        "after %s, command %u's callback for status %d ran %d times",
                        finish ? "clFinish" : "clWaitForEvents", c, callback_types[ty],
                        atomic_load(&counts.calls[c][ty]));
      CLT_REQUIRE(!atomic_load(&counts.wrong_status),
                  "%d callbacks were given another status than they were registered for",
                  atomic_load(&counts.wrong_status));
      /* In order: the copy of the 7s replaced the first increment, the second added 1. */
      for (unsigned i = 0; i < n; i++)
         CLT_REQUIRE(host[i] == 8, "element %u read back as %d, not 7 + 1", i, host[i]);
   }
   return true;
}

const struct clt_check clt_event_checks[] = {
   { "event.profiling-times-are-ordered", event_profiling_times_are_ordered },
   { "event.info-describes-the-command", event_info_describes_the_command },
   { "event.wait-covers-every-event", event_wait_covers_every_event },
   { "event.callback-runs-on-completion", event_callback_runs_on_completion },
   { "event.user-event-holds-back-the-enqueue", user_event_holds_back_the_enqueue },
   { "event.callbacks-run-once-for-gated-commands", event_callbacks_run_once_for_gated_commands },
   { NULL, NULL },
};
