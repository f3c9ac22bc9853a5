/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Contexts and command queues (OpenCL 3.0 API §4.4, §5.1): what is created
 * can be queried back, both ways of making a context work, a queue asked
 * for profiling says it has it, and on-device queues (device-side enqueue)
 * are offered, refused and reported as the device queries say.
 */
#include "cl_test.h"

#include <stdlib.h>
#include <string.h>

static bool
context_reports_its_device(struct clt *t)
{
   cl_uint n = 0;
   cl_device_id dev = NULL;
   cl_uint refs = 0;
   CLT_OK(clGetContextInfo(t->ctx, CL_CONTEXT_NUM_DEVICES, sizeof(n), &n, NULL));
   CLT_REQUIRE(n == 1, "CL_CONTEXT_NUM_DEVICES is %u for a context made with one device", n);
   CLT_OK(clGetContextInfo(t->ctx, CL_CONTEXT_DEVICES, sizeof(dev), &dev, NULL));
   CLT_REQUIRE(dev == t->device, "CL_CONTEXT_DEVICES is not the device the context was made with");
   CLT_OK(clGetContextInfo(t->ctx, CL_CONTEXT_REFERENCE_COUNT, sizeof(refs), &refs, NULL));
   CLT_REQUIRE(refs >= 1, "CL_CONTEXT_REFERENCE_COUNT is 0 for a live context");
   return true;
}

static bool
context_from_type_with_the_platform_works(struct clt *t)
{
   cl_int err;
   cl_context_properties props[] = { CL_CONTEXT_PLATFORM, (cl_context_properties)t->platform, 0 };
   cl_context ctx = clt_defer(t, CLT_CONTEXT,
                              clCreateContextFromType(props, CL_DEVICE_TYPE_ALL, NULL, NULL, &err));
   CLT_REQUIRE(ctx, "clCreateContextFromType(CL_DEVICE_TYPE_ALL) returned %s", clt_error_name(err));
   cl_context_properties got[3] = { 0 };
   size_t size = 0;
   CLT_OK(clGetContextInfo(ctx, CL_CONTEXT_PROPERTIES, sizeof(got), got, &size));
   CLT_REQUIRE(size == sizeof(props) && got[0] == CL_CONTEXT_PLATFORM &&
                  got[1] == (cl_context_properties)t->platform,
               "CL_CONTEXT_PROPERTIES does not return the properties the context was made with");
   return true;
}

static bool
queue_with_profiling_reports_it(struct clt *t)
{
   cl_int err;
   cl_queue_properties props[] = { CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, 0 };
   cl_command_queue q;
   if (t->version >= 20)
      q = clCreateCommandQueueWithProperties(t->ctx, t->device, props, &err);
   else
      q = clCreateCommandQueue(t->ctx, t->device, CL_QUEUE_PROFILING_ENABLE, &err);
   clt_defer(t, CLT_QUEUE, q);
   CLT_REQUIRE(q, "creating a queue with CL_QUEUE_PROFILING_ENABLE returned %s",
               clt_error_name(err));
   cl_command_queue_properties got = 0;
   cl_context ctx = NULL;
   cl_device_id dev = NULL;
   CLT_OK(clGetCommandQueueInfo(q, CL_QUEUE_PROPERTIES, sizeof(got), &got, NULL));
   CLT_REQUIRE(got & CL_QUEUE_PROFILING_ENABLE, "CL_QUEUE_PROPERTIES 0x%llx lacks profiling",
               (unsigned long long)got);
   CLT_OK(clGetCommandQueueInfo(q, CL_QUEUE_CONTEXT, sizeof(ctx), &ctx, NULL));
   CLT_OK(clGetCommandQueueInfo(q, CL_QUEUE_DEVICE, sizeof(dev), &dev, NULL));
   CLT_REQUIRE(ctx == t->ctx && dev == t->device,
               "CL_QUEUE_CONTEXT / CL_QUEUE_DEVICE are not the queue's context and device");
   CLT_OK(clFinish(q));
   return true;
}

/* Whether the device offers device-side enqueue (OpenCL 3.0 §4.2:
 * CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES, an OpenCL 3.0 query; a 2.x device
 * has it when it takes on-device queues). */
static bool
device_enqueue_supported(struct clt *t, bool *supported)
{
   *supported = false;
   if (t->version >= 30) {
      cl_device_device_enqueue_capabilities caps = 0;
      CLT_OK(clGetDeviceInfo(t->device, CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES, sizeof(caps), &caps,
                             NULL));
      *supported = caps & CL_DEVICE_QUEUE_SUPPORTED;
   } else if (t->version >= 20) {
      cl_command_queue_properties props = 0;
      CLT_OK(clGetDeviceInfo(t->device, CL_DEVICE_QUEUE_ON_DEVICE_PROPERTIES, sizeof(props), &props,
                             NULL));
      *supported = props != 0;
   }
   return true;
}

/* OpenCL 3.0 §4.2, the device queries' table: a device with device-side
 * enqueue takes out-of-order and profiling on-device queues of a
 * preferred size of at least 16 KiB and a largest of at least 256 KiB,
 * one queue at least and 1024 events, and offers __opencl_c_device_enqueue
 * (which needs the generic address space and program-scope global
 * variables, OpenCL C 3.0 §6.2.1); one without reports 0 for each. */
static bool
device_enqueue_queries_agree(struct clt *t)
{
   bool supported;
   if (t->version < 20)
      return true;
   if (!device_enqueue_supported(t, &supported))
      return false;
   cl_command_queue_properties props = 0;
   cl_uint preferred = 0, max = 0, queues = 0, events = 0;
   CLT_OK(clGetDeviceInfo(t->device, CL_DEVICE_QUEUE_ON_DEVICE_PROPERTIES, sizeof(props), &props,
                          NULL));
   CLT_OK(clGetDeviceInfo(t->device, CL_DEVICE_QUEUE_ON_DEVICE_PREFERRED_SIZE, sizeof(preferred),
                          &preferred, NULL));
   CLT_OK(clGetDeviceInfo(t->device, CL_DEVICE_QUEUE_ON_DEVICE_MAX_SIZE, sizeof(max), &max, NULL));
   CLT_OK(
      clGetDeviceInfo(t->device, CL_DEVICE_MAX_ON_DEVICE_QUEUES, sizeof(queues), &queues, NULL));
   CLT_OK(
      clGetDeviceInfo(t->device, CL_DEVICE_MAX_ON_DEVICE_EVENTS, sizeof(events), &events, NULL));
   if (!supported) {
      CLT_REQUIRE(!props && !preferred && !max && !queues && !events,
                  "no device-side enqueue, but on-device queue properties 0x%llx, sizes %u/%u, "
                  "%u queues, %u events (OpenCL 3.0 §4.2: 0 each)",
                  (unsigned long long)props, preferred, max, queues, events);
   } else {
      const cl_command_queue_properties want =
         CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_PROFILING_ENABLE;
      CLT_REQUIRE((props & want) == want,
                  "CL_DEVICE_QUEUE_ON_DEVICE_PROPERTIES 0x%llx lacks "
                  "out-of-order or profiling",
                  (unsigned long long)props);
      CLT_REQUIRE(preferred >= 16 * 1024 && max >= 256 * 1024 && preferred <= max,
                  "on-device queue sizes: preferred %u (at least 16 KiB), largest %u (at least "
                  "256 KiB)",
                  preferred, max);
      CLT_REQUIRE(queues >= 1 && events >= 1024,
                  "CL_DEVICE_MAX_ON_DEVICE_QUEUES %u (at least 1), _EVENTS %u (at least 1024)",
                  queues, events);
   }
   if (t->version < 30)
      return true;
   size_t size = 0;
   CLT_OK(clGetDeviceInfo(t->device, CL_DEVICE_OPENCL_C_FEATURES, 0, NULL, &size));
   cl_name_version *features = clt_defer(t, CLT_HOST, calloc(1, size + 1));
   CLT_REQUIRE(features, "out of memory");
   CLT_OK(clGetDeviceInfo(t->device, CL_DEVICE_OPENCL_C_FEATURES, size, features, NULL));
   bool enqueue = false, generic = false, globals = false;
   for (size_t i = 0; i < size / sizeof(*features); i++) {
      enqueue |= !strcmp(features[i].name, "__opencl_c_device_enqueue");
      generic |= !strcmp(features[i].name, "__opencl_c_generic_address_space");
      globals |= !strcmp(features[i].name, "__opencl_c_program_scope_global_variables");
   }
   CLT_REQUIRE(enqueue == supported,
               "__opencl_c_device_enqueue is %s, but the device %s "
               "on-device queues",
               enqueue ? "offered" : "not offered", supported ? "supports" : "does not support");
   CLT_REQUIRE(!enqueue || (generic && globals),
               "__opencl_c_device_enqueue without "
               "__opencl_c_generic_address_space or __opencl_c_program_scope_global_variables");
   return true;
}

/* OpenCL 3.0 §5.1: CL_QUEUE_ON_DEVICE_DEFAULT can only be used with
 * CL_QUEUE_ON_DEVICE; alone, it is not a valid property (CL_INVALID_VALUE),
 * whether the device has on-device queues or not. */
static bool
on_device_default_needs_on_device(struct clt *t)
{
   if (t->version < 20)
      return true;
   cl_int err;
   cl_queue_properties default_only[] = { CL_QUEUE_PROPERTIES, CL_QUEUE_ON_DEVICE_DEFAULT, 0 };
   clt_defer(t, CLT_QUEUE,
             clCreateCommandQueueWithProperties(t->ctx, t->device, default_only, &err));
   CLT_REQUIRE(err == CL_INVALID_VALUE,
               "CL_QUEUE_ON_DEVICE_DEFAULT alone returned %s, the spec "
               "says CL_INVALID_VALUE",
               clt_error_name(err));
   return true;
}

/* OpenCL 3.0 §5.1: an on-device queue must be out of order
 * (CL_INVALID_VALUE).  The default queue reports the properties and
 * CL_QUEUE_SIZE it was made with and is every queue's
 * CL_QUEUE_DEVICE_DEFAULT; a host queue has no CL_QUEUE_SIZE and cannot
 * be the default device queue, and the host enqueues no command into a
 * device queue (CL_INVALID_COMMAND_QUEUE: not a host command-queue). */
static bool
on_device_default_queue_reports_it(struct clt *t)
{
   bool supported;
   if (t->version < 20)
      return true;
   if (!device_enqueue_supported(t, &supported))
      return false;
   const cl_command_queue_properties on_device =
      CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_ON_DEVICE | CL_QUEUE_ON_DEVICE_DEFAULT;
   cl_int err;
   cl_queue_properties in_order[] = { CL_QUEUE_PROPERTIES,
                                      CL_QUEUE_ON_DEVICE | CL_QUEUE_ON_DEVICE_DEFAULT, 0 };
   /* (Not asked of a device without them: PoCL 3.1 ends the process.) */
   if (!supported)
      return true;
   clt_defer(t, CLT_QUEUE, clCreateCommandQueueWithProperties(t->ctx, t->device, in_order, &err));
   CLT_REQUIRE(err == CL_INVALID_VALUE,
               "an in-order on-device queue returned %s, the spec "
               "says CL_INVALID_VALUE",
               clt_error_name(err));

   cl_uint preferred = 0;
   CLT_OK(clGetDeviceInfo(t->device, CL_DEVICE_QUEUE_ON_DEVICE_PREFERRED_SIZE, sizeof(preferred),
                          &preferred, NULL));
   const cl_uint size = preferred / 2;
   cl_queue_properties props[] = { CL_QUEUE_PROPERTIES, on_device, CL_QUEUE_SIZE, size, 0 };
   cl_command_queue q =
      clt_defer(t, CLT_QUEUE, clCreateCommandQueueWithProperties(t->ctx, t->device, props, &err));
   CLT_REQUIRE(q, "the default on-device queue of %u bytes: %s", size, clt_error_name(err));
   cl_command_queue_properties got = 0;
   cl_uint got_size = 0;
   cl_command_queue def = NULL, host_def = NULL;
   CLT_OK(clGetCommandQueueInfo(q, CL_QUEUE_PROPERTIES, sizeof(got), &got, NULL));
   CLT_REQUIRE(got == on_device, "CL_QUEUE_PROPERTIES 0x%llx, made with 0x%llx",
               (unsigned long long)got, (unsigned long long)on_device);
   CLT_OK(clGetCommandQueueInfo(q, CL_QUEUE_SIZE, sizeof(got_size), &got_size, NULL));
   CLT_REQUIRE(got_size == size, "CL_QUEUE_SIZE %u, made with %u", got_size, size);
   CLT_OK(clGetCommandQueueInfo(q, CL_QUEUE_DEVICE_DEFAULT, sizeof(def), &def, NULL));
   CLT_OK(
      clGetCommandQueueInfo(t->queue, CL_QUEUE_DEVICE_DEFAULT, sizeof(host_def), &host_def, NULL));
   CLT_REQUIRE(def == q && host_def == q,
               "CL_QUEUE_DEVICE_DEFAULT is %p (host queue: %p), not "
               "the default on-device queue %p",
               (void *)def, (void *)host_def, (void *)q);
   CLT_ERR(CL_INVALID_COMMAND_QUEUE,
           clGetCommandQueueInfo(t->queue, CL_QUEUE_SIZE, sizeof(got_size), &got_size, NULL));
   CLT_ERR(CL_INVALID_COMMAND_QUEUE, clEnqueueMarkerWithWaitList(q, 0, NULL, NULL));
   cl_device_device_enqueue_capabilities caps = CL_DEVICE_QUEUE_REPLACEABLE_DEFAULT;
   if (t->version >= 30)
      CLT_OK(clGetDeviceInfo(t->device, CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES, sizeof(caps), &caps,
                             NULL));
   /* A host queue is no default on-device queue; without a replaceable
    * default, no queue is (CL_INVALID_OPERATION, whatever the queue). */
   if (caps & CL_DEVICE_QUEUE_REPLACEABLE_DEFAULT) {
      CLT_ERR(CL_INVALID_COMMAND_QUEUE,
              clSetDefaultDeviceCommandQueue(t->ctx, t->device, t->queue));
      CLT_OK(clSetDefaultDeviceCommandQueue(t->ctx, t->device, q));
   } else {
      CLT_ERR(CL_INVALID_OPERATION, clSetDefaultDeviceCommandQueue(t->ctx, t->device, t->queue));
   }
   return true;
}

/*
 * OpenCL 3.0 §4.2 and §5.1: a device that reports
 * CL_DEVICE_QUEUE_REPLACEABLE_DEFAULT makes another on-device queue the
 * default (clSetDefaultDeviceCommandQueue), so it takes at least two
 * on-device queues in a context; one that does not report it answers
 * clSetDefaultDeviceCommandQueue with CL_INVALID_OPERATION, for an
 * on-device queue and for none (as the OpenCL-CTS api
 * consistency_device_enqueue checks).
 */
static bool
queue_replaceable_default_is_offered_only_with_two_queues(struct clt *t)
{
   bool supported;
   if (t->version < 30)
      return true;
   if (!device_enqueue_supported(t, &supported))
      return false;
   if (!supported)
      return true;
   cl_device_device_enqueue_capabilities caps = 0;
   cl_uint max_queues = 0;
   CLT_OK(
      clGetDeviceInfo(t->device, CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES, sizeof(caps), &caps, NULL));
   CLT_OK(clGetDeviceInfo(t->device, CL_DEVICE_MAX_ON_DEVICE_QUEUES, sizeof(max_queues),
                          &max_queues, NULL));
   cl_queue_properties props[] = { CL_QUEUE_PROPERTIES,
                                   CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_ON_DEVICE |
                                      CL_QUEUE_ON_DEVICE_DEFAULT,
                                   0 };
   cl_int err;
   cl_command_queue first =
      clt_defer(t, CLT_QUEUE, clCreateCommandQueueWithProperties(t->ctx, t->device, props, &err));
   CLT_REQUIRE(first, "the default on-device queue: %s", clt_error_name(err));
   if (!(caps & CL_DEVICE_QUEUE_REPLACEABLE_DEFAULT)) {
      CLT_ERR(CL_INVALID_OPERATION, clSetDefaultDeviceCommandQueue(t->ctx, t->device, first));
      CLT_ERR(CL_INVALID_OPERATION, clSetDefaultDeviceCommandQueue(t->ctx, t->device, NULL));
      return true;
   }
   CLT_REQUIRE(max_queues >= 2,
               "a replaceable default on-device queue, but CL_DEVICE_MAX_ON_DEVICE_QUEUES is %u: "
               "there is no other queue to make the default",
               max_queues);
   props[1] &= ~(cl_queue_properties)CL_QUEUE_ON_DEVICE_DEFAULT;
   cl_command_queue second =
      clt_defer(t, CLT_QUEUE, clCreateCommandQueueWithProperties(t->ctx, t->device, props, &err));
   CLT_REQUIRE(second, "a second on-device queue: %s", clt_error_name(err));
   CLT_OK(clSetDefaultDeviceCommandQueue(t->ctx, t->device, second));
   cl_command_queue def = NULL;
   CLT_OK(clGetCommandQueueInfo(first, CL_QUEUE_DEVICE_DEFAULT, sizeof(def), &def, NULL));
   CLT_REQUIRE(def == second, "CL_QUEUE_DEVICE_DEFAULT is %p, not the queue made the default %p",
               (void *)def, (void *)second);
   return true;
}

/* OpenCL C 2.0 §6.13.17 through a queue_t kernel argument (OpenCL 3.0
 * §5.9.2: its value is a device queue; anything else is
 * CL_INVALID_DEVICE_QUEUE): each of 8 parent work-items enqueues a block
 * over 5 work-items that writes parent * 100 + child * 3 + 1, which the
 * parent's launch has run once clFinish returns (a parent is complete only
 * with its children, §6.13.17). */
static bool
queue_argument_runs_children(struct clt *t)
{
   enum { PARENTS = 8, CHILDREN = 5 };
   const cl_int clk_success = 0; /* OpenCL C's CLK_SUCCESS (OpenCL C 2.0 §6.13.17.1) */
   bool supported;
   if (t->version < 20)
      return true;
   if (!device_enqueue_supported(t, &supported))
      return false;
   if (!supported)
      return true;
   const cl_queue_properties props[] = { CL_QUEUE_PROPERTIES,
                                         CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE |
                                            CL_QUEUE_ON_DEVICE | CL_QUEUE_ON_DEVICE_DEFAULT,
                                         0 };
   cl_int err;
   cl_command_queue dq =
      clt_defer(t, CLT_QUEUE, clCreateCommandQueueWithProperties(t->ctx, t->device, props, &err));
   CLT_REQUIRE(dq, "the default on-device queue: %s", clt_error_name(err));
   cl_program p = clt_build(t,
                            "kernel void parent(queue_t q, global int *out, global int *ret)\n"
                            "{\n"
                            "   int i = get_global_id(0);\n"
                            "   ret[i] = enqueue_kernel(q, CLK_ENQUEUE_FLAGS_NO_WAIT,\n"
                            "                           ndrange_1D(5), ^{\n"
                            "      int j = get_global_id(0);\n"
                            "      out[i * 5 + j] = i * 100 + j * 3 + 1; });\n"
                            "}\n",
                            "-cl-std=CL2.0");
   cl_kernel k = p ? clt_kernel(t, p, "parent") : NULL;
   cl_int out[PARENTS * CHILDREN], ret[PARENTS];
   memset(out, 0xff, sizeof(out));
   memset(ret, 0xff, sizeof(ret));
   cl_mem bout = clt_buffer(t, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof(out), out);
   cl_mem bret = clt_buffer(t, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof(ret), ret);
   if (!k || !bout || !bret)
      return false;
   CLT_ERR(CL_INVALID_DEVICE_QUEUE, clSetKernelArg(k, 0, sizeof(t->queue), &t->queue));
   CLT_OK(clSetKernelArg(k, 0, sizeof(dq), &dq));
   CLT_OK(clSetKernelArg(k, 1, sizeof(bout), &bout));
   CLT_OK(clSetKernelArg(k, 2, sizeof(bret), &bret));
   size_t global = PARENTS;
   CLT_OK(clEnqueueNDRangeKernel(t->queue, k, 1, NULL, &global, NULL, 0, NULL, NULL));
   CLT_OK(clFinish(t->queue));
   CLT_OK(clEnqueueReadBuffer(t->queue, bout, CL_TRUE, 0, sizeof(out), out, 0, NULL, NULL));
   CLT_OK(clEnqueueReadBuffer(t->queue, bret, CL_TRUE, 0, sizeof(ret), ret, 0, NULL, NULL));
   for (int i = 0; i < PARENTS; i++) {
      CLT_REQUIRE(ret[i] == clk_success,
                  "parent %d: enqueue_kernel returned %d, not "
                  "CLK_SUCCESS",
                  i, ret[i]);
      for (int j = 0; j < CHILDREN; j++)
         CLT_REQUIRE(out[i * CHILDREN + j] == i * 100 + j * 3 + 1,
                     "parent %d's child %d "
                     "wrote %d, the CPU gives %d",
                     i, j, out[i * CHILDREN + j], i * 100 + j * 3 + 1);
   }
   return true;
}

const struct clt_check clt_queue_checks[] = {
   { "context.reports-its-device", context_reports_its_device },
   { "context.from-type-with-the-platform-works", context_from_type_with_the_platform_works },
   { "queue.with-profiling-reports-it", queue_with_profiling_reports_it },
   { "device.enqueue-queries-agree", device_enqueue_queries_agree },
   { "queue.on-device-default-needs-on-device", on_device_default_needs_on_device },
   { "queue.on-device-default-reports-it", on_device_default_queue_reports_it },
   { "queue.replaceable-default-is-offered-only-with-two-queues",
     queue_replaceable_default_is_offered_only_with_two_queues },
   { "queue.argument-runs-children", queue_argument_runs_children },
   { NULL, NULL },
};
