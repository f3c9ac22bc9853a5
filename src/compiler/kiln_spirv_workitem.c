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
#include <string.h>

#include "util/macros.h"

#include "kiln_compiler_internal.h"

/* libspirv.h defines this constant with external linkage in C. */
#define kDefaultMaxIdBound kiln_spirv_workitem_max_id_bound
#include "spirv-tools/libspirv.h"

enum {
   OP_TYPE_BOOL = 20,
   OP_TYPE_INT = 21,
   OP_CONSTANT = 43,
   OP_FUNCTION = 54,
   OP_LOAD = 61,
   OP_DECORATE = 71,
   OP_VECTOR_EXTRACT_DYNAMIC = 77,
   OP_COMPOSITE_EXTRACT = 81,
   OP_SELECT = 169,
   OP_ULESS_THAN = 176,
   DECORATION_BUILTIN = 11,
};

/* SPIR-V BuiltIn -> the value past the last dimension. */
static const struct {
   uint32_t builtin;
   uint32_t past_last;
} workitem_builtins[] = {
   { 24 /* NumWorkgroups */, 1 },         { 25 /* WorkgroupSize */, 1 },
   { 26 /* WorkgroupId */, 0 },           { 27 /* LocalInvocationId */, 0 },
   { 28 /* GlobalInvocationId */, 0 },    { 31 /* GlobalSize */, 1 },
   { 32 /* EnqueuedWorkgroupSize */, 1 }, { 33 /* GlobalOffset */, 0 },
};

/* What the scan learns of the module. */
struct scan {
   const uint32_t *words;
   uint32_t bound;
   uint32_t *type_of;  /* result id -> its type id */
   uint8_t *builtin;   /* builtin variable or whole load of it -> index + 1 */
   uint8_t *int_width; /* OpTypeInt id -> width */
   uint32_t bool_type;
   size_t first_function; /* word offset of the first OpFunction */
   unsigned num_fixes;
};

static bool
id_ok(const struct scan *s, uint32_t id)
{
   return id && id < s->bound;
}

/* Whether the instruction is an extract this file rewrites. */
static bool
needs_fix(const struct scan *s, const uint32_t *w, unsigned len)
{
   unsigned op = w[0] & 0xffff;
   if (op == OP_COMPOSITE_EXTRACT && len == 5)
      return id_ok(s, w[3]) && s->builtin[w[3]] && w[4] >= 3;
   if (op == OP_VECTOR_EXTRACT_DYNAMIC && len == 5)
      return id_ok(s, w[3]) && s->builtin[w[3]];
   return false;
}

static spv_result_t
scan_instruction(void *data, const spv_parsed_instruction_t *inst)
{
   struct scan *s = data;
   const uint32_t *w = inst->words;

   if (id_ok(s, inst->result_id) && inst->type_id)
      s->type_of[inst->result_id] = inst->type_id;

   switch (inst->opcode) {
   case OP_DECORATE:
      if (inst->num_words == 4 && w[2] == DECORATION_BUILTIN && id_ok(s, w[1])) {
         for (unsigned i = 0; i < ARRAY_SIZE(workitem_builtins); i++) {
            if (workitem_builtins[i].builtin == w[3])
               s->builtin[w[1]] = i + 1;
         }
      }
      break;
   case OP_TYPE_INT:
      if (id_ok(s, w[1]))
         s->int_width[w[1]] = w[2];
      break;
   case OP_TYPE_BOOL:
      s->bool_type = w[1];
      break;
   case OP_LOAD:
      if (id_ok(s, w[2]) && id_ok(s, w[3]))
         s->builtin[w[2]] = s->builtin[w[3]];
      break;
   case OP_FUNCTION:
      if (!s->first_function)
         s->first_function = w - s->words;
      break;
   default:
      if (needs_fix(s, w, inst->num_words))
         s->num_fixes++;
      break;
   }
   return SPV_SUCCESS;
}

/* A word array with room for everything the rewrite writes. */
struct words {
   uint32_t *w;
   size_t n;
};

static void
put(struct words *out, const uint32_t *w, unsigned n)
{
   memcpy(out->w + out->n, w, n * sizeof(uint32_t));
   out->n += n;
}

static void
put_constant(struct words *out, const struct scan *s, uint32_t type, uint32_t id, uint32_t value)
{
   const bool wide = s->int_width[type] > 32;
   const uint32_t w[] = { (wide ? 5u : 4u) << 16 | OP_CONSTANT, type, id, value, 0 };
   put(out, w, wide ? 5 : 4);
}

/* The constants the rewrite adds to the module, one per type and value. */
struct constants {
   struct words *globals;
   uint32_t *bound;
   struct {
      uint32_t type, value, id;
   } * known;
   unsigned num_known;
};

static uint32_t
get_constant(struct constants *c, const struct scan *s, uint32_t type, uint32_t value)
{
   for (unsigned i = 0; i < c->num_known; i++) {
      if (c->known[i].type == type && c->known[i].value == value)
         return c->known[i].id;
   }
   uint32_t id = (*c->bound)++;
   c->known[c->num_known].type = type;
   c->known[c->num_known].value = value;
   c->known[c->num_known++].id = id;
   put_constant(c->globals, s, type, id, value);
   return id;
}

/* Writes the module with every extract fixed to out (room for it all);
 * false when an extract does not have integer components. */
static bool
rewrite(const struct scan *s, size_t num_words, struct constants *consts, struct words *body,
        struct words *out)
{
   const uint32_t *w = s->words;
   struct words *globals = consts->globals;
   uint32_t bound = s->bound;
   consts->bound = &bound;

   uint32_t bool_type = s->bool_type;
   bool ok = true;
   for (size_t i = s->first_function; i < num_words && ok;) {
      const unsigned len = w[i] >> 16;
      const uint32_t *inst = &w[i];
      i += len;
      if (!needs_fix(s, inst, len)) {
         put(body, inst, len);
         continue;
      }

      const uint32_t type = inst[1], result = inst[2];
      const uint32_t past_last = workitem_builtins[s->builtin[inst[3]] - 1].past_last;
      if (!s->int_width[type]) {
         ok = false;
      } else if ((inst[0] & 0xffff) == OP_COMPOSITE_EXTRACT) {
         /* The result becomes a module constant under its own id. */
         put_constant(globals, s, type, result, past_last);
      } else {
         const uint32_t index = inst[4];
         const uint32_t index_type = id_ok(s, index) ? s->type_of[index] : 0;
         if (!id_ok(s, index_type) || !s->int_width[index_type]) {
            ok = false;
            break;
         }
         if (!bool_type) {
            bool_type = bound++;
            const uint32_t decl[] = { 2u << 16 | OP_TYPE_BOOL, bool_type };
            put(globals, decl, 2);
         }
         const uint32_t three = get_constant(consts, s, index_type, 3);
         const uint32_t fallback = get_constant(consts, s, type, past_last);
         const uint32_t extracted = bound++, in_range = bound++;
         const uint32_t seq[] = {
            5u << 16 | OP_VECTOR_EXTRACT_DYNAMIC,
            type,
            extracted,
            inst[3],
            index,
            5u << 16 | OP_ULESS_THAN,
            bool_type,
            in_range,
            index,
            three,
            6u << 16 | OP_SELECT,
            type,
            result,
            in_range,
            extracted,
            fallback,
         };
         put(body, seq, ARRAY_SIZE(seq));
      }
   }
   if (ok) {
      put(out, w, s->first_function);
      out->w[3] = bound;
      put(out, globals->w, globals->n);
      put(out, body->w, body->n);
   }
   return ok;
}

/* Replaces spirv with the rewritten module. */
static enum kiln_compile_status
fix_module(const struct scan *s, struct clc_binary *spirv, struct kiln_log *log)
{
   /* Per fix at most: two constants of up to 5 words in the global
    * section, and 16 words in the body in place of 5. */
   const size_t num_words = spirv->size / 4;
   struct words globals = { malloc((2 + 10 * s->num_fixes) * 4) };
   struct words body = { malloc((num_words - s->first_function + 11 * s->num_fixes) * 4) };
   struct words out = { malloc((num_words + 2 + 21 * s->num_fixes) * 4) };
   struct constants consts = {
      .globals = &globals,
      .known = calloc(2 * s->num_fixes, sizeof(*consts.known)),
   };
   enum kiln_compile_status status = KILN_COMPILE_OK;

   if (!globals.w || !body.w || !out.w || !consts.known) {
      status = KILN_COMPILE_ERROR_NO_MEMORY;
   } else if (!rewrite(s, num_words, &consts, &body, &out)) {
      kiln_log_append(log, "error: SPIR-V: a work-item builtin is read as a vector of "
                           "non-integers\n");
      status = KILN_COMPILE_ERROR_SPIRV;
   } else {
      free(spirv->data);
      spirv->data = out.w;
      spirv->size = out.n * 4;
      out.w = NULL;
   }
   free(consts.known);
   free(globals.w);
   free(body.w);
   free(out.w);
   return status;
}

enum kiln_compile_status
kiln_spirv_fix_workitem_dims(struct clc_binary *spirv, struct kiln_log *log)
{
   const uint32_t *w = spirv->data;
   const size_t num_words = spirv->size / 4;
   if (num_words < 5 || !w[3])
      return KILN_COMPILE_OK; /* validation reports it */

   struct scan s = {
      .words = w,
      .bound = w[3],
      .type_of = calloc(w[3], sizeof(uint32_t)),
      .builtin = calloc(w[3], 1),
      .int_width = calloc(w[3], 1),
   };
   enum kiln_compile_status status = KILN_COMPILE_ERROR_NO_MEMORY;
   if (s.type_of && s.builtin && s.int_width) {
      spv_context ctx = spvContextCreate(SPV_ENV_UNIVERSAL_1_5);
      spv_result_t res = spvBinaryParse(ctx, &s, w, num_words, NULL, scan_instruction, NULL);
      spvContextDestroy(ctx);
      /* A module that does not parse is validation's to report. */
      if (res == SPV_SUCCESS && s.num_fixes && s.first_function)
         status = fix_module(&s, spirv, log);
      else
         status = KILN_COMPILE_OK;
   }
   free(s.type_of);
   free(s.builtin);
   free(s.int_width);
   return status;
}
