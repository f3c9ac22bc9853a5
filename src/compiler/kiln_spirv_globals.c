/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Program-scope __global variables and static ones in functions (OpenCL
 * C 2.0 §6.5.1): their storage belongs to the program, is initialised once
 * when the program is loaded and keeps its values across launches.  In
 * SPIR-V they are the module's CrossWorkgroup OpVariables, whose
 * initialisers spirv_to_nir does not take ("not yet supported in Mesa"),
 * and which may hold addresses: of another variable, of an element or
 * member of one (an OpSpecConstantOp access chain), also inside a struct
 * or array (an OpConstantComposite naming variables).
 *
 * This file lays the variables out, in module order, in one buffer per
 * program, evaluates their initialisers into the buffer's initial bytes
 * and the relocations a launcher applies (the buffer's address plus an
 * offset into it, at an offset of it), and gives the kernels' compiler a
 * module without them: the initialisers stripped, and the constants that
 * name variables (legal only in initialisers) removed, with the
 * variables of other storage classes that no function reads and whose
 * initialisers were such constants (a program-scope block's __constant
 * variable: LLVM's translator calls its literal directly).  The variables'
 * accesses then become accesses at their offsets in the buffer, whose
 * address is an implicit kernel argument (kiln_nir_lower_program_globals).
 *
 * The layout is OpenCL C's (clang's for spir64, and Mesa's CL layout of
 * the same types): scalars and vectors aligned to their size, a
 * 3-component vector taking 4, arrays of elements of their aligned size,
 * structs with each member at its alignment unless CPacked, pointers 8
 * bytes.
 */
#include <stdlib.h>
#include <string.h>

#include "kiln_compiler_internal.h"
#include "kiln_spirv_module.h"

#include "util/macros.h"
#include "util/u_math.h"

/* libspirv.h defines this constant with external linkage in C. */
#define kDefaultMaxIdBound kiln_spirv_globals_max_id_bound
#include "spirv-tools/libspirv.h"

struct scan {
   struct kiln_spirv_module m;
   bool *packed;         /* struct type id -> CPacked */
   bool *imported;       /* id -> LinkageAttributes Import */
   uint32_t *alignment;  /* variable id -> its Alignment decoration */
   int *var_index;       /* CrossWorkgroup variable id -> its index, else -1 */
   bool *names_variable; /* constant id -> it names a variable (drop it) */
   const char **name;    /* id -> its OpName */
   bool *function_reads; /* id -> a function names it (read_by_functions()) */
   uint32_t current;     /* the variable whose initialiser is being read */
   struct kiln_spirv_globals *out;
   struct kiln_program *prog;
   size_t num_relocs_alloc;
   unsigned depth; /* of the recursion through types and constants */
   struct kiln_log *log;
};

/* Deeper than any type or constant a front end writes: a module that
 * nests further (or in a cycle, which validation would refuse) is
 * refused here. */
#define MAX_DEPTH 64

static bool
fail(struct scan *s, const char *what, uint32_t id)
{
   const char *var = s->current && s->name[s->current] ? s->name[s->current] : NULL;
   if (var) {
      kiln_log_append(s->log,
                      "error: program-scope __global variable '%s': %s (SPIR-V id "
                      "%u)\n",
                      var, what, id);
   } else {
      kiln_log_append(s->log, "error: program-scope __global variables: %s (SPIR-V id %u)\n", what,
                      id);
   }
   return false;
}

static const uint32_t *
def_of(const struct scan *s, uint32_t id)
{
   return kiln_spirv_def(&s->m, id);
}

static SpvOp
def_op(const struct scan *s, uint32_t id)
{
   return kiln_spirv_def_op(&s->m, id);
}

static bool
enter(struct scan *s, uint32_t id)
{
   if (++s->depth > MAX_DEPTH)
      return fail(s, "types or constants nested too deep", id);
   return true;
}

static bool
leave(struct scan *s, bool ok)
{
   s->depth--;
   return ok;
}

/* The value of an integer OpConstant, sign-extended from its width. */
static bool
const_int(struct scan *s, uint32_t id, int64_t *value)
{
   const uint32_t *w = def_of(s, id);
   const SpvOp op = def_op(s, id), type_op = w ? def_op(s, w[1]) : SpvOpNop;
   if (op == SpvOpConstantNull && type_op == SpvOpTypeInt) {
      *value = 0;
      return true;
   }
   if (op != SpvOpConstant || type_op != SpvOpTypeInt)
      return fail(s, "an index or length that is not an integer constant", id);
   const unsigned width = def_of(s, w[1])[2];
   uint64_t v = w[3];
   if (width > 32 && kiln_spirv_len(w) >= 5)
      v |= (uint64_t)w[4] << 32;
   else if (width <= 32)
      v = util_sign_extend(v, width);
   *value = (int64_t)v;
   return true;
}

static bool type_layout(struct scan *s, uint32_t type, uint64_t *size, uint64_t *align);

static bool
type_layout_of(struct scan *s, uint32_t type, uint64_t *size, uint64_t *align)
{
   const uint32_t *w = def_of(s, type);
   switch (def_op(s, type)) {
   case SpvOpTypeInt:
   case SpvOpTypeFloat:
      if (w[2] != 8 && w[2] != 16 && w[2] != 32 && w[2] != 64)
         return fail(s, "a scalar of a width OpenCL C has not", type);
      *size = *align = w[2] / 8;
      return true;
   case SpvOpTypePointer:
      *size = *align = 8;
      return true;
   case SpvOpTypeVector: {
      uint64_t comp, comp_align;
      if (!type_layout(s, w[2], &comp, &comp_align))
         return false;
      *size = *align = comp * (w[3] == 3 ? 4 : w[3]);
      return true;
   }
   case SpvOpTypeArray: {
      int64_t length;
      if (!type_layout(s, w[2], size, align) || !const_int(s, w[3], &length))
         return false;
      if (length <= 0 || (uint64_t)length > UINT32_MAX / MAX2(*size, 1))
         return fail(s, "an array larger than 4 GiB or of no elements", type);
      *size *= length;
      return true;
   }
   case SpvOpTypeStruct: {
      const unsigned num_members = kiln_spirv_len(w) - 2;
      uint64_t end = 0, struct_align = 1;
      for (unsigned i = 0; i < num_members; i++) {
         uint64_t m_size, m_align;
         if (!type_layout(s, w[2 + i], &m_size, &m_align))
            return false;
         if (!s->packed[type]) {
            end = align64(end, m_align);
            struct_align = MAX2(struct_align, m_align);
         }
         end += m_size;
      }
      *align = struct_align;
      *size = align64(end, struct_align);
      return true;
   }
   default:
      return fail(s, "a variable of a type with no OpenCL C layout", type);
   }
}

static bool
type_layout(struct scan *s, uint32_t type, uint64_t *size, uint64_t *align)
{
   return enter(s, type) && leave(s, type_layout_of(s, type, size, align));
}

/* The offset and type of member or element `index` of a composite. */
static bool
member(struct scan *s, uint32_t type, int64_t index, int64_t *offset, uint32_t *member_type)
{
   const uint32_t *w = def_of(s, type);
   uint64_t size, align;
   switch (def_op(s, type)) {
   case SpvOpTypeVector:
   case SpvOpTypeArray:
      if (!type_layout(s, w[2], &size, &align))
         return false;
      *offset = index * (int64_t)size;
      *member_type = w[2];
      return true;
   case SpvOpTypeStruct: {
      const unsigned num_members = kiln_spirv_len(w) - 2;
      if (index < 0 || index >= num_members)
         return fail(s, "a struct member index out of range", type);
      uint64_t end = 0;
      for (unsigned i = 0; i <= index; i++) {
         if (!type_layout(s, w[2 + i], &size, &align))
            return false;
         if (!s->packed[type])
            end = align64(end, align);
         if (i < index)
            end += size;
      }
      *offset = end;
      *member_type = w[2 + index];
      return true;
   }
   default:
      return fail(s, "an access chain into a type that is not a composite", type);
   }
}

/* A pointer constant: an offset into the globals buffer (relocated), or
 * an address. */
struct pointer {
   bool relocated;
   int64_t value;
};

static bool eval_pointer(struct scan *s, uint32_t id, struct pointer *p);

/* Base, then the element index (PtrAccessChain) and the member indices. */
static bool
eval_chain(struct scan *s, const uint32_t *w, bool ptr_chain, struct pointer *p)
{
   const unsigned len = kiln_spirv_len(w);
   const uint32_t base_type_id = def_of(s, w[4]) ? def_of(s, w[4])[1] : 0;
   const uint32_t *base_type = def_of(s, base_type_id);
   if (def_op(s, base_type_id) != SpvOpTypePointer)
      return fail(s, "an access chain whose base is not a pointer", w[2]);
   if (!eval_pointer(s, w[4], p))
      return false;

   uint32_t type = base_type[3];
   unsigned first = 5;
   if (ptr_chain && len < 6)
      return fail(s, "a pointer access chain without an element", w[2]);
   if (ptr_chain) {
      int64_t element;
      uint64_t size, align;
      if (!const_int(s, w[5], &element) || !type_layout(s, type, &size, &align))
         return false;
      p->value += element * (int64_t)size;
      first = 6;
   }
   for (unsigned i = first; i < len; i++) {
      int64_t index, offset;
      if (!const_int(s, w[i], &index) || !member(s, type, index, &offset, &type))
         return false;
      p->value += offset;
   }
   return true;
}

static bool
eval_pointer_of(struct scan *s, uint32_t id, struct pointer *p)
{
   const uint32_t *w = def_of(s, id);
   switch (def_op(s, id)) {
   case SpvOpVariable:
      if (s->var_index[id] < 0) {
         return fail(s,
                     "an initialiser holds the address of a __constant, __local or "
                     "__private variable",
                     id);
      }
      *p = (struct pointer){ true, s->out->offsets[s->var_index[id]] };
      return true;
   case SpvOpConstantNull:
   case SpvOpUndef:
      *p = (struct pointer){ false, 0 };
      return true;
   case SpvOpConstant: {
      int64_t v;
      if (!const_int(s, id, &v))
         return false;
      *p = (struct pointer){ false, v };
      return true;
   }
   case SpvOpSpecConstantOp:
      switch (w[3]) {
      case SpvOpBitcast:
      case SpvOpPtrCastToGeneric:
      case SpvOpGenericCastToPtr:
      case SpvOpConvertUToPtr:
      case SpvOpConvertPtrToU:
         return eval_pointer(s, w[4], p);
      case SpvOpAccessChain:
      case SpvOpInBoundsAccessChain:
         return eval_chain(s, w, false, p);
      case SpvOpPtrAccessChain:
      case SpvOpInBoundsPtrAccessChain:
         return eval_chain(s, w, true, p);
      default:
         break;
      }
      FALLTHROUGH;
   default:
      return fail(s,
                  "an address in an initialiser is not a variable, an access chain "
                  "into one or a null pointer",
                  id);
   }
}

static bool
eval_pointer(struct scan *s, uint32_t id, struct pointer *p)
{
   return enter(s, id) && leave(s, eval_pointer_of(s, id, p));
}

static bool
add_reloc(struct scan *s, uint64_t offset, int64_t target)
{
   struct kiln_program *prog = s->prog;
   if (target < 0 || (uint64_t)target > prog->globals_size)
      return fail(s, "an initialiser points outside the program's variables", 0);
   if (prog->num_globals_relocs == s->num_relocs_alloc) {
      size_t n = MAX2(16, s->num_relocs_alloc * 2);
      struct kiln_global_reloc *r = realloc(prog->globals_relocs, n * sizeof(*r));
      if (!r)
         return fail(s, "out of memory", 0);
      prog->globals_relocs = r;
      s->num_relocs_alloc = n;
   }
   prog->globals_relocs[prog->num_globals_relocs++] =
      (struct kiln_global_reloc){ .offset = offset, .target = target };
   return true;
}

static bool write_constant(struct scan *s, uint32_t id, uint32_t type, uint64_t at);

/* Writes constant `id` of type `type` at byte `at` of the initial data. */
static bool
write_constant_of(struct scan *s, uint32_t id, uint32_t type, uint64_t at)
{
   const uint32_t *w = def_of(s, id);
   const SpvOp op = def_op(s, id);
   uint64_t size, align;
   if (!type_layout(s, type, &size, &align))
      return false;
   if (at + size > s->prog->globals_size)
      return fail(s, "an initialiser larger than its variable", id);

   if (def_op(s, type) == SpvOpTypePointer ||
       (op == SpvOpSpecConstantOp && w[3] == SpvOpConvertPtrToU)) {
      struct pointer p;
      if (size != 8 || !eval_pointer(s, id, &p))
         return size == 8 ? false : fail(s, "an address converted to a narrower integer", id);
      if (p.relocated)
         return add_reloc(s, at, p.value);
      memcpy(s->prog->globals_data + at, &p.value, 8);
      return true;
   }

   switch (op) {
   case SpvOpConstant:
      if ((kiln_spirv_len(w) - 3) * 4 < size)
         return fail(s, "a constant shorter than its type", id);
      memcpy(s->prog->globals_data + at, &w[3], size);
      return true;
   case SpvOpConstantNull:
   case SpvOpUndef:
      return true; /* the data starts zeroed */
   case SpvOpConstantComposite:
   case SpvOpSpecConstantComposite: {
      const unsigned count = kiln_spirv_len(w) - 3;
      for (unsigned i = 0; i < count; i++) {
         int64_t offset;
         uint32_t member_type;
         if (!member(s, type, i, &offset, &member_type) ||
             !write_constant(s, w[3 + i], member_type, at + offset))
            return false;
      }
      return true;
   }
   default:
      return fail(s, "an initialiser that is not a constant kiln can evaluate", id);
   }
}

static bool
write_constant(struct scan *s, uint32_t id, uint32_t type, uint64_t at)
{
   return enter(s, id) && leave(s, write_constant_of(s, id, type, at));
}

/* The fewest words an instruction this file reads has, or 0 for one it
 * does not read. */
static unsigned
min_words(SpvOp op)
{
   switch (op) {
   case SpvOpTypeBool:
   case SpvOpTypeStruct:
      return 2;
   case SpvOpTypeFloat:
   case SpvOpConstantNull:
   case SpvOpUndef:
   case SpvOpConstantTrue:
   case SpvOpConstantFalse:
   case SpvOpConstantComposite:
   case SpvOpSpecConstantComposite:
      return 3;
   case SpvOpTypeInt:
   case SpvOpTypeVector:
   case SpvOpTypeArray:
   case SpvOpTypePointer:
   case SpvOpConstant:
   case SpvOpVariable:
      return 4;
   case SpvOpSpecConstantOp:
      return 5;
   default:
      return 0;
   }
}

/* One pass over the module: names, decorations and the variables in
 * order.  False for a module too malformed to read, which validation
 * then reports. */
static bool
scan_module(struct scan *s)
{
   unsigned num_vars = 0;
   const uint32_t bound = s->m.input_bound;
   kiln_spirv_foreach (w, s->m.words + 5, s->m.words + s->m.num_words) {
      const unsigned len = kiln_spirv_len(w);
      const SpvOp op = kiln_spirv_op(w);
      if (len < min_words(op))
         return false;
      if (w >= s->m.functions)
         continue; /* no more names, decorations or module-scope variables */

      if (op == SpvOpName && len >= 3 && w[1] < bound &&
          strnlen((const char *)&w[2], (len - 2) * 4) < (len - 2) * 4) {
         s->name[w[1]] = (const char *)&w[2];
      } else if (op == SpvOpDecorate && len >= 3 && w[1] < bound) {
         if (w[2] == SpvDecorationCPacked)
            s->packed[w[1]] = true;
         else if (w[2] == SpvDecorationAlignment && len == 4)
            s->alignment[w[1]] = w[3];
         else if (w[2] == SpvDecorationLinkageAttributes && w[len - 1] == SpvLinkageTypeImport)
            s->imported[w[1]] = true;
      } else if (op == SpvOpVariable && w[3] == SpvStorageClassCrossWorkgroup) {
         s->var_index[w[2]] = num_vars++;
      }
   }
   s->out->num_vars = num_vars;
   return true;
}

static bool
is_composite_constant(unsigned op)
{
   return op == SpvOpConstantComposite || op == SpvOpSpecConstantComposite ||
          op == SpvOpSpecConstantOp;
}

struct function_reads {
   bool *read; /* id -> an id operand of a function's instruction */
   uint32_t bound;
   bool in_functions;
};

static bool
is_id_operand(spv_operand_type_t type)
{
   return type == SPV_OPERAND_TYPE_ID || type == SPV_OPERAND_TYPE_TYPE_ID ||
          type == SPV_OPERAND_TYPE_MEMORY_SEMANTICS_ID || type == SPV_OPERAND_TYPE_SCOPE_ID;
}

static spv_result_t
note_function_reads(void *data, const spv_parsed_instruction_t *ins)
{
   struct function_reads *f = data;
   f->in_functions |= ins->opcode == SpvOpFunction;
   if (!f->in_functions)
      return SPV_SUCCESS;
   for (unsigned o = 0; o < ins->num_operands; o++) {
      const uint32_t id = ins->words[ins->operands[o].offset];
      if (is_id_operand(ins->operands[o].type) && id < f->bound)
         f->read[id] = true;
   }
   return SPV_SUCCESS;
}

/* Whether a function's instruction names id, found by SPIRV-Tools'
 * parser, which knows which operands are ids; the first question parses
 * the module.  A module it cannot parse is taken as naming every id
 * (validation reports it). */
static bool
read_by_functions(struct scan *s, uint32_t id)
{
   if (!s->function_reads) {
      s->function_reads = calloc(s->m.input_bound, sizeof(bool));
      if (!s->function_reads)
         return true;
      struct function_reads f = { .read = s->function_reads, .bound = s->m.input_bound };
      spv_context ctx = spvContextCreate(SPV_ENV_UNIVERSAL_1_5);
      const spv_result_t res =
         spvBinaryParse(ctx, &f, s->m.words, s->m.num_words, NULL, note_function_reads, NULL);
      spvContextDestroy(ctx);
      if (res != SPV_SUCCESS)
         memset(s->function_reads, 1, s->m.input_bound * sizeof(bool));
   }
   return s->function_reads[id];
}

/* The constants that name a variable, directly or through another such
 * constant, and the module-scope variables of other storage classes
 * initialised with one: LLVM's translator writes a program-scope block
 * (int (^__constant b)(int) = ^int(int i) {...}) as a __constant
 * variable holding the address of its block literal, a __global
 * variable, and calls the literal directly, so the __constant variable
 * goes with the constant its initialiser was.  One that a function reads
 * would read an address this file does not know, which is refused.
 * LLVM's translator may write a constant before one it uses, so this
 * goes over them until nothing changes. */
static bool
mark_constants_naming_variables(struct scan *s)
{
   bool changed;
   do {
      changed = false;
      for (uint32_t id = 1; id < s->m.input_bound; id++) {
         const uint32_t *w = def_of(s, id);
         const SpvOp op = def_op(s, id);
         if (s->names_variable[id])
            continue;
         if (op == SpvOpVariable && w < s->m.functions && kiln_spirv_len(w) >= 5 &&
             w[3] != SpvStorageClassCrossWorkgroup && w[4] < s->m.input_bound &&
             s->names_variable[w[4]]) {
            if (read_by_functions(s, id)) {
               kiln_log_append(s->log,
                               "error: program-scope variable '%s': a kernel reads it, and "
                               "its initialiser is the address of a __global variable, "
                               "which is not supported (SPIR-V id %u)\n",
                               s->name[id] ? s->name[id] : "(unnamed)", id);
               return false;
            }
            s->names_variable[id] = changed = true;
            continue;
         }
         if (!is_composite_constant(op))
            continue;
         for (unsigned o = op == SpvOpSpecConstantOp ? 4 : 3; o < kiln_spirv_len(w); o++) {
            if (def_op(s, w[o]) == SpvOpVariable || (def_of(s, w[o]) && s->names_variable[w[o]])) {
               s->names_variable[id] = changed = true;
               break;
            }
         }
      }
   } while (changed);
   return true;
}

/* Offsets of the variables in module order, and the buffer's size. */
static bool
lay_out(struct scan *s)
{
   struct kiln_spirv_globals *g = s->out;
   g->ids = calloc(MAX2(g->num_vars, 1), sizeof(*g->ids));
   g->offsets = calloc(MAX2(g->num_vars, 1), sizeof(*g->offsets));
   g->sizes = calloc(MAX2(g->num_vars, 1), sizeof(*g->sizes));
   g->alignments = calloc(MAX2(g->num_vars, 1), sizeof(*g->alignments));
   if (!g->ids || !g->offsets || !g->sizes || !g->alignments)
      return fail(s, "out of memory", 0);

   uint64_t end = 0;
   for (uint32_t id = 1; id < s->m.input_bound; id++) {
      if (s->var_index[id] < 0)
         continue;
      s->current = id;
      if (s->imported[id])
         return fail(s, "a variable declared extern and defined in no module", id);
      const uint32_t pointer_type = def_of(s, id)[1];
      uint64_t size, align;
      if (def_op(s, pointer_type) != SpvOpTypePointer ||
          !type_layout(s, def_of(s, pointer_type)[3], &size, &align))
         return false;
      align = MAX2(align, s->alignment[id]);
      if (!util_is_power_of_two_nonzero64(align))
         return fail(s, "a variable aligned to no power of two", id);
      const unsigned i = s->var_index[id];
      g->ids[i] = id;
      g->offsets[i] = align64(end, align);
      g->sizes[i] = size;
      g->alignments[i] = align;
      end = g->offsets[i] + size;
      if (end > UINT32_MAX)
         return fail(s, "more than 4 GiB of variables", id);
   }
   s->current = 0;
   s->prog->globals_size = end;
   return true;
}

/* An OpEntryPoint without the variables dropped from its interface. */
static void
copy_entry_point(struct scan *s, const uint32_t *w)
{
   const unsigned len = kiln_spirv_len(w);
   /* Its execution model and function, then its name, a literal string. */
   unsigned i = 3;
   while (i < len && memchr(&w[i], 0, 4) == NULL)
      i++;
   if (i >= len) {
      kiln_spirv_copy(&s->m, w); /* malformed: validation's to report */
      return;
   }
   uint32_t *words = malloc(len * 4);
   if (!words) {
      s->m.out_of_memory = true;
      return;
   }
   unsigned n = 0;
   for (unsigned k = 0; k < len; k++) {
      if (k > i && w[k] < s->m.input_bound && s->names_variable[w[k]])
         continue;
      words[n++] = w[k];
   }
   words[0] = n << SpvWordCountShift | SpvOpEntryPoint;
   kiln_spirv_emit(&s->m, KILN_SPIRV_ENTRY_POINTS, words);
   free(words);
}

/* The module without the variables' initialisers and the constants that
 * name variables, with the other variables initialised with those
 * constants (and their names, decorations and places in the entry
 * points' interfaces). */
static bool
strip_module(struct scan *s, struct clc_binary *stripped)
{
   struct kiln_spirv_module *m = &s->m;
   kiln_spirv_foreach (w, m->words + 5, m->words + m->num_words) {
      const unsigned len = kiln_spirv_len(w);
      const SpvOp op = kiln_spirv_op(w);
      const uint32_t target = len >= 2 ? w[1] : 0;
      if ((op == SpvOpName || op == SpvOpDecorate) && target < m->input_bound &&
          s->names_variable[target])
         continue;
      if ((is_composite_constant(op) || op == SpvOpVariable) && len >= 3 && w[2] < m->input_bound &&
          s->names_variable[w[2]])
         continue;
      if (op == SpvOpEntryPoint) {
         copy_entry_point(s, w);
         continue;
      }
      if (op == SpvOpVariable && len == 5 && w[3] == SpvStorageClassCrossWorkgroup) {
         kiln_spirv_emit_op(m, KILN_SPIRV_GLOBALS, SpvOpVariable, w + 1, 3);
         continue;
      }
      kiln_spirv_copy(m, w);
   }
   if (kiln_spirv_module_write(m, stripped) != KILN_COMPILE_OK)
      return fail(s, "out of memory", 0);
   return true;
}

static bool
take_globals(struct scan *s, struct clc_binary *stripped)
{
   if (!scan_module(s) || !s->out->num_vars)
      return true; /* nothing to take, or validation's to report */
   if (!mark_constants_naming_variables(s) || !lay_out(s))
      return false;

   struct kiln_program *prog = s->prog;
   prog->globals_data = calloc(MAX2(prog->globals_size, 1), 1);
   if (!prog->globals_data)
      return fail(s, "out of memory", 0);
   for (uint32_t id = 1; id < s->m.input_bound; id++) {
      const uint32_t *w = def_of(s, id);
      if (s->var_index[id] < 0 || kiln_spirv_len(w) < 5)
         continue;
      const uint32_t pointee = def_of(s, w[1])[3];
      s->current = id;
      if (!write_constant(s, w[4], pointee, s->out->offsets[s->var_index[id]]))
         return false;
      s->current = 0;
   }
   return strip_module(s, stripped);
}

enum kiln_compile_status
kiln_spirv_take_globals(const struct clc_binary *spirv, struct kiln_program *prog,
                        struct kiln_spirv_globals *globals, struct clc_binary *stripped,
                        struct kiln_log *log)
{
   memset(globals, 0, sizeof(*globals));
   memset(stripped, 0, sizeof(*stripped));
   struct scan s = { .out = globals, .prog = prog, .log = log };
   enum kiln_compile_status status = kiln_spirv_module_init(&s.m, spirv);
   bool ok = status != KILN_COMPILE_ERROR_NO_MEMORY;
   if (status == KILN_COMPILE_OK) {
      const uint32_t bound = s.m.input_bound;
      s.packed = calloc(bound, sizeof(bool));
      s.imported = calloc(bound, sizeof(bool));
      s.alignment = calloc(bound, sizeof(uint32_t));
      s.var_index = malloc(bound * sizeof(int));
      s.names_variable = calloc(bound, sizeof(bool));
      s.name = calloc(bound, sizeof(char *));
      ok = s.packed && s.imported && s.alignment && s.var_index && s.names_variable && s.name;
   }
   /* A module that does not parse is validation's to report. */
   if (ok && status == KILN_COMPILE_OK) {
      for (uint32_t id = 0; id < s.m.input_bound; id++)
         s.var_index[id] = -1;
      ok = take_globals(&s, stripped);
   } else if (!ok) {
      fail(&s, "out of memory", 0);
   }
   kiln_spirv_module_finish(&s.m);
   free(s.function_reads);
   free(s.packed);
   free(s.imported);
   free(s.alignment);
   free(s.var_index);
   free(s.names_variable);
   free(s.name);
   if (!ok) {
      kiln_spirv_globals_finish(globals);
      free(stripped->data);
      stripped->data = NULL;
      return KILN_COMPILE_ERROR_UNSUPPORTED;
   }
   return KILN_COMPILE_OK;
}

void
kiln_spirv_globals_finish(struct kiln_spirv_globals *globals)
{
   free(globals->ids);
   free(globals->offsets);
   free(globals->sizes);
   free(globals->alignments);
   memset(globals, 0, sizeof(*globals));
}

/* The interface of the OpEntryPoint named entry_point: its ids, and how
 * many; NULL when there is none. */
static const uint32_t *
entry_point_interface(const struct clc_binary *spirv, const char *entry_point, unsigned *count)
{
   kiln_spirv_foreach_instruction (w, spirv) {
      const unsigned len = kiln_spirv_len(w);
      if (kiln_spirv_op(w) != SpvOpEntryPoint || len <= 3)
         continue;
      const char *name = (const char *)&w[3];
      const size_t max = (len - 3) * 4;
      const size_t name_len = strnlen(name, max);
      if (name_len < max && !strcmp(name, entry_point)) {
         const unsigned first = 3 + name_len / 4 + 1;
         *count = len - first;
         return &w[first];
      }
   }
   return NULL;
}

unsigned
kiln_spirv_globals_of_entry_point(const struct clc_binary *spirv,
                                  const struct kiln_spirv_globals *globals, const char *entry_point,
                                  unsigned *indices)
{
   /* spirv_to_nir: "Before SPIR-V 1.4 the interface is only used for I/O
    * variables", and from 1.4 on it skips the others. */
   const bool all = ((const uint32_t *)spirv->data)[1] < 0x10400;
   unsigned count = 0;
   const uint32_t *interface = all ? NULL : entry_point_interface(spirv, entry_point, &count);
   unsigned n = 0;
   for (unsigned v = 0; v < globals->num_vars; v++) {
      bool listed = all;
      for (unsigned i = 0; i < count && !listed; i++)
         listed = interface[i] == globals->ids[v];
      if (listed)
         indices[n++] = v;
   }
   return n;
}
