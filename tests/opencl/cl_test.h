/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The harness of test_cl_api: named checks against one OpenCL platform
 * reached through the ICD loader. A check is a function that returns true,
 * or false with a reason (clt_fail); the harness prints PASS or FAIL with
 * it and releases the OpenCL objects the check made through the helpers
 * here, so a failing check leaves nothing behind for the next one.
 *
 * Expected values come from the OpenCL 3.0 specification (section numbers
 * in the checks) or from the same computation on the CPU, never from an
 * implementation's output.
 */
#ifndef CL_TEST_H
#define CL_TEST_H

#define CL_TARGET_OPENCL_VERSION 300
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include <CL/cl.h>
#include <stdbool.h>
#include <stddef.h>

#define CLT_MAX_DEFERRED 64

enum clt_kind {
   CLT_MEM,
   CLT_PROGRAM,
   CLT_KERNEL,
   CLT_EVENT,
   CLT_QUEUE,
   CLT_CONTEXT,
   CLT_HOST, /* free() */
};

struct clt {
   cl_platform_id platform;
   cl_device_id device;
   cl_context ctx;
   cl_command_queue queue; /* in order, profiling enabled */
   unsigned version;       /* CL_DEVICE_VERSION as major * 10 + minor */
   char reason[2048];
   struct {
      enum clt_kind kind;
      void *obj;
   } deferred[CLT_MAX_DEFERRED];
   unsigned num_deferred;
};

struct clt_check {
   const char *name; /* says the rule: "buffer.fill-matches-cpu-fill" */
   bool (*run)(struct clt *t);
};

/* Each file's checks, in the order they run; a NULL name ends a list. */
extern const struct clt_check clt_platform_checks[];
extern const struct clt_check clt_queue_checks[];
extern const struct clt_check clt_buffer_checks[];
extern const struct clt_check clt_image_checks[];
extern const struct clt_check clt_program_checks[];
extern const struct clt_check clt_kernel_checks[];
extern const struct clt_check clt_run_checks[];
extern const struct clt_check clt_event_checks[];
extern const struct clt_check clt_ordering_checks[];
extern const struct clt_check clt_error_checks[];

/* Records why the check failed (printf format); returns false. */
bool clt_fail(struct clt *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

const char *clt_error_name(cl_int err);

/* Releases obj after the check, whatever its result. Returns obj. */
void *clt_defer(struct clt *t, enum clt_kind kind, void *obj);

/* Releases what clt_defer collected (the harness, after each check). */
void clt_release_deferred(struct clt *t);

/* Builds src for the device; NULL (and the build log as the reason) on failure. */
cl_program clt_build(struct clt *t, const char *src, const char *options);
/* A program of the SPIR-V module that spirv-as would assemble from the
 * text assembly for the SPIR-V version 1.major.minor (SPIRV-Tools'
 * assembler), not built; NULL (the reason set) on failure. */
cl_program clt_program_with_spirv(struct clt *t, unsigned minor, const char *assembly);
cl_kernel clt_kernel(struct clt *t, cl_program program, const char *name);
cl_mem clt_buffer(struct clt *t, cl_mem_flags flags, size_t size, void *host_ptr);

/* A device or platform string query into buf; false (reason set) on error. */
bool clt_device_string(struct clt *t, cl_device_info param, char *buf, size_t size);
bool clt_platform_string(struct clt *t, cl_platform_info param, char *buf, size_t size);

/* True when s matches the POSIX extended regular expression re. */
bool clt_matches(const char *s, const char *re);

/* Deterministic bytes for buffers: the same seed gives the same data. */
void clt_fill_random(void *p, size_t size, unsigned seed);

/* A call that must succeed. */
#define CLT_OK(call)                                                                               \
   do {                                                                                            \
      cl_int clt_err_ = (call);                                                                    \
      if (clt_err_ != CL_SUCCESS)                                                                  \
         return clt_fail(t, "%s:%d: %s returned %s", __FILE__, __LINE__, #call,                    \
                         clt_error_name(clt_err_));                                                \
   } while (0)

/* A call the specification says must return the error `want`. */
#define CLT_ERR(want, call)                                                                        \
   do {                                                                                            \
      cl_int clt_err_ = (call);                                                                    \
      if (clt_err_ != (want))                                                                      \
         return clt_fail(t, "%s:%d: %s returned %s, the spec says %s", __FILE__, __LINE__, #call,  \
                         clt_error_name(clt_err_), #want);                                         \
   } while (0)

#define CLT_REQUIRE(cond, ...)                                                                     \
   do {                                                                                            \
      if (!(cond))                                                                                 \
         return clt_fail(t, __VA_ARGS__);                                                          \
   } while (0)

#define CLT_ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#endif
