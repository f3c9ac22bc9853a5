/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Floating-point semantics of the gfx1030 vector ALU, as pure functions on
 * bit patterns.  fp32 and fp64 arithmetic runs on the host FPU inside a
 * host environment (sim_fp_env) that mirrors the wave's MODE register:
 * round mode and denormal flushing map onto the SSE control register, so
 * one setting per instruction covers every lane.  fp16 has no host type:
 * it is computed exactly (or rounded to odd) in double and rounded to half
 * in software with the MODE round mode, which avoids double rounding.
 *
 * Everything the ISA defines beyond IEEE-754 (min/max NaN rules, the
 * division helpers, conversions that clamp, revolutions-based sin/cos)
 * is spelled out here so the instruction families stay small.
 */
#ifndef SIM_FP_H
#define SIM_FP_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#if defined(__SSE2__)
#include <xmmintrin.h>
#else
#include <fenv.h>
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* MODE round modes (FP_ROUND fields). */
enum sim_round {
   SIM_ROUND_NE = 0,
   SIM_ROUND_PINF = 1,
   SIM_ROUND_NINF = 2,
   SIM_ROUND_ZERO = 3,
};

/* MODE denormal modes (FP_DENORM fields): bit 0 keeps input denormals,
 * bit 1 keeps output denormals. */
#define SIM_DENORM_IN  1u
#define SIM_DENORM_OUT 2u
#define SIM_DENORM_ALL 3u

/* ---------------------------------------------------------------------- */
/* Bit casts and classification. */

/* sim_f32/sim_f64 read a bit pattern as a float or double, sim_u32/sim_u64
 * give a float's or double's bit pattern. */
#define SIM_BIT_CAST(name, to, from)                                                               \
   static inline to name(from x)                                                                   \
   {                                                                                               \
      to y;                                                                                        \
      memcpy(&y, &x, sizeof(y));                                                                   \
      return y;                                                                                    \
   }
SIM_BIT_CAST(sim_f32, float, uint32_t)
SIM_BIT_CAST(sim_u32, uint32_t, float)
SIM_BIT_CAST(sim_f64, double, uint64_t)
SIM_BIT_CAST(sim_u64, uint64_t, double)
#undef SIM_BIT_CAST

static inline bool
sim_f32_is_nan(uint32_t u)
{
   return (u & 0x7fffffffu) > 0x7f800000u;
}

static inline bool
sim_f64_is_nan(uint64_t u)
{
   return (u & 0x7fffffffffffffffull) > 0x7ff0000000000000ull;
}

static inline bool
sim_f16_is_nan(uint16_t u)
{
   return (u & 0x7fffu) > 0x7c00u;
}

static inline bool
sim_f32_is_denorm(uint32_t u)
{
   return (u & 0x7f800000u) == 0 && (u & 0x7fffffu) != 0;
}

static inline bool
sim_f64_is_denorm(uint64_t u)
{
   return (u & 0x7ff0000000000000ull) == 0 && (u & 0xfffffffffffffull) != 0;
}

static inline bool
sim_f16_is_denorm(uint16_t u)
{
   return (u & 0x7c00u) == 0 && (u & 0x3ffu) != 0;
}

/* Biased exponent fields, as the ISA's exponent() means them. */
static inline int
sim_f32_exponent(uint32_t u)
{
   return (u >> 23) & 0xff;
}

static inline int
sim_f64_exponent(uint64_t u)
{
   return (int)((u >> 52) & 0x7ff);
}

static inline int
sim_f16_exponent(uint16_t u)
{
   return (u >> 10) & 0x1f;
}

static inline uint32_t
sim_f32_quiet(uint32_t u)
{
   return u | 0x00400000u;
}

static inline uint64_t
sim_f64_quiet(uint64_t u)
{
   return u | 0x0008000000000000ull;
}

static inline uint16_t
sim_f16_quiet(uint16_t u)
{
   return u | 0x0200u;
}

/* Flushes a denormal to a zero of the same sign. */
static inline uint32_t
sim_f32_flush(uint32_t u)
{
   return sim_f32_is_denorm(u) ? (u & 0x80000000u) : u;
}

static inline uint64_t
sim_f64_flush(uint64_t u)
{
   return sim_f64_is_denorm(u) ? (u & 0x8000000000000000ull) : u;
}

static inline uint16_t
sim_f16_flush(uint16_t u)
{
   return sim_f16_is_denorm(u) ? (u & 0x8000u) : u;
}

/* ---------------------------------------------------------------------- */
/* Host environment: the round mode and denormal handling of one
 * instruction, set once around its lane loop. */

struct sim_fp_env {
   unsigned saved;
   bool changed;
};

static inline void
sim_fp_env_enter(struct sim_fp_env *env, unsigned round, unsigned denorm)
{
#if defined(__SSE2__)
   static const unsigned rc[4] = { 0u << 13, 2u << 13, 1u << 13, 3u << 13 };
   unsigned old = _mm_getcsr();
   unsigned want = (old & ~0xe040u) | rc[round & 3] | (denorm & SIM_DENORM_OUT ? 0 : 0x8000u) |
                   (denorm & SIM_DENORM_IN ? 0 : 0x0040u);
   env->saved = old;
   env->changed = want != old;
   if (env->changed)
      _mm_setcsr(want);
#else
   static const int rc[4] = { FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO };
   env->saved = fegetround();
   env->changed = env->saved != rc[round & 3];
   if (env->changed)
      fesetround(rc[round & 3]);
   (void)denorm;
#endif
}

static inline void
sim_fp_env_leave(struct sim_fp_env *env)
{
#if defined(__SSE2__)
   if (env->changed)
      _mm_setcsr(env->saved);
#else
   if (env->changed)
      fesetround(env->saved);
#endif
}

/* ---------------------------------------------------------------------- */
/* fp16 conversions (sim_fp.c). */

/* Exact widening. */
float sim_f16_to_f32(uint16_t h);

/* Rounds a double to half with an AMD round mode; flush_out turns a
 * denormal result into a signed zero.  NaNs keep their payload's top bits
 * and come out quiet. */
uint16_t sim_f16_from_f64(double x, unsigned round, bool flush_out);

/* Rounds a float to half (exact through double: one rounding). */
static inline uint16_t
sim_f16_from_f32(float x, unsigned round, bool flush_out)
{
   return sim_f16_from_f64((double)x, round, flush_out);
}

/* a * b + c in double, rounded to odd: exact enough that one further
 * rounding to any format of at most 51 bits is correctly rounded. */
double sim_fma_round_odd(double a, double b, double c);

/* ---------------------------------------------------------------------- */
/* Arithmetic the ISA defines beyond the host's (sim_fp.c). */

/* min/max with the ISA's NaN rules: in IEEE mode a signalling NaN input
 * returns that NaN quieted, otherwise a NaN operand yields the other one;
 * -0 orders below +0. */
uint32_t sim_f32_min(uint32_t a, uint32_t b, bool ieee);
uint32_t sim_f32_max(uint32_t a, uint32_t b, bool ieee);
uint64_t sim_f64_min(uint64_t a, uint64_t b, bool ieee);
uint64_t sim_f64_max(uint64_t a, uint64_t b, bool ieee);
uint16_t sim_f16_min(uint16_t a, uint16_t b, bool ieee);
uint16_t sim_f16_max(uint16_t a, uint16_t b, bool ieee);
uint32_t sim_f32_med3(uint32_t a, uint32_t b, uint32_t c, bool ieee);
uint16_t sim_f16_med3(uint16_t a, uint16_t b, uint16_t c, bool ieee);

/* v_mad_f32 / v_mac_f32 (not fused: the product is rounded, and
 * denormals are flushed in and out). */
uint32_t sim_f32_mad(uint32_t a, uint32_t b, uint32_t c);
/* v_mul_legacy_f32 / v_fma_legacy_f32: 0 * anything (even inf/NaN) = 0. */
uint32_t sim_f32_mul_legacy(uint32_t a, uint32_t b);
uint32_t sim_f32_fma_legacy(uint32_t a, uint32_t b, uint32_t c);

/* fp16 arithmetic with round mode and output flushing (flush = the
 * f64/f16 denorm mode lacks SIM_DENORM_OUT; input flushing is done by
 * the caller). */
uint16_t sim_f16_add(uint16_t a, uint16_t b, unsigned round, bool flush);
uint16_t sim_f16_mul(uint16_t a, uint16_t b, unsigned round, bool flush);
uint16_t sim_f16_fma(uint16_t a, uint16_t b, uint16_t c, unsigned round, bool flush);
uint16_t sim_f16_mad(uint16_t a, uint16_t b, uint16_t c, unsigned round, bool flush);

/* Division helpers, exactly as the ISA defines them. */
uint32_t sim_f32_div_scale(uint32_t s0, uint32_t s1, uint32_t s2, bool *vcc);
uint64_t sim_f64_div_scale(uint64_t s0, uint64_t s1, uint64_t s2, bool *vcc);
uint32_t sim_f32_div_fmas(uint32_t s0, uint32_t s1, uint32_t s2, bool vcc);
uint64_t sim_f64_div_fmas(uint64_t s0, uint64_t s1, uint64_t s2, bool vcc);
uint32_t sim_f32_div_fixup(uint32_t s0, uint32_t s1, uint32_t s2);
uint64_t sim_f64_div_fixup(uint64_t s0, uint64_t s1, uint64_t s2);
uint16_t sim_f16_div_fixup(uint16_t s0, uint16_t s1, uint16_t s2);
/* v_trig_preop_f64: 53 bits of 2/pi selected by s1 and scaled for s0. */
uint64_t sim_f64_trig_preop(uint64_t s0, uint32_t s1);

/* Transcendentals (results within the ISA's documented accuracy; these
 * compute in double and round once). */
uint32_t sim_f32_rcp(uint32_t a);
uint32_t sim_f32_rsq(uint32_t a);
uint32_t sim_f32_sqrt(uint32_t a);
uint32_t sim_f32_exp(uint32_t a); /* 2^a */
uint32_t sim_f32_log(uint32_t a); /* log2(a) */
uint32_t sim_f32_sin(uint32_t a); /* sin(2*pi*a) */
uint32_t sim_f32_cos(uint32_t a); /* cos(2*pi*a) */
uint64_t sim_f64_rcp(uint64_t a);
uint64_t sim_f64_rsq(uint64_t a);
uint64_t sim_f64_sqrt(uint64_t a);

/* Rounding to integral values and friends. */
uint32_t sim_f32_fract(uint32_t a);
uint64_t sim_f64_fract(uint64_t a);
uint32_t sim_f32_frexp_mant(uint32_t a);
int32_t sim_f32_frexp_exp(uint32_t a);
uint64_t sim_f64_frexp_mant(uint64_t a);
int32_t sim_f64_frexp_exp(uint64_t a);
uint32_t sim_f32_ldexp(uint32_t a, int32_t e);
uint64_t sim_f64_ldexp(uint64_t a, int32_t e);

/* Conversions to integers: truncating (or the given rounding), NaN -> 0,
 * out-of-range values saturate. */
int32_t sim_cvt_i32_f64(double x);
uint32_t sim_cvt_u32_f64(double x);
int16_t sim_cvt_i16_f32(float x);
uint16_t sim_cvt_u16_f32(float x);
/* v_cvt_flr_i32_f32 and v_cvt_rpi_i32_f32 (floor(x + 0.5)). */
int32_t sim_cvt_flr_i32_f32(float x);
int32_t sim_cvt_rpi_i32_f32(float x);

/* Class mask bits of v_cmp_class_*. */
enum {
   SIM_CLASS_SNAN = 1 << 0,
   SIM_CLASS_QNAN = 1 << 1,
   SIM_CLASS_NINF = 1 << 2,
   SIM_CLASS_NNORM = 1 << 3,
   SIM_CLASS_NDENORM = 1 << 4,
   SIM_CLASS_NZERO = 1 << 5,
   SIM_CLASS_PZERO = 1 << 6,
   SIM_CLASS_PDENORM = 1 << 7,
   SIM_CLASS_PNORM = 1 << 8,
   SIM_CLASS_PINF = 1 << 9,
};
unsigned sim_f32_class(uint32_t a);
unsigned sim_f64_class(uint64_t a);
unsigned sim_f16_class(uint16_t a);

/* The four-way comparison outcome the compare family indexes its
 * condition masks with: bit 0 less, bit 1 equal, bit 2 greater,
 * bit 3 unordered (one bit set). */
static inline unsigned
sim_f32_cmp_outcome(float a, float b)
{
   return a < b ? 1u : a == b ? 2u : a > b ? 4u : 8u;
}

static inline unsigned
sim_f64_cmp_outcome(double a, double b)
{
   return a < b ? 1u : a == b ? 2u : a > b ? 4u : 8u;
}

/* Output modifiers: omod (1 = *2, 2 = *4, 3 = /2) then clamp to [0, 1]
 * (NaN clamps to 0 when dx10 is set). */
uint32_t sim_f32_omod_clamp(uint32_t r, unsigned omod, bool clamp, bool dx10);
uint64_t sim_f64_omod_clamp(uint64_t r, unsigned omod, bool clamp, bool dx10);
uint16_t sim_f16_omod_clamp(uint16_t r, unsigned omod, bool clamp, bool dx10);

#ifdef __cplusplus
}
#endif

#endif
