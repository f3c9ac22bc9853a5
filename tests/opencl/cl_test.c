/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The helpers every check uses: failure reasons, error names, the objects
 * released after each check, program builds that report their log, and
 * string queries. Kept apart from main() so that the checks read as the
 * rules they test.
 */
#include "cl_test.h"

#include <regex.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool
clt_fail(struct clt *t, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(t->reason, sizeof(t->reason), fmt, ap);
   va_end(ap);
   return false;
}

const char *
clt_error_name(cl_int err)
{
#define E(x)                                                                                       \
   case x:                                                                                         \
      return #x;
   switch (err) {
      E(CL_SUCCESS)
      E(CL_DEVICE_NOT_FOUND)
      E(CL_DEVICE_NOT_AVAILABLE)
      E(CL_COMPILER_NOT_AVAILABLE)
      E(CL_MEM_OBJECT_ALLOCATION_FAILURE)
      E(CL_OUT_OF_RESOURCES)
      E(CL_OUT_OF_HOST_MEMORY)
      E(CL_PROFILING_INFO_NOT_AVAILABLE)
      E(CL_MEM_COPY_OVERLAP)
      E(CL_IMAGE_FORMAT_MISMATCH)
      E(CL_IMAGE_FORMAT_NOT_SUPPORTED)
      E(CL_BUILD_PROGRAM_FAILURE)
      E(CL_MAP_FAILURE)
      E(CL_MISALIGNED_SUB_BUFFER_OFFSET)
      E(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST)
      E(CL_COMPILE_PROGRAM_FAILURE)
      E(CL_LINKER_NOT_AVAILABLE)
      E(CL_LINK_PROGRAM_FAILURE)
      E(CL_DEVICE_PARTITION_FAILED)
      E(CL_KERNEL_ARG_INFO_NOT_AVAILABLE)
      E(CL_INVALID_VALUE)
      E(CL_INVALID_DEVICE_TYPE)
      E(CL_INVALID_PLATFORM)
      E(CL_INVALID_DEVICE)
      E(CL_INVALID_CONTEXT)
      E(CL_INVALID_QUEUE_PROPERTIES)
      E(CL_INVALID_COMMAND_QUEUE)
      E(CL_INVALID_HOST_PTR)
      E(CL_INVALID_MEM_OBJECT)
      E(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR)
      E(CL_INVALID_IMAGE_SIZE)
      E(CL_INVALID_SAMPLER)
      E(CL_INVALID_BINARY)
      E(CL_INVALID_BUILD_OPTIONS)
      E(CL_INVALID_PROGRAM)
      E(CL_INVALID_PROGRAM_EXECUTABLE)
      E(CL_INVALID_KERNEL_NAME)
      E(CL_INVALID_KERNEL_DEFINITION)
      E(CL_INVALID_KERNEL)
      E(CL_INVALID_ARG_INDEX)
      E(CL_INVALID_ARG_VALUE)
      E(CL_INVALID_ARG_SIZE)
      E(CL_INVALID_KERNEL_ARGS)
      E(CL_INVALID_WORK_DIMENSION)
      E(CL_INVALID_WORK_GROUP_SIZE)
      E(CL_INVALID_WORK_ITEM_SIZE)
      E(CL_INVALID_GLOBAL_OFFSET)
      E(CL_INVALID_EVENT_WAIT_LIST)
      E(CL_INVALID_EVENT)
      E(CL_INVALID_OPERATION)
      E(CL_INVALID_GL_OBJECT)
      E(CL_INVALID_BUFFER_SIZE)
      E(CL_INVALID_MIP_LEVEL)
      E(CL_INVALID_GLOBAL_WORK_SIZE)
      E(CL_INVALID_PROPERTY)
      E(CL_INVALID_IMAGE_DESCRIPTOR)
      E(CL_INVALID_COMPILER_OPTIONS)
      E(CL_INVALID_LINKER_OPTIONS)
      E(CL_INVALID_DEVICE_PARTITION_COUNT)
      E(CL_INVALID_PIPE_SIZE)
      E(CL_INVALID_DEVICE_QUEUE)
      E(CL_INVALID_SPEC_ID)
      E(CL_MAX_SIZE_RESTRICTION_EXCEEDED)
   default:
      break;
   }
#undef E
   static _Thread_local char unknown[32];
   snprintf(unknown, sizeof(unknown), "error %d", err);
   return unknown;
}

void *
clt_defer(struct clt *t, enum clt_kind kind, void *obj)
{
   if (!obj)
      return NULL;
   if (t->num_deferred == CLT_MAX_DEFERRED) {
      fprintf(stderr, "test_cl_api: more than %d objects in one check\n", CLT_MAX_DEFERRED);
      abort();
   }
   t->deferred[t->num_deferred].kind = kind;
   t->deferred[t->num_deferred].obj = obj;
   t->num_deferred++;
   return obj;
}

/* In reverse order of creation: kernels before their programs. */
void
clt_release_deferred(struct clt *t)
{
   while (t->num_deferred) {
      t->num_deferred--;
      void *obj = t->deferred[t->num_deferred].obj;
      switch (t->deferred[t->num_deferred].kind) {
      case CLT_MEM:
         clReleaseMemObject(obj);
         break;
      case CLT_PROGRAM:
         clReleaseProgram(obj);
         break;
      case CLT_KERNEL:
         clReleaseKernel(obj);
         break;
      case CLT_EVENT:
         clReleaseEvent(obj);
         break;
      case CLT_QUEUE:
         clReleaseCommandQueue(obj);
         break;
      case CLT_CONTEXT:
         clReleaseContext(obj);
         break;
      case CLT_HOST:
         free(obj);
         break;
      }
   }
}

cl_program
clt_build(struct clt *t, const char *src, const char *options)
{
   cl_int err;
   cl_program p = clCreateProgramWithSource(t->ctx, 1, &src, NULL, &err);
   if (!p) {
      clt_fail(t, "clCreateProgramWithSource returned %s", clt_error_name(err));
      return NULL;
   }
   clt_defer(t, CLT_PROGRAM, p);
   err = clBuildProgram(p, 1, &t->device, options, NULL, NULL);
   if (err != CL_SUCCESS) {
      char log[1536] = "";
      clGetProgramBuildInfo(p, t->device, CL_PROGRAM_BUILD_LOG, sizeof(log) - 1, log, NULL);
      clt_fail(t, "clBuildProgram(\"%s\") returned %s; log:\n%s", options ? options : "",
               clt_error_name(err), log);
      return NULL;
   }
   return p;
}

cl_kernel
clt_kernel(struct clt *t, cl_program program, const char *name)
{
   cl_int err;
   cl_kernel k = clCreateKernel(program, name, &err);
   if (!k)
      clt_fail(t, "clCreateKernel(%s) returned %s", name, clt_error_name(err));
   return clt_defer(t, CLT_KERNEL, k);
}

cl_mem
clt_buffer(struct clt *t, cl_mem_flags flags, size_t size, void *host_ptr)
{
   cl_int err;
   cl_mem m = clCreateBuffer(t->ctx, flags, size, host_ptr, &err);
   if (!m)
      clt_fail(t, "clCreateBuffer(%zu bytes) returned %s", size, clt_error_name(err));
   return clt_defer(t, CLT_MEM, m);
}

bool
clt_device_string(struct clt *t, cl_device_info param, char *buf, size_t size)
{
   cl_int err = clGetDeviceInfo(t->device, param, size, buf, NULL);
   if (err != CL_SUCCESS)
      return clt_fail(t, "clGetDeviceInfo(0x%x) returned %s", (unsigned)param, clt_error_name(err));
   return true;
}

bool
clt_platform_string(struct clt *t, cl_platform_info param, char *buf, size_t size)
{
   cl_int err = clGetPlatformInfo(t->platform, param, size, buf, NULL);
   if (err != CL_SUCCESS)
      return clt_fail(t, "clGetPlatformInfo(0x%x) returned %s", (unsigned)param,
                      clt_error_name(err));
   return true;
}

bool
clt_matches(const char *s, const char *re)
{
   regex_t rx;
   if (regcomp(&rx, re, REG_EXTENDED | REG_NOSUB))
      return false;
   bool match = regexec(&rx, s, 0, NULL, 0) == 0;
   regfree(&rx);
   return match;
}

void
clt_fill_random(void *p, size_t size, unsigned seed)
{
   /* xorshift32: cheap, and never zero after the first step. */
   uint32_t x = seed * 2654435761u + 1;
   unsigned char *b = p;
   for (size_t i = 0; i < size; i++) {
      x ^= x << 13;
      x ^= x >> 17;
      x ^= x << 5;
      b[i] = (unsigned char)(x >> 24);
   }
}
