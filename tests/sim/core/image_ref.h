/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * A CPU reference for OpenCL images, written from the OpenCL 2.0
 * specification alone (5.3.1.1 image formats, 8.2 addressing and filter
 * modes, 8.3 conversion rules), for the texture unit's tests: it knows
 * OpenCL channel orders and data types and the pixel layouts they name,
 * nothing of the hardware formats, swizzles or descriptors the emulator
 * works from.  Values are 32-bit words: float bits for read_imagef /
 * write_imagef, integers for the _i and _ui forms.
 */
#ifndef IMAGE_REF_H
#define IMAGE_REF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define CL_TARGET_OPENCL_VERSION 200
#include <CL/cl.h>

struct ref_format {
   cl_channel_order order;
   cl_channel_type type;
};

/* Whether OpenCL 2.0 allows the pair (RGB only with the packed types, the
 * packed types only with RGB, BGRA and ARGB with 8-bit types, INTENSITY
 * and LUMINANCE with normalised and float types). */
bool ref_format_valid(struct ref_format f);
unsigned ref_pixel_bytes(struct ref_format f);
bool ref_type_is_int(cl_channel_type type);
bool ref_type_is_signed_int(cl_channel_type type);
/* Orders with alpha: their border colour is (0, 0, 0, 0), else (0, 0, 0, 1). */
bool ref_order_has_alpha(cl_channel_order order);
const char *ref_order_name(cl_channel_order order);
const char *ref_type_name(cl_channel_type type);

/* read_image{f,i,ui} of one pixel's bytes, and write_image{f,i,ui}. */
void ref_read_pixel(struct ref_format f, const uint8_t *px, uint32_t out[4]);
void ref_write_pixel(struct ref_format f, const uint32_t in[4], uint8_t *px);

struct ref_image {
   struct ref_format fmt;
   unsigned dims; /* 1, 2 or 3 coordinates before the layer */
   bool array;    /* a layer index follows the coordinates */
   unsigned width, height, depth, layers;
   const uint8_t *data;
   size_t row_pitch, slice_pitch; /* a slice is a 3D depth slice or a layer */
};

struct ref_sampler {
   bool normalized;
   cl_addressing_mode addressing;
   cl_filter_mode filter;
};

/* read_image{f,i,ui} with a sampler at coordinates coord[0..dims-1] and
 * the layer in coord[dims] for arrays. */
void ref_sample(const struct ref_image *img, const struct ref_sampler *s, const float *coord,
                uint32_t out[4]);

#endif
