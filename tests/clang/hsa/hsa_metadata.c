/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Reads the kernels of an HSA code object from its NT_AMDGPU_METADATA note
 * (AMDGPUUsage "Code Object V3 Metadata" and later): per kernel its name,
 * descriptor symbol, kernarg segment size and alignment, register counts
 * and the `.args` list with each argument's offset, size and value kind.
 * The value kinds are a table, so a new hidden argument is one line.  The
 * 64-byte kernel descriptor is decoded here too (AMDGPUUsage "Kernel
 * Descriptor"); the loader finds where it lives.
 */
#include "hsa_priv.h"
#include "hsa_msgpack.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct {
   enum kiln_sim_hsa_arg_kind kind;
   const char *name;
} arg_kinds[] = {
   { KILN_SIM_HSA_ARG_BY_VALUE, "by_value" },
   { KILN_SIM_HSA_ARG_GLOBAL_BUFFER, "global_buffer" },
   { KILN_SIM_HSA_ARG_DYNAMIC_SHARED_POINTER, "dynamic_shared_pointer" },
   { KILN_SIM_HSA_ARG_SAMPLER, "sampler" },
   { KILN_SIM_HSA_ARG_IMAGE, "image" },
   { KILN_SIM_HSA_ARG_PIPE, "pipe" },
   { KILN_SIM_HSA_ARG_QUEUE, "queue" },
   { KILN_SIM_HSA_ARG_HIDDEN_GLOBAL_OFFSET_X, "hidden_global_offset_x" },
   { KILN_SIM_HSA_ARG_HIDDEN_GLOBAL_OFFSET_Y, "hidden_global_offset_y" },
   { KILN_SIM_HSA_ARG_HIDDEN_GLOBAL_OFFSET_Z, "hidden_global_offset_z" },
   { KILN_SIM_HSA_ARG_HIDDEN_NONE, "hidden_none" },
   { KILN_SIM_HSA_ARG_HIDDEN_PRINTF_BUFFER, "hidden_printf_buffer" },
   { KILN_SIM_HSA_ARG_HIDDEN_HOSTCALL_BUFFER, "hidden_hostcall_buffer" },
   { KILN_SIM_HSA_ARG_HIDDEN_DEFAULT_QUEUE, "hidden_default_queue" },
   { KILN_SIM_HSA_ARG_HIDDEN_COMPLETION_ACTION, "hidden_completion_action" },
   { KILN_SIM_HSA_ARG_HIDDEN_MULTIGRID_SYNC_ARG, "hidden_multigrid_sync_arg" },
   { KILN_SIM_HSA_ARG_HIDDEN_BLOCK_COUNT_X, "hidden_block_count_x" },
   { KILN_SIM_HSA_ARG_HIDDEN_BLOCK_COUNT_Y, "hidden_block_count_y" },
   { KILN_SIM_HSA_ARG_HIDDEN_BLOCK_COUNT_Z, "hidden_block_count_z" },
   { KILN_SIM_HSA_ARG_HIDDEN_GROUP_SIZE_X, "hidden_group_size_x" },
   { KILN_SIM_HSA_ARG_HIDDEN_GROUP_SIZE_Y, "hidden_group_size_y" },
   { KILN_SIM_HSA_ARG_HIDDEN_GROUP_SIZE_Z, "hidden_group_size_z" },
   { KILN_SIM_HSA_ARG_HIDDEN_REMAINDER_X, "hidden_remainder_x" },
   { KILN_SIM_HSA_ARG_HIDDEN_REMAINDER_Y, "hidden_remainder_y" },
   { KILN_SIM_HSA_ARG_HIDDEN_REMAINDER_Z, "hidden_remainder_z" },
   { KILN_SIM_HSA_ARG_HIDDEN_GRID_DIMS, "hidden_grid_dims" },
   { KILN_SIM_HSA_ARG_HIDDEN_HEAP_V1, "hidden_heap_v1" },
   { KILN_SIM_HSA_ARG_HIDDEN_DYNAMIC_LDS_SIZE, "hidden_dynamic_lds_size" },
   { KILN_SIM_HSA_ARG_HIDDEN_PRIVATE_BASE, "hidden_private_base" },
   { KILN_SIM_HSA_ARG_HIDDEN_SHARED_BASE, "hidden_shared_base" },
   { KILN_SIM_HSA_ARG_HIDDEN_QUEUE_PTR, "hidden_queue_ptr" },
};

const char *
kiln_sim_hsa_arg_kind_name(enum kiln_sim_hsa_arg_kind kind)
{
   for (unsigned i = 0; i < sizeof(arg_kinds) / sizeof(arg_kinds[0]); i++) {
      if (arg_kinds[i].kind == kind)
         return arg_kinds[i].name;
   }
   return "unknown";
}

bool
kiln_sim_hsa_arg_kind_is_hidden(enum kiln_sim_hsa_arg_kind kind)
{
   return kind >= KILN_SIM_HSA_ARG_HIDDEN_GLOBAL_OFFSET_X;
}

static enum kiln_sim_hsa_arg_kind
arg_kind_from_node(const struct sim_hsa_mp_node *n)
{
   for (unsigned i = 0; i < sizeof(arg_kinds) / sizeof(arg_kinds[0]); i++) {
      if (sim_hsa_mp_str_eq(n, arg_kinds[i].name))
         return arg_kinds[i].kind;
   }
   return KILN_SIM_HSA_ARG_UNKNOWN;
}

static uint32_t
map_uint(const struct sim_hsa_mp_node *map, const char *key, uint32_t dflt)
{
   uint64_t v;
   return sim_hsa_mp_get_uint(sim_hsa_mp_map_get(map, key), &v) ? v : dflt;
}

static int
parse_args(struct kiln_sim_hsa_object *obj, struct kiln_sim_hsa_kernel *k,
           const struct sim_hsa_mp_node *args)
{
   if (!args)
      return 0;
   if (args->type != SIM_HSA_MP_ARRAY)
      return sim_hsa_error(obj, -EINVAL, "kernel %s: .args is not an array", k->name);
   k->args = calloc(args->count ? args->count : 1, sizeof(*k->args));
   if (!k->args)
      return -ENOMEM;
   k->num_args = args->count;
   for (uint32_t i = 0; i < args->count; i++) {
      const struct sim_hsa_mp_node *a = &args->items[i];
      struct kiln_sim_hsa_arg *arg = &k->args[i];
      uint64_t offset, size;

      if (!sim_hsa_mp_get_uint(sim_hsa_mp_map_get(a, ".offset"), &offset) ||
          !sim_hsa_mp_get_uint(sim_hsa_mp_map_get(a, ".size"), &size))
         return sim_hsa_error(obj, -EINVAL, "kernel %s: argument %u lacks .offset or .size",
                              k->name, i);
      const struct sim_hsa_mp_node *kind = sim_hsa_mp_map_get(a, ".value_kind");
      arg->kind = arg_kind_from_node(kind);
      if (arg->kind == KILN_SIM_HSA_ARG_UNKNOWN) {
         char kind_name[64] = "(none)";
         sim_hsa_mp_get_str(kind, kind_name, sizeof(kind_name));
         return sim_hsa_error(obj, -EINVAL, "kernel %s: argument %u has unknown .value_kind %s",
                              k->name, i, kind_name);
      }
      arg->offset = offset;
      arg->size = size;
      arg->pointee_align = map_uint(a, ".pointee_align", 0);
      sim_hsa_mp_get_str(sim_hsa_mp_map_get(a, ".name"), arg->name, sizeof(arg->name));
      sim_hsa_mp_get_str(sim_hsa_mp_map_get(a, ".type_name"), arg->type_name,
                         sizeof(arg->type_name));
      if (offset + size > UINT32_MAX)
         return sim_hsa_error(obj, -EINVAL, "kernel %s: argument %u at %llu+%llu is out of range",
                              k->name, i, (unsigned long long)offset, (unsigned long long)size);
   }
   return 0;
}

static int
parse_kernel(struct kiln_sim_hsa_object *obj, struct kiln_sim_hsa_kernel *k,
             const struct sim_hsa_mp_node *m)
{
   if (!sim_hsa_mp_get_str(sim_hsa_mp_map_get(m, ".name"), k->name, sizeof(k->name)))
      return sim_hsa_error(obj, -EINVAL, "metadata: a kernel lacks .name");
   if (!sim_hsa_mp_get_str(sim_hsa_mp_map_get(m, ".symbol"), k->symbol, sizeof(k->symbol)))
      snprintf(k->symbol, sizeof(k->symbol), "%s.kd", k->name);
   k->kernarg_segment_size = map_uint(m, ".kernarg_segment_size", 0);
   k->kernarg_segment_align = map_uint(m, ".kernarg_segment_align", 8);
   k->wavefront_size = map_uint(m, ".wavefront_size", 0);
   k->sgpr_count = map_uint(m, ".sgpr_count", 0);
   k->vgpr_count = map_uint(m, ".vgpr_count", 0);
   k->max_flat_workgroup_size = map_uint(m, ".max_flat_workgroup_size", 1024);
   const struct sim_hsa_mp_node *reqd = sim_hsa_mp_map_get(m, ".reqd_workgroup_size");
   for (unsigned d = 0; d < 3; d++) {
      uint64_t v;
      if (sim_hsa_mp_get_uint(sim_hsa_mp_array_get(reqd, d), &v))
         k->reqd_workgroup_size[d] = v;
   }
   return parse_args(obj, k, sim_hsa_mp_map_get(m, ".args"));
}

int
sim_hsa_parse_metadata(struct kiln_sim_hsa_object *obj, const void *note, size_t size)
{
   struct sim_hsa_mp_node root;
   size_t err_offset = 0;
   long used = sim_hsa_mp_parse(note, size, &root, &err_offset);
   int ret = 0;

   if (used < 0)
      return sim_hsa_error(obj, -EINVAL, "NT_AMDGPU_METADATA: malformed msgpack at byte %zu",
                           err_offset);

   const struct sim_hsa_mp_node *version = sim_hsa_mp_map_get(&root, "amdhsa.version");
   uint64_t major = 0, minor = 0;
   if (!sim_hsa_mp_get_uint(sim_hsa_mp_array_get(version, 0), &major) ||
       !sim_hsa_mp_get_uint(sim_hsa_mp_array_get(version, 1), &minor) || major != 1) {
      ret = sim_hsa_error(obj, -ENOTSUP,
                          "NT_AMDGPU_METADATA: amdhsa.version %llu.%llu is not "
                          "code object v3 or later",
                          (unsigned long long)major, (unsigned long long)minor);
      goto out;
   }
   /* 1.0 is code object v3, 1.1 v4, 1.2 v5. */
   obj->code_object_version = 3 + minor;
   sim_hsa_mp_get_str(sim_hsa_mp_map_get(&root, "amdhsa.target"), obj->target, sizeof(obj->target));

   const struct sim_hsa_mp_node *kernels = sim_hsa_mp_map_get(&root, "amdhsa.kernels");
   if (!kernels || kernels->type != SIM_HSA_MP_ARRAY) {
      ret = sim_hsa_error(obj, -EINVAL, "NT_AMDGPU_METADATA: no amdhsa.kernels");
      goto out;
   }
   obj->kernels = calloc(kernels->count ? kernels->count : 1, sizeof(*obj->kernels));
   if (!obj->kernels) {
      ret = -ENOMEM;
      goto out;
   }
   obj->num_kernels = kernels->count;
   for (uint32_t i = 0; i < kernels->count && !ret; i++)
      ret = parse_kernel(obj, &obj->kernels[i], &kernels->items[i]);
out:
   sim_hsa_mp_free(&root);
   return ret;
}

static uint32_t
rd32(const uint8_t *p)
{
   return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
}

void
sim_hsa_decode_descriptor(const uint8_t *b, struct kiln_sim_hsa_descriptor *d)
{
   d->group_segment_fixed_size = rd32(b + 0);
   d->private_segment_fixed_size = rd32(b + 4);
   d->kernarg_size = rd32(b + 8);
   d->kernel_code_entry_byte_offset =
      (int64_t)((uint64_t)rd32(b + 16) | (uint64_t)rd32(b + 20) << 32);
   d->compute_pgm_rsrc3 = rd32(b + 44);
   d->compute_pgm_rsrc1 = rd32(b + 48);
   d->compute_pgm_rsrc2 = rd32(b + 52);
   d->kernel_code_properties = b[56] | b[57] << 8;
   d->kernarg_preload = b[58] | b[59] << 8;
}
