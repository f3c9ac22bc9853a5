/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Source operands shared by every instruction family: inline constants at
 * 16/32/64-bit width, the special scalar sources (VCCZ, EXECZ, SCC,
 * apertures, literal) and 64-bit reads, as the RDNA2 ISA guide's
 * "Scalar/Vector Source Operands" tables define them.
 */
#include "sim_core.h"

/* 0.5, -0.5, 1.0, -1.0, 2.0, -2.0, 4.0, -4.0, 1/(2*pi) */
static const uint16_t inline_f16[9] = {
   0x3800, 0xb800, 0x3c00, 0xbc00, 0x4000, 0xc000, 0x4400, 0xc400, 0x3118,
};
static const uint32_t inline_f32[9] = {
   0x3f000000, 0xbf000000, 0x3f800000, 0xbf800000, 0x40000000,
   0xc0000000, 0x40800000, 0xc0800000, 0x3e22f983,
};
static const uint64_t inline_f64[9] = {
   0x3fe0000000000000ull, 0xbfe0000000000000ull, 0x3ff0000000000000ull,
   0xbff0000000000000ull, 0x4000000000000000ull, 0xc000000000000000ull,
   0x4010000000000000ull, 0xc010000000000000ull, 0x3fc45f306dc9c882ull,
};

uint64_t
sim_inline_constant(unsigned enc, unsigned bits)
{
   int64_t i;

   if (enc >= 128 && enc <= 192)
      i = enc - 128;
   else if (enc >= 193 && enc <= 208)
      i = -(int64_t)(enc - 192);
   else if (enc >= 240 && enc <= 248) {
      if (bits == 16)
         return inline_f16[enc - 240];
      if (bits == 64)
         return inline_f64[enc - 240];
      return inline_f32[enc - 240];
   } else
      return 0;

   if (bits == 64)
      return (uint64_t)i;
   if (bits == 16)
      return (uint16_t)i;
   return (uint32_t)i;
}

uint32_t
sim_read_src32_slow(const struct sim_wave *w, const struct sim_inst *in, unsigned enc,
                    unsigned lane, unsigned bits)
{
   if (sim_src_is_inline(enc))
      return (uint32_t)sim_inline_constant(enc, bits == 16 ? 16 : 32);

   switch (enc) {
   case SIM_SRC_LITERAL:
      return in->literal;
   case SIM_SRC_VCCZ:
      return sim_vcc_mask(w) == 0;
   case SIM_SRC_EXECZ:
      return sim_exec_mask(w) == 0;
   case SIM_SRC_SCC:
      return w->scc;
   case SIM_SRC_SHARED_BASE:
      return (uint32_t)(SIM_SHARED_APERTURE >> 32);
   case SIM_SRC_SHARED_LIMIT:
      return (uint32_t)((SIM_SHARED_APERTURE + SIM_APERTURE_SIZE - 1) >> 32);
   case SIM_SRC_PRIVATE_BASE:
      return (uint32_t)(SIM_PRIVATE_APERTURE >> 32);
   case SIM_SRC_PRIVATE_LIMIT:
      return (uint32_t)((SIM_PRIVATE_APERTURE + SIM_APERTURE_SIZE - 1) >> 32);
   default:
      return 0;
   }
}

uint64_t
sim_read_src64(const struct sim_wave *w, const struct sim_inst *in, unsigned enc, unsigned lane,
               bool fp64, bool sext)
{
   if (enc < SIM_NUM_SGPR_SLOTS - 1)
      return w->sgpr[enc] | (uint64_t)w->sgpr[enc + 1] << 32;
   if (enc >= SIM_SRC_VGPR0 && enc < SIM_SRC_VGPR0 + SIM_NUM_VGPRS - 1) {
      unsigned r = enc - SIM_SRC_VGPR0;
      return w->vgpr[r][lane] | (uint64_t)w->vgpr[r + 1][lane] << 32;
   }
   if (sim_src_is_inline(enc))
      return sim_inline_constant(enc, 64);
   if (enc == SIM_SRC_LITERAL) {
      if (fp64)
         return (uint64_t)in->literal << 32;
      return sext ? (uint64_t)(int64_t)(int32_t)in->literal : in->literal;
   }
   if (enc == SIM_SRC_SHARED_BASE || enc == SIM_SRC_PRIVATE_BASE || enc == SIM_SRC_SHARED_LIMIT ||
       enc == SIM_SRC_PRIVATE_LIMIT)
      return (uint64_t)sim_read_src32_slow(w, in, enc, lane, 32) << 32;
   return sim_read_src32_slow(w, in, enc, lane, 32);
}
