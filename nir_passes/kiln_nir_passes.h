/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * kiln's own NIR passes. Each lives in its own file, named for the pass.
 */
#ifndef KILN_NIR_PASSES_H
#define KILN_NIR_PASSES_H

#include "nir.h"

#ifdef __cplusplus
extern "C" {
#endif

struct kiln_nir_kernel_abi_options {
   /* Index of the 2-SGPR argument that holds the kernarg pointer, as the
    * backend declared it (load_scalar_arg_amd's BASE). */
   unsigned kernarg_ptr_arg;
   /* Byte offset of struct kiln_implicit_args in the kernarg buffer. */
   unsigned implicit_offset;
};

/* The flat address space's apertures for generic pointers: the high
 * dword of the 4 GiB-aligned shared (__local) and private (__private)
 * apertures. */
struct kiln_nir_generic_options {
   uint32_t shared_aperture_hi;
   uint32_t private_aperture_hi;
};

/* Where a program-scope or static __global variable lives in its
 * program's globals buffer. */
struct kiln_nir_program_global {
   uint64_t offset;
   uint32_t alignment;
};

/* References to the nir_var_mem_global variables become the globals
 * buffer's address (load_global_base_ptr) plus each variable's offset,
 * globals[i] being the place of the i-th such variable in the shader's
 * list (there are num_globals); the variables go.  Run right after
 * spirv_to_nir, before any pass removes variables. */
bool kiln_nir_lower_program_globals(nir_shader *nir, const struct kiln_nir_program_global *globals,
                                    unsigned num_globals);

/* get_local_size() of a partial (last) work-group is smaller than the
 * enqueued size: rewrites reads of the WorkgroupSize builtin variable as
 * min(size, global_size - group_id * size), leaving EnqueuedWorkgroupSize
 * alone. Run before nir_lower_system_values. */
bool kiln_nir_lower_partial_local_size(nir_shader *nir);

/* get_sub_group_size() of a partial (last) sub-group and
 * get_enqueued_num_sub_groups() of a partial work-group, for sub-groups of
 * wave_size work-items in local linear id order.  Run before
 * nir_lower_system_values, after kiln_nir_lower_partial_local_size. */
bool kiln_nir_lower_subgroup_size(nir_shader *nir, unsigned wave_size);

/* get_global_id() computed in 32 bits and widened once, exact under the
 * ABI's 32-bit launch limit. Run between nir_lower_system_values and
 * nir_lower_compute_system_values, after kiln_nir_lower_partial_local_size. */
bool kiln_nir_lower_global_id_32(nir_shader *nir);

/* Volatile loads of __global, __local or generic memory each followed by a
 * barrier of no scope and no semantics, which no NIR pass eliminates, so
 * the loop or if around the load is never deleted as dead (a volatile
 * access is a side effect).  ACO emits nothing for the barrier.  Run right
 * after spirv_to_nir. */
bool kiln_nir_keep_volatile_loads(nir_shader *nir);

/* Conversions between generic pointers (flat addresses) and __local or
 * __private ones (32-bit offsets) where the converted value leaves its
 * deref chain; get_fence's memory semantics as SPIR-V defines them.  Run
 * after spirv_to_nir, nir_inline_functions and nir_copy_prop, before any
 * pass that narrows deref modes (nir_opt_deref). */
bool kiln_nir_lower_generic_casts(nir_shader *nir, const struct kiln_nir_generic_options *options);

/* Generic accesses and deref_mode_is tests the optimiser did not resolve,
 * as aperture tests and branches to DS, scratch and global accesses; what
 * remains generic becomes __global (the flat address).  Run after the
 * last nir_opt_deref, right before nir_lower_explicit_io. */
bool kiln_nir_lower_generic_access(nir_shader *nir, const struct kiln_nir_generic_options *options);

/* 64-bit fdiv as a correctly rounded sequence (OpenCL's double division)
 * instead of the backend's x * frcp(y). Run before nir_opt_algebraic. */
bool kiln_nir_lower_fdiv64(nir_shader *nir);

/* 16-bit fdiv as a correctly rounded sequence (cl_khr_fp16's half
 * division) in single precision. Run before nir_opt_algebraic. */
bool kiln_nir_lower_fdiv16(nir_shader *nir);

/* Conversions between double and half through float, rounded once (a
 * float rounded to odd), for a backend converting half only at 32 bits.
 * Run after the last pass that makes double-to-half conversions. */
bool kiln_nir_lower_f16_f64_casts(nir_shader *nir);

/* OpenCL's sign(): zeros keep their sign, a NaN gives 0.0. */
bool kiln_nir_lower_cl_sign(nir_shader *nir);

/* Narrowing float conversions with rtz/rtp/rtn (convert_alu_types) as a
 * round-to-nearest conversion moved one value in the requested direction;
 * conversions between half and integers through float first. Run before
 * nir_lower_convert_alu_types. */
bool kiln_nir_lower_float_narrowing(nir_shader *nir);

/* Dynamic vector extracts (nir_vector_extract's bcsel trees: shuffle,
 * OpVectorExtractDynamic) as bit-tested select trees, sub-dword components
 * as shifts of packed 64-bit words; with private_memory, wide vectors as
 * one store to a private array and an indexed load per extract. Run right
 * after spirv_to_nir. */
bool kiln_nir_opt_vector_extract(nir_shader *nir, bool private_memory);

/* Global addresses base + V + C (V a zero-extended sum of products, C >= 0)
 * as base + u2u64(V computed in 32 bits) + C, so that
 * ac_nir_lower_global_access forms SGPR-base + 32-bit-offset accesses.
 * Exact only when every buffer the kernel reaches is smaller than 4 GiB.
 * Run before ac_nir_lower_global_access. */
bool kiln_nir_opt_global_offset_32(nir_shader *nir);

/* Global loads and stores of 2, 4, 8, 12 or 16 bytes marked aligned enough
 * for one memory instruction (GFX9+ global access is unaligned-capable), so
 * ac_nir_lower_mem_access_bit_sizes does not split them per element.  Run
 * before ac_nir_lower_mem_access_bit_sizes. */
bool kiln_nir_opt_unaligned_global(nir_shader *nir);

/* Stores aligned below what ac_nir_lower_mem_access_bit_sizes requires of
 * their components (the component size, at most 4 bytes), such as an int
 * stored through a cast char pointer, split into byte or short stores of
 * their alignment, which it accepts.  Run after
 * kiln_nir_opt_unaligned_global, before ac_nir_lower_mem_access_bit_sizes. */
bool kiln_nir_lower_unaligned_stores(nir_shader *nir);

/* Whether a global access of this many bytes is one instruction at any
 * alignment (the rule of kiln_nir_opt_unaligned_global). */
bool kiln_nir_unaligned_global_size_ok(unsigned bytes);

/* load_kernel_input at a base of KILN_NIR_IMPLICIT_INPUT + an offset in
 * struct kiln_implicit_args (kiln_amd_abi.h) reads that implicit
 * argument: kiln_nir_lower_kernel_abi adds the implicit arguments' place
 * in the kernarg buffer, which passes before it cannot know. */
#define KILN_NIR_IMPLICIT_INPUT (1u << 24)

/* The OpenCL launch value an intrinsic reads (global offset and size,
 * enqueued local size, number of groups, work_dim, the printf buffer's
 * address and size, the program's globals buffer): its offset in struct
 * kiln_implicit_args, components and bit size there; false for any other
 * intrinsic.  For the passes that lower inputs to a target's ABI. */
struct kiln_nir_implicit_field {
   unsigned offset;
   unsigned num_components;
   unsigned bit_size;
};
bool kiln_nir_implicit_field(nir_intrinsic_op op, struct kiln_nir_implicit_field *field);

/* The byte offset in the kernel's inputs of load_kernel_input intr's base:
 * an implicit input's (KILN_NIR_IMPLICIT_INPUT + an offset in struct
 * kiln_implicit_args) placed at implicit_offset, where the target's ABI
 * puts the implicit arguments. */
unsigned kiln_nir_kernel_input_base(const nir_intrinsic_instr *intr, unsigned implicit_offset);

/* A target's read of num_components values of bit_size bits at a
 * constant byte offset of its kernel inputs (the AMD kernarg buffer, the
 * Intel push constants); data is the target pass's own. */
typedef nir_def *(*kiln_nir_load_input_fn)(struct nir_builder *b, unsigned offset,
                                           unsigned num_components, unsigned bit_size,
                                           const void *data);

/* The launch value intrinsic intr reads (kiln_nir_implicit_field), read
 * with load from the implicit arguments at implicit_offset and widened to
 * intr's bit size (size_t); NULL when intr reads none. */
nir_def *kiln_nir_load_implicit(struct nir_builder *b, nir_intrinsic_instr *intr,
                                unsigned implicit_offset, kiln_nir_load_input_fn load,
                                const void *data);

/* Device-side enqueue: the calls kiln's device library makes for the
 * default queue's address and the launch's record become reads of those
 * implicit arguments.  Run after the library is linked and inlined, before
 * nir_remove_non_entrypoints. */
bool kiln_nir_lower_device_queue(nir_shader *nir);

/* Whether the kernel reads the default queue (it may enqueue); after
 * kiln_nir_lower_device_queue. */
bool kiln_nir_uses_device_queue(nir_shader *nir);

/* OpenCL C 2.0's work-group collective functions (work_group_all, _any,
 * _broadcast, _reduce_*, _scan_*), which spirv_to_nir makes calls of
 * bodiless functions of their mangled names, over shared memory, barriers
 * and sub-group operations (a sub-group of nir->info.subgroup_size
 * work-items in local linear id order: a wave).  Adds a nir_var_mem_shared
 * variable.  Run after the CL library is linked and inlined, before
 * nir_remove_non_entrypoints, nir_lower_vars_to_explicit_types of shared
 * memory and nir_lower_subgroups. */
bool kiln_nir_lower_work_group_collectives(nir_shader *nir);

/* An enqueued block's kernel under a front end with launch-value inputs
 * of its own (Rusticl): the global offset and size, the number of groups
 * and work_dim read kiln's implicit arguments, which the device queue's
 * drain writes (kiln_nir_lower_launch_sysvals.c). */
bool kiln_nir_lower_launch_sysvals(nir_shader *nir);

/* 64-bit udiv/umod/idiv/irem/imod through a float reciprocal refined by
 * Newton-Raphson (LLVM AMDGPU's sequence) instead of nir_lower_int64's
 * bit-by-bit division. Run before nir_lower_int64. */
bool kiln_nir_lower_divmod64(nir_shader *nir);

/* Image and sampler kernel arguments as the descriptors in their slots of
 * the kernarg buffer (kiln_amd_abi.h): assigns each a slot past the
 * explicit arguments, in argument order, recorded in its variable's
 * driver_location; image intrinsics become bindless ones on the T# (an
 * image buffer's V#), texture and sampler derefs of texture instructions
 * become handles, and image_deref_format/_order read the OpenCL channel
 * data type and order stored in the slot (returning SPIR-V's numbers for
 * them, as the intrinsics do), all through load_kernel_input.
 * Literal samplers are left alone.  Run after nir_lower_vars_to_explicit_types
 * has laid out nir_var_uniform and before kiln_nir_lower_kernel_abi. */
bool kiln_nir_lower_image_args(nir_shader *nir);

/* The bytes of the descriptor slot kiln_nir_lower_image_args gives an
 * image or sampler argument's variable; 0 for any other variable. */
unsigned kiln_nir_image_arg_slot_size(const nir_variable *var);

/* The binding table of kiln_nir_lower_image_bindings: where it starts, and
 * the slots the kernel reads (kiln_amd_abi.h's layout). */
struct kiln_nir_image_bindings {
   unsigned table_offset; /* in: its kernarg offset */
   unsigned num_textures; /* out: sampler views */
   unsigned num_images;   /* out: shader images */
   unsigned num_samplers; /* out: sampler states */
};

/* Images and samplers a Gallium front end bound to slots (nir_lower_cl_images'
 * texture, image and sampler indices) read from the binding table at
 * bindings->table_offset (kiln_amd_abi.h): texture instructions get
 * handles, image intrinsics become bindless ones; the counts of slots the
 * kernel reads are returned in bindings.  Run on the front end's final
 * NIR, before kiln_nir_lower_kernel_abi. */
bool kiln_nir_lower_image_bindings(nir_shader *nir, struct kiln_nir_image_bindings *bindings);

/* The bytes of that binding table. */
unsigned kiln_nir_image_binding_table_size(const struct kiln_nir_image_bindings *bindings);

/* Builds the target's sampler descriptor (S#) for a literal sampler, given
 * in SPIR-V's numbers as vtn keeps them: SamplerAddressingMode (0 none,
 * 1 clamp to edge, 2 clamp, 3 repeat, 4 mirrored repeat), normalised
 * coordinates, SamplerFilterMode (0 nearest, 1 linear). */
typedef void (*kiln_nir_sampler_desc_fn)(unsigned addressing_mode, bool normalized_coords,
                                         unsigned filter_mode, uint32_t desc[4], void *data);

struct kiln_nir_inline_sampler_options {
   kiln_nir_sampler_desc_fn build;
   void *data;
};

/* Literal samplers (OpConstantSampler) as immediate sampler handles built
 * by options->build; their variables go.  Run before any pass that wants
 * every sampler to be a handle (the backend's texture lowering). */
bool kiln_nir_lower_inline_samplers(nir_shader *nir,
                                    const struct kiln_nir_inline_sampler_options *options);

/* 16-bit image loads, samples and stores (read_imageh, write_imageh) done
 * on 32-bit values with a conversion to or from half beside them, for a
 * backend whose image instructions then need no D16 forms.  Takes deref
 * and bindless forms alike; run right after spirv_to_nir, before a front
 * end turns image loads into texture fetches. */
bool kiln_nir_lower_image_16bit(nir_shader *nir);

/* Lowers kernel inputs, the OpenCL launch values (global offset and size,
 * enqueued local size, number of groups, work_dim), the printf buffer's
 * address and size (after nir_lower_printf) and the program's globals
 * buffer (load_global_base_ptr) to scalar loads from the kernarg buffer of
 * kiln_amd_abi.h. */
bool kiln_nir_lower_kernel_abi(nir_shader *nir, const struct kiln_nir_kernel_abi_options *options);

#ifdef __cplusplus
}
#endif

#endif
