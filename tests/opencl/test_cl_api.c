/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * test_cl_api: OpenCL API checks against any platform the ICD loader
 * offers, chosen by name, so that kiln's ICD is held to the same rules as
 * PoCL and Mesa's Rusticl. Prints PASS or FAIL with a reason for each named
 * check and ends with "N passed, N failed"; exits non-zero if any failed.
 *
 *   test_cl_api [--platform NAME] [--filter REGEX] [--list]
 *
 * NAME is matched as a substring of CL_PLATFORM_NAME, in any case; with one
 * platform present it may be left out. REGEX selects checks by name.
 *
 * A peer's failure listed in known_deviations is printed as KNOWN with the
 * cause and does not fail the run: the check stays as strict as the
 * specification, and the list says where a peer departs from it.
 */
#include "cl_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const struct clt_check *const check_lists[] = {
   clt_platform_checks, clt_queue_checks,  clt_buffer_checks, clt_image_checks,
   clt_program_checks,  clt_kernel_checks, clt_run_checks,    clt_event_checks,
   clt_ordering_checks, clt_error_checks,
};

/*
 * Where a peer implementation departs from the specification, found by
 * these checks.  kiln's platform is Rusticl too: its entries are the Rusticl
 * deviations its Mesa patches do not mend yet (the others are mended).
 */
static const struct {
   const char *platform; /* substring of CL_PLATFORM_NAME, any case */
   const char *check;
   const char *cause;
} known_deviations[] = {
   { "Portable Computing Language", "error.set-kernel-arg-rejects-a-non-object",
     "PoCL 3.1 does not validate the cl_mem handle given to clSetKernelArg" },
   { "Portable Computing Language", "device.c-features-agree-with-their-queries",
     "PoCL 3.1 reports CL_DEVICE_ATOMIC_SCOPE_ALL_DEVICES but does not offer "
     "__opencl_c_atomic_scope_all_devices" },
   { "rusticl", "buffer.sub-buffer-misaligned-origin-is-refused",
     "Rusticl (Mesa 25.0.7) does not check the origin's alignment (a TODO in api/memory.rs)" },
   { "rusticl", "program.compiles-and-links-separately",
     "Rusticl (Mesa 25.0.7, LLVM 15) compiles a module without kernels to SPIR-V 1.4 and one "
     "with kernels to 1.0, and the SPIR-V linker refuses to link the two" },
   { "rusticl", "error.build-rejects-unknown-options",
     "Rusticl (Mesa 25.0.7) returns CL_BUILD_PROGRAM_FAILURE for options clang rejects" },
   { "rusticl", "error.ndrange-rejects-an-oversized-work-group",
     "Rusticl (Mesa 25.0.7) multiplies the work-group size up from 0 in clEnqueueNDRangeKernel, "
     "so the CL_KERNEL_WORK_GROUP_SIZE limit is never enforced" },
   { "Portable Computing Language", "queue.on-device-default-needs-on-device",
     "PoCL 3.1 creates a host queue for CL_QUEUE_ON_DEVICE_DEFAULT without CL_QUEUE_ON_DEVICE" },
   { "Portable Computing Language", "error.device-type-zero-is-invalid",
     "PoCL 3.1 answers a device_type of 0 with CL_DEVICE_NOT_FOUND" },
   { "Portable Computing Language", "error.image-and-sampler-arguments",
     "PoCL 3.1 answers a NULL sampler_t argument with CL_INVALID_ARG_VALUE" },
   { "Portable Computing Language", "launch.required-size-is-used-and-suggested",
     "PoCL 3.1 refuses a NULL local_work_size for a kernel with a reqd_work_group_size "
     "(CL_INVALID_WORK_GROUP_SIZE)" },
   { "Portable Computing Language", "image.fill-converts-the-colour",
     "PoCL 3.1 converts clEnqueueFillImage's float colour to CL_UNORM_INT8 rounding toward "
     "zero (0.25 gives 63, not convert_uchar_sat_rte(63.75) = 64)" },
   { "Portable Computing Language", "image.support-is-reported",
     "PoCL 3.1 reports 2D images up to 8192x8192, OpenCL 1.2's minimum, below the 16384 "
     "OpenCL 2.0 and later ask of a full-profile device with images" },
   { "kiln", "image.copy-to-buffer-offset-is-bytes",
     "kiln's Rusticl (Mesa 25.0.7) scales clEnqueueCopyImageToBuffer's dst_offset by the pixel "
     "size (core/memory.rs copy_to_buffer takes it as an x origin with a pitch of one pixel)" },
};

static bool
contains_ignore_case(const char *haystack, const char *needle)
{
   size_t n = strlen(needle);
   for (; *haystack; haystack++) {
      if (!strncasecmp(haystack, needle, n))
         return true;
   }
   return n == 0;
}

static const char *
known_deviation(const char *platform, const char *check)
{
   for (unsigned i = 0; i < CLT_ARRAY_SIZE(known_deviations); i++) {
      if (!strcmp(known_deviations[i].check, check) &&
          contains_ignore_case(platform, known_deviations[i].platform))
         return known_deviations[i].cause;
   }
   return NULL;
}

static cl_platform_id
find_platform(const char *want)
{
   cl_uint n = 0;
   if (clGetPlatformIDs(0, NULL, &n) != CL_SUCCESS || n == 0) {
      fprintf(stderr,
              "test_cl_api: the ICD loader finds no OpenCL platform "
              "(OCL_ICD_VENDORS=%s)\n",
              getenv("OCL_ICD_VENDORS") ?: "unset");
      return NULL;
   }
   cl_platform_id *ids = calloc(n, sizeof(*ids));
   clGetPlatformIDs(n, ids, NULL);
   cl_platform_id found = NULL;
   unsigned matches = 0;
   for (cl_uint i = 0; i < n; i++) {
      char name[256] = "";
      clGetPlatformInfo(ids[i], CL_PLATFORM_NAME, sizeof(name), name, NULL);
      if (!want || contains_ignore_case(name, want)) {
         if (!found)
            found = ids[i];
         matches++;
      }
   }
   if (!found || (!want && matches > 1)) {
      fprintf(stderr, "test_cl_api: %s; the platforms are:\n",
              want ? "no platform's name contains the one given" : "name a platform (--platform)");
      for (cl_uint i = 0; i < n; i++) {
         char name[256] = "";
         clGetPlatformInfo(ids[i], CL_PLATFORM_NAME, sizeof(name), name, NULL);
         fprintf(stderr, "  %s\n", name);
      }
      found = NULL;
   }
   free(ids);
   return found;
}

/* The device, context and profiling queue every check shares. */
static bool
open_platform(struct clt *t, cl_platform_id platform)
{
   cl_int err;
   t->platform = platform;
   err = clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &t->device, NULL);
   if (err != CL_SUCCESS) {
      fprintf(stderr, "test_cl_api: clGetDeviceIDs returned %s\n", clt_error_name(err));
      return false;
   }
   char version[256] = "";
   int major = 0, minor = 0;
   clGetDeviceInfo(t->device, CL_DEVICE_VERSION, sizeof(version), version, NULL);
   sscanf(version, "OpenCL %d.%d", &major, &minor);
   t->version = major * 10 + minor;

   t->ctx = clCreateContext(NULL, 1, &t->device, NULL, NULL, &err);
   if (!t->ctx) {
      fprintf(stderr, "test_cl_api: clCreateContext returned %s\n", clt_error_name(err));
      return false;
   }
   t->queue = clCreateCommandQueue(t->ctx, t->device, CL_QUEUE_PROFILING_ENABLE, &err);
   if (!t->queue) {
      fprintf(stderr, "test_cl_api: clCreateCommandQueue(PROFILING) returned %s\n",
              clt_error_name(err));
      return false;
   }
   return true;
}

int
main(int argc, char **argv)
{
   const char *platform_name = NULL, *filter = NULL;
   bool list = false;
   for (int i = 1; i < argc; i++) {
      if (!strcmp(argv[i], "--platform") && i + 1 < argc)
         platform_name = argv[++i];
      else if (!strcmp(argv[i], "--filter") && i + 1 < argc)
         filter = argv[++i];
      else if (!strcmp(argv[i], "--list"))
         list = true;
      else {
         fprintf(stderr, "usage: %s [--platform NAME] [--filter REGEX] [--list]\n", argv[0]);
         return 2;
      }
   }

   if (list) {
      for (unsigned l = 0; l < CLT_ARRAY_SIZE(check_lists); l++)
         for (const struct clt_check *c = check_lists[l]; c->name; c++)
            printf("%s\n", c->name);
      return 0;
   }

   static struct clt t;
   cl_platform_id platform = find_platform(platform_name);
   if (!platform || !open_platform(&t, platform))
      return 1;
   char name[256] = "", device[256] = "", version[256] = "";
   clGetPlatformInfo(platform, CL_PLATFORM_NAME, sizeof(name), name, NULL);
   clGetDeviceInfo(t.device, CL_DEVICE_NAME, sizeof(device), device, NULL);
   clGetDeviceInfo(t.device, CL_DEVICE_VERSION, sizeof(version), version, NULL);
   printf("platform: %s\ndevice:   %s (%s)\n", name, device, version);
   fflush(stdout);

   unsigned passed = 0, failed = 0, known = 0;
   for (unsigned l = 0; l < CLT_ARRAY_SIZE(check_lists); l++) {
      for (const struct clt_check *c = check_lists[l]; c->name; c++) {
         if (filter && !clt_matches(c->name, filter))
            continue;
         t.reason[0] = '\0';
         bool ok = c->run(&t);
         clt_release_deferred(&t);
         const char *deviation = known_deviation(name, c->name);
         if (ok) {
            printf("PASS %s%s\n", c->name,
                   deviation ? " (listed as a known deviation: remove the entry)" : "");
            passed++;
         } else if (deviation) {
            printf("KNOWN %s: %s [%s]\n", c->name, t.reason, deviation);
            known++;
         } else {
            printf("FAIL %s: %s\n", c->name, t.reason[0] ? t.reason : "(no reason given)");
            failed++;
         }
         fflush(stdout);
      }
   }

   clReleaseCommandQueue(t.queue);
   clReleaseContext(t.ctx);
   printf("%u passed, %u failed", passed, failed);
   if (known)
      printf(" (and %u known deviations of this platform from the specification)", known);
   printf("\n");
   return failed ? 1 : 0;
}
