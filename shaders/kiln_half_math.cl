/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The half-precision (cl_khr_fp16) built-ins libclc 15 lacks, linked with
 * libclc into kiln's CL library (src/compiler/kiln_cl_library.c).
 *
 * spirv_to_nir lowers part of the OpenCL.std instructions to NIR itself
 * (fabs, fmin, fmax, sqrt, rsqrt, mad, fma, clamp, mix, copysign, fdim,
 * maxmag, minmag, nextafter, ldexp, sign, normalize, cross, the rounding
 * functions and the vload/vstore forms) and calls the libclc function of
 * the mangled name for the rest: sin(half4) becomes a call to
 * _Z3sinDv4_Dh, and the kernel fails to build if libclc has none.
 * Debian's libclc 15 has the half forms of dot, length, distance, mix,
 * ldexp, fract and modf only; this file defines every other function
 * spirv_to_nir calls for half, half2, half3, half4, half8 and half16,
 * with the __private, __global and __local forms of the pointer arguments
 * (the generic form is made from the __global one, as for libclc's own).
 *
 * Each function converts to float, calls libclc's float function and
 * rounds the result once to half, to nearest even.  libclc's float
 * functions are within the OpenCL C 2.0 §7.4 single-precision bounds, at
 * most 16 float ulps (pow), and a float ulp is 2^-13 of a half ulp, so the
 * half result is within 0.5 + 16 * 2^-13 < 0.51 half ulp of the exact
 * value: inside the cl_khr_fp16 bounds (2 ulp for the trigonometric,
 * hyperbolic, exponential and logarithmic functions, 4 for pow, pown,
 * powr, rootn, erf, erfc and tgamma, exact for frexp, ilogb and logb,
 * which the float functions compute exactly on a half's value).  An
 * overflow to infinity in half is the correctly rounded result of a float
 * that is finite.  Half subnormals are normal floats, so flushing float
 * denormals loses nothing.
 *
 * fmod, remainder and remquo are exact in libclc's float forms, and their
 * exact result on two halves is itself a half.
 *
 * The edge cases OpenCL C 2.0 §7.5.1 prescribes for sinpi, cospi, tanpi
 * and atanpi, which libclc 15's float and double forms get wrong in sign
 * (sinpi(n) is -0 for odd n > 0, cospi(n + 0.5) -0 for some n, tanpi(n)
 * takes the sign of the odd quotient, atanpi(-0) is +0), are fixed here
 * for every type: the half forms fix their own results, and for float and
 * double __kiln_fix_sinpi and the others call libclc's function and fix
 * its result; kiln_cl_library.c makes each __kiln_fix_FN the FN of its
 * types in place of libclc's.
 */
#include <opencl-c.h>

#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

#define OVERLOAD __attribute__((overloadable))

/* M(fn, halfN, floatN, intN) for every vector width. */
#define EACH_WIDTH(M, fn)                                                                \
   M(fn, half, float, int)                                                               \
   M(fn, half2, float2, int2)                                                            \
   M(fn, half3, float3, int3)                                                            \
   M(fn, half4, float4, int4)                                                            \
   M(fn, half8, float8, int8)                                                            \
   M(fn, half16, float16, int16)

/* M(fn, a, b, c, space) for the named address spaces of a pointer
 * argument. */
#define EACH_SPACE(M, fn, a, b, c)                                                       \
   M(fn, a, b, c, __private)                                                             \
   M(fn, a, b, c, __global)                                                              \
   M(fn, a, b, c, __local)

#define VIA_FLOAT_1(fn, H, F, I)                                                         \
   OVERLOAD H fn(H x) { return convert_##H(fn(convert_##F(x))); }

#define VIA_FLOAT_2(fn, H, F, I)                                                         \
   OVERLOAD H fn(H x, H y) { return convert_##H(fn(convert_##F(x), convert_##F(y))); }

#define VIA_FLOAT_3(fn, H, F, I)                                                         \
   OVERLOAD H fn(H x, H y, H z)                                                          \
   {                                                                                     \
      return convert_##H(fn(convert_##F(x), convert_##F(y), convert_##F(z)));           \
   }

/* pown and rootn: the integer argument as it is. */
#define VIA_FLOAT_N(fn, H, F, I)                                                         \
   OVERLOAD H fn(H x, I n) { return convert_##H(fn(convert_##F(x), n)); }

#define VIA_FLOAT_ILOGB(fn, H, F, I)                                                     \
   OVERLOAD I ilogb(H x) { return ilogb(convert_##F(x)); }

/* opencl-c.h declares the float functions with a pointer result (frexp,
 * lgamma_r, sincos, remquo) on generic pointers only; the wrappers below
 * pass private ones, which spirv_to_nir must find in libclc by name
 * before the generic forms exist.  libclc defines the private forms:
 * declared here. */
#define DECLARE_PRIVATE_INT_OUT(fn, H, F, I) OVERLOAD F fn(F x, __private I *out);
#define DECLARE_PRIVATE_FLOAT_OUT(fn, H, F, I) OVERLOAD F fn(F x, __private F *out);
#define DECLARE_PRIVATE_REMQUO(fn, H, F, I) OVERLOAD F remquo(F x, F y, __private I *quo);
EACH_WIDTH(DECLARE_PRIVATE_INT_OUT, frexp)
EACH_WIDTH(DECLARE_PRIVATE_INT_OUT, lgamma_r)
EACH_WIDTH(DECLARE_PRIVATE_FLOAT_OUT, sincos)
EACH_WIDTH(DECLARE_PRIVATE_REMQUO, remquo)

/* frexp and lgamma_r: an int result through the pointer. */
#define VIA_FLOAT_INT_OUT(fn, H, F, I, AS)                                               \
   OVERLOAD H fn(H x, AS I *out)                                                         \
   {                                                                                     \
      I n;                                                                               \
      H r = convert_##H(fn(convert_##F(x), &n));                                         \
      *out = n;                                                                          \
      return r;                                                                          \
   }
#define VIA_FLOAT_INT_OUT_ALL(fn, H, F, I) EACH_SPACE(VIA_FLOAT_INT_OUT, fn, H, F, I)

#define VIA_FLOAT_REMQUO(fn, H, F, I, AS)                                                \
   OVERLOAD H remquo(H x, H y, AS I *quo)                                                \
   {                                                                                     \
      I q;                                                                               \
      H r = convert_##H(remquo(convert_##F(x), convert_##F(y), &q));                     \
      *quo = q;                                                                          \
      return r;                                                                          \
   }
#define VIA_FLOAT_REMQUO_ALL(fn, H, F, I) EACH_SPACE(VIA_FLOAT_REMQUO, fn, H, F, I)

#define VIA_FLOAT_SINCOS(fn, H, F, I, AS)                                                \
   OVERLOAD H sincos(H x, AS H *cosval)                                                  \
   {                                                                                     \
      F c;                                                                               \
      F s = sincos(convert_##F(x), &c);                                                  \
      *cosval = convert_##H(c);                                                          \
      return convert_##H(s);                                                             \
   }
#define VIA_FLOAT_SINCOS_ALL(fn, H, F, I) EACH_SPACE(VIA_FLOAT_SINCOS, fn, H, F, I)

/* fn's result r for x where §7.5.1 prescribes one, else r; for scalars
 * and vectors (whose comparisons give -1, true for ?:).  n is odd when
 * n / 2, computed exactly, is not an integer. */
#define DEFINE_PI_FIXES(T)                                                               \
   OVERLOAD static T pi_fix_sinpi(T x, T r)                                              \
   {                                                                                     \
      /* sinpi(±0) = ±0, sinpi(+n) = +0, sinpi(-n) = -0 */                               \
      return (isfinite(x) & (x == trunc(x))) ? copysign((T)0, x) : r;                    \
   }                                                                                     \
   OVERLOAD static T pi_fix_cospi(T x, T r)                                              \
   {                                                                                     \
      /* cospi(n + 0.5) = +0 */                                                          \
      return fabs(x - trunc(x)) == (T)0.5 ? (T)0 : r;                                    \
   }                                                                                     \
   OVERLOAD static T pi_fix_tanpi(T x, T r)                                              \
   {                                                                                     \
      /* tanpi(±0) = ±0; tanpi(n) = copysign(0, n) for even n, copysign(0, -n) for odd; \
       * tanpi(n + 0.5) = +inf for even n, -inf for odd */                               \
      T n = floor(x);                                                                    \
      T half_n = n * (T)0.5;                                                             \
      r = (isfinite(x) & (x == n)) ? copysign((T)0, half_n != trunc(half_n) ? -x : x) : r; \
      return x - n == (T)0.5 ? (half_n != trunc(half_n) ? (T)-INFINITY : (T)INFINITY)    \
                             : r;                                                        \
   }                                                                                     \
   OVERLOAD static T pi_fix_atanpi(T x, T r)                                             \
   {                                                                                     \
      /* atanpi(±0) = ±0 (x == 0 also holds for a flushed subnormal, whose          \
       * atanpi is then flushed: ±0 too), atanpi(±inf) = ±0.5 */                         \
      return x == (T)0 ? copysign((T)0, x) : isinf(x) ? copysign((T)0.5, x) : r;         \
   }

#define DEFINE_FIXED(fn, T)                                                              \
   OVERLOAD T __kiln_fix_##fn(T x) { return pi_fix_##fn(x, fn(x)); }
#define DEFINE_FIXED_ALL(T)                                                              \
   DEFINE_PI_FIXES(T)                                                                    \
   DEFINE_FIXED(sinpi, T)                                                                \
   DEFINE_FIXED(cospi, T)                                                                \
   DEFINE_FIXED(tanpi, T)                                                                \
   DEFINE_FIXED(atanpi, T)

DEFINE_FIXED_ALL(float)
DEFINE_FIXED_ALL(float2)
DEFINE_FIXED_ALL(float3)
DEFINE_FIXED_ALL(float4)
DEFINE_FIXED_ALL(float8)
DEFINE_FIXED_ALL(float16)
DEFINE_FIXED_ALL(double)
DEFINE_FIXED_ALL(double2)
DEFINE_FIXED_ALL(double3)
DEFINE_FIXED_ALL(double4)
DEFINE_FIXED_ALL(double8)
DEFINE_FIXED_ALL(double16)
DEFINE_PI_FIXES(half)
DEFINE_PI_FIXES(half2)
DEFINE_PI_FIXES(half3)
DEFINE_PI_FIXES(half4)
DEFINE_PI_FIXES(half8)
DEFINE_PI_FIXES(half16)

/* The half forms of the four: libclc's float function, rounded, fixed. */
#define VIA_FLOAT_PI(fn, H, F, I)                                                        \
   OVERLOAD H fn(H x) { return pi_fix_##fn(x, convert_##H(fn(convert_##F(x)))); }

/* §6.13.2, math functions */
EACH_WIDTH(VIA_FLOAT_1, acos)
EACH_WIDTH(VIA_FLOAT_1, acosh)
EACH_WIDTH(VIA_FLOAT_1, acospi)
EACH_WIDTH(VIA_FLOAT_1, asin)
EACH_WIDTH(VIA_FLOAT_1, asinh)
EACH_WIDTH(VIA_FLOAT_1, asinpi)
EACH_WIDTH(VIA_FLOAT_1, atan)
EACH_WIDTH(VIA_FLOAT_2, atan2)
EACH_WIDTH(VIA_FLOAT_1, atanh)
EACH_WIDTH(VIA_FLOAT_PI, atanpi)
EACH_WIDTH(VIA_FLOAT_2, atan2pi)
EACH_WIDTH(VIA_FLOAT_1, cbrt)
EACH_WIDTH(VIA_FLOAT_1, cos)
EACH_WIDTH(VIA_FLOAT_1, cosh)
EACH_WIDTH(VIA_FLOAT_PI, cospi)
EACH_WIDTH(VIA_FLOAT_1, erfc)
EACH_WIDTH(VIA_FLOAT_1, erf)
EACH_WIDTH(VIA_FLOAT_1, exp)
EACH_WIDTH(VIA_FLOAT_1, exp2)
EACH_WIDTH(VIA_FLOAT_1, exp10)
EACH_WIDTH(VIA_FLOAT_1, expm1)
EACH_WIDTH(VIA_FLOAT_2, fmod)
EACH_WIDTH(VIA_FLOAT_INT_OUT_ALL, frexp)
EACH_WIDTH(VIA_FLOAT_2, hypot)
EACH_WIDTH(VIA_FLOAT_ILOGB, ilogb)
EACH_WIDTH(VIA_FLOAT_1, lgamma)
EACH_WIDTH(VIA_FLOAT_INT_OUT_ALL, lgamma_r)
EACH_WIDTH(VIA_FLOAT_1, log)
EACH_WIDTH(VIA_FLOAT_1, log2)
EACH_WIDTH(VIA_FLOAT_1, log10)
EACH_WIDTH(VIA_FLOAT_1, log1p)
EACH_WIDTH(VIA_FLOAT_1, logb)
EACH_WIDTH(VIA_FLOAT_2, pow)
EACH_WIDTH(VIA_FLOAT_N, pown)
EACH_WIDTH(VIA_FLOAT_2, powr)
EACH_WIDTH(VIA_FLOAT_2, remainder)
EACH_WIDTH(VIA_FLOAT_REMQUO_ALL, remquo)
EACH_WIDTH(VIA_FLOAT_N, rootn)
EACH_WIDTH(VIA_FLOAT_1, sin)
EACH_WIDTH(VIA_FLOAT_SINCOS_ALL, sincos)
EACH_WIDTH(VIA_FLOAT_1, sinh)
EACH_WIDTH(VIA_FLOAT_PI, sinpi)
EACH_WIDTH(VIA_FLOAT_1, tan)
EACH_WIDTH(VIA_FLOAT_1, tanh)
EACH_WIDTH(VIA_FLOAT_PI, tanpi)
EACH_WIDTH(VIA_FLOAT_1, tgamma)

/* §6.13.4, common functions (clamp, max, min, mix and sign are NIR's) */
EACH_WIDTH(VIA_FLOAT_1, degrees)
EACH_WIDTH(VIA_FLOAT_1, radians)
EACH_WIDTH(VIA_FLOAT_2, step)
EACH_WIDTH(VIA_FLOAT_3, smoothstep)
