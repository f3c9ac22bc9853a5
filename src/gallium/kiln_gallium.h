/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The Gallium driver's public entries: the pipe_screen of a device
 * already opened by drivers/amdgpu (src/gallium/amd) or (kiln built with
 * -Dintel=true, kiln_config.h's KILN_HAVE_INTEL) drivers/intel
 * (src/gallium/intel).
 */
#ifndef KILN_GALLIUM_H
#define KILN_GALLIUM_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

struct pipe_screen;
struct kiln_amdgpu_device;
struct kiln_intel_device;

/* The screen of an opened device, which it takes (and closes on
 * failure); NULL on failure, with the reason in msg. */
struct pipe_screen *kiln_amdgpu_screen_create(struct kiln_amdgpu_device *dev, char *msg,
                                              size_t msg_size);
struct pipe_screen *kiln_intel_screen_create(struct kiln_intel_device *dev, char *msg,
                                             size_t msg_size);

#ifdef __cplusplus
}
#endif

#endif
