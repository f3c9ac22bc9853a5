/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Command order (OpenCL 3.0 API §5.1, §5.13): an in-order queue runs its
 * commands in the order they were enqueued, however the application mixes
 * clFlush, clFinish and blocking commands, from one thread or several, and
 * a command waiting on another queue's event runs after it.  The kernel
 * step x = 3x + k does not commute, so any reordering changes the result;
 * expected values come from the same steps applied on the CPU.
 */
#include "cl_test.h"

#include <pthread.h>
#include <stdlib.h>

#define ORDER_N 64

static const char step_source[] =
   "kernel void advance(global uint *a, uint k) { size_t i = get_global_id(0); a[i] = a[i] * 3u + "
   "k + (uint)i; }\n"
   "kernel void add(global uint *a, uint k) { a[get_global_id(0)] += k; }\n";

static void
cpu_step(cl_uint *a, cl_uint k)
{
   for (unsigned i = 0; i < ORDER_N; i++)
      a[i] = a[i] * 3u + k + i;
}

static cl_kernel
order_kernel(struct clt *t, const char *name, cl_mem *buf, const cl_uint *init)
{
   cl_program p = clt_build(t, step_source, "");
   cl_kernel k = p ? clt_kernel(t, p, name) : NULL;
   *buf = clt_buffer(t, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, ORDER_N * sizeof(cl_uint),
                     (void *)init);
   if (!k || !*buf)
      return NULL;
   if (clSetKernelArg(k, 0, sizeof(*buf), buf) != CL_SUCCESS) {
      clt_fail(t, "clSetKernelArg(%s, 0) failed", name);
      return NULL;
   }
   return k;
}

static bool
same_as_cpu(struct clt *t, const cl_uint *got, const cl_uint *want, const char *when)
{
   for (unsigned i = 0; i < ORDER_N; i++)
      CLT_REQUIRE(got[i] == want[i], "%s: a[%u] = %u, the CPU's steps give %u", when, i, got[i],
                  want[i]);
   return true;
}

/* One thread: every way of waiting (none, clFlush, clFinish, a blocking
 * read, clWaitForEvents) between steps, in a fixed pseudo-random mix. */
static bool
flush_and_finish_keep_order(struct clt *t)
{
   cl_uint want[ORDER_N], got[ORDER_N];
   for (unsigned i = 0; i < ORDER_N; i++)
      want[i] = i * 7u;
   cl_mem b;
   cl_kernel k = order_kernel(t, "advance", &b, want);
   if (!k)
      return false;
   size_t n = ORDER_N;
   unsigned seed = 12345;
   for (cl_uint s = 0; s < 120; s++) {
      CLT_OK(clSetKernelArg(k, 1, sizeof(s), &s));
      cl_event ev;
      CLT_OK(clEnqueueNDRangeKernel(t->queue, k, 1, NULL, &n, NULL, 0, NULL, &ev));
      cpu_step(want, s);
      seed = seed * 1103515245u + 12345u;
      switch ((seed >> 16) % 5) {
      case 0:
         break;
      case 1:
         CLT_OK(clFlush(t->queue));
         break;
      case 2:
         CLT_OK(clFinish(t->queue));
         break;
      case 3:
         CLT_OK(clEnqueueReadBuffer(t->queue, b, CL_TRUE, 0, sizeof(got), got, 0, NULL, NULL));
         if (!same_as_cpu(t, got, want, "a blocking read between steps")) {
            clReleaseEvent(ev);
            return false;
         }
         break;
      case 4:
         CLT_OK(clWaitForEvents(1, &ev));
         break;
      }
      CLT_OK(clReleaseEvent(ev));
   }
   CLT_OK(clFinish(t->queue));
   CLT_OK(clEnqueueReadBuffer(t->queue, b, CL_TRUE, 0, sizeof(got), got, 0, NULL, NULL));
   return same_as_cpu(t, got, want, "after 120 steps");
}

struct adder {
   cl_command_queue queue;
   cl_kernel kernel;
   cl_uint amount;
   unsigned rounds;
   cl_int err;
};

static void *
add_rounds(void *data)
{
   struct adder *a = data;
   size_t n = ORDER_N;
   for (unsigned r = 0; r < a->rounds && a->err == CL_SUCCESS; r++) {
      a->err = clEnqueueNDRangeKernel(a->queue, a->kernel, 1, NULL, &n, NULL, 0, NULL, NULL);
      if (a->err == CL_SUCCESS)
         a->err = r % 2 ? clFinish(a->queue) : clFlush(a->queue);
   }
   return NULL;
}

/* Two threads enqueue into one queue and flush or finish it: every
 * command runs exactly once (§5.1: the queue's commands are serialized). */
static bool
threads_share_a_queue(struct clt *t)
{
   cl_uint init[ORDER_N] = { 0 };
   cl_mem b;
   cl_kernel k1 = order_kernel(t, "add", &b, init);
   if (!k1)
      return false;
   cl_int err;
   cl_kernel k2 = clt_defer(t, CLT_KERNEL, clCloneKernel(k1, &err));
   CLT_REQUIRE(k2, "clCloneKernel returned %s", clt_error_name(err));
   struct adder adders[2] = {
      { t->queue, k1, 1, 150, CL_SUCCESS },
      { t->queue, k2, 1000, 150, CL_SUCCESS },
   };
   for (unsigned i = 0; i < 2; i++)
      CLT_OK(clSetKernelArg(adders[i].kernel, 1, sizeof(cl_uint), &adders[i].amount));
   pthread_t threads[2];
   for (unsigned i = 0; i < 2; i++)
      CLT_REQUIRE(!pthread_create(&threads[i], NULL, add_rounds, &adders[i]),
                  "pthread_create failed");
   for (unsigned i = 0; i < 2; i++)
      pthread_join(threads[i], NULL);
   for (unsigned i = 0; i < 2; i++)
      CLT_REQUIRE(adders[i].err == CL_SUCCESS, "thread %u: an enqueue or finish returned %s", i,
                  clt_error_name(adders[i].err));
   CLT_OK(clFinish(t->queue));
   cl_uint got[ORDER_N];
   CLT_OK(clEnqueueReadBuffer(t->queue, b, CL_TRUE, 0, sizeof(got), got, 0, NULL, NULL));
   for (unsigned i = 0; i < ORDER_N; i++)
      CLT_REQUIRE(got[i] == 150u * 1 + 150u * 1000,
                  "a[%u] = %u after 150 adds of 1 and 150 of 1000 from two threads", i, got[i]);
   return true;
}

/* §5.13: a command waiting on another queue's event runs after it, even
 * when that queue was never flushed; clFinish on the waiting queue
 * flushes the other implicitly. */
static bool
finish_waits_for_another_queue(struct clt *t)
{
   cl_uint want[ORDER_N], got[ORDER_N];
   for (unsigned i = 0; i < ORDER_N; i++)
      want[i] = i;
   cl_mem b;
   cl_kernel k1 = order_kernel(t, "advance", &b, want);
   if (!k1)
      return false;
   cl_int err;
   cl_kernel k2 = clt_defer(t, CLT_KERNEL, clCloneKernel(k1, &err));
   CLT_REQUIRE(k2, "clCloneKernel returned %s", clt_error_name(err));
   cl_command_queue other =
      clt_defer(t, CLT_QUEUE, clCreateCommandQueueWithProperties(t->ctx, t->device, NULL, &err));
   CLT_REQUIRE(other, "clCreateCommandQueueWithProperties returned %s", clt_error_name(err));
   size_t n = ORDER_N;
   for (cl_uint s = 0; s < 10; s++) {
      cl_uint k_first = 2 * s + 1, k_second = 2 * s + 2;
      CLT_OK(clSetKernelArg(k1, 1, sizeof(cl_uint), &k_first));
      CLT_OK(clSetKernelArg(k2, 1, sizeof(cl_uint), &k_second));
      cl_event first;
      CLT_OK(clEnqueueNDRangeKernel(other, k1, 1, NULL, &n, NULL, 0, NULL, &first));
      clt_defer(t, CLT_EVENT, first);
      CLT_OK(clEnqueueNDRangeKernel(t->queue, k2, 1, NULL, &n, NULL, 1, &first, NULL));
      CLT_OK(clFinish(t->queue));
      cpu_step(want, k_first);
      cpu_step(want, k_second);
      cl_int status = -1;
      CLT_OK(
         clGetEventInfo(first, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(status), &status, NULL));
      CLT_REQUIRE(status == CL_COMPLETE,
                  "the other queue's command is %d once a command waiting for it finished", status);
   }
   CLT_OK(clEnqueueReadBuffer(t->queue, b, CL_TRUE, 0, sizeof(got), got, 0, NULL, NULL));
   return same_as_cpu(t, got, want, "after 10 pairs of steps on two queues");
}

const struct clt_check clt_ordering_checks[] = {
   { "queue.flush-and-finish-keep-order", flush_and_finish_keep_order },
   { "queue.threads-share-a-queue", threads_share_a_queue },
   { "queue.finish-waits-for-another-queue", finish_waits_for_another_queue },
   { NULL, NULL },
};
