/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Blocks at program scope (OpenCL C 2.0 §6.12), as the OpenCL-CTS's
 * device_execution execute_block kernels block_global_scope,
 * block_access_program_data and block_typedef_mltpl_g write them: a
 * __constant block variable initialised with a block literal, blocks
 * (at program scope, in the kernel and called where they are written)
 * that read program-scope __constant variables, and typedef'd block types
 * used by several program-scope blocks and a kernel's.  LLVM's translator
 * writes each program-scope block as a __constant variable holding the
 * address of its literal, a __global variable, and calls the literal
 * directly; none of these kernels enqueues.
 */

int __constant scale = 7;
int (^__constant times_scale)(int) = ^int(int n) {
   return scale * n * (1 + (int)get_global_id(0));
};

/* out[i] = 7 * in[i] * (i + 1) */
kernel void
program_block(global int *out, global const int *in)
{
   const size_t i = get_global_id(0);
   out[i] = -1;
   out[i] = times_scale(in[i]);
}

int __constant factor1 = 7;
int __constant factor2 = 11;
int __constant factor3 = 13;
int (^__constant times_factor1)(int) = ^int(int n) {
   return factor1 * n;
};

/* out[i] = 13 * (11 * (7 * in[i])) - 1001 * (i + 1) */
kernel void
block_program_data(global int *out, global const int *in)
{
   int (^times_factor2)(int) = ^int(int n) {
      return factor2 * n;
   };
   const size_t i = get_global_id(0);
   out[i] = in[i];
   out[i] = times_factor1(out[i]);
   out[i] = times_factor2(out[i]);
   out[i] = ^(int n) { return factor3 * n; }(out[i]) - (7 * 11 * 13) * (int)(i + 1);
}

typedef int (^int_of_float_int)(float, int);
constant int_of_float_int add_fi1 = ^(float f, int i) { return (int)(i + f); };
typedef int (^int_of_float_int2)(float, int);
constant int_of_float_int2 add_fi2 = ^(float f, int i) { return (int)(i + f); };
typedef float (^float_of_int_int)(int, int);
constant float_of_int_int add_ii = ^(int i1, int i2) { return (float)(i1 + i2); };
typedef int (^int_of_float_float)(float, float);

/* out[i] = (int)((int)(in[i] + 1.1f) + 1.1f) - (int)((float)(in[i] + 1) + 1.1f) */
kernel void
typedef_blocks(global int *out, global const int *in)
{
   const size_t i = get_global_id(0);
   out[i] = -1;
   int_of_float_float add_ff = ^(float f1, float f2) { return (int)(f1 + f2); };
   out[i] = add_fi1(1.1f, add_fi2(1.1f, in[i])) - add_ff(add_ii(in[i], 1), 1.1f);
}
