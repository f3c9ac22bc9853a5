/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * clBuildProgram's wall time for one corpus kernel. Cold: the options
 * carry a -D no build has used before (this process's id and a counter),
 * so neither an in-memory nor an on-disk cache (Rusticl's disk cache,
 * PoCL's kernel cache) can answer it. Warm: the same source and options
 * built again into a new program, the median of three, which any cache
 * may answer. Work an implementation defers to clCreateKernel or to the
 * first launch is not in either number.
 */
#include "bench_opencl.h"

#include <stdio.h>
#include <unistd.h>
#include "util/os_time.h"

static bool
build_once(struct bench_platform *p, const char *src, const char *options, double *ms, char *err,
           size_t err_size)
{
   cl_int e;
   cl_program prog = clCreateProgramWithSource(p->ctx, 1, &src, NULL, &e);
   if (!prog) {
      snprintf(err, err_size, "clCreateProgramWithSource: error %d", e);
      return false;
   }
   uint64_t start = os_time_get_nano();
   e = clBuildProgram(prog, 1, &p->device, options, NULL, NULL);
   *ms = (os_time_get_nano() - start) / 1e6;
   if (e != CL_SUCCESS) {
      char log[512] = "";
      clGetProgramBuildInfo(prog, p->device, CL_PROGRAM_BUILD_LOG, sizeof(log) - 1, log, NULL);
      snprintf(err, err_size, "clBuildProgram: error %d: %s", e, log);
   }
   clReleaseProgram(prog);
   return e == CL_SUCCESS;
}

bool
bench_build_ms(struct bench_platform *p, const char *src, double *cold, double *warm, char *err,
               size_t err_size)
{
   static unsigned counter;
   char options[128];
   snprintf(options, sizeof(options), "-DKILN_BENCH_NONCE=%ld_%u_%llu", (long)getpid(), counter++,
            (unsigned long long)os_time_get_nano());
   if (!build_once(p, src, options, cold, err, err_size))
      return false;
   double t[3];
   for (unsigned i = 0; i < 3; i++) {
      if (!build_once(p, src, options, &t[i], err, err_size))
         return false;
   }
   *warm = bench_median(t, 3);
   return true;
}
