/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * What every NIR pass unit test in tests/compiler shares: a failure count
 * and CHECK(), which reports the test function and line and carries on, so
 * one run lists every broken rule, and a count of a shader's intrinsics.
 * Each test is a single translation unit.
 */
#ifndef NIR_PASS_TEST_H
#define NIR_PASS_TEST_H

#include <stdio.h>

#include "nir_builder.h"

static int failures;

#define CHECK(cond, ...)                                                   \
   do {                                                                    \
      if (!(cond)) {                                                       \
         fprintf(stderr, "FAIL %s:%d: ", __func__, __LINE__);              \
         fprintf(stderr, __VA_ARGS__);                                     \
         fprintf(stderr, "\n");                                            \
         failures++;                                                       \
      }                                                                    \
   } while (0)

/* An empty OpenCL kernel to build a test shader in, set up as
 * spirv_to_nir sets a kernel up for the Physical64 memory model: derefs
 * (of the private arrays passes create, say) are 64-bit pointers. */
static inline nir_builder
kernel_builder(const nir_shader_compiler_options *options, const char *name)
{
   nir_builder b = nir_builder_init_simple_shader(MESA_SHADER_KERNEL, options, "%s", name);
   b.shader->info.cs.ptr_size = 64;
   return b;
}

/* How many intrinsics op the shader has. */
static inline unsigned
count_intrinsic(nir_shader *s, nir_intrinsic_op op)
{
   unsigned n = 0;
   nir_foreach_function_impl(impl, s) {
      nir_foreach_block(block, impl) {
         nir_foreach_instr(instr, block) {
            if (instr->type == nir_instr_type_intrinsic &&
                nir_instr_as_intrinsic(instr)->intrinsic == op)
               n++;
         }
      }
   }
   return n;
}

#endif
