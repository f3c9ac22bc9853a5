/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Where each OpenCL launch value lives in struct kiln_implicit_args
 * (kiln_amd_abi.h), for the passes that lower a kernel's inputs to a
 * target's ABI: kiln_nir_lower_kernel_abi reads them from AMD's kernarg
 * buffer, the Intel backend from push constants, at the same offsets.
 * One table, so that a new implicit argument is added in one place, and
 * one way to read a launch value or place an implicit input, whatever
 * the target's load.
 */
#include "kiln_nir_passes.h"
#include "kiln_amd_abi.h"

#include "nir_builder.h"

bool
kiln_nir_implicit_field(nir_intrinsic_op op, struct kiln_nir_implicit_field *field)
{
   switch (op) {
   case nir_intrinsic_load_base_global_invocation_id:
      *field = (struct kiln_nir_implicit_field){ KILN_IMPLICIT_GLOBAL_OFFSET, 3, 32 };
      return true;
   case nir_intrinsic_load_work_dim:
      *field = (struct kiln_nir_implicit_field){ KILN_IMPLICIT_WORK_DIM, 1, 32 };
      return true;
   case nir_intrinsic_load_global_size:
      *field = (struct kiln_nir_implicit_field){ KILN_IMPLICIT_GLOBAL_SIZE, 3, 32 };
      return true;
   case nir_intrinsic_load_workgroup_size:
      *field = (struct kiln_nir_implicit_field){ KILN_IMPLICIT_LOCAL_SIZE, 3, 32 };
      return true;
   case nir_intrinsic_load_num_workgroups:
      *field = (struct kiln_nir_implicit_field){ KILN_IMPLICIT_NUM_GROUPS, 3, 32 };
      return true;
   case nir_intrinsic_load_printf_buffer_address:
      *field = (struct kiln_nir_implicit_field){ KILN_IMPLICIT_PRINTF_BUFFER, 1, 64 };
      return true;
   case nir_intrinsic_load_printf_buffer_size:
      *field = (struct kiln_nir_implicit_field){ KILN_IMPLICIT_PRINTF_BUFFER_SIZE, 1, 32 };
      return true;
   case nir_intrinsic_load_global_base_ptr:
      *field = (struct kiln_nir_implicit_field){ KILN_IMPLICIT_GLOBALS, 1, 64 };
      return true;
   default:
      return false;
   }
}

unsigned
kiln_nir_kernel_input_base(const nir_intrinsic_instr *intr, unsigned implicit_offset)
{
   assert(intr->intrinsic == nir_intrinsic_load_kernel_input);
   unsigned base = nir_intrinsic_base(intr);
   if (base < KILN_NIR_IMPLICIT_INPUT)
      return base;
   assert(base - KILN_NIR_IMPLICIT_INPUT < KILN_IMPLICIT_SIZE);
   return base - KILN_NIR_IMPLICIT_INPUT + implicit_offset;
}

nir_def *
kiln_nir_load_implicit(nir_builder *b, nir_intrinsic_instr *intr, unsigned implicit_offset,
                       kiln_nir_load_input_fn load, const void *data)
{
   struct kiln_nir_implicit_field field;
   if (!kiln_nir_implicit_field(intr->intrinsic, &field))
      return NULL;
   /* The intrinsics have the field's number of components. */
   assert(field.num_components == intr->def.num_components);
   nir_def *value =
      load(b, implicit_offset + field.offset, field.num_components, field.bit_size, data);
   return nir_u2uN(b, value, intr->def.bit_size);
}
