/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * kiln's compute ABI on AMD GFX9-GFX11: the contract between the code the
 * compiler emits (nir_passes/kiln_nir_lower_kernel_abi.c lowers to it) and
 * the dispatch the submission layer builds (drivers/amdgpu follows it).
 *
 * User SGPRs (COMPUTE_USER_DATA_n, RSRC2.USER_SGPR = 4):
 *   s[0:1]  scratch base: the 64-bit byte address of this dispatch's scratch
 *           ring (COMPUTE_DISPATCH_SCRATCH_BASE); ACO adds the per-wave
 *           offset and writes FLAT_SCRATCH from it.  0 when no scratch.
 *   s[2:3]  kernarg pointer: the 64-bit address of the kernarg buffer.
 * System SGPRs the hardware writes after them, in this order:
 *   workgroup id x, y, z (RSRC2.TGID_X/Y/Z_EN, always enabled),
 *   the work-group's wave count and the wave's index in it (RSRC2.TG_SIZE_EN,
 *   when the kernel reads get_sub_group_id() or get_num_sub_groups():
 *   bits [5:0] waves, [24:20] wave index on GFX10.3 as ACO reads them),
 *   the wave's scratch offset in bytes (RSRC2.SCRATCH_EN, when scratch is used).
 * VGPRs: v0, v1, v2 = local id x, y, z (GFX9/GFX10, RSRC2.TIDIG_COMP_CNT = 2);
 *        on GFX11 v0 packs them as x | y << 10 | z << 20.
 *
 * The kernarg buffer (16-byte aligned, read with scalar loads):
 *   [0, explicit_size)  the kernel's arguments, each at the offset the
 *                       compiler reports; __global/__constant pointers are
 *                       64-bit addresses, __local pointers a 32-bit byte
 *                       offset into LDS (the driver places them after the
 *                       kernel's static LDS), by-value arguments in their
 *                       OpenCL C layout (3-component vectors take 4 slots).
 *   at KILN_KERNARG_IMPLICIT_OFFSET(explicit_size), struct kiln_implicit_args.
 *
 * Non-uniform work-groups: the dispatch's last group in a dimension may be
 * partial (COMPUTE_NUM_THREAD_x.NUM_THREAD_PARTIAL); the kernel derives
 * get_local_size() from local_size, global_size and the group id, so the
 * driver only fills the table below.
 *
 * printf (OpenCL C 2.0 6.13.13) writes records into a buffer the launcher
 * allocates and names in the implicit arguments (printf_buffer, and its
 * size in bytes): nir_lower_printf's layout, a 32-bit count of the bytes
 * reserved so far at offset 0, which the launcher sets to
 * KILN_PRINTF_HEADER_SIZE (and the rest of the buffer to zero, which no
 * format id is), then one record per call in the order the calls
 * reserved them: the 32-bit format id (1-based, into the kernel's printf
 * formats) and the arguments, each padded to 4 bytes.  A call whose record
 * at offset o of r bytes does not satisfy o + r + 4 < size writes nothing
 * and returns -1; the count goes on growing, so the launcher can tell how
 * much was dropped.
 *
 * Launch limits this ABI assumes (the driver checks them): every global size
 * and offset, and their sum, fit in 32 bits; and no buffer is larger than
 * KILN_MAX_BUFFER_SIZE, so a byte offset into any buffer fits in 32 bits
 * (kiln_nir_opt_global_offset_32 addresses memory as an SGPR base plus a
 * 32-bit VGPR offset on that basis).
 */
#ifndef KILN_AMD_ABI_H
#define KILN_AMD_ABI_H

#include <stdint.h>

#define KILN_MAX_BUFFER_SIZE (UINT64_C(1) << 32)

/* The flat apertures of the amdgpu kernel driver's graphics VMIDs, which
 * command submission runs in (SH_MEM_BASES, from gmc_v9_0 to gmc_v12_0's
 * shared_aperture_start and private_aperture_start): 4 GiB each.  A
 * generic pointer to __local or __private memory is its offset in one of
 * them. */
#define KILN_AMD_SHARED_APERTURE UINT64_C(0x2000000000000000)
#define KILN_AMD_PRIVATE_APERTURE UINT64_C(0x1000000000000000)

#define KILN_ABI_USER_SGPR_SCRATCH_BASE 0
#define KILN_ABI_USER_SGPR_KERNARG_PTR 2
#define KILN_ABI_NUM_USER_SGPRS 4

#define KILN_KERNARG_ALIGN 16
#define KILN_KERNARG_IMPLICIT_OFFSET(explicit_size) \
   (((explicit_size) + KILN_KERNARG_ALIGN - 1) & ~(uint32_t)(KILN_KERNARG_ALIGN - 1))

struct kiln_implicit_args {
   uint32_t global_offset[3]; /* get_global_offset() */
   uint32_t work_dim;         /* get_work_dim() */
   uint32_t global_size[3];   /* get_global_size(), in work-items */
   uint32_t pad0;
   uint32_t local_size[3];    /* get_enqueued_local_size() */
   uint32_t pad1;
   uint32_t num_groups[3];    /* get_num_groups() */
   uint32_t pad2;
   uint64_t printf_buffer;    /* printf's buffer, 0 when the kernel has none */
   uint32_t printf_buffer_size; /* its bytes */
   uint32_t pad3;
};

#define KILN_IMPLICIT_GLOBAL_OFFSET 0
#define KILN_IMPLICIT_WORK_DIM 12
#define KILN_IMPLICIT_GLOBAL_SIZE 16
#define KILN_IMPLICIT_LOCAL_SIZE 32
#define KILN_IMPLICIT_NUM_GROUPS 48
#define KILN_IMPLICIT_PRINTF_BUFFER 64
#define KILN_IMPLICIT_PRINTF_BUFFER_SIZE 72
#define KILN_IMPLICIT_SIZE 80

#define KILN_PRINTF_HEADER_SIZE 4

_Static_assert(sizeof(struct kiln_implicit_args) == KILN_IMPLICIT_SIZE,
               "implicit kernarg layout");

#endif
