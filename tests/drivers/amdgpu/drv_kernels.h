/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The assembled test kernels of tests/drivers/amdgpu/kernels/ as drivers/amdgpu
 * kernels, for the driver tests that run them apart from the compiler,
 * and the device those tests open.
 */
#ifndef DRV_KERNELS_H
#define DRV_KERNELS_H

#include "kiln_amdgpu.h"

/* Opens the device a test's command line names (argv: KERNEL_DIR DEVICE
 * [TEST], DEVICE "sim", a render node's path, or "" for drivers/amdgpu's
 * own choice), prints it, and checks it runs the kernels' gfx1030 code;
 * NULL, with a FAIL line or the usage, when it cannot. */
struct kiln_amdgpu_device *drv_open_device(int argc, char **argv);

/* Loads DIR/NAME.bin as a wave32 gfx1030 kernel with the ABI's RSRC2 (24
 * VGPRs, denormals kept, as ACO sets them); NULL, with a failed check,
 * when it cannot. */
struct kiln_amdgpu_kernel *drv_load_kernel(struct kiln_amdgpu_device *dev, const char *dir,
                                           const char *name, unsigned kernarg_size,
                                           unsigned lds_bytes, unsigned scratch_per_lane);

#endif
