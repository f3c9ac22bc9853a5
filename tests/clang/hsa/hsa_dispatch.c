/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Launching an HSA kernel on the emulated GPU: the part of ROCm's runtime
 * and command processor that turns "this kernel, this grid, these
 * arguments" into register state.  It lays out dynamic LDS after the
 * kernel's static LDS, writes the kernarg segment (explicit arguments at
 * their metadata offsets, then the hidden ones: global offsets, block
 * counts, group sizes, remainders, grid dims), an hsa_kernel_dispatch_packet
 * for the dispatch pointer, a swizzled scratch buffer, and the user SGPRs
 * in AMDGPUUsage's order ("Initial Kernel Execution State"): private
 * segment buffer (4), dispatch ptr (2), queue ptr (2), kernarg segment ptr
 * (2), dispatch id (2), flat scratch init (2), private segment size (1).
 * System SGPRs (workgroup ids, scratch wave offset) and work-item id VGPRs
 * follow from RSRC2 and are the emulator's job, as they are the hardware's.
 */
#include "hsa_priv.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "sid.h"

/* gfx10 encodes LDS_SIZE in 128-dword granules, WAVESIZE in 256-dword
 * (1 KiB) units (ac_gpu_info.c: lds_encode_granularity; radeonsi's
 * COMPUTE_TMPRING_SIZE). */
#define SIM_HSA_LDS_GRANULE  512u
#define SIM_HSA_SCRATCH_UNIT 1024u
#define SIM_HSA_MAX_LDS      65536u
/* Scratch wave slots: the emulator runs one work-group per host thread and
 * gives each running wave a slot (< TMPRING_SIZE.WAVES), so slots for this
 * many work-groups at once are plenty, within this many bytes. */
#define SIM_HSA_SCRATCH_GROUPS 16
#define SIM_HSA_MAX_SCRATCH    (256ull << 20)
/* Per-work-item stack for kernels with a dynamic stack (calls through
 * pointers, recursion, variable-sized private arrays), as ROCm reserves. */
#define SIM_HSA_DYNAMIC_STACK 16384u

/* hsa_kernel_dispatch_packet_t (HSA Platform System Architecture spec). */
struct sim_hsa_dispatch_packet {
   uint16_t header;
   uint16_t setup; /* dimensions in bits 0..1 */
   uint16_t workgroup_size_x, workgroup_size_y, workgroup_size_z;
   uint16_t reserved0;
   uint32_t grid_size_x, grid_size_y, grid_size_z;
   uint32_t private_segment_size;
   uint32_t group_segment_size;
   uint64_t kernel_object;
   uint64_t kernarg_address;
   uint64_t reserved2;
   uint64_t completion_signal;
};
_Static_assert(sizeof(struct sim_hsa_dispatch_packet) == 64,
               "hsa_kernel_dispatch_packet_t is 64 bytes");

#define HSA_PACKET_TYPE_KERNEL_DISPATCH 2
#define HSA_FENCE_SCOPE_SYSTEM          2

/* amd_queue_t is 256 bytes; kernels read only its aperture fields, which
 * gfx9+ code takes from registers instead, so zeros suffice. */
#define SIM_HSA_QUEUE_SIZE 256

static uint64_t
align_up(uint64_t v, uint64_t a)
{
   return (v + a - 1) / a * a;
}

static void
put(uint8_t *kernarg, const struct kiln_sim_hsa_arg *arg, uint64_t v)
{
   /* Little-endian, truncated to the argument's size. */
   for (unsigned i = 0; i < arg->size && i < 8; i++)
      kernarg[arg->offset + i] = v >> (8 * i);
}

/* The grid the launch describes, in workgroups and work-items. */
struct grid {
   unsigned dims;
   uint64_t global[3];
   uint32_t local[3];
   uint32_t groups[3];
   uint32_t remainder[3]; /* work-items in the last, partial group; 0 = none */
   uint64_t offset[3];
};

static int
setup_grid(struct kiln_sim_hsa_object *obj, const struct kiln_sim_hsa_kernel *k,
           const struct kiln_sim_hsa_launch *l, struct grid *g)
{
   if (l->work_dim < 1 || l->work_dim > 3)
      return sim_hsa_error(obj, -EINVAL, "kernel %s: work_dim %u is not 1..3", k->name,
                           l->work_dim);
   g->dims = l->work_dim;
   uint64_t items = 1;
   for (unsigned d = 0; d < 3; d++) {
      bool used = d < l->work_dim;
      g->global[d] = used ? l->global_size[d] : 1;
      g->offset[d] = used ? l->global_offset[d] : 0;
      if (g->global[d] == 0 || g->global[d] > UINT32_MAX)
         return sim_hsa_error(obj, -EINVAL,
                              "kernel %s: global size %llu in "
                              "dimension %u is not 1..2^32-1",
                              k->name, (unsigned long long)g->global[d], d);
      if (used && l->local_size[d])
         g->local[d] = l->local_size[d];
      else if (k->reqd_workgroup_size[d])
         g->local[d] = k->reqd_workgroup_size[d];
      else if (used && l->local_size[0] == 0)
         g->local[d] = d == 0 ? (g->global[0] < 64 ? g->global[0] : 64) : 1;
      else
         g->local[d] = 1;
      if (g->local[d] > 1024)
         return sim_hsa_error(obj, -EINVAL,
                              "kernel %s: local size %u in "
                              "dimension %u exceeds 1024",
                              k->name, g->local[d], d);
      g->groups[d] = (g->global[d] + g->local[d] - 1) / g->local[d];
      g->remainder[d] = g->global[d] % g->local[d];
      items *= g->local[d];
   }
   /* The code may rely on the bound it was compiled for (clang assumes
    * 256 unless the kernel has reqd_work_group_size). */
   if (items > 1024 || items > k->max_flat_workgroup_size)
      return sim_hsa_error(obj, -EINVAL,
                           "kernel %s: work-group of %llu "
                           "work-items exceeds the kernel's "
                           ".max_flat_workgroup_size %u",
                           k->name, (unsigned long long)items, k->max_flat_workgroup_size);
   return 0;
}

/* Static LDS first, then each dynamic_shared_pointer argument's block. */
static int
layout_lds(struct kiln_sim_hsa_object *obj, const struct kiln_sim_hsa_kernel *k,
           const struct kiln_sim_hsa_arg_value *args, uint32_t *lds_offsets, uint32_t *lds_total)
{
   uint64_t at = k->descriptor.group_segment_fixed_size;
   unsigned e = 0;

   for (unsigned i = 0; i < k->num_args; i++) {
      const struct kiln_sim_hsa_arg *arg = &k->args[i];
      if (kiln_sim_hsa_arg_kind_is_hidden(arg->kind))
         continue;
      if (arg->kind == KILN_SIM_HSA_ARG_DYNAMIC_SHARED_POINTER) {
         uint32_t align = arg->pointee_align > 16 ? arg->pointee_align : 16;
         at = align_up(at, align);
         lds_offsets[e] = at;
         at += args[e].size;
      }
      e++;
   }
   if (at > SIM_HSA_MAX_LDS)
      return sim_hsa_error(obj, -EINVAL,
                           "kernel %s: %llu bytes of local memory "
                           "(%u static) exceed %u",
                           k->name, (unsigned long long)at, k->descriptor.group_segment_fixed_size,
                           SIM_HSA_MAX_LDS);
   *lds_total = at;
   return 0;
}

static int
write_explicit_args(struct kiln_sim_hsa_object *obj, const struct kiln_sim_hsa_kernel *k,
                    uint8_t *kernarg, const struct kiln_sim_hsa_arg_value *args, unsigned num_args,
                    const uint32_t *lds_offsets)
{
   unsigned e = 0;

   for (unsigned i = 0; i < k->num_args; i++) {
      const struct kiln_sim_hsa_arg *arg = &k->args[i];
      if (kiln_sim_hsa_arg_kind_is_hidden(arg->kind))
         continue;
      if (e >= num_args)
         return sim_hsa_error(obj, -EINVAL,
                              "kernel %s: %u arguments given, "
                              "argument %u (%s) is missing",
                              k->name, num_args, e, arg->name);
      const struct kiln_sim_hsa_arg_value *v = &args[e];
      switch (arg->kind) {
      case KILN_SIM_HSA_ARG_BY_VALUE:
      case KILN_SIM_HSA_ARG_GLOBAL_BUFFER:
      case KILN_SIM_HSA_ARG_IMAGE:
      case KILN_SIM_HSA_ARG_SAMPLER:
         if (!v->data || v->size != arg->size)
            return sim_hsa_error(obj, -EINVAL,
                                 "kernel %s: argument %u (%s %s, "
                                 "%s) takes %u bytes, %zu given",
                                 k->name, e, arg->type_name, arg->name,
                                 kiln_sim_hsa_arg_kind_name(arg->kind), arg->size, v->size);
         memcpy(kernarg + arg->offset, v->data, arg->size);
         break;
      case KILN_SIM_HSA_ARG_DYNAMIC_SHARED_POINTER:
         if (v->data)
            return sim_hsa_error(obj, -EINVAL,
                                 "kernel %s: argument %u (%s) is "
                                 "a local pointer: give its size, no data",
                                 k->name, e, arg->name);
         put(kernarg, arg, lds_offsets[e]);
         break;
      default:
         return sim_hsa_error(obj, -ENOTSUP,
                              "kernel %s: argument %u (%s) of "
                              "kind %s is not supported",
                              k->name, e, arg->name, kiln_sim_hsa_arg_kind_name(arg->kind));
      }
      e++;
   }
   if (e != num_args)
      return sim_hsa_error(obj, -EINVAL, "kernel %s takes %u arguments, %u given", k->name, e,
                           num_args);
   return 0;
}

static void
write_hidden_args(const struct kiln_sim_hsa_kernel *k, uint8_t *kernarg, const struct grid *g,
                  uint32_t dynamic_lds)
{
   for (unsigned i = 0; i < k->num_args; i++) {
      const struct kiln_sim_hsa_arg *arg = &k->args[i];
      switch (arg->kind) {
      case KILN_SIM_HSA_ARG_HIDDEN_GLOBAL_OFFSET_X:
      case KILN_SIM_HSA_ARG_HIDDEN_GLOBAL_OFFSET_Y:
      case KILN_SIM_HSA_ARG_HIDDEN_GLOBAL_OFFSET_Z:
         put(kernarg, arg, g->offset[arg->kind - KILN_SIM_HSA_ARG_HIDDEN_GLOBAL_OFFSET_X]);
         break;
      case KILN_SIM_HSA_ARG_HIDDEN_BLOCK_COUNT_X:
      case KILN_SIM_HSA_ARG_HIDDEN_BLOCK_COUNT_Y:
      case KILN_SIM_HSA_ARG_HIDDEN_BLOCK_COUNT_Z:
         put(kernarg, arg, g->groups[arg->kind - KILN_SIM_HSA_ARG_HIDDEN_BLOCK_COUNT_X]);
         break;
      case KILN_SIM_HSA_ARG_HIDDEN_GROUP_SIZE_X:
      case KILN_SIM_HSA_ARG_HIDDEN_GROUP_SIZE_Y:
      case KILN_SIM_HSA_ARG_HIDDEN_GROUP_SIZE_Z:
         put(kernarg, arg, g->local[arg->kind - KILN_SIM_HSA_ARG_HIDDEN_GROUP_SIZE_X]);
         break;
      case KILN_SIM_HSA_ARG_HIDDEN_REMAINDER_X:
      case KILN_SIM_HSA_ARG_HIDDEN_REMAINDER_Y:
      case KILN_SIM_HSA_ARG_HIDDEN_REMAINDER_Z:
         put(kernarg, arg, g->remainder[arg->kind - KILN_SIM_HSA_ARG_HIDDEN_REMAINDER_X]);
         break;
      case KILN_SIM_HSA_ARG_HIDDEN_GRID_DIMS:
         put(kernarg, arg, g->dims);
         break;
      case KILN_SIM_HSA_ARG_HIDDEN_DYNAMIC_LDS_SIZE:
         put(kernarg, arg, dynamic_lds);
         break;
      default:
         /* printf/hostcall buffers, default queue, completion action,
          * multigrid sync, heap, apertures: none exist here, NULL. */
         break;
      }
   }
}

/* Scratch: per-wave slices of a swizzled buffer (AMDGPUUsage "Private
 * Segment"). */
static int
setup_scratch(struct kiln_sim_hsa_object *obj, const struct kiln_sim_hsa_kernel *k,
              const struct grid *g, unsigned wave_size, struct kiln_sim_dispatch *d,
              uint32_t *item_bytes)
{
   uint32_t per_item = align_up(k->descriptor.private_segment_fixed_size, 4);
   if (k->descriptor.kernel_code_properties & KILN_SIM_HSA_USES_DYNAMIC_STACK)
      per_item += SIM_HSA_DYNAMIC_STACK;
   *item_bytes = per_item;
   if (!per_item)
      return 0;

   uint64_t wave_bytes = align_up((uint64_t)per_item * wave_size, SIM_HSA_SCRATCH_UNIT);
   uint64_t group_waves = (g->local[0] * g->local[1] * g->local[2] + wave_size - 1) / wave_size;
   uint64_t waves = group_waves * g->groups[0] * g->groups[1] * g->groups[2];
   uint64_t max_waves = SIM_HSA_MAX_SCRATCH / wave_bytes;
   if (waves > group_waves * SIM_HSA_SCRATCH_GROUPS)
      waves = group_waves * SIM_HSA_SCRATCH_GROUPS;
   if (waves > max_waves)
      waves = max_waves;
   if (waves > 0xfff) /* COMPUTE_TMPRING_SIZE.WAVES is 12 bits */
      waves = 0xfff;
   if (waves < group_waves || wave_bytes / SIM_HSA_SCRATCH_UNIT > 0x3ffff)
      return sim_hsa_error(obj, -EINVAL,
                           "kernel %s: %u bytes of private memory "
                           "per work-item is more scratch than a work-group can "
                           "have",
                           k->name, per_item);

   uint64_t va;
   if (!kiln_sim_hsa_alloc(obj, waves * wave_bytes, 256, &va))
      return -ENOMEM;
   d->scratch_va = va;
   d->tmpring_size = S_00B860_WAVES(waves) | S_00B860_WAVESIZE(wave_bytes / SIM_HSA_SCRATCH_UNIT);
   return 0;
}

static int
setup_user_sgprs(struct kiln_sim_hsa_object *obj, const struct kiln_sim_hsa_kernel *k,
                 struct kiln_sim_dispatch *d, uint64_t packet_va, uint64_t kernarg_va,
                 uint32_t item_bytes)
{
   uint16_t props = k->descriptor.kernel_code_properties;
   unsigned n = 0;

#define PUSH64(v)                                                                                  \
   do {                                                                                            \
      if (n + 2 > 16)                                                                              \
         goto too_many;                                                                            \
      d->user_data[n++] = (uint32_t)(v);                                                           \
      d->user_data[n++] = (uint32_t)((uint64_t)(v) >> 32);                                         \
   } while (0)

   if (props & KILN_SIM_HSA_SGPR_PRIVATE_SEGMENT_BUFFER) {
      /* The V# that radeonsi and ROCm build for gfx10 scratch: swizzled
       * per lane in dwords, no range clamp; the kernel adds its wave
       * offset to the base. */
      d->user_data[n++] = d->scratch_va;
      d->user_data[n++] =
         S_008F04_BASE_ADDRESS_HI(d->scratch_va >> 32) | S_008F04_SWIZZLE_ENABLE_GFX6(1);
      d->user_data[n++] = 0xffffffff;
      d->user_data[n++] =
         S_008F0C_DST_SEL_X(V_008F0C_SQ_SEL_X) | S_008F0C_DST_SEL_Y(V_008F0C_SQ_SEL_Y) |
         S_008F0C_DST_SEL_Z(V_008F0C_SQ_SEL_Z) | S_008F0C_DST_SEL_W(V_008F0C_SQ_SEL_W) |
         S_008F0C_FORMAT_GFX10(V_008F0C_GFX10_FORMAT_32_FLOAT) |
         S_008F0C_INDEX_STRIDE(d->wave_size == 32 ? 2 : 3) | S_008F0C_ADD_TID_ENABLE(1) |
         S_008F0C_RESOURCE_LEVEL(1) | S_008F0C_OOB_SELECT(V_008F0C_OOB_SELECT_RAW);
   }
   if (props & KILN_SIM_HSA_SGPR_DISPATCH_PTR)
      PUSH64(packet_va);
   if (props & KILN_SIM_HSA_SGPR_QUEUE_PTR) {
      uint64_t queue_va;
      if (!kiln_sim_hsa_alloc(obj, SIM_HSA_QUEUE_SIZE, 64, &queue_va))
         return -ENOMEM;
      PUSH64(queue_va);
   }
   if (props & KILN_SIM_HSA_SGPR_KERNARG_SEGMENT_PTR)
      PUSH64(kernarg_va);
   if (props & KILN_SIM_HSA_SGPR_DISPATCH_ID)
      PUSH64(0);
   if (props & KILN_SIM_HSA_SGPR_FLAT_SCRATCH_INIT) {
      /* gfx9+: the queue's scratch base; the prologue adds the wave
       * offset and writes FLAT_SCRATCH itself. */
      PUSH64(d->scratch_va);
   }
   if (props & KILN_SIM_HSA_SGPR_PRIVATE_SEGMENT_SIZE) {
      if (n + 1 > 16)
         goto too_many;
      d->user_data[n++] = item_bytes;
   }
#undef PUSH64

   unsigned declared = G_00B84C_USER_SGPR(d->rsrc2);
   if (declared < n)
      return sim_hsa_error(obj, -EINVAL,
                           "kernel %s: kernel_code_properties "
                           "0x%x enables %u user SGPRs, RSRC2.USER_SGPR says %u",
                           k->name, props, n, declared);
   return 0;

too_many:
   return sim_hsa_error(obj, -EINVAL,
                        "kernel %s: kernel_code_properties 0x%x "
                        "enables more than 16 user SGPRs",
                        k->name, props);
}

int
kiln_sim_hsa_prepare(struct kiln_sim_hsa_object *obj, const struct kiln_sim_hsa_kernel *k,
                     const struct kiln_sim_hsa_launch *launch,
                     const struct kiln_sim_hsa_arg_value *args, unsigned num_args,
                     struct kiln_sim_dispatch *d)
{
   uint32_t lds_offsets[256] = { 0 };
   uint32_t lds_total = 0, item_bytes = 0;
   struct grid g = { 0 };
   unsigned explicit_args = 0;
   int ret;

   memset(d, 0, sizeof(*d));
   if (k->num_args > 256)
      return sim_hsa_error(obj, -EINVAL, "kernel %s: %u arguments are too many", k->name,
                           k->num_args);
   for (unsigned i = 0; i < k->num_args; i++)
      explicit_args += !kiln_sim_hsa_arg_kind_is_hidden(k->args[i].kind);
   if (num_args != explicit_args)
      return sim_hsa_error(obj, -EINVAL, "kernel %s takes %u arguments, %u given", k->name,
                           explicit_args, num_args);
   if ((ret = setup_grid(obj, k, launch, &g)) ||
       (ret = layout_lds(obj, k, args, lds_offsets, &lds_total)))
      return ret;

   d->pgm_va = k->code_va;
   d->rsrc1 = k->descriptor.compute_pgm_rsrc1;
   d->rsrc3 = k->descriptor.compute_pgm_rsrc3;
   /* The packet's group segment size becomes RSRC2.LDS_SIZE, as the
    * command processor does for HSA dispatches. */
   d->rsrc2 = (k->descriptor.compute_pgm_rsrc2 & C_00B84C_LDS_SIZE) |
              S_00B84C_LDS_SIZE(align_up(lds_total, SIM_HSA_LDS_GRANULE) / SIM_HSA_LDS_GRANULE);
   d->wave_size = k->descriptor.kernel_code_properties & KILN_SIM_HSA_WAVEFRONT_SIZE32 ? 32 : 64;
   for (unsigned i = 0; i < 3; i++) {
      d->group_size[i] = g.local[i];
      d->partial_size[i] = g.remainder[i];
      d->group_start[i] = 0;
      d->group_count[i] = g.groups[i];
   }

   /* The kernarg segment: at least what the descriptor and metadata say,
    * zero-filled so that unknown hidden arguments read NULL. */
   uint32_t kernarg_size = k->kernarg_segment_size > k->descriptor.kernarg_size
                              ? k->kernarg_segment_size
                              : k->descriptor.kernarg_size;
   for (unsigned i = 0; i < k->num_args; i++) {
      if (k->args[i].offset + k->args[i].size > kernarg_size)
         kernarg_size = k->args[i].offset + k->args[i].size;
   }
   uint64_t kernarg_va, packet_va;
   uint8_t *kernarg = kiln_sim_hsa_alloc(obj, kernarg_size, 64, &kernarg_va);
   if (!kernarg)
      return -ENOMEM;
   if ((ret = write_explicit_args(obj, k, kernarg, args, num_args, lds_offsets)))
      return ret;
   write_hidden_args(k, kernarg, &g, lds_total - k->descriptor.group_segment_fixed_size);

   if ((ret = setup_scratch(obj, k, &g, d->wave_size, d, &item_bytes)))
      return ret;
   if (item_bytes)
      d->rsrc2 |= S_00B84C_SCRATCH_EN(1);

   struct sim_hsa_dispatch_packet *pkt = kiln_sim_hsa_alloc(obj, sizeof(*pkt), 64, &packet_va);
   if (!pkt)
      return -ENOMEM;
   pkt->header =
      HSA_PACKET_TYPE_KERNEL_DISPATCH | HSA_FENCE_SCOPE_SYSTEM << 9 | HSA_FENCE_SCOPE_SYSTEM << 11;
   pkt->setup = g.dims;
   pkt->workgroup_size_x = g.local[0];
   pkt->workgroup_size_y = g.local[1];
   pkt->workgroup_size_z = g.local[2];
   pkt->grid_size_x = g.global[0];
   pkt->grid_size_y = g.global[1];
   pkt->grid_size_z = g.global[2];
   pkt->private_segment_size = item_bytes;
   pkt->group_segment_size = lds_total;
   pkt->kernel_object = k->descriptor_va;
   pkt->kernarg_address = kernarg_va;

   return setup_user_sgprs(obj, k, d, packet_va, kernarg_va, item_bytes);
}

int
kiln_sim_hsa_dispatch(struct kiln_sim_hsa_object *obj, const struct kiln_sim_hsa_kernel *kernel,
                      const struct kiln_sim_hsa_launch *launch,
                      const struct kiln_sim_hsa_arg_value *args, unsigned num_args,
                      const struct kiln_sim_run_options *options, struct kiln_sim_fault *fault)
{
   struct kiln_sim_dispatch d;
   int ret = kiln_sim_hsa_prepare(obj, kernel, launch, args, num_args, &d);
   if (ret)
      return ret;
   ret = kiln_sim_dispatch(obj->vm, &d, options, fault, NULL);
   if (ret == -EFAULT && fault)
      sim_hsa_error(obj, ret, "kernel %s: %s", kernel->name, fault->message);
   else if (ret)
      sim_hsa_error(obj, ret, "kernel %s: dispatch failed (%s)", kernel->name, strerror(-ret));
   return ret;
}
