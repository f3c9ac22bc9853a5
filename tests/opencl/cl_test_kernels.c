/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Kernel objects (OpenCL 3.0 API §5.9): what clGetKernelInfo,
 * clGetKernelArgInfo and clGetKernelWorkGroupInfo say about a kernel whose
 * source the check wrote, so every expected answer is in that source.
 */
#include "cl_test.h"

#include <CL/cl_ext.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char args_src[] =
   "kernel void args(global const float * restrict src, local int *scratch,\n"
   "                 constant float4 *coeffs, unsigned int n, volatile global int *flag,\n"
   "                 float4 scale)\n"
   "{\n"
   "   scratch[0] = (int)n;\n"
   "   *flag = scratch[0] + (int)(src[0] * coeffs[0].x * scale.y);\n"
   "}\n"
   "__attribute__((reqd_work_group_size(4, 2, 1)))\n"
   "kernel void fixed(global int *out)\n"
   "{\n"
   "   local int tile[64];\n"
   "   tile[get_local_id(0)] = 1;\n"
   "   barrier(CLK_LOCAL_MEM_FENCE);\n"
   "   out[get_global_id(0)] = tile[0];\n"
   "}\n";

static bool
kernel_info_names_the_kernel(struct clt *t)
{
   cl_program p = clt_build(t, args_src, "");
   cl_kernel k = p ? clt_kernel(t, p, "args") : NULL;
   if (!k)
      return false;
   char name[64] = "";
   cl_uint nargs = 0;
   cl_program kp = NULL;
   cl_context kc = NULL;
   CLT_OK(clGetKernelInfo(k, CL_KERNEL_FUNCTION_NAME, sizeof(name), name, NULL));
   CLT_REQUIRE(!strcmp(name, "args"), "CL_KERNEL_FUNCTION_NAME is \"%s\", not \"args\"", name);
   CLT_OK(clGetKernelInfo(k, CL_KERNEL_NUM_ARGS, sizeof(nargs), &nargs, NULL));
   CLT_REQUIRE(nargs == 6, "CL_KERNEL_NUM_ARGS is %u; the kernel has 6", nargs);
   CLT_OK(clGetKernelInfo(k, CL_KERNEL_PROGRAM, sizeof(kp), &kp, NULL));
   CLT_OK(clGetKernelInfo(k, CL_KERNEL_CONTEXT, sizeof(kc), &kc, NULL));
   CLT_REQUIRE(kp == p && kc == t->ctx, "CL_KERNEL_PROGRAM / CL_KERNEL_CONTEXT are not its own");
   return true;
}

/*
 * §5.9.3 with -cl-kernel-arg-info: names as declared; type names without
 * qualifiers or spaces, unsigned types as uchar/ushort/uint/ulong; the
 * address space; const, restrict and volatile on what a pointer points to.
 */
static bool
kernel_arg_info_describes_the_arguments(struct clt *t)
{
   static const struct {
      const char *name, *type;
      cl_kernel_arg_address_qualifier address;
      cl_kernel_arg_type_qualifier type_qualifier; /* ~0: not checked */
   } want[] = {
      { "src", "float*", CL_KERNEL_ARG_ADDRESS_GLOBAL,
        CL_KERNEL_ARG_TYPE_CONST | CL_KERNEL_ARG_TYPE_RESTRICT },
      { "scratch", "int*", CL_KERNEL_ARG_ADDRESS_LOCAL, CL_KERNEL_ARG_TYPE_NONE },
      /* A pointer to constant memory may or may not report CONST. */
      { "coeffs", "float4*", CL_KERNEL_ARG_ADDRESS_CONSTANT, ~(cl_kernel_arg_type_qualifier)0 },
      { "n", "uint", CL_KERNEL_ARG_ADDRESS_PRIVATE, CL_KERNEL_ARG_TYPE_NONE },
      { "flag", "int*", CL_KERNEL_ARG_ADDRESS_GLOBAL, CL_KERNEL_ARG_TYPE_VOLATILE },
      { "scale", "float4", CL_KERNEL_ARG_ADDRESS_PRIVATE, CL_KERNEL_ARG_TYPE_NONE },
   };
   cl_program p = clt_build(t, args_src, "-cl-kernel-arg-info");
   cl_kernel k = p ? clt_kernel(t, p, "args") : NULL;
   if (!k)
      return false;
   for (cl_uint i = 0; i < CLT_ARRAY_SIZE(want); i++) {
      char name[64] = "", type[64] = "";
      cl_kernel_arg_address_qualifier address = 0;
      cl_kernel_arg_access_qualifier access = 0;
      cl_kernel_arg_type_qualifier tq = 0;
      CLT_OK(clGetKernelArgInfo(k, i, CL_KERNEL_ARG_NAME, sizeof(name), name, NULL));
      CLT_OK(clGetKernelArgInfo(k, i, CL_KERNEL_ARG_TYPE_NAME, sizeof(type), type, NULL));
      CLT_OK(clGetKernelArgInfo(k, i, CL_KERNEL_ARG_ADDRESS_QUALIFIER, sizeof(address), &address,
                                NULL));
      CLT_OK(
         clGetKernelArgInfo(k, i, CL_KERNEL_ARG_ACCESS_QUALIFIER, sizeof(access), &access, NULL));
      CLT_OK(clGetKernelArgInfo(k, i, CL_KERNEL_ARG_TYPE_QUALIFIER, sizeof(tq), &tq, NULL));
      CLT_REQUIRE(!strcmp(name, want[i].name), "argument %u is named \"%s\", not \"%s\"", i, name,
                  want[i].name);
      CLT_REQUIRE(!strcmp(type, want[i].type), "argument %u (%s) has type name \"%s\", not \"%s\"",
                  i, want[i].name, type, want[i].type);
      CLT_REQUIRE(address == want[i].address,
                  "argument %u (%s) has address qualifier 0x%x, "
                  "not 0x%x",
                  i, want[i].name, (unsigned)address, (unsigned)want[i].address);
      CLT_REQUIRE(access == CL_KERNEL_ARG_ACCESS_NONE,
                  "argument %u (%s) has access qualifier "
                  "0x%x; only images have one",
                  i, want[i].name, (unsigned)access);
      if (want[i].type_qualifier != ~(cl_kernel_arg_type_qualifier)0)
         CLT_REQUIRE(tq == want[i].type_qualifier,
                     "argument %u (%s) has type qualifiers 0x%x, "
                     "not 0x%x",
                     i, want[i].name, (unsigned)tq, (unsigned)want[i].type_qualifier);
   }
   return true;
}

/* §5.9.3: the size limits and the declared work-group size of a kernel. */
static bool
kernel_work_group_info_is_within_the_device(struct clt *t)
{
   cl_program p = clt_build(t, args_src, "");
   cl_kernel args = p ? clt_kernel(t, p, "args") : NULL;
   cl_kernel fixed = p ? clt_kernel(t, p, "fixed") : NULL;
   if (!args || !fixed)
      return false;
   size_t dev_max = 0, wg = 0, multiple = 0, compile[3] = { 9, 9, 9 };
   cl_ulong local = 0, priv = 0;
   CLT_OK(
      clGetDeviceInfo(t->device, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof(dev_max), &dev_max, NULL));
   CLT_OK(
      clGetKernelWorkGroupInfo(args, t->device, CL_KERNEL_WORK_GROUP_SIZE, sizeof(wg), &wg, NULL));
   CLT_REQUIRE(wg >= 1 && wg <= dev_max, "CL_KERNEL_WORK_GROUP_SIZE %zu is outside 1..%zu", wg,
               dev_max);
   CLT_OK(clGetKernelWorkGroupInfo(args, t->device, CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE,
                                   sizeof(multiple), &multiple, NULL));
   CLT_REQUIRE(multiple >= 1 && multiple <= dev_max,
               "CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE is %zu", multiple);
   CLT_OK(clGetKernelWorkGroupInfo(args, t->device, CL_KERNEL_COMPILE_WORK_GROUP_SIZE,
                                   sizeof(compile), compile, NULL));
   CLT_REQUIRE(!compile[0] && !compile[1] && !compile[2],
               "CL_KERNEL_COMPILE_WORK_GROUP_SIZE is (%zu, %zu, %zu) for a kernel without "
               "reqd_work_group_size; the spec says (0, 0, 0)",
               compile[0], compile[1], compile[2]);
   CLT_OK(clGetKernelWorkGroupInfo(fixed, t->device, CL_KERNEL_COMPILE_WORK_GROUP_SIZE,
                                   sizeof(compile), compile, NULL));
   CLT_REQUIRE(compile[0] == 4 && compile[1] == 2 && compile[2] == 1,
               "CL_KERNEL_COMPILE_WORK_GROUP_SIZE is (%zu, %zu, %zu), the attribute says (4, 2, 1)",
               compile[0], compile[1], compile[2]);
   CLT_OK(clGetKernelWorkGroupInfo(fixed, t->device, CL_KERNEL_LOCAL_MEM_SIZE, sizeof(local),
                                   &local, NULL));
   CLT_REQUIRE(local >= 64 * sizeof(cl_int),
               "CL_KERNEL_LOCAL_MEM_SIZE is %llu for a kernel "
               "with local int tile[64]",
               (unsigned long long)local);
   CLT_OK(clGetKernelWorkGroupInfo(fixed, t->device, CL_KERNEL_PRIVATE_MEM_SIZE, sizeof(priv),
                                   &priv, NULL));
   return true;
}

static const char reqd_src[] =
   "__attribute__((reqd_work_group_size(2, 3, 4)))\n"
   "kernel void wg_size(global int *dst)\n"
   "{\n"
   "   if (get_global_id(0) == 0 && get_global_id(1) == 0 && get_global_id(2) == 0) {\n"
   "      dst[0] = get_local_size(0);\n"
   "      dst[1] = get_local_size(1);\n"
   "      dst[2] = get_local_size(2);\n"
   "   }\n"
   "}\n";

/*
 * A kernel with reqd_work_group_size(2, 3, 4) launched with no local size
 * runs in work-groups of that size (§5.10: it is the size the kernel must
 * run with), and cl_khr_suggested_local_work_size suggests that size, both
 * with a NULL global_work_offset ("optional and may be NULL") and with one.
 */
static bool
kernel_required_size_is_used_and_suggested(struct clt *t)
{
   size_t dev_max = 0;
   CLT_OK(
      clGetDeviceInfo(t->device, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof(dev_max), &dev_max, NULL));
   if (dev_max < 24)
      return true;
   cl_program p = clt_build(t, reqd_src, "");
   cl_kernel k = p ? clt_kernel(t, p, "wg_size") : NULL;
   cl_int out[3] = { -1, -1, -1 };
   cl_mem b = clt_buffer(t, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof(out), out);
   if (!k || !b)
      return false;
   const size_t global[3] = { 4, 6, 8 }, offset[3] = { 2, 3, 4 };
   CLT_OK(clSetKernelArg(k, 0, sizeof(b), &b));
   CLT_OK(clEnqueueNDRangeKernel(t->queue, k, 3, NULL, global, NULL, 0, NULL, NULL));
   CLT_OK(clEnqueueReadBuffer(t->queue, b, CL_TRUE, 0, sizeof(out), out, 0, NULL, NULL));
   CLT_REQUIRE(out[0] == 2 && out[1] == 3 && out[2] == 4,
               "launched with no local size, the work-groups are %d x %d x %d, not the "
               "required 2 x 3 x 4",
               out[0], out[1], out[2]);

   char extensions[8192] = "";
   if (!clt_device_string(t, CL_DEVICE_EXTENSIONS, extensions, sizeof(extensions)))
      return false;
   if (!strstr(extensions, "cl_khr_suggested_local_work_size"))
      return true;
   clGetKernelSuggestedLocalWorkSizeKHR_fn suggest =
      (clGetKernelSuggestedLocalWorkSizeKHR_fn)clGetExtensionFunctionAddressForPlatform(
         t->platform, "clGetKernelSuggestedLocalWorkSizeKHR");
   CLT_REQUIRE(suggest, "cl_khr_suggested_local_work_size is offered without its function");
   for (int with_offset = 0; with_offset < 2; with_offset++) {
      size_t local[3] = { 0, 0, 0 };
      CLT_OK(suggest(t->queue, k, 3, with_offset ? offset : NULL, global, local));
      CLT_REQUIRE(local[0] == 2 && local[1] == 3 && local[2] == 4,
                  "%s a global offset, the suggested size is %zu x %zu x %zu, not the "
                  "required 2 x 3 x 4",
                  with_offset ? "with" : "without", local[0], local[1], local[2]);
   }
   return true;
}

/*
 * §5.9.2 and the device query CL_DEVICE_MAX_PARAMETER_SIZE: a kernel may
 * take arguments up to that many bytes in all.  One global pointer and
 * then chars: a kernel of (size - pointer) char arguments, capped at 1024
 * (the OpenCL-CTS's min_max_parameter_size goes past SPIR-V validators'
 * default limit of 255 function parameters this way).  It writes the sum
 * of its arguments, which the check knows from the values it set.
 */
static bool
kernel_takes_max_parameter_size_arguments(struct clt *t)
{
   size_t max_size = 0;
   CLT_OK(
      clGetDeviceInfo(t->device, CL_DEVICE_MAX_PARAMETER_SIZE, sizeof(max_size), &max_size, NULL));
   unsigned n = (unsigned)(max_size - sizeof(cl_mem));
   if (n > 1024)
      n = 1024;
   CLT_REQUIRE(n > 255, "CL_DEVICE_MAX_PARAMETER_SIZE is %zu; OpenCL 3.0 requires at least 1024",
               max_size);
   char *src = clt_defer(t, CLT_HOST, malloc(64 * (size_t)n + 256));
   CLT_REQUIRE(src, "out of host memory");
   size_t len = (size_t)sprintf(src, "kernel void many(global uint *out");
   for (unsigned i = 0; i < n; i++)
      len += (size_t)sprintf(src + len, ", uchar a%u", i);
   len += (size_t)sprintf(src + len, ")\n{\n   uint s = 0;\n");
   for (unsigned i = 0; i < n; i++)
      len += (size_t)sprintf(src + len, "   s += a%u;\n", i);
   sprintf(src + len, "   *out = s;\n}\n");

   cl_program p = clt_build(t, src, "");
   cl_kernel k = p ? clt_kernel(t, p, "many") : NULL;
   cl_uint out = 0;
   cl_mem b = clt_buffer(t, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof(out), &out);
   if (!k || !b)
      return false;
   CLT_OK(clSetKernelArg(k, 0, sizeof(b), &b));
   cl_uint want = 0;
   for (unsigned i = 0; i < n; i++) {
      cl_uchar v = (cl_uchar)(i * 7 + 3);
      want += v;
      CLT_OK(clSetKernelArg(k, i + 1, sizeof(v), &v));
   }
   const size_t one = 1;
   CLT_OK(clEnqueueNDRangeKernel(t->queue, k, 1, NULL, &one, &one, 0, NULL, NULL));
   CLT_OK(clEnqueueReadBuffer(t->queue, b, CL_TRUE, 0, sizeof(out), &out, 0, NULL, NULL));
   CLT_REQUIRE(out == want, "a kernel of %u char arguments summed them to %u, not %u", n, out,
               want);
   return true;
}

const struct clt_check clt_kernel_checks[] = {
   { "kernel.info-names-the-kernel", kernel_info_names_the_kernel },
   { "kernel.arg-info-describes-the-arguments", kernel_arg_info_describes_the_arguments },
   { "kernel.work-group-info-is-within-the-device", kernel_work_group_info_is_within_the_device },
   { "launch.required-size-is-used-and-suggested", kernel_required_size_is_used_and_suggested },
   { "launch.max-parameter-size-of-arguments", kernel_takes_max_parameter_size_arguments },
   { NULL, NULL },
};
