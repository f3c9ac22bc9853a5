/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * `kiln run` on an Intel device (kiln_run_intel.c): the launch the AMD
 * path makes, through drivers/intel, for what drivers/intel can launch.
 */
#ifndef KILN_RUN_INTEL_H
#define KILN_RUN_INTEL_H

#include "kiln_compiler.h"
#include "kiln_run_args.h"

struct kiln_intel_device;

/* Runs cmd's kernels, compiled in program for dev's target, --launches
 * times on dev (with a printf buffer of printf_buffer_size bytes when a
 * kernel calls printf), then prints the buffers as `argI: v v v`, reading
 * them back into cmd's arguments.  A kernel needing what the Intel path
 * lacks is refused before anything runs, with a message naming the
 * feature.  Returns 0 or kiln run's exit status (kiln_run_args.h), the
 * message on stderr. */
int kiln_run_intel(struct kiln_run_command *cmd, const struct kiln_program *program,
                   struct kiln_intel_device *dev, uint64_t printf_buffer_size);

#endif
