/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Unit test for kiln_nir_lower_device_queue: the calls kiln's device
 * library makes for the default queue and the launch's record (functions
 * without a body, returning through a deref as vtn builds them) become
 * reads of the two implicit arguments, which kiln_nir_lower_kernel_abi
 * then places at the offsets kiln_amd_abi.h gives them after the explicit
 * arguments; other bodiless calls stay, and a kernel that makes none is
 * not one that may enqueue.
 */
#include <stdio.h>

#include "compiler/glsl_types.h"
#include "kiln_amd_abi.h"
#include "kiln_nir_passes.h"
#include "nir_builder.h"
#include "nir_pass_test.h"

static const nir_shader_compiler_options options = { 0 };
static const struct kiln_nir_kernel_abi_options abi = {
   .kernarg_ptr_arg = 1,
   .implicit_offset = 48,
};

/* A call of the bodiless function `name` returning bit_size bits through
 * a temporary, as vtn emits it; the value is stored to address `to`. */
static void
call_and_store(nir_builder *b, const char *name, unsigned bit_size, uint64_t to)
{
   nir_function *fn = nir_shader_get_function_for_name(b->shader, name);
   if (!fn) {
      fn = nir_function_create(b->shader, name);
      fn->num_params = 1;
      fn->params = ralloc_array(b->shader, nir_parameter, 1);
      fn->params[0] = (nir_parameter){ .num_components = 1, .bit_size = 64 };
   }
   nir_variable *ret = nir_local_variable_create(b->impl, glsl_uintN_t_type(bit_size), "ret");
   nir_deref_instr *deref = nir_build_deref_var(b, ret);
   nir_call_instr *call = nir_call_instr_create(b->shader, fn);
   call->params[0] = nir_src_for_ssa(&deref->def);
   nir_builder_instr_insert(b, &call->instr);
   nir_def *v = nir_load_deref(b, nir_build_deref_var(b, ret));
   nir_store_global(b, nir_imm_int64(b, to), bit_size / 8, v, 1);
}

static unsigned
count_calls(nir_shader *s, const char *name)
{
   unsigned n = 0;
   nir_test_foreach_instr(instr, s)
   {
      if (instr->type == nir_instr_type_call &&
          !strcmp(nir_instr_as_call(instr)->callee->name, name))
         n++;
   }
   return n;
}

/* The offset of the smem load whose value is stored to `to`, or ~0. */
static unsigned
stored_smem_offset(nir_shader *s, uint64_t to)
{
   nir_intrinsic_instr *st = nir_test_find_store(s, to);
   if (!st)
      return ~0u;
   nir_scalar v = nir_scalar_resolved(st->src[0].ssa, 0);
   /* a 64-bit value is packed from the dwords of its load */
   if (nir_scalar_is_alu(v) && (nir_scalar_alu_op(v) == nir_op_pack_64_2x32_split ||
                                nir_scalar_alu_op(v) == nir_op_pack_64_2x32)) {
      nir_alu_instr *pack = nir_instr_as_alu(v.def->parent_instr);
      v = nir_get_scalar(pack->src[0].src.ssa, pack->src[0].swizzle[0]);
   }
   if (nir_scalar_is_alu(v) && nir_scalar_alu_op(v) == nir_op_mov)
      v = nir_scalar_chase_alu_src(v, 0);
   if (!nir_scalar_is_intrinsic(v))
      return ~0u;
   nir_intrinsic_instr *load = nir_instr_as_intrinsic(v.def->parent_instr);
   if (load->intrinsic != nir_intrinsic_load_smem_amd || !nir_src_is_const(load->src[1]))
      return ~0u;
   return nir_src_as_uint(load->src[1]) + v.comp * 4;
}

static void
test_queue_and_record_are_implicit_arguments(void)
{
   nir_builder b = nir_test_kernel(&options, "enqueues");
   call_and_store(&b, "__kiln_implicit_device_queue", 64, 0x1000);
   call_and_store(&b, "__kiln_implicit_device_record", 32, 0x2000);
   call_and_store(&b, "some_other_import", 32, 0x3000);

   CHECK(!kiln_nir_uses_device_queue(b.shader), "reads the queue before the pass");
   CHECK(kiln_nir_lower_device_queue(b.shader), "no progress");
   CHECK(count_calls(b.shader, "__kiln_implicit_device_queue") == 0, "queue call left");
   CHECK(count_calls(b.shader, "__kiln_implicit_device_record") == 0, "record call left");
   CHECK(count_calls(b.shader, "some_other_import") == 1, "the other call was touched");
   CHECK(kiln_nir_uses_device_queue(b.shader), "does not read the queue after the pass");

   NIR_PASS(_, b.shader, nir_lower_vars_to_ssa);
   NIR_PASS(_, b.shader, kiln_nir_lower_kernel_abi, &abi);
   nir_test_fold(b.shader, 0);
   const unsigned queue = stored_smem_offset(b.shader, 0x1000);
   const unsigned record = stored_smem_offset(b.shader, 0x2000);
   CHECK(queue == abi.implicit_offset + KILN_IMPLICIT_DEVICE_QUEUE,
         "queue read at kernarg offset %u, not %u", queue,
         (unsigned)(abi.implicit_offset + KILN_IMPLICIT_DEVICE_QUEUE));
   CHECK(record == abi.implicit_offset + KILN_IMPLICIT_DEVICE_RECORD,
         "record read at kernarg offset %u, not %u", record,
         (unsigned)(abi.implicit_offset + KILN_IMPLICIT_DEVICE_RECORD));
   nir_test_free(b.shader);
}

static void
test_kernel_without_the_calls_does_not_enqueue(void)
{
   nir_builder b = nir_test_kernel(&options, "plain");
   call_and_store(&b, "some_other_import", 64, 0x1000);
   CHECK(!kiln_nir_lower_device_queue(b.shader), "progress without the calls");
   CHECK(!kiln_nir_uses_device_queue(b.shader), "reads the queue");
   nir_test_free(b.shader);
}

int
main(void)
{
   nir_test_init();
   test_queue_and_record_are_implicit_arguments();
   test_kernel_without_the_calls_does_not_enqueue();
   return nir_test_finish();
}
