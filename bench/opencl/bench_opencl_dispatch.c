/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The host's cost of one launch through the OpenCL API: an empty kernel
 * over one work-item, clEnqueueNDRangeKernel then clFinish, timed around
 * both. The device's execution of the empty kernel is inside the number
 * (an OpenCL application cannot separate it); bench/dispatch measures
 * kiln's submission path without it. Warmed up first, so that work an
 * implementation defers to the first launch (final code generation) is
 * not counted.
 */
#include "bench_opencl.h"

#include <stdio.h>
#include <stdlib.h>
#include "util/os_time.h"

/* The kernel's own START..END as the queue's profiling reports it, us;
 * < 0 when unavailable. */
static double
device_us(cl_event ev)
{
   cl_ulong start = 0, end = 0;
   if (clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof(start), &start, NULL) !=
          CL_SUCCESS ||
       clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof(end), &end, NULL) !=
          CL_SUCCESS ||
       end < start)
      return -1;
   return (end - start) / 1e3;
}

double
bench_dispatch_us(struct bench_platform *p, unsigned runs, double *host_us, char *err,
                  size_t err_size)
{
   static const char *src = "kernel void empty(void) { }\n";
   cl_int e;
   double result = -1;
   cl_program prog = clCreateProgramWithSource(p->ctx, 1, &src, NULL, &e);
   if (!prog || clBuildProgram(prog, 1, &p->device, "", NULL, NULL) != CL_SUCCESS) {
      snprintf(err, err_size, "building the empty kernel failed");
      if (prog)
         clReleaseProgram(prog);
      return -1;
   }
   cl_kernel k = clCreateKernel(prog, "empty", &e);
   cl_command_queue pq = NULL;
   double *t = calloc(runs, sizeof(double));
   if (!k || !t) {
      snprintf(err, err_size, "clCreateKernel(empty): error %d", e);
      goto out;
   }
   size_t one = 1;
   for (unsigned i = 0; i < runs / 10 + 10; i++) {
      if (clEnqueueNDRangeKernel(p->queue, k, 1, NULL, &one, NULL, 0, NULL, NULL) != CL_SUCCESS ||
          clFinish(p->queue) != CL_SUCCESS) {
         snprintf(err, err_size, "launching the empty kernel failed");
         goto out;
      }
   }
   for (unsigned i = 0; i < runs; i++) {
      uint64_t start = os_time_get_nano();
      clEnqueueNDRangeKernel(p->queue, k, 1, NULL, &one, NULL, 0, NULL, NULL);
      clFinish(p->queue);
      t[i] = (os_time_get_nano() - start) / 1e3;
   }
   result = bench_median(t, runs);

   /* The same on a profiling queue, less the kernel's START..END: what
    * the launch costs the host beyond the device's work. */
   *host_us = -1;
   pq = clCreateCommandQueue(p->ctx, p->device, CL_QUEUE_PROFILING_ENABLE, &e);
   for (unsigned i = 0; pq && i < runs; i++) {
      cl_event ev = NULL;
      uint64_t start = os_time_get_nano();
      clEnqueueNDRangeKernel(pq, k, 1, NULL, &one, NULL, 0, NULL, &ev);
      clFinish(pq);
      double wall = (os_time_get_nano() - start) / 1e3;
      double device = ev ? device_us(ev) : -1;
      if (ev)
         clReleaseEvent(ev);
      if (device < 0)
         goto out;
      t[i] = wall - device;
   }
   if (pq)
      *host_us = bench_median(t, runs);
out:
   if (pq)
      clReleaseCommandQueue(pq);
   free(t);
   if (k)
      clReleaseKernel(k);
   clReleaseProgram(prog);
   return result;
}
