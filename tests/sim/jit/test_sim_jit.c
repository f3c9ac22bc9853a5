/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Differential test of the region translator against the interpreter,
 * the reference: random programs of the instructions the translator
 * covers (and a few it does not, which split regions), with forward
 * branches and counted loops, on random register contents (NaNs with
 * payloads, denormals, infinities, signed zeros, small and random
 * integers), random MODE (round mode, denormal modes, IEEE), wave32 and
 * wave64 with partial EXEC, and GLOBAL loads and stores of 1-4 dwords,
 * bytes and shorts (SGPR base or 64-bit VGPR address, now and then as
 * FLAT, consecutive or scattered lanes, now and then past the end of a
 * buffer or into the read-only one: VM faults) and MUBUF loads and
 * stores (bounds modes, strides, swizzles, d16 halves), run once
 * interpreted and once translating every region on first entry (what
 * KILN_SIM_JIT=0 and =always select).  The epilogue (test_sim_jit.s)
 * stores every VGPR the body uses, lane by lane, and every SGPR, VCC,
 * the final EXEC and SCC, so the two runs must leave the same bytes in
 * the whole output buffer, the same fault (if any: address, kind,
 * instruction and wave) and count the same wave and lane instructions.
 *
 * KILN_SIM_JIT_TEST_ITERS sets the number of programs (default 300),
 * KILN_SIM_JIT_TEST_SEED the first seed.
 */
#include <errno.h>
#include <stdlib.h>

#include "kiln_debug.h"
#include "sim_core.h"
#include "sim_test.h"
#include "jit/sim_jit.h"
#include "test_sim_jit.h"

static uint32_t rng;

static uint32_t
next(void)
{
   rng ^= rng << 13;
   rng ^= rng >> 17;
   rng ^= rng << 5;
   return rng;
}

static unsigned
pick(unsigned n)
{
   return next() % n;
}

/* Values that exercise the interesting cases of f32 and i32 semantics. */
static uint32_t
interesting(void)
{
   static const uint32_t v[] = {
      0x00000000, 0x80000000, 0x3f800000, 0xbf800000, 0x7f800000, 0xff800000, 0x7fc00000,
      0xffc00000, 0x7f800001, 0xff812345, 0x7fa00000, 0x7fc12345, 0x00000001, 0x807fffff,
      0x00400000, 0x00800000, 0x7f7fffff, 0xff7fffff, 0x4f800000, 0xcf000000, 0x4f000000,
      0x3effffff, 0x0000001f, 0x00000020, 0xffffffff, 0x7fffffff, 0x00ffffff, 0x01000000,
      0x00000005, 0xfffffffb, 0x4b000001, 0x3f000001,
   };
   switch (pick(4)) {
   case 0:
      return next();
   case 1:
      return pick(64);
   default:
      return v[pick(sizeof(v) / sizeof(v[0]))];
   }
}

/* The program under construction. */
struct prog {
   uint32_t w[4096];
   unsigned n;
};

static void
emit(struct prog *p, uint32_t x)
{
   if (p->n < sizeof(p->w) / sizeof(p->w[0]))
      p->w[p->n++] = x;
}

static unsigned
vgpr(void)
{
   return 1 + pick(13);
}

static unsigned
sgpr(void)
{
   return 4 + pick(23); /* s4..s26 */
}

static unsigned
sgpr_pair(void)
{
   return 4 + 2 * pick(11); /* s[4:5]..s[24:25] */
}

/* A 32-bit source operand; *lit receives a literal's value. */
static unsigned
src(bool scalar_only, bool *has_lit, uint32_t *lit)
{
   unsigned r = pick(scalar_only ? 6 : 10);
   switch (r) {
   case 0:
   case 1:
      return sgpr();
   case 2:
      return pick(3) ? 128 + pick(65) : 193 + pick(16); /* integers */
   case 3:
      return 240 + pick(9); /* float constants */
   case 4:
      if (!*has_lit) {
         *has_lit = true;
         *lit = interesting();
      }
      return SIM_SRC_LITERAL;
   case 5:
      return pick(2) ? SIM_SRC_VCC_LO : SIM_SRC_EXEC_LO;
   default:
      return SIM_SRC_VGPR0 + (pick(8) ? vgpr() : 0);
   }
}

static const uint16_t valu_ops[] = {
   SIM_OP_v_add_f32,
   SIM_OP_v_sub_f32,
   SIM_OP_v_subrev_f32,
   SIM_OP_v_mul_f32,
   SIM_OP_v_fma_f32,
   SIM_OP_v_fmac_f32,
   SIM_OP_v_fmamk_f32,
   SIM_OP_v_fmaak_f32,
   SIM_OP_v_mad_f32,
   SIM_OP_v_mac_f32,
   SIM_OP_v_min_f32,
   SIM_OP_v_max_f32,
   SIM_OP_v_cvt_f32_u32,
   SIM_OP_v_cvt_f32_i32,
   SIM_OP_v_cvt_u32_f32,
   SIM_OP_v_cvt_i32_f32,
   SIM_OP_v_mov_b32,
   SIM_OP_v_cndmask_b32,
   SIM_OP_v_not_b32,
   SIM_OP_v_and_b32,
   SIM_OP_v_or_b32,
   SIM_OP_v_xor_b32,
   SIM_OP_v_xnor_b32,
   SIM_OP_v_lshlrev_b32,
   SIM_OP_v_lshrrev_b32,
   SIM_OP_v_ashrrev_i32,
   SIM_OP_v_min_i32,
   SIM_OP_v_max_i32,
   SIM_OP_v_min_u32,
   SIM_OP_v_max_u32,
   SIM_OP_v_mul_u32_u24,
   SIM_OP_v_mul_lo_u32,
   SIM_OP_v_mul_hi_u32,
   SIM_OP_v_mad_u32_u24,
   SIM_OP_v_add3_u32,
   SIM_OP_v_lshl_add_u32,
   SIM_OP_v_add_lshl_u32,
   SIM_OP_v_lshl_or_b32,
   SIM_OP_v_and_or_b32,
   SIM_OP_v_or3_b32,
   SIM_OP_v_xor3_b32,
   SIM_OP_v_bfe_u32,
   SIM_OP_v_bfe_i32,
   SIM_OP_v_bfi_b32,
   SIM_OP_v_add_u32,
   SIM_OP_v_sub_u32,
   SIM_OP_v_subrev_u32,
   SIM_OP_v_add_co_u32_e64,
   SIM_OP_v_sub_co_u32_e64,
   SIM_OP_v_subrev_co_u32_e64,
   SIM_OP_v_addc_co_u32,
   SIM_OP_v_subb_co_u32,
   SIM_OP_v_subbrev_co_u32,
   SIM_OP_v_cmp_lt_f32,
   SIM_OP_v_cmp_eq_f32,
   SIM_OP_v_cmp_nge_f32,
   SIM_OP_v_cmp_u_f32,
   SIM_OP_v_cmp_lg_f32,
   SIM_OP_v_cmp_gt_i32,
   SIM_OP_v_cmp_le_u32,
   SIM_OP_v_cmp_lg_u32,
   SIM_OP_v_cmp_eq_i32,
   SIM_OP_v_cmpx_gt_u32,
   SIM_OP_v_cmpx_neq_f32,
   SIM_OP_v_lshlrev_b64_e64,
   SIM_OP_v_lshrrev_b64,
   SIM_OP_v_ashrrev_i64,
   /* not translated: they end a region */
   SIM_OP_v_bfrev_b32,
   SIM_OP_v_sin_f32,
};

static bool
is_carry(unsigned op)
{
   return op == SIM_OP_v_add_co_u32_e64 || op == SIM_OP_v_sub_co_u32_e64 ||
          op == SIM_OP_v_subrev_co_u32_e64 || op == SIM_OP_v_addc_co_u32 ||
          op == SIM_OP_v_subb_co_u32 || op == SIM_OP_v_subbrev_co_u32;
}

static unsigned
nsrcs(unsigned op)
{
   switch (op) {
   case SIM_OP_v_fma_f32:
   case SIM_OP_v_mad_f32:
   case SIM_OP_v_mad_u32_u24:
   case SIM_OP_v_add3_u32:
   case SIM_OP_v_lshl_add_u32:
   case SIM_OP_v_add_lshl_u32:
   case SIM_OP_v_lshl_or_b32:
   case SIM_OP_v_and_or_b32:
   case SIM_OP_v_or3_b32:
   case SIM_OP_v_xor3_b32:
   case SIM_OP_v_bfe_u32:
   case SIM_OP_v_bfe_i32:
   case SIM_OP_v_bfi_b32:
   case SIM_OP_v_cndmask_b32:
   case SIM_OP_v_addc_co_u32:
   case SIM_OP_v_subb_co_u32:
   case SIM_OP_v_subbrev_co_u32:
      return 3;
   case SIM_OP_v_cvt_f32_u32:
   case SIM_OP_v_cvt_f32_i32:
   case SIM_OP_v_cvt_u32_f32:
   case SIM_OP_v_cvt_i32_f32:
   case SIM_OP_v_mov_b32:
   case SIM_OP_v_not_b32:
   case SIM_OP_v_bfrev_b32:
   case SIM_OP_v_sin_f32:
      return 1;
   default:
      return 2;
   }
}

static void
gen_valu(struct prog *p, unsigned wave_size)
{
   unsigned op = valu_ops[pick(sizeof(valu_ops) / sizeof(valu_ops[0]))];
   const struct sim_opcode *o = &sim_opcodes[op];
   bool lit_used = false;
   uint32_t lit = 0;
   unsigned vdst = vgpr();
   bool literal_form = op == SIM_OP_v_fmamk_f32 || op == SIM_OP_v_fmaak_f32;
   bool vop3 = o->format == SIM_FMT_VOP3 || (!literal_form && pick(3) == 0);
   unsigned mask_pair = pick(2) ? SIM_SRC_VCC_LO : sgpr_pair();
   if (wave_size == 32 && pick(2))
      mask_pair = sgpr(); /* wave32 masks are one SGPR */

   if (vop3) {
      unsigned opc = o->opcode;
      if (o->format == SIM_FMT_VOP2)
         opc += 0x100;
      else if (o->format == SIM_FMT_VOP1)
         opc += 0x180;
      unsigned n = nsrcs(op);
      unsigned s[3] = { 128, 128, 128 };
      for (unsigned i = 0; i < n; i++)
         s[i] = src(false, &lit_used, &lit);
      if (op == SIM_OP_v_cndmask_b32 || op == SIM_OP_v_addc_co_u32 || op == SIM_OP_v_subb_co_u32 ||
          op == SIM_OP_v_subbrev_co_u32)
         s[2] = pick(4) ? mask_pair : 128 + pick(3);
      bool vopc = o->format == SIM_FMT_VOPC;
      bool vop3b = is_carry(op);
      unsigned mods = pick(4) == 0 ? pick(8) : 0;
      unsigned neg = pick(4) == 0 ? pick(8) : 0;
      unsigned clamp = pick(24) == 0, omod = pick(24) == 0 ? 1 + pick(3) : 0;
      if (vop3b)
         mods = 0;
      uint32_t w0 = 0xd4000000u | opc << 16 | clamp << 15 | (vop3b ? 0 : mods << 8);
      if (vopc || vop3b)
         w0 |= (vopc ? (pick(6) == 0 ? SIM_SRC_NULL : mask_pair) : mask_pair) << (vop3b ? 8 : 0);
      if (!vopc)
         w0 |= vdst;
      emit(p, w0);
      emit(p, neg << 29 | omod << 27 | s[2] << 18 | s[1] << 9 | s[0]);
   } else {
      unsigned s0 = src(false, &lit_used, &lit);
      unsigned v1 = vgpr();
      if (literal_form) {
         /* the literal is always there; src0 is a VGPR or scalar */
         if (s0 == SIM_SRC_LITERAL)
            s0 = SIM_SRC_VGPR0 + vgpr();
         lit_used = true;
         lit = interesting();
      }
      switch (o->format) {
      case SIM_FMT_VOP1:
         emit(p, 0x7e000000u | vdst << 17 | o->opcode << 9 | s0);
         break;
      case SIM_FMT_VOPC:
         emit(p, 0x7c000000u | o->opcode << 17 | v1 << 9 | s0);
         break;
      default:
         emit(p, o->opcode << 25 | vdst << 17 | v1 << 9 | s0);
         break;
      }
   }
   if (lit_used)
      emit(p, lit);
}

static void
gen_salu(struct prog *p, unsigned wave_size)
{
   bool lit_used = false;
   uint32_t lit = 0;
   unsigned d = pick(12) == 0 ? (pick(2) ? SIM_SRC_VCC_LO : SIM_SRC_EXEC_LO) : sgpr();
   static const uint16_t sop2[] = {
      SIM_OP_s_add_u32,  SIM_OP_s_sub_u32,    SIM_OP_s_add_i32,    SIM_OP_s_sub_i32,
      SIM_OP_s_addc_u32, SIM_OP_s_subb_u32,   SIM_OP_s_mul_i32,    SIM_OP_s_min_i32,
      SIM_OP_s_min_u32,  SIM_OP_s_max_i32,    SIM_OP_s_max_u32,    SIM_OP_s_cselect_b32,
      SIM_OP_s_and_b32,  SIM_OP_s_or_b32,     SIM_OP_s_xor_b32,    SIM_OP_s_andn2_b32,
      SIM_OP_s_orn2_b32, SIM_OP_s_nand_b32,   SIM_OP_s_nor_b32,    SIM_OP_s_xnor_b32,
      SIM_OP_s_lshl_b32, SIM_OP_s_lshr_b32,   SIM_OP_s_ashr_i32,   SIM_OP_s_lshl2_add_u32,
      SIM_OP_s_and_b64,  SIM_OP_s_or_b64,     SIM_OP_s_andn2_b64,  SIM_OP_s_cselect_b64,
      SIM_OP_s_xnor_b64, SIM_OP_s_mul_hi_u32, SIM_OP_s_mul_hi_i32, SIM_OP_s_lshl_b64,
      SIM_OP_s_lshr_b64, SIM_OP_s_ashr_i64,   SIM_OP_s_bfe_u32, /* not translated */
   };
   static const uint16_t sop1[] = {
      SIM_OP_s_mov_b32,          SIM_OP_s_mov_b64,          SIM_OP_s_not_b32,
      SIM_OP_s_and_saveexec_b32, SIM_OP_s_or_saveexec_b32,  SIM_OP_s_andn2_saveexec_b32,
      SIM_OP_s_and_saveexec_b64, SIM_OP_s_xor_saveexec_b64, SIM_OP_s_brev_b32, /* not translated */
   };
   static const uint16_t sopc[] = {
      SIM_OP_s_cmp_eq_u32, SIM_OP_s_cmp_lg_i32, SIM_OP_s_cmp_lt_i32,
      SIM_OP_s_cmp_ge_u32, SIM_OP_s_cmp_gt_u32, SIM_OP_s_cmp_le_i32,
   };
   static const uint16_t sopk[] = {
      SIM_OP_s_movk_i32,    SIM_OP_s_addk_i32,    SIM_OP_s_cmpk_lt_i32,
      SIM_OP_s_cmpk_eq_u32, SIM_OP_s_cmpk_gt_u32, SIM_OP_s_cmpk_le_i32,
   };
   switch (pick(4)) {
   case 0: {
      unsigned op = sop2[pick(sizeof(sop2) / sizeof(sop2[0]))];
      bool b64 = sim_opcodes[op].operand_size == 64 || strstr(sim_opcodes[op].name, "_b64") ||
                 strstr(sim_opcodes[op].name, "_i64");
      unsigned a = src(true, &lit_used, &lit), b = src(true, &lit_used, &lit);
      if (b64) {
         a = a < SIM_SRC_VCC_LO ? sgpr_pair() : a;
         b = b < SIM_SRC_VCC_LO ? sgpr_pair() : b;
         d = d < SIM_SRC_VCC_LO ? sgpr_pair() : d;
      }
      emit(p, 0x80000000u | sim_opcodes[op].opcode << 23 | d << 16 | b << 8 | a);
      break;
   }
   case 1: {
      unsigned op = sop1[pick(sizeof(sop1) / sizeof(sop1[0]))];
      bool b64 = strstr(sim_opcodes[op].name, "_b64") != NULL;
      unsigned a = src(true, &lit_used, &lit);
      if (b64) {
         a = a < SIM_SRC_VCC_LO ? sgpr_pair() : a;
         d = d < SIM_SRC_VCC_LO ? sgpr_pair() : d;
      }
      if (strstr(sim_opcodes[op].name, "saveexec") && d == SIM_SRC_EXEC_LO)
         d = b64 ? sgpr_pair() : sgpr();
      (void)wave_size;
      emit(p, 0xbe800000u | d << 16 | sim_opcodes[op].opcode << 8 | a);
      break;
   }
   case 2: {
      unsigned op = sopc[pick(sizeof(sopc) / sizeof(sopc[0]))];
      unsigned a = src(true, &lit_used, &lit), b = src(true, &lit_used, &lit);
      emit(p, 0xbf000000u | sim_opcodes[op].opcode << 16 | b << 8 | a);
      break;
   }
   default: {
      unsigned op = sopk[pick(sizeof(sopk) / sizeof(sopk[0]))];
      emit(p, 0xb0000000u | sim_opcodes[op].opcode << 23 | d << 16 | (interesting() & 0xffff));
      break;
   }
   }
   if (lit_used)
      emit(p, lit);
}

/* The 32-bit mask of an address register: mostly a window inside the
 * buffer, sometimes one reaching past its end or anywhere. */
static uint32_t
address_mask(void)
{
   switch (pick(80)) {
   case 0:
      return 0xfffc; /* the buffer's 64 KiB, plus the base: some lanes past it */
   case 1:
      return 0xfffffffc;
   default:
      return (const uint32_t[]){ 0x7c, 0x3fc, 0xffc, 0x1ffc, 0x3ffc }[pick(5)];
   }
}

/* A GLOBAL load or store of 1-4 dwords, or of a byte or short (d16
 * halves among them), between v1..v13 and memory, now and then as FLAT:
 * loads from the input buffer (s[2:3], read-only) or the output buffer
 * (s[0:1]), stores to the output buffer above the epilogue's words (now
 * and then to the input buffer: a write fault).  The address is a
 * masked VGPR (random contents, or v255 = lane * 4), or lane * the
 * access's width (or another number of dwords) from a random start (a
 * wave's consecutive or strided access, which the translator moves at
 * once; now and then reaching past the buffer's
 * end, into the page mapped after the output buffer or beyond), as an
 * offset to the SGPR base, or added to it into a 64-bit VGPR address;
 * the address VGPR is v14 (v[14:15]) or one of the body's, so that a
 * load may overwrite its own address. */
static void
gen_mem(struct prog *p)
{
   static const uint16_t loads[] = { SIM_OP_global_load_dword, SIM_OP_global_load_dwordx2,
                                     SIM_OP_global_load_dwordx3, SIM_OP_global_load_dwordx4 };
   static const uint16_t stores[] = { SIM_OP_global_store_dword, SIM_OP_global_store_dwordx2,
                                      SIM_OP_global_store_dwordx3, SIM_OP_global_store_dwordx4 };
   static const uint16_t narrow_loads[] = {
      SIM_OP_global_load_ubyte,     SIM_OP_global_load_sbyte,
      SIM_OP_global_load_ushort,    SIM_OP_global_load_sshort,
      SIM_OP_global_load_short_d16, SIM_OP_global_load_short_d16_hi,
      SIM_OP_global_load_sbyte_d16, SIM_OP_global_load_ubyte_d16_hi,
   };
   static const uint16_t narrow_stores[] = { SIM_OP_global_store_byte, SIM_OP_global_store_short,
                                             SIM_OP_global_store_short_d16_hi,
                                             SIM_OP_global_store_byte_d16_hi };
   bool store = pick(2), narrow = pick(4) == 0;
   unsigned n = narrow ? 1 : 1 + pick(4);
   unsigned op = !narrow ? (store ? stores[n - 1] : loads[n - 1])
                 : store ? narrow_stores[pick(sizeof(narrow_stores) / sizeof(narrow_stores[0]))]
                         : narrow_loads[pick(sizeof(narrow_loads) / sizeof(narrow_loads[0]))];
   bool v64 = pick(3) == 0;
   /* FLAT (the same opcodes) of a 64-bit address outside the apertures */
   bool flat = v64 && pick(3) == 0;
   unsigned base = store ? (pick(60) ? 0 : 2) : 2 * pick(2);
   unsigned a = pick(3) ? 14 : 1 + pick(v64 ? 12 : 13);
   unsigned data = 1 + pick(14 - n);
   int offset = flat ? (int)pick(2048) : (int)pick(4096) - 2048;

   if (pick(2)) {
      /* v_and_b32 va, mask, v255 or a random VGPR */
      unsigned src = pick(2) ? 255 : vgpr();
      emit(p, sim_opcodes[SIM_OP_v_and_b32].opcode << 25 | a << 17 | src << 9 | SIM_SRC_LITERAL);
      emit(p, address_mask());
   } else {
      /* v_mul_u32_u24 va, k, v255; v_add_nc_u32 va, start, va: lanes
       * k dwords apart, mostly k = n (consecutive), else further apart
       * (a gather or scatter) or overlapping */
      uint32_t start = pick(40) ? pick(0x3000) : 0xf000 + pick(0x1000);
      unsigned k = pick(3) ? n : pick(2) ? n + 1 + pick(4) : pick(n + 1);
      if (pick(8))
         start &= ~3u;
      emit(p, sim_opcodes[SIM_OP_v_mul_u32_u24].opcode << 25 | a << 17 | 255 << 9 | (128 + k));
      emit(p, sim_opcodes[SIM_OP_v_add_u32].opcode << 25 | a << 17 | a << 9 | SIM_SRC_LITERAL);
      emit(p, start);
   }
   if (store && base == 0) {
      /* v_add_nc_u32 va, 0x1000, va: above the epilogue's words */
      emit(p, sim_opcodes[SIM_OP_v_add_u32].opcode << 25 | a << 17 | a << 9 | SIM_SRC_LITERAL);
      emit(p, 0x1000);
   }
   if (v64) {
      /* v_add_nc_u32 va, s[base], va; v_mov_b32 va+1, s[base + 1] */
      emit(p, sim_opcodes[SIM_OP_v_add_u32].opcode << 25 | a << 17 | a << 9 | base);
      emit(p, 0x7e000000u | (a + 1) << 17 | sim_opcodes[SIM_OP_v_mov_b32].opcode << 9 | (base + 1));
   }
   emit(p, 0xdc000000u | (flat ? 0 : 0x8000u) | sim_opcodes[op].opcode << 18 |
              ((uint32_t)offset & 0xfff));
   emit(p,
        (store ? 0 : data) << 24 | (v64 ? SIM_SRC_NULL : base) << 16 | (store ? data : 0) << 8 | a);
}

static void
smov_literal(struct prog *p, unsigned sdst, uint32_t v)
{
   emit(p, 0xbe800000u | sdst << 16 | sim_opcodes[SIM_OP_s_mov_b32].opcode << 8 | SIM_SRC_LITERAL);
   emit(p, v);
}

/* A MUBUF load or store (dwords, bytes, shorts, d16 halves) through a V#
 * written to s[20:23] just before: the output buffer above the
 * epilogue's words, now and then the read-only input buffer (a store
 * there is a write fault); a stride, a record count (none: accesses
 * past the buffer fault), any of the four out-of-bounds modes (the
 * lanes out of bounds read 0 and drop their stores), now and then
 * ADD_TID or swizzling; an index and an offset VGPR (v14, v15) masked
 * from random contents or lane * 4. */
static void
gen_buffer(struct prog *p)
{
   static const uint16_t ops[] = {
      SIM_OP_buffer_load_dword,         SIM_OP_buffer_load_dwordx2,
      SIM_OP_buffer_load_dwordx3,       SIM_OP_buffer_load_dwordx4,
      SIM_OP_buffer_load_ubyte,         SIM_OP_buffer_load_sshort,
      SIM_OP_buffer_load_short_d16,     SIM_OP_buffer_load_ubyte_d16_hi,
      SIM_OP_buffer_store_dword,        SIM_OP_buffer_store_dwordx2,
      SIM_OP_buffer_store_dwordx3,      SIM_OP_buffer_store_dwordx4,
      SIM_OP_buffer_store_byte,         SIM_OP_buffer_store_short,
      SIM_OP_buffer_store_short_d16_hi,
   };
   unsigned op = ops[pick(sizeof(ops) / sizeof(ops[0]))];
   const struct sim_mem_op *m = &sim_mem_ops[op];
   unsigned n = m->bytes == 4 ? m->dwords : 1;
   uint64_t base = pick(40) ? ST_BUF_VA(0) + 0x4000 : ST_BUF_VA(1);
   uint32_t stride = pick(10) ? (const uint32_t[]){ 0, 4, 16, 64 }[pick(4)] : 1000;
   uint32_t records = pick(20) ? (const uint32_t[]){ 0x40, 0x1000, 0x8000 }[pick(3)] : 0xffffffff;
   bool swizzle = pick(10) == 0, add_tid = pick(6) == 0;
   smov_literal(p, 20, (uint32_t)base);
   smov_literal(p, 21, (uint32_t)(base >> 32) | stride << 16 | (uint32_t)swizzle << 31);
   smov_literal(p, 22, records);
   smov_literal(p, 23, pick(4) << 28 | (uint32_t)add_tid << 23 | pick(4) << 21);

   bool idxen = pick(3) == 0, offen = pick(3) != 0;
   unsigned v = 14;
   if (idxen) {
      /* v_and_b32 v14, 0x3f or 0xfff, a random VGPR */
      emit(p, sim_opcodes[SIM_OP_v_and_b32].opcode << 25 | v << 17 | vgpr() << 9 | SIM_SRC_LITERAL);
      emit(p, pick(8) ? 0x3f : 0xfff);
   }
   if (offen) {
      unsigned src = pick(2) ? 255 : vgpr();
      emit(p, sim_opcodes[SIM_OP_v_and_b32].opcode << 25 | (v + idxen) << 17 | src << 9 |
                 SIM_SRC_LITERAL);
      emit(p, address_mask());
   }
   unsigned soffset = pick(30) ? 128 + pick(17) : sgpr();
   unsigned data = 1 + pick(14 - n);
   emit(p, 0xe0000000u | sim_opcodes[op].opcode << 18 | (uint32_t)idxen << 13 |
              (uint32_t)offen << 12 | pick(4096));
   emit(p, soffset << 24 | (20 / 4) << 16 | data << 8 | v);
}

/* An s_load of 1-16 dwords into SGPRs inside s4..s26 (aligned as the
 * hardware wants them) from the output or the input buffer's base, at an
 * immediate offset, now and then plus an SGPR (its random contents, or
 * them masked to a small offset); some reach past a buffer's end or below
 * its start (a fault, or the page mapped after the output buffer). */
static void
gen_smem(struct prog *p)
{
   static const uint16_t ops[] = { SIM_OP_s_load_dword, SIM_OP_s_load_dwordx2,
                                   SIM_OP_s_load_dwordx4, SIM_OP_s_load_dwordx8,
                                   SIM_OP_s_load_dwordx16 };
   unsigned i = pick(5), n = 1u << i;
   unsigned align = n < 4 ? n : 4, last = 26 - (n - 1);
   unsigned sdata = 4 + align * pick((last - 4) / align + 1);
   unsigned sbase = 2 * pick(2);
   int32_t offset = pick(40) ? (int32_t)pick(0x3000) - 0x100 : 0xf000 + (int32_t)pick(0x2000);
   unsigned soffset = pick(8) ? SIM_SRC_NULL : sgpr();
   if (soffset != SIM_SRC_NULL && pick(4)) {
      /* s_and_b32 soffset, soffset, 0x1ffc: mostly an offset inside */
      emit(p, 0x80000000u | sim_opcodes[SIM_OP_s_and_b32].opcode << 23 | soffset << 16 |
                 SIM_SRC_LITERAL << 8 | soffset);
      emit(p, 0x1ffc);
   }
   emit(p, 0xf4000000u | sim_opcodes[ops[i]].opcode << 18 | sdata << 6 | sbase >> 1);
   emit(p, soffset << 25 | ((uint32_t)offset & 0x1fffff));
}

static void gen_block(struct prog *p, unsigned n, unsigned wave_size, unsigned depth);

static void
gen_branch(struct prog *p, unsigned wave_size, unsigned depth)
{
   static const uint16_t cb[] = {
      SIM_OP_s_cbranch_scc0,  SIM_OP_s_cbranch_scc1,  SIM_OP_s_cbranch_vccz,
      SIM_OP_s_cbranch_vccnz, SIM_OP_s_cbranch_execz, SIM_OP_s_cbranch_execnz,
   };
   struct prog *inner = calloc(1, sizeof(*inner));
   if (!inner)
      return;
   gen_block(inner, 1 + pick(6), wave_size, depth + 1);
   unsigned op = cb[pick(sizeof(cb) / sizeof(cb[0]))];
   emit(p, 0xbf800000u | sim_opcodes[op].opcode << 16 | inner->n);
   for (unsigned i = 0; i < inner->n; i++)
      emit(p, inner->w[i]);
   free(inner);
}

/* s27 counts: s_mov_b32 s27, N; body; s_sub_u32 s27, s27, 1;
 * s_cmp_lg_u32 s27, 0; s_cbranch_scc1 body. */
static void
gen_loop(struct prog *p, unsigned wave_size, unsigned depth)
{
   struct prog *body = calloc(1, sizeof(*body));
   if (!body)
      return;
   gen_block(body, 2 + pick(12), wave_size, depth + 1);
   emit(p, 0xbe800000u | 27 << 16 | sim_opcodes[SIM_OP_s_mov_b32].opcode << 8 | (129 + pick(6)));
   for (unsigned i = 0; i < body->n; i++)
      emit(p, body->w[i]);
   emit(p, 0x80000000u | sim_opcodes[SIM_OP_s_sub_u32].opcode << 23 | 27 << 16 | 129 << 8 | 27);
   emit(p, 0xbf000000u | sim_opcodes[SIM_OP_s_cmp_lg_u32].opcode << 16 | 128 << 8 | 27);
   int16_t back = -(int16_t)(body->n + 3);
   emit(p, 0xbf800000u | sim_opcodes[SIM_OP_s_cbranch_scc1].opcode << 16 | (uint16_t)back);
   free(body);
}

static void
gen_block(struct prog *p, unsigned n, unsigned wave_size, unsigned depth)
{
   for (unsigned i = 0; i < n; i++) {
      unsigned r = pick(27);
      if (r >= 25)
         gen_smem(p);
      else if (r >= 23)
         gen_buffer(p);
      else if (r >= 20)
         gen_mem(p);
      else if (r < 12)
         gen_valu(p, wave_size);
      else if (r < 17)
         gen_salu(p, wave_size);
      else if (r < 19 && depth < 2)
         gen_branch(p, wave_size, depth);
      else if (depth == 0)
         gen_loop(p, wave_size, depth);
      else
         gen_valu(p, wave_size);
   }
}

#define IN_BYTES  65536
#define OUT_BYTES 65536

/* A page mapped right after the output buffer: a wave's access that
 * runs past the buffer's end goes on there, lane by lane. */
#define NEXT_BYTES 4096

struct outcome {
   int ret;
   struct kiln_sim_fault fault;
   struct kiln_sim_stats stats;
   uint8_t out[OUT_BYTES];
   uint8_t next[NEXT_BYTES];
};

static uint8_t *next_page;

static void
run_one(struct sim_test *t, const struct prog *p, struct kiln_sim_dispatch *d,
        enum kiln_sim_jit_mode mode, struct outcome *o)
{
   sim_jit_select_mode(mode);
   memset(t->buf[0], 0, OUT_BYTES);
   memset(next_page, 0, NEXT_BYTES);
   memset(o, 0, sizeof(*o));
   memcpy(t->code, p->w, p->n * 4);
   struct kiln_sim_run_options opts = { .threads = 1, .watchdog_instructions = 1u << 20 };
   o->ret = kiln_sim_dispatch(t->vm, d, &opts, &o->fault, &o->stats);
   memcpy(o->out, t->buf[0], OUT_BYTES);
   memcpy(o->next, next_page, NEXT_BYTES);
}

static const char *
slot_name(unsigned off, char *buf, size_t size)
{
   unsigned reg = off / 256, lane = (off % 256) / 4;
   if (reg >= 14)
      snprintf(buf, size, "output buffer + 0x%x", off);
   else if (reg < 13)
      snprintf(buf, size, "v%u lane %u", reg + 1, lane);
   else if (lane < 24)
      snprintf(buf, size, "s%u", lane + 4);
   else
      snprintf(buf, size, "%s",
               (const char *[]){ "vcc_lo", "vcc_hi", "exec_lo", "exec_hi", "scc", "?", "?",
                                 "?" }[(lane - 24) & 7]);
   return buf;
}

int
main(void)
{
   struct sim_test t;
   st_init(&t);
   st_buffer(&t, 0, OUT_BYTES);
   next_page = aligned_alloc(4096, NEXT_BYTES);
   kiln_sim_vm_map(t.vm, ST_BUF_VA(0) + OUT_BYTES, next_page, NEXT_BYTES,
                   KILN_SIM_MAP_READ | KILN_SIM_MAP_WRITE);
   uint32_t *in = st_buffer(&t, 1, IN_BYTES);
   /* the input buffer is read-only: a store to it is a write fault */
   kiln_sim_vm_unmap(t.vm, ST_BUF_VA(1));
   kiln_sim_vm_map(t.vm, ST_BUF_VA(1), in, IN_BYTES, KILN_SIM_MAP_READ);
   const char *it_env = getenv("KILN_SIM_JIT_TEST_ITERS");
   const char *seed_env = getenv("KILN_SIM_JIT_TEST_SEED");
   unsigned iters = it_env ? (unsigned)atoi(it_env) : 300;
   uint32_t seed = seed_env ? (uint32_t)strtoul(seed_env, NULL, 0) : 1;
   unsigned mismatches = 0, faults = 0;
   struct prog *p = calloc(1, sizeof(*p));
   struct outcome *a = calloc(1, sizeof(*a)), *b = calloc(1, sizeof(*b));
   uint64_t translated_lanes = 0;

   for (unsigned iter = 0; iter < iters && mismatches < 5; iter++) {
      rng = (seed + iter) * 2654435761u | 1;
      unsigned wave_size = pick(2) ? 64 : 32;
      p->n = 0;
      for (unsigned i = 0; i < sizeof(prog_prologue) / 4; i++)
         emit(p, prog_prologue[i]);
      gen_block(p, 8 + pick(40), wave_size, 0);
      for (unsigned i = 0; i < sizeof(prog_epilogue) / 4; i++)
         emit(p, prog_epilogue[i]);

      for (unsigned i = 0; i < IN_BYTES / 4; i++)
         in[i] = interesting();
      struct kiln_sim_dispatch d = st_dispatch(1 + pick(wave_size), wave_size);
      if (pick(3))
         d.group_size[0] = wave_size;
      d.rsrc2 = 16u << 1; /* 16 user SGPRs */
      /* FLOAT_MODE (round and denormal modes), DX10_CLAMP, IEEE */
      uint32_t float_mode = pick(2) ? 0xf0 : pick(256);
      d.rsrc1 = 63 | float_mode << 12 | pick(2) << 21 | pick(2) << 23;
      uint64_t out_va = ST_BUF_VA(0) + 2048, in_va = ST_BUF_VA(1) + 2048;
      d.user_data[0] = (uint32_t)out_va;
      d.user_data[1] = (uint32_t)(out_va >> 32);
      d.user_data[2] = (uint32_t)in_va;
      d.user_data[3] = (uint32_t)(in_va >> 32);
      for (unsigned i = 4; i < 16; i++)
         d.user_data[i] = interesting();

      run_one(&t, p, &d, KILN_SIM_JIT_OFF, a);
      run_one(&t, p, &d, KILN_SIM_JIT_ALWAYS, b);
      faults += a->ret != 0;
      translated_lanes += b->stats.lane_instructions;

      bool same = a->ret == b->ret && a->fault.kind == b->fault.kind &&
                  !strcmp(a->fault.message, b->fault.message) &&
                  a->stats.wave_instructions == b->stats.wave_instructions &&
                  a->stats.lane_instructions == b->stats.lane_instructions &&
                  !memcmp(a->out, b->out, OUT_BYTES) && !memcmp(a->next, b->next, NEXT_BYTES);
      CHECK(same, "program %u (seed %u, wave%u, MODE float 0x%02x): translator differs", iter,
            seed + iter, wave_size, float_mode);
      if (!same) {
         mismatches++;
         fprintf(stderr,
                 "  interpreter: ret %d, %" PRIu64 " waves / %" PRIu64 " lanes, fault '%s'\n"
                 "  translator:  ret %d, %" PRIu64 " waves / %" PRIu64 " lanes, fault '%s'\n",
                 a->ret, a->stats.wave_instructions, a->stats.lane_instructions, a->fault.message,
                 b->ret, b->stats.wave_instructions, b->stats.lane_instructions, b->fault.message);
         unsigned shown = 0;
         for (unsigned off = 0; off < OUT_BYTES && shown < 8; off += 4) {
            uint32_t x, y;
            memcpy(&x, a->out + off, 4);
            memcpy(&y, b->out + off, 4);
            if (x != y) {
               char name[32];
               fprintf(stderr, "  %s: interpreter 0x%08x, translator 0x%08x\n",
                       slot_name(off, name, sizeof(name)), x, y);
               shown++;
            }
         }
         char text[160];
         for (unsigned i = sizeof(prog_prologue) / 4; i < p->n;) {
            unsigned sz = kiln_sim_disasm(&p->w[i], p->n - i, text, sizeof(text));
            fprintf(stderr, "    %s\n", sz ? text : "?");
            i += sz ? sz : 1;
         }
      }
   }
   printf("%u programs, %u ended in a fault, %" PRIu64 " lane-instructions compared\n", iters,
          faults, translated_lanes);

   /* The watchdog and the time slices: a loop that never ends, in two
    * waves.  The fault must agree, the hung wave's count in its message
    * included.  The translator runs whole passes of the loop and may
    * overrun a time slice by less than a pass, so the hung wave can reach
    * the watchdog's budget in fewer slices: the other wave then got as
    * far as the interpreter takes it or one slice (SIM_TIME_SLICE) less,
    * never further. */
   p->n = 0;
   for (unsigned i = 0; i < sizeof(prog_hang) / 4; i++)
      emit(p, prog_hang[i]);
   struct kiln_sim_dispatch d = st_dispatch(64, 32);
   d.rsrc1 = 63 | 0xf0 << 12;
   run_one(&t, p, &d, KILN_SIM_JIT_OFF, a);
   run_one(&t, p, &d, KILN_SIM_JIT_ALWAYS, b);
   CHECK(a->ret == -EFAULT && a->fault.kind == KILN_SIM_FAULT_HANG, "hang: interpreter ret %d",
         a->ret);
   CHECK(b->ret == a->ret && !strcmp(a->fault.message, b->fault.message) &&
            b->stats.wave_instructions <= a->stats.wave_instructions &&
            b->stats.wave_instructions + SIM_TIME_SLICE > a->stats.wave_instructions &&
            a->stats.lane_instructions == 32 * a->stats.wave_instructions &&
            b->stats.lane_instructions == 32 * b->stats.wave_instructions,
         "hang: interpreter '%s' after %" PRIu64 " instructions, translator '%s' after %" PRIu64,
         a->fault.message, a->stats.wave_instructions, b->fault.message,
         b->stats.wave_instructions);
   free(p);
   free(a);
   free(b);
   int ret = st_finish(&t);
   free(next_page);
   return ret;
}
