/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * kiln's compute ABI on AMD GFX9-GFX11: the contract between the code the
 * compiler emits (nir_passes/kiln_nir_lower_kernel_abi.c lowers to it, the
 * AMD backend declares its arguments after it) and the dispatch the
 * submission layer builds (drivers/amdgpu follows it).  It lives in
 * include/, which depends on nothing, so that the compiler and the drivers
 * share it without knowing each other.  Layouts are C structs and every
 * offset is offsetof() on them; static assertions pin what the hardware,
 * ACO or the kernel driver fixes.
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
 * KILN_PRINTF_HEADER_SIZE (kiln_compiler.h; and the rest of the buffer to zero, which no
 * format id is), then one record per call in the order the calls
 * reserved them: the 32-bit format id (1-based, into the kernel's printf
 * formats) and the arguments, each padded to 4 bytes.  A call whose record
 * at offset o of r bytes does not satisfy o + r + 4 < size writes nothing
 * and returns -1; the count goes on growing, so the launcher can tell how
 * much was dropped.
 *
 * A program's __global variables (program scope and static, OpenCL C 2.0
 * 6.5.1) live in one buffer per program that the launcher creates when it
 * loads the program and names in every launch of the program's kernels
 * (globals); the compiler gives each variable its offset in it.
 *
 * Image and sampler arguments (OpenCL C 2.0 6.13.14) are not addresses but
 * hardware descriptors, which the launcher writes into the kernarg buffer:
 * each such argument has a slot after the other explicit arguments (from
 * the first KILN_KERNARG_ALIGN boundary past them, in argument order, each
 * slot aligned to KILN_KERNARG_ALIGN), at the offset the compiler reports
 * for the argument, and the slots count in the explicit size.  An image's
 * slot is struct kiln_image_slot: its T# (the 256-bit image resource,
 * ac_build_texture_descriptor's), or for an image1d_buffer_t a V# (the
 * 128-bit buffer resource with a data format, element stride and
 * NUM_RECORDS in elements) followed by four zero dwords, then the image's
 * OpenCL channel data type and channel order, which
 * get_image_channel_data_type() and get_image_channel_order() return.  A
 * sampler's slot is struct kiln_sampler_slot, its S# (the 128-bit sampler,
 * ac_build_sampler_descriptor's).  Literal samplers (`const sampler_t s =
 * CLK_...`) take no slot: the compiler puts their S# into the code.
 *
 * A Gallium front end binds images and samplers to numbered slots instead
 * (Rusticl: read-only images as sampler views, the others as shader
 * images, samplers as sampler states, literal ones included, and the
 * channel data types and orders in its own inputs).  The driver writes
 * their descriptors into a binding table from the first KILN_KERNARG_ALIGN
 * boundary past the kernel's inputs, counted in its explicit size: one
 * KILN_BINDING_DESC_SIZE slot per sampler view (a T#, or a buffer's V# and
 * four zero dwords), then one per shader image, then one
 * KILN_BINDING_SAMPLER_SIZE slot (an S#) per sampler state
 * (kiln_nir_lower_image_bindings reads them).
 *
 * Images are linear (SW_MODE 0, no metadata), one mip level, in the
 * layout the GFX10 address library gives linear surfaces: the base
 * 256-byte aligned, rows of KILN_IMAGE_ROW_PITCH(width, bpp) bytes (the
 * width rounded up to 256 bytes' worth of pixels), slices (array layers or
 * 3D depth slices) of row pitch x height bytes one after the other; a 1D
 * image array's layers are one row each.  Image buffers are tightly packed
 * elements.  A 2D image over a buffer (cl_khr_image2d_from_buffer, from
 * GFX10.3) has the row pitch its creator chose, a multiple of 256 bytes,
 * which its T# carries (GFX10.3's custom pitch in the DEPTH field).
 *
 * Device-side enqueue (OpenCL C 2.0 6.13.17): every launch names the
 * default device queue (device_queue, its layout in
 * kiln_device_queue_abi.h, which kiln's device library writes launch
 * records into) and the record it runs for (device_record, 0 for a
 * launch by the host), so that its enqueues name their parent.  The
 * block a record runs is its kernel_index'th kernel of the program; its
 * first argument is the address of the record's copy of the block
 * literal, the others __local pointers of the record's sizes.
 *
 * Launch limits this ABI assumes (the driver checks them): every global size
 * and offset, and their sum, fit in 32 bits; and no buffer is larger than
 * KILN_MAX_BUFFER_SIZE, so a byte offset into any buffer fits in 32 bits
 * (kiln_nir_opt_global_offset_32 addresses memory as an SGPR base plus a
 * 32-bit VGPR offset on that basis).
 */
#ifndef KILN_AMD_ABI_H
#define KILN_AMD_ABI_H

#include <assert.h>
#include <stddef.h>
#include <stdint.h>

#define KILN_MAX_BUFFER_SIZE (UINT64_C(1) << 32)

/* The flat apertures of the amdgpu kernel driver's graphics VMIDs, which
 * command submission runs in (SH_MEM_BASES, from gmc_v9_0 to gmc_v12_0's
 * shared_aperture_start and private_aperture_start): 4 GiB each.  A
 * generic pointer to __local or __private memory is its offset in one of
 * them. */
#define KILN_AMD_SHARED_APERTURE  UINT64_C(0x2000000000000000)
#define KILN_AMD_PRIVATE_APERTURE UINT64_C(0x1000000000000000)

static_assert(((KILN_AMD_SHARED_APERTURE | KILN_AMD_PRIVATE_APERTURE) &
               ((UINT64_C(1) << 48) - 1)) == 0,
              "SH_MEM_BASES sets an aperture's bits 63:48 only (and the generic "
              "pointer passes tell the apertures apart by the high dword)");

/* The user SGPRs, as the dispatch writes them to COMPUTE_USER_DATA_0..,
 * little-endian dwords. */
struct kiln_user_sgprs {
   uint64_t scratch_base; /* s[0:1] */
   uint64_t kernarg_ptr;  /* s[2:3] */
};

#define KILN_ABI_USER_SGPR_SCRATCH_BASE (offsetof(struct kiln_user_sgprs, scratch_base) / 4)
#define KILN_ABI_USER_SGPR_KERNARG_PTR  (offsetof(struct kiln_user_sgprs, kernarg_ptr) / 4)
#define KILN_ABI_NUM_USER_SGPRS         (sizeof(struct kiln_user_sgprs) / 4)

static_assert(KILN_ABI_NUM_USER_SGPRS <= 16,
              "compute has 16 COMPUTE_USER_DATA registers (RSRC2.USER_SGPR)");
static_assert(KILN_ABI_USER_SGPR_SCRATCH_BASE % 2 == 0 && KILN_ABI_USER_SGPR_KERNARG_PTR % 2 == 0,
              "a 64-bit SGPR operand (an SMEM base, ACO's scratch base) starts at "
              "an even SGPR");

#define KILN_KERNARG_ALIGN 16
#define KILN_KERNARG_IMPLICIT_OFFSET(explicit_size)                                                \
   (((explicit_size) + KILN_KERNARG_ALIGN - 1) & ~(uint32_t)(KILN_KERNARG_ALIGN - 1))

struct kiln_implicit_args {
   uint32_t global_offset[3]; /* get_global_offset() */
   uint32_t work_dim;         /* get_work_dim() */
   uint32_t global_size[3];   /* get_global_size(), in work-items */
   uint32_t pad0;
   uint32_t local_size[3]; /* get_enqueued_local_size() */
   uint32_t pad1;
   uint32_t num_groups[3]; /* get_num_groups() */
   uint32_t pad2;
   uint64_t printf_buffer;      /* printf's buffer, 0 when the kernel has none */
   uint32_t printf_buffer_size; /* its bytes */
   uint32_t pad3;
   uint64_t globals; /* the program's __global variables, or 0 */
   uint64_t pad4;
   uint64_t device_queue;  /* the default device queue, or 0 */
   uint32_t device_record; /* the launch's record in it + 1; 0 from the host */
   uint32_t pad5;
};

#define KILN_IMPLICIT_GLOBAL_OFFSET      offsetof(struct kiln_implicit_args, global_offset)
#define KILN_IMPLICIT_WORK_DIM           offsetof(struct kiln_implicit_args, work_dim)
#define KILN_IMPLICIT_GLOBAL_SIZE        offsetof(struct kiln_implicit_args, global_size)
#define KILN_IMPLICIT_LOCAL_SIZE         offsetof(struct kiln_implicit_args, local_size)
#define KILN_IMPLICIT_NUM_GROUPS         offsetof(struct kiln_implicit_args, num_groups)
#define KILN_IMPLICIT_SIZE               sizeof(struct kiln_implicit_args)
#define KILN_IMPLICIT_PRINTF_BUFFER      offsetof(struct kiln_implicit_args, printf_buffer)
#define KILN_IMPLICIT_PRINTF_BUFFER_SIZE offsetof(struct kiln_implicit_args, printf_buffer_size)
#define KILN_IMPLICIT_GLOBALS            offsetof(struct kiln_implicit_args, globals)
#define KILN_IMPLICIT_DEVICE_QUEUE       offsetof(struct kiln_implicit_args, device_queue)
#define KILN_IMPLICIT_DEVICE_RECORD      offsetof(struct kiln_implicit_args, device_record)

static_assert(KILN_IMPLICIT_SIZE % KILN_KERNARG_ALIGN == 0,
              "the implicit arguments end the kernarg buffer on its alignment");

/* An image argument's slot in the kernarg buffer. */
struct kiln_image_slot {
   uint32_t desc[8];           /* T#, or a V# and four zero dwords */
   uint32_t channel_data_type; /* CL_UNORM_INT8 ... (cl.h's numbers) */
   uint32_t channel_order;     /* CL_R ... */
   uint32_t pad[2];
};

/* A sampler argument's slot in the kernarg buffer. */
struct kiln_sampler_slot {
   uint32_t desc[4]; /* S# */
};

#define KILN_IMAGE_SLOT_DESC      offsetof(struct kiln_image_slot, desc)
#define KILN_IMAGE_SLOT_DATA_TYPE offsetof(struct kiln_image_slot, channel_data_type)
#define KILN_IMAGE_SLOT_ORDER     offsetof(struct kiln_image_slot, channel_order)
#define KILN_IMAGE_SLOT_SIZE      sizeof(struct kiln_image_slot)
#define KILN_SAMPLER_SLOT_DESC    offsetof(struct kiln_sampler_slot, desc)
#define KILN_SAMPLER_SLOT_SIZE    sizeof(struct kiln_sampler_slot)

static_assert(KILN_IMAGE_SLOT_SIZE % KILN_KERNARG_ALIGN == 0 &&
                 KILN_SAMPLER_SLOT_SIZE % KILN_KERNARG_ALIGN == 0,
              "descriptor slots keep the next slot on the kernarg alignment");
static_assert(KILN_IMAGE_SLOT_DESC % 4 == 0 && KILN_SAMPLER_SLOT_DESC % 4 == 0,
              "a descriptor is read with one dword-aligned s_load");

/* The slots of a Gallium binding table. */
#define KILN_BINDING_DESC_SIZE    32
#define KILN_BINDING_SAMPLER_SIZE 16

/* Linear images (GFX10 address library, ADDR_SW_LINEAR): the base and the
 * row pitch are multiples of 256 bytes. */
#define KILN_IMAGE_BASE_ALIGN 256
/* bpp: bytes per pixel, a power of two up to 16 */
#define KILN_IMAGE_ROW_PITCH(width, bpp) ((((width) + (256 / (bpp)) - 1) / (256 / (bpp))) * 256)

#endif
