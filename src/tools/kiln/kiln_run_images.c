/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Image and sampler arguments of `kiln run` on the device: an image's
 * tightly packed pixels from the command line go into a buffer object in
 * the device's linear layout (row and slice pitches from
 * kiln_amdgpu_image_layout) and come back the same way after the run; its
 * argument slot gets the descriptor the submission layer builds with
 * Mesa's helpers and the OpenCL channel data type and order beside it; a
 * sampler's slot gets its S#.
 */
#include "kiln_run_images.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>

#include "kiln_amd_abi.h"
#include "kiln_amdgpu_image.h"

static struct kiln_amdgpu_image_desc
image_desc(const struct kiln_run_image *img)
{
   return (struct kiln_amdgpu_image_desc){
      .type = kiln_run_image_cl_type(img->type),
      .channel_order = img->order,
      .channel_data_type = img->data_type,
      .width = img->width,
      .height = img->height,
      .depth = img->depth,
      .array_size = img->layers,
   };
}

int
kiln_run_image_create(struct kiln_amdgpu_device *dev, const struct kiln_run_arg *arg,
                      struct kiln_amdgpu_bo **bo, char *err, size_t err_size)
{
   const struct kiln_amdgpu_image_desc desc = image_desc(&arg->image);
   struct kiln_amdgpu_image_layout layout;
   int ret = kiln_amdgpu_image_layout(dev, &desc, &layout);
   if (!ret && layout.pixel_size != arg->image.pixel_size) {
      snprintf(err, err_size, "the device's pixels are %u bytes, OpenCL's %u", layout.pixel_size,
               arg->image.pixel_size);
      return -EINVAL;
   }
   if (!ret)
      ret = kiln_amdgpu_bo_create(dev, layout.size, KILN_AMDGPU_BO_HOST_VISIBLE, bo);
   if (ret) {
      snprintf(err, err_size, "%s", kiln_amdgpu_device_error(dev));
      return ret;
   }
   memset((*bo)->map, 0, layout.size);
   kiln_run_image_copy(arg, (*bo)->map, layout.row_pitch, layout.slice_pitch, true);
   return 0;
}

void
kiln_run_image_read(struct kiln_amdgpu_device *dev, const struct kiln_amdgpu_bo *bo,
                    struct kiln_run_arg *arg)
{
   const struct kiln_amdgpu_image_desc desc = image_desc(&arg->image);
   struct kiln_amdgpu_image_layout layout;
   if (!kiln_amdgpu_image_layout(dev, &desc, &layout))
      kiln_run_image_copy(arg, bo->map, layout.row_pitch, layout.slice_pitch, false);
}

int
kiln_run_image_slot(struct kiln_amdgpu_device *dev, const struct kiln_run_arg *arg,
                    const struct kiln_amdgpu_bo *bo, uint8_t *slot, size_t size, char *err,
                    size_t err_size)
{
   const size_t need = arg->kind == KILN_RUN_ARG_SAMPLER ? sizeof(struct kiln_sampler_slot)
                                                         : sizeof(struct kiln_image_slot);
   if (size < need) {
      snprintf(err, err_size,
               "the kernel's slot of %zu bytes is too small for the %zu of "
               "the descriptor",
               size, need);
      return -EINVAL;
   }
   int ret;
   if (arg->kind == KILN_RUN_ARG_SAMPLER) {
      struct kiln_sampler_slot s = { 0 };
      ret = kiln_amdgpu_sampler_descriptor(dev, arg->sampler.normalized, arg->sampler.addressing,
                                           arg->sampler.filter, s.desc);
      memcpy(slot, &s, sizeof(s));
   } else {
      struct kiln_image_slot s = {
         .channel_data_type = arg->image.data_type,
         .channel_order = arg->image.order,
      };
      const struct kiln_amdgpu_image_desc desc = image_desc(&arg->image);
      ret = kiln_amdgpu_image_descriptor(dev, &desc, bo->va, s.desc);
      memcpy(slot, &s, sizeof(s));
   }
   if (ret)
      snprintf(err, err_size, "%s", kiln_amdgpu_device_error(dev));
   return ret;
}
