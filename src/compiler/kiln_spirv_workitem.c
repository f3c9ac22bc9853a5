/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The work-item functions at a dimension past the last one (OpenCL C 2.0
 * §6.13.1): get_global_size, get_local_size, get_enqueued_local_size and
 * get_num_groups return 1, get_global_id, get_local_id, get_group_id and
 * get_global_offset return 0.  LLVM 15's SPIR-V translator turns each
 * call into a load of the 3-component builtin variable and an extract,
 * with no range check: at a constant dimension of 3 or more it writes an
 * OpCompositeExtract past the vector's end, which is invalid SPIR-V (the
 * kernel failed to compile), and at a run-time one an
 * OpVectorExtractDynamic whose result is undefined past the end
 * (spirv_to_nir clamps the index, so get_global_offset(3) returned the
 * offset of dimension 2).  Later translators emit the check themselves
 * (SPIRV-LLVM-Translator #3023); this rewrite adds it to the front end's
 * output before validation:
 *
 *    %r = OpCompositeExtract %T %load N       (N >= 3)
 *       -> %r = OpConstant %T default, among the module's constants
 *    %r = OpVectorExtractDynamic %T %load %d
 *       -> %e = OpVectorExtractDynamic %T %load %d
 *          %c = OpULessThan %bool %d %three
 *          %r = OpSelect %T %c %e %default
 *
 * The result keeps its id, so nothing else in the module changes.  The
 * translator loads the builtin variables whole (never through an access
 * chain) and decorates them directly, which is all this looks for.
 */
#include <stdlib.h>

#include "util/macros.h"

#include "kiln_compiler_internal.h"
#include "kiln_spirv_module.h"

/* SPIR-V BuiltIn -> the value past the last dimension. */
static const struct {
   SpvBuiltIn builtin;
   uint32_t past_last;
} workitem_builtins[] = {
   { SpvBuiltInNumWorkgroups, 1 },         { SpvBuiltInWorkgroupSize, 1 },
   { SpvBuiltInWorkgroupId, 0 },           { SpvBuiltInLocalInvocationId, 0 },
   { SpvBuiltInGlobalInvocationId, 0 },    { SpvBuiltInGlobalSize, 1 },
   { SpvBuiltInEnqueuedWorkgroupSize, 1 }, { SpvBuiltInGlobalOffset, 0 },
};

/* The module, and per id the work-item builtin variable it is or loads
 * whole (index in workitem_builtins + 1). */
struct workitem {
   struct kiln_spirv_module m;
   uint8_t *builtin;
};

static bool
id_ok(const struct workitem *s, uint32_t id)
{
   return id && id < s->m.input_bound;
}

/* The width of an integer type, 0 for any other. */
static unsigned
int_width(const struct workitem *s, uint32_t type)
{
   const uint32_t *t = kiln_spirv_written(&s->m, type);
   return t && kiln_spirv_op(t) == SpvOpTypeInt ? t[2] : 0;
}

/* Whether the instruction is an extract this file rewrites. */
static bool
needs_fix(const struct workitem *s, const uint32_t *w)
{
   const SpvOp op = kiln_spirv_op(w);
   if (kiln_spirv_len(w) != 5 || !id_ok(s, w[3]) || !s->builtin[w[3]])
      return false;
   return op == SpvOpVectorExtractDynamic || (op == SpvOpCompositeExtract && w[4] >= 3);
}

/* The builtin variables, the loads of them, and how many extracts need
 * the check. */
static unsigned
scan(struct workitem *s)
{
   unsigned num_fixes = 0;
   kiln_spirv_foreach (w, s->m.words + 5, s->m.words + s->m.num_words) {
      switch (kiln_spirv_op(w)) {
      case SpvOpDecorate:
         if (kiln_spirv_len(w) == 4 && w[2] == SpvDecorationBuiltIn && id_ok(s, w[1])) {
            for (unsigned i = 0; i < ARRAY_SIZE(workitem_builtins); i++) {
               if (workitem_builtins[i].builtin == w[3])
                  s->builtin[w[1]] = i + 1;
            }
         }
         break;
      case SpvOpLoad:
         if (kiln_spirv_len(w) >= 4 && id_ok(s, w[2]) && id_ok(s, w[3]))
            s->builtin[w[2]] = s->builtin[w[3]];
         break;
      default:
         num_fixes += needs_fix(s, w);
         break;
      }
   }
   return num_fixes;
}

/* The extract w with the range check; false when its components or its
 * index are not integers. */
static bool
fix(struct workitem *s, const uint32_t *w)
{
   struct kiln_spirv_module *m = &s->m;
   const uint32_t type = w[1], result = w[2], vector = w[3];
   const uint32_t past_last = workitem_builtins[s->builtin[vector] - 1].past_last;
   if (!int_width(s, type))
      return false;
   if (kiln_spirv_op(w) == SpvOpCompositeExtract) {
      /* The result becomes a module constant under its own id. */
      const uint32_t constant[] = { type, result, past_last, 0 };
      kiln_spirv_emit_op(m, KILN_SPIRV_GLOBALS, SpvOpConstant, constant,
                         int_width(s, type) > 32 ? 4 : 3);
      return true;
   }

   const uint32_t index = w[4], index_type = kiln_spirv_type_of(m, index);
   if (!int_width(s, index_type))
      return false;
   const uint32_t bool_type = kiln_spirv_get_type(m, SpvOpTypeBool, NULL, 0);
   const uint32_t three = kiln_spirv_get_constant(m, index_type, 3);
   const uint32_t fallback = kiln_spirv_get_constant(m, type, past_last);
   const uint32_t extracted = kiln_spirv_new_id(m), in_range = kiln_spirv_new_id(m);
   const uint32_t extract[] = { type, extracted, vector, index };
   const uint32_t compare[] = { bool_type, in_range, index, three };
   const uint32_t select[] = { type, result, in_range, extracted, fallback };
   kiln_spirv_emit_op(m, KILN_SPIRV_FUNCTIONS, SpvOpVectorExtractDynamic, extract, 4);
   kiln_spirv_emit_op(m, KILN_SPIRV_FUNCTIONS, SpvOpULessThan, compare, 4);
   kiln_spirv_emit_op(m, KILN_SPIRV_FUNCTIONS, SpvOpSelect, select, 5);
   return true;
}

/* Replaces spirv with the module with every extract fixed. */
static enum kiln_compile_status
rewrite(struct workitem *s, struct clc_binary *spirv, struct kiln_log *log)
{
   kiln_spirv_foreach (w, s->m.words + 5, s->m.words + s->m.num_words) {
      if (!needs_fix(s, w)) {
         kiln_spirv_copy(&s->m, w);
      } else if (!fix(s, w)) {
         kiln_log_append(log, "error: SPIR-V: a work-item builtin is read as a vector of "
                              "non-integers\n");
         return KILN_COMPILE_ERROR_SPIRV;
      }
   }
   struct clc_binary fixed;
   enum kiln_compile_status status = kiln_spirv_module_write(&s->m, &fixed);
   if (status == KILN_COMPILE_OK) {
      free(spirv->data);
      *spirv = fixed;
   }
   return status;
}

enum kiln_compile_status
kiln_spirv_fix_workitem_dims(struct clc_binary *spirv, struct kiln_log *log)
{
   struct workitem s = { 0 };
   enum kiln_compile_status status = kiln_spirv_module_init(&s.m, spirv);
   if (status == KILN_COMPILE_OK) {
      s.builtin = calloc(s.m.input_bound, 1);
      if (!s.builtin)
         status = KILN_COMPILE_ERROR_NO_MEMORY;
      else if (scan(&s))
         status = rewrite(&s, spirv, log);
   } else if (status == KILN_COMPILE_ERROR_SPIRV) {
      status = KILN_COMPILE_OK; /* a module that does not parse is validation's to report */
   }
   free(s.builtin);
   kiln_spirv_module_finish(&s.m);
   return status;
}
