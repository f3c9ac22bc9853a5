/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Platform and device queries (OpenCL 3.0 API §4.1, §4.2): the strings
 * have the form the specification gives, and the limits are at least the
 * minimums it sets for a full-profile device that is not CL_DEVICE_TYPE_CUSTOM.
 */
#include "cl_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* §4.1: "OpenCL<space><major_version.minor_version><space><platform-specific information>" */
#define VERSION_RE "^OpenCL [0-9]+\\.[0-9]+ "

static bool
platform_strings_have_the_spec_form(struct clt *t)
{
   char s[1024];
   static const struct {
      cl_platform_info param;
      const char *name;
   } nonempty[] = {
      { CL_PLATFORM_NAME, "CL_PLATFORM_NAME" },
      { CL_PLATFORM_VENDOR, "CL_PLATFORM_VENDOR" },
      { CL_PLATFORM_VERSION, "CL_PLATFORM_VERSION" },
   };
   for (unsigned i = 0; i < CLT_ARRAY_SIZE(nonempty); i++) {
      if (!clt_platform_string(t, nonempty[i].param, s, sizeof(s)))
         return false;
      CLT_REQUIRE(s[0], "%s is empty", nonempty[i].name);
   }
   CLT_REQUIRE(clt_matches(s, VERSION_RE),
               "CL_PLATFORM_VERSION \"%s\" is not of the form "
               "\"OpenCL <major>.<minor> <platform-specific>\"",
               s);
   if (!clt_platform_string(t, CL_PLATFORM_PROFILE, s, sizeof(s)))
      return false;
   CLT_REQUIRE(!strcmp(s, "FULL_PROFILE") || !strcmp(s, "EMBEDDED_PROFILE"),
               "CL_PLATFORM_PROFILE is \"%s\", not FULL_PROFILE or EMBEDDED_PROFILE", s);
   /* cl_khr_icd: a platform the ICD loader reaches must list it. */
   if (!clt_platform_string(t, CL_PLATFORM_EXTENSIONS, s, sizeof(s)))
      return false;
   CLT_REQUIRE(clt_matches(s, "(^| )cl_khr_icd( |$)"),
               "CL_PLATFORM_EXTENSIONS \"%s\" lacks cl_khr_icd", s);
   return true;
}

/* The size query counts the terminating NUL (§4.1, param_value_size_ret). */
static bool
platform_string_size_query_counts_the_nul(struct clt *t)
{
   size_t size = 0;
   CLT_OK(clGetPlatformInfo(t->platform, CL_PLATFORM_NAME, 0, NULL, &size));
   char *s = clt_defer(t, CLT_HOST, calloc(1, size + 1));
   CLT_OK(clGetPlatformInfo(t->platform, CL_PLATFORM_NAME, size, s, NULL));
   CLT_REQUIRE(strlen(s) + 1 == size, "size query gave %zu for \"%s\" (%zu characters)", size, s,
               strlen(s));
   return true;
}

static bool
device_strings_have_the_spec_form(struct clt *t)
{
   char s[1024];
   if (!clt_device_string(t, CL_DEVICE_NAME, s, sizeof(s)))
      return false;
   CLT_REQUIRE(s[0], "CL_DEVICE_NAME is empty");
   if (!clt_device_string(t, CL_DEVICE_VENDOR, s, sizeof(s)))
      return false;
   CLT_REQUIRE(s[0], "CL_DEVICE_VENDOR is empty");
   if (!clt_device_string(t, CL_DRIVER_VERSION, s, sizeof(s)))
      return false;
   CLT_REQUIRE(s[0], "CL_DRIVER_VERSION is empty");
   if (!clt_device_string(t, CL_DEVICE_VERSION, s, sizeof(s)))
      return false;
   CLT_REQUIRE(clt_matches(s, VERSION_RE),
               "CL_DEVICE_VERSION \"%s\" is not of the form "
               "\"OpenCL <major>.<minor> <vendor-specific>\"",
               s);
   if (!clt_device_string(t, CL_DEVICE_OPENCL_C_VERSION, s, sizeof(s)))
      return false;
   CLT_REQUIRE(clt_matches(s, "^OpenCL C [0-9]+\\.[0-9]+ "),
               "CL_DEVICE_OPENCL_C_VERSION "
               "\"%s\" is not of the form \"OpenCL C <major>.<minor> <vendor-specific>\"",
               s);
   return true;
}

/* §4.2: CL_DEVICE_NUMERIC_VERSION (3.0) agrees with CL_DEVICE_VERSION. */
static bool
device_numeric_version_matches_the_string(struct clt *t)
{
   if (t->version < 30)
      return true;
   cl_version v;
   CLT_OK(clGetDeviceInfo(t->device, CL_DEVICE_NUMERIC_VERSION, sizeof(v), &v, NULL));
   CLT_REQUIRE(CL_VERSION_MAJOR(v) * 10 + CL_VERSION_MINOR(v) == t->version,
               "CL_DEVICE_NUMERIC_VERSION is %u.%u, CL_DEVICE_VERSION says %u.%u",
               CL_VERSION_MAJOR(v), CL_VERSION_MINOR(v), t->version / 10, t->version % 10);
   CLT_OK(clGetPlatformInfo(t->platform, CL_PLATFORM_NUMERIC_VERSION, sizeof(v), &v, NULL));
   char s[256];
   if (!clt_platform_string(t, CL_PLATFORM_VERSION, s, sizeof(s)))
      return false;
   unsigned major = 0, minor = 0;
   sscanf(s, "OpenCL %u.%u", &major, &minor);
   CLT_REQUIRE(CL_VERSION_MAJOR(v) == major && CL_VERSION_MINOR(v) == minor,
               "CL_PLATFORM_NUMERIC_VERSION is %u.%u, CL_PLATFORM_VERSION says \"%s\"",
               CL_VERSION_MAJOR(v), CL_VERSION_MINOR(v), s);
   return true;
}

/* §4.2 (3.0): CL_DEVICE_EXTENSIONS_WITH_VERSION names what CL_DEVICE_EXTENSIONS lists. */
static bool
device_extension_lists_agree(struct clt *t)
{
   if (t->version < 30)
      return true;
   size_t size = 0, n;
   CLT_OK(clGetDeviceInfo(t->device, CL_DEVICE_EXTENSIONS, 0, NULL, &size));
   char *exts = clt_defer(t, CLT_HOST, calloc(1, size + 2));
   CLT_OK(clGetDeviceInfo(t->device, CL_DEVICE_EXTENSIONS, size, exts, NULL));
   CLT_OK(clGetDeviceInfo(t->device, CL_DEVICE_EXTENSIONS_WITH_VERSION, 0, NULL, &size));
   n = size / sizeof(cl_name_version);
   cl_name_version *nv = clt_defer(t, CLT_HOST, calloc(n + 1, sizeof(*nv)));
   CLT_OK(clGetDeviceInfo(t->device, CL_DEVICE_EXTENSIONS_WITH_VERSION, size, nv, NULL));
   unsigned words = 0;
   for (char *w = strtok(exts, " "); w; w = strtok(NULL, " ")) {
      bool found = false;
      for (size_t i = 0; i < n && !found; i++)
         found = !strcmp(nv[i].name, w);
      CLT_REQUIRE(found, "%s is in CL_DEVICE_EXTENSIONS but not CL_DEVICE_EXTENSIONS_WITH_VERSION",
                  w);
      words++;
   }
   CLT_REQUIRE(words == n,
               "CL_DEVICE_EXTENSIONS lists %u extensions, "
               "CL_DEVICE_EXTENSIONS_WITH_VERSION %zu",
               words, n);
   return true;
}

/* Whether CL_DEVICE_OPENCL_C_FEATURES names a feature. */
static bool
has_c_feature(const cl_name_version *features, size_t n, const char *name)
{
   for (size_t i = 0; i < n; i++) {
      if (!strcmp(features[i].name, name))
         return true;
   }
   return false;
}

/* OpenCL C 3.0 §6.2.1 and the API's §4.2 (3.0): a feature macro is
 * supported exactly when the device query it stands for says so. */
static bool
device_c_features_agree_with_their_queries(struct clt *t)
{
   if (t->version < 30)
      return true;
   size_t size = 0;
   CLT_OK(clGetDeviceInfo(t->device, CL_DEVICE_OPENCL_C_FEATURES, 0, NULL, &size));
   size_t n = size / sizeof(cl_name_version);
   cl_name_version *features = clt_defer(t, CLT_HOST, calloc(n + 1, sizeof(*features)));
   CLT_OK(clGetDeviceInfo(t->device, CL_DEVICE_OPENCL_C_FEATURES, size, features, NULL));

   cl_bool generic = CL_FALSE;
   CLT_OK(clGetDeviceInfo(t->device, CL_DEVICE_GENERIC_ADDRESS_SPACE_SUPPORT, sizeof(generic),
                          &generic, NULL));
   CLT_REQUIRE(
      !generic == !has_c_feature(features, n, "__opencl_c_generic_address_space"),
      "CL_DEVICE_GENERIC_ADDRESS_SPACE_SUPPORT is %s but __opencl_c_generic_address_space "
      "is %s",
      generic ? "true" : "false",
      has_c_feature(features, n, "__opencl_c_generic_address_space") ? "offered" : "not offered");

   size_t global_variable = 0;
   CLT_OK(clGetDeviceInfo(t->device, CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE, sizeof(global_variable),
                          &global_variable, NULL));
   const bool program_globals =
      has_c_feature(features, n, "__opencl_c_program_scope_global_variables");
   CLT_REQUIRE(!global_variable == !program_globals,
               "CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE is %zu but "
               "__opencl_c_program_scope_global_variables is %s",
               global_variable, program_globals ? "offered" : "not offered");

   cl_device_atomic_capabilities atomics = 0;
   CLT_OK(clGetDeviceInfo(t->device, CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES, sizeof(atomics),
                          &atomics, NULL));
   static const struct {
      cl_device_atomic_capabilities bit;
      const char *feature;
   } atomic_features[] = {
      { CL_DEVICE_ATOMIC_ORDER_ACQ_REL, "__opencl_c_atomic_order_acq_rel" },
      { CL_DEVICE_ATOMIC_ORDER_SEQ_CST, "__opencl_c_atomic_order_seq_cst" },
      { CL_DEVICE_ATOMIC_SCOPE_DEVICE, "__opencl_c_atomic_scope_device" },
      { CL_DEVICE_ATOMIC_SCOPE_ALL_DEVICES, "__opencl_c_atomic_scope_all_devices" },
   };
   for (unsigned i = 0; i < CLT_ARRAY_SIZE(atomic_features); i++) {
      bool offered = has_c_feature(features, n, atomic_features[i].feature);
      CLT_REQUIRE(!(atomics & atomic_features[i].bit) == !offered,
                  "CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES 0x%llx %s the bit for %s, which is %s",
                  (unsigned long long)atomics, atomics & atomic_features[i].bit ? "has" : "lacks",
                  atomic_features[i].feature, offered ? "offered" : "not offered");
   }
   return true;
}

static bool
device_is_available_with_a_compiler(struct clt *t)
{
   cl_bool available = CL_FALSE, compiler = CL_FALSE;
   cl_device_type type = 0;
   char profile[64];
   CLT_OK(clGetDeviceInfo(t->device, CL_DEVICE_AVAILABLE, sizeof(available), &available, NULL));
   CLT_REQUIRE(available, "CL_DEVICE_AVAILABLE is false");
   CLT_OK(clGetDeviceInfo(t->device, CL_DEVICE_TYPE, sizeof(type), &type, NULL));
   CLT_REQUIRE(type & (CL_DEVICE_TYPE_CPU | CL_DEVICE_TYPE_GPU | CL_DEVICE_TYPE_ACCELERATOR |
                       CL_DEVICE_TYPE_CUSTOM),
               "CL_DEVICE_TYPE 0x%llx names no device type", (unsigned long long)type);
   /* §4.2: only an embedded profile may lack a compiler. */
   if (!clt_device_string(t, CL_DEVICE_PROFILE, profile, sizeof(profile)))
      return false;
   CLT_OK(
      clGetDeviceInfo(t->device, CL_DEVICE_COMPILER_AVAILABLE, sizeof(compiler), &compiler, NULL));
   CLT_REQUIRE(compiler || strcmp(profile, "FULL_PROFILE"),
               "CL_DEVICE_COMPILER_AVAILABLE is false on a FULL_PROFILE device");
   return true;
}

static bool
device_address_bits_are_32_or_64(struct clt *t)
{
   cl_uint bits = 0;
   CLT_OK(clGetDeviceInfo(t->device, CL_DEVICE_ADDRESS_BITS, sizeof(bits), &bits, NULL));
   CLT_REQUIRE(bits == 32 || bits == 64, "CL_DEVICE_ADDRESS_BITS is %u", bits);
   return true;
}

/*
 * §4.2: at least 3 dimensions and (1, 1, 1) items; the largest work-group
 * must be reachable within the per-dimension limits.
 */
static bool
device_work_group_limits_are_consistent(struct clt *t)
{
   cl_uint dims = 0;
   size_t wg = 0, items[16] = { 0 };
   CLT_OK(
      clGetDeviceInfo(t->device, CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS, sizeof(dims), &dims, NULL));
   CLT_REQUIRE(dims >= 3 && dims <= 16, "CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS is %u (minimum 3)",
               dims);
   CLT_OK(clGetDeviceInfo(t->device, CL_DEVICE_MAX_WORK_ITEM_SIZES, dims * sizeof(size_t), items,
                          NULL));
   CLT_OK(clGetDeviceInfo(t->device, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof(wg), &wg, NULL));
   CLT_REQUIRE(wg >= 1, "CL_DEVICE_MAX_WORK_GROUP_SIZE is 0");
   double product = 1;
   for (cl_uint i = 0; i < dims; i++) {
      CLT_REQUIRE(items[i] >= 1, "CL_DEVICE_MAX_WORK_ITEM_SIZES[%u] is 0", i);
      product *= (double)items[i];
   }
   CLT_REQUIRE(product >= (double)wg,
               "CL_DEVICE_MAX_WORK_GROUP_SIZE %zu exceeds the product of "
               "CL_DEVICE_MAX_WORK_ITEM_SIZES (%zu x %zu x %zu)",
               wg, items[0], items[1], items[2]);
   return true;
}

/* §4.2's minimums for a full-profile device. */
static bool
device_memory_limits_meet_the_minimums(struct clt *t)
{
   cl_ulong global = 0, alloc = 0, local = 0, constant = 0;
   size_t param = 0;
   cl_uint align = 0, const_args = 0;
   char profile[64];
   if (!clt_device_string(t, CL_DEVICE_PROFILE, profile, sizeof(profile)))
      return false;
   bool full = !strcmp(profile, "FULL_PROFILE");
   CLT_OK(clGetDeviceInfo(t->device, CL_DEVICE_GLOBAL_MEM_SIZE, sizeof(global), &global, NULL));
   CLT_OK(clGetDeviceInfo(t->device, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof(alloc), &alloc, NULL));
   CLT_OK(clGetDeviceInfo(t->device, CL_DEVICE_LOCAL_MEM_SIZE, sizeof(local), &local, NULL));
   CLT_OK(clGetDeviceInfo(t->device, CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE, sizeof(constant),
                          &constant, NULL));
   CLT_OK(clGetDeviceInfo(t->device, CL_DEVICE_MAX_PARAMETER_SIZE, sizeof(param), &param, NULL));
   CLT_OK(clGetDeviceInfo(t->device, CL_DEVICE_MEM_BASE_ADDR_ALIGN, sizeof(align), &align, NULL));
   CLT_OK(clGetDeviceInfo(t->device, CL_DEVICE_MAX_CONSTANT_ARGS, sizeof(const_args), &const_args,
                          NULL));
   CLT_REQUIRE(global > 0, "CL_DEVICE_GLOBAL_MEM_SIZE is 0");
   CLT_REQUIRE(alloc <= global, "CL_DEVICE_MAX_MEM_ALLOC_SIZE %llu exceeds the global memory %llu",
               (unsigned long long)alloc, (unsigned long long)global);
   if (!full)
      return true;
   /* 3.0: max(min(1 GiB, global / 4), 32 MiB). */
   cl_ulong quarter = global / 4 < (1ull << 30) ? global / 4 : (1ull << 30);
   cl_ulong min_alloc = quarter > (32ull << 20) ? quarter : (32ull << 20);
   CLT_REQUIRE(alloc >= min_alloc, "CL_DEVICE_MAX_MEM_ALLOC_SIZE %llu < %llu",
               (unsigned long long)alloc, (unsigned long long)min_alloc);
   CLT_REQUIRE(local >= 32 * 1024, "CL_DEVICE_LOCAL_MEM_SIZE %llu < 32 KiB",
               (unsigned long long)local);
   CLT_REQUIRE(constant >= 64 * 1024, "CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE %llu < 64 KiB",
               (unsigned long long)constant);
   CLT_REQUIRE(param >= 1024, "CL_DEVICE_MAX_PARAMETER_SIZE %zu < 1024", param);
   CLT_REQUIRE(const_args >= 8, "CL_DEVICE_MAX_CONSTANT_ARGS %u < 8", const_args);
   /* The largest built-in type, long16, in bits. */
   CLT_REQUIRE(align >= 1024, "CL_DEVICE_MEM_BASE_ADDR_ALIGN %u bits < 1024 (long16)", align);
   return true;
}

/* §4.2: profiling is among the minimum on-host queue properties. */
static bool
device_queues_support_profiling(struct clt *t)
{
   cl_command_queue_properties props = 0;
   CLT_OK(clGetDeviceInfo(t->device, CL_DEVICE_QUEUE_PROPERTIES, sizeof(props), &props, NULL));
   CLT_REQUIRE(props & CL_QUEUE_PROFILING_ENABLE,
               "CL_DEVICE_QUEUE_PROPERTIES 0x%llx lacks CL_QUEUE_PROFILING_ENABLE",
               (unsigned long long)props);
   return true;
}

static bool
device_platform_is_the_platform(struct clt *t)
{
   cl_platform_id p = NULL;
   CLT_OK(clGetDeviceInfo(t->device, CL_DEVICE_PLATFORM, sizeof(p), &p, NULL));
   CLT_REQUIRE(p == t->platform, "CL_DEVICE_PLATFORM is not the platform the device came from");
   return true;
}

const struct clt_check clt_platform_checks[] = {
   { "platform.strings-have-the-spec-form", platform_strings_have_the_spec_form },
   { "platform.string-size-query-counts-the-nul", platform_string_size_query_counts_the_nul },
   { "device.strings-have-the-spec-form", device_strings_have_the_spec_form },
   { "device.numeric-version-matches-the-string", device_numeric_version_matches_the_string },
   { "device.extension-lists-agree", device_extension_lists_agree },
   { "device.c-features-agree-with-their-queries", device_c_features_agree_with_their_queries },
   { "device.is-available-with-a-compiler", device_is_available_with_a_compiler },
   { "device.address-bits-are-32-or-64", device_address_bits_are_32_or_64 },
   { "device.work-group-limits-are-consistent", device_work_group_limits_are_consistent },
   { "device.memory-limits-meet-the-minimums", device_memory_limits_meet_the_minimums },
   { "device.queues-support-profiling", device_queues_support_profiling },
   { "device.platform-is-the-platform", device_platform_is_the_platform },
   { NULL, NULL },
};
