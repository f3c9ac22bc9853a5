/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Integer and bitwise VALU opcodes: 32-bit add/sub with and without carry
 * (carries are lane masks in VCC or an SGPR pair), 24-bit and 32-bit
 * multiplies, 64-bit multiply-add and shifts, bitfield operations,
 * byte permutes and SADs, three-operand min/max/med3, the 16-bit integer
 * opcodes (VOP3 only on gfx10, op_sel-addressed halves) and v_cndmask.
 */
#include "valu_internal.h"

#define A    VALU_U32(0)
#define B    VALU_U32(1)
#define C    VALU_U32(2)
#define A16  VALU_U16(0)
#define B16  VALU_U16(1)
#define C16  VALU_U16(2)
#define SA16 ((int16_t)VALU_U16(0))
#define SB16 ((int16_t)VALU_U16(1))
#define SC16 ((int16_t)VALU_U16(2))

static inline uint32_t
med3_u32(uint32_t a, uint32_t b, uint32_t c)
{
   uint32_t lo = a < b ? a : b, hi = a < b ? b : a;
   return c < lo ? lo : c > hi ? hi : c;
}

static inline int32_t
med3_i32(int32_t a, int32_t b, int32_t c)
{
   int32_t lo = a < b ? a : b, hi = a < b ? b : a;
   return c < lo ? lo : c > hi ? hi : c;
}

#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))

static inline uint32_t
bfe_u32(uint32_t v, uint32_t off, uint32_t width)
{
   off &= 31;
   width &= 31;
   if (!width)
      return 0;
   return (v >> off) & ((1u << width) - 1);
}

/* The field sign-extended from its top bit, or from bit 31 where it runs
 * past it. */
static inline uint32_t
bfe_i32(uint32_t v, uint32_t off, uint32_t width)
{
   uint32_t bits = MIN(width & 31, 32 - (off & 31));
   return bits ? (uint32_t)valu_sext(bfe_u32(v, off, width), bits) : 0;
}

static inline uint32_t
bitrev(uint32_t v)
{
   v = ((v >> 1) & 0x55555555u) | ((v & 0x55555555u) << 1);
   v = ((v >> 2) & 0x33333333u) | ((v & 0x33333333u) << 2);
   v = ((v >> 4) & 0x0f0f0f0fu) | ((v & 0x0f0f0f0fu) << 4);
   v = ((v >> 8) & 0x00ff00ffu) | ((v & 0x00ff00ffu) << 8);
   return (v >> 16) | (v << 16);
}

static inline uint32_t
ffbh_u32(uint32_t v)
{
   return v ? (uint32_t)__builtin_clz(v) : ~0u;
}

static inline uint32_t
ffbh_i32(uint32_t v)
{
   uint32_t x = v ^ (uint32_t)((int32_t)v >> 31);
   return x ? (uint32_t)__builtin_clz(x) : ~0u;
}

static inline uint32_t
ffbl_b32(uint32_t v)
{
   return v ? (uint32_t)__builtin_ctz(v) : ~0u;
}

/* v_perm_b32: each selector byte of s2 picks a byte of {s0, s1}, a sign
 * fill, or a constant. */
static inline uint32_t
perm_b32(uint32_t s0, uint32_t s1, uint32_t sel)
{
   uint64_t data = ((uint64_t)s0 << 32) | s1;
   uint32_t r = 0;
   for (unsigned i = 0; i < 4; i++) {
      unsigned s = (sel >> (8 * i)) & 0xff;
      uint32_t b;
      if (s >= 13)
         b = 0xff;
      else if (s == 12)
         b = 0;
      else if (s >= 8)
         b = (data >> (15 + 16 * (s - 8))) & 1 ? 0xff : 0;
      else
         b = (data >> (8 * s)) & 0xff;
      r |= b << (8 * i);
   }
   return r;
}

static inline uint32_t
absdiff(uint32_t a, uint32_t b)
{
   return a > b ? a - b : b - a;
}

static inline uint32_t
sad_u8(uint32_t a, uint32_t b, uint32_t c)
{
   for (unsigned i = 0; i < 32; i += 8)
      c += absdiff((a >> i) & 0xff, (b >> i) & 0xff);
   return c;
}

static inline uint32_t
msad_u8(uint32_t a, uint32_t b, uint32_t c)
{
   for (unsigned i = 0; i < 32; i += 8) {
      if ((b >> i) & 0xff)
         c += absdiff((a >> i) & 0xff, (b >> i) & 0xff);
   }
   return c;
}

static inline uint32_t
sad_hi_u8(uint32_t a, uint32_t b, uint32_t c)
{
   return (sad_u8(a, b, 0) << 16) + c;
}

static inline uint32_t
sad_u16(uint32_t a, uint32_t b, uint32_t c)
{
   return c + absdiff(a & 0xffff, b & 0xffff) + absdiff(a >> 16, b >> 16);
}

static inline uint32_t
lerp_u8(uint32_t a, uint32_t b, uint32_t c)
{
   uint32_t r = 0;
   for (unsigned i = 0; i < 32; i += 8)
      r |= ((((a >> i) & 0xff) + ((b >> i) & 0xff) + ((c >> i) & 1)) >> 1) << i;
   return r;
}

static inline uint32_t
sat_pk_u8_i16(uint32_t v)
{
   int32_t lo = (int16_t)(v & 0xffff), hi = (int16_t)(v >> 16);
   lo = lo < 0 ? 0 : lo > 255 ? 255 : lo;
   hi = hi < 0 ? 0 : hi > 255 ? 255 : hi;
   return (uint32_t)lo | ((uint32_t)hi << 8);
}

static inline int32_t
sext24(uint32_t v)
{
   return valu_sext(v & 0xffffff, 24);
}

/* Plain 32-bit integer ops. */
DEF_U32(v_mov_b32, VALU_B32F(0))
DEF_U32(v_cndmask_b32, ((io->mask_in >> l) & 1) ? VALU_B32F(1) : VALU_B32F(0))
DEF_U32(v_not_b32, ~A)
DEF_U32(v_bfrev_b32, bitrev(A))
DEF_U32(v_ffbh_u32, ffbh_u32(A))
DEF_U32(v_ffbh_i32, ffbh_i32(A))
DEF_U32(v_ffbl_b32, ffbl_b32(A))
DEF_U16(v_sat_pk_u8_i16, sat_pk_u8_i16(A))
DEF_U32(v_and_b32, A &B)
DEF_U32(v_or_b32, A | B)
DEF_U32(v_xor_b32, A ^ B)
DEF_U32(v_xnor_b32, ~(A ^ B))
DEF_U32(v_lshlrev_b32, B << (A & 31))
DEF_U32(v_lshrrev_b32, B >> (A & 31))
DEF_U32(v_ashrrev_i32, (uint32_t)((int32_t)B >> (A & 31)))
DEF_U32(v_max_i32, (uint32_t)MAX((int32_t)A, (int32_t)B))
DEF_U32(v_min_i32, (uint32_t)MIN((int32_t)A, (int32_t)B))
DEF_U32(v_max_u32, MAX(A, B))
DEF_U32(v_min_u32, MIN(A, B))
DEF_U32(v_mul_u32_u24, (A & 0xffffff) * (B & 0xffffff))
DEF_U32(v_mul_hi_u32_u24, (uint32_t)(((uint64_t)(A & 0xffffff) * (B & 0xffffff)) >> 32))
DEF_U32(v_mul_i32_i24, (uint32_t)(sext24(A) * sext24(B)))
DEF_U32(v_mul_hi_i32_i24, (uint32_t)(((int64_t)sext24(A) * sext24(B)) >> 32))
DEF_U32(v_mad_u32_u24, (A & 0xffffff) * (B & 0xffffff) + C)
DEF_U32(v_mad_i32_i24, (uint32_t)(sext24(A) * sext24(B)) + C)
DEF_U32(v_mul_lo_u32, A *B)
DEF_U32(v_mul_hi_u32, (uint32_t)(((uint64_t)A * B) >> 32))
DEF_U32(v_mul_hi_i32, (uint32_t)(((int64_t)(int32_t)A * (int32_t)B) >> 32))
DEF_U32(v_add3_u32, A + B + C)
DEF_U32(v_add_lshl_u32, (A + B) << (C & 31))
DEF_U32(v_lshl_add_u32, (A << (B & 31)) + C)
DEF_U32(v_lshl_or_b32, (A << (B & 31)) | C)
DEF_U32(v_and_or_b32, (A & B) | C)
DEF_U32(v_or3_b32, A | B | C)
DEF_U32(v_xor3_b32, A ^ B ^ C)
DEF_U32(v_xad_u32, (A ^ B) + C)
DEF_U32(v_alignbit_b32, (uint32_t)((((uint64_t)A << 32) | B) >> (C & 31)))
DEF_U32(v_alignbyte_b32, (uint32_t)((((uint64_t)A << 32) | B) >> ((C & 3) * 8)))
DEF_U32(v_bfe_u32, bfe_u32(A, B, C))
DEF_U32(v_bfe_i32, bfe_i32(A, B, C))
DEF_U32(v_bfi_b32, (A & B) | (~A & C))
DEF_U32(v_bfm_b32, ((1u << (A & 31)) - 1) << (B & 31))
DEF_U32(v_bcnt_u32_b32, (uint32_t)__builtin_popcount(A) + B)
DEF_U32(v_perm_b32, perm_b32(A, B, C))
DEF_U32(v_lerp_u8, lerp_u8(A, B, C))
DEF_U32(v_sad_u8, sad_u8(A, B, C))
DEF_U32(v_sad_hi_u8, sad_hi_u8(A, B, C))
DEF_U32(v_sad_u16, sad_u16(A, B, C))
DEF_U32(v_sad_u32, absdiff(A, B) + C)
DEF_U32(v_msad_u8, msad_u8(A, B, C))
DEF_U32(v_min3_i32, (uint32_t)MIN(MIN((int32_t)A, (int32_t)B), (int32_t)C))
DEF_U32(v_max3_i32, (uint32_t)MAX(MAX((int32_t)A, (int32_t)B), (int32_t)C))
DEF_U32(v_med3_i32, (uint32_t)med3_i32((int32_t)A, (int32_t)B, (int32_t)C))
DEF_U32(v_min3_u32, MIN(MIN(A, B), C))
DEF_U32(v_max3_u32, MAX(MAX(A, B), C))
DEF_U32(v_med3_u32, med3_u32(A, B, C))
DEF_U32(v_cvt_pk_u16_u32, MIN(A, 0xffffu) | (MIN(B, 0xffffu) << 16))
DEF_U32(v_cvt_pk_i16_i32, (uint32_t)(uint16_t)MAX(MIN((int32_t)A, 32767), -32768) |
                             ((uint32_t)(uint16_t)MAX(MIN((int32_t)B, 32767), -32768) << 16))
DEF_U32(v_dot4c_i32_i8, valu_dot4_i8(A, B, C))
DEF_U64(v_lshlrev_b64, VALU_U64(1) << (A & 63))
DEF_U64(v_lshrrev_b64, VALU_U64(1) >> (A & 63))
DEF_U64(v_ashrrev_i64, (uint64_t)((int64_t)VALU_U64(1) >> (A & 63)))

/* Adds and subtracts whose clamp bit saturates the exact result to the
 * destination's range; without it the result wraps. */
static inline uint32_t
sat_u32(int64_t v)
{
   return (uint32_t)(v > UINT32_MAX ? UINT32_MAX : v < 0 ? 0 : v);
}

static inline uint32_t
sat_i32(int64_t v)
{
   return (uint32_t)(int32_t)(v > INT32_MAX ? INT32_MAX : v < INT32_MIN ? INT32_MIN : v);
}

static inline uint16_t
sat_u16(int64_t v)
{
   return (uint16_t)(v > 0xffff ? 0xffff : v < 0 ? 0 : v);
}

static inline uint16_t
sat_i16(int64_t v)
{
   return (uint16_t)(int16_t)(v > 32767 ? 32767 : v < -32768 ? -32768 : v);
}

#define DEF_CLAMP(name, write, sat, exact)                                                         \
   VALU_FN(name)                                                                                   \
   {                                                                                               \
      (void)w;                                                                                     \
      bool clamp = in->valu.clamp;                                                                 \
      VALU_LOOP({                                                                                  \
         int64_t v = (exact);                                                                      \
         write(clamp ? sat(v) : (uint32_t)v);                                                      \
      });                                                                                          \
   }

DEF_CLAMP(v_add_u32, VALU_WR32, sat_u32, (int64_t)A + B)
DEF_CLAMP(v_sub_u32, VALU_WR32, sat_u32, (int64_t)A - B)
DEF_CLAMP(v_subrev_u32, VALU_WR32, sat_u32, (int64_t)B - A)
DEF_CLAMP(v_add_i32, VALU_WR32, sat_i32, (int64_t)(int32_t)A + (int32_t)B)
DEF_CLAMP(v_sub_i32, VALU_WR32, sat_i32, (int64_t)(int32_t)A - (int32_t)B)

/* Carry out / carry in (a lane mask each). */
#define DEF_CARRY(name, expr_res, expr_carry)                                                      \
   VALU_FN(name)                                                                                   \
   {                                                                                               \
      (void)w;                                                                                     \
      bool clamp = in->valu.clamp;                                                                 \
      VALU_LOOP({                                                                                  \
         uint64_t cin = (io->mask_in >> l) & 1;                                                    \
         (void)cin;                                                                                \
         uint64_t r = (expr_res);                                                                  \
         bool co = (expr_carry);                                                                   \
         VALU_WR32(clamp &&co ? (r >> 63 ? 0 : UINT32_MAX) : (uint32_t)r);                         \
         io->mask_out |= (uint64_t)co << l;                                                        \
      });                                                                                          \
   }

/* Results are computed in 64 bits; a borrow shows as bit 63 set. */
DEF_CARRY(v_add_co_u32, (uint64_t)A + B, ((uint64_t)A + B) >> 32)
DEF_CARRY(v_sub_co_u32, (uint64_t)A - B, B > A)
DEF_CARRY(v_subrev_co_u32, (uint64_t)B - A, A > B)
DEF_CARRY(v_addc_co_u32, (uint64_t)A + B + cin, ((uint64_t)A + B + cin) >> 32)
DEF_CARRY(v_subb_co_u32, (uint64_t)A - B - cin, (uint64_t)B + cin > A)
DEF_CARRY(v_subbrev_co_u32, (uint64_t)B - A - cin, (uint64_t)A + cin > B)

VALU_FN(v_mad_u64_u32)
{
   (void)w;
   (void)in;
   VALU_LOOP({
      uint64_t p = (uint64_t)A * B;
      uint64_t c = VALU_U64(2);
      uint64_t r = p + c;
      VALU_WR64(r);
      io->mask_out |= (uint64_t)(r < p) << l;
   });
}

VALU_FN(v_mad_i64_i32)
{
   (void)w;
   (void)in;
   VALU_LOOP({
      int64_t p = (int64_t)(int32_t)A * (int32_t)B;
      int64_t c = (int64_t)VALU_U64(2);
      int64_t r;
      bool ov = __builtin_add_overflow(p, c, &r);
      VALU_WR64((uint64_t)r);
      io->mask_out |= (uint64_t)ov << l;
   });
}

/* mbcnt: the number of set bits of the mask below this lane. */
VALU_FN(v_mbcnt_lo_u32_b32)
{
   (void)w;
   (void)in;
   VALU_LOOP({
      uint32_t below = l >= 32 ? ~0u : (uint32_t)((1ull << l) - 1);
      VALU_WR32((uint32_t)__builtin_popcount(A & below) + B);
   });
}

VALU_FN(v_mbcnt_hi_u32_b32)
{
   (void)w;
   (void)in;
   VALU_LOOP({
      uint32_t below = l < 32 ? 0 : (uint32_t)((1ull << (l - 32)) - 1);
      VALU_WR32((uint32_t)__builtin_popcount(A & below) + B);
   });
}

/* 16-bit integer ops (op_sel-addressed halves, other half preserved). */
DEF_CLAMP(v_add_u16, VALU_WR16, sat_u16, (int64_t)A16 + B16)
DEF_CLAMP(v_sub_u16, VALU_WR16, sat_u16, (int64_t)A16 - B16)
DEF_CLAMP(v_add_i16, VALU_WR16, sat_i16, (int64_t)SA16 + SB16)
DEF_CLAMP(v_sub_i16, VALU_WR16, sat_i16, (int64_t)SA16 - SB16)
DEF_CLAMP(v_mad_u16, VALU_WR16, sat_u16, (int64_t)A16 *B16 + C16)
DEF_CLAMP(v_mad_i16, VALU_WR16, sat_i16, (int64_t)SA16 *SB16 + SC16)

DEF_U16(v_mul_lo_u16, A16 *B16)
DEF_U16(v_lshlrev_b16, B16 << (A16 & 15))
DEF_U16(v_lshrrev_b16, B16 >> (A16 & 15))
DEF_U16(v_ashrrev_i16, SB16 >> (A16 & 15))
DEF_U16(v_max_u16, MAX(A16, B16))
DEF_U16(v_min_u16, MIN(A16, B16))
DEF_U16(v_max_i16, MAX(SA16, SB16))
DEF_U16(v_min_i16, MIN(SA16, SB16))
DEF_U16(v_min3_u16, MIN(MIN(A16, B16), C16))
DEF_U16(v_max3_u16, MAX(MAX(A16, B16), C16))
DEF_U16(v_med3_u16, med3_u32(A16, B16, C16))
DEF_U16(v_min3_i16, MIN(MIN(SA16, SB16), SC16))
DEF_U16(v_max3_i16, MAX(MAX(SA16, SB16), SC16))
DEF_U16(v_med3_i16, med3_i32(SA16, SB16, SC16))
DEF_U32(v_mad_u32_u16, (uint32_t)A16 *B16 + C)
DEF_U32(v_mad_i32_i16, (uint32_t)((int32_t)SA16 *SB16) + C)

VALU_FN(v_nop)
{
   (void)w;
   (void)in;
   (void)io;
}

#define NM VALU_NO_MODS
#define CI VALU_CLAMP_INT

static const struct valu_entry rows[] = {
   VALU_ENTRY(v_nop, v_nop, NONE, NONE, NONE, NONE, 0),
   VALU_ENTRY(v_pipeflush, v_nop, NONE, NONE, NONE, NONE, 0),
   VALU_ENTRY(v_clrexcp, v_nop, NONE, NONE, NONE, NONE, 0),
   VALU_ENTRY(v_mov_b32, v_mov_b32, F32, NONE, NONE, B32, 0),
   VALU_ENTRY(v_cndmask_b32, v_cndmask_b32, F32, F32, MASK, B32, 0),
   VALU_ENTRY(v_not_b32, v_not_b32, B32, NONE, NONE, B32, NM),
   VALU_ENTRY(v_bfrev_b32, v_bfrev_b32, B32, NONE, NONE, B32, NM),
   VALU_ENTRY(v_ffbh_u32, v_ffbh_u32, B32, NONE, NONE, B32, NM),
   VALU_ENTRY(v_ffbh_i32, v_ffbh_i32, B32, NONE, NONE, B32, NM),
   VALU_ENTRY(v_ffbl_b32, v_ffbl_b32, B32, NONE, NONE, B32, NM),
   VALU_ENTRY(v_sat_pk_u8_i16, v_sat_pk_u8_i16, B32, NONE, NONE, B16, NM),
   VALU_ENTRY(v_and_b32, v_and_b32, B32, B32, NONE, B32, NM),
   VALU_ENTRY(v_or_b32, v_or_b32, B32, B32, NONE, B32, NM),
   VALU_ENTRY(v_xor_b32, v_xor_b32, B32, B32, NONE, B32, NM),
   VALU_ENTRY(v_xnor_b32, v_xnor_b32, B32, B32, NONE, B32, NM),
   VALU_ENTRY(v_lshlrev_b32, v_lshlrev_b32, B32, B32, NONE, B32, NM),
   VALU_ENTRY(v_lshrrev_b32, v_lshrrev_b32, B32, B32, NONE, B32, NM),
   VALU_ENTRY(v_ashrrev_i32, v_ashrrev_i32, B32, B32, NONE, B32, NM),
   VALU_ENTRY(v_max_i32, v_max_i32, B32, B32, NONE, B32, NM),
   VALU_ENTRY(v_min_i32, v_min_i32, B32, B32, NONE, B32, NM),
   VALU_ENTRY(v_max_u32, v_max_u32, B32, B32, NONE, B32, NM),
   VALU_ENTRY(v_min_u32, v_min_u32, B32, B32, NONE, B32, NM),
   VALU_ENTRY(v_mul_u32_u24, v_mul_u32_u24, B32, B32, NONE, B32, NM),
   VALU_ENTRY(v_mul_hi_u32_u24, v_mul_hi_u32_u24, B32, B32, NONE, B32, NM),
   VALU_ENTRY(v_mul_i32_i24, v_mul_i32_i24, B32, B32, NONE, B32, NM),
   VALU_ENTRY(v_mul_hi_i32_i24, v_mul_hi_i32_i24, B32, B32, NONE, B32, NM),
   VALU_ENTRY(v_mad_u32_u24, v_mad_u32_u24, B32, B32, B32, B32, NM),
   VALU_ENTRY(v_mad_i32_i24, v_mad_i32_i24, B32, B32, B32, B32, NM),
   VALU_ENTRY(v_mul_lo_u32, v_mul_lo_u32, B32, B32, NONE, B32, NM),
   VALU_ENTRY(v_mul_lo_i32, v_mul_lo_u32, B32, B32, NONE, B32, NM),
   VALU_ENTRY(v_mul_hi_u32, v_mul_hi_u32, B32, B32, NONE, B32, NM),
   VALU_ENTRY(v_mul_hi_i32, v_mul_hi_i32, B32, B32, NONE, B32, NM),
   VALU_ENTRY(v_add3_u32, v_add3_u32, B32, B32, B32, B32, NM),
   VALU_ENTRY(v_add_lshl_u32, v_add_lshl_u32, B32, B32, B32, B32, NM),
   VALU_ENTRY(v_lshl_add_u32, v_lshl_add_u32, B32, B32, B32, B32, NM),
   VALU_ENTRY(v_lshl_or_b32, v_lshl_or_b32, B32, B32, B32, B32, NM),
   VALU_ENTRY(v_and_or_b32, v_and_or_b32, B32, B32, B32, B32, NM),
   VALU_ENTRY(v_or3_b32, v_or3_b32, B32, B32, B32, B32, NM),
   VALU_ENTRY(v_xor3_b32, v_xor3_b32, B32, B32, B32, B32, NM),
   VALU_ENTRY(v_xad_u32, v_xad_u32, B32, B32, B32, B32, NM),
   VALU_ENTRY(v_alignbit_b32, v_alignbit_b32, B32, B32, B32, B32, NM),
   VALU_ENTRY(v_alignbyte_b32, v_alignbyte_b32, B32, B32, B32, B32, NM),
   VALU_ENTRY(v_bfe_u32, v_bfe_u32, B32, B32, B32, B32, NM),
   VALU_ENTRY(v_bfe_i32, v_bfe_i32, B32, B32, B32, B32, NM),
   VALU_ENTRY(v_bfi_b32, v_bfi_b32, B32, B32, B32, B32, NM),
   VALU_ENTRY(v_bfm_b32, v_bfm_b32, B32, B32, NONE, B32, NM),
   VALU_ENTRY(v_bcnt_u32_b32, v_bcnt_u32_b32, B32, B32, NONE, B32, NM),
   VALU_ENTRY(v_perm_b32, v_perm_b32, B32, B32, B32, B32, NM),
   VALU_ENTRY(v_lerp_u8, v_lerp_u8, B32, B32, B32, B32, NM),
   VALU_ENTRY(v_sad_u8, v_sad_u8, B32, B32, B32, B32, NM),
   VALU_ENTRY(v_sad_hi_u8, v_sad_hi_u8, B32, B32, B32, B32, NM),
   VALU_ENTRY(v_sad_u16, v_sad_u16, B32, B32, B32, B32, NM),
   VALU_ENTRY(v_sad_u32, v_sad_u32, B32, B32, B32, B32, NM),
   VALU_ENTRY(v_msad_u8, v_msad_u8, B32, B32, B32, B32, NM),
   VALU_ENTRY(v_min3_i32, v_min3_i32, B32, B32, B32, B32, NM),
   VALU_ENTRY(v_max3_i32, v_max3_i32, B32, B32, B32, B32, NM),
   VALU_ENTRY(v_med3_i32, v_med3_i32, B32, B32, B32, B32, NM),
   VALU_ENTRY(v_min3_u32, v_min3_u32, B32, B32, B32, B32, NM),
   VALU_ENTRY(v_max3_u32, v_max3_u32, B32, B32, B32, B32, NM),
   VALU_ENTRY(v_med3_u32, v_med3_u32, B32, B32, B32, B32, NM),
   VALU_ENTRY(v_cvt_pk_u16_u32, v_cvt_pk_u16_u32, B32, B32, NONE, B32, NM),
   VALU_ENTRY(v_cvt_pk_i16_i32, v_cvt_pk_i16_i32, B32, B32, NONE, B32, NM),
   VALU_ENTRY(v_dot4c_i32_i8, v_dot4c_i32_i8, B32, B32, B32, B32, NM | VALU_ACC),
   VALU_ENTRY(v_lshlrev_b64_e64, v_lshlrev_b64, B32, B64, NONE, B64, NM),
   VALU_ENTRY(v_lshrrev_b64, v_lshrrev_b64, B32, B64, NONE, B64, NM),
   VALU_ENTRY(v_ashrrev_i64, v_ashrrev_i64, B32, I64, NONE, B64, NM),
   VALU_ENTRY(v_add_u32, v_add_u32, B32, B32, NONE, B32, NM | CI),
   VALU_ENTRY(v_sub_u32, v_sub_u32, B32, B32, NONE, B32, NM | CI),
   VALU_ENTRY(v_subrev_u32, v_subrev_u32, B32, B32, NONE, B32, NM | CI),
   VALU_ENTRY(v_add_i32, v_add_i32, B32, B32, NONE, B32, NM | CI),
   VALU_ENTRY(v_sub_i32, v_sub_i32, B32, B32, NONE, B32, NM | CI),
   VALU_ENTRY(v_add_co_u32_e64, v_add_co_u32, B32, B32, NONE, B32, NM | CI | VALU_CARRY_OUT),
   VALU_ENTRY(v_sub_co_u32_e64, v_sub_co_u32, B32, B32, NONE, B32, NM | CI | VALU_CARRY_OUT),
   VALU_ENTRY(v_subrev_co_u32_e64, v_subrev_co_u32, B32, B32, NONE, B32, NM | CI | VALU_CARRY_OUT),
   VALU_ENTRY(v_addc_co_u32, v_addc_co_u32, B32, B32, MASK, B32, NM | CI | VALU_CARRY_OUT),
   VALU_ENTRY(v_subb_co_u32, v_subb_co_u32, B32, B32, MASK, B32, NM | CI | VALU_CARRY_OUT),
   VALU_ENTRY(v_subbrev_co_u32, v_subbrev_co_u32, B32, B32, MASK, B32, NM | CI | VALU_CARRY_OUT),
   VALU_ENTRY(v_mad_u64_u32, v_mad_u64_u32, B32, B32, B64, B64, NM | CI | VALU_CARRY_OUT),
   VALU_ENTRY(v_mad_i64_i32, v_mad_i64_i32, B32, B32, I64, B64, NM | CI | VALU_CARRY_OUT),
   VALU_ENTRY(v_mbcnt_lo_u32_b32, v_mbcnt_lo_u32_b32, B32, B32, NONE, B32, NM),
   VALU_ENTRY(v_mbcnt_hi_u32_b32_e64, v_mbcnt_hi_u32_b32, B32, B32, NONE, B32, NM),
   VALU_ENTRY(v_add_u16_e64, v_add_u16, B16, B16, NONE, B16, NM | CI),
   VALU_ENTRY(v_sub_u16_e64, v_sub_u16, B16, B16, NONE, B16, NM | CI),
   VALU_ENTRY(v_add_i16, v_add_i16, B16, B16, NONE, B16, NM | CI),
   VALU_ENTRY(v_sub_i16, v_sub_i16, B16, B16, NONE, B16, NM | CI),
   VALU_ENTRY(v_mad_u16, v_mad_u16, B16, B16, B16, B16, NM | CI),
   VALU_ENTRY(v_mad_i16, v_mad_i16, B16, B16, B16, B16, NM | CI),
   VALU_ENTRY(v_mul_lo_u16_e64, v_mul_lo_u16, B16, B16, NONE, B16, NM),
   VALU_ENTRY(v_lshlrev_b16_e64, v_lshlrev_b16, B16, B16, NONE, B16, NM),
   VALU_ENTRY(v_lshrrev_b16_e64, v_lshrrev_b16, B16, B16, NONE, B16, NM),
   VALU_ENTRY(v_ashrrev_i16_e64, v_ashrrev_i16, B16, B16, NONE, B16, NM),
   VALU_ENTRY(v_max_u16_e64, v_max_u16, B16, B16, NONE, B16, NM),
   VALU_ENTRY(v_min_u16_e64, v_min_u16, B16, B16, NONE, B16, NM),
   VALU_ENTRY(v_max_i16_e64, v_max_i16, B16, B16, NONE, B16, NM),
   VALU_ENTRY(v_min_i16_e64, v_min_i16, B16, B16, NONE, B16, NM),
   VALU_ENTRY(v_min3_u16, v_min3_u16, B16, B16, B16, B16, NM),
   VALU_ENTRY(v_max3_u16, v_max3_u16, B16, B16, B16, B16, NM),
   VALU_ENTRY(v_med3_u16, v_med3_u16, B16, B16, B16, B16, NM),
   VALU_ENTRY(v_min3_i16, v_min3_i16, B16, B16, B16, B16, NM),
   VALU_ENTRY(v_max3_i16, v_max3_i16, B16, B16, B16, B16, NM),
   VALU_ENTRY(v_med3_i16, v_med3_i16, B16, B16, B16, B16, NM),
   VALU_ENTRY(v_mad_u32_u16, v_mad_u32_u16, B16, B16, B32, B32, NM),
   VALU_ENTRY(v_mad_i32_i16, v_mad_i32_i16, B16, B16, B32, B32, NM),
};

const struct valu_table valu_int_table = { rows, sizeof(rows) / sizeof(rows[0]) };
