/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Contexts and command queues (OpenCL 3.0 API §4.4, §5.1): what is created
 * can be queried back, both ways of making a context work, and a queue
 * asked for profiling says it has it.
 */
#include "cl_test.h"

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

const struct clt_check clt_queue_checks[] = {
   { "context.reports-its-device", context_reports_its_device },
   { "context.from-type-with-the-platform-works", context_from_type_with_the_platform_works },
   { "queue.with-profiling-reports-it", queue_with_profiling_reports_it },
   { NULL, NULL },
};
