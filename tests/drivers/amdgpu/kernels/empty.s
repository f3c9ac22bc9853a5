// SPDX-License-Identifier: MIT
// kernel void empty(void) {}
.text
.globl empty
empty:
  s_endpgm
