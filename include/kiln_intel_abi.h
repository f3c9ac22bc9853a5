/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * kiln's compute ABI on Intel Gen12 (Tiger Lake) and Gen12.5 (DG2): the
 * contract between the code Mesa's brw compiler emits for kiln (the Intel
 * backend lowers kernel inputs to it) and the dispatch a submission layer
 * builds.  It reuses the AMD ABI's kernarg layout (kiln_amd_abi.h: the
 * explicit arguments, then struct kiln_implicit_args at
 * KILN_KERNARG_IMPLICIT_OFFSET) so a launcher fills the same bytes for
 * either vendor; only how the bytes reach the kernel differs.
 *
 * Push constants (the cross-thread constant data of the walker,
 * struct kiln_intel_kernel's push_bytes, 32-byte GRF aligned):
 *   [0, kernarg_alloc_size)   the kernarg buffer's bytes, as on AMD.
 *   at KILN_INTEL_CONST_DATA_ADDR(kernarg_alloc_size), 8 bytes: the 64-bit
 *                             address of the kernel's constant data (its
 *                             program-scope __constant tables), which
 *                             follows the instructions in the kernel's code
 *                             at kiln_intel_kernel's const_data_offset.
 * On Gen12 brw appends one per-thread dword, the thread's sub-group index
 * in its work-group (per_thread_push_bytes, one GRF per thread); Gen12.5
 * reads it from the thread payload instead.
 *
 * Work-item ids: brw computes local ids from the sub-group index and the
 * SIMD lane (no hardware-generated local ids), so the walker needs no
 * local-id buffer; work-group ids come from the thread payload (r0).
 *
 * Partial work-groups: the pushed local size is the enqueued one; a
 * launch's last group in a dimension may be smaller (global size not a
 * multiple of it).  The submission layer runs such groups in walkers of
 * their own, with their real size and their group ids in place (the
 * walker's starting group id), and the kernel takes its group's real size
 * as min(local_size, global_size - group_id * local_size) per dimension
 * when it derives local ids.
 *
 * Scratch (brw's total_scratch, a power of two from 1 KiB per thread):
 * Gen12 reads it from MEDIA_VFE_STATE's pointer, Gen12.5 through the
 * SURFTYPE_SCRATCH surface state CFE_STATE names; a slot for every thread
 * id the device has (intel_device_info's max_scratch_ids).
 *
 * Generic pointers use the 62-bit tagged form brw's
 * nir_address_format_62bit_generic defines: bits 63:62 are 0 or 3 for a
 * global address (Intel addresses are 48-bit sign-extended), 1 for a
 * __local offset and 2 for a __private (scratch) offset, the offset in the
 * low dword.  kiln's generic-pointer passes take the tags as apertures.
 */
#ifndef KILN_INTEL_ABI_H
#define KILN_INTEL_ABI_H

#include <stdint.h>

#define KILN_INTEL_SHARED_TAG  UINT64_C(0x4000000000000000)
#define KILN_INTEL_PRIVATE_TAG UINT64_C(0x8000000000000000)

/* Where the constant data's address goes among the push constants. */
#define KILN_INTEL_CONST_DATA_ADDR(kernarg_alloc_size) (((kernarg_alloc_size) + 7u) & ~7u)

/* The push constants' bytes: through the constant data's address, in
 * whole GRFs. */
#define KILN_INTEL_PUSH_SIZE(kernarg_alloc_size)                                                   \
   ((KILN_INTEL_CONST_DATA_ADDR(kernarg_alloc_size) + 8u + 31u) & ~31u)

#endif
