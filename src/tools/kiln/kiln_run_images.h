/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * `kiln run`'s image and sampler arguments on the device
 * (kiln_run_images.c).
 */
#ifndef KILN_RUN_IMAGES_H
#define KILN_RUN_IMAGES_H

#include <stddef.h>
#include <stdint.h>

#include "kiln_amdgpu.h"
#include "kiln_run_args.h"

/* A buffer object holding the image's pixels in the device's layout;
 * 0 or a negative errno with err saying why. */
int kiln_run_image_create(struct kiln_amdgpu_device *dev, const struct kiln_run_arg *arg,
                          struct kiln_amdgpu_bo **bo, char *err, size_t err_size);

/* The image's pixels back from its buffer object into arg's data. */
void kiln_run_image_read(struct kiln_amdgpu_device *dev, const struct kiln_amdgpu_bo *bo,
                         struct kiln_run_arg *arg);

/* The argument's slot (size bytes, kiln_amd_abi.h's kiln_image_slot or
 * kiln_sampler_slot): an image's descriptor for its buffer object and its
 * OpenCL format, or a sampler's descriptor.  0 or a negative errno. */
int kiln_run_image_slot(struct kiln_amdgpu_device *dev, const struct kiln_run_arg *arg,
                        const struct kiln_amdgpu_bo *bo, uint8_t *slot, size_t size, char *err,
                        size_t err_size);

#endif
