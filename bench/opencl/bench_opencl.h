/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * What the parts of bench_opencl share: the platforms compared, where
 * their ICDs are, and the small timing helpers. Each measurement lives in
 * its own file and fills one row group of the table bench_opencl.c prints.
 */
#ifndef BENCH_OPENCL_H
#define BENCH_OPENCL_H

#define CL_TARGET_OPENCL_VERSION 300
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include <CL/cl.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define BENCH_MAX_ICDS      16
#define BENCH_MAX_PLATFORMS 8

/* One ICD library and a vendors directory that names only it. */
struct bench_icd {
   char library[4096];
   char vendors_dir[4096];
   char platform[256]; /* the platform it offers, from clinfo -l; "" if unknown */
};

struct bench_platform {
   char name[256];
   cl_platform_id id;
   cl_device_id device;
   cl_context ctx;
   cl_command_queue queue;
   const struct bench_icd *icd; /* NULL when no single ICD is known to give it */
};

double bench_median(double *v, unsigned n);

/*
 * Vendors directories: one per ICD (each *.icd of /etc/OpenCL/vendors
 * and the libraries given), and one naming them all for this process.
 * Returns the number of ICDs, or -1.
 */
int bench_icds_setup(const char *const *extra, unsigned num_extra, struct bench_icd *icds,
                     char *all_dir, size_t all_dir_size);
void bench_icds_cleanup(struct bench_icd *icds, unsigned n, const char *all_dir);

/* clinfo -l's start-up with only icd's vendors directory: median ms, or < 0. */
double bench_clinfo_ms(struct bench_icd *icd, unsigned runs);

/* clBuildProgram wall time in ms for src: cold (a never-seen -D) and warm (again). */
bool bench_build_ms(struct bench_platform *p, const char *src, double *cold, double *warm,
                    char *err, size_t err_size);

/* Host time of clEnqueueNDRangeKernel + clFinish of an empty kernel:
 * median us; *host_us, the same less the kernel's profiled START..END
 * (-1 when the platform does not profile it). */
double bench_dispatch_us(struct bench_platform *p, unsigned runs, double *host_us, char *err,
                         size_t err_size);

#endif
