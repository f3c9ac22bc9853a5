// SPDX-License-Identifier: MIT
// Every math, common and geometric built-in of OpenCL C 2.0 §6.13.2-6.13.5
// that takes half (cl_khr_fp16), at every vector width and, for the
// functions with a pointer result, through __private, __global, __local
// and generic pointers: each must be found when the kernel is translated
// (in kiln's CL library or lowered by spirv_to_nir), so the module builds.
// Built with -cl-std=CL2.0 by the compiler-half-builtins test.
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

#define ALL_WIDTHS(M)                                                                    \
   M(half, int, ushort) M(half2, int2, ushort2) M(half3, int3, ushort3)                  \
   M(half4, int4, ushort4) M(half8, int8, ushort8) M(half16, int16, ushort16)

// A result through each kind of pointer the function may be given.
#define THROUGH_NAMED_POINTERS(call, priv, glob, loc)                                    \
   r += call(priv); r += call(glob); r += call(loc)
#define THROUGH_POINTERS(call, priv, glob, loc, gen)                                     \
   THROUGH_NAMED_POINTERS(call, priv, glob, loc); r += call(gen)

#define BUILTINS(H, I, U)                                                                \
   kernel void all_##H(global H *g, global I *gi, global U *gu, global half *hs)         \
   {                                                                                     \
      size_t i = get_global_id(0);                                                       \
      half s = hs[i];                                                                    \
      H x = g[i], y = g[i + 1], z = g[i + 2], r = 0;                                     \
      I n = gi[i];                                                                       \
      r += acos(x) + acosh(x) + acospi(x) + asin(x) + asinh(x) + asinpi(x);              \
      r += atan(x) + atan2(x, y) + atanh(x) + atanpi(x) + atan2pi(x, y);                 \
      r += cbrt(x) + ceil(x) + copysign(x, y) + cos(x) + cosh(x) + cospi(x);             \
      r += erfc(x) + erf(x) + exp(x) + exp2(x) + exp10(x) + expm1(x);                    \
      r += fabs(x) + fdim(x, y) + floor(x) + fma(x, y, z) + fmax(x, y) + fmin(x, y);     \
      r += fmax(x, s) + fmin(x, s) + fmod(x, y) + hypot(x, y);                           \
      r += ldexp(x, n) + ldexp(x, 3) + lgamma(x) + log(x) + log2(x) + log10(x);          \
      r += log1p(x) + logb(x) + mad(x, y, z) + maxmag(x, y) + minmag(x, y);              \
      r += nan(gu[i]) + nextafter(x, y) + pow(x, y) + pown(x, n) + powr(x, y);           \
      r += remainder(x, y) + rint(x) + rootn(x, n) + round(x) + rsqrt(x);                \
      r += sin(x) + sinh(x) + sinpi(x) + sqrt(x) + tan(x) + tanh(x) + tanpi(x);          \
      r += tgamma(x) + trunc(x);                                                         \
      gi[i] = ilogb(x);                                                                  \
      g[i] = r;                                                                          \
   }

#define FRACT(p) fract(x, p)
#define MODF(p) modf(x, p)
#define SINCOS(p) sincos(x, p)
#define FREXP(p) frexp(x, p)
#define LGAMMA_R(p) lgamma_r(x, p)
#define REMQUO(p) remquo(x, y, p)

#define POINTER_BUILTINS(H, I, U)                                                        \
   kernel void pointers_##H(global H *g, global I *gi, local H *l, local I *li)          \
   {                                                                                     \
      size_t i = get_global_id(0);                                                       \
      H x = g[i], y = g[i + 1], r = 0, ph = 0;                                           \
      I pi = 0;                                                                          \
      H *gen = i ? (H *)(g + 3) : (H *)l;                                                \
      I *geni = i ? (I *)(gi + 1) : (I *)li;                                             \
      THROUGH_POINTERS(FRACT, &ph, g + 4, l + 1, gen);                                   \
      THROUGH_POINTERS(MODF, &ph, g + 4, l + 1, gen);                                    \
      THROUGH_POINTERS(SINCOS, &ph, g + 4, l + 1, gen);                                  \
      THROUGH_POINTERS(FREXP, &pi, gi + 2, li + 1, geni);                                \
      THROUGH_POINTERS(REMQUO, &pi, gi + 2, li + 1, geni);                               \
      g[i] = r + ph;                                                                     \
      gi[i] = pi;                                                                        \
   }

// lgamma_r apart, and not through a generic pointer: a generic access in
// the same kernel as libclc's lgamma tables fails to compile for float as
// well (nir_opt_large_constants meets a deref of several modes).
#define LGAMMA_R_BUILTINS(H, I, U)                                                       \
   kernel void lgamma_r_##H(global H *g, global I *gi, local I *li)                      \
   {                                                                                     \
      size_t i = get_global_id(0);                                                       \
      H x = g[i], r = 0;                                                                 \
      I pi = 0;                                                                          \
      THROUGH_NAMED_POINTERS(LGAMMA_R, &pi, gi + 2, li + 1);                             \
      g[i] = r;                                                                          \
      gi[i] = pi + li[0];                                                                \
   }

// §6.13.4 common and §6.13.5 geometric functions
#define COMMON(H, I, U)                                                                  \
   kernel void common_##H(global H *g, global half *hs)                                  \
   {                                                                                     \
      size_t i = get_global_id(0);                                                       \
      H x = g[i], y = g[i + 1], z = g[i + 2];                                            \
      half s0 = hs[i], s1 = hs[i + 1], s2 = hs[i + 2];                                   \
      H r = clamp(x, y, z) + clamp(x, s1, s2) + degrees(x) + max(x, y) + min(x, y);      \
      r += max(x, s1) + min(x, s1) + mix(x, y, z) + mix(x, y, s2) + radians(x);          \
      r += step(x, y) + step(s0, y) + smoothstep(x, y, z);                               \
      r += smoothstep(s0, s1, z) + sign(x);                                              \
      g[i] = r;                                                                          \
   }

#define GEOMETRIC(H)                                                                     \
   kernel void geometric_##H(global H *g, global half *s)                                \
   {                                                                                     \
      size_t i = get_global_id(0);                                                       \
      H x = g[i], y = g[i + 1];                                                          \
      s[i] = dot(x, y) + distance(x, y) + length(x);                                     \
      g[i] = normalize(x);                                                               \
   }

ALL_WIDTHS(BUILTINS)
ALL_WIDTHS(POINTER_BUILTINS)
ALL_WIDTHS(LGAMMA_R_BUILTINS)
ALL_WIDTHS(COMMON)
GEOMETRIC(half)
GEOMETRIC(half2)
GEOMETRIC(half3)
GEOMETRIC(half4)

kernel void
cross_half(global half3 *g3, global half4 *g4)
{
   g3[0] = cross(g3[1], g3[2]);
   g4[0] = cross(g4[1], g4[2]);
}
