/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * bench_opencl: OpenCL implementations side by side through the ICD
 * loader, as an application meets them: clBuildProgram's time on a handful
 * of corpus kernels (cold and warm), the host cost of one launch, and
 * clinfo's start-up with only that implementation's ICD. Prints one table,
 * a column per platform.
 *
 *   bench_opencl [--icd LIBRARY]... [--kernels DIR] [--runs N] [--clinfo-runs N] [PLATFORM...]
 *
 * --icd adds an ICD library by path (kiln's libKilnOpenCL.so) to the
 * system's. PLATFORM is a substring of CL_PLATFORM_NAME in any case;
 * without one, every platform the loader then offers is compared (PoCL,
 * and kiln when its library is given). Mesa's Rusticl needs
 * RUSTICL_ENABLE=llvmpipe in the environment to offer a device; kiln's
 * library, Rusticl too, reads the same variable, so with both in one
 * process it must name both: RUSTICL_ENABLE=llvmpipe,kiln.
 */
#include "bench_opencl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "util/os_file.h"

#define COLUMN 27 /* "Portable Computing Language" */

/* Corpus kernels that build without -D options, small to large. */
static const char *const kernels[] = {
   "sample/vadd.cl",  "apps/saxpy.cl",  "apps/histogram.cl",  "apps/prefix_sum.cl",
   "apps/bitonic.cl", "apps/matmul.cl", "local/transpose.cl", "convert/vconvert.cl",
};

static int
cmp_double(const void *a, const void *b)
{
   double x = *(const double *)a, y = *(const double *)b;
   return (x > y) - (x < y);
}

double
bench_median(double *v, unsigned n)
{
   qsort(v, n, sizeof(double), cmp_double);
   return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static bool
contains_ignore_case(const char *haystack, const char *needle)
{
   for (size_t n = strlen(needle); *haystack; haystack++)
      if (!strncasecmp(haystack, needle, n))
         return true;
   return false;
}

/* The platforms to compare, each with its first device, a context and a queue. */
static unsigned
open_platforms(const char *const *wanted, unsigned num_wanted, struct bench_icd *icds,
               unsigned num_icds, struct bench_platform *out)
{
   cl_platform_id ids[BENCH_MAX_PLATFORMS];
   cl_uint n = 0;
   if (clGetPlatformIDs(BENCH_MAX_PLATFORMS, ids, &n) != CL_SUCCESS)
      return 0;
   unsigned count = 0;
   for (cl_uint i = 0; i < n && i < BENCH_MAX_PLATFORMS; i++) {
      struct bench_platform *p = &out[count];
      memset(p, 0, sizeof(*p));
      p->id = ids[i];
      clGetPlatformInfo(ids[i], CL_PLATFORM_NAME, sizeof(p->name), p->name, NULL);
      bool want = num_wanted == 0;
      for (unsigned w = 0; w < num_wanted; w++)
         want |= contains_ignore_case(p->name, wanted[w]);
      if (!want)
         continue;
      cl_int err;
      if (clGetDeviceIDs(ids[i], CL_DEVICE_TYPE_ALL, 1, &p->device, NULL) != CL_SUCCESS) {
         fprintf(stderr, "bench_opencl: %s offers no device (Rusticl: set RUSTICL_ENABLE)\n",
                 p->name);
         continue;
      }
      p->ctx = clCreateContext(NULL, 1, &p->device, NULL, NULL, &err);
      p->queue = p->ctx ? clCreateCommandQueue(p->ctx, p->device, 0, &err) : NULL;
      if (!p->queue) {
         fprintf(stderr, "bench_opencl: %s: no context or queue (error %d)\n", p->name, err);
         continue;
      }
      for (unsigned k = 0; k < num_icds; k++)
         if (!strcmp(icds[k].platform, p->name))
            p->icd = &icds[k];
      count++;
   }
   return count;
}

static void
print_row(const char *label, const double *v, unsigned n, const char *fmt)
{
   printf("| %-44s |", label);
   for (unsigned i = 0; i < n; i++) {
      if (v[i] < 0)
         printf(" %*s |", COLUMN, "n/a");
      else
         printf(fmt, COLUMN, v[i]);
   }
   printf("\n");
}

static void
print_section(const char *title, unsigned n)
{
   printf("| **%s**%*s |", title, (int)(40 - strlen(title)), "");
   for (unsigned i = 0; i < n; i++)
      printf(" %*s |", COLUMN, "");
   printf("\n");
}

int
main(int argc, char **argv)
{
   const char *extra[BENCH_MAX_ICDS], *wanted[BENCH_MAX_PLATFORMS];
   unsigned num_extra = 0, num_wanted = 0, runs = 1000, clinfo_runs = 10;
   const char *kernels_dir = "tests/kernels";
   for (int i = 1; i < argc; i++) {
      if (!strcmp(argv[i], "--icd") && i + 1 < argc && num_extra < BENCH_MAX_ICDS)
         extra[num_extra++] = argv[++i];
      else if (!strcmp(argv[i], "--kernels") && i + 1 < argc)
         kernels_dir = argv[++i];
      else if (!strcmp(argv[i], "--runs") && i + 1 < argc)
         runs = (unsigned)atoi(argv[++i]);
      else if (!strcmp(argv[i], "--clinfo-runs") && i + 1 < argc)
         clinfo_runs = (unsigned)atoi(argv[++i]);
      else if (argv[i][0] != '-' && num_wanted < BENCH_MAX_PLATFORMS)
         wanted[num_wanted++] = argv[i];
      else {
         fprintf(stderr,
                 "usage: %s [--icd LIBRARY]... [--kernels DIR] [--runs N] "
                 "[--clinfo-runs N] [PLATFORM...]\n",
                 argv[0]);
         return 2;
      }
   }
   if (runs == 0 || clinfo_runs == 0)
      runs = clinfo_runs = 1;

   static struct bench_icd icds[BENCH_MAX_ICDS];
   char all_dir[4096];
   int num_icds = bench_icds_setup(extra, num_extra, icds, all_dir, sizeof(all_dir));
   if (num_icds < 0)
      return 1;
   /* Before the first OpenCL call: the loader reads it once. */
   setenv("OCL_ICD_VENDORS", all_dir, 1);

   /* clinfo first: it also says which ICD gives which platform. */
   double clinfo_ms[BENCH_MAX_ICDS];
   for (int i = 0; i < num_icds; i++)
      clinfo_ms[i] = bench_clinfo_ms(&icds[i], clinfo_runs);

   struct bench_platform plats[BENCH_MAX_PLATFORMS];
   unsigned n = open_platforms(wanted, num_wanted, icds, (unsigned)num_icds, plats);
   if (n == 0) {
      fprintf(stderr, "bench_opencl: no platform to compare\n");
      bench_icds_cleanup(icds, (unsigned)num_icds, all_dir);
      return 1;
   }

   printf("OpenCL through the ICD loader: %u platform(s)\n\n", n);
   printf("| %-44s |", "measure");
   for (unsigned i = 0; i < n; i++)
      printf(" %*.*s |", COLUMN, COLUMN, plats[i].name);
   printf("\n|%s|", "----------------------------------------------");
   for (unsigned i = 0; i < n; i++)
      printf("%.*s|", COLUMN + 2, "--------------------------------------------------");
   printf("\n");

   double v[BENCH_MAX_PLATFORMS], warm[sizeof(kernels) / sizeof(kernels[0])][BENCH_MAX_PLATFORMS];
   int failed = 0;
   print_section("clBuildProgram cold, ms (a new -D)", n);
   /* The first build pays for the compiler's start-up; it gets a row of its own. */
   for (unsigned i = 0; i < n; i++) {
      char err[512];
      double unused;
      if (!bench_build_ms(&plats[i], "kernel void first(global int *a) { a[0] = 0; }\n", &v[i],
                          &unused, err, sizeof(err)))
         v[i] = -1;
   }
   print_row("first build in the process (start-up)", v, n, " %*.1f |");
   for (unsigned k = 0; k < sizeof(kernels) / sizeof(kernels[0]); k++) {
      char path[4096];
      snprintf(path, sizeof(path), "%s/%s", kernels_dir, kernels[k]);
      char *src = os_read_file(path, NULL);
      if (!src) {
         fprintf(stderr, "bench_opencl: cannot read %s (--kernels DIR)\n", path);
         failed = 1;
         break;
      }
      for (unsigned i = 0; i < n; i++) {
         char err[512];
         if (!bench_build_ms(&plats[i], src, &v[i], &warm[k][i], err, sizeof(err))) {
            fprintf(stderr, "bench_opencl: %s: %s: %s\n", plats[i].name, kernels[k], err);
            v[i] = warm[k][i] = -1;
         }
      }
      free(src);
      print_row(kernels[k], v, n, " %*.1f |");
   }
   print_section("clBuildProgram warm, ms (the same again)", n);
   for (unsigned k = 0; k < sizeof(kernels) / sizeof(kernels[0]) && !failed; k++)
      print_row(kernels[k], warm[k], n, " %*.1f |");

   print_section("launch, us (median)", n);
   double host[BENCH_MAX_PLATFORMS];
   for (unsigned i = 0; i < n; i++) {
      char err[512];
      v[i] = bench_dispatch_us(&plats[i], runs, &host[i], err, sizeof(err));
      if (v[i] < 0)
         fprintf(stderr, "bench_opencl: %s: %s\n", plats[i].name, err);
   }
   print_row("enqueue + clFinish, empty kernel, 1 item *", v, n, " %*.1f |");
   print_row("the same less the kernel's START..END **", host, n, " %*.1f |");

   print_section("clinfo -l start-up, ms (median)", n);
   for (unsigned i = 0; i < n; i++)
      v[i] = plats[i].icd ? clinfo_ms[plats[i].icd - icds] : -1;
   print_row("only this platform's ICD", v, n, " %*.1f |");

   printf("\n* includes the device's execution of the empty kernel, as an application sees it; "
          "median of %u after a warm-up.\n",
          runs);
   printf("** host cost beyond the device's work: the wall time on a profiling queue less "
          "the kernel's CL_PROFILING_COMMAND_START..END.\n");
   printf("Cold builds carry a -D no earlier build used, so no cache answers them; warm builds "
          "are the median of three repeats.\nBoth stop at clBuildProgram: code generation an "
          "implementation defers to the first launch is in neither.\n");
   printf("clinfo: median of %u runs of `clinfo -l` with OCL_ICD_VENDORS naming only the "
          "platform's ICD.\n",
          clinfo_runs);

   for (unsigned i = 0; i < n; i++) {
      clReleaseCommandQueue(plats[i].queue);
      clReleaseContext(plats[i].ctx);
   }
   bench_icds_cleanup(icds, (unsigned)num_icds, all_dir);
   return failed;
}
