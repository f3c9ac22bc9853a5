/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * What a test reaches in the xe noop render node
 * (intel_xe_noop_drm_shim.c): the shim is LD_PRELOADed, not linked, so a
 * test looks these functions up with dlsym(RTLD_DEFAULT, name) and finds
 * them only when the shim is there.
 */
#ifndef INTEL_XE_NOOP_DRM_SHIM_H
#define INTEL_XE_NOOP_DRM_SHIM_H

#include <stdbool.h>
#include <stdint.h>

/* The faults a test can inject, from the next ioctl on. */
enum kiln_xe_shim_fault {
   KILN_XE_SHIM_NO_FAULT,
   KILN_XE_SHIM_FAIL_BINDS, /* every VM_BIND map fails with ENOMEM */
   KILN_XE_SHIM_HANG,       /* an exec never signals its syncobjs */
   KILN_XE_SHIM_BAN,        /* an exec signals, and xe bans its queue */
};

/* The VM binding holding address: true with its start and size. */
bool kiln_xe_shim_binding(uint64_t address, uint64_t *start, uint64_t *range);
typedef bool (*kiln_xe_shim_binding_fn)(uint64_t address, uint64_t *start, uint64_t *range);

/* The address of the last batch an exec ran (0 before the first). */
uint64_t kiln_xe_shim_last_exec(void);
typedef uint64_t (*kiln_xe_shim_last_exec_fn)(void);

void kiln_xe_shim_inject(enum kiln_xe_shim_fault fault);
typedef void (*kiln_xe_shim_inject_fn)(enum kiln_xe_shim_fault fault);

#endif
