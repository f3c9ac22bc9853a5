/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The device kiln runs on, chosen alike for `kiln run` and for kiln's
 * OpenCL ICD (src/opencl's pipe-loader).  This is the one place that reads
 * KILN_DEVICE; the submission layers are handed the node it names.
 * KILN_DEVICE=sim is the emulated gfx1030; KILN_DEVICE=PATH is that
 * render node, driven by drivers/amdgpu or, for an i915 or xe node,
 * drivers/intel; unset or empty, the first amdgpu node ACO supports, else
 * the first Intel node of a GFX version kiln supports (Gen12, Gen12.5),
 * else the emulated gfx1030.  Each driver's own node search is used, so
 * the choice is the one its library would make alone.  kiln built
 * without the Intel parts (-Dintel=false) never chooses Intel.
 */
#ifndef KILN_DEVICE_H
#define KILN_DEVICE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct kiln_amdgpu_device;
struct kiln_intel_device;

enum kiln_device_kind {
   KILN_DEVICE_KIND_AMDGPU, /* an amdgpu node or the emulated gfx1030 */
   KILN_DEVICE_KIND_INTEL,
};

struct kiln_device {
   enum kiln_device_kind kind;
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
 * each).  0, or a negative errno with a message in err naming the node
 * and its driver. */
int kiln_device_open(struct kiln_device *dev, bool allow_intel, char *err, size_t err_size,
                     FILE *why_not);
void kiln_device_close(struct kiln_device *dev);

/* "device: NODE (DRIVER kernel driver, DESCRIPTION, target TARGET)", or
 * for the emulated device "device: sim (...)". */
void kiln_device_print(FILE *out, const struct kiln_device *dev);

#endif
