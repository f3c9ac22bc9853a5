/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The SPIR-V checks' modules, written in the checks as text assembly and
 * assembled here by SPIRV-Tools (what spirv-as runs), so that a check
 * reads as the module it hands to clCreateProgramWithIL.
 */
#include "cl_test.h"

#include <string.h>

#include <spirv-tools/libspirv.h>

cl_program
clt_program_with_spirv(struct clt *t, unsigned minor, const char *assembly)
{
   static const spv_target_env envs[] = { SPV_ENV_UNIVERSAL_1_0, SPV_ENV_UNIVERSAL_1_1,
                                          SPV_ENV_UNIVERSAL_1_2, SPV_ENV_UNIVERSAL_1_3,
                                          SPV_ENV_UNIVERSAL_1_4, SPV_ENV_UNIVERSAL_1_5 };
   if (minor >= sizeof(envs) / sizeof(envs[0])) {
      clt_fail(t, "no assembler for SPIR-V 1.%u", minor);
      return NULL;
   }
   spv_context spv = spvContextCreate(envs[minor]);
   spv_binary bin = NULL;
   spv_diagnostic diag = NULL;
   cl_program p = NULL;
   if (spvTextToBinary(spv, assembly, strlen(assembly), &bin, &diag) != SPV_SUCCESS) {
      clt_fail(t, "the test's SPIR-V assembly: %s", diag ? diag->error : "refused");
   } else {
      cl_int err;
      p = clCreateProgramWithIL(t->ctx, bin->code, bin->wordCount * 4, &err);
      if (p)
         clt_defer(t, CLT_PROGRAM, p);
      else
         clt_fail(t, "clCreateProgramWithIL returned %s", clt_error_name(err));
   }
   spvDiagnosticDestroy(diag);
   spvBinaryDestroy(bin);
   spvContextDestroy(spv);
   return p;
}
