// SPDX-License-Identifier: MIT
// Integer built-ins (OpenCL C 2.0 §6.13.3), one per build (-DARITY=1|2|3 selects the kernel unary,
// binary or ternary): -DFN=<name>
// -DT=<integer type> -DR=<result type> (abs and abs_diff return the
// unsigned type). Definitions: abs |x|; abs_diff |x - y| without overflow;
// add_sat/sub_sat clamp to the type's range; hadd (x + y) >> 1 and rhadd
// (x + y + 1) >> 1 without overflow; mul_hi the high half of the product;
// mad_hi mul_hi(a, b) + c; mad_sat a * b + c saturated; rotate left by the
// count modulo the width; clz counts leading zeros (the width for 0);
// popcount counts set bits; mul24/mad24 multiply 24-bit operands; min, max,
// clamp.
#if ARITY == 1
kernel void
unary(global const T *x, global R *out)
{
   size_t i = get_global_id(0);
   out[i] = FN(x[i]);
}

#elif ARITY == 2
kernel void
binary(global const T *x, global const T *y, global R *out)
{
   size_t i = get_global_id(0);
   out[i] = FN(x[i], y[i]);
}

#else
kernel void
ternary(global const T *x, global const T *y, global const T *z,
        global R *out)
{
   size_t i = get_global_id(0);
   out[i] = FN(x[i], y[i], z[i]);
}
#endif
