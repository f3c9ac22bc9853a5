/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Stand-in for the vector ALU decoder (sim/core/valu/): until the VALU
 * families provide sim_valu_decode, every VALU word reads as not decodable,
 * so the engine still builds and reports such words as illegal instead of
 * failing to link.
 */
#include "sim_core.h"

unsigned
sim_valu_decode(const uint32_t *words, unsigned avail, struct sim_inst *inst)
{
   return 0;
}
