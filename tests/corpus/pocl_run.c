/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * pocl_run: runs one corpus kernel on any OpenCL platform through the ICD
 * loader (PoCL unless --platform NAME picks another by substring) with the
 * same command line as `kiln run`, and prints every buffer argument after
 * the dispatch. It is the peer the corpus references are checked against.
 * Image arguments become images of the OpenCL format and size given
 * (an image1d_buffer_t one over a buffer of its pixels), read back
 * whole after the dispatch; sampler arguments samplers.
 */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kiln_run_args.h"
#include "kiln_test.h"
#include "util/os_file.h"

/* The image of an image argument, filled with its pixels; *buffer is the
 * buffer under an image1d_buffer_t.  NULL with *e set on failure. */
static cl_mem
create_image(cl_context ctx, const struct kiln_run_arg *a, cl_mem *buffer, cl_int *e)
{
   const struct kiln_run_image *img = &a->image;
   const cl_image_format format = { img->order, img->data_type };
   cl_image_desc desc = {
      .image_type = kiln_run_image_cl_type(img->type),
      .image_width = img->width,
      .image_height = img->height,
      .image_depth = img->depth,
      .image_array_size = img->layers,
   };
   /* Kernels may only read sRGB images unless the device has
    * cl_khr_srgb_image_writes, and a device need only offer them as
    * CL_MEM_READ_ONLY (OpenCL 3.0 API §5.3.2.1). */
   const bool srgb = img->order == CL_sRGB || img->order == CL_sRGBA || img->order == CL_sBGRA ||
                     img->order == CL_sRGBx;
   cl_mem_flags flags = (srgb ? CL_MEM_READ_ONLY : CL_MEM_READ_WRITE) | CL_MEM_COPY_HOST_PTR;
   void *host = a->data;
   if (img->type == KILN_IMAGE_1D_BUFFER) {
      *buffer = clCreateBuffer(ctx, flags, a->bytes, a->data, e);
      if (*e != CL_SUCCESS)
         return NULL;
      desc.buffer = *buffer;
      flags = 0; /* the buffer's */
      host = NULL;
   }
   return clCreateImage(ctx, flags, &format, &desc, host, e);
}

static void
usage(void)
{
   fprintf(stderr, "usage: pocl_run [--platform NAME] FILE.cl -k KERNEL -g X[,Y,Z] "
                   "[-l X[,Y,Z]] [-o X[,Y,Z]] [-b OPTIONS] ARG...\n"
                   "  ARG: TYPE:v[,v..] | buf:TYPE[N][=v,v,..|=@FILE|=rand:SEED[:LO:HI]] | "
                   "local:BYTES\n");
}

static cl_platform_id
pick_platform(const char *want)
{
   cl_uint n = 0;
   cl_platform_id ids[16];
   if (clGetPlatformIDs(16, ids, &n) != CL_SUCCESS)
      return NULL;
   if (!want)
      want = "Portable Computing Language";
   for (cl_uint i = 0; i < n; i++) {
      char name[256] = "";
      clGetPlatformInfo(ids[i], CL_PLATFORM_NAME, sizeof(name), name, NULL);
      if (strstr(name, want))
         return ids[i];
   }
   return NULL;
}

/* An OpenCL call the run cannot go on without: kiln_test.h's CHECK prints
 * where it failed and the error, and the run stops. */
#define CHECK_CL(call, what)                                                                       \
   do {                                                                                            \
      cl_int _e = (call);                                                                          \
      if (!CHECK(_e == CL_SUCCESS, "%s failed: OpenCL error %d", what, _e))                        \
         return 1;                                                                                 \
   } while (0)

/* A device that supports device-side enqueue gets a default on-device
 * queue, which OpenCL asks the application to create before a kernel
 * enqueues (get_default_queue() names it); NULL on other devices. */
static cl_command_queue
create_device_queue(cl_context ctx, cl_device_id dev)
{
   cl_device_device_enqueue_capabilities caps = 0;
   if (clGetDeviceInfo(dev, CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES, sizeof(caps), &caps, NULL) !=
          CL_SUCCESS ||
       !(caps & CL_DEVICE_QUEUE_SUPPORTED))
      return NULL;
   const cl_queue_properties props[] = { CL_QUEUE_PROPERTIES,
                                         CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE |
                                            CL_QUEUE_ON_DEVICE | CL_QUEUE_ON_DEVICE_DEFAULT,
                                         0 };
   cl_int e;
   cl_command_queue q = clCreateCommandQueueWithProperties(ctx, dev, props, &e);
   if (e != CL_SUCCESS)
      fprintf(stderr,
              "pocl_run: clCreateCommandQueueWithProperties (the default on-device "
              "queue) failed: OpenCL error %d\n",
              e);
   return e == CL_SUCCESS ? q : NULL;
}

int
main(int argc, char **argv)
{
   struct kiln_run_command l;
   struct kiln_run_extra_option platform_opt = { .name = "--platform" };
   char err[512];
   if (argc < 2) {
      usage();
      return 2;
   }
   if (kiln_run_parse_command_line_extra(argc - 1, argv + 1, &platform_opt, 1, &l, err,
                                         sizeof(err))) {
      fprintf(stderr, "pocl_run: %s\n", err);
      usage();
      return 2;
   }

   size_t src_size;
   char *src = os_read_file(l.file, &src_size);
   if (!src) {
      fprintf(stderr, "pocl_run: cannot read %s\n", l.file);
      return 2;
   }

   cl_platform_id platform = pick_platform(platform_opt.value);
   if (!platform) {
      fprintf(stderr, "pocl_run: no OpenCL platform matching '%s'\n",
              platform_opt.value ? platform_opt.value : "Portable Computing Language");
      return 1;
   }
   cl_device_id dev;
   CHECK_CL(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &dev, NULL), "clGetDeviceIDs");
   cl_int e;
   cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &e);
   CHECK_CL(e, "clCreateContext");
   cl_command_queue q = clCreateCommandQueueWithProperties(ctx, dev, NULL, &e);
   CHECK_CL(e, "clCreateCommandQueueWithProperties");
   cl_command_queue device_queue = create_device_queue(ctx, dev);

   const char *srcs[] = { src };
   cl_program prog = clCreateProgramWithSource(ctx, 1, srcs, &src_size, &e);
   CHECK_CL(e, "clCreateProgramWithSource");
   e = clBuildProgram(prog, 1, &dev, l.options, NULL, NULL);
   if (e != CL_SUCCESS) {
      size_t log_size = 0;
      clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, 0, NULL, &log_size);
      char *log = calloc(1, log_size + 1);
      clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, log_size, log, NULL);
      fprintf(stderr, "pocl_run: building %s with '%s' failed (%d):\n%s\n", l.file, l.options, e,
              log);
      return 1;
   }
   cl_kernel kernels[KILN_RUN_MAX_KERNELS];
   for (unsigned n = 0; n < l.num_kernels; n++) {
      kernels[n] = clCreateKernel(prog, l.kernels[n], &e);
      if (e != CL_SUCCESS) {
         fprintf(stderr, "pocl_run: no kernel '%s' in %s (%d)\n", l.kernels[n], l.file, e);
         return 1;
      }
      cl_uint num_args = 0;
      CHECK_CL(clGetKernelInfo(kernels[n], CL_KERNEL_NUM_ARGS, sizeof(num_args), &num_args, NULL),
               "clGetKernelInfo");
      if (num_args != l.num_args) {
         fprintf(stderr, "pocl_run: kernel %s takes %u arguments, %u given\n", l.kernels[n],
                 num_args, l.num_args);
         return 2;
      }
   }

   /* The buffers, shared by the kernels, which take the same arguments. */
   cl_mem mems[KILN_RUN_MAX_ARGS] = { 0 }, image_buffers[KILN_RUN_MAX_ARGS] = { 0 };
   cl_sampler samplers[KILN_RUN_MAX_ARGS] = { 0 };
   for (unsigned i = 0; i < l.num_args; i++) {
      struct kiln_run_arg *a = &l.args[i];
      if (a->kind == KILN_RUN_ARG_IMAGE) {
         mems[i] = create_image(ctx, a, &image_buffers[i], &e);
         CHECK_CL(e, "clCreateImage");
         continue;
      }
      if (a->kind == KILN_RUN_ARG_SAMPLER) {
         const cl_sampler_properties props[] = {
            CL_SAMPLER_NORMALIZED_COORDS,
            a->sampler.normalized,
            CL_SAMPLER_ADDRESSING_MODE,
            a->sampler.addressing,
            CL_SAMPLER_FILTER_MODE,
            a->sampler.filter,
            0,
         };
         samplers[i] = clCreateSamplerWithProperties(ctx, props, &e);
         CHECK_CL(e, "clCreateSamplerWithProperties");
         continue;
      }
      if (a->kind != KILN_RUN_ARG_BUFFER)
         continue;
      mems[i] =
         clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, a->bytes, a->data, &e);
      CHECK_CL(e, "clCreateBuffer");
   }
   for (unsigned n = 0; n < l.num_kernels; n++) {
      for (unsigned i = 0; i < l.num_args; i++) {
         struct kiln_run_arg *a = &l.args[i];
         char what[64];
         snprintf(what, sizeof(what), "clSetKernelArg(%u)", i);
         switch (a->kind) {
         case KILN_RUN_ARG_VALUE:
            CHECK_CL(clSetKernelArg(kernels[n], i, a->bytes, a->data), what);
            break;
         case KILN_RUN_ARG_LOCAL:
            CHECK_CL(clSetKernelArg(kernels[n], i, a->bytes, NULL), what);
            break;
         case KILN_RUN_ARG_BUFFER:
         case KILN_RUN_ARG_IMAGE:
            CHECK_CL(clSetKernelArg(kernels[n], i, sizeof(cl_mem), &mems[i]), what);
            break;
         case KILN_RUN_ARG_SAMPLER:
            CHECK_CL(clSetKernelArg(kernels[n], i, sizeof(cl_sampler), &samplers[i]), what);
            break;
         }
      }
   }

   size_t global[3], local[3], offset[3];
   for (unsigned d = 0; d < 3; d++) {
      global[d] = l.global[d];
      local[d] = l.local[d];
      offset[d] = l.offset[d];
   }
   /* Each launch finished before the next, so that printf output comes
    * in launch order. */
   for (unsigned launch = 0; launch < l.launches; launch++) {
      for (unsigned n = 0; n < l.num_kernels; n++) {
         CHECK_CL(clEnqueueNDRangeKernel(q, kernels[n], l.dim, l.has_offset ? offset : NULL, global,
                                         l.has_local ? local : NULL, 0, NULL, NULL),
                  "clEnqueueNDRangeKernel");
         CHECK_CL(clFinish(q), "clFinish");
      }
   }
   for (unsigned i = 0; i < l.num_args; i++) {
      if (!mems[i])
         continue;
      if (l.args[i].kind == KILN_RUN_ARG_IMAGE) {
         const struct kiln_run_image *img = &l.args[i].image;
         const size_t origin[3] = { 0, 0, 0 };
         const size_t region[3] = {
            img->width,
            img->type == KILN_IMAGE_1D_ARRAY ? img->layers : img->height,
            img->type == KILN_IMAGE_2D_ARRAY ? img->layers : img->depth,
         };
         CHECK_CL(clEnqueueReadImage(q, mems[i], CL_TRUE, origin, region, 0, 0, l.args[i].data, 0,
                                     NULL, NULL),
                  "clEnqueueReadImage");
         continue;
      }
      CHECK_CL(clEnqueueReadBuffer(q, mems[i], CL_TRUE, 0, l.args[i].bytes, l.args[i].data, 0, NULL,
                                   NULL),
               "clEnqueueReadBuffer");
   }
   CHECK_CL(clFinish(q), "clFinish");
   kiln_run_print_buffers(stdout, &l);

   for (unsigned i = 0; i < l.num_args; i++) {
      if (mems[i])
         clReleaseMemObject(mems[i]);
      if (image_buffers[i])
         clReleaseMemObject(image_buffers[i]);
      if (samplers[i])
         clReleaseSampler(samplers[i]);
   }
   for (unsigned n = 0; n < l.num_kernels; n++)
      clReleaseKernel(kernels[n]);
   clReleaseProgram(prog);
   if (device_queue)
      clReleaseCommandQueue(device_queue);
   clReleaseCommandQueue(q);
   clReleaseContext(ctx);
   kiln_run_command_free(&l);
   free(src);
   return 0;
}
