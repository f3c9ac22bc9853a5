/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The device `kiln run` launches on, and the exit statuses its launch
 * paths share; kiln's OpenCL ICD (src/opencl's pipe-loader) runs on the
 * same choice.  KILN_DEVICE=sim is the emulated gfx1030; KILN_DEVICE=PATH
 * is that render node, driven by drivers/amdgpu or, for an i915 or xe
 * node, drivers/intel; unset, the first amdgpu node ACO supports, else
 * the first Intel node of a GFX version kiln supports (Gen12, Gen12.5),
 * else the emulated gfx1030.  Each driver's own node search is used, so
 * the choice is the one its library would make alone.  kiln built
 * without the Intel parts (-Dintel=false) never chooses Intel.
 */
#ifndef KILN_RUN_DEVICE_H
#define KILN_RUN_DEVICE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* kiln run's exit statuses. */
enum {
   KILN_RUN_EXIT_USAGE = 1,     /* a usage, argument, compile or feature error */
   KILN_RUN_EXIT_GPU_FAULT = 2, /* the GPU faulted or hung */
   KILN_RUN_EXIT_DEVICE = 3,    /* another device error */
};

struct kiln_amdgpu_device;
struct kiln_intel_device;

enum kiln_run_device_kind {
   KILN_RUN_DEVICE_AMDGPU, /* an amdgpu node or the emulated gfx1030 */
   KILN_RUN_DEVICE_INTEL,
};

struct kiln_run_device {
   enum kiln_run_device_kind kind;
   struct kiln_amdgpu_device *amdgpu;
   struct kiln_intel_device *intel;
   char node[64];        /* the render node's path; "sim"; "" for an Intel
                            node drivers/intel found by its own search */
   char driver[16];      /* the kernel driver: "amdgpu", "i915", "xe"; for
                            the emulated device "sim" */
   char description[96]; /* what it is: "Intel(R) Xe Graphics (TGL GT2)" */
   const char *target;   /* the compiler's target name: "gfx1030", "tgl" */
};

/* Opens the device KILN_DEVICE names, or chooses one as above; with
 * allow_intel false (`kiln profile`, which reads the emulator's counters)
 * only drivers/amdgpu's devices are considered.  When why_not is
 * non-NULL, a device considered and passed over is said there (a line
 * each).  0, or an exit status with a message in err naming the node and
 * its driver. */
int kiln_run_device_open(struct kiln_run_device *dev, bool allow_intel, char *err, size_t err_size,
                         FILE *why_not);
void kiln_run_device_close(struct kiln_run_device *dev);

/* "device: NODE (DRIVER kernel driver, DESCRIPTION, target TARGET)", or
 * for the emulated device "device: sim (...)". */
void kiln_run_device_print(FILE *out, const struct kiln_run_device *dev);

#endif
