/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The emulated gfx1030 shader engine as a library: a GPU virtual address
 * space backed by host memory, and compute dispatches that execute real
 * RDNA2 machine code in it.  This is the layer below the command processor
 * (sim_pm4) and the amdgpu UAPI face (sim_amdgpu); tests and tools use it
 * directly to run code without any kernel interface, including code objects
 * from clang's AMDGPU backend.
 *
 * Nothing here knows about kiln's compiler or drivers.
 */
#ifndef KILN_SIM_H
#define KILN_SIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A GPU virtual address space. Mappings alias host memory: the bytes the
 * host sees are the bytes the shader reads and writes.  Any thread may map
 * and unmap; a map or unmap waits while a dispatch on the VM runs. */
struct kiln_sim_vm;
struct kiln_sim_profile;

enum kiln_sim_map_flags {
   KILN_SIM_MAP_READ = 1 << 0,
   KILN_SIM_MAP_WRITE = 1 << 1,
   KILN_SIM_MAP_EXEC = 1 << 2,
};

struct kiln_sim_vm *kiln_sim_vm_create(void);
void kiln_sim_vm_destroy(struct kiln_sim_vm *vm);

/* Maps [va, va + size) to host memory; returns 0 or -EINVAL (unaligned,
 * zero size) / -EEXIST (overlaps an existing mapping) / -ENOMEM. */
int kiln_sim_vm_map(struct kiln_sim_vm *vm, uint64_t va, void *host, uint64_t size, uint32_t flags);
/* Removes the mapping that starts at va; -ENOENT if there is none. */
int kiln_sim_vm_unmap(struct kiln_sim_vm *vm, uint64_t va);
/* Host pointer for [va, va + size) if it lies inside one mapping, else NULL. */
void *kiln_sim_vm_translate(struct kiln_sim_vm *vm, uint64_t va, uint64_t size);

/* One compute dispatch, in the terms the hardware's COMPUTE_* registers use
 * (the command processor fills this from SET_SH_REG + DISPATCH_*). */
struct kiln_sim_dispatch {
   uint64_t pgm_va;              /* COMPUTE_PGM_LO/HI, byte address */
   uint32_t rsrc1, rsrc2, rsrc3; /* COMPUTE_PGM_RSRC1/2/3 raw values */
   uint32_t user_data[16];       /* COMPUTE_USER_DATA_0..15 */
   uint32_t group_size[3];       /* COMPUTE_NUM_THREAD_X/Y/Z (full group) */
   uint32_t partial_size[3];     /* size of the last group in each dimension,
                                    0 = same as group_size (NUM_THREAD_PARTIAL) */
   uint32_t group_start[3];      /* COMPUTE_START_X/Y/Z: first workgroup id */
   uint32_t group_count[3];      /* workgroups per dimension */
   unsigned wave_size;           /* 32 or 64 (DISPATCH_INITIATOR.CS_W32_EN) */
   uint64_t scratch_va;          /* COMPUTE_DISPATCH_SCRATCH_BASE, byte address */
   uint32_t tmpring_size;        /* COMPUTE_TMPRING_SIZE raw value */
};

enum kiln_sim_fault_kind {
   KILN_SIM_OK = 0,
   KILN_SIM_FAULT_VM,          /* access outside every mapping */
   KILN_SIM_FAULT_ILLEGAL,     /* undecodable instruction word */
   KILN_SIM_FAULT_UNSUPPORTED, /* decoded, not implemented by the emulator */
   KILN_SIM_FAULT_HANG,        /* the watchdog stopped the dispatch */
   KILN_SIM_FAULT_INVALID,     /* the dispatch itself is malformed */
};

/* The first fault of a dispatch, reported as a GPU VM fault would be. */
struct kiln_sim_fault {
   enum kiln_sim_fault_kind kind;
   uint64_t address;     /* faulting address (VM faults) */
   bool write;           /* VM faults: the access was a write */
   uint64_t pc;          /* byte address of the faulting instruction */
   uint32_t group[3];    /* workgroup id of the faulting wave */
   unsigned wave;        /* wave index within its workgroup */
   char instruction[96]; /* the instruction, disassembled */
   char message[256];    /* one line, human-readable, names all the above */
};

struct kiln_sim_run_options {
   unsigned threads;               /* host threads for workgroups; 0 = all cores */
   uint64_t watchdog_instructions; /* per-wave budget; 0 = default (2^32) */
   bool trace;                     /* print every executed instruction to stderr
                                      (also KILN_DEBUG=simtrace) */
   /* Profiling (kiln_sim_profile.h): when non-NULL, the dispatch runs with
    * counters on and *profile receives its profile (NULL without memory),
    * to be freed with kiln_sim_profile_free(), also when it faulted. */
   struct kiln_sim_profile **profile;
};

struct kiln_sim_stats {
   uint64_t wave_instructions; /* instructions issued, counted per wave */
   uint64_t lane_instructions; /* instructions issued x active lanes */
};

/* Executes the dispatch to completion. Returns 0, or -EFAULT with *fault
 * filled in when a wave faulted, hung or met an unsupported instruction.
 * The VM is left usable either way. fault, options and stats may be NULL. */
int kiln_sim_dispatch(struct kiln_sim_vm *vm, const struct kiln_sim_dispatch *dispatch,
                      const struct kiln_sim_run_options *options, struct kiln_sim_fault *fault,
                      struct kiln_sim_stats *stats);

/* Disassembles the instruction at words (1-3 dwords available in n);
 * returns its size in dwords, 0 if it does not decode. */
unsigned kiln_sim_disasm(const uint32_t *words, unsigned n, char *buf, size_t buf_size);

#ifdef __cplusplus
}
#endif

#endif
