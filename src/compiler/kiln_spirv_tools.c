/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * SPIRV-Tools for the compiler: whatever SPIR-V enters kiln, compiled from
 * OpenCL C or handed in, is validated before NIR sees it, and KILN_DEBUG=spirv
 * disassembles it.  What spirv_to_nir relies on and the validator lets
 * through (found by fuzzing, tests/fuzz/regressions/) is refused here too.
 */
#include <stdio.h>
#include <stdlib.h>

#include "util/macros.h"

#include "kiln_compiler_internal.h"
#include "kiln_spirv_module.h"

/* libspirv.h defines this constant with external linkage in C; Mesa's vtn
 * includes the header too, so kiln's copy gets a name of its own. */
#define kDefaultMaxIdBound kiln_spirv_default_max_id_bound
#include "spirv-tools/libspirv.h"

/* What spirv_to_nir relies on and SPIRV-Tools 2023.1 (Debian 12) does not
 * check, each found by fuzzing (tests/fuzz/regressions/):
 *  - the indices of an access chain are integer scalars: vtn takes
 *    whatever the id holds, so a pointer there (a built-in variable)
 *    became an integer made from a deref, which NIR refuses once the
 *    variable is lowered away;
 *  - OpenCL's built-in variables have OpenCL's types (three 32- or 64-bit
 *    integers, or one): nir_lower_system_values asserts on a
 *    GlobalInvocationId of eight;
 *  - a type is smaller than 2 GiB: vtn keeps an array's length, and glsl
 *    types their sizes, in 32 bits, so a longer array (2^35 floats of
 *    __local memory) wraps to a size of 0 and NIR's explicit I/O asserts
 *    on its stride.  The sizes here leave out alignment padding, which at
 *    most doubles them; no buffer kiln makes is larger than 4 GiB;
 *  - the addressing model is Physical64: vtn asserts that a Physical32
 *    module comes with 32-bit address formats, and kiln's are 64-bit. */
struct id_info {
   uint64_t value;     /* an integer constant's */
   uint64_t size;      /* a type's bytes, without padding; saturates */
   uint32_t type;      /* a value's type; a pointer type's pointee */
   uint32_t builtin;   /* its BuiltIn decoration + 1; 0 for none */
   uint8_t int_width;  /* OpTypeInt; for OpTypeVector, its component's */
   uint8_t components; /* OpTypeInt 1, OpTypeVector its count */
};

struct operand_check {
   const uint32_t *module;
   uint32_t bound;
   struct id_info *ids;
   struct kiln_log *log;
};

/* The components an OpenCL built-in has (SPIR-V OpenCL environment
 * spec), or 0 for built-ins kiln does not check. */
static unsigned
builtin_components(uint32_t builtin)
{
   switch (builtin) {
   case SpvBuiltInNumWorkgroups:
   case SpvBuiltInWorkgroupSize:
   case SpvBuiltInWorkgroupId:
   case SpvBuiltInLocalInvocationId:
   case SpvBuiltInGlobalInvocationId:
   case SpvBuiltInGlobalSize:
   case SpvBuiltInEnqueuedWorkgroupSize:
   case SpvBuiltInGlobalOffset:
      return 3;
   case SpvBuiltInLocalInvocationIndex:
   case SpvBuiltInWorkDim:
   case SpvBuiltInGlobalLinearId:
   case SpvBuiltInSubgroupSize:
   case SpvBuiltInSubgroupMaxSize:
   case SpvBuiltInNumSubgroups:
   case SpvBuiltInNumEnqueuedSubgroups:
   case SpvBuiltInSubgroupId:
   case SpvBuiltInSubgroupLocalInvocationId:
      return 1;
   default:
      return 0;
   }
}

#define MAX_TYPE_SIZE (UINT64_C(1) << 31)

static uint64_t
size_mul(uint64_t a, uint64_t b)
{
   return b && a > UINT64_MAX / b ? UINT64_MAX : a * b;
}

static spv_result_t
refuse(struct operand_check *c, const spv_parsed_instruction_t *ins, const char *what, uint32_t id)
{
   kiln_log_append(c->log, "error: SPIR-V: at word %zu: %%%u %s\n",
                   (size_t)(ins->words - c->module), id, what);
   return SPV_ERROR_INVALID_ID;
}

static spv_result_t
check_instruction(void *data, const spv_parsed_instruction_t *ins)
{
   struct operand_check *c = data;
   const uint32_t *w = ins->words;
   /* The module is valid: every id is below the bound. */
   struct id_info *result = ins->result_id ? &c->ids[ins->result_id] : NULL;

   switch (ins->opcode) {
   case SpvOpMemoryModel:
      if (w[1] == SpvAddressingModelPhysical32) {
         kiln_log_append(c->log,
                         "error: SPIR-V: at word %zu: the addressing model is "
                         "Physical32; kiln's devices are 64-bit (Physical64)\n",
                         (size_t)(w - c->module));
         return SPV_ERROR_INVALID_BINARY;
      }
      return SPV_SUCCESS;
   case SpvOpDecorate: /* %target BuiltIn b */
      if (ins->num_words >= 4 && w[2] == SpvDecorationBuiltIn)
         c->ids[w[1]].builtin = w[3] + 1;
      return SPV_SUCCESS;
   case SpvOpGroupDecorate: /* %group %targets... */
      for (unsigned i = 2; i < ins->num_words; i++) {
         if (c->ids[w[1]].builtin)
            c->ids[w[i]].builtin = c->ids[w[1]].builtin;
      }
      return SPV_SUCCESS;
   case SpvOpTypeBool:
      result->size = 1;
      return SPV_SUCCESS;
   case SpvOpTypeInt:
      result->int_width = w[2];
      result->components = 1;
      result->size = w[2] / 8;
      return SPV_SUCCESS;
   case SpvOpTypeFloat:
      result->size = w[2] / 8;
      return SPV_SUCCESS;
   case SpvOpTypeVector: /* three components take four's room */
      result->int_width = c->ids[w[2]].int_width;
      result->components = w[3];
      result->size = size_mul(c->ids[w[2]].size, w[3] == 3 ? 4 : w[3]);
      return SPV_SUCCESS;
   case SpvOpTypeArray: {
      uint64_t length = c->ids[w[3]].value;
      result->size = size_mul(c->ids[w[2]].size, length);
      if (length > UINT32_MAX || result->size >= MAX_TYPE_SIZE)
         return refuse(c, ins, "is an array type larger than kiln supports (2 GiB)",
                       ins->result_id);
      return SPV_SUCCESS;
   }
   case SpvOpTypeStruct:
      for (unsigned i = 2; i < ins->num_words; i++) {
         uint64_t sum = result->size + c->ids[w[i]].size;
         result->size = sum < result->size ? UINT64_MAX : sum;
      }
      if (result->size >= MAX_TYPE_SIZE)
         return refuse(c, ins, "is a struct type larger than kiln supports (2 GiB)",
                       ins->result_id);
      return SPV_SUCCESS;
   case SpvOpTypePointer:
      result->type = w[3];
      result->size = 8;
      return SPV_SUCCESS;
   case SpvOpConstant:
   case SpvOpSpecConstant:
      result->value = w[3] | (ins->num_words > 4 ? (uint64_t)w[4] << 32 : 0);
      break;
   case SpvOpVariable: {
      result->type = ins->type_id;
      unsigned want = builtin_components(result->builtin - 1);
      const struct id_info *t = &c->ids[c->ids[ins->type_id].type];
      if (result->builtin && want &&
          (t->components != want || (t->int_width != 32 && t->int_width != 64)))
         return refuse(c, ins,
                       want == 3 ? "is an OpenCL built-in, which is a vector of three "
                                   "32- or 64-bit integers"
                                 : "is an OpenCL built-in, which is one 32- or "
                                   "64-bit integer",
                       ins->result_id);
      return SPV_SUCCESS;
   }
   case SpvOpAccessChain:
   case SpvOpInBoundsAccessChain:
   case SpvOpPtrAccessChain:
   case SpvOpInBoundsPtrAccessChain:
      /* Result type, result, base, then the indices. */
      for (unsigned o = 3; o < ins->num_operands; o++) {
         uint32_t id = w[ins->operands[o].offset];
         const struct id_info *t = &c->ids[c->ids[id].type];
         if (t->components != 1 || !t->int_width)
            return refuse(c, ins, "is an access chain index, which must be an integer scalar", id);
      }
      break;
   default:
      break;
   }
   if (result)
      result->type = ins->type_id;
   return SPV_SUCCESS;
}

static enum kiln_compile_status
check_operands(spv_context ctx, const struct clc_binary *spirv, struct kiln_log *log)
{
   const uint32_t *w = spirv->data;
   struct operand_check c = {
      .module = w,
      .bound = w[3],
      .ids = calloc(w[3], sizeof(struct id_info)),
      .log = log,
   };
   if (!c.ids)
      return KILN_COMPILE_ERROR_NO_MEMORY;
   enum kiln_compile_status status =
      spvBinaryParse(ctx, &c, w, spirv->size / 4, NULL, check_instruction, NULL) == SPV_SUCCESS
         ? KILN_COMPILE_OK
         : KILN_COMPILE_ERROR_SPIRV;
   free(c.ids);
   return status;
}

enum kiln_compile_status
kiln_spirv_validate(const struct clc_binary *spirv, struct kiln_log *log)
{
   if (spirv->size < 20 || spirv->size % 4) {
      kiln_log_append(log,
                      "error: SPIR-V: %zu bytes is not a SPIR-V module "
                      "(a header of 5 words and whole words after it)\n",
                      spirv->size);
      return KILN_COMPILE_ERROR_SPIRV;
   }

   /* spirv_to_nir reads the header itself and takes less than SPIRV-Tools
    * does: no byte-swapped module, no version below 1.0, no schema word
    * other than 0.  It reports those before its error path is set up and
    * crashes doing so (Mesa 25.0.7), so they are refused here. */
   const uint32_t *w = spirv->data;
   if (w[0] != SpvMagicNumber) {
      kiln_log_append(log, "error: SPIR-V: the magic number is 0x%08x, not 0x07230203%s\n", w[0],
                      w[0] == 0x03022307 ? " (a module in the other byte order)" : "");
      return KILN_COMPILE_ERROR_SPIRV;
   }
   if (w[1] < 0x10000 || w[4] != 0) {
      kiln_log_append(log,
                      "error: SPIR-V: header: version 0x%08x, schema %u; "
                      "SPIR-V 1.0 or later with schema 0 is required\n",
                      w[1], w[4]);
      return KILN_COMPILE_ERROR_SPIRV;
   }

   spv_context ctx = spvContextCreate(SPV_ENV_UNIVERSAL_1_5);
   spv_diagnostic diag = NULL;
   spv_const_binary_t bin = { spirv->data, spirv->size / 4 };
   /* SPIRV-Tools' default limit of 255 function parameters is not
    * OpenCL's: a kernel may take as many arguments as
    * CL_DEVICE_MAX_PARAMETER_SIZE holds (the CTS's min_max_parameter_size
    * passes over a thousand chars).  An instruction's word count bounds
    * them instead. */
   spv_validator_options opts = spvValidatorOptionsCreate();
   spvValidatorOptionsSetUniversalLimit(opts, spv_validator_limit_max_function_args, 0xffff);
   spv_result_t res = spvValidateWithOptions(ctx, opts, &bin, &diag);
   spvValidatorOptionsDestroy(opts);

   if (res != SPV_SUCCESS) {
      if (diag) {
         kiln_log_append(log, "error: SPIR-V: invalid module at word %zu: %s\n",
                         diag->position.index, diag->error);
      } else {
         kiln_log_append(log, "error: SPIR-V: invalid module (%d)\n", res);
      }
   }
   enum kiln_compile_status status =
      res == SPV_SUCCESS ? check_operands(ctx, spirv, log) : KILN_COMPILE_ERROR_SPIRV;
   spvDiagnosticDestroy(diag);
   spvContextDestroy(ctx);
   return status;
}

void
kiln_spirv_print(const struct clc_binary *spirv)
{
   spv_context ctx = spvContextCreate(SPV_ENV_UNIVERSAL_1_5);
   spv_text text = NULL;
   if (spvBinaryToText(ctx, spirv->data, spirv->size / 4, SPV_BINARY_TO_TEXT_OPTION_FRIENDLY_NAMES,
                       &text, NULL) == SPV_SUCCESS)
      fprintf(stderr, "kiln: SPIR-V:\n%s\n", text->str);
   spvTextDestroy(text);
   spvContextDestroy(ctx);
}

/* Capabilities of features kiln does not implement yet, found before
 * spirv_to_nir would stop on them with a less helpful message. */
static const struct {
   SpvCapability capability;
   const char *feature;
} unsupported_capabilities[] = {
   { SpvCapabilityPipes, "pipes (OpenCL C 2.0 6.13.16)" },
};

const char *
kiln_spirv_unsupported_feature(const struct clc_binary *spirv)
{
   kiln_spirv_foreach_instruction (w, spirv) {
      if (kiln_spirv_op(w) != SpvOpCapability || kiln_spirv_len(w) != 2)
         continue;
      for (unsigned c = 0; c < ARRAY_SIZE(unsupported_capabilities); c++) {
         if (w[1] == unsupported_capabilities[c].capability)
            return unsupported_capabilities[c].feature;
      }
   }
   return NULL;
}
