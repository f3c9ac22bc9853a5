/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * SPIRV-Tools for the compiler: whatever SPIR-V enters kiln, compiled from
 * OpenCL C or handed in, is validated before NIR sees it, and KILN_DEBUG=spirv
 * disassembles it.
 */
#include <stdio.h>

#include "util/macros.h"

#include "kiln_compiler_internal.h"

/* libspirv.h defines this constant with external linkage in C; Mesa's vtn
 * includes the header too, so kiln's copy gets a name of its own. */
#define kDefaultMaxIdBound kiln_spirv_default_max_id_bound
#include "spirv-tools/libspirv.h"

enum kiln_compile_status
kiln_spirv_validate(const struct clc_binary *spirv, struct kiln_log *log)
{
   if (spirv->size < 20 || spirv->size % 4) {
      kiln_log_append(log, "error: SPIR-V: %zu bytes is not a SPIR-V module "
                           "(a header of 5 words and whole words after it)\n",
                      spirv->size);
      return KILN_COMPILE_ERROR_SPIRV;
   }

   /* spirv_to_nir reads the header itself and takes less than SPIRV-Tools
    * does: no byte-swapped module, no version below 1.0, no schema word
    * other than 0.  It reports those before its error path is set up and
    * crashes doing so (Mesa 25.0.7), so they are refused here. */
   const uint32_t *w = spirv->data;
   if (w[0] != 0x07230203) {
      kiln_log_append(log, "error: SPIR-V: the magic number is 0x%08x, not 0x07230203%s\n",
                      w[0], w[0] == 0x03022307 ? " (a module in the other byte order)" : "");
      return KILN_COMPILE_ERROR_SPIRV;
   }
   if (w[1] < 0x10000 || w[4] != 0) {
      kiln_log_append(log, "error: SPIR-V: header: version 0x%08x, schema %u; "
                           "SPIR-V 1.0 or later with schema 0 is required\n", w[1], w[4]);
      return KILN_COMPILE_ERROR_SPIRV;
   }

   spv_context ctx = spvContextCreate(SPV_ENV_UNIVERSAL_1_5);
   spv_diagnostic diag = NULL;
   spv_const_binary_t bin = { spirv->data, spirv->size / 4 };
   spv_result_t res = spvValidate(ctx, &bin, &diag);

   if (res != SPV_SUCCESS) {
      if (diag) {
         kiln_log_append(log, "error: SPIR-V: invalid module at word %zu: %s\n",
                         diag->position.index, diag->error);
      } else {
         kiln_log_append(log, "error: SPIR-V: invalid module (%d)\n", res);
      }
   }
   spvDiagnosticDestroy(diag);
   spvContextDestroy(ctx);
   return res == SPV_SUCCESS ? KILN_COMPILE_OK : KILN_COMPILE_ERROR_SPIRV;
}

void
kiln_spirv_print(const struct clc_binary *spirv)
{
   spv_context ctx = spvContextCreate(SPV_ENV_UNIVERSAL_1_5);
   spv_text text = NULL;
   if (spvBinaryToText(ctx, spirv->data, spirv->size / 4,
                       SPV_BINARY_TO_TEXT_OPTION_FRIENDLY_NAMES, &text, NULL) == SPV_SUCCESS)
      fprintf(stderr, "kiln: SPIR-V:\n%s\n", text->str);
   spvTextDestroy(text);
   spvContextDestroy(ctx);
}

/* Capabilities of features kiln does not implement yet, found before
 * spirv_to_nir would stop on them with a less helpful message. */
static const struct {
   uint32_t capability;
   const char *feature;
} unsupported_capabilities[] = {
   { 19 /* DeviceEnqueue */, "device-side enqueue (OpenCL C 2.0 6.13.17)" },
   { 17 /* Pipes */, "pipes (OpenCL C 2.0 6.13.16)" },
};

const char *
kiln_spirv_unsupported_feature(const struct clc_binary *spirv)
{
   const uint32_t *w = spirv->data;
   size_t n = spirv->size / 4;
   for (size_t i = 5; i < n;) {
      uint32_t op = w[i] & 0xffff, len = w[i] >> 16;
      if (len == 0)
         break;
      if (op == 17 /* OpCapability */ && len == 2) {
         for (unsigned c = 0; c < ARRAY_SIZE(unsupported_capabilities); c++) {
            if (w[i + 1] == unsupported_capabilities[c].capability)
               return unsupported_capabilities[c].feature;
         }
      }
      i += len;
   }
   return NULL;
}
