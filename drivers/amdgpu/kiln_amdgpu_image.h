/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * OpenCL images and samplers as the device sees them: the linear layout
 * of an image's memory (kiln_amd_abi.h) and the descriptors a kernel
 * reads from an image's or sampler's argument slot (T# or V#, and S#),
 * built with Mesa's ac_descriptors from OpenCL's own enums (CL/cl.h), so
 * that a launcher needs to know nothing of the hardware's formats.
 */
#ifndef KILN_AMDGPU_IMAGE_H
#define KILN_AMDGPU_IMAGE_H

#include <stdbool.h>
#include <stdint.h>

#include "kiln_amdgpu.h"

#ifdef __cplusplus
extern "C" {
#endif

struct kiln_amdgpu_image_desc {
   uint32_t type;              /* CL_MEM_OBJECT_IMAGE1D ... IMAGE3D */
   uint32_t channel_order;     /* CL_R ... */
   uint32_t channel_data_type; /* CL_UNORM_INT8 ... */
   /* Or, when not 0, the Gallium format (enum pipe_format) the image has
    * in place of the OpenCL order and data type. */
   unsigned pipe_format;
   uint32_t width, height, depth; /* 1 where the type has no such dimension */
   uint32_t array_size;           /* layers of an array, else 1 */
   /* A 2D image over a buffer (cl_khr_image2d_from_buffer): its rows'
    * pitch in bytes, a multiple of 256 (GFX10.3's custom pitch); 0 for the
    * linear layout's own. */
   uint32_t row_pitch;
};

/* Where the image's pixels lie in its buffer object: pixel (x, y, z) (z
 * the slice or layer) at z * slice_pitch + y * row_pitch + x * pixel_size. */
struct kiln_amdgpu_image_layout {
   unsigned pixel_size;
   uint64_t row_pitch, slice_pitch;
   uint64_t size; /* bytes of buffer object the image needs */
};

/* The layout of an image the device supports; -EINVAL (with the device's
 * error message naming what) for a format or size it does not. */
int kiln_amdgpu_image_layout(struct kiln_amdgpu_device *dev,
                             const struct kiln_amdgpu_image_desc *image,
                             struct kiln_amdgpu_image_layout *layout);

/* The 8 dwords of the image's descriptor, its pixels at GPU address va
 * laid out as kiln_amdgpu_image_layout says: a T#, or for an image buffer
 * a V# and four zero dwords (kiln_amd_abi.h's kiln_image_slot). */
int kiln_amdgpu_image_descriptor(struct kiln_amdgpu_device *dev,
                                 const struct kiln_amdgpu_image_desc *image, uint64_t va,
                                 uint32_t desc[8]);

/* The S# of a sampler with OpenCL's properties (clCreateSampler's). */
int kiln_amdgpu_sampler_descriptor(struct kiln_amdgpu_device *dev, bool normalized_coords,
                                   uint32_t addressing_mode, uint32_t filter_mode,
                                   uint32_t desc[4]);

#ifdef __cplusplus
}
#endif

#endif
