/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * A SPIR-V module as kiln's rewrites read and write it, so that each
 * rewrite (kiln_spirv_*.c) says only what it changes.  Reading: a walk
 * over the instructions (kiln_spirv_foreach(), as vtn_foreach_instruction
 * walks them in Mesa's spirv_to_nir) and, per result id, the instruction
 * that defines it.  Writing: new ids past the module's bound, the
 * instructions of the new module appended to the section of the logical
 * layout they belong to (SPIR-V 2.4), so that a type or constant added
 * while a function is rewritten still lands before the functions; types
 * and integer constants found among those already written before one is
 * added (SPIR-V allows one of each non-aggregate type); and the new
 * module, its header's bound the ids it uses.
 *
 * A rewrite that copies every instruction it does not change (with
 * kiln_spirv_copy()) writes the module back in its own order when that
 * order is the logical layout, as it is in any valid module.
 */
#ifndef KILN_SPIRV_MODULE_H
#define KILN_SPIRV_MODULE_H

#include <stdbool.h>
#include <stdint.h>

#include "compiler/clc/clc.h"
#include "kiln_compiler.h"
#include "spirv/spirv.h"
#include "util/u_dynarray.h"

static inline SpvOp
kiln_spirv_op(const uint32_t *w)
{
   return (SpvOp)(w[0] & SpvOpCodeMask);
}

static inline unsigned
kiln_spirv_len(const uint32_t *w)
{
   return w[0] >> SpvWordCountShift;
}

/* w when an instruction starts there and ends by end, else NULL (past
 * the last one, or a word count of 0 or one that runs past end). */
static inline const uint32_t *
kiln_spirv_at(const uint32_t *w, const uint32_t *end)
{
   return w < end && kiln_spirv_len(w) && kiln_spirv_len(w) <= (size_t)(end - w) ? w : NULL;
}

/* Each instruction from start to end, as w; the walk stops where the
 * framing breaks (kiln_spirv_module_init() reports that). */
#define kiln_spirv_foreach(w, start, end)                                                          \
   for (const uint32_t *w = kiln_spirv_at((start), (end)), *const w##_end_ = (end); w;             \
        w = kiln_spirv_at(w + kiln_spirv_len(w), w##_end_))

/* The words of a module's instructions (after its 5-word header). */
static inline const uint32_t *
kiln_spirv_begin(const struct clc_binary *spirv)
{
   return (const uint32_t *)spirv->data + (spirv->size >= 20 ? 5 : 0);
}

static inline const uint32_t *
kiln_spirv_end(const struct clc_binary *spirv)
{
   return (const uint32_t *)spirv->data + (spirv->size >= 20 ? spirv->size / 4 : 0);
}

#define kiln_spirv_foreach_instruction(w, spirv)                                                   \
   kiln_spirv_foreach (w, kiln_spirv_begin(spirv), kiln_spirv_end(spirv))

/* The sections of a module's logical layout (SPIR-V 2.4), in order. */
enum kiln_spirv_section {
   KILN_SPIRV_CAPABILITIES,
   KILN_SPIRV_EXTENSIONS,
   KILN_SPIRV_EXT_INST_IMPORTS,
   KILN_SPIRV_MEMORY_MODEL,
   KILN_SPIRV_ENTRY_POINTS,
   KILN_SPIRV_EXECUTION_MODES,
   KILN_SPIRV_DEBUG_SOURCES, /* OpString, OpSource* */
   KILN_SPIRV_DEBUG_NAMES,   /* OpName, OpMemberName */
   KILN_SPIRV_DEBUG_PROCESSED,
   KILN_SPIRV_ANNOTATIONS,
   KILN_SPIRV_GLOBALS, /* types, constants, module-scope variables */
   KILN_SPIRV_FUNCTION_DECLARATIONS,
   KILN_SPIRV_FUNCTIONS,
   KILN_SPIRV_NUM_SECTIONS,
};

/* What the module knows of an id. */
struct kiln_spirv_id {
   const uint32_t *def;   /* its instruction in the module read */
   const uint32_t *value; /* its type or constant as written (a copy) */
   uint32_t type;         /* its result type as written, else as read */
};

struct kiln_spirv_module {
   /* The module read. */
   const uint32_t *words;
   size_t num_words;
   uint32_t input_bound;
   const uint32_t *functions; /* its first OpFunction, or its end */

   /* The module written. */
   uint32_t bound; /* the next new id */
   struct kiln_spirv_id *ids;
   uint32_t capacity;
   struct util_dynarray section[KILN_SPIRV_NUM_SECTIONS];
   struct hash_table *values; /* types and integer constants, by all but their result id */
   void *mem_ctx;
   bool out_of_memory;
};

/* Reads spirv (which must outlive m): KILN_COMPILE_ERROR_SPIRV when it is
 * not a module of whole instructions that define each id once, below its
 * bound (validation says where). */
enum kiln_compile_status kiln_spirv_module_init(struct kiln_spirv_module *m,
                                                const struct clc_binary *spirv);
void kiln_spirv_module_finish(struct kiln_spirv_module *m);

/* The instruction that defines id in the module read, or NULL. */
static inline const uint32_t *
kiln_spirv_def(const struct kiln_spirv_module *m, uint32_t id)
{
   return id < m->input_bound ? m->ids[id].def : NULL;
}

/* The opcode of that instruction, or SpvOpNop. */
static inline SpvOp
kiln_spirv_def_op(const struct kiln_spirv_module *m, uint32_t id)
{
   const uint32_t *w = kiln_spirv_def(m, id);
   return w ? kiln_spirv_op(w) : SpvOpNop;
}

/* A value's result type (as written once it is), or 0. */
static inline uint32_t
kiln_spirv_type_of(const struct kiln_spirv_module *m, uint32_t id)
{
   return id < m->capacity ? m->ids[id].type : 0;
}

/* The type or constant id as written into KILN_SPIRV_GLOBALS, or NULL. */
static inline const uint32_t *
kiln_spirv_written(const struct kiln_spirv_module *m, uint32_t id)
{
   return id < m->capacity ? m->ids[id].value : NULL;
}

/* The value of the integer constant id as written (an OpConstant of an
 * OpTypeInt), or false. */
bool kiln_spirv_int_constant(const struct kiln_spirv_module *m, uint32_t id, uint64_t *value);

/* A new id; 0 when out of memory (m->out_of_memory says so). */
uint32_t kiln_spirv_new_id(struct kiln_spirv_module *m);

/* The section an instruction belongs to, in a function or before one. */
enum kiln_spirv_section kiln_spirv_section_of(SpvOp op, bool in_function);

/* Appends the instruction w to a section of the module written. */
void kiln_spirv_emit(struct kiln_spirv_module *m, enum kiln_spirv_section section,
                     const uint32_t *w);
/* The instruction of op and its n operands. */
void kiln_spirv_emit_op(struct kiln_spirv_module *m, enum kiln_spirv_section section, SpvOp op,
                        const uint32_t *operands, unsigned n);
/* The instruction of op whose operands are before[n_before], the literal
 * string str and after[n_after]. */
void kiln_spirv_emit_string_op(struct kiln_spirv_module *m, enum kiln_spirv_section section,
                               SpvOp op, const uint32_t *before, unsigned n_before, const char *str,
                               const uint32_t *after, unsigned n_after);
/* The instruction w of the module read (or w as changed, in its place)
 * into the section it belongs to. */
void kiln_spirv_copy(struct kiln_spirv_module *m, const uint32_t *w);

/* The id of a non-aggregate type or integer constant written so far that
 * equals the instruction w but for its result id, or 0. */
uint32_t kiln_spirv_find(const struct kiln_spirv_module *m, const uint32_t *w);
/* The id of the type op(operands), written now when there is none. */
uint32_t kiln_spirv_get_type(struct kiln_spirv_module *m, SpvOp op, const uint32_t *operands,
                             unsigned n);
uint32_t kiln_spirv_get_int_type(struct kiln_spirv_module *m, unsigned width);
/* The id of the integer constant of type type (written) and value value,
 * written now when there is none. */
uint32_t kiln_spirv_get_constant(struct kiln_spirv_module *m, uint32_t type, uint64_t value);

/* The module written: the header read with the new bound, then the
 * sections in order. */
enum kiln_compile_status kiln_spirv_module_write(struct kiln_spirv_module *m,
                                                 struct clc_binary *out);

#endif
