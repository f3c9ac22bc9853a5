/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * atomic_compare_exchange_weak (OpenCL C 2.0 §6.13.11.7) as the strong
 * compare-exchange.  LLVM 15's SPIR-V translator writes
 * OpAtomicCompareExchangeWeak into a SPIR-V 1.4 module, where the opcode
 * no longer exists (SPIR-V keeps it up to version 1.3), so validation
 * refused every kernel that used the weak form.  A weak compare-exchange
 * may fail spuriously but need not, so the strong one, whose operands are
 * the same, implements it exactly; the opcode is rewritten in place.
 */
#include "kiln_compiler_internal.h"
#include "kiln_spirv_module.h"

void
kiln_spirv_strengthen_cmpxchg_weak(struct clc_binary *spirv)
{
   uint32_t *words = spirv->data;
   kiln_spirv_foreach_instruction (w, spirv) {
      if (kiln_spirv_op(w) == SpvOpAtomicCompareExchangeWeak)
         words[w - words] = kiln_spirv_len(w) << SpvWordCountShift | SpvOpAtomicCompareExchange;
   }
}
