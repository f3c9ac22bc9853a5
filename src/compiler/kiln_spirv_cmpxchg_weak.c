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

#include "spirv/spirv.h"

void
kiln_spirv_strengthen_cmpxchg_weak(struct clc_binary *spirv)
{
   uint32_t *words = spirv->data;
   const size_t count = spirv->size / 4;
   for (size_t i = 5; i < count;) {
      const unsigned length = words[i] >> 16;
      if ((words[i] & 0xffff) == SpvOpAtomicCompareExchangeWeak)
         words[i] = (words[i] & 0xffff0000u) | SpvOpAtomicCompareExchange;
      if (!length)
         break;
      i += length;
   }
}
