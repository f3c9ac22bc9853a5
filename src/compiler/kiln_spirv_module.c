/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The SPIR-V module kiln's rewrites share (kiln_spirv_module.h): the
 * index of the ids of the module read, the sections of the module
 * written, and the table of its types and integer constants, which is
 * what lets a rewrite ask for "the 32-bit integer type" or "the constant
 * 3 of it" without knowing whether the module has one.
 */
/* spirv.h's table of which opcodes have a result and a result type; C
 * wants one external definition of its inline function, and this is it. */
#define SPV_ENABLE_UTILITY_CODE
#include "spirv/spirv.h"
extern void SpvHasResultAndType(SpvOp opcode, bool *hasResult, bool *hasResultType);

#include "kiln_spirv_module.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "util/hash_table.h"
#include "util/macros.h"
#include "util/ralloc.h"

/* SPIRV-Tools' kDefaultMaxIdBound. */
#define MAX_ID_BOUND 0x3fffff

/* Where an instruction's result id is (1 or 2), or 0 for none. */
static unsigned
result_word(const uint32_t *w)
{
   bool has_result, has_type;
   SpvHasResultAndType(kiln_spirv_op(w), &has_result, &has_type);
   if (!has_result || kiln_spirv_len(w) <= (has_type ? 2u : 1u))
      return 0;
   return has_type ? 2 : 1;
}

/* The types SPIR-V allows one of for given operands, which a rewrite
 * finds rather than writes again. */
static bool
is_unique_type(SpvOp op)
{
   switch (op) {
   case SpvOpTypeVoid:
   case SpvOpTypeBool:
   case SpvOpTypeInt:
   case SpvOpTypeFloat:
   case SpvOpTypeVector:
   case SpvOpTypePointer:
   case SpvOpTypeFunction:
   case SpvOpTypeEvent:
   case SpvOpTypeSampler:
   case SpvOpTypeImage:
   case SpvOpTypeSampledImage:
      return true;
   default:
      return false;
   }
}

static bool
is_type(SpvOp op)
{
   return op >= SpvOpTypeVoid && op <= SpvOpTypeForwardPointer;
}

/* The table of written types and constants hashes and compares all
 * words but the result id. */
static uint32_t
value_hash(const void *key)
{
   const uint32_t *w = key;
   const unsigned result = result_word(w), len = kiln_spirv_len(w);
   uint32_t hash = _mesa_hash_data(w, result * 4);
   return _mesa_hash_data_with_seed(w + result + 1, (len - result - 1) * 4, hash);
}

static bool
value_equal(const void *a, const void *b)
{
   const uint32_t *x = a, *y = b;
   const unsigned result = result_word(x);
   return x[0] == y[0] && !memcmp(x, y, result * 4) &&
          !memcmp(x + result + 1, y + result + 1, (kiln_spirv_len(x) - result - 1) * 4);
}

static bool
grow(struct kiln_spirv_module *m, uint32_t id)
{
   if (id < m->capacity)
      return true;
   const uint32_t n = MAX2(id + 1, m->capacity + m->capacity / 4 + 64);
   struct kiln_spirv_id *ids = realloc(m->ids, n * sizeof(*ids));
   if (!ids) {
      m->out_of_memory = true;
      return false;
   }
   memset(ids + m->capacity, 0, (n - m->capacity) * sizeof(*ids));
   m->ids = ids;
   m->capacity = n;
   return true;
}

enum kiln_compile_status
kiln_spirv_module_init(struct kiln_spirv_module *m, const struct clc_binary *spirv)
{
   memset(m, 0, sizeof(*m));
   m->words = spirv->data;
   m->num_words = spirv->size / 4;
   for (unsigned s = 0; s < KILN_SPIRV_NUM_SECTIONS; s++)
      util_dynarray_init(&m->section[s], NULL);
   /* SPIRV-Tools refuses a bound past its default maximum, and a module
    * in the other byte order; validation says so. */
   if (spirv->size < 20 || spirv->size % 4 || m->words[0] != SpvMagicNumber || !m->words[3] ||
       m->words[3] > MAX_ID_BOUND)
      return KILN_COMPILE_ERROR_SPIRV;

   m->input_bound = m->bound = m->words[3];
   m->capacity = m->input_bound + 1;
   m->ids = calloc(m->capacity, sizeof(*m->ids));
   m->mem_ctx = ralloc_context(NULL);
   m->values = m->mem_ctx ? _mesa_hash_table_create(m->mem_ctx, value_hash, value_equal) : NULL;
   if (!m->ids || !m->values)
      return KILN_COMPILE_ERROR_NO_MEMORY;

   const uint32_t *end = m->words + m->num_words;
   const uint32_t *w = kiln_spirv_begin(spirv);
   m->functions = end;
   for (; kiln_spirv_at(w, end); w += kiln_spirv_len(w)) {
      if (kiln_spirv_op(w) == SpvOpFunction && m->functions == end)
         m->functions = w;
      const unsigned result = result_word(w);
      if (!result)
         continue;
      const uint32_t id = w[result];
      if (!id || id >= m->input_bound || m->ids[id].def)
         return KILN_COMPILE_ERROR_SPIRV;
      m->ids[id].def = w;
      m->ids[id].type = result == 2 ? w[1] : 0;
   }
   return w == end ? KILN_COMPILE_OK : KILN_COMPILE_ERROR_SPIRV;
}

void
kiln_spirv_module_finish(struct kiln_spirv_module *m)
{
   for (unsigned s = 0; s < KILN_SPIRV_NUM_SECTIONS; s++)
      util_dynarray_fini(&m->section[s]);
   free(m->ids);
   ralloc_free(m->mem_ctx);
   memset(m, 0, sizeof(*m));
}

bool
kiln_spirv_int_constant(const struct kiln_spirv_module *m, uint32_t id, uint64_t *value)
{
   const uint32_t *w = kiln_spirv_written(m, id);
   const uint32_t *type = w ? kiln_spirv_written(m, w[1]) : NULL;
   if (!w || kiln_spirv_op(w) != SpvOpConstant || kiln_spirv_len(w) < 4 || !type ||
       kiln_spirv_op(type) != SpvOpTypeInt)
      return false;
   *value = w[3] | (kiln_spirv_len(w) > 4 ? (uint64_t)w[4] << 32 : 0);
   return true;
}

uint32_t
kiln_spirv_new_id(struct kiln_spirv_module *m)
{
   const uint32_t id = m->bound;
   if (!grow(m, id))
      return 0;
   m->bound++;
   return id;
}

enum kiln_spirv_section
kiln_spirv_section_of(SpvOp op, bool in_function)
{
   switch (op) {
   case SpvOpCapability:
      return KILN_SPIRV_CAPABILITIES;
   case SpvOpExtension:
      return KILN_SPIRV_EXTENSIONS;
   case SpvOpExtInstImport:
      return KILN_SPIRV_EXT_INST_IMPORTS;
   case SpvOpMemoryModel:
      return KILN_SPIRV_MEMORY_MODEL;
   case SpvOpEntryPoint:
      return KILN_SPIRV_ENTRY_POINTS;
   case SpvOpExecutionMode:
   case SpvOpExecutionModeId:
      return KILN_SPIRV_EXECUTION_MODES;
   case SpvOpString:
   case SpvOpSourceExtension:
   case SpvOpSource:
   case SpvOpSourceContinued:
      return KILN_SPIRV_DEBUG_SOURCES;
   case SpvOpName:
   case SpvOpMemberName:
      return KILN_SPIRV_DEBUG_NAMES;
   case SpvOpModuleProcessed:
      return KILN_SPIRV_DEBUG_PROCESSED;
   case SpvOpDecorate:
   case SpvOpMemberDecorate:
   case SpvOpDecorationGroup:
   case SpvOpGroupDecorate:
   case SpvOpGroupMemberDecorate:
   case SpvOpDecorateId:
   case SpvOpDecorateString:
   case SpvOpMemberDecorateString:
      return KILN_SPIRV_ANNOTATIONS;
   default:
      return in_function ? KILN_SPIRV_FUNCTIONS : KILN_SPIRV_GLOBALS;
   }
}

/* A type or constant written among the globals: kept (a copy) for
 * kiln_spirv_written(), and in the table when it is one of a kind. */
static void
remember_value(struct kiln_spirv_module *m, const uint32_t *w, uint32_t id)
{
   const SpvOp op = kiln_spirv_op(w);
   if (!is_type(op) && op != SpvOpConstant)
      return;
   uint32_t *copy = ralloc_array(m->mem_ctx, uint32_t, kiln_spirv_len(w));
   if (!copy) {
      m->out_of_memory = true;
      return;
   }
   memcpy(copy, w, kiln_spirv_len(w) * 4);
   m->ids[id].value = copy;
   if ((is_unique_type(op) || op == SpvOpConstant) && !_mesa_hash_table_search(m->values, copy) &&
       !_mesa_hash_table_insert(m->values, copy, (void *)(uintptr_t)id))
      m->out_of_memory = true;
}

void
kiln_spirv_emit(struct kiln_spirv_module *m, enum kiln_spirv_section section, const uint32_t *w)
{
   const unsigned len = kiln_spirv_len(w);
   uint32_t *out = util_dynarray_grow(&m->section[section], uint32_t, len);
   if (!out) {
      m->out_of_memory = true;
      return;
   }
   memcpy(out, w, len * 4);

   const unsigned result = result_word(w);
   if (!result || !grow(m, w[result]))
      return;
   if (result == 2)
      m->ids[w[2]].type = w[1];
   if (section == KILN_SPIRV_GLOBALS)
      remember_value(m, w, w[result]);
}

void
kiln_spirv_emit_op(struct kiln_spirv_module *m, enum kiln_spirv_section section, SpvOp op,
                   const uint32_t *operands, unsigned n)
{
   uint32_t words[64];
   assert(n < ARRAY_SIZE(words));
   words[0] = (n + 1) << SpvWordCountShift | op;
   if (n)
      memcpy(words + 1, operands, n * 4);
   kiln_spirv_emit(m, section, words);
}

void
kiln_spirv_emit_string_op(struct kiln_spirv_module *m, enum kiln_spirv_section section, SpvOp op,
                          const uint32_t *before, unsigned n_before, const char *str,
                          const uint32_t *after, unsigned n_after)
{
   /* A literal string: its bytes and a NUL, padded with NULs to a word. */
   const unsigned str_words = strlen(str) / 4 + 1;
   const unsigned n = n_before + str_words + n_after;
   uint32_t *words = calloc(n + 1, 4);
   if (!words) {
      m->out_of_memory = true;
      return;
   }
   words[0] = (n + 1) << SpvWordCountShift | op;
   if (n_before)
      memcpy(words + 1, before, n_before * 4);
   memcpy(words + 1 + n_before, str, strlen(str));
   if (n_after)
      memcpy(words + 1 + n_before + str_words, after, n_after * 4);
   kiln_spirv_emit(m, section, words);
   free(words);
}

void
kiln_spirv_copy(struct kiln_spirv_module *m, const uint32_t *w)
{
   kiln_spirv_emit(m, kiln_spirv_section_of(kiln_spirv_op(w), w >= m->functions), w);
}

uint32_t
kiln_spirv_find(const struct kiln_spirv_module *m, const uint32_t *w)
{
   struct hash_entry *entry = _mesa_hash_table_search(m->values, w);
   return entry ? (uint32_t)(uintptr_t)entry->data : 0;
}

/* The id of the type or constant words (its result id left 0): found,
 * or written now under a new id. */
static uint32_t
find_or_write(struct kiln_spirv_module *m, uint32_t *words)
{
   uint32_t id = kiln_spirv_find(m, words);
   if (id)
      return id;
   words[result_word(words)] = id = kiln_spirv_new_id(m);
   if (id)
      kiln_spirv_emit(m, KILN_SPIRV_GLOBALS, words);
   return id;
}

uint32_t
kiln_spirv_get_type(struct kiln_spirv_module *m, SpvOp op, const uint32_t *operands, unsigned n)
{
   uint32_t words[64];
   assert(n + 2 <= ARRAY_SIZE(words));
   words[0] = (n + 2) << SpvWordCountShift | op;
   words[1] = 0;
   if (n)
      memcpy(words + 2, operands, n * 4);
   return find_or_write(m, words);
}

uint32_t
kiln_spirv_get_int_type(struct kiln_spirv_module *m, unsigned width)
{
   const uint32_t operands[] = { width, 0 };
   return kiln_spirv_get_type(m, SpvOpTypeInt, operands, 2);
}

uint32_t
kiln_spirv_get_constant(struct kiln_spirv_module *m, uint32_t type, uint64_t value)
{
   const uint32_t *t = kiln_spirv_written(m, type);
   const bool wide = t && kiln_spirv_len(t) > 2 && t[2] > 32;
   uint32_t words[] = { (wide ? 5u : 4u) << SpvWordCountShift | SpvOpConstant, type, 0,
                        (uint32_t)value, (uint32_t)(value >> 32) };
   return find_or_write(m, words);
}

enum kiln_compile_status
kiln_spirv_module_write(struct kiln_spirv_module *m, struct clc_binary *out)
{
   memset(out, 0, sizeof(*out));
   if (m->out_of_memory)
      return KILN_COMPILE_ERROR_NO_MEMORY;
   size_t num_words = 5;
   for (unsigned s = 0; s < KILN_SPIRV_NUM_SECTIONS; s++)
      num_words += m->section[s].size / 4;
   uint32_t *words = malloc(num_words * 4);
   if (!words)
      return KILN_COMPILE_ERROR_NO_MEMORY;
   memcpy(words, m->words, 5 * 4);
   words[3] = m->bound;
   size_t n = 5;
   for (unsigned s = 0; s < KILN_SPIRV_NUM_SECTIONS; s++) {
      if (m->section[s].size)
         memcpy(words + n, m->section[s].data, m->section[s].size);
      n += m->section[s].size / 4;
   }
   out->data = words;
   out->size = num_words * 4;
   return KILN_COMPILE_OK;
}
