/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 */
#include "sim_engine.h"

const struct sim_op_impl sim_ds_impls[] = {
   {0, NULL},
};
