/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * One kernel launch, per include/kiln_amd_abi.h: uploading the code,
 * choosing and checking the launch geometry (non-uniform groups through the
 * hardware's partial work-groups), laying out the kernarg buffer (explicit
 * arguments, __local pointer offsets, struct kiln_implicit_args), sizing LDS
 * and the scratch ring, and filling the register state the PM4 builder
 * turns into a command stream.  kiln_amdgpu_dispatch() is the sequence of
 * steps radeonsi's si_launch_grid names, each a function of its own.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kiln_amd_abi.h"
#include "kiln_amdgpu_pm4.h"
#include "kiln_amdgpu_private.h"
#include "sid.h"
#include "util/macros.h"
#include "util/u_math.h"

#define LDS_ENCODE_GRANULARITY 512 /* RSRC2.LDS_SIZE units on GFX7+ */
#define DEFAULT_TIMEOUT_NS     (10ull * 1000 * 1000 * 1000)

/* --- kernels ---------------------------------------------------------------- */

int
kiln_amdgpu_kernel_create(struct kiln_amdgpu_device *dev,
                          const struct kiln_amdgpu_kernel_desc *desc,
                          struct kiln_amdgpu_kernel **out)
{
   const char *name = desc->name ? desc->name : "?";

   if (!desc->code || !desc->code_size || desc->code_size % 4)
      return kiln_amdgpu_error(dev, -EINVAL,
                               "kernel '%s': no code or size %u not a "
                               "multiple of 4",
                               name, desc->code_size);
   if (desc->wave_size != 32 && desc->wave_size != 64)
      return kiln_amdgpu_error(dev, -EINVAL, "kernel '%s': wave size %u", name, desc->wave_size);
   if (desc->wave_size == 32 && dev->gfx_level < GFX10)
      return kiln_amdgpu_error(dev, -EINVAL,
                               "kernel '%s': wave32 needs GFX10 or later "
                               "(device is %s)",
                               name, dev->info.target);

   struct kiln_amdgpu_kernel *k = calloc(1, sizeof(*k));
   if (!k)
      return kiln_amdgpu_error(dev, -ENOMEM, "out of host memory");
   k->desc = *desc;
   k->desc.code = NULL;
   snprintf(k->name, sizeof(k->name), "%s", name);
   k->desc.name = k->name;

   /* The SQ prefetches 3 cache lines of 64 bytes past the PC on GFX10+,
    * and a prefetch into an unmapped page faults like a fetch does: pad the
    * code as ac_align_shader_binary_for_prefetch() does, with s_code_end
    * (which ACO also appends), as far as the BO's end. */
   unsigned size = desc->code_size;
   if (dev->gfx_level >= GFX10)
      size = align64(size + 3 * 64, dev->gfx_level >= GFX11 ? 128 : 64);
   int ret = kiln_amdgpu_bo_create(
      dev, size, KILN_AMDGPU_BO_HOST_VISIBLE | KILN_AMDGPU_BO_EXECUTABLE | KILN_AMDGPU_BO_READ_ONLY,
      &k->code_bo);
   if (ret) {
      free(k);
      return ret;
   }
   uint32_t *words = k->code_bo->map;
   const uint32_t fill = dev->gfx_level >= GFX10 ? 0xbf9f0000 /* s_code_end */
                                                 : 0xbf810000 /* s_endpgm */;
   memcpy(words, desc->code, desc->code_size);
   for (uint64_t i = desc->code_size / 4; i < k->code_bo->size / 4; i++)
      words[i] = fill;
   *out = k;
   return 0;
}

void
kiln_amdgpu_kernel_destroy(struct kiln_amdgpu_device *dev, struct kiln_amdgpu_kernel *kernel)
{
   if (!kernel)
      return;
   kiln_amdgpu_bo_destroy(dev, kernel->code_bo);
   free(kernel);
}

/* --- launch geometry ---------------------------------------------------------- */

/* The largest divisor of n that is at most limit. */
static uint32_t
largest_divisor(uint64_t n, uint32_t limit)
{
   for (uint32_t d = limit; d > 1; d--)
      if (n % d == 0)
         return d;
   return 1;
}

/* kiln's choice when the caller gives no work-group size: up to 256
 * work-items, whole groups where a divisor of the global size allows it,
 * otherwise whole waves in x and a partial last group. */
static void
choose_local_size(const struct kiln_amdgpu_kernel *k, const struct kiln_amdgpu_grid *g,
                  uint32_t max_size, uint32_t local[3])
{
   uint32_t budget = max_size < 256 ? max_size : 256;
   uint32_t wave = k->desc.wave_size;

   local[0] = largest_divisor(g->global_size[0], budget);
   if (local[0] < wave && g->global_size[0] > local[0] && budget >= wave) {
      uint64_t rounded = align64(g->global_size[0], wave);
      local[0] = rounded < budget ? rounded : budget / wave * wave;
   }
   budget /= local[0];
   for (unsigned d = 1; d < 3; d++) {
      local[d] = largest_divisor(g->global_size[d], budget);
      budget /= local[d];
   }
}

int
kiln_amdgpu_grid_compute(struct kiln_amdgpu_device *dev, const struct kiln_amdgpu_kernel *kernel,
                         const struct kiln_amdgpu_launch *launch, struct kiln_amdgpu_grid *g)
{
   const char *name = kernel->name;
   const unsigned *reqd = kernel->desc.reqd_work_group_size;
   const bool has_reqd = reqd[0] || reqd[1] || reqd[2];
   uint32_t max_size = kernel->desc.max_work_group_size;
   static const char dims[] = "xyz";

   if (!max_size || max_size > KILN_AMDGPU_MAX_WORK_GROUP_SIZE)
      max_size = KILN_AMDGPU_MAX_WORK_GROUP_SIZE;

   memset(g, 0, sizeof(*g));
   if (launch->work_dim < 1 || launch->work_dim > 3)
      return kiln_amdgpu_error(dev, -EINVAL, "kernel '%s': work_dim %u is not 1, 2 or 3", name,
                               launch->work_dim);
   g->work_dim = launch->work_dim;

   for (unsigned d = 0; d < 3; d++) {
      bool used = d < launch->work_dim;
      uint64_t size = used ? launch->global_size[d] : 1;
      uint64_t offset = used ? launch->global_offset[d] : 0;

      /* kiln_amd_abi.h keeps ids in 32 bits: size, offset and their sum. */
      if (size > UINT32_MAX || offset > UINT32_MAX || size + offset > UINT32_MAX)
         return kiln_amdgpu_error(dev, -E2BIG,
                                  "kernel '%s': global size %llu + offset %llu in %c "
                                  "exceeds the 32-bit limit of kiln's kernel ABI",
                                  name, (unsigned long long)size, (unsigned long long)offset,
                                  dims[d]);
      g->global_size[d] = size;
      g->global_offset[d] = offset;
   }

   bool given = false;
   for (unsigned d = 0; d < launch->work_dim; d++)
      given |= launch->local_size[d] != 0;

   if (given) {
      uint64_t total = 1;
      for (unsigned d = 0; d < 3; d++) {
         uint32_t l = d < launch->work_dim ? launch->local_size[d] : 1;
         if (!l)
            return kiln_amdgpu_error(dev, -EINVAL, "kernel '%s': local size 0 in %c", name,
                                     dims[d]);
         g->local_size[d] = l;
         total *= l;
      }
      if (total > max_size)
         return kiln_amdgpu_error(dev, -EINVAL,
                                  "kernel '%s': work-group size %ux%ux%u = %llu exceeds "
                                  "the maximum of %u",
                                  name, g->local_size[0], g->local_size[1], g->local_size[2],
                                  (unsigned long long)total, max_size);
      if (has_reqd && (g->local_size[0] != reqd[0] || g->local_size[1] != reqd[1] ||
                       g->local_size[2] != reqd[2]))
         return kiln_amdgpu_error(dev, -EINVAL,
                                  "kernel '%s': work-group size %ux%ux%u differs from "
                                  "reqd_work_group_size(%u,%u,%u)",
                                  name, g->local_size[0], g->local_size[1], g->local_size[2],
                                  reqd[0], reqd[1], reqd[2]);
   } else if (has_reqd) {
      for (unsigned d = 0; d < 3; d++)
         g->local_size[d] = reqd[d] ? reqd[d] : 1;
   } else {
      choose_local_size(kernel, g, max_size, g->local_size);
   }

   for (unsigned d = 0; d < 3; d++) {
      g->num_groups[d] = g->global_size[d] / g->local_size[d];
      g->partial_size[d] = g->global_size[d] % g->local_size[d];
      if (g->partial_size[d])
         g->num_groups[d]++;
   }
   return 0;
}

/* --- kernarg, LDS, scratch ------------------------------------------------------ */

/* Places the __local arguments after the static LDS; writes their offsets
 * into the kernarg buffer and returns the total LDS bytes, or < 0. */
static int
place_local_args(struct kiln_amdgpu_device *dev, const struct kiln_amdgpu_kernel *k,
                 const struct kiln_amdgpu_launch *launch, uint8_t *kernarg)
{
   uint64_t top = (uint64_t)k->desc.lds_bytes + launch->extra_lds_bytes;

   for (unsigned i = 0; i < launch->num_local_args; i++) {
      const struct kiln_amdgpu_local_arg *a = &launch->local_args[i];
      uint64_t align = a->align ? a->align : 16;

      if (align & (align - 1))
         return kiln_amdgpu_error(dev, -EINVAL,
                                  "kernel '%s': __local argument at kernarg "
                                  "offset %u: alignment %llu is not a power of two",
                                  k->name, a->kernarg_offset, (unsigned long long)align);
      if (a->kernarg_offset + 4 > k->desc.kernarg_size)
         return kiln_amdgpu_error(dev, -EINVAL,
                                  "kernel '%s': __local argument at kernarg "
                                  "offset %u lies outside the %u-byte arguments",
                                  k->name, a->kernarg_offset, k->desc.kernarg_size);
      top = align64(top, align);
      uint32_t offset = top;
      top += a->size;
      if (top > KILN_AMDGPU_MAX_LDS_BYTES)
         return kiln_amdgpu_error(dev, -E2BIG,
                                  "kernel '%s': __local argument at kernarg offset %u "
                                  "(%u bytes) brings LDS to %llu bytes, over the %u-byte "
                                  "limit (static LDS %u bytes)",
                                  k->name, a->kernarg_offset, a->size, (unsigned long long)top,
                                  KILN_AMDGPU_MAX_LDS_BYTES, k->desc.lds_bytes);
      memcpy(kernarg + a->kernarg_offset, &offset, 4);
   }
   if (top > KILN_AMDGPU_MAX_LDS_BYTES)
      return kiln_amdgpu_error(dev, -E2BIG,
                               "kernel '%s': %llu bytes of LDS, over the "
                               "%u-byte limit",
                               k->name, (unsigned long long)top, KILN_AMDGPU_MAX_LDS_BYTES);
   return (int)top;
}

static void
fill_implicit_args(const struct kiln_amdgpu_grid *g, struct kiln_implicit_args *ia)
{
   memset(ia, 0, sizeof(*ia));
   ia->work_dim = g->work_dim;
   for (unsigned d = 0; d < 3; d++) {
      ia->global_offset[d] = g->global_offset[d];
      ia->global_size[d] = g->global_size[d];
      ia->local_size[d] = g->local_size[d];
      ia->num_groups[d] = g->num_groups[d];
   }
}

/* What a dispatch of total_waves waves needs of the scratch ring: bytes
 * per wave, in COMPUTE_TMPRING_SIZE's WAVESIZE units, and the waves that
 * hold scratch at once (its WAVES field).  0 waves when the kernel has no
 * scratch. */
int
kiln_amdgpu_scratch_need(struct kiln_amdgpu_device *dev, const struct kiln_amdgpu_kernel *k,
                         uint64_t total_waves, struct kiln_amdgpu_scratch *need)
{
   memset(need, 0, sizeof(*need));
   if (!k->desc.scratch_bytes_per_lane)
      return 0;

   /* WAVESIZE is in 1 KiB units before GFX11, 256 bytes from GFX11 on. */
   const unsigned shift = dev->gfx_level >= GFX11 ? 8 : 10;
   uint64_t per_wave =
      align64((uint64_t)k->desc.scratch_bytes_per_lane * k->desc.wave_size, 1ull << shift);
   if ((per_wave >> shift) > G_00B860_WAVESIZE(~0u))
      return kiln_amdgpu_error(dev, -E2BIG,
                               "kernel '%s': %u bytes of scratch per lane is "
                               "more than COMPUTE_TMPRING_SIZE can describe",
                               k->name, k->desc.scratch_bytes_per_lane);

   /* As many waves as can hold scratch at once (32 per CU, as Mesa's
    * max_scratch_waves), no more than the dispatch has. GFX11 counts per SE. */
   uint64_t waves = 32ull * dev->info.num_cu;
   if (waves > total_waves)
      waves = total_waves;
   uint64_t field =
      dev->gfx_level >= GFX11 ? (waves + dev->info.num_se - 1) / dev->info.num_se : waves;
   if (field > G_00B860_WAVES(~0u))
      field = G_00B860_WAVES(~0u);
   need->waves_field = field;
   need->wavesize_field = per_wave >> shift;
   need->bytes = (dev->gfx_level >= GFX11 ? field * dev->info.num_se : field) * per_wave;
   return 0;
}

/* The device's scratch ring, grown to hold need; its VA and
 * COMPUTE_TMPRING_SIZE. */
int
kiln_amdgpu_scratch_ring(struct kiln_amdgpu_device *dev, const char *name,
                         const struct kiln_amdgpu_scratch *need, uint64_t *va, uint32_t *tmpring)
{
   *va = 0;
   *tmpring = 0;
   if (!need->waves_field)
      return 0;
   if (!dev->scratch_bo || dev->scratch_bo->size < need->bytes) {
      if (dev->scratch_bo)
         kiln_amdgpu_bo_destroy(dev, dev->scratch_bo);
      dev->scratch_bo = NULL;
      int ret = kiln_amdgpu_bo_create(dev, need->bytes, 0, &dev->scratch_bo);
      if (ret) {
         char why[sizeof(dev->error)];
         snprintf(why, sizeof(why), "%s", dev->error);
         return kiln_amdgpu_error(dev, ret, "kernel '%s': scratch ring of %llu bytes: %s", name,
                                  (unsigned long long)need->bytes, why);
      }
   }
   *va = dev->scratch_bo->va;
   *tmpring = S_00B860_WAVES(need->waves_field) | S_00B860_WAVESIZE(need->wavesize_field);
   return 0;
}

/* Sizes the scratch ring for the dispatch (growing the device's ring BO as
 * needed) and returns its VA and COMPUTE_TMPRING_SIZE. */
static int
setup_scratch(struct kiln_amdgpu_device *dev, const struct kiln_amdgpu_kernel *k,
              uint64_t total_waves, uint64_t *va, uint32_t *tmpring)
{
   struct kiln_amdgpu_scratch need;
   int ret = kiln_amdgpu_scratch_need(dev, k, total_waves, &need);
   return ret ? ret : kiln_amdgpu_scratch_ring(dev, k->name, &need, va, tmpring);
}

/* COMPUTE_RESOURCE_LIMITS as ac_get_compute_resource_limits() computes it
 * with no wave limit. */
static uint32_t
resource_limits(struct kiln_amdgpu_device *dev, unsigned waves_per_group)
{
   unsigned cu_per_se = dev->info.num_cu / dev->info.num_se;
   unsigned groups_per_cu = dev->gfx_level >= GFX10 && waves_per_group == 1 ? 2 : 1;
   uint32_t v = S_00B854_SIMD_DEST_CNTL(waves_per_group % 4 == 0) |
                S_00B854_CU_GROUP_COUNT(groups_per_cu - 1);

   if (cu_per_se % 4 && waves_per_group == 1)
      v |= S_00B854_FORCE_SIMD_DIST(1);
   /* GFX9 wants the maximum rather than 0 (Mesa: fixes high-priority compute). */
   if (dev->gfx_level == GFX9) {
      unsigned max = cu_per_se * 4 * 10;
      v |= S_00B854_WAVES_PER_SH(max > 0x3ff ? 0x3ff : max);
   }
   return v;
}

/* --- dispatch -------------------------------------------------------------------- */

/* Step 1 (si_upload_compute_input): the kernarg image (explicit
 * arguments, __local argument offsets, implicit launch values), built in
 * host memory and copied in one go, since the command BO may be
 * write-combined VRAM.  Returns the LDS bytes the launch needs, or a
 * negative errno. */
int
kiln_amdgpu_kernarg_image(struct kiln_amdgpu_device *dev, const struct kiln_amdgpu_kernel *k,
                          const struct kiln_amdgpu_launch *launch, const struct kiln_amdgpu_grid *g,
                          uint8_t *image)
{
   const unsigned explicit_size = k->desc.kernarg_size;
   const unsigned implicit_offset = KILN_KERNARG_IMPLICIT_OFFSET(explicit_size);
   if (implicit_offset + KILN_IMPLICIT_SIZE > KILN_AMDGPU_MAX_KERNARG)
      return kiln_amdgpu_error(dev, -E2BIG,
                               "kernel '%s': %u bytes of arguments, over "
                               "the %u-byte limit",
                               k->name, explicit_size,
                               (unsigned)(KILN_AMDGPU_MAX_KERNARG - KILN_IMPLICIT_SIZE));
   if (explicit_size && !launch->kernarg)
      return kiln_amdgpu_error(dev, -EINVAL, "kernel '%s': no argument values given", k->name);

   memset(image, 0, implicit_offset);
   if (explicit_size)
      memcpy(image, launch->kernarg, explicit_size);
   int lds = place_local_args(dev, k, launch, image);
   if (lds < 0)
      return lds;
   struct kiln_implicit_args ia;
   fill_implicit_args(g, &ia);
   ia.printf_buffer = launch->printf_buffer_va;
   ia.printf_buffer_size = launch->printf_buffer_size;
   ia.globals = launch->globals_va;
   ia.device_queue = launch->device_queue_va;
   ia.device_record = launch->device_record;
   memcpy(image + implicit_offset, &ia, sizeof(ia));
   return lds;
}

static int
upload_compute_input(struct kiln_amdgpu_device *dev, const struct kiln_amdgpu_kernel *k,
                     const struct kiln_amdgpu_launch *launch, const struct kiln_amdgpu_grid *g)
{
   uint8_t image[KILN_AMDGPU_MAX_KERNARG];
   int lds = kiln_amdgpu_kernarg_image(dev, k, launch, g, image);
   if (lds >= 0)
      memcpy((uint8_t *)dev->cmd_bo->map + KILN_AMDGPU_CMD_KERNARG_OFFSET, image,
             KILN_KERNARG_IMPLICIT_OFFSET(k->desc.kernarg_size) + KILN_IMPLICIT_SIZE);
   return lds;
}

/* Step 2 (si_switch_compute_shader): the program and its resources: code
 * address, RSRC1-3 with the launch's LDS and scratch, resource limits and
 * the scratch ring (si_setup_compute_scratch_buffer). */
int
kiln_amdgpu_switch_compute_shader(struct kiln_amdgpu_device *dev,
                                  const struct kiln_amdgpu_kernel *k,
                                  const struct kiln_amdgpu_grid *g, int lds,
                                  struct kiln_pm4_dispatch *d)
{
   uint32_t group_threads = g->local_size[0] * g->local_size[1] * g->local_size[2];
   unsigned waves_per_group = (group_threads + k->desc.wave_size - 1) / k->desc.wave_size;
   uint64_t total_waves =
      (uint64_t)g->num_groups[0] * g->num_groups[1] * g->num_groups[2] * waves_per_group;

   *d = (struct kiln_pm4_dispatch){
      .gfx_level = dev->gfx_level,
      .pgm_va = k->code_bo->va,
      .rsrc1 = k->desc.rsrc1,
      .rsrc3 = k->desc.rsrc3,
      .wave_size = k->desc.wave_size,
      .resource_limits = resource_limits(dev, waves_per_group),
   };
   int ret = setup_scratch(dev, k, total_waves, &d->scratch_va, &d->tmpring_size);
   if (ret)
      return ret;
   d->rsrc2 = (k->desc.rsrc2 & C_00B84C_LDS_SIZE & C_00B84C_SCRATCH_EN) |
              S_00B84C_LDS_SIZE((lds + LDS_ENCODE_GRANULARITY - 1) / LDS_ENCODE_GRANULARITY) |
              S_00B84C_SCRATCH_EN(d->scratch_va != 0);
   return 0;
}

/* Step 3 (si_setup_nir_user_data): the user SGPRs kiln_amd_abi.h defines,
 * and the grid: work-group size, partial groups and group counts. */
void
kiln_amdgpu_setup_user_data(const struct kiln_amdgpu_grid *g, uint64_t kernarg_va,
                            struct kiln_pm4_dispatch *d)
{
   const struct kiln_user_sgprs sgprs = {
      .scratch_base = d->scratch_va,
      .kernarg_ptr = kernarg_va,
   };
   memcpy(d->user_data, &sgprs, sizeof(sgprs));
   for (unsigned i = 0; i < 3; i++) {
      d->block[i] = g->local_size[i];
      d->partial[i] = g->partial_size[i];
      d->grid[i] = g->num_groups[i];
   }
}

/* Step 4 (si_emit_dispatch_packets): the PM4 packets into the command BO,
 * ending with the release of a new fence value, the fence cleared.
 * Returns the packets' dword count, or a negative errno. */
static int
emit_dispatch_packets(struct kiln_amdgpu_device *dev, const struct kiln_amdgpu_kernel *k,
                      struct kiln_pm4_dispatch *d)
{
   uint8_t *cmd = dev->cmd_bo->map;
   uint32_t ib[KILN_AMDGPU_CMD_IB_MAX_DW];
   struct kiln_pm4 cs;

   d->fence_va = dev->cmd_bo->va + KILN_AMDGPU_CMD_FENCE_OFFSET;
   d->fence_value = ++dev->fence_value;
   kiln_pm4_init(&cs, ib, KILN_AMDGPU_CMD_IB_MAX_DW);
   if (!kiln_pm4_emit_dispatch(&cs, d))
      return kiln_amdgpu_error(dev, -ENOSPC, "kernel '%s': command stream overflow", k->name);
   memcpy(cmd + KILN_AMDGPU_CMD_IB_OFFSET, ib, cs.cdw * 4);
   *(volatile uint64_t *)(cmd + KILN_AMDGPU_CMD_FENCE_OFFSET) = 0;
   return cs.cdw;
}

/* The buffers a submission references. */
struct bo_list {
   struct kiln_amdgpu_bo *stack[16];
   struct kiln_amdgpu_bo **bos;
   unsigned num;
};

/* Step 5 (si_compute_resources_add_all_to_bo_list): the command buffer,
 * the code, the scratch ring when used and the caller's buffers. */
static int
add_all_to_bo_list(struct kiln_amdgpu_device *dev, const struct kiln_amdgpu_kernel *k,
                   const struct kiln_amdgpu_launch *launch, const struct kiln_pm4_dispatch *d,
                   struct bo_list *list)
{
   list->bos = list->stack;
   list->num = 0;
   if (3 + launch->num_bos > ARRAY_SIZE(list->stack)) {
      list->bos = malloc((3 + launch->num_bos) * sizeof(*list->bos));
      if (!list->bos)
         return kiln_amdgpu_error(dev, -ENOMEM, "out of host memory");
   }
   list->bos[list->num++] = dev->cmd_bo;
   list->bos[list->num++] = k->code_bo;
   if (d->scratch_va)
      list->bos[list->num++] = dev->scratch_bo;
   for (unsigned i = 0; i < launch->num_bos; i++)
      list->bos[list->num++] = launch->bos[i];
   return 0;
}

static void
free_bo_list(struct bo_list *list)
{
   if (list->bos != list->stack)
      free(list->bos);
}

/* Step 6: submission, waiting for completion or a fault. */
static int
submit_dispatch(struct kiln_amdgpu_device *dev, const struct kiln_amdgpu_kernel *k,
                const struct kiln_amdgpu_launch *launch, unsigned ib_dw, const struct bo_list *list,
                struct kiln_amdgpu_fault *fault)
{
   return kiln_amdgpu_submit_and_wait(
      dev, k, dev->cmd_bo->va + KILN_AMDGPU_CMD_IB_OFFSET, ib_dw, list->bos, list->num,
      launch->timeout_ns ? launch->timeout_ns : DEFAULT_TIMEOUT_NS, fault);
}

/* Step 7: the end-of-pipe fence, which the packets write last. */
static int
check_fence(struct kiln_amdgpu_device *dev, const struct kiln_amdgpu_kernel *k,
            const struct kiln_pm4_dispatch *d)
{
   volatile uint64_t *fence =
      (volatile uint64_t *)((uint8_t *)dev->cmd_bo->map + KILN_AMDGPU_CMD_FENCE_OFFSET);
   if (*fence == d->fence_value)
      return 0;
   return kiln_amdgpu_error(dev, -EIO,
                            "kernel '%s': the dispatch completed but its "
                            "end-of-pipe fence at 0x%llx reads %llu, not %llu",
                            k->name, (unsigned long long)d->fence_va, (unsigned long long)*fence,
                            (unsigned long long)d->fence_value);
}

static void
debug_dispatch(struct kiln_amdgpu_device *dev, const struct kiln_amdgpu_kernel *k,
               const struct kiln_amdgpu_grid *g, int lds, const struct kiln_pm4_dispatch *d)
{
   kiln_amdgpu_debug(dev,
                     "dispatch '%s': global %ux%ux%u offset %u,%u,%u local %ux%ux%u "
                     "groups %ux%ux%u partial %u,%u,%u lds %d scratch 0x%llx",
                     k->name, g->global_size[0], g->global_size[1], g->global_size[2],
                     g->global_offset[0], g->global_offset[1], g->global_offset[2],
                     g->local_size[0], g->local_size[1], g->local_size[2], g->num_groups[0],
                     g->num_groups[1], g->num_groups[2], g->partial_size[0], g->partial_size[1],
                     g->partial_size[2], lds, (unsigned long long)d->scratch_va);
}

/* The steps of radeonsi's si_launch_grid, for one synchronous dispatch. */
int
kiln_amdgpu_dispatch(struct kiln_amdgpu_device *dev, const struct kiln_amdgpu_kernel *k,
                     const struct kiln_amdgpu_launch *launch, struct kiln_amdgpu_fault *fault)
{
   struct kiln_amdgpu_grid g;
   struct kiln_pm4_dispatch d;
   struct bo_list list;

   dev->error[0] = 0;
   if (fault)
      memset(fault, 0, sizeof(*fault));

   int ret = kiln_amdgpu_grid_compute(dev, k, launch, &g);
   if (ret)
      return ret;
   if (!g.global_size[0] || !g.global_size[1] || !g.global_size[2])
      return 0; /* an empty NDRange runs nothing */

   int lds = upload_compute_input(dev, k, launch, &g);
   if (lds < 0)
      return lds;
   ret = kiln_amdgpu_switch_compute_shader(dev, k, &g, lds, &d);
   if (ret)
      return ret;
   kiln_amdgpu_setup_user_data(&g, dev->cmd_bo->va + KILN_AMDGPU_CMD_KERNARG_OFFSET, &d);
   int ib_dw = emit_dispatch_packets(dev, k, &d);
   if (ib_dw < 0)
      return ib_dw;
   debug_dispatch(dev, k, &g, lds, &d);

   ret = add_all_to_bo_list(dev, k, launch, &d, &list);
   if (ret)
      return ret;
   ret = submit_dispatch(dev, k, launch, ib_dw, &list, fault);
   free_bo_list(&list);
   if (ret)
      return ret;
   return check_fence(dev, k, &d);
}
