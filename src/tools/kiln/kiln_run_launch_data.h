/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * What every launch of a program gets, as kiln_amd_abi.h lays it out
 * (the Intel ABI shares it): the kernel's argument bytes, the buffer of
 * the program's __global variables, made once from their initial image,
 * and the printf buffer, emptied before each launch and read out after
 * it.  Both of `kiln run`'s launch paths (the AMD one in kiln_run.c,
 * kiln_run_intel.c) fill and read these through their CPU mappings with
 * the functions here, so the bytes are laid out once.
 */
#ifndef KILN_RUN_LAUNCH_DATA_H
#define KILN_RUN_LAUNCH_DATA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "kiln_compiler.h"
#include "kiln_run_args.h"

/* Kernel k's argument bytes for cmd's arguments, in *kernarg (size bytes,
 * at least one allocated, zeroed; free() them): every argument's slot
 * checked to lie within k->kernarg_size, the values copied, and buffer
 * argument i's device address, addresses[i], written in as much of its
 * 8 bytes as the slot holds.  The slots of __local, image and sampler
 * arguments stay zero for the launch path to fill.  Returns 0 or kiln
 * run's exit status, the message on stderr. */
int kiln_run_kernarg_create(const struct kiln_run_command *cmd, const struct kiln_kernel *k,
                            size_t size, const uint64_t *addresses, uint8_t **kernarg);

/* The program's __global variables as a launch first sees them, in map,
 * the CPU mapping of their buffer at GPU address `address`
 * (program->globals_size bytes): the initial data, then the addresses
 * their initialisers point to. */
void kiln_run_globals_init(const struct kiln_program *program, void *map, uint64_t address);

/* Whether any of the kernels calls printf, in *needed, with size, the
 * printf buffer's bytes, checked: 0, or -EINVAL with err naming the kernel
 * whose largest record does not fit (or the size over 4 GiB, more than
 * the ABI's 32-bit size holds). */
int kiln_run_printf_check(const struct kiln_kernel *const *kernels, unsigned num_kernels,
                          uint64_t size, bool *needed, char *err, size_t err_size);

/* An empty printf buffer of size bytes, for the next launch. */
void kiln_run_printf_reset(void *map, uint64_t size);

/* The launch's printf output of kernel k on out; the calls that found the
 * buffer full, or a record of no printf call, named on stderr. */
void kiln_run_printf_print(FILE *out, const struct kiln_kernel *k, const void *map, uint64_t size);

#endif
