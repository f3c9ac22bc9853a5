/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * OpenCL C to an AMDGPU HSA code object with clang-15, the way the compile
 * benchmark (bench/compile) does it: `-x cl -cl-std=CL2.0 -target
 * amdgcn-amd-amdhsa -mcpu=gfx1030 -O3 --rocm-device-lib-path=DIR`, so the
 * driver links ROCm's opencl/ocml/ockl bitcode and the oclc_* control
 * libraries that match the build options.  Used by clang_run and the
 * direct tests of tests/clang/hsa.
 */
#ifndef CLANG_COMPILE_H
#define CLANG_COMPILE_H

#include <stddef.h>

/* Compiles source_path with the space-separated build options (single or
 * double quotes group words) for target (e.g. "gfx1030"). On success
 * returns 0 and a malloc'ed code object in *elf / *size. On failure
 * returns a negative errno and prints clang's diagnostics to stderr.
 * KILN_CLANG and KILN_ROCM_DEVICE_LIBS override the compiler and bitcode
 * directory found at configure time. */
int clang_compile_cl(const char *source_path, const char *options, const char *target, void **elf,
                     size_t *size);

#endif
