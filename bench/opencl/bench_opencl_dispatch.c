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

double
bench_dispatch_us(struct bench_platform *p, unsigned runs, char *err, size_t err_size)
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
      uint64_t start = bench_now_ns();
      clEnqueueNDRangeKernel(p->queue, k, 1, NULL, &one, NULL, 0, NULL, NULL);
      clFinish(p->queue);
      t[i] = (bench_now_ns() - start) / 1e3;
   }
   result = bench_median(t, runs);
out:
   free(t);
   if (k)
      clReleaseKernel(k);
   clReleaseProgram(prog);
   return result;
}
