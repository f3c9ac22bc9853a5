/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The table of real devices Mesa's amdgpu drm-shim answers as
 * (src/amd/drm-shim/amdgpu_devices.c: device info, IP versions, firmware
 * versions and registers captured from real boards), compiled into the
 * emulator so its Navi 21 reports exactly what that board reports.
 *
 * Mesa does not export the file from its build, and meson forbids naming
 * a file inside a subproject; including it here needs no patch to Mesa.
 */
#include "amd/drm-shim/amdgpu_devices.c"
