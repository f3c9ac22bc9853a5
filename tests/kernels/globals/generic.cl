// SPDX-License-Identifier: MIT
// Program-scope variables and the generic address space (OpenCL C 2.0
// §6.5.1, §6.5.5, with -cl-std=CL2.0): a variable declared without an
// address space is __global, and a pointer declared without one is
// generic, initialised with the address of that variable.

int plain = 7;
int *generic_to_plain = &plain;

kernel void
generic_globals(global int *out)
{
   *generic_to_plain += 1;
   out[0] = plain;
   out[1] = to_global(generic_to_plain) == &plain;
}
