/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * test_cl_intel: kiln's OpenCL ICD on an Intel render node, reached
 * through the ICD loader like any application.  There is no Intel GPU
 * here: the node is a noop one (Mesa's i915 drm-shim, or tests/drivers'
 * xe shim), which accepts every batch and executes none.  So what is
 * checked is what does not need the GPU to compute: the device Rusticl
 * lists (kiln's Intel screen, its name, vendor id and the features it
 * must not claim), buffers written, copied, filled, mapped and read back
 * (done by the CPU through the buffer objects' mappings, so their bytes
 * can be compared with a CPU reference), kernels that build and whose
 * launches and waits succeed, program-scope __global variables among
 * them, as are kernels that keep a private array in scratch memory and
 * launches whose last work-groups are partial (their output is not
 * checked: the noop GPU ran nothing, and the buffer is seen to hold what
 * was written), and kernels needing what the device lacks (doubles,
 * images) refused with an error, never run.
 *
 *   test_cl_intel intel NAME [xe]
 *                              the Intel device, named NAME; with xe, on
 *                              tests/drivers' xe node, whose record of
 *                              execs shows each launch's batch
 *   test_cl_intel fault NAME   the same on an xe node whose every dispatch
 *                              hangs or is banned: the launch is an error
 *   test_cl_intel fail-binds NAME
 *                              on an xe node whose every bind fails: a
 *                              buffer's creation is an error
 *   test_cl_intel sim          KILN_DEVICE=sim under the same shim: the
 *                              emulated gfx1030, whose results are checked
 *   test_cl_intel refused NODE MESSAGE
 *                              KILN_DEVICE=NODE, which kiln cannot drive:
 *                              no device, and stderr says why
 *
 * Expected values come from the OpenCL 3.0 specification and from the
 * same computations on the CPU here.
 */
#include "cl_test.h"
#include "intel_xe_noop_drm_shim.h"

#include <dlfcn.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *want_name;

static bool
device_uint(struct clt *t, cl_device_info param, cl_uint *v)
{
   CLT_OK(clGetDeviceInfo(t->device, param, sizeof(*v), v, NULL));
   return true;
}

/* The platform lists one device, kiln's Intel screen. */
static bool
intel_is_the_only_device(struct clt *t)
{
   cl_uint n = 0;
   CLT_OK(clGetDeviceIDs(t->platform, CL_DEVICE_TYPE_ALL, 0, NULL, &n));
   CLT_REQUIRE(n == 1, "the platform lists %u devices, not 1", n);
   char name[256], vendor[256];
   if (!clt_device_string(t, CL_DEVICE_NAME, name, sizeof(name)) ||
       !clt_device_string(t, CL_DEVICE_VENDOR, vendor, sizeof(vendor)))
      return false;
   CLT_REQUIRE(!strcmp(name, want_name), "CL_DEVICE_NAME is \"%s\", not \"%s\"", name, want_name);
   CLT_REQUIRE(!strcmp(vendor, "Intel"), "CL_DEVICE_VENDOR is \"%s\", not Intel", vendor);
   cl_uint vendor_id;
   if (!device_uint(t, CL_DEVICE_VENDOR_ID, &vendor_id))
      return false;
   /* Intel's PCI vendor id. */
   CLT_REQUIRE(vendor_id == 0x8086, "CL_DEVICE_VENDOR_ID is 0x%x, not 0x8086", vendor_id);
   cl_device_type type;
   CLT_OK(clGetDeviceInfo(t->device, CL_DEVICE_TYPE, sizeof(type), &type, NULL));
   CLT_REQUIRE(type & CL_DEVICE_TYPE_GPU, "CL_DEVICE_TYPE 0x%llx is not a GPU",
               (unsigned long long)type);
   return true;
}

/* Gen12 and Gen12.5 have no doubles and kiln no Intel images; nor does
 * the Intel path have generic pointers or device-side enqueue: none may be
 * claimed.  Non-uniform work-groups it has, and claims. */
static bool
intel_claims_nothing_it_lacks(struct clt *t)
{
   static char ext[8192];
   if (!clt_device_string(t, CL_DEVICE_EXTENSIONS, ext, sizeof(ext)))
      return false;
   CLT_REQUIRE(!strstr(ext, "cl_khr_fp64"), "cl_khr_fp64 is listed: %s", ext);
   CLT_REQUIRE(!strstr(ext, "cl_khr_3d_image_writes") && !strstr(ext, "image2d_from_buffer"),
               "an image extension is listed: %s", ext);
   cl_device_fp_config fp64;
   CLT_OK(clGetDeviceInfo(t->device, CL_DEVICE_DOUBLE_FP_CONFIG, sizeof(fp64), &fp64, NULL));
   CLT_REQUIRE(fp64 == 0, "CL_DEVICE_DOUBLE_FP_CONFIG is 0x%llx, not 0", (unsigned long long)fp64);
   cl_bool images, non_uniform, generic;
   CLT_OK(clGetDeviceInfo(t->device, CL_DEVICE_IMAGE_SUPPORT, sizeof(images), &images, NULL));
   CLT_REQUIRE(!images, "CL_DEVICE_IMAGE_SUPPORT is CL_TRUE");
   CLT_OK(clGetDeviceInfo(t->device, CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT, sizeof(non_uniform),
                          &non_uniform, NULL));
   CLT_REQUIRE(non_uniform, "CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT is CL_FALSE");
   CLT_OK(clGetDeviceInfo(t->device, CL_DEVICE_GENERIC_ADDRESS_SPACE_SUPPORT, sizeof(generic),
                          &generic, NULL));
   CLT_REQUIRE(!generic, "CL_DEVICE_GENERIC_ADDRESS_SPACE_SUPPORT is CL_TRUE");
   cl_device_device_enqueue_capabilities enqueue;
   CLT_OK(clGetDeviceInfo(t->device, CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES, sizeof(enqueue),
                          &enqueue, NULL));
   CLT_REQUIRE(enqueue == 0, "CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES is 0x%llx, not 0",
               (unsigned long long)enqueue);
   return true;
}

/* A write, a copy between buffers, a pattern fill, a write through a map
 * and a read back, against the same steps on the CPU. */
static bool
buffers_match_the_cpu(struct clt *t)
{
   enum { SIZE = 4096 };
   unsigned char *a = clt_defer(t, CLT_HOST, malloc(SIZE));
   unsigned char *b = clt_defer(t, CLT_HOST, malloc(SIZE));
   unsigned char *got = clt_defer(t, CLT_HOST, malloc(SIZE));
   CLT_REQUIRE(a && b && got, "out of host memory");
   clt_fill_random(a, SIZE, 12);
   clt_fill_random(b, SIZE, 34);
   cl_mem ma = clt_buffer(t, CL_MEM_READ_WRITE, SIZE, NULL);
   cl_mem mb = clt_buffer(t, CL_MEM_READ_WRITE, SIZE, NULL);
   if (!ma || !mb)
      return false;
   CLT_OK(clEnqueueWriteBuffer(t->queue, ma, CL_TRUE, 0, SIZE, a, 0, NULL, NULL));
   CLT_OK(clEnqueueWriteBuffer(t->queue, mb, CL_TRUE, 0, SIZE, b, 0, NULL, NULL));

   /* 1000 bytes of a from byte 123 to b's byte 2000. */
   CLT_OK(clEnqueueCopyBuffer(t->queue, ma, mb, 123, 2000, 1000, 0, NULL, NULL));
   memcpy(b + 2000, a + 123, 1000);
   /* b's bytes [64, 64 + 16 * 40) filled with a 16-byte pattern. */
   const unsigned char pattern[16] = { 1,    2,    3,    4,    5,    6,    7,    8,
                                       0xf0, 0xe1, 0xd2, 0xc3, 0xb4, 0xa5, 0x96, 0x87 };
   CLT_OK(clEnqueueFillBuffer(t->queue, mb, pattern, sizeof(pattern), 64, 16 * 40, 0, NULL, NULL));
   for (unsigned i = 0; i < 16 * 40; i++)
      b[64 + i] = pattern[i % 16];
   /* a's bytes [3000, 3100) written through a map. */
   cl_int err;
   unsigned char *map =
      clEnqueueMapBuffer(t->queue, ma, CL_TRUE, CL_MAP_WRITE, 3000, 100, 0, NULL, NULL, &err);
   CLT_REQUIRE(map, "clEnqueueMapBuffer returned %s", clt_error_name(err));
   for (unsigned i = 0; i < 100; i++)
      map[i] = a[3000 + i] = (unsigned char)(255 - i);
   CLT_OK(clEnqueueUnmapMemObject(t->queue, ma, map, 0, NULL, NULL));

   CLT_OK(clEnqueueReadBuffer(t->queue, mb, CL_TRUE, 0, SIZE, got, 0, NULL, NULL));
   for (unsigned i = 0; i < SIZE; i++)
      CLT_REQUIRE(got[i] == b[i], "b's byte %u is 0x%02x, the CPU's 0x%02x", i, got[i], b[i]);
   CLT_OK(clEnqueueReadBuffer(t->queue, ma, CL_TRUE, 0, SIZE, got, 0, NULL, NULL));
   for (unsigned i = 0; i < SIZE; i++)
      CLT_REQUIRE(got[i] == a[i], "a's byte %u is 0x%02x, the CPU's 0x%02x", i, got[i], a[i]);
   return true;
}

static const char axpy_src[] = "kernel void axpy(float a, global const float *x, global float *y)\n"
                               "{\n"
                               "   size_t i = get_global_id(0);\n"
                               "   y[i] = a * x[i] + y[i];\n"
                               "}\n";

enum { AXPY_N = 256 };

/* axpy's inputs, and the result a CPU computes. */
static void
axpy_inputs(float *x, float *y, float *want, float a)
{
   for (unsigned i = 0; i < AXPY_N; i++) {
      x[i] = 0.25f * (float)i - 7.0f;
      y[i] = 3.0f - 0.5f * (float)i;
      want[i] = a * x[i] + y[i];
   }
}

/* Launches axpy on AXPY_N items in groups of 16; y_out is read back. */
static bool
run_axpy(struct clt *t, const float *x, const float *y, float a, float *y_out)
{
   cl_program p = clt_build(t, axpy_src, NULL);
   if (!p)
      return false;
   cl_kernel k = clt_kernel(t, p, "axpy");
   cl_mem mx = clt_buffer(t, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, AXPY_N * 4, (void *)x);
   cl_mem my = clt_buffer(t, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, AXPY_N * 4, (void *)y);
   if (!k || !mx || !my)
      return false;
   CLT_OK(clSetKernelArg(k, 0, sizeof(a), &a));
   CLT_OK(clSetKernelArg(k, 1, sizeof(mx), &mx));
   CLT_OK(clSetKernelArg(k, 2, sizeof(my), &my));
   const size_t global = AXPY_N, local = 16;
   cl_event ev;
   CLT_OK(clEnqueueNDRangeKernel(t->queue, k, 1, NULL, &global, &local, 0, NULL, &ev));
   clt_defer(t, CLT_EVENT, ev);
   CLT_OK(clFinish(t->queue));
   cl_int status;
   CLT_OK(clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(status), &status, NULL));
   CLT_REQUIRE(status == CL_COMPLETE, "the launch's event status is %d, not CL_COMPLETE", status);
   CLT_OK(clEnqueueReadBuffer(t->queue, my, CL_TRUE, 0, AXPY_N * 4, y_out, 0, NULL, NULL));
   return true;
}

/* The program builds for the Intel target, and its launch is submitted
 * and waited for without error.  The noop GPU executes nothing, so y
 * must come back exactly as written: no other device (the emulator, the
 * CPU) ran the kernel in its place. */
static bool
intel_kernel_builds_and_launches(struct clt *t)
{
   float x[AXPY_N], y[AXPY_N], want[AXPY_N], got[AXPY_N];
   axpy_inputs(x, y, want, 2.5f);
   if (!run_axpy(t, x, y, 2.5f, got))
      return false;
   CLT_REQUIRE(!memcmp(got, y, sizeof(y)),
               "y changed on a GPU that executes nothing (y[1] %g, was %g)", got[1], y[1]);
   return true;
}

/* Launches k over global work-items in groups of local, waits, and checks
 * that buffer m still holds data: the noop GPU executes nothing, so a
 * change would mean something else ran the kernel in its place. */
static bool
launch_leaves_buffer(struct clt *t, cl_kernel k, const char *name, cl_mem m, const void *data,
                     size_t size, size_t global, size_t local)
{
   CLT_OK(clEnqueueNDRangeKernel(t->queue, k, 1, NULL, &global, &local, 0, NULL, NULL));
   CLT_OK(clFinish(t->queue));
   uint8_t got[256];
   CLT_REQUIRE(size <= sizeof(got), "a %zu-byte buffer is too large to compare", size);
   CLT_OK(clEnqueueReadBuffer(t->queue, m, CL_TRUE, 0, size, got, 0, NULL, NULL));
   CLT_REQUIRE(!memcmp(got, data, size),
               "kernel %s changed its buffer on a GPU that executes nothing", name);
   return true;
}

/* Kernels of the kinds the Intel path launches (a __local argument and
 * barriers, atomics on global and local memory, a __constant table and
 * 64-bit arithmetic, printf) build, and their launches complete; the
 * noop GPU runs nothing, so the buffer stays as written. */
static bool
intel_common_kernels_launch(struct clt *t)
{
   static const struct {
      const char *name, *src;
      bool local_arg, long_arg;
   } kernels[] = {
      { "reduce",
        "kernel void reduce(global int *io, local int *tmp)\n"
        "{\n"
        "   size_t l = get_local_id(0);\n"
        "   tmp[l] = io[get_global_id(0)];\n"
        "   barrier(CLK_LOCAL_MEM_FENCE);\n"
        "   for (size_t s = get_local_size(0) / 2; s > 0; s /= 2) {\n"
        "      if (l < s)\n"
        "         tmp[l] += tmp[l + s];\n"
        "      barrier(CLK_LOCAL_MEM_FENCE);\n"
        "   }\n"
        "   if (l == 0)\n"
        "      io[get_group_id(0)] = tmp[0];\n"
        "}\n",
        true, false },
      { "count",
        "kernel void count(global int *io, local int *n)\n"
        "{\n"
        "   if (get_local_id(0) == 0)\n"
        "      *n = 0;\n"
        "   barrier(CLK_LOCAL_MEM_FENCE);\n"
        "   atomic_inc(n);\n"
        "   barrier(CLK_LOCAL_MEM_FENCE);\n"
        "   if (get_local_id(0) == 0)\n"
        "      atomic_add(io, *n);\n"
        "}\n",
        true, false },
      { "table",
        "constant int tab[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };\n"
        "kernel void table(global int *io, long b)\n"
        "{\n"
        "   size_t i = get_global_id(0);\n"
        "   io[i] = tab[i & 7] * (int)(b >> 33) + (int)mul_hi(b, (long)i);\n"
        "}\n",
        false, true },
      { "say",
        "kernel void say(global int *io)\n"
        "{\n"
        "   printf(\"%d\\n\", io[get_global_id(0)]);\n"
        "}\n",
        false, false },
   };
   enum { N = 64 };
   int data[N];
   for (unsigned i = 0; i < N; i++)
      data[i] = (int)(i * 7 + 1);
   for (unsigned i = 0; i < CLT_ARRAY_SIZE(kernels); i++) {
      cl_program p = clt_build(t, kernels[i].src, NULL);
      if (!p)
         return false;
      cl_kernel k = clt_kernel(t, p, kernels[i].name);
      cl_mem m = clt_buffer(t, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof(data), data);
      if (!k || !m)
         return false;
      const size_t global = N, local = 16;
      CLT_OK(clSetKernelArg(k, 0, sizeof(m), &m));
      if (kernels[i].local_arg)
         CLT_OK(clSetKernelArg(k, 1, local * sizeof(int), NULL));
      if (kernels[i].long_arg) {
         const cl_long b = INT64_C(0x123456789a);
         CLT_OK(clSetKernelArg(k, 1, sizeof(b), &b));
      }
      if (!launch_leaves_buffer(t, k, kernels[i].name, m, data, sizeof(data), global, local))
         return false;
   }
   return true;
}

/* Program-scope __global variables (OpenCL C 3.0 6.8, with
 * __opencl_c_program_scope_global_variables): offered, with at least the
 * 64 KiB OpenCL 3.0 4.2 asks for, and a program that has some, one
 * pointing at another, builds and launches. */
static bool
intel_program_globals_launch(struct clt *t)
{
   size_t size;
   CLT_OK(
      clGetDeviceInfo(t->device, CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE, sizeof(size), &size, NULL));
   CLT_REQUIRE(size >= 65536, "CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE is %zu, under 64 KiB", size);
   /* The variables are one buffer: no larger than the largest buffer. */
   cl_ulong max_alloc;
   CLT_OK(clGetDeviceInfo(t->device, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof(max_alloc), &max_alloc,
                          NULL));
   CLT_REQUIRE(size <= max_alloc,
               "CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE %zu exceeds "
               "CL_DEVICE_MAX_MEM_ALLOC_SIZE %llu",
               size, (unsigned long long)max_alloc);
   cl_program p = clt_build(t,
                            "global int counter = 5;\n"
                            "global int *global next = &counter;\n"
                            "kernel void bump(global int *out)\n"
                            "{\n"
                            "   out[get_global_id(0)] = atomic_inc(next);\n"
                            "}\n",
                            "-cl-std=CL3.0");
   if (!p)
      return false;
   cl_kernel k = clt_kernel(t, p, "bump");
   int data[16];
   for (unsigned i = 0; i < 16; i++)
      data[i] = -(int)i;
   cl_mem m = clt_buffer(t, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof(data), data);
   if (!k || !m)
      return false;
   CLT_OK(clSetKernelArg(k, 0, sizeof(m), &m));
   return launch_leaves_buffer(t, k, "bump", m, data, sizeof(data), 16, 16);
}

/* On the xe node, whose record of execs the test reaches (the shim's
 * kiln_xe_shim_last_exec, intel_xe_noop_drm_shim.h): a launch reaches the
 * kernel driver as an executed batch (the shim refuses an exec whose
 * batch lies in no VM binding).  Runs first, so no batch was executed
 * before; the batch is unbound again once the launch has been waited
 * for. */
static bool
intel_launch_submits_a_batch(struct clt *t)
{
   kiln_xe_shim_last_exec_fn last_exec =
      (kiln_xe_shim_last_exec_fn)dlsym(RTLD_DEFAULT, "kiln_xe_shim_last_exec");
   CLT_REQUIRE(last_exec, "the xe shim is not preloaded");
   CLT_REQUIRE(last_exec() == 0, "a batch ran before the first launch");
   float x[AXPY_N], y[AXPY_N], want[AXPY_N], got[AXPY_N];
   axpy_inputs(x, y, want, 2.5f);
   if (!run_axpy(t, x, y, 2.5f, got))
      return false;
   CLT_REQUIRE(last_exec() != 0, "the launch executed no batch");
   return true;
}

/* OpenCL 3.0 5.10 (clEnqueueNDRangeKernel): with non-uniform work-group
 * support, a global size the local size does not divide is launched, its
 * last work-group partial (10 work-items in groups of 4); the command
 * completes and the noop GPU leaves the buffer as written. */
static bool
intel_partial_groups_launch(struct clt *t)
{
   cl_program p = clt_build(t, axpy_src, "-cl-std=CL3.0");
   if (!p)
      return false;
   cl_kernel k = clt_kernel(t, p, "axpy");
   float data[16];
   for (unsigned i = 0; i < 16; i++)
      data[i] = (float)i;
   cl_mem m = clt_buffer(t, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof(data), data);
   if (!k || !m)
      return false;
   const float a = 1.0f;
   CLT_OK(clSetKernelArg(k, 0, sizeof(a), &a));
   CLT_OK(clSetKernelArg(k, 1, sizeof(m), &m));
   CLT_OK(clSetKernelArg(k, 2, sizeof(m), &m));
   return launch_leaves_buffer(t, k, "axpy", m, data, sizeof(data), 10, 4);
}

/* A private array indexed at run time, which brw keeps in scratch
 * memory: the kernel builds and its launch completes. */
static bool
intel_scratch_kernels_launch(struct clt *t)
{
   cl_program p = clt_build(t,
                            "kernel void private_table(global int *out, int n)\n"
                            "{\n"
                            "   int table[256];\n"
                            "   for (int i = 0; i < 256; i++)\n"
                            "      table[i] = i * n;\n"
                            "   out[get_global_id(0)] = table[(get_global_id(0) * 7 + n) % 256];\n"
                            "}\n",
                            NULL);
   if (!p)
      return false;
   cl_kernel k = clt_kernel(t, p, "private_table");
   if (!k)
      return false;
   /* OpenCL 3.0 5.9.4: the private memory a work-item uses, here at
    * least the 256-int table. */
   cl_ulong priv = 0;
   CLT_OK(clGetKernelWorkGroupInfo(k, t->device, CL_KERNEL_PRIVATE_MEM_SIZE, sizeof(priv), &priv,
                                   NULL));
   CLT_REQUIRE(priv >= 256 * sizeof(int),
               "CL_KERNEL_PRIVATE_MEM_SIZE is %llu, under the "
               "table's %zu bytes",
               (unsigned long long)priv, 256 * sizeof(int));
   int data[16];
   for (unsigned i = 0; i < 16; i++)
      data[i] = -(int)i;
   cl_mem m = clt_buffer(t, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof(data), data);
   if (!k || !m)
      return false;
   const int n = 3;
   CLT_OK(clSetKernelArg(k, 0, sizeof(m), &m));
   CLT_OK(clSetKernelArg(k, 1, sizeof(n), &n));
   return launch_leaves_buffer(t, k, "private_table", m, data, sizeof(data), 16, 16);
}

/* A program the device cannot build fails with CL_BUILD_PROGRAM_FAILURE
 * and its build status is CL_BUILD_ERROR; when want_in_log is given, the
 * log names it. */
static bool
build_fails(struct clt *t, const char *src, const char *want_in_log)
{
   cl_int err;
   cl_program p = clCreateProgramWithSource(t->ctx, 1, &src, NULL, &err);
   CLT_REQUIRE(p, "clCreateProgramWithSource returned %s", clt_error_name(err));
   clt_defer(t, CLT_PROGRAM, p);
   CLT_ERR(CL_BUILD_PROGRAM_FAILURE, clBuildProgram(p, 1, &t->device, NULL, NULL, NULL));
   cl_build_status status;
   CLT_OK(
      clGetProgramBuildInfo(p, t->device, CL_PROGRAM_BUILD_STATUS, sizeof(status), &status, NULL));
   CLT_REQUIRE(status == CL_BUILD_ERROR, "the build status is %d, not CL_BUILD_ERROR", status);
   if (want_in_log) {
      char log[4096] = "";
      CLT_OK(clGetProgramBuildInfo(p, t->device, CL_PROGRAM_BUILD_LOG, sizeof(log) - 1, log, NULL));
      CLT_REQUIRE(strstr(log, want_in_log), "the build log does not name %s:\n%s", want_in_log,
                  log);
   }
   return true;
}

/* OpenCL C 1.2 6.1.1.1: double needs cl_khr_fp64, which is not offered. */
static bool
intel_doubles_do_not_build(struct clt *t)
{
   return build_fails(t,
                      "kernel void twice(global double *d)\n"
                      "{\n"
                      "   d[get_global_id(0)] *= 2.0;\n"
                      "}\n",
                      "double");
}

/* Image arguments: the device has no image support, so a kernel reading
 * one must not build (the reason is on stderr when the front end accepts
 * the source and kiln's Intel backend refuses it). */
static bool
intel_images_do_not_build(struct clt *t)
{
   return build_fails(t,
                      "kernel void load(read_only image2d_t img, global float4 *out)\n"
                      "{\n"
                      "   out[0] = read_imagef(img, (int2)(0, 0));\n"
                      "}\n",
                      NULL);
}

/* The xe node hangs or bans every dispatch (KILN_XE_SHIM_FAULT): the
 * launch must end as an error, never as a completed command.  OpenCL 3.0
 * 5.11: a command that ends abnormally has a negative execution status. */
static bool
intel_faulting_launch_is_an_error(struct clt *t)
{
   cl_program p = clt_build(t, axpy_src, NULL);
   if (!p)
      return false;
   cl_kernel k = clt_kernel(t, p, "axpy");
   cl_mem m = clt_buffer(t, CL_MEM_READ_WRITE, AXPY_N * 4, NULL);
   if (!k || !m)
      return false;
   const float a = 1.0f;
   CLT_OK(clSetKernelArg(k, 0, sizeof(a), &a));
   CLT_OK(clSetKernelArg(k, 1, sizeof(m), &m));
   CLT_OK(clSetKernelArg(k, 2, sizeof(m), &m));
   const size_t global = AXPY_N, local = 16;
   cl_event ev;
   CLT_OK(clEnqueueNDRangeKernel(t->queue, k, 1, NULL, &global, &local, 0, NULL, &ev));
   clt_defer(t, CLT_EVENT, ev);
   const cl_int finish = clFinish(t->queue);
   CLT_REQUIRE(finish != CL_SUCCESS, "clFinish returned CL_SUCCESS after a faulting launch");
   cl_int status;
   CLT_OK(clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(status), &status, NULL));
   CLT_REQUIRE(status < 0, "the faulting launch's event status is %d, not negative", status);
   return true;
}

/* The xe node fails every VM bind (KILN_XE_SHIM_FAULT=fail-binds), so no
 * buffer object can be placed: OpenCL 3.0 5.2.1, clCreateBuffer fails with
 * CL_MEM_OBJECT_ALLOCATION_FAILURE or CL_OUT_OF_RESOURCES and returns no
 * buffer. */
static bool
intel_failed_allocation_is_an_error(struct clt *t)
{
   cl_int err;
   cl_mem m = clCreateBuffer(t->ctx, CL_MEM_READ_WRITE, 4096, NULL, &err);
   clt_defer(t, CLT_MEM, m);
   CLT_REQUIRE(!m && (err == CL_MEM_OBJECT_ALLOCATION_FAILURE || err == CL_OUT_OF_RESOURCES),
               "clCreateBuffer returned %s and %s a buffer", clt_error_name(err),
               m ? "made" : "no");
   return true;
}

static const struct clt_check bind_fault_checks[] = {
   { "intel.is-the-only-device", intel_is_the_only_device },
   { "intel.failed-allocation-is-an-error", intel_failed_allocation_is_an_error },
   { NULL, NULL },
};

static const struct clt_check fault_checks[] = {
   { "intel.is-the-only-device", intel_is_the_only_device },
   { "intel.faulting-launch-is-an-error", intel_faulting_launch_is_an_error },
   { NULL, NULL },
};

static const struct clt_check xe_checks[] = {
   { "intel.launch-submits-a-batch", intel_launch_submits_a_batch },
   { NULL, NULL },
};

static const struct clt_check intel_checks[] = {
   { "intel.is-the-only-device", intel_is_the_only_device },
   { "intel.claims-nothing-it-lacks", intel_claims_nothing_it_lacks },
   { "intel.buffers-match-the-cpu", buffers_match_the_cpu },
   { "intel.kernel-builds-and-launches", intel_kernel_builds_and_launches },
   { "intel.common-kernels-launch", intel_common_kernels_launch },
   { "intel.program-globals-launch", intel_program_globals_launch },
   { "intel.partial-groups-launch", intel_partial_groups_launch },
   { "intel.scratch-kernels-launch", intel_scratch_kernels_launch },
   { "intel.doubles-do-not-build", intel_doubles_do_not_build },
   { "intel.images-do-not-build", intel_images_do_not_build },
   { NULL, NULL },
};

/* KILN_DEVICE=sim chooses the emulated gfx1030, even with an Intel node
 * present. */
static bool
sim_is_the_device(struct clt *t)
{
   char name[256];
   if (!clt_device_string(t, CL_DEVICE_NAME, name, sizeof(name)))
      return false;
   CLT_REQUIRE(!strcmp(name, "kiln gfx1030 (emulated)"),
               "CL_DEVICE_NAME is \"%s\", not the emulated gfx1030", name);
   cl_uint vendor_id;
   if (!device_uint(t, CL_DEVICE_VENDOR_ID, &vendor_id))
      return false;
   /* AMD's PCI vendor id. */
   CLT_REQUIRE(vendor_id == 0x1002, "CL_DEVICE_VENDOR_ID is 0x%x, not 0x1002", vendor_id);
   return true;
}

static bool
sim_computes_axpy(struct clt *t)
{
   float x[AXPY_N], y[AXPY_N], want[AXPY_N], got[AXPY_N];
   axpy_inputs(x, y, want, 2.5f);
   if (!run_axpy(t, x, y, 2.5f, got))
      return false;
   /* Every x, y, a * x and a * x + y is a small multiple of 1/8, exact in
    * single precision whether or not the multiply-add is contracted. */
   for (unsigned i = 0; i < AXPY_N; i++)
      CLT_REQUIRE(got[i] == want[i], "y[%u] is %.9g, the CPU's %.9g", i, got[i], want[i]);
   return true;
}

static const struct clt_check sim_checks[] = {
   { "sim.is-the-device", sim_is_the_device },
   { "sim.computes-axpy", sim_computes_axpy },
   { NULL, NULL },
};

/* KILN_DEVICE names a node kiln cannot drive: the platform has no device
 * (OpenCL 3.0 4.2: clGetDeviceIDs is CL_DEVICE_NOT_FOUND), and what kiln
 * says on stderr names the node and contains want.  Returns the exit
 * status. */
static int
run_refused(const char *node, const char *want)
{
   FILE *log = tmpfile();
   if (!log) {
      perror("test_cl_intel: tmpfile");
      return 1;
   }
   fflush(stderr);
   const int saved = dup(2);
   dup2(fileno(log), 2);
   cl_platform_id platform;
   cl_uint n = 0, devices = 0;
   cl_int err = clGetPlatformIDs(1, &platform, &n);
   cl_int dev_err = CL_INVALID_PLATFORM;
   if (err == CL_SUCCESS && n)
      dev_err = clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 0, NULL, &devices);
   fflush(stderr);
   dup2(saved, 2);
   close(saved);

   char said[4096] = "";
   rewind(log);
   said[fread(said, 1, sizeof(said) - 1, log)] = '\0';
   fclose(log);
   bool ok = true;
   if (err != CL_SUCCESS || n != 1) {
      printf("FAIL refused.platform-is-listed: clGetPlatformIDs returned %s, %u platforms\n",
             clt_error_name(err), n);
      ok = false;
   } else if (dev_err != CL_DEVICE_NOT_FOUND) {
      printf("FAIL refused.no-device: clGetDeviceIDs returned %s (%u devices), not "
             "CL_DEVICE_NOT_FOUND\n",
             clt_error_name(dev_err), devices);
      ok = false;
   } else {
      printf("PASS refused.no-device\n");
   }
   if (!strstr(said, node) || !strstr(said, want)) {
      printf("FAIL refused.says-why: stderr does not name %s and \"%s\":\n%s\n", node, want, said);
      ok = false;
   } else {
      printf("PASS refused.says-why\n");
   }
   return ok ? 0 : 1;
}

/* The only platform the loader finds (OCL_ICD_VENDORS names kiln alone),
 * its one device, a context and an in-order queue. */
static bool
open_kiln(struct clt *t)
{
   cl_uint n = 0;
   cl_int err = clGetPlatformIDs(1, &t->platform, &n);
   if (err != CL_SUCCESS || n < 1) {
      fprintf(stderr, "test_cl_intel: no OpenCL platform (%s)\n", clt_error_name(err));
      return false;
   }
   err = clGetDeviceIDs(t->platform, CL_DEVICE_TYPE_ALL, 1, &t->device, NULL);
   if (err != CL_SUCCESS) {
      fprintf(stderr, "test_cl_intel: clGetDeviceIDs returned %s\n", clt_error_name(err));
      return false;
   }
   t->ctx = clCreateContext(NULL, 1, &t->device, NULL, NULL, &err);
   if (!t->ctx) {
      fprintf(stderr, "test_cl_intel: clCreateContext returned %s\n", clt_error_name(err));
      return false;
   }
   t->queue = clCreateCommandQueue(t->ctx, t->device, 0, &err);
   if (!t->queue) {
      fprintf(stderr, "test_cl_intel: clCreateCommandQueue returned %s\n", clt_error_name(err));
      return false;
   }
   return true;
}

static void
run_checks(struct clt *t, const struct clt_check *checks, unsigned *passed, unsigned *failed)
{
   for (const struct clt_check *c = checks; c->name; c++) {
      t->reason[0] = '\0';
      bool ok = c->run(t);
      clt_release_deferred(t);
      if (ok) {
         printf("PASS %s\n", c->name);
         (*passed)++;
      } else {
         printf("FAIL %s: %s\n", c->name, t->reason[0] ? t->reason : "(no reason given)");
         (*failed)++;
      }
      fflush(stdout);
   }
}

int
main(int argc, char **argv)
{
   const struct clt_check *first = NULL, *checks;
   if ((argc == 3 || (argc == 4 && !strcmp(argv[3], "xe"))) && !strcmp(argv[1], "intel")) {
      want_name = argv[2];
      first = argc == 4 ? xe_checks : NULL;
      checks = intel_checks;
   } else if (argc == 3 && !strcmp(argv[1], "fault")) {
      want_name = argv[2];
      checks = fault_checks;
   } else if (argc == 3 && !strcmp(argv[1], "fail-binds")) {
      want_name = argv[2];
      checks = bind_fault_checks;
   } else if (argc == 4 && !strcmp(argv[1], "refused")) {
      return run_refused(argv[2], argv[3]);
   } else if (argc == 2 && !strcmp(argv[1], "sim")) {
      checks = sim_checks;
   } else {
      fprintf(stderr,
              "usage: %s intel DEVICE-NAME [xe] | fault|fail-binds DEVICE-NAME | sim | "
              "refused NODE MESSAGE\n",
              argv[0]);
      return 2;
   }

   static struct clt t;
   if (!open_kiln(&t))
      return 1;
   unsigned passed = 0, failed = 0;
   if (first)
      run_checks(&t, first, &passed, &failed);
   run_checks(&t, checks, &passed, &failed);
   clReleaseCommandQueue(t.queue);
   clReleaseContext(t.ctx);
   printf("%u passed, %u failed\n", passed, failed);
   return failed ? 1 : 0;
}
