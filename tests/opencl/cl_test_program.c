/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Programs (OpenCL 3.0 API §5.8): build options reach the compiler, a
 * failed build says where the error is, a built program lists its kernels,
 * and separate compilation links.
 */
#include "cl_test.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char define_src[] =
   "kernel void value(global int *out) { out[0] = VALUE; out[1] = TWICE(VALUE); }\n";

/* Runs k, made with one buffer argument, on b over one work-item and reads
 * size bytes of b into out; false (reason set) if a call fails. */
static bool
run_once(struct clt *t, cl_kernel k, cl_mem b, void *out, size_t size)
{
   size_t one = 1;
   CLT_OK(clSetKernelArg(k, 0, sizeof(b), &b));
   CLT_OK(clEnqueueNDRangeKernel(t->queue, k, 1, NULL, &one, NULL, 0, NULL, NULL));
   CLT_OK(clEnqueueReadBuffer(t->queue, b, CL_TRUE, 0, size, out, 0, NULL, NULL));
   return true;
}

/* The failure of a clLinkProgram that returned err, with its build log. */
static bool
link_failed(struct clt *t, cl_program linked, cl_int err, const char *what)
{
   char log[1024] = "";
   if (linked)
      clGetProgramBuildInfo(linked, t->device, CL_PROGRAM_BUILD_LOG, sizeof(log) - 1, log, NULL);
   return clt_fail(t, "%s returned %s; log:\n%s", what, clt_error_name(err), log);
}

/* Runs value() and returns what it stored, or false. */
static bool
run_value(struct clt *t, const char *options, cl_int out[2])
{
   cl_program p = clt_build(t, define_src, options);
   if (!p)
      return false;
   cl_kernel k = clt_kernel(t, p, "value");
   cl_mem b = clt_buffer(t, CL_MEM_WRITE_ONLY, 2 * sizeof(cl_int), NULL);
   return k && b && run_once(t, k, b, out, 2 * sizeof(cl_int));
}

static bool
program_defines_change_the_result(struct clt *t)
{
   static const struct {
      const char *options;
      cl_int want[2];
   } cases[] = {
      { "-DVALUE=7 -DTWICE(x)=((x)*2)", { 7, 14 } },
      { "-D VALUE=-3 -D TWICE(x)=((x)+(x))", { -3, -6 } },
   };
   for (unsigned i = 0; i < CLT_ARRAY_SIZE(cases); i++) {
      cl_int out[2] = { 0, 0 };
      if (!run_value(t, cases[i].options, out))
         return false;
      CLT_REQUIRE(out[0] == cases[i].want[0] && out[1] == cases[i].want[1],
                  "built with \"%s\" the kernel stored %d, %d; the defines give %d, %d",
                  cases[i].options, out[0], out[1], cases[i].want[0], cases[i].want[1]);
   }
   return true;
}

/* §5.8.9: CL_PROGRAM_BUILD_OPTIONS returns the options of the last build. */
static bool
program_reports_its_build_options(struct clt *t)
{
   const char *options = "-DVALUE=1 -DTWICE(x)=x -cl-mad-enable";
   cl_program p = clt_build(t, define_src, options);
   if (!p)
      return false;
   char got[256] = "";
   cl_build_status status = CL_BUILD_NONE;
   CLT_OK(clGetProgramBuildInfo(p, t->device, CL_PROGRAM_BUILD_OPTIONS, sizeof(got), got, NULL));
   CLT_REQUIRE(!strcmp(got, options), "CL_PROGRAM_BUILD_OPTIONS is \"%s\", the build had \"%s\"",
               got, options);
   CLT_OK(
      clGetProgramBuildInfo(p, t->device, CL_PROGRAM_BUILD_STATUS, sizeof(status), &status, NULL));
   CLT_REQUIRE(status == CL_BUILD_SUCCESS, "CL_PROGRAM_BUILD_STATUS is %d after a good build",
               status);
   cl_program_binary_type type = 0;
   CLT_OK(clGetProgramBuildInfo(p, t->device, CL_PROGRAM_BINARY_TYPE, sizeof(type), &type, NULL));
   CLT_REQUIRE(type == CL_PROGRAM_BINARY_TYPE_EXECUTABLE,
               "CL_PROGRAM_BINARY_TYPE is 0x%x after clBuildProgram", (unsigned)type);
   return true;
}

/*
 * A syntax error on line 3: CL_BUILD_PROGRAM_FAILURE, CL_BUILD_ERROR, and
 * a log that names the place as line:column.
 */
static bool
program_build_failure_log_names_line_and_column(struct clt *t)
{
   static const char *src = "kernel void broken(global int *out)\n"
                            "{\n"
                            "   out[0] = 1 +* ;\n"
                            "}\n";
   cl_int err;
   cl_program p = clt_defer(t, CLT_PROGRAM, clCreateProgramWithSource(t->ctx, 1, &src, NULL, &err));
   CLT_REQUIRE(p, "clCreateProgramWithSource returned %s", clt_error_name(err));
   CLT_ERR(CL_BUILD_PROGRAM_FAILURE, clBuildProgram(p, 1, &t->device, "", NULL, NULL));
   cl_build_status status = CL_BUILD_NONE;
   CLT_OK(
      clGetProgramBuildInfo(p, t->device, CL_PROGRAM_BUILD_STATUS, sizeof(status), &status, NULL));
   CLT_REQUIRE(status == CL_BUILD_ERROR, "CL_PROGRAM_BUILD_STATUS is %d after a failed build",
               status);
   char log[4096] = "";
   size_t size = 0;
   CLT_OK(clGetProgramBuildInfo(p, t->device, CL_PROGRAM_BUILD_LOG, sizeof(log) - 1, log, &size));
   CLT_REQUIRE(clt_matches(log, ":[0-9]+:[0-9]+"), "the build log names no line:column:\n%s", log);
   CLT_REQUIRE(clt_matches(log, ":3:[0-9]+"), "the error is on line 3; the log says:\n%s", log);
   return true;
}

/* §5.8.9: the kernels of a built program, by number and by name. */
static bool
program_lists_its_kernels(struct clt *t)
{
   cl_program p = clt_build(t,
                            "kernel void first(global int *a) { a[0] = 1; }\n"
                            "void helper(global int *a) { a[1] = 2; }\n"
                            "kernel void second(global int *a) { helper(a); }\n",
                            "");
   if (!p)
      return false;
   size_t n = 0;
   char names[256] = "";
   CLT_OK(clGetProgramInfo(p, CL_PROGRAM_NUM_KERNELS, sizeof(n), &n, NULL));
   CLT_REQUIRE(n == 2, "CL_PROGRAM_NUM_KERNELS is %zu for two kernels", n);
   CLT_OK(clGetProgramInfo(p, CL_PROGRAM_KERNEL_NAMES, sizeof(names), names, NULL));
   CLT_REQUIRE(!strcmp(names, "first;second") || !strcmp(names, "second;first"),
               "CL_PROGRAM_KERNEL_NAMES is \"%s\", not the two kernels separated by ';'", names);
   cl_kernel ks[4];
   cl_uint got = 0;
   CLT_OK(clCreateKernelsInProgram(p, 4, ks, &got));
   for (cl_uint i = 0; i < got; i++)
      clt_defer(t, CLT_KERNEL, ks[i]);
   CLT_REQUIRE(got == 2, "clCreateKernelsInProgram made %u kernels, not 2", got);
   return true;
}

/* §5.8.3, §5.8.4: a kernel compiled apart from the function it calls links. */
static bool
program_compiles_and_links_separately(struct clt *t)
{
   static const char *lib_src = "int scale(int x) { return x * SCALE; }\n";
   static const char *main_src = "int scale(int x);\n"
                                 "kernel void use(global int *a) { a[0] = scale(a[0]); }\n";
   cl_int err;
   cl_program lib =
      clt_defer(t, CLT_PROGRAM, clCreateProgramWithSource(t->ctx, 1, &lib_src, NULL, &err));
   cl_program main_p =
      clt_defer(t, CLT_PROGRAM, clCreateProgramWithSource(t->ctx, 1, &main_src, NULL, &err));
   CLT_REQUIRE(lib && main_p, "clCreateProgramWithSource returned %s", clt_error_name(err));
   CLT_OK(clCompileProgram(lib, 1, &t->device, "-DSCALE=5", 0, NULL, NULL, NULL, NULL));
   CLT_OK(clCompileProgram(main_p, 1, &t->device, "", 0, NULL, NULL, NULL, NULL));
   cl_program both[] = { main_p, lib };
   cl_program linked = clt_defer(
      t, CLT_PROGRAM, clLinkProgram(t->ctx, 1, &t->device, "", 2, both, NULL, NULL, &err));
   if (err != CL_SUCCESS)
      return link_failed(t, linked, err, "clLinkProgram");
   cl_kernel k = clt_kernel(t, linked, "use");
   cl_int v = 9;
   cl_mem b = clt_buffer(t, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof(v), &v);
   if (!k || !b || !run_once(t, k, b, &v, sizeof(v)))
      return false;
   CLT_REQUIRE(v == 45, "the linked kernel stored %d; 9 * SCALE (5) is 45", v);
   return true;
}

/*
 * §5.8.4: a library made with -create-library from a function that reads
 * through a generic pointer links into a kernel that passes it a __local,
 * a __private and (with __opencl_c_program_scope_global_variables) a
 * program-scope __global variable (OpenCL C 3.0 §6.7.1); the kernel reads
 * back what each holds.
 */
static bool
program_links_a_library_of_generic_functions(struct clt *t)
{
   bool generic = false, globals = false;
   if (t->version >= 30) {
      size_t size = 0;
      CLT_OK(clGetDeviceInfo(t->device, CL_DEVICE_OPENCL_C_FEATURES, 0, NULL, &size));
      cl_name_version *features = clt_defer(t, CLT_HOST, calloc(1, size + 1));
      CLT_REQUIRE(features, "out of memory");
      CLT_OK(clGetDeviceInfo(t->device, CL_DEVICE_OPENCL_C_FEATURES, size, features, NULL));
      for (size_t i = 0; i < size / sizeof(*features); i++) {
         generic |= !strcmp(features[i].name, "__opencl_c_generic_address_space");
         globals |= !strcmp(features[i].name, "__opencl_c_program_scope_global_variables");
      }
   } else {
      generic = globals = t->version >= 20;
   }
   if (!generic)
      return true;
   static const char *lib_src = "float twice(float *p) { return *p * 2.0f; }\n";
   static const char *main_src = "extern float twice(float *p);\n"
                                 "#ifdef __opencl_c_program_scope_global_variables\n"
                                 "global float g = 7.0f;\n"
                                 "#endif\n"
                                 "kernel void use(global float *out)\n"
                                 "{\n"
                                 "   local float l;\n"
                                 "   l = 3.0f;\n"
                                 "   barrier(CLK_LOCAL_MEM_FENCE);\n"
                                 "   float p = 5.0f;\n"
                                 "   out[0] = twice(&l);\n"
                                 "   out[1] = twice(&p);\n"
                                 "#ifdef __opencl_c_program_scope_global_variables\n"
                                 "   out[2] = twice(&g);\n"
                                 "#endif\n"
                                 "}\n";
   const char *std = t->version >= 30 ? "-cl-std=CL3.0" : "-cl-std=CL2.0";
   cl_int err;
   cl_program lib_obj =
      clt_defer(t, CLT_PROGRAM, clCreateProgramWithSource(t->ctx, 1, &lib_src, NULL, &err));
   cl_program main_obj =
      clt_defer(t, CLT_PROGRAM, clCreateProgramWithSource(t->ctx, 1, &main_src, NULL, &err));
   CLT_REQUIRE(lib_obj && main_obj, "clCreateProgramWithSource returned %s", clt_error_name(err));
   CLT_OK(clCompileProgram(main_obj, 1, &t->device, std, 0, NULL, NULL, NULL, NULL));
   CLT_OK(clCompileProgram(lib_obj, 1, &t->device, std, 0, NULL, NULL, NULL, NULL));
   cl_program lib = clt_defer(
      t, CLT_PROGRAM,
      clLinkProgram(t->ctx, 1, &t->device, "-create-library", 1, &lib_obj, NULL, NULL, &err));
   CLT_REQUIRE(lib, "clLinkProgram(-create-library) returned %s", clt_error_name(err));
   cl_program both[] = { main_obj, lib };
   cl_program linked = clt_defer(
      t, CLT_PROGRAM, clLinkProgram(t->ctx, 1, &t->device, "", 2, both, NULL, NULL, &err));
   if (err != CL_SUCCESS)
      return link_failed(t, linked, err, "linking the kernel with the library");
   cl_kernel k = clt_kernel(t, linked, "use");
   cl_float out[3] = { -1.0f, -1.0f, -1.0f };
   cl_mem b = clt_buffer(t, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof(out), out);
   if (!k || !b || !run_once(t, k, b, out, sizeof(out)))
      return false;
   const cl_float want[3] = { 6.0f, 10.0f, globals ? 14.0f : -1.0f };
   for (int i = 0; i < 3; i++)
      CLT_REQUIRE(out[i] == want[i], "out[%d] is %g; twice() of the %s variable gives %g", i,
                  out[i],
                  i == 0   ? "__local"
                  : i == 1 ? "__private"
                           : "__global",
                  want[i]);
   return true;
}

/* Whether the device takes SPIR-V modules of version il ("SPIR-V_1.4") for
 * 64-bit addresses, which the SPIR-V checks' modules are. */
static bool
takes_spirv64(struct clt *t, const char *il_version, bool *takes)
{
   char il[256] = "";
   cl_uint bits = 0;
   *takes = false;
   if (t->version < 21)
      return true;
   CLT_OK(clGetDeviceInfo(t->device, CL_DEVICE_IL_VERSION, sizeof(il), il, NULL));
   CLT_OK(clGetDeviceInfo(t->device, CL_DEVICE_ADDRESS_BITS, sizeof(bits), &bits, NULL));
   *takes = strstr(il, il_version) && bits == 64;
   return true;
}

/*
 * §5.8.1.1: clSetProgramSpecializationConstant takes a 16-bit floating-point
 * specialization constant of a SPIR-V module (with cl_khr_fp16), by its
 * size (2 bytes; any other size is CL_INVALID_VALUE), and the kernel built
 * after it stores the value set, not the module's default.
 */
static const char spec_half_spvasm[] = "OpCapability Addresses\n"
                                       "OpCapability Kernel\n"
                                       "OpCapability Float16\n"
                                       "OpCapability Float16Buffer\n"
                                       "OpMemoryModel Physical64 OpenCL\n"
                                       "OpEntryPoint Kernel %k \"spec_half\"\n"
                                       "OpDecorate %sc SpecId 101\n"
                                       "%half = OpTypeFloat 16\n"
                                       "%void = OpTypeVoid\n"
                                       "%ptr = OpTypePointer CrossWorkgroup %half\n"
                                       "%fn = OpTypeFunction %void %ptr\n"
                                       "%sc = OpSpecConstant %half 0x1p+0\n"
                                       "%k = OpFunction %void None %fn\n"
                                       "%out = OpFunctionParameter %ptr\n"
                                       "%entry = OpLabel\n"
                                       "OpStore %out %sc Aligned 2\n"
                                       "OpReturn\n"
                                       "OpFunctionEnd\n";

static bool
program_takes_a_half_specialization_constant(struct clt *t)
{
   char extensions[8192] = "";
   bool spirv;
   if (!takes_spirv64(t, "SPIR-V", &spirv))
      return false;
   if (!spirv || !clt_device_string(t, CL_DEVICE_EXTENSIONS, extensions, sizeof(extensions)))
      return !spirv;
   if (!strstr(extensions, "cl_khr_fp16"))
      return true;
   cl_program p = clt_program_with_spirv(t, 0, spec_half_spvasm);
   if (!p)
      return false;
   const cl_half two_and_a_half = 0x4100; /* 2.5 */
   const cl_float wrong_size = 2.5f;
   CLT_ERR(CL_INVALID_VALUE,
           clSetProgramSpecializationConstant(p, 101, sizeof(wrong_size), &wrong_size));
   CLT_OK(clSetProgramSpecializationConstant(p, 101, sizeof(two_and_a_half), &two_and_a_half));
   CLT_OK(clBuildProgram(p, 1, &t->device, "", NULL, NULL));
   cl_kernel k = clt_kernel(t, p, "spec_half");
   cl_half out = 0xffff;
   cl_mem b = clt_buffer(t, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof(out), &out);
   if (!k || !b || !run_once(t, k, b, &out, sizeof(out)))
      return false;
   CLT_REQUIRE(out == two_and_a_half,
               "the kernel stored the half 0x%04x; the constant was set to 0x%04x (2.5), its "
               "default is 0x3c00 (1.0)",
               out, two_and_a_half);
   return true;
}

/*
 * SPIR-V 1.4's OpCopyLogical copies a composite into another type of the
 * same layout, member by member: here the constant { 1024, 3.1415f } of
 * one struct into a second struct declared alike, stored to the kernel's
 * buffer.  Building the program links it (SPIRV-Tools' linker merges the
 * two structs), and the kernel must still store the constant's members.
 * The module is the OpenCL CTS's spirv14 copylogical_struct (64-bit).
 */
static const char copy_logical_spvasm[] =
   "OpCapability Addresses\n"
   "OpCapability Kernel\n"
   "OpMemoryModel Physical64 OpenCL\n"
   "OpEntryPoint Kernel %kernel \"copylogical_test\"\n"
   "%uint = OpTypeInt 32 0\n"
   "%float = OpTypeFloat 32\n"
   "%void = OpTypeVoid\n"
   "%struct_a = OpTypeStruct %uint %float\n"
   "%ptr_struct_a = OpTypePointer CrossWorkgroup %struct_a\n"
   "%struct_b = OpTypeStruct %uint %float\n"
   "%ptr_struct_b = OpTypePointer CrossWorkgroup %struct_b\n"
   "%kernel_sig = OpTypeFunction %void %ptr_struct_b\n"
   "%uint_1024 = OpConstant %uint 1024\n"
   "%float_pi = OpConstant %float 3.1415\n"
   "%struct_a_src = OpConstantComposite %struct_a %uint_1024 %float_pi\n"
   "%kernel = OpFunction %void None %kernel_sig\n"
   "%dst = OpFunctionParameter %ptr_struct_b\n"
   "%entry = OpLabel\n"
   "%struct_b_dst = OpCopyLogical %struct_b %struct_a_src\n"
   "OpStore %dst %struct_b_dst\n"
   "OpReturn\n"
   "OpFunctionEnd\n";

static bool
program_copies_a_struct_logically(struct clt *t)
{
   bool spirv14;
   if (!takes_spirv64(t, "SPIR-V_1.4", &spirv14))
      return false;
   if (!spirv14)
      return true;
   cl_program p = clt_program_with_spirv(t, 4, copy_logical_spvasm);
   if (!p)
      return false;
   CLT_OK(clBuildProgram(p, 1, &t->device, "", NULL, NULL));
   cl_kernel k = clt_kernel(t, p, "copylogical_test");
   struct {
      cl_uint u;
      cl_float f;
   } out = { 0xffffffff, -1.0f };
   cl_mem b = clt_buffer(t, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof(out), &out);
   if (!k || !b || !run_once(t, k, b, &out, sizeof(out)))
      return false;
   CLT_REQUIRE(out.u == 1024 && out.f == 3.1415f, "the kernel stored { %u, %a }, not { 1024, %a }",
               out.u, out.f, 3.1415f);
   return true;
}

const struct clt_check clt_program_checks[] = {
   { "program.defines-change-the-result", program_defines_change_the_result },
   { "program.reports-its-build-options", program_reports_its_build_options },
   { "program.build-failure-log-names-line-and-column",
     program_build_failure_log_names_line_and_column },
   { "program.lists-its-kernels", program_lists_its_kernels },
   { "program.compiles-and-links-separately", program_compiles_and_links_separately },
   { "program.links-a-library-of-generic-functions", program_links_a_library_of_generic_functions },
   { "program.takes-a-half-specialization-constant", program_takes_a_half_specialization_constant },
   { "program.copies-a-struct-logically", program_copies_a_struct_logically },
   { NULL, NULL },
};
