/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Device-side enqueue's two implicit values as kernel inputs: kiln's
 * device library (shaders/kiln_device_queue.cl) declares
 * __kiln_implicit_device_queue() and __kiln_implicit_device_record()
 * without a body, and once the library is linked and inlined their calls
 * are all that is left of it needing the launch.  Each call becomes a
 * load_kernel_input of the field of struct kiln_implicit_args
 * (kiln_amd_abi.h), at KILN_NIR_IMPLICIT_INPUT plus the field's offset,
 * which kiln_nir_lower_kernel_abi places after the explicit arguments.
 * vtn returns a function's value through a deref its first parameter
 * points at, so the load is stored there.
 */
#include "kiln_nir_passes.h"
#include "kiln_amd_abi.h"

#include "nir_builder.h"

static const struct {
   const char *name;
   unsigned offset;
   unsigned bit_size;
} implicit_functions[] = {
   { "__kiln_implicit_device_queue", KILN_IMPLICIT_DEVICE_QUEUE, 64 },
   { "__kiln_implicit_device_record", KILN_IMPLICIT_DEVICE_RECORD, 32 },
};

static bool
lower_call(nir_builder *b, nir_instr *instr, void *data)
{
   if (instr->type != nir_instr_type_call)
      return false;
   nir_call_instr *call = nir_instr_as_call(instr);
   if (call->callee->impl || !call->callee->name || call->num_params != 1)
      return false;

   for (unsigned i = 0; i < ARRAY_SIZE(implicit_functions); i++) {
      if (strcmp(call->callee->name, implicit_functions[i].name))
         continue;
      b->cursor = nir_before_instr(instr);
      const unsigned bits = implicit_functions[i].bit_size;
      /* The library passes the address of its result variable. */
      assert(nir_src_as_deref(call->params[0]));
      nir_def *v = nir_load_kernel_input(
         b, 1, bits, nir_imm_int(b, 0),
         .base = KILN_NIR_IMPLICIT_INPUT + implicit_functions[i].offset, .range = bits / 8);
      nir_store_deref(b, nir_src_as_deref(call->params[0]), v, 1);
      nir_instr_remove(instr);
      return true;
   }
   return false;
}

bool
kiln_nir_lower_device_queue(nir_shader *nir)
{
   return nir_shader_instructions_pass(nir, lower_call, nir_metadata_control_flow, NULL);
}

static bool
reads_queue(nir_builder *b, nir_intrinsic_instr *intr, void *data)
{
   return intr->intrinsic == nir_intrinsic_load_kernel_input &&
          nir_intrinsic_base(intr) == KILN_NIR_IMPLICIT_INPUT + KILN_IMPLICIT_DEVICE_QUEUE;
}

bool
kiln_nir_uses_device_queue(nir_shader *nir)
{
   /* A pass that changes nothing: true when some load reads the queue. */
   return nir_shader_intrinsics_pass(nir, reads_queue, nir_metadata_all, NULL);
}
