/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Unit test for kiln_spirv_module, the module kiln's SPIR-V rewrites read
 * and write.  A small kernel module assembled by SPIRV-Tools from text is
 * read (its instructions walked, its ids indexed) and copied; types and
 * integer constants are asked for twice, the second time found, as is a
 * type the module already has; what is added while the function is
 * written lands before it.  SPIRV-Tools judges the module written: the
 * compiler's validation (kiln_spirv_validate) accepts it, and its
 * disassembly holds each type and constant exactly once.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kiln_compiler_internal.h"
#include "kiln_spirv_module.h"
#include "kiln_test.h"

/* libspirv.h defines this constant with external linkage in C. */
#define kDefaultMaxIdBound test_spirv_module_max_id_bound
#include "spirv-tools/libspirv.h"

/* 13 instructions; %uint is 32-bit, %ulong (64-bit) is left for the test
 * to add. */
static const char source[] = "OpCapability Addresses\n"
                             "OpCapability Kernel\n"
                             "OpCapability Int64\n"
                             "OpMemoryModel Physical64 OpenCL\n"
                             "OpEntryPoint Kernel %main \"main\"\n"
                             "OpName %main \"main\"\n"
                             "%void = OpTypeVoid\n"
                             "%uint = OpTypeInt 32 0\n"
                             "%fn = OpTypeFunction %void\n"
                             "%main = OpFunction %void None %fn\n"
                             "%entry = OpLabel\n"
                             "OpReturn\n"
                             "OpFunctionEnd\n";
#define NUM_INSTRUCTIONS 13

static bool
assemble(const char *text, struct clc_binary *out)
{
   spv_context ctx = spvContextCreate(SPV_ENV_UNIVERSAL_1_0);
   spv_binary binary = NULL;
   spv_diagnostic diag = NULL;
   bool ok = spvTextToBinary(ctx, text, strlen(text), &binary, &diag) == SPV_SUCCESS;
   if (!CHECK(ok, "spirv-as: %s", diag ? diag->error : "failed")) {
      spvDiagnosticDestroy(diag);
      spvContextDestroy(ctx);
      return false;
   }
   out->size = binary->wordCount * 4;
   out->data = malloc(out->size);
   memcpy(out->data, binary->code, out->size);
   spvBinaryDestroy(binary);
   spvContextDestroy(ctx);
   return true;
}

static char *
disassemble(const struct clc_binary *spirv)
{
   spv_context ctx = spvContextCreate(SPV_ENV_UNIVERSAL_1_5);
   spv_text text = NULL;
   char *str = NULL;
   if (spvBinaryToText(ctx, spirv->data, spirv->size / 4, SPV_BINARY_TO_TEXT_OPTION_FRIENDLY_NAMES,
                       &text, NULL) == SPV_SUCCESS)
      str = strdup(text->str);
   spvTextDestroy(text);
   spvContextDestroy(ctx);
   return str;
}

static unsigned
count(const char *text, const char *what)
{
   unsigned n = 0;
   for (const char *p = text; (p = strstr(p, what)); p += strlen(what))
      n++;
   return n;
}

/* Walking a module visits each instruction once, and reading it indexes
 * what defines each id. */
static void
test_walk_and_definitions(const struct clc_binary *spirv)
{
   const unsigned failures = kiln_test.failures;
   unsigned n = 0, ops_seen = 0;
   kiln_spirv_foreach_instruction (w, spirv) {
      n++;
      ops_seen += kiln_spirv_op(w) == SpvOpTypeInt;
   }
   CHECK_EQ_INT("instructions walked", n, NUM_INSTRUCTIONS);
   CHECK_EQ_INT("OpTypeInt walked", ops_seen, 1);

   struct kiln_spirv_module m;
   if (CHECK_EQ_INT("reading the module", kiln_spirv_module_init(&m, spirv), KILN_COMPILE_OK)) {
      unsigned types = 0, functions = 0;
      for (uint32_t id = 1; id < m.input_bound; id++) {
         types += kiln_spirv_def_op(&m, id) == SpvOpTypeInt;
         functions += kiln_spirv_def_op(&m, id) == SpvOpFunction;
      }
      CHECK_EQ_INT("ids defined by OpTypeInt", types, 1);
      CHECK_EQ_INT("ids defined by OpFunction", functions, 1);
      CHECK(kiln_spirv_op(m.functions) == SpvOpFunction, "the first function is at word %zu",
            (size_t)(m.functions - m.words));
      CHECK(!kiln_spirv_def(&m, m.input_bound), "an id past the bound has a definition");
   }
   kiln_spirv_module_finish(&m);
   kiln_test_result("walk and definitions", failures);
}

/* A module whose framing breaks (a word count of 0) is refused. */
static void
test_broken_framing_is_refused(const struct clc_binary *spirv)
{
   const unsigned failures = kiln_test.failures;
   struct clc_binary broken = { malloc(spirv->size), spirv->size };
   memcpy(broken.data, spirv->data, spirv->size);
   ((uint32_t *)broken.data)[7] &= 0xffff; /* the second instruction's word count */
   struct kiln_spirv_module m;
   CHECK_EQ_INT("reading a broken module", kiln_spirv_module_init(&m, &broken),
                KILN_COMPILE_ERROR_SPIRV);
   kiln_spirv_module_finish(&m);
   free(broken.data);
   kiln_test_result("broken framing is refused", failures);
}

/* Types and constants asked for twice are written once, what the module
 * has is found, and what is added while writing the function lands
 * before it. */
static void
test_find_or_add(const struct clc_binary *spirv)
{
   const unsigned failures = kiln_test.failures;
   struct kiln_spirv_module m;
   if (!CHECK_EQ_INT("reading the module", kiln_spirv_module_init(&m, spirv), KILN_COMPILE_OK)) {
      kiln_spirv_module_finish(&m);
      return;
   }
   const uint32_t input_bound = m.input_bound;
   uint32_t uint_id = 0;
   kiln_spirv_foreach (w, m.words + 5, m.words + m.num_words) {
      kiln_spirv_copy(&m, w);
      if (kiln_spirv_op(w) == SpvOpTypeInt)
         uint_id = w[1];
   }

   /* Asked for after the function was copied. */
   CHECK_EQ_INT("the module's 32-bit type is found", kiln_spirv_get_int_type(&m, 32), uint_id);
   const uint32_t ulong = kiln_spirv_get_int_type(&m, 64);
   CHECK_EQ_INT("a new 64-bit type takes the first new id", ulong, input_bound);
   CHECK_EQ_INT("the 64-bit type is found the second time", kiln_spirv_get_int_type(&m, 64), ulong);
   const uint32_t big = kiln_spirv_get_constant(&m, ulong, 0x100000003ull);
   CHECK_EQ_INT("a 64-bit constant is found the second time",
                kiln_spirv_get_constant(&m, ulong, 0x100000003ull), big);
   uint64_t value = 0;
   CHECK(kiln_spirv_int_constant(&m, big, &value) && value == 0x100000003ull,
         "the constant written holds 0x%llx", (unsigned long long)value);
   const uint32_t seven = kiln_spirv_get_constant(&m, uint_id, 7);
   CHECK_EQ_INT("a 32-bit constant is found the second time",
                kiln_spirv_get_constant(&m, uint_id, 7), seven);
   CHECK(seven != big, "two constants share the id %u", seven);
   CHECK_EQ_INT("new ids", m.bound - input_bound, 3);

   struct clc_binary out;
   if (CHECK_EQ_INT("writing the module", kiln_spirv_module_write(&m, &out), KILN_COMPILE_OK)) {
      CHECK_EQ_INT("the header's bound", ((uint32_t *)out.data)[3], m.bound);
      struct kiln_log log = { 0 };
      CHECK_EQ_INT("kiln_spirv_validate", kiln_spirv_validate(&out, &log), KILN_COMPILE_OK);
      char *why = kiln_log_take(&log);
      CHECK(!why || !*why, "the validator said: %s", why ? why : "");
      free(why);

      char *text = disassemble(&out);
      if (CHECK(text, "spirv-dis failed")) {
         CHECK_EQ_INT("OpTypeInt 32 0 in the disassembly", count(text, "OpTypeInt 32 0"), 1);
         CHECK_EQ_INT("OpTypeInt 64 0 in the disassembly", count(text, "OpTypeInt 64 0"), 1);
         CHECK_EQ_INT("the 64-bit constant in the disassembly",
                      count(text, "OpConstant %ulong 4294967299"), 1);
         CHECK_EQ_INT("the 32-bit constant in the disassembly", count(text, "OpConstant %uint 7"),
                      1);
         const char *constant = strstr(text, "OpConstant"), *function = strstr(text, "OpFunction");
         CHECK(constant && function && constant < function,
               "the constants are not before the function:\n%s", text);
      }
      free(text);
      free(out.data);
   }
   kiln_spirv_module_finish(&m);
   kiln_test_result("types and constants found or added", failures);
}

int
main(void)
{
   struct clc_binary spirv;
   if (assemble(source, &spirv)) {
      test_walk_and_definitions(&spirv);
      test_broken_framing_is_refused(&spirv);
      test_find_or_add(&spirv);
      free(spirv.data);
   }
   return kiln_test_summary();
}
