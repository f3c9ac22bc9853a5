// SPDX-License-Identifier: MIT
// kernel void spin(void) { for (;;); }: a hang the driver must report.
.text
.globl spin
spin:
  s_branch spin
  s_endpgm
