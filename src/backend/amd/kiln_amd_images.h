/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The AMD backend's image and sampler lowering (kiln_amd_images.c), for
 * the backend's own files.
 */
#ifndef KILN_AMD_IMAGES_H
#define KILN_AMD_IMAGES_H

#include "amd_family.h"
#include "nir.h"

/* Literal samplers as S# constants, size queries from the descriptors
 * and array layers rounded: run after
 * kiln_nir_lower_image_args, before ACO. */
void kiln_amd_lower_images(nir_shader *nir, enum amd_gfx_level gfx_level);

/* Images and samplers a Gallium front end bound to slots, read from a
 * binding table past the kernel's inputs (kiln_amd_abi.h), which becomes
 * part of its explicit arguments (k->kernarg_size); k records where and
 * how many slots.  Run before the implicit arguments are placed. */
struct kiln_kernel;
void kiln_amd_lower_image_bindings(nir_shader *nir, struct kiln_kernel *k);

#endif
