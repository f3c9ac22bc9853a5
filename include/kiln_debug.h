/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * KILN_DEBUG, the one comma list every layer of kiln reads its debug
 * output from (the compiler, drivers/amdgpu and drivers/intel, the
 * emulator, the tools), as AMD_DEBUG is radeonsi's: one table of flags,
 * parsed once per process by src/common/kiln_debug.c with Mesa's
 * parse_debug_string, so `KILN_DEBUG=help` lists every flag with what it
 * prints.  "all" turns on every flag but simtrace and profile, which print
 * so much that they must be named.  KILN_PROFILE_JSON, the file the
 * emulator's profiles are appended to, and KILN_SIM_JIT, the emulator's
 * translator mode, are read there too.  This header depends on nothing
 * of kiln, so sim/ may include it.
 */
#ifndef KILN_DEBUG_H
#define KILN_DEBUG_H

#include <stdarg.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum kiln_debug {
   KILN_DEBUG_SPIRV = 1 << 0,     /* the compiler: SPIR-V, disassembled */
   KILN_DEBUG_NIR = 1 << 1,       /* NIR as it leaves spirv_to_nir + CL lowering */
   KILN_DEBUG_NIR_FINAL = 1 << 2, /* NIR as it enters the backend */
   KILN_DEBUG_ASM = 1 << 3,       /* machine code */
   KILN_DEBUG_STATS = 1 << 4,     /* code statistics; device-queue drains */
   KILN_DEBUG_DRIVER = 1 << 5,    /* drivers/amdgpu and drivers/intel */
   KILN_DEBUG_SIM = 1 << 6,       /* the emulator's faults and VM changes */
   KILN_DEBUG_SIMTRACE = 1 << 7,  /* every instruction the emulator runs */
   KILN_DEBUG_PROFILE = 1 << 8,   /* the emulator's profile of each dispatch */
};

/* The KILN_DEBUG flags (enum kiln_debug), parsed on the first call. */
uint32_t kiln_debug_flags(void);

/* KILN_PROFILE_JSON: the file each emulated dispatch's profile is appended
 * to as a line of JSON, or NULL when it is unset or empty. */
const char *kiln_debug_profile_json(void);

/* KILN_SIM_JIT, the emulator's region translator: "0", "off" or "false"
 * interpret only; "always" translates every region on its first
 * execution; anything else (or unset) translates hot regions. */
enum kiln_sim_jit_mode {
   KILN_SIM_JIT_OFF = 0,
   KILN_SIM_JIT_HOT = 1,
   KILN_SIM_JIT_ALWAYS = 2,
};

enum kiln_sim_jit_mode kiln_debug_sim_jit(void);

/* One line of debug output on stderr, "kiln WHO: MESSAGE", as every layer
 * writes it. */
void kiln_debug_vprintf(const char *who, const char *fmt, va_list ap);

#ifdef __cplusplus
}
#endif

#endif
