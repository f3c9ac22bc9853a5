/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The emulated gfx1030's amdgpu kernel interface, in-process: the same
 * ioctls as a real amdgpu render node (amdgpu_drm.h structs, errno values,
 * GEM mmap offsets), answered by the emulator.  A submission layer calls
 * kiln_sim_amdgpu_ioctl() where it would call drmIoctl() on a render node,
 * and kiln_sim_amdgpu_mmap() where it would mmap() the node's fd, so the
 * emulated device works inside any process with no LD_PRELOAD.  The drm-shim
 * library (sim/amdgpu/, Mesa's drm-shim framework) puts the same
 * implementation behind a fake /dev/dri/renderD* for unmodified programs.
 */
#ifndef KILN_SIM_AMDGPU_H
#define KILN_SIM_AMDGPU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "kiln_sim.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One open "file" of the emulated device (a render node fd's worth of
 * state: GEM handles, VM, contexts). Thread-safe. */
struct kiln_sim_amdgpu;

struct kiln_sim_amdgpu *kiln_sim_amdgpu_open(void);
void kiln_sim_amdgpu_close(struct kiln_sim_amdgpu *dev);

/* Handles DRM_IOCTL_AMDGPU_* and the generic DRM ioctls a driver uses
 * (VERSION, GEM_CLOSE, SYNCOBJ_*, PRIME none). Returns 0 or -1 with errno
 * set, exactly like drmIoctl(). */
int kiln_sim_amdgpu_ioctl(struct kiln_sim_amdgpu *dev, unsigned long request, void *arg);

/* The CPU mapping for a GEM mmap offset (DRM_IOCTL_AMDGPU_GEM_MMAP's
 * addr_ptr); NULL with errno set if the offset names no BO or size
 * exceeds it.  The memory stays valid until the BO is closed. */
void *kiln_sim_amdgpu_mmap(struct kiln_sim_amdgpu *dev, uint64_t offset, size_t size);

/* Details of the last fault or hang on this device, beyond what
 * AMDGPU_INFO_GPUVM_FAULT reports (PC, wave, instruction); returns 0 and
 * fills *fault, or -ENOENT if there has been none. */
int kiln_sim_amdgpu_last_fault(struct kiln_sim_amdgpu *dev, struct kiln_sim_fault *fault);

/* An AMDGPU_INFO query the kernel does not have (it answers EINVAL): on
 * the emulated device it returns the struct kiln_sim_fault of the last
 * fault or hang of the file (ENOENT if none), so a driver talking to the
 * drm-shim render node through drmIoctl() can name the faulting PC and
 * instruction as it can in-process through kiln_sim_amdgpu_last_fault().
 * Copies min(return_size, sizeof(struct kiln_sim_fault)) bytes. */
#define KILN_SIM_AMDGPU_INFO_LAST_FAULT 0x4b00

/* Profiling (kiln_sim_profile.h): while on, every dispatch of the file
 * runs with counters on and its profile is queued on the file.
 * kiln_sim_amdgpu_take_profile() hands over the oldest queued profile
 * (free it with kiln_sim_profile_free()), or NULL when there is none. */
void kiln_sim_amdgpu_set_profiling(struct kiln_sim_amdgpu *dev, bool on);
struct kiln_sim_profile *kiln_sim_amdgpu_take_profile(struct kiln_sim_amdgpu *dev);

#ifdef __cplusplus
}
#endif

#endif
