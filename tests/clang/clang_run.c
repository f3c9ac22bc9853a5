/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * clang_run: the corpus runner (tests/corpus: `clang_run FILE.cl -k KERNEL
 * -g X[,Y,Z] [-l ..] [-o ..] [-b OPTIONS] ARG...`) for clang-15's AMDGPU
 * backend on kiln's emulated gfx1030.  The kernel is compiled by clang with
 * the ROCm device libraries, loaded by tests/clang/hsa and dispatched with
 * kiln_sim_dispatch; buffer and image arguments are printed as `argI: v v
 * v` after the run.  An image is laid out and described as `kiln run` does
 * it (drivers/amdgpu's kiln_amdgpu_image, for an emulated device opened
 * for its GFX level), and its object is that descriptor slot: ROCm's image
 * objects put the T# and the OpenCL channel data type and order where
 * kiln_amd_abi.h's image slots do (and the width after them); a sampler's
 * object is its S#.  It checks
 * the emulator against a second compiler and gives a peer to compare
 * kiln's results with.
 *
 * KILN_SIM_TRACE=1 traces every executed instruction to stderr.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clang_compile.h"
#include "kiln_amd_abi.h"
#include "kiln_amdgpu.h"
#include "kiln_amdgpu_image.h"
#include "kiln_run_args.h"
#include "hsa_loader.h"

#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>

/* Where the code object goes; its heap (buffers, kernargs, scratch) sits
 * above it. */
#define CLANG_RUN_LOAD_VA   0x100000000ull
#define CLANG_RUN_HEAP_SIZE (64ull << 30)

struct image_arg {
   void *pixels; /* in the object's heap */
   struct kiln_amdgpu_image_layout layout;
};

/* An image argument's pixels in the heap in the device's layout and its
 * object (kiln_image_slot) beside them; *object_va is the argument's value. */
static int
create_image(struct kiln_amdgpu_device *dev, struct kiln_sim_hsa_object *obj,
             const struct kiln_run_arg *a, struct image_arg *img, uint64_t *object_va)
{
   const struct kiln_amdgpu_image_desc desc = {
      .type = kiln_run_image_cl_type(a->image.type),
      .channel_order = a->image.order,
      .channel_data_type = a->image.data_type,
      .width = a->image.width,
      .height = a->image.height,
      .depth = a->image.depth,
      .array_size = a->image.layers,
   };
   uint64_t pixels_va;
   struct kiln_image_slot slot = {
      .channel_data_type = a->image.data_type,
      .channel_order = a->image.order,
   };
   if (kiln_amdgpu_image_layout(dev, &desc, &img->layout))
      return -1;
   img->pixels = kiln_sim_hsa_alloc(obj, img->layout.size, KILN_IMAGE_BASE_ALIGN, &pixels_va);
   void *object = kiln_sim_hsa_alloc(obj, sizeof(slot), 16, object_va);
   if (!img->pixels || !object)
      return -1;
   memset(img->pixels, 0, img->layout.size);
   kiln_run_image_copy(a, img->pixels, img->layout.row_pitch, img->layout.slice_pitch, true);
   if (kiln_amdgpu_image_descriptor(dev, &desc, pixels_va, slot.desc))
      return -1;
   /* ROCm's image objects also hold the width at dword 10, by which the
    * device libraries snap normalised coordinates for nearest sampling. */
   slot.pad[0] = a->image.width;
   memcpy(object, &slot, sizeof(slot));
   return 0;
}

static void
usage(void)
{
   fprintf(stderr, "usage: clang_run FILE.cl -k KERNEL -g X[,Y,Z] [-l X[,Y,Z]] "
                   "[-o X[,Y,Z]] [-b OPTIONS] ARG...\n"
                   "  ARG: TYPE:v[,v..] | buf:TYPE[N][=v,v,..] | local:BYTES |\n"
                   "       image2d:ORDER,TYPE[W,H][=v,..] (and the other image types) |\n"
                   "       sampler:NORMALIZED,ADDRESS,FILTER\n");
}

int
main(int argc, char **argv)
{
   struct kiln_run_command l;
   char err[512];
   void *elf = NULL;
   size_t elf_size = 0;
   int status = 1;
   struct kiln_amdgpu_device *dev = NULL;

   if (argc < 2) {
      usage();
      return 2;
   }
   if (kiln_run_parse_command_line(argc - 1, argv + 1, &l, err, sizeof(err))) {
      fprintf(stderr, "clang_run: %s\n", err);
      usage();
      return 2;
   }
   if (clang_compile_cl(l.file, l.options, "gfx1030", &elf, &elf_size)) {
      kiln_run_command_free(&l);
      return 1;
   }

   struct kiln_sim_vm *vm = kiln_sim_vm_create();
   struct kiln_sim_hsa_object *obj = NULL;
   if (!vm) {
      fprintf(stderr, "clang_run: cannot create a VM\n");
      goto out;
   }
   if (kiln_sim_hsa_load(vm, elf, elf_size, CLANG_RUN_LOAD_VA, CLANG_RUN_HEAP_SIZE, &obj, err,
                         sizeof(err))) {
      fprintf(stderr, "clang_run: loading %s: %s\n", l.file, err);
      goto out;
   }
   const struct kiln_sim_hsa_kernel *kernels[KILN_RUN_MAX_KERNELS];
   for (unsigned n = 0; n < l.num_kernels; n++) {
      kernels[n] = kiln_sim_hsa_find_kernel(obj, l.kernels[n]);
      if (!kernels[n]) {
         fprintf(stderr, "clang_run: no kernel '%s' in %s\n", l.kernels[n], l.file);
         goto out;
      }
   }

   struct kiln_sim_hsa_arg_value values[KILN_RUN_MAX_ARGS];
   uint64_t buffer_va[KILN_RUN_MAX_ARGS];
   void *buffer_host[KILN_RUN_MAX_ARGS] = { 0 };
   struct image_arg images[KILN_RUN_MAX_ARGS] = { 0 };
   for (unsigned i = 0; i < l.num_args; i++) {
      struct kiln_run_arg *a = &l.args[i];
      if ((a->kind == KILN_RUN_ARG_IMAGE || a->kind == KILN_RUN_ARG_SAMPLER) && !dev &&
          kiln_amdgpu_device_open("sim", &dev, err, sizeof(err))) {
         fprintf(stderr, "clang_run: argument %u: no emulated device for descriptors: %s\n", i,
                 err);
         goto out;
      }
      switch (a->kind) {
      case KILN_RUN_ARG_IMAGE:
         if (create_image(dev, obj, a, &images[i], &buffer_va[i])) {
            fprintf(stderr, "clang_run: argument %u: %s%s\n", i, obj->error,
                    kiln_amdgpu_device_error(dev));
            goto out;
         }
         values[i] = (struct kiln_sim_hsa_arg_value){ &buffer_va[i], 8 };
         break;
      case KILN_RUN_ARG_SAMPLER: {
         uint32_t desc[4];
         void *object = kiln_sim_hsa_alloc(obj, sizeof(desc), 16, &buffer_va[i]);
         if (!object ||
             kiln_amdgpu_sampler_descriptor(dev, a->sampler.normalized, a->sampler.addressing,
                                            a->sampler.filter, desc)) {
            fprintf(stderr, "clang_run: argument %u: %s%s\n", i, obj->error,
                    kiln_amdgpu_device_error(dev));
            goto out;
         }
         memcpy(object, desc, sizeof(desc));
         values[i] = (struct kiln_sim_hsa_arg_value){ &buffer_va[i], 8 };
         break;
      }
      case KILN_RUN_ARG_VALUE:
         values[i] = (struct kiln_sim_hsa_arg_value){ a->data, a->bytes };
         break;
      case KILN_RUN_ARG_LOCAL:
         values[i] = (struct kiln_sim_hsa_arg_value){ NULL, a->bytes };
         break;
      case KILN_RUN_ARG_BUFFER:
         buffer_host[i] = kiln_sim_hsa_alloc(obj, a->bytes, 256, &buffer_va[i]);
         if (!buffer_host[i]) {
            fprintf(stderr, "clang_run: argument %u: %s\n", i, obj->error);
            goto out;
         }
         memcpy(buffer_host[i], a->data, a->bytes);
         values[i] = (struct kiln_sim_hsa_arg_value){ &buffer_va[i], 8 };
         break;
      }
   }

   struct kiln_sim_hsa_launch launch = { .work_dim = l.dim };
   for (unsigned d = 0; d < 3; d++) {
      launch.global_size[d] = l.global[d];
      launch.local_size[d] = l.has_local ? l.local[d] : 0;
      launch.global_offset[d] = l.has_offset ? l.offset[d] : 0;
   }
   const char *trace = getenv("KILN_SIM_TRACE");
   struct kiln_sim_run_options run = {
      .threads = 1,
      .trace = trace && *trace && strcmp(trace, "0") != 0,
   };
   struct kiln_sim_fault fault;
   memset(&fault, 0, sizeof(fault));
   /* The kernels one after the other on the same buffers, --launches times. */
   for (unsigned i = 0; i < l.launches; i++) {
      for (unsigned n = 0; n < l.num_kernels; n++) {
         if (kiln_sim_hsa_dispatch(obj, kernels[n], &launch, values, l.num_args, &run, &fault)) {
            fprintf(stderr, "clang_run: %s\n", obj->error);
            goto out;
         }
      }
   }

   for (unsigned i = 0; i < l.num_args; i++) {
      if (buffer_host[i])
         memcpy(l.args[i].data, buffer_host[i], l.args[i].bytes);
      if (images[i].pixels)
         kiln_run_image_copy(&l.args[i], images[i].pixels, images[i].layout.row_pitch,
                             images[i].layout.slice_pitch, false);
   }
   kiln_run_print_buffers(stdout, &l);
   status = 0;

out:
   kiln_sim_hsa_unload(obj);
   if (dev)
      kiln_amdgpu_device_close(dev);
   if (vm)
      kiln_sim_vm_destroy(vm);
   free(elf);
   kiln_run_command_free(&l);
   return status;
}
