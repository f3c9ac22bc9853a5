/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Wrong use of the API: each call returns the error code the OpenCL 3.0
 * API specification names for that misuse, nothing crashes, and the last
 * check runs a kernel afterwards to show the implementation still works.
 */
#include "cl_test.h"

#include <string.h>

static const char src[] =
   "kernel void add(global int *a, int v) { a[get_global_id(0)] += v; }\n"
   "kernel void sum(global int *a, local int *tmp)\n"
   "{ tmp[get_local_id(0)] = 1; barrier(CLK_LOCAL_MEM_FENCE); a[0] = tmp[0]; }\n"
   "__attribute__((reqd_work_group_size(2, 1, 1)))\n"
   "kernel void pair(global int *a) { a[get_global_id(0)] = 1; }\n";

/* A zeroed block standing in for a handle that no OpenCL call made. */
static union {
   void *p;
   char bytes[1024];
} not_an_object;

static bool
error_platform_and_info_queries(struct clt *t)
{
   cl_platform_id p;
   cl_uint n;
   CLT_ERR(CL_INVALID_VALUE, clGetPlatformIDs(0, &p, NULL));
   CLT_ERR(CL_INVALID_VALUE, clGetPlatformIDs(0, NULL, NULL));
   (void)n;
   char small[2];
   CLT_ERR(CL_INVALID_VALUE,
           clGetPlatformInfo(t->platform, CL_PLATFORM_NAME, sizeof(small), small, NULL));
   cl_uint v;
   CLT_ERR(CL_INVALID_VALUE, clGetDeviceInfo(t->device, 0x7fff, sizeof(v), &v, NULL));
   CLT_ERR(CL_INVALID_VALUE, clGetDeviceInfo(t->device, CL_DEVICE_ADDRESS_BITS, 1, &v, NULL));
   return true;
}

static bool
error_buffer_creation(struct clt *t)
{
   cl_int err;
   char host[64];
   cl_ulong max_alloc = 0;
   CLT_OK(clGetDeviceInfo(t->device, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof(max_alloc), &max_alloc,
                          NULL));
   static const struct {
      cl_mem_flags flags;
      size_t size; /* 0: max_alloc + 1 */
      bool host;
      cl_int want;
      const char *what;
   } cases[] = {
      { CL_MEM_READ_WRITE, 1, false, CL_SUCCESS, "a one-byte buffer" },
      { CL_MEM_READ_WRITE, 0, false, CL_INVALID_BUFFER_SIZE, "more than the maximum allocation" },
      { CL_MEM_USE_HOST_PTR, 64, false, CL_INVALID_HOST_PTR, "USE_HOST_PTR without a pointer" },
      { CL_MEM_COPY_HOST_PTR, 64, false, CL_INVALID_HOST_PTR, "COPY_HOST_PTR without a pointer" },
      { CL_MEM_READ_WRITE, 64, true, CL_INVALID_HOST_PTR, "a pointer without a host-pointer flag" },
      { CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY, 64, false, CL_INVALID_VALUE,
        "READ_ONLY | WRITE_ONLY" },
      { CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR, 64, true, CL_INVALID_VALUE,
        "USE_HOST_PTR | ALLOC_HOST_PTR" },
   };
   for (unsigned i = 0; i < CLT_ARRAY_SIZE(cases); i++) {
      size_t size = cases[i].size ? cases[i].size : (size_t)max_alloc + 1;
      err = 12345;
      cl_mem m =
         clt_defer(t, CLT_MEM,
                   clCreateBuffer(t->ctx, cases[i].flags, size, cases[i].host ? host : NULL, &err));
      CLT_REQUIRE(err == cases[i].want && (m != NULL) == (cases[i].want == CL_SUCCESS),
                  "clCreateBuffer with %s returned %s%s, the spec says %s", cases[i].what,
                  clt_error_name(err), m ? " and a buffer" : "", clt_error_name(cases[i].want));
   }
   /* clCreateBuffer with size 0 */
   cl_mem m = clt_defer(t, CLT_MEM, clCreateBuffer(t->ctx, CL_MEM_READ_WRITE, 0, NULL, &err));
   CLT_REQUIRE(!m && err == CL_INVALID_BUFFER_SIZE,
               "clCreateBuffer(size 0) returned %s, the spec says CL_INVALID_BUFFER_SIZE",
               clt_error_name(err));
   return true;
}

static bool
error_transfers_out_of_bounds(struct clt *t)
{
   char host[256];
   cl_int err;
   cl_mem b = clt_buffer(t, CL_MEM_READ_WRITE, 128, NULL);
   cl_mem c = clt_buffer(t, CL_MEM_READ_WRITE, 128, NULL);
   if (!b || !c)
      return false;
   CLT_ERR(CL_INVALID_MEM_OBJECT,
           clEnqueueReadBuffer(t->queue, NULL, CL_TRUE, 0, 16, host, 0, NULL, NULL));
   CLT_ERR(CL_INVALID_VALUE,
           clEnqueueReadBuffer(t->queue, b, CL_TRUE, 100, 64, host, 0, NULL, NULL));
   CLT_ERR(CL_INVALID_VALUE,
           clEnqueueWriteBuffer(t->queue, b, CL_TRUE, 0, 16, NULL, 0, NULL, NULL));
   CLT_ERR(CL_INVALID_VALUE, clEnqueueCopyBuffer(t->queue, b, c, 64, 0, 65, 0, NULL, NULL));
   CLT_ERR(CL_MEM_COPY_OVERLAP, clEnqueueCopyBuffer(t->queue, b, b, 0, 32, 64, 0, NULL, NULL));
   int pattern = 0;
   CLT_ERR(CL_INVALID_VALUE, clEnqueueFillBuffer(t->queue, b, &pattern, 3, 0, 12, 0, NULL, NULL));
   CLT_ERR(CL_INVALID_VALUE, clEnqueueFillBuffer(t->queue, b, &pattern, 4, 2, 8, 0, NULL, NULL));
   void *p = clEnqueueMapBuffer(t->queue, b, CL_TRUE, CL_MAP_READ, 64, 128, 0, NULL, NULL, &err);
   CLT_REQUIRE(!p && err == CL_INVALID_VALUE,
               "mapping bytes 64..192 of a 128-byte buffer "
               "returned %s, the spec says CL_INVALID_VALUE",
               clt_error_name(err));
   cl_buffer_region region = { 0, 256 };
   cl_mem sub = clt_defer(
      t, CLT_MEM,
      clCreateSubBuffer(b, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, &region, &err));
   CLT_REQUIRE(!sub && err == CL_INVALID_VALUE,
               "a 256-byte sub-buffer of a 128-byte buffer "
               "returned %s, the spec says CL_INVALID_VALUE",
               clt_error_name(err));
   CLT_OK(clFinish(t->queue));
   return true;
}

static bool
error_programs_and_kernels(struct clt *t)
{
   cl_int err;
   const char *s = src;
   cl_program unbuilt =
      clt_defer(t, CLT_PROGRAM, clCreateProgramWithSource(t->ctx, 1, &s, NULL, &err));
   CLT_REQUIRE(unbuilt, "clCreateProgramWithSource returned %s", clt_error_name(err));
   cl_kernel k = clt_defer(t, CLT_KERNEL, clCreateKernel(unbuilt, "add", &err));
   CLT_REQUIRE(!k && err == CL_INVALID_PROGRAM_EXECUTABLE,
               "clCreateKernel on a program never "
               "built returned %s, the spec says CL_INVALID_PROGRAM_EXECUTABLE",
               clt_error_name(err));
   size_t n;
   CLT_ERR(CL_INVALID_PROGRAM_EXECUTABLE,
           clGetProgramInfo(unbuilt, CL_PROGRAM_NUM_KERNELS, sizeof(n), &n, NULL));

   cl_program p = clt_build(t, src, "");
   if (!p)
      return false;
   k = clt_defer(t, CLT_KERNEL, clCreateKernel(p, "no_such_kernel", &err));
   CLT_REQUIRE(!k && err == CL_INVALID_KERNEL_NAME,
               "clCreateKernel(\"no_such_kernel\") returned "
               "%s, the spec says CL_INVALID_KERNEL_NAME",
               clt_error_name(err));
   k = clt_kernel(t, p, "add");
   cl_kernel sum = clt_kernel(t, p, "sum");
   cl_mem b = clt_buffer(t, CL_MEM_READ_WRITE, 64, NULL);
   if (!k || !sum || !b)
      return false;
   cl_int v = 1;
   short small = 1;
   CLT_ERR(CL_INVALID_ARG_INDEX, clSetKernelArg(k, 2, sizeof(v), &v));
   CLT_ERR(CL_INVALID_ARG_SIZE, clSetKernelArg(k, 1, sizeof(small), &small));
   CLT_ERR(CL_INVALID_ARG_SIZE, clSetKernelArg(k, 0, sizeof(cl_mem) / 2, &b));
   CLT_ERR(CL_INVALID_ARG_VALUE, clSetKernelArg(k, 1, sizeof(v), NULL));
   CLT_ERR(CL_INVALID_ARG_SIZE, clSetKernelArg(sum, 1, 0, NULL));
   CLT_ERR(CL_INVALID_ARG_VALUE, clSetKernelArg(sum, 1, 16, &v));
   /* A NULL buffer is a valid value for a global pointer (§5.9.2). */
   cl_mem none = NULL;
   CLT_OK(clSetKernelArg(k, 0, sizeof(none), &none));
   CLT_OK(clSetKernelArg(k, 0, sizeof(none), NULL));
   return true;
}

static bool
error_ndrange_launches(struct clt *t)
{
   cl_program p = clt_build(t, src, "");
   cl_kernel add = p ? clt_kernel(t, p, "add") : NULL;
   cl_kernel pair = p ? clt_kernel(t, p, "pair") : NULL;
   cl_mem b = clt_buffer(t, CL_MEM_READ_WRITE, 4096 * sizeof(cl_int), NULL);
   if (!add || !pair || !b)
      return false;
   size_t global = 8, local = 8;
   CLT_ERR(CL_INVALID_KERNEL_ARGS,
           clEnqueueNDRangeKernel(t->queue, add, 1, NULL, &global, NULL, 0, NULL, NULL));
   cl_int v = 1;
   CLT_OK(clSetKernelArg(add, 0, sizeof(b), &b));
   CLT_OK(clSetKernelArg(add, 1, sizeof(v), &v));
   CLT_OK(clSetKernelArg(pair, 0, sizeof(b), &b));
   cl_uint dims = 0;
   CLT_OK(
      clGetDeviceInfo(t->device, CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS, sizeof(dims), &dims, NULL));
   size_t g4[16] = { 8, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1 };
   CLT_ERR(CL_INVALID_WORK_DIMENSION,
           clEnqueueNDRangeKernel(t->queue, add, 0, NULL, &global, NULL, 0, NULL, NULL));
   if (dims < 16)
      CLT_ERR(CL_INVALID_WORK_DIMENSION,
              clEnqueueNDRangeKernel(t->queue, add, dims + 1, NULL, g4, NULL, 0, NULL, NULL));
   /* reqd_work_group_size(2, 1, 1) launched with another size. */
   CLT_ERR(CL_INVALID_WORK_GROUP_SIZE,
           clEnqueueNDRangeKernel(t->queue, pair, 1, NULL, &global, &local, 0, NULL, NULL));

   /* A global size that the local size does not divide: an error for a
    * program built for OpenCL C 1.x (the default without -cl-std), whose
    * work-groups must be uniform (3.0 §5.8.4.5 -cl-uniform-work-group-size,
    * §5.10). */
   size_t g10 = 10, l4 = 4;
   CLT_ERR(CL_INVALID_WORK_GROUP_SIZE,
           clEnqueueNDRangeKernel(t->queue, add, 1, NULL, &g10, &l4, 0, NULL, NULL));
   CLT_OK(clFinish(t->queue));
   return true;
}

/* A global size that the local size does not divide, for a program built
 * for OpenCL C 2.0 or later on a device with non-uniform work-groups: every
 * work-item runs, none more (3.0 §5.10).  Its results need a device that
 * executes kernels. */
static bool
error_non_uniform_launch_runs_every_work_item(struct clt *t)
{
   cl_bool non_uniform = CL_FALSE;
   if (t->version >= 30)
      CLT_OK(clGetDeviceInfo(t->device, CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT,
                             sizeof(non_uniform), &non_uniform, NULL));
   else if (t->version >= 20)
      non_uniform = CL_TRUE;
   if (!non_uniform)
      return true;
   cl_program p20 = clt_build(t, src, t->version >= 30 ? "-cl-std=CL3.0" : "-cl-std=CL2.0");
   cl_kernel add20 = p20 ? clt_kernel(t, p20, "add") : NULL;
   cl_mem b = clt_buffer(t, CL_MEM_READ_WRITE, 4096 * sizeof(cl_int), NULL);
   if (!add20 || !b)
      return false;
   cl_int v = 1;
   CLT_OK(clSetKernelArg(add20, 0, sizeof(b), &b));
   CLT_OK(clSetKernelArg(add20, 1, sizeof(v), &v));
   size_t g10 = 10, l4 = 4;
   cl_int zero = 0, out[11];
   CLT_OK(clEnqueueFillBuffer(t->queue, b, &zero, sizeof(zero), 0, sizeof(out), 0, NULL, NULL));
   CLT_OK(clEnqueueNDRangeKernel(t->queue, add20, 1, NULL, &g10, &l4, 0, NULL, NULL));
   CLT_OK(clEnqueueReadBuffer(t->queue, b, CL_TRUE, 0, sizeof(out), out, 0, NULL, NULL));
   for (int i = 0; i < 11; i++)
      CLT_REQUIRE(out[i] == (i < 10),
                  "a non-uniform launch of 10 in groups of 4 left "
                  "element %d at %d",
                  i, out[i]);
   return true;
}

/* §5.8.2: an option the compiler does not know is CL_INVALID_BUILD_OPTIONS. */
static bool
error_build_rejects_unknown_options(struct clt *t)
{
   cl_int err;
   const char *s = src;
   cl_program p = clt_defer(t, CLT_PROGRAM, clCreateProgramWithSource(t->ctx, 1, &s, NULL, &err));
   CLT_REQUIRE(p, "clCreateProgramWithSource returned %s", clt_error_name(err));
   CLT_ERR(CL_INVALID_BUILD_OPTIONS,
           clBuildProgram(p, 1, &t->device, "-not-an-option", NULL, NULL));
   return true;
}

/* §5.9.2: a handle that is no memory object is CL_INVALID_MEM_OBJECT for a buffer argument. */
static bool
error_set_kernel_arg_rejects_a_non_object(struct clt *t)
{
   cl_program p = clt_build(t, src, "");
   cl_kernel k = p ? clt_kernel(t, p, "add") : NULL;
   if (!k)
      return false;
   void *fake = &not_an_object;
   CLT_ERR(CL_INVALID_MEM_OBJECT, clSetKernelArg(k, 0, sizeof(fake), &fake));
   return true;
}

/*
 * §5.10: more work-items in a group than CL_KERNEL_WORK_GROUP_SIZE, each
 * dimension within CL_DEVICE_MAX_WORK_ITEM_SIZES, is CL_INVALID_WORK_GROUP_SIZE.
 */
static bool
error_ndrange_rejects_an_oversized_work_group(struct clt *t)
{
   cl_program p = clt_build(t, src, "");
   cl_kernel add = p ? clt_kernel(t, p, "add") : NULL;
   if (!add)
      return false;
   size_t kmax = 0, items[3] = { 0 };
   CLT_OK(clGetKernelWorkGroupInfo(add, t->device, CL_KERNEL_WORK_GROUP_SIZE, sizeof(kmax), &kmax,
                                   NULL));
   CLT_OK(clGetDeviceInfo(t->device, CL_DEVICE_MAX_WORK_ITEM_SIZES, sizeof(items), items, NULL));
   size_t local[2] = { items[0] < kmax ? items[0] : kmax, 0 };
   local[1] = kmax / local[0] + 1;
   if (local[1] > items[1])
      return true; /* no such group fits the per-dimension limits */
   /* Large enough for the launch, should an implementation let it run. */
   cl_mem b = clt_buffer(t, CL_MEM_READ_WRITE, local[0] * sizeof(cl_int), NULL);
   if (!b)
      return false;
   cl_int v = 1;
   CLT_OK(clSetKernelArg(add, 0, sizeof(b), &b));
   CLT_OK(clSetKernelArg(add, 1, sizeof(v), &v));
   size_t global[2] = { local[0], local[1] };
   cl_int err = clEnqueueNDRangeKernel(t->queue, add, 2, NULL, global, local, 0, NULL, NULL);
   clFinish(t->queue);
   CLT_REQUIRE(err == CL_INVALID_WORK_GROUP_SIZE,
               "a %zu x %zu work-group (CL_KERNEL_WORK_GROUP_SIZE "
               "%zu) returned %s, the spec says CL_INVALID_WORK_GROUP_SIZE",
               local[0], local[1], kmax, clt_error_name(err));
   return true;
}

/* §4.2, §4.4: a device_type of 0 names no type of device, which is
 * CL_INVALID_DEVICE_TYPE (not CL_DEVICE_NOT_FOUND, which needs a valid type). */
static bool
error_device_type_zero_is_invalid(struct clt *t)
{
   cl_device_id d = NULL;
   cl_uint n = 0;
   cl_int err;
   CLT_ERR(CL_INVALID_DEVICE_TYPE, clGetDeviceIDs(t->platform, 0, 1, &d, &n));
   const cl_context_properties props[] = { CL_CONTEXT_PLATFORM, (cl_context_properties)t->platform,
                                           0 };
   cl_context c = clt_defer(t, CLT_CONTEXT, clCreateContextFromType(props, 0, NULL, NULL, &err));
   CLT_REQUIRE(!c && err == CL_INVALID_DEVICE_TYPE,
               "clCreateContextFromType(device_type 0) returned %s, the spec says "
               "CL_INVALID_DEVICE_TYPE",
               clt_error_name(err));
   return true;
}

/* §5.1: clCreateCommandQueueWithProperties answers a property it does not
 * know with CL_INVALID_VALUE ("values specified in properties are not
 * valid"); the function has no CL_INVALID_PROPERTY. */
static bool
error_queue_with_an_unknown_property(struct clt *t)
{
   if (t->version < 20)
      return true;
   cl_int err;
   const cl_queue_properties unknown[] = { (cl_queue_properties)-1, (cl_queue_properties)-1, 0 };
   cl_command_queue q =
      clt_defer(t, CLT_QUEUE, clCreateCommandQueueWithProperties(t->ctx, t->device, unknown, &err));
   CLT_REQUIRE(!q && err == CL_INVALID_VALUE,
               "an unknown queue property returned %s, the spec says CL_INVALID_VALUE",
               clt_error_name(err));
   return true;
}

static const char image_args_src[] =
   "kernel void sample(sampler_t s, read_only image2d_t src, global float4 *dst)\n"
   "{ dst[0] = read_imagef(src, s, (int2)(0, 0)); }\n"
   "kernel void store(write_only image2d_t img, global uint4 *src)\n"
   "{ write_imageui(img, (int2)(0, 0), src[0]); }\n"
   "kernel void load(read_only image2d_t img, global uint4 *dst)\n"
   "{ dst[0] = read_imageui(img, (int2)(0, 0)); }\n";

/*
 * §5.9.2: a sampler_t argument given no sampler is CL_INVALID_SAMPLER, an
 * image argument given no image an error, and an image made
 * CL_MEM_READ_ONLY for a write_only argument (or CL_MEM_WRITE_ONLY for a
 * read_only one) CL_INVALID_ARG_VALUE; an image whose flags allow the
 * access is taken.
 */
static bool
error_image_and_sampler_arguments(struct clt *t)
{
   cl_bool images = CL_FALSE;
   CLT_OK(clGetDeviceInfo(t->device, CL_DEVICE_IMAGE_SUPPORT, sizeof(images), &images, NULL));
   if (!images)
      return true;
   cl_program p = clt_build(t, image_args_src, "");
   cl_kernel sample = p ? clt_kernel(t, p, "sample") : NULL;
   cl_kernel store = p ? clt_kernel(t, p, "store") : NULL;
   cl_kernel load = p ? clt_kernel(t, p, "load") : NULL;
   if (!sample || !store || !load)
      return false;
   const cl_image_format format = { CL_RGBA, CL_UNSIGNED_INT8 };
   const cl_image_desc desc = { .image_type = CL_MEM_OBJECT_IMAGE2D,
                                .image_width = 4,
                                .image_height = 4 };
   cl_int err;
   cl_mem ro =
      clt_defer(t, CLT_MEM, clCreateImage(t->ctx, CL_MEM_READ_ONLY, &format, &desc, NULL, &err));
   CLT_REQUIRE(ro, "clCreateImage(CL_MEM_READ_ONLY) returned %s", clt_error_name(err));
   cl_mem wo =
      clt_defer(t, CLT_MEM, clCreateImage(t->ctx, CL_MEM_WRITE_ONLY, &format, &desc, NULL, &err));
   CLT_REQUIRE(wo, "clCreateImage(CL_MEM_WRITE_ONLY) returned %s", clt_error_name(err));

   CLT_ERR(CL_INVALID_SAMPLER, clSetKernelArg(sample, 0, sizeof(cl_sampler), NULL));
   /* No cl_mem at all: not a valid memory object, nor a valid value. */
   err = clSetKernelArg(load, 0, sizeof(cl_mem), NULL);
   CLT_REQUIRE(err == CL_INVALID_MEM_OBJECT || err == CL_INVALID_ARG_VALUE,
               "an image argument given no cl_mem returned %s, the spec says "
               "CL_INVALID_MEM_OBJECT or CL_INVALID_ARG_VALUE",
               clt_error_name(err));
   CLT_ERR(CL_INVALID_ARG_VALUE, clSetKernelArg(store, 0, sizeof(ro), &ro));
   CLT_ERR(CL_INVALID_ARG_VALUE, clSetKernelArg(load, 0, sizeof(wo), &wo));
   CLT_OK(clSetKernelArg(store, 0, sizeof(wo), &wo));
   CLT_OK(clSetKernelArg(load, 0, sizeof(ro), &ro));
   return true;
}

static bool
error_events(struct clt *t)
{
   cl_int err;
   CLT_ERR(CL_INVALID_VALUE, clWaitForEvents(0, NULL));
   cl_event user = clt_defer(t, CLT_EVENT, clCreateUserEvent(t->ctx, &err));
   CLT_REQUIRE(user, "clCreateUserEvent returned %s", clt_error_name(err));
   CLT_ERR(CL_INVALID_VALUE, clSetUserEventStatus(user, CL_SUBMITTED));
   CLT_OK(clSetUserEventStatus(user, CL_COMPLETE));
   CLT_ERR(CL_INVALID_OPERATION, clSetUserEventStatus(user, CL_COMPLETE));
   cl_mem b = clt_buffer(t, CL_MEM_READ_WRITE, 64, NULL);
   if (!b)
      return false;
   char host[64];
   cl_event none = NULL;
   CLT_ERR(CL_INVALID_EVENT_WAIT_LIST,
           clEnqueueReadBuffer(t->queue, b, CL_TRUE, 0, 16, host, 1, NULL, NULL));
   CLT_ERR(CL_INVALID_EVENT_WAIT_LIST,
           clEnqueueReadBuffer(t->queue, b, CL_TRUE, 0, 16, host, 0, &none, NULL));
   return true;
}

/* After all of the above, the implementation still runs a kernel correctly. */
static bool
error_valid_run_after_misuse(struct clt *t)
{
   cl_program p = clt_build(t, src, "");
   cl_kernel k = p ? clt_kernel(t, p, "add") : NULL;
   cl_int host[100];
   for (int i = 0; i < 100; i++)
      host[i] = i;
   cl_mem b = clt_buffer(t, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof(host), host);
   if (!k || !b)
      return false;
   cl_int v = 5;
   size_t global = 100;
   CLT_OK(clSetKernelArg(k, 0, sizeof(b), &b));
   CLT_OK(clSetKernelArg(k, 1, sizeof(v), &v));
   CLT_OK(clEnqueueNDRangeKernel(t->queue, k, 1, NULL, &global, NULL, 0, NULL, NULL));
   CLT_OK(clEnqueueReadBuffer(t->queue, b, CL_TRUE, 0, sizeof(host), host, 0, NULL, NULL));
   for (int i = 0; i < 100; i++)
      CLT_REQUIRE(host[i] == i + 5, "element %d is %d after adding 5 to %d", i, host[i], i);
   return true;
}

const struct clt_check clt_error_checks[] = {
   { "error.platform-and-info-queries", error_platform_and_info_queries },
   { "error.buffer-creation", error_buffer_creation },
   { "error.transfers-out-of-bounds", error_transfers_out_of_bounds },
   { "error.programs-and-kernels", error_programs_and_kernels },
   { "error.build-rejects-unknown-options", error_build_rejects_unknown_options },
   { "error.set-kernel-arg-rejects-a-non-object", error_set_kernel_arg_rejects_a_non_object },
   { "error.ndrange-launches", error_ndrange_launches },
   { "error.non-uniform-launch-runs-every-work-item",
     error_non_uniform_launch_runs_every_work_item },
   { "error.ndrange-rejects-an-oversized-work-group",
     error_ndrange_rejects_an_oversized_work_group },
   { "error.device-type-zero-is-invalid", error_device_type_zero_is_invalid },
   { "error.queue-with-an-unknown-property", error_queue_with_an_unknown_property },
   { "error.image-and-sampler-arguments", error_image_and_sampler_arguments },
   { "error.events", error_events },
   { "error.valid-run-after-misuse", error_valid_run_after_misuse },
   { NULL, NULL },
};
