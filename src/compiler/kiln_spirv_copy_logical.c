/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * OpCopyLogical (SPIR-V 1.4) whose two types have become one.  The
 * instruction copies a composite into another type of the same layout,
 * and validation requires the two types to differ.  SPIRV-Tools' linker,
 * which Rusticl runs on every program it builds, merges struct types that
 * are declared alike, so a valid module that copies between two such
 * structs (the OpenCL CTS's spirv14 copylogical_struct) leaves the link
 * copying a type into itself, which validation then refuses.  Between one
 * type and itself the copy is OpCopyObject, of the same operands, so the
 * opcode is rewritten in place and every id is kept.
 */
#include "kiln_compiler_internal.h"
#include "kiln_spirv_module.h"

static bool
has_copy_logical(const struct clc_binary *spirv)
{
   kiln_spirv_foreach_instruction (w, spirv) {
      if (kiln_spirv_op(w) == SpvOpCopyLogical)
         return true;
   }
   return false;
}

void
kiln_spirv_fix_copy_logical(struct clc_binary *spirv)
{
   if (!has_copy_logical(spirv))
      return;
   struct kiln_spirv_module m;
   /* A module that does not read whole is left to validation to report. */
   if (kiln_spirv_module_init(&m, spirv) == KILN_COMPILE_OK) {
      uint32_t *words = spirv->data;
      kiln_spirv_foreach_instruction (w, spirv) {
         /* OpCopyLogical: result type, result id, operand. */
         if (kiln_spirv_op(w) == SpvOpCopyLogical && kiln_spirv_len(w) == 4 &&
             w[1] == kiln_spirv_type_of(&m, w[3]))
            words[w - words] = 4u << SpvWordCountShift | SpvOpCopyObject;
      }
   }
   kiln_spirv_module_finish(&m);
}
