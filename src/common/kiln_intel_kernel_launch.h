/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The compiler's Intel kernel as drivers/intel launches it, for the layers
 * that use both (the kiln tool and the Intel Gallium screen): the compiler
 * and drivers/intel know nothing of each other.  The caller adds what
 * belongs to one launch: its inputs, sizes, shared memory and buffers.
 */
#ifndef KILN_INTEL_KERNEL_LAUNCH_H
#define KILN_INTEL_KERNEL_LAUNCH_H

#include "kiln_compiler.h"
#include "kiln_intel.h"

static inline struct kiln_intel_launch
kiln_intel_kernel_launch(const struct kiln_kernel *k)
{
   return (struct kiln_intel_launch){
      .code = k->code,
      .code_size = k->code_size,
      .const_data_offset = k->intel.const_data_offset,
      .simd_width = k->intel.simd_width,
      .push_bytes = k->intel.push_bytes,
      .per_thread_push_bytes = k->intel.per_thread_push_bytes,
      .slm_bytes = k->lds_bytes,
      .scratch_bytes_per_thread = k->intel.scratch_bytes_per_thread,
      .uses_barrier = k->intel.uses_barrier,
      .kernarg_size = k->kernarg_size,
      .kernarg_alloc_size = k->kernarg_alloc_size,
      .implicit_offset = k->implicit_offset,
   };
}

#endif
