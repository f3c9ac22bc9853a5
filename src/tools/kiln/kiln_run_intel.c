/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * `kiln run` on an Intel Gen12 or Gen12.5 device through drivers/intel:
 * the kernels' argument bytes filled as on AMD (kiln_intel_abi.h reuses
 * kiln_amd_abi.h's kernarg layout; drivers/intel adds the implicit
 * arguments and the constant data's address to the push constants), a
 * buffer object for every buffer argument, for the program's __global
 * variables and for printf (kiln_run_launch_data.h), one batch per launch
 * waited for with a timeout, each launch's printf output, and the buffers
 * read back and printed as the AMD path prints them.
 *
 * Kernels that need scratch memory get it, and a work-group size that
 * does not divide the global size gives partial last groups (OpenCL 2.0
 * non-uniform work-groups), as on AMD.  What drivers/intel does not set up
 * yet is refused before anything runs, naming the feature, rather than
 * launched wrongly: device-side enqueue (no device queue).  Images,
 * samplers and enqueue seldom get here: the Intel backend refuses to
 * compile them.
 */
#include "kiln_run_intel.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dev/intel_device_info.h"
#include "kiln_intel.h"
#include "kiln_intel_kernel_launch.h"
#include "kiln_run_launch_data.h"

/* Long enough for any kernel `kiln run` is meant for; a dispatch still
 * running then is taken for a hang. */
#define KILN_RUN_INTEL_TIMEOUT_NS (INT64_C(60) * 1000 * 1000 * 1000)

/* Shared local memory a work-group may have on Gen12 and Gen12.5. */
#define KILN_RUN_INTEL_MAX_SLM_BYTES (64 * 1024)

/* __local arguments are placed at this alignment, as on AMD. */
#define KILN_RUN_INTEL_LOCAL_ALIGN 16

struct intel_kernel {
   const struct kiln_kernel *k;
   uint8_t *kernarg;   /* kernarg_alloc_size bytes, the explicit ones filled */
   unsigned slm_bytes; /* static __local variables, then the __local arguments */
   unsigned local[3];
};

struct intel_run {
   struct kiln_run_command *cmd;
   const struct kiln_program *program;
   struct kiln_intel_device *dev;
   struct intel_kernel kernels[KILN_RUN_MAX_KERNELS];
   struct kiln_intel_bo *bos[KILN_RUN_MAX_ARGS]; /* one per buffer argument */
   struct kiln_intel_bo *globals_bo;
   struct kiln_intel_bo *printf_bo;
   uint64_t printf_buffer_size;
   /* What every launch uses: the argument buffers, the program's
    * variables and the printf buffer. */
   struct kiln_intel_bo *launch_bos[KILN_RUN_MAX_ARGS + 2];
   unsigned num_launch_bos;
};

/* Refuses, with a message naming it, what kernel k needs of the launch
 * that drivers/intel does not provide; returns an exit status. */
static int
refuse_unsupported(const struct intel_run *r, const struct kiln_kernel *k)
{
   const char *feature = NULL, *lack = NULL;
   if (k->uses_device_queue || k->enqueued_block) {
      feature = "device-side enqueue";
      lack = "has no device queue";
   }
   if (!feature)
      return 0;
   fprintf(stderr,
           "kiln run: kernel '%s' needs %s, which kiln cannot launch on Intel "
           "devices yet (drivers/intel %s)\n",
           k->name, feature, lack);
   return KILN_RUN_EXIT_USAGE;
}

static uint32_t
largest_divisor(uint32_t n, uint32_t limit)
{
   for (uint32_t d = limit < n ? limit : n; d > 1; d--)
      if (n % d == 0)
         return d;
   return 1;
}

/* The work-group size: the command line's (which need not divide the
 * global size: the last groups are then partial), the kernel's required
 * one, or one chosen to divide the global size; returns an exit status. */
static int
choose_grid(const struct intel_run *r, struct intel_kernel *ik)
{
   const struct kiln_run_command *cmd = r->cmd;
   const struct kiln_kernel *k = ik->k;
   const struct intel_device_info *info = kiln_intel_device_info(r->dev);
   static const char dims[] = "xyz";

   unsigned max = info->max_cs_workgroup_threads * k->intel.simd_width;
   if (max > 1024)
      max = 1024;
   if (k->max_work_group_size && k->max_work_group_size < max)
      max = k->max_work_group_size;

   /* kiln_amd_abi.h keeps ids in 32 bits: size, offset and their sum. */
   for (unsigned d = 0; d < 3; d++) {
      if (cmd->global[d] + cmd->offset[d] > UINT32_MAX) {
         fprintf(stderr,
                 "kiln run: kernel '%s': global size %llu + offset %llu in %c "
                 "exceeds the 32-bit limit of kiln's kernel ABI\n",
                 k->name, (unsigned long long)cmd->global[d], (unsigned long long)cmd->offset[d],
                 dims[d]);
         return KILN_RUN_EXIT_USAGE;
      }
   }
   const unsigned *reqd = k->reqd_work_group_size;
   const bool has_reqd = reqd[0] || reqd[1] || reqd[2];
   if (cmd->has_local) {
      for (unsigned d = 0; d < 3; d++)
         ik->local[d] = cmd->local[d] > UINT32_MAX ? UINT32_MAX : cmd->local[d];
   } else if (has_reqd) {
      for (unsigned d = 0; d < 3; d++)
         ik->local[d] = reqd[d] ? reqd[d] : 1;
   } else {
      uint32_t budget = max < 256 ? max : 256;
      for (unsigned d = 0; d < 3; d++) {
         ik->local[d] = largest_divisor(cmd->global[d], budget);
         budget /= ik->local[d];
      }
   }

   uint64_t total = 1;
   for (unsigned d = 0; d < 3; d++) {
      if (!ik->local[d]) {
         fprintf(stderr, "kiln run: kernel '%s': work-group size 0 in %c\n", k->name, dims[d]);
         return KILN_RUN_EXIT_USAGE;
      }
      total *= ik->local[d];
   }
   if (total > max) {
      fprintf(stderr,
              "kiln run: kernel '%s': work-group size %ux%ux%u = %llu exceeds the "
              "maximum of %u (SIMD%u)\n",
              k->name, ik->local[0], ik->local[1], ik->local[2], (unsigned long long)total, max,
              k->intel.simd_width);
      return KILN_RUN_EXIT_USAGE;
   }
   if (has_reqd &&
       (ik->local[0] != reqd[0] || ik->local[1] != reqd[1] || ik->local[2] != reqd[2])) {
      fprintf(stderr,
              "kiln run: kernel '%s': work-group size %ux%ux%u differs from "
              "reqd_work_group_size(%u,%u,%u)\n",
              k->name, ik->local[0], ik->local[1], ik->local[2], reqd[0], reqd[1], reqd[2]);
      return KILN_RUN_EXIT_USAGE;
   }
   return 0;
}

/* The kernel named, checked against the command line and the Intel
 * path's features; returns an exit status. */
static int
load_kernel(struct intel_run *r, const char *name, struct intel_kernel *ik)
{
   char err[512];
   const struct kiln_kernel *k = kiln_run_find_kernel(r->cmd, r->program, name, err, sizeof(err));
   if (!k || kiln_run_check_signature(r->cmd, k, err, sizeof(err))) {
      fprintf(stderr, "kiln run: %s\n", err);
      return KILN_RUN_EXIT_USAGE;
   }
   ik->k = k;
   int status = refuse_unsupported(r, k);
   return status ? status : choose_grid(r, ik);
}

/* A buffer object for every buffer argument, holding its initial values;
 * returns an exit status. */
static int
create_buffers(struct intel_run *r)
{
   for (unsigned i = 0; i < r->cmd->num_args; i++) {
      const struct kiln_run_arg *a = &r->cmd->args[i];
      if (a->kind != KILN_RUN_ARG_BUFFER)
         continue;
      int ret = kiln_intel_bo_create(r->dev, a->bytes ? a->bytes : 1, &r->bos[i]);
      if (ret) {
         fprintf(stderr, "kiln run: argument %u ('%s'): a buffer of %zu bytes: %s\n", i,
                 r->kernels[0].k->args[i].name, a->bytes, strerror(-ret));
         return KILN_RUN_EXIT_DEVICE;
      }
      memcpy(r->bos[i]->map, a->data, a->bytes);
      r->launch_bos[r->num_launch_bos++] = r->bos[i];
   }
   return 0;
}

/* The program's __global variables, created and initialised once, before
 * the first launch; returns an exit status. */
static int
setup_globals(struct intel_run *r)
{
   const struct kiln_program *p = r->program;
   if (!p->globals_size)
      return 0;
   int ret = kiln_intel_bo_create(r->dev, p->globals_size, &r->globals_bo);
   if (ret) {
      fprintf(stderr, "kiln run: the program's %zu bytes of __global variables: %s\n",
              p->globals_size, strerror(-ret));
      return KILN_RUN_EXIT_DEVICE;
   }
   kiln_run_globals_init(p, r->globals_bo->map, r->globals_bo->address);
   r->launch_bos[r->num_launch_bos++] = r->globals_bo;
   return 0;
}

/* The printf buffer, when a kernel calls printf; returns an exit status. */
static int
setup_printf(struct intel_run *r)
{
   const struct kiln_kernel *kernels[KILN_RUN_MAX_KERNELS];
   for (unsigned i = 0; i < r->cmd->num_kernels; i++)
      kernels[i] = r->kernels[i].k;
   char err[512];
   bool needed;
   if (kiln_run_printf_check(kernels, r->cmd->num_kernels, r->printf_buffer_size, &needed, err,
                             sizeof(err))) {
      fprintf(stderr, "kiln run: %s\n", err);
      return KILN_RUN_EXIT_USAGE;
   }
   if (!needed)
      return 0;
   int ret = kiln_intel_bo_create(r->dev, r->printf_buffer_size, &r->printf_bo);
   if (ret) {
      fprintf(stderr, "kiln run: printf buffer of %llu bytes: %s\n",
              (unsigned long long)r->printf_buffer_size, strerror(-ret));
      return KILN_RUN_EXIT_DEVICE;
   }
   r->launch_bos[r->num_launch_bos++] = r->printf_bo;
   return 0;
}

/* The kernel's explicit argument bytes: values, the buffers' addresses,
 * and the SLM offsets of its __local arguments, placed after its static
 * __local variables; returns an exit status. */
static int
fill_kernarg(struct intel_run *r, struct intel_kernel *ik)
{
   const struct kiln_kernel *k = ik->k;
   uint64_t addresses[KILN_RUN_MAX_ARGS] = { 0 };
   for (unsigned i = 0; i < r->cmd->num_args; i++)
      if (r->bos[i])
         addresses[i] = r->bos[i]->address;
   int status = kiln_run_kernarg_create(r->cmd, k, k->kernarg_alloc_size, addresses, &ik->kernarg);
   if (status)
      return status;
   uint64_t slm = k->lds_bytes;
   for (unsigned i = 0; i < k->num_args; i++) {
      const struct kiln_kernel_arg *ka = &k->args[i];
      const struct kiln_run_arg *a = &r->cmd->args[i];
      if (a->kind != KILN_RUN_ARG_LOCAL)
         continue;
      slm = (slm + KILN_RUN_INTEL_LOCAL_ALIGN - 1) & ~(uint64_t)(KILN_RUN_INTEL_LOCAL_ALIGN - 1);
      const uint32_t offset = slm;
      memcpy(ik->kernarg + ka->offset, &offset, ka->size < 4 ? ka->size : 4);
      slm += a->bytes;
   }
   if (slm > KILN_RUN_INTEL_MAX_SLM_BYTES) {
      fprintf(stderr,
              "kiln run: kernel '%s': %llu bytes of __local memory (%u static), over "
              "the %u bytes a work-group has\n",
              k->name, (unsigned long long)slm, k->lds_bytes, KILN_RUN_INTEL_MAX_SLM_BYTES);
      return KILN_RUN_EXIT_USAGE;
   }
   ik->slm_bytes = slm;
   return 0;
}

/* One launch, submitted and waited for; returns an exit status. */
static int
launch_kernel(struct intel_run *r, const struct intel_kernel *ik)
{
   const struct kiln_kernel *k = ik->k;
   struct kiln_intel_launch launch = kiln_intel_kernel_launch(k);
   launch.slm_bytes = ik->slm_bytes;
   launch.kernarg = ik->kernarg;
   launch.work_dim = r->cmd->dim;
   launch.globals = r->globals_bo ? r->globals_bo->address : 0;
   launch.bos = r->launch_bos;
   launch.num_bos = r->num_launch_bos;
   for (unsigned d = 0; d < 3; d++) {
      launch.global_size[d] = r->cmd->global[d];
      launch.local_size[d] = ik->local[d];
      launch.global_offset[d] = r->cmd->offset[d];
   }
   const bool prints = k->num_printf_formats != 0;
   if (prints) {
      kiln_run_printf_reset(r->printf_bo->map, r->printf_buffer_size);
      launch.printf_buffer = r->printf_bo->address;
      launch.printf_buffer_size = r->printf_buffer_size;
   }

   struct kiln_intel_submission submission;
   int ret = kiln_intel_dispatch(r->dev, &launch, &submission);
   if (ret) {
      fprintf(stderr, "kiln run: kernel '%s': %s\n", k->name, kiln_intel_device_error(r->dev));
      return ret == -EINVAL || ret == -ENOTSUP ? KILN_RUN_EXIT_USAGE : KILN_RUN_EXIT_DEVICE;
   }
   ret = kiln_intel_wait(r->dev, &submission, KILN_RUN_INTEL_TIMEOUT_NS);
   kiln_intel_submission_finish(r->dev, &submission);
   if (ret == -ETIME) {
      fprintf(stderr, "kiln run: kernel '%s': %s, so kiln run takes it for a hang\n", k->name,
              kiln_intel_device_error(r->dev));
      return KILN_RUN_EXIT_GPU_FAULT;
   } else if (ret) {
      fprintf(stderr, "kiln run: kernel '%s': %s\n", k->name, kiln_intel_device_error(r->dev));
      return ret == -EIO ? KILN_RUN_EXIT_GPU_FAULT : KILN_RUN_EXIT_DEVICE;
   }
   if (prints)
      kiln_run_printf_print(stdout, k, r->printf_bo->map, r->printf_buffer_size);
   return 0;
}

int
kiln_run_intel(struct kiln_run_command *cmd, const struct kiln_program *program,
               struct kiln_intel_device *dev, uint64_t printf_buffer_size)
{
   struct intel_run r = {
      .cmd = cmd,
      .program = program,
      .dev = dev,
      .printf_buffer_size = printf_buffer_size,
   };
   int status = 0;
   for (unsigned i = 0; i < cmd->num_kernels && !status; i++)
      status = load_kernel(&r, cmd->kernels[i], &r.kernels[i]);
   if (!status)
      status = create_buffers(&r);
   for (unsigned i = 0; i < cmd->num_kernels && !status; i++)
      status = fill_kernarg(&r, &r.kernels[i]);
   if (!status)
      status = setup_globals(&r);
   if (!status)
      status = setup_printf(&r);
   for (unsigned n = 0; n < cmd->launches && !status; n++)
      for (unsigned i = 0; i < cmd->num_kernels && !status; i++)
         status = launch_kernel(&r, &r.kernels[i]);

   if (!status) {
      for (unsigned i = 0; i < cmd->num_args; i++)
         if (r.bos[i])
            memcpy(cmd->args[i].data, r.bos[i]->map, cmd->args[i].bytes);
      kiln_run_print_buffers(stdout, cmd);
      status = fflush(stdout) ? KILN_RUN_EXIT_DEVICE : 0;
   }
   for (unsigned i = 0; i < KILN_RUN_MAX_ARGS; i++)
      kiln_intel_bo_destroy(dev, r.bos[i]);
   kiln_intel_bo_destroy(dev, r.globals_bo);
   kiln_intel_bo_destroy(dev, r.printf_bo);
   for (unsigned i = 0; i < KILN_RUN_MAX_KERNELS; i++)
      free(r.kernels[i].kernarg);
   return status;
}
