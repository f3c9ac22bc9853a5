/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * A small harness for the shader engine's tests: a VM with a code buffer
 * and data buffers at fixed addresses and a dispatch helper; the checks
 * are kiln_test.h's.
 */
#ifndef SIM_TEST_H
#define SIM_TEST_H

#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "kiln_sim.h"
#include "kiln_test.h"

#define ST_CODE_VA   0x100000000ull
#define ST_BUF_VA(i) (0x200000000ull + (uint64_t)(i)*0x10000000ull)
#define ST_MAX_BUFS  4

struct sim_test {
   struct kiln_sim_vm *vm;
   uint32_t *code;
   void *buf[ST_MAX_BUFS];
   size_t buf_size[ST_MAX_BUFS];
};

void st_init(struct sim_test *t);
/* Maps buffer i (zeroed) of size bytes at ST_BUF_VA(i); returns its host memory. */
void *st_buffer(struct sim_test *t, unsigned i, size_t size);
void st_fini(struct sim_test *t);

/* A dispatch of one workgroup of `threads` threads (x only) with user_data
 * s[0:1] = buffer 0, s[2:3] = buffer 1, s[4:5] = buffer 2. */
struct kiln_sim_dispatch st_dispatch(unsigned threads, unsigned wave_size);
/* Copies the program to the code buffer and runs it. */
int st_run(struct sim_test *t, const uint32_t *prog, size_t bytes, struct kiln_sim_dispatch *d,
           struct kiln_sim_fault *fault, struct kiln_sim_stats *stats);
/* Runs and expects success; prints the fault otherwise. */
bool st_run_ok(struct sim_test *t, const char *what, const uint32_t *prog, size_t bytes,
               struct kiln_sim_dispatch *d);

#define ST_RUN_OK(t, prog, d) st_run_ok((t), #prog, prog, sizeof(prog), (d))

/* Releases the VM and buffers, prints the summary line and returns the
 * exit status. */
int st_finish(struct sim_test *t);

#endif
