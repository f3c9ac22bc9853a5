/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * OpenCL C 2.0's work-group collective functions (§6.13.15) over shared
 * memory and sub-group operations.  spirv_to_nir makes each group
 * instruction of Workgroup scope a call to the OpenCL C built-in of that
 * meaning (mesa-work-group-collectives.patch), which kiln's CL library
 * declares without a body (kiln_cl_library.c); each call becomes:
 *
 *  - reduce: the wave reduces its values, one lane writes the wave's
 *    partial into a slot of shared memory, a barrier, and every wave
 *    reduces the partials of all waves;
 *  - inclusive and exclusive scans: the wave scans its values and writes
 *    its reduction, a barrier, and each work-item combines the partials
 *    of the waves before its own with its scan in the wave: waves are
 *    consecutive local linear ids, the scan order the spec prescribes;
 *  - all and any: a reduction of the predicates as 1 and 0 with and / or;
 *  - broadcast: the work-item of the local id given writes its value,
 *    a barrier, and every work-item reads it.
 *
 * A barrier also comes before each write, so that a collective executed
 * again (in a loop) does not overwrite slots another wave still reads.
 * The partials are read one per lane when the wave has a lane for each
 * wave of the work-group (on AMD, 1024 work-items are at most 32 waves,
 * and only the last wave of a group may have fewer lanes), else one after
 * the other in a loop.  Float reductions combine in an order of their
 * own, which §6.13.15 allows.  Sub-group operations cover the lanes of a
 * partial wave as they exist.
 */
#include "kiln_nir_passes.h"

#include <stdlib.h>
#include <string.h>

#include "nir_builder.h"

/* The largest work-group kiln launches when the kernel does not fix it. */
#define MAX_WORK_GROUP_ITEMS 1024

enum collective {
   COLLECTIVE_ALL,
   COLLECTIVE_ANY,
   COLLECTIVE_BROADCAST,
   COLLECTIVE_REDUCE,
   COLLECTIVE_SCAN_INCLUSIVE,
   COLLECTIVE_SCAN_EXCLUSIVE,
};

static const struct {
   const char *name;
   enum collective kind;
   const char *op; /* add, min or max */
} builtins[] = {
   { "work_group_all", COLLECTIVE_ALL, NULL },
   { "work_group_any", COLLECTIVE_ANY, NULL },
   { "work_group_broadcast", COLLECTIVE_BROADCAST, NULL },
   { "work_group_reduce_add", COLLECTIVE_REDUCE, "add" },
   { "work_group_reduce_min", COLLECTIVE_REDUCE, "min" },
   { "work_group_reduce_max", COLLECTIVE_REDUCE, "max" },
   { "work_group_scan_inclusive_add", COLLECTIVE_SCAN_INCLUSIVE, "add" },
   { "work_group_scan_inclusive_min", COLLECTIVE_SCAN_INCLUSIVE, "min" },
   { "work_group_scan_inclusive_max", COLLECTIVE_SCAN_INCLUSIVE, "max" },
   { "work_group_scan_exclusive_add", COLLECTIVE_SCAN_EXCLUSIVE, "add" },
   { "work_group_scan_exclusive_min", COLLECTIVE_SCAN_EXCLUSIVE, "min" },
   { "work_group_scan_exclusive_max", COLLECTIVE_SCAN_EXCLUSIVE, "max" },
};

struct collective_call {
   enum collective kind;
   nir_op op; /* the combining operation; nir_num_opcodes for broadcast */
};

/* The built-in a mangled name calls: "_Z" N NAME TYPES, the operation
 * taken from NAME and the first type (i, l signed, j, m unsigned, Dh, f,
 * d float). */
static bool
parse_call(const char *mangled, struct collective_call *call)
{
   if (!mangled || strncmp(mangled, "_Z", 2))
      return false;
   char *end;
   const unsigned long len = strtoul(mangled + 2, &end, 10);
   if (end == mangled + 2 || strnlen(end, len) < len)
      return false;
   const char *types = end + len;
   const bool is_float = !strncmp(types, "Dh", 2) || *types == 'f' || *types == 'd';
   const bool is_unsigned = *types == 'j' || *types == 'm';
   if (!is_float && !is_unsigned && *types != 'i' && *types != 'l')
      return false;

   for (unsigned i = 0; i < ARRAY_SIZE(builtins); i++) {
      if (strlen(builtins[i].name) != len || strncmp(builtins[i].name, end, len))
         continue;
      call->kind = builtins[i].kind;
      if (call->kind == COLLECTIVE_ALL)
         call->op = nir_op_iand;
      else if (call->kind == COLLECTIVE_ANY)
         call->op = nir_op_ior;
      else if (call->kind == COLLECTIVE_BROADCAST)
         call->op = nir_num_opcodes;
      else if (!strcmp(builtins[i].op, "add"))
         call->op = is_float ? nir_op_fadd : nir_op_iadd;
      else if (!strcmp(builtins[i].op, "min"))
         call->op = is_float ? nir_op_fmin : is_unsigned ? nir_op_umin : nir_op_imin;
      else
         call->op = is_float ? nir_op_fmax : is_unsigned ? nir_op_umax : nir_op_imax;
      return true;
   }
   return false;
}

struct lower_state {
   unsigned max_waves;     /* waves a work-group may have */
   unsigned wave_size;     /* lanes of a wave, as far as the shader knows */
   nir_variable *slots[3]; /* shared partials of 16, 32 and 64 bits */
};

static nir_deref_instr *
slot(nir_builder *b, struct lower_state *state, unsigned bit_size, nir_def *index)
{
   const unsigned which = bit_size == 16 ? 0 : bit_size == 32 ? 1 : 2;
   if (!state->slots[which]) {
      state->slots[which] =
         nir_variable_create(b->shader, nir_var_mem_shared,
                             glsl_array_type(glsl_uintN_t_type(bit_size), state->max_waves, 0),
                             "kiln_work_group_partials");
   }
   nir_deref_instr *array = nir_build_deref_var(b, state->slots[which]);
   return nir_build_deref_array(b, array, nir_u2uN(b, index, array->def.bit_size));
}

static void
work_group_barrier(nir_builder *b)
{
   nir_barrier(b, .execution_scope = SCOPE_WORKGROUP, .memory_scope = SCOPE_WORKGROUP,
               .memory_semantics = NIR_MEMORY_ACQ_REL, .memory_modes = nir_var_mem_shared);
}

/* The partials of the waves before `limit` combined by op, one after the
 * other. */
static nir_def *
combine_serially(nir_builder *b, struct lower_state *state, nir_op op, nir_def *limit,
                 nir_def *identity)
{
   const unsigned bit_size = identity->bit_size;
   nir_variable *acc = nir_local_variable_create(b->impl, glsl_uintN_t_type(bit_size), "acc");
   nir_variable *i = nir_local_variable_create(b->impl, glsl_uint_type(), "i");
   nir_store_var(b, acc, identity, 1);
   nir_store_var(b, i, nir_imm_int(b, 0), 1);
   nir_push_loop(b);
   {
      nir_def *index = nir_load_var(b, i);
      nir_break_if(b, nir_uge(b, index, limit));
      nir_def *v = nir_load_deref(b, slot(b, state, bit_size, index));
      nir_store_var(b, acc, nir_build_alu2(b, op, nir_load_var(b, acc), v), 1);
      nir_store_var(b, i, nir_iadd_imm(b, index, 1), 1);
   }
   nir_pop_loop(b, NULL);
   return nir_load_var(b, acc);
}

/* The combination by op of the partials of the waves before `limit` (a
 * value uniform in the wave), read from shared memory.  Lane i reads
 * wave i's partial when the wave has a lane for each: always but in the
 * last wave of a work-group whose size is not a multiple of the wave's,
 * which may have fewer lanes than the group has waves, and reads them in
 * a loop. */
static nir_def *
combine_partials(nir_builder *b, struct lower_state *state, nir_op op, nir_def *limit,
                 unsigned bit_size)
{
   nir_def *identity =
      nir_build_imm(b, 1, bit_size, (nir_const_value[]){ nir_alu_binop_identity(op, bit_size) });
   if (state->max_waves > state->wave_size)
      return combine_serially(b, state, op, limit, identity);

   nir_def *lanes = nir_reduce(b, nir_imm_int(b, 1), .reduction_op = nir_op_iadd);
   nir_push_if(b, nir_uge(b, lanes, limit));
   nir_def *lane = nir_load_subgroup_invocation(b);
   nir_def *index = nir_umin(b, lane, nir_imm_int(b, state->max_waves - 1));
   nir_def *v = nir_load_deref(b, slot(b, state, bit_size, index));
   v = nir_bcsel(b, nir_ult(b, lane, limit), v, identity);
   nir_def *parallel = nir_reduce(b, v, .reduction_op = op);
   nir_push_else(b, NULL);
   nir_def *serial = combine_serially(b, state, op, limit, identity);
   nir_pop_if(b, NULL);
   return nir_if_phi(b, parallel, serial);
}

static nir_def *
lower_broadcast(nir_builder *b, struct lower_state *state, nir_call_instr *call)
{
   nir_def *value = call->params[1].ssa;
   nir_def *lid = nir_load_local_invocation_id(b);
   nir_def *mine = nir_imm_true(b);
   for (unsigned d = 0; d < 3; d++) {
      /* Dimensions the call does not name are 0. */
      nir_def *want =
         2 + d < call->num_params ? nir_u2u32(b, call->params[2 + d].ssa) : nir_imm_int(b, 0);
      mine = nir_iand(b, mine, nir_ieq(b, nir_channel(b, lid, d), want));
   }
   work_group_barrier(b);
   nir_push_if(b, mine);
   nir_store_deref(b, slot(b, state, value->bit_size, nir_imm_int(b, 0)), value, 1);
   nir_pop_if(b, NULL);
   work_group_barrier(b);
   return nir_load_deref(b, slot(b, state, value->bit_size, nir_imm_int(b, 0)));
}

static nir_def *
lower_combination(nir_builder *b, struct lower_state *state, const struct collective_call *cc,
                  nir_def *x)
{
   if (cc->kind == COLLECTIVE_ALL || cc->kind == COLLECTIVE_ANY)
      x = nir_b2i32(b, nir_ine_imm(b, x, 0));
   const nir_op op = cc->op;

   nir_def *wave_total = nir_reduce(b, x, .reduction_op = op);
   nir_def *in_wave = NULL;
   if (cc->kind == COLLECTIVE_SCAN_INCLUSIVE)
      in_wave = nir_inclusive_scan(b, x, .reduction_op = op);
   else if (cc->kind == COLLECTIVE_SCAN_EXCLUSIVE)
      in_wave = nir_exclusive_scan(b, x, .reduction_op = op);

   nir_def *wave = nir_load_subgroup_id(b);
   work_group_barrier(b);
   nir_push_if(b, nir_elect(b, 1));
   nir_store_deref(b, slot(b, state, x->bit_size, wave), wave_total, 1);
   nir_pop_if(b, NULL);
   work_group_barrier(b);

   if (!in_wave)
      return combine_partials(b, state, op, nir_load_num_subgroups(b), x->bit_size);
   /* The waves before this one, then this wave's scan up to the caller. */
   nir_def *before = combine_partials(b, state, op, wave, x->bit_size);
   return nir_build_alu2(b, op, before, in_wave);
}

static bool
lower_call(nir_builder *b, nir_instr *instr, void *data)
{
   struct lower_state *state = data;
   if (instr->type != nir_instr_type_call)
      return false;
   nir_call_instr *call = nir_instr_as_call(instr);
   struct collective_call cc;
   if (call->callee->impl || call->num_params < 2 || !parse_call(call->callee->name, &cc))
      return false;

   b->cursor = nir_before_instr(instr);
   nir_def *result = cc.kind == COLLECTIVE_BROADCAST
                        ? lower_broadcast(b, state, call)
                        : lower_combination(b, state, &cc, call->params[1].ssa);
   nir_store_deref(b, nir_src_as_deref(call->params[0]), result, 1);
   nir_instr_remove(instr);
   return true;
}

bool
kiln_nir_lower_work_group_collectives(nir_shader *nir)
{
   const unsigned items =
      nir->info.workgroup_size_variable
         ? MAX_WORK_GROUP_ITEMS
         : nir->info.workgroup_size[0] * nir->info.workgroup_size[1] * nir->info.workgroup_size[2];
   /* SUBGROUP_SIZE_REQUIRE_N is N; otherwise the smallest wave anything runs. */
   const unsigned wave_size = nir->info.subgroup_size >= 4 ? nir->info.subgroup_size : 4;
   struct lower_state state = {
      .max_waves = DIV_ROUND_UP(MAX2(items, 1), wave_size),
      .wave_size = wave_size,
   };
   /* Control flow is added: nothing is preserved. */
   return nir_shader_instructions_pass(nir, lower_call, nir_metadata_none, &state);
}
