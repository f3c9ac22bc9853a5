/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Runs AMDGPU HSA code objects (what clang's AMDGPU backend emits for
 * `-target amdgcn-amd-amdhsa`, code object v3 to v5) on the emulated
 * gfx1030.  The loader maps a code object's loadable segments into a
 * kiln_sim_vm, applies its relocations, and reads every kernel's 64-byte
 * kernel descriptor (KERNEL.kd) and argument metadata (NT_AMDGPU_METADATA).
 * A dispatch then does what ROCm's runtime and command processor do
 * together: builds the kernarg segment (explicit and hidden arguments), an
 * hsa_kernel_dispatch_packet, scratch, and the user SGPRs the descriptor
 * enables, in the order LLVM's AMDGPUUsage "Initial Kernel Execution State"
 * lists, and calls kiln_sim_dispatch.
 *
 * This gives kiln a second, independent source of gfx1030 machine code for
 * the emulator (clang/LLVM instead of ACO) and a peer to compare against.
 */
#ifndef KILN_SIM_HSA_H
#define KILN_SIM_HSA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "kiln_sim.h"

#ifdef __cplusplus
extern "C" {
#endif

/* amdhsa kernel descriptor, as stored (AMDGPUUsage "Kernel Descriptor"). */
struct kiln_sim_hsa_descriptor {
   uint32_t group_segment_fixed_size;
   uint32_t private_segment_fixed_size;
   uint32_t kernarg_size;
   int64_t kernel_code_entry_byte_offset; /* from the descriptor's address */
   uint32_t compute_pgm_rsrc3;
   uint32_t compute_pgm_rsrc1;
   uint32_t compute_pgm_rsrc2;
   uint16_t kernel_code_properties;
   uint16_t kernarg_preload;
};

/* kernel_code_properties bits. */
enum kiln_sim_hsa_code_property {
   KILN_SIM_HSA_SGPR_PRIVATE_SEGMENT_BUFFER = 1 << 0,
   KILN_SIM_HSA_SGPR_DISPATCH_PTR = 1 << 1,
   KILN_SIM_HSA_SGPR_QUEUE_PTR = 1 << 2,
   KILN_SIM_HSA_SGPR_KERNARG_SEGMENT_PTR = 1 << 3,
   KILN_SIM_HSA_SGPR_DISPATCH_ID = 1 << 4,
   KILN_SIM_HSA_SGPR_FLAT_SCRATCH_INIT = 1 << 5,
   KILN_SIM_HSA_SGPR_PRIVATE_SEGMENT_SIZE = 1 << 6,
   KILN_SIM_HSA_WAVEFRONT_SIZE32 = 1 << 10,
   KILN_SIM_HSA_USES_DYNAMIC_STACK = 1 << 11,
};

/* Argument `.value_kind`s of the metadata (explicit, then hidden_*). */
enum kiln_sim_hsa_arg_kind {
   KILN_SIM_HSA_ARG_UNKNOWN,
   KILN_SIM_HSA_ARG_BY_VALUE,
   KILN_SIM_HSA_ARG_GLOBAL_BUFFER,
   KILN_SIM_HSA_ARG_DYNAMIC_SHARED_POINTER,
   KILN_SIM_HSA_ARG_SAMPLER,
   KILN_SIM_HSA_ARG_IMAGE,
   KILN_SIM_HSA_ARG_PIPE,
   KILN_SIM_HSA_ARG_QUEUE,
   KILN_SIM_HSA_ARG_HIDDEN_GLOBAL_OFFSET_X,
   KILN_SIM_HSA_ARG_HIDDEN_GLOBAL_OFFSET_Y,
   KILN_SIM_HSA_ARG_HIDDEN_GLOBAL_OFFSET_Z,
   KILN_SIM_HSA_ARG_HIDDEN_NONE,
   KILN_SIM_HSA_ARG_HIDDEN_PRINTF_BUFFER,
   KILN_SIM_HSA_ARG_HIDDEN_HOSTCALL_BUFFER,
   KILN_SIM_HSA_ARG_HIDDEN_DEFAULT_QUEUE,
   KILN_SIM_HSA_ARG_HIDDEN_COMPLETION_ACTION,
   KILN_SIM_HSA_ARG_HIDDEN_MULTIGRID_SYNC_ARG,
   KILN_SIM_HSA_ARG_HIDDEN_BLOCK_COUNT_X,
   KILN_SIM_HSA_ARG_HIDDEN_BLOCK_COUNT_Y,
   KILN_SIM_HSA_ARG_HIDDEN_BLOCK_COUNT_Z,
   KILN_SIM_HSA_ARG_HIDDEN_GROUP_SIZE_X,
   KILN_SIM_HSA_ARG_HIDDEN_GROUP_SIZE_Y,
   KILN_SIM_HSA_ARG_HIDDEN_GROUP_SIZE_Z,
   KILN_SIM_HSA_ARG_HIDDEN_REMAINDER_X,
   KILN_SIM_HSA_ARG_HIDDEN_REMAINDER_Y,
   KILN_SIM_HSA_ARG_HIDDEN_REMAINDER_Z,
   KILN_SIM_HSA_ARG_HIDDEN_GRID_DIMS,
   KILN_SIM_HSA_ARG_HIDDEN_HEAP_V1,
   KILN_SIM_HSA_ARG_HIDDEN_DYNAMIC_LDS_SIZE,
   KILN_SIM_HSA_ARG_HIDDEN_PRIVATE_BASE,
   KILN_SIM_HSA_ARG_HIDDEN_SHARED_BASE,
   KILN_SIM_HSA_ARG_HIDDEN_QUEUE_PTR,
};

/* The metadata's spelling of a kind ("global_buffer", "hidden_none"...). */
const char *kiln_sim_hsa_arg_kind_name(enum kiln_sim_hsa_arg_kind kind);
bool kiln_sim_hsa_arg_kind_is_hidden(enum kiln_sim_hsa_arg_kind kind);

struct kiln_sim_hsa_arg {
   char name[64];      /* .name, may be empty */
   char type_name[64]; /* .type_name, may be empty */
   enum kiln_sim_hsa_arg_kind kind;
   uint32_t offset; /* byte offset in the kernarg segment */
   uint32_t size;
   uint32_t pointee_align; /* dynamic_shared_pointer only, 0 if absent */
};

struct kiln_sim_hsa_kernel {
   char name[128];         /* .name */
   char symbol[136];       /* .symbol, the descriptor's symbol (NAME.kd) */
   uint64_t descriptor_va; /* where KERNEL.kd was loaded */
   uint64_t code_va;       /* descriptor_va + kernel_code_entry_byte_offset */
   struct kiln_sim_hsa_descriptor descriptor;
   struct kiln_sim_hsa_arg *args; /* explicit and hidden, in metadata order */
   unsigned num_args;
   uint32_t kernarg_segment_size; /* metadata; 0 if absent */
   uint32_t kernarg_segment_align;
   uint32_t wavefront_size; /* metadata; 0 if absent */
   uint32_t sgpr_count, vgpr_count;
   uint32_t reqd_workgroup_size[3];  /* all 0 unless the kernel says */
   uint32_t max_flat_workgroup_size; /* what the code was compiled for */
};

struct kiln_sim_hsa_object {
   struct kiln_sim_vm *vm;
   uint64_t load_va; /* VA of the image's lowest loadable byte */
   uint64_t load_size;
   void *image;                  /* host memory behind the image mapping */
   unsigned code_object_version; /* from amdhsa.version (v3 = 1.0, ...) */
   char target[64];              /* amdhsa.target */
   struct kiln_sim_hsa_kernel *kernels;
   unsigned num_kernels;
   /* Memory the object maps for dispatches and for callers
    * (kiln_sim_hsa_alloc): one bump range above the image. */
   uint64_t heap_va, heap_end;
   struct kiln_sim_hsa_allocation *allocations;
   char error[256]; /* the last error's message */
};

/* Loads the code object in elf[0..size) into vm with its lowest loadable
 * address at load_va (4 KiB aligned); VAs from load_va up to
 * load_va + heap_size + image size belong to the object.  Returns 0, or a
 * negative errno with a message in err (which may be NULL). */
int kiln_sim_hsa_load(struct kiln_sim_vm *vm, const void *elf, size_t size, uint64_t load_va,
                      uint64_t heap_size, struct kiln_sim_hsa_object **out, char *err,
                      size_t err_size);
void kiln_sim_hsa_unload(struct kiln_sim_hsa_object *obj);

const struct kiln_sim_hsa_kernel *kiln_sim_hsa_find_kernel(const struct kiln_sim_hsa_object *obj,
                                                           const char *name);

/* Zeroed host memory mapped read/write at a fresh VA of the object's heap
 * (freed by kiln_sim_hsa_unload). Returns the host pointer, NULL if the
 * heap is full (obj->error says so). */
void *kiln_sim_hsa_alloc(struct kiln_sim_hsa_object *obj, uint64_t size, uint64_t align,
                         uint64_t *va);

/* One explicit kernel argument's value: for by_value the bytes (size must
 * match the metadata), for global_buffer the 8-byte VA, for image the
 * 8-byte VA of the image's object (its T#, or an image buffer's V#, then
 * the OpenCL channel data type and order: the ROCm device libraries read
 * them at dwords 8 and 9), for sampler the VA of its S#, for
 * dynamic_shared_pointer data = NULL and size = bytes of local memory to
 * allocate. */
struct kiln_sim_hsa_arg_value {
   const void *data;
   size_t size;
};

struct kiln_sim_hsa_launch {
   unsigned work_dim;       /* 1..3 */
   uint64_t global_size[3]; /* work-items, need not be a multiple */
   uint32_t local_size[3];  /* 0 = pick (64 x 1 x 1, clamped) */
   uint64_t global_offset[3];
};

/* Runs kernel over the launch with the explicit arguments args[0..num_args)
 * (hidden arguments are filled in here). Returns 0; -EINVAL when the
 * arguments or launch do not fit the kernel (obj->error says which);
 * -EFAULT when the emulator reported a fault (*fault filled in). */
int kiln_sim_hsa_dispatch(struct kiln_sim_hsa_object *obj, const struct kiln_sim_hsa_kernel *kernel,
                          const struct kiln_sim_hsa_launch *launch,
                          const struct kiln_sim_hsa_arg_value *args, unsigned num_args,
                          const struct kiln_sim_run_options *options, struct kiln_sim_fault *fault);

/* The register state kiln_sim_hsa_dispatch would hand to the emulator,
 * without running it (for inspection and tests). The kernarg segment and
 * dispatch packet are allocated in the object's heap. */
int kiln_sim_hsa_prepare(struct kiln_sim_hsa_object *obj, const struct kiln_sim_hsa_kernel *kernel,
                         const struct kiln_sim_hsa_launch *launch,
                         const struct kiln_sim_hsa_arg_value *args, unsigned num_args,
                         struct kiln_sim_dispatch *dispatch);

#ifdef __cplusplus
}
#endif

#endif
