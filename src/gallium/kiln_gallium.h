/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The Gallium driver's one public entry: a pipe_screen for a device
 * drivers/amdgpu opens ("sim", a render node's path, or NULL for its
 * default choice; see kiln_amdgpu_device_open()).
 */
#ifndef KILN_GALLIUM_H
#define KILN_GALLIUM_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

struct pipe_screen;

/* NULL on failure, with the reason in msg. */
struct pipe_screen *kiln_screen_create(const char *device, char *msg, size_t msg_size);

#ifdef __cplusplus
}
#endif

#endif
