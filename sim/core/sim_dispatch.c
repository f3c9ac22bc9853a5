/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 */
#include <errno.h>

#include "sim_engine.h"

int
kiln_sim_dispatch(struct kiln_sim_vm *vm, const struct kiln_sim_dispatch *dispatch,
                  const struct kiln_sim_run_options *options,
                  struct kiln_sim_fault *fault, struct kiln_sim_stats *stats)
{
   return -ENOSYS;
}
