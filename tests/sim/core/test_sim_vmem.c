/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Vector memory: GLOBAL loads and stores of every size with sign/zero
 * extension and d16 halves, global atomics and their returned pre-op
 * values, SCRATCH with the hardware's swizzled per-lane layout, FLAT
 * through the LDS and private apertures, and MUBUF bounds checking.
 * Expected values come from the ISA's definitions, computed here.
 */
#include <stdlib.h>

#include "sim_test.h"
#include "test_sim_vmem.h"
#include "util/u_math.h"

#define LANES        32
#define R(out, k, i) ((out)[(k)*32 + (i)])

static uint32_t
rd32(const uint8_t *p)
{
   uint32_t v;
   memcpy(&v, p, 4);
   return v;
}

static void
test_global_loads(struct sim_test *t)
{
   uint32_t *out = st_buffer(t, 0, 8192);
   uint8_t *in = st_buffer(t, 1, 8192);
   for (unsigned i = 0; i < 1024; i++)
      in[i] = (uint8_t)(i * 7 + 0x81);
   struct kiln_sim_dispatch d = st_dispatch(LANES, 32);
   if (!ST_RUN_OK(t, prog_global_loads, &d))
      return;
   for (unsigned i = 0; i < LANES; i++) {
      const uint8_t *p = in + 4 * i;
      uint16_t h;
      memcpy(&h, p + 2, 2);
      uint16_t h0;
      memcpy(&h0, p, 2);
      CHECK_EQ32("global_load_ubyte", R(out, 0, i), p[1]);
      CHECK_EQ32("global_load_sbyte", R(out, 1, i), (uint32_t)(int32_t)(int8_t)p[3]);
      CHECK_EQ32("global_load_ushort", R(out, 2, i), h);
      CHECK_EQ32("global_load_sshort", R(out, 3, i), (uint32_t)(int32_t)(int16_t)h);
      CHECK_EQ32("global_load_dword", R(out, 4, i), rd32(p));
      CHECK_EQ32("global_load_dwordx2 .x", R(out, 5, i), rd32(in + 8 * i));
      CHECK_EQ32("global_load_dwordx2 .y", R(out, 6, i), rd32(in + 8 * i + 4));
      CHECK_EQ32("global_load_dwordx3 .x", R(out, 7, i), rd32(in + 16 * i));
      CHECK_EQ32("global_load_dwordx3 .y", R(out, 8, i), rd32(in + 16 * i + 4));
      CHECK_EQ32("global_load_dwordx3 .z", R(out, 9, i), rd32(in + 16 * i + 8));
      CHECK_EQ32("global_load_dwordx4 offset:-16 .x", R(out, 10, i), rd32(in + 16 * i));
      CHECK_EQ32("global_load_dwordx4 offset:-16 .w", R(out, 11, i), rd32(in + 16 * i + 12));
      CHECK_EQ32("global_load_short_d16_hi", R(out, 12, i), (uint32_t)h0 << 16 | 0x5678);
      CHECK_EQ32("global_load_ubyte_d16", R(out, 13, i), 0xaaaa0000u | p[3]);
      CHECK_EQ32("global_load_sbyte_d16_hi", R(out, 14, i),
                 (uint32_t)(uint16_t)(int16_t)(int8_t)p[3] << 16 | 0xbbbb);
      CHECK_EQ32("global_load_dword 64-bit vaddr", R(out, 15, i), rd32(in + 8));
   }
}

static void
test_global_stores(struct sim_test *t)
{
   uint8_t *out = st_buffer(t, 0, 8192);
   memset(out, 0xee, 8192);
   struct kiln_sim_dispatch d = st_dispatch(LANES, 32);
   if (!ST_RUN_OK(t, prog_global_stores, &d))
      return;
   for (unsigned i = 0; i < LANES; i++) {
      CHECK_EQ32("global_store_byte", rd32(out + 4 * i), 0xeeeeee44u);
      CHECK_EQ32("global_store_byte_d16_hi", rd32(out + 128 + 4 * i), 0xeeee22eeu);
      CHECK_EQ32("global_store_short", rd32(out + 256 + 4 * i), 0x7788eeeeu);
      CHECK_EQ32("global_store_short_d16_hi", rd32(out + 384 + 4 * i), 0xeeee5566u);
      const uint8_t *q = out + 512 + 16 * i;
      if (i < 31) { /* lanes 31's dwordx4 region overlaps the dwordx3 stores */
         CHECK_EQ32("global_store_dwordx4 .x", rd32(q), 0x11223344u);
         CHECK_EQ32("global_store_dwordx4 .w", rd32(q + 12), 0xddeeff00u);
      }
      q = out + 1024 + 16 * i;
      CHECK_EQ32("global_store_dwordx3 .z", rd32(q + 8), 0xddeeff00u);
      q = out + 2048 + 16 * i;
      CHECK_EQ32("global_store_dwordx2 .x", rd32(q), 0x99aabbccu);
      CHECK_EQ32("global_store_dwordx2 .y", rd32(q + 4), 0xddeeff00u);
      CHECK_EQ32("global_store_dwordx2 leaves the rest", rd32(q + 8), 0xeeeeeeeeu);
   }
}

static void
test_global_atomics(struct sim_test *t)
{
   uint32_t *out = st_buffer(t, 0, 8192);
   uint32_t *in = st_buffer(t, 1, 8192);
   uint32_t init[8][LANES];
   for (unsigned i = 0; i < LANES; i++) {
      in[64 + i] = 3 * i;            /* cmpswap */
      in[128 + i] = i;               /* smin with 7 */
      in[192 + i] = 3 * i;           /* umax with 7 */
      in[256 + i] = 100;             /* sub 7 */
      in[320 + i] = i;               /* inc, limit 7 */
      in[384 + i] = i;               /* dec, limit 7 */
      in[448 + i] = 0xf0;            /* xor 7 */
      in[512 + 2 * i] = 0xffffffffu; /* add_x2 1 */
      in[512 + 2 * i + 1] = i;
      in[576 + 2 * i] = i & 1 ? 5 : 9; /* cmpswap_x2: cmp = 5 */
      in[576 + 2 * i + 1] = 0;
      in[640 + i] = 0x1000 + i; /* swap 7 */
   }
   memcpy(init, in + 64, sizeof(init));
   struct kiln_sim_dispatch d = st_dispatch(LANES, 32);
   if (!ST_RUN_OK(t, prog_global_atomics, &d))
      return;

   /* 32 lanes each add 1 to one dword: the returned pre-op values are
    * 0..31 in some order, and the dword ends at 32. */
   uint32_t seen = 0;
   for (unsigned i = 0; i < LANES; i++)
      if (R(out, 0, i) < 32)
         seen |= 1u << R(out, 0, i);
   CHECK_EQ32("global_atomic_add returns distinct pre-op values", seen, 0xffffffffu);
   CHECK_EQ32("global_atomic_add final", in[0], 32);

   for (unsigned i = 0; i < LANES; i++) {
      bool even = !(i & 1);
      CHECK_EQ32("global_atomic_cmpswap returns old", R(out, 1, i), 3 * i);
      CHECK_EQ32("global_atomic_cmpswap memory", in[64 + i], even ? 100 + i : 3 * i);
      CHECK_EQ32("global_atomic_smin old", R(out, 2, i), i);
      CHECK_EQ32("global_atomic_smin memory", in[128 + i], i < 7 ? i : 7);
      CHECK_EQ32("global_atomic_umax old", R(out, 3, i), 3 * i);
      CHECK_EQ32("global_atomic_umax memory", in[192 + i], 3 * i > 7 ? 3 * i : 7);
      CHECK_EQ32("global_atomic_sub memory", in[256 + i], 93);
      CHECK_EQ32("global_atomic_inc old", R(out, 5, i), i);
      /* inc: old >= limit ? 0 : old + 1 */
      CHECK_EQ32("global_atomic_inc memory", in[320 + i], i >= 7 ? 0 : i + 1);
      /* dec: old == 0 || old > limit ? limit : old - 1 */
      CHECK_EQ32("global_atomic_dec memory", in[384 + i], i == 0 || i > 7 ? 7 : i - 1);
      CHECK_EQ32("global_atomic_xor (no return) memory", in[448 + i], 0xf7);
      CHECK_EQ32("global_atomic_add_x2 old lo", R(out, 7, i), 0xffffffffu);
      CHECK_EQ32("global_atomic_add_x2 old hi", R(out, 8, i), i);
      CHECK_EQ32("global_atomic_add_x2 carries", in[512 + 2 * i + 1], i + 1);
      CHECK_EQ32("global_atomic_add_x2 lo", in[512 + 2 * i], 0);
      CHECK_EQ32("global_atomic_cmpswap_x2 old", R(out, 9, i), i & 1 ? 5 : 9);
      CHECK_EQ32("global_atomic_cmpswap_x2 memory", in[576 + 2 * i], i & 1 ? 0xffffffffu : 9);
      CHECK_EQ32("global_atomic_swap old", R(out, 11, i), 0x1000 + i);
      CHECK_EQ32("global_atomic_swap memory", in[640 + i], 7);
   }
}

/* The ISA's private-memory swizzle: dword d of lane l of a wave of
 * wave_size lanes lives at (d * wave_size + l) * 4 in the wave's slice. */
static uint32_t
swizzled(const uint8_t *slice, unsigned wave_size, unsigned lane, unsigned off)
{
   return rd32(slice + ((off / 4) * wave_size + lane) * 4);
}

static struct kiln_sim_dispatch
scratch_dispatch(unsigned threads, unsigned wave_size)
{
   struct kiln_sim_dispatch d = st_dispatch(threads, wave_size);
   d.rsrc2 |= 1;        /* SCRATCH_EN: wave offset in s6 */
   d.rsrc2 |= 4u << 15; /* 2 KiB of LDS */
   d.scratch_va = ST_BUF_VA(2);
   d.tmpring_size = 64 | 4u << 12; /* 64 waves of 4 KiB */
   return d;
}

static void
test_scratch(struct sim_test *t)
{
   uint32_t *out = st_buffer(t, 0, 8192);
   uint8_t *scr = st_buffer(t, 2, 64 * 4096);
   struct kiln_sim_dispatch d = scratch_dispatch(LANES, 32);
   if (!ST_RUN_OK(t, prog_scratch, &d))
      return;
   /* The wave offset (s6) gives wave 0 of the only group a slice at the
    * start of the ring. */
   for (unsigned i = 0; i < LANES; i++) {
      CHECK_EQ32("scratch_store/load_dword vaddr", R(out, 0, i), 0x1000 + i);
      CHECK_EQ32("scratch_store/load_dword saddr", R(out, 1, i), 0x2000 + i);
      CHECK_EQ32("scratch_load_dword untouched", R(out, 2, i), 0);
      /* short 0xabcd at 72, byte 0xcd at 75 */
      CHECK_EQ32("scratch_store_short + byte", R(out, 3, i), 0xcd00abcdu);
      CHECK_EQ32("scratch_load_dwordx2 .y", R(out, 4, i), 0);
      CHECK_EQ32("swizzled layout", swizzled(scr, 32, i, 8), 0x1000 + i);
      CHECK_EQ32("swizzled layout, sub-dword", swizzled(scr, 32, i, 72), 0xcd00abcdu);
      CHECK_EQ32("swizzled layout, saddr", swizzled(scr, 32, i, 24), 0x2000 + i);
   }
}

static void
test_scratch64(struct sim_test *t)
{
   uint32_t *out = st_buffer(t, 0, 8192);
   uint8_t *scr = st_buffer(t, 2, 64 * 4096);
   struct kiln_sim_dispatch d = scratch_dispatch(64, 64);
   if (!ST_RUN_OK(t, prog_scratch64, &d))
      return;
   for (unsigned i = 0; i < 64; i++) {
      CHECK_EQ32("wave64 scratch_store_dwordx2 / load .y", out[i], 0x1000 + i);
      CHECK_EQ32("wave64 scratch_store_dwordx2 / load .x", out[64 + i], 4 * i);
      /* dwords at per-lane offsets 4 and 8: rows 1 and 2 of 64 lanes */
      CHECK_EQ32("wave64 swizzled layout .x", swizzled(scr, 64, i, 4), 4 * i);
      CHECK_EQ32("wave64 swizzled layout .y", swizzled(scr, 64, i, 8), 0x1000 + i);
   }
}

static void
test_buffer_scratch(struct sim_test *t)
{
   uint32_t *out = st_buffer(t, 0, 8192);
   uint8_t *scr = st_buffer(t, 2, 64 * 4096);
   struct kiln_sim_dispatch d = scratch_dispatch(LANES, 32);
   if (!ST_RUN_OK(t, prog_buffer_scratch, &d))
      return;
   for (unsigned i = 0; i < LANES; i++) {
      CHECK_EQ32("swizzled buffer store/load", R(out, 0, i), 0x7000 + i);
      CHECK_EQ32("swizzled buffer dwordx2 .y", R(out, 1, i), 0x9000 + i);
      /* the same per-lane layout as scratch_*: offsets 4, 12 and 16 */
      CHECK_EQ32("swizzled buffer layout", swizzled(scr, 32, i, 4), 0x7000 + i);
      CHECK_EQ32("swizzled buffer layout x2 .x", swizzled(scr, 32, i, 12), 0x8000 + i);
      CHECK_EQ32("swizzled buffer layout x2 .y", swizzled(scr, 32, i, 16), 0x9000 + i);
   }
}

static void
test_flat(struct sim_test *t)
{
   uint32_t *out = st_buffer(t, 0, 8192);
   uint32_t *in = st_buffer(t, 1, 8192);
   st_buffer(t, 2, 64 * 4096);
   for (unsigned i = 0; i < LANES; i++)
      in[i] = 0xcafe0000 + i;
   struct kiln_sim_dispatch d = scratch_dispatch(LANES, 32);
   if (!ST_RUN_OK(t, prog_flat, &d))
      return;
   for (unsigned i = 0; i < LANES; i++) {
      CHECK_EQ32("flat_load_dword global", R(out, 0, i), 0xcafe0000 + i);
      CHECK_EQ32("flat_store_dword to the LDS aperture", R(out, 1, i), 0x300 + i);
      CHECK_EQ32("flat_store_dword to the private aperture", R(out, 2, i), 0x300 + i);
   }
}

static void
test_buffer(struct sim_test *t)
{
   uint32_t *out = st_buffer(t, 0, 8192);
   uint32_t *in = st_buffer(t, 1, 8192);
   for (unsigned i = 0; i < 256; i++)
      in[i] = 0xb0000000 + i;
   uint32_t orig[256];
   memcpy(orig, in, sizeof(orig));
   struct kiln_sim_dispatch d = st_dispatch(LANES, 32);
   if (!ST_RUN_OK(t, prog_buffer, &d))
      return;
   for (unsigned i = 0; i < LANES; i++) {
      /* raw: a dword at byte offset o is in bounds when o + 4 <= 64 */
      CHECK_EQ32("buffer_load_dword offen", R(out, 0, i), 4 * i + 4 <= 64 ? orig[i] : 0);
      CHECK_EQ32("buffer_load_dword offset:8", R(out, 1, i), 4 * i + 8 + 4 <= 64 ? orig[i + 2] : 0);
      CHECK_EQ32("buffer_atomic_add out of bounds returns 0", R(out, 2, i), 0);
      CHECK_EQ32("buffer_atomic_add out of bounds is dropped", in[32 + i], orig[32 + i]);
      if (i + 8 < 16)
         CHECK_EQ32("buffer_store_dword in bounds", in[8 + i], 0x500 + i);
      else if (i + 8 < 32)
         CHECK_EQ32("buffer_store_dword out of bounds dropped", in[8 + i], orig[8 + i]);
      /* structured: stride 16, 8 records; record i at 16 * i */
      uint32_t rec = i < 8 ? 1 : 0;
      uint32_t base = 16 * i;
      uint32_t st[256];
      memcpy(st, orig, sizeof(st));
      for (unsigned j = 8; j < 16; j++)
         st[j] = 0x500 + j - 8;
      CHECK_EQ32("buffer_load_dword idxen", R(out, 3, i), rec ? st[(base + 4) / 4] : 0);
      uint16_t h;
      memcpy(&h, (const uint8_t *)st + base + 8 + 2, 2);
      CHECK_EQ32("buffer_load_ushort idxen soffset", R(out, 4, i), rec ? h : 0);
   }
}

static void
test_buffer_format(struct sim_test *t)
{
   uint32_t *out = st_buffer(t, 0, 8192);
   uint8_t *in = st_buffer(t, 1, 8192);
   for (unsigned i = 0; i < 64; i++) {
      float f = 1.5f * i - 7.0f;
      memcpy(in + 4 * i, &f, 4);
   }
   for (unsigned i = 0; i < 128; i++)
      in[2048 + i] = (uint8_t)(i * 37 + 11);
   for (unsigned i = 0; i < 64; i++) {
      /* f16 bit patterns of small exact values: 1.0 = 0x3c00, 2.0 = 0x4000 ... */
      uint16_t h = (uint16_t)(0x3c00 + i * 0x40);
      memcpy(in + 3072 + 2 * i, &h, 2);
   }
   uint8_t orig[8192];
   memcpy(orig, in, sizeof(orig));
   struct kiln_sim_dispatch d = st_dispatch(LANES, 32);
   if (!ST_RUN_OK(t, prog_buffer_format, &d))
      return;
   for (unsigned i = 0; i < LANES; i++) {
      CHECK_EQ32("tbuffer_load_format_xy 32_32_FLOAT .x", R(out, 0, i), rd32(orig + 8 * i));
      CHECK_EQ32("tbuffer_load_format_xy 32_32_FLOAT .y", R(out, 1, i), rd32(orig + 8 * i + 4));
      /* 16_UINT store of 0x10005 + i: saturated to 0xffff, as the texture
       * unit converts (OpenCL's write_imageui); the upper two bytes untouched */
      CHECK_EQ32("tbuffer_store_format_x 16_UINT", rd32(in + 1024 + 4 * i),
                 (rd32(orig + 1024 + 4 * i) & 0xffff0000u) | 0xffff);
      /* 8_8_8_8_UNORM = b / 255, dst_sel (Z, Y, X, 1) */
      const uint8_t *p = orig + 2048 + 4 * i;
      CHECK_EQ32("buffer_load_format UNORM dst_sel x=Z", R(out, 2, i), fui(p[2] / 255.0f));
      CHECK_EQ32("buffer_load_format UNORM dst_sel y=Y", R(out, 3, i), fui(p[1] / 255.0f));
      CHECK_EQ32("buffer_load_format UNORM dst_sel z=X", R(out, 4, i), fui(p[0] / 255.0f));
      CHECK_EQ32("buffer_load_format dst_sel w=1", R(out, 5, i), fui(1.0f));
      /* 16_16_FLOAT through d16: the halves come back packed as stored */
      CHECK_EQ32("buffer_load_format_d16_xy 16_16_FLOAT", R(out, 6, i), rd32(orig + 3072 + 4 * i));
   }
}

static void
test_scratch_st_mode(struct sim_test *t)
{
   uint32_t *out = st_buffer(t, 0, 8192);
   uint8_t *scr = st_buffer(t, 2, 64 * 4096);
   struct kiln_sim_dispatch d = scratch_dispatch(LANES, 32);
   if (!ST_RUN_OK(t, prog_scratch_st, &d))
      return;
   for (unsigned i = 0; i < LANES; i++) {
      CHECK_EQ32("scratch ST mode store/load", R(out, 0, i), 0x4000 + i);
      CHECK_EQ32("scratch ST mode = VADDR mode at the same offset", R(out, 1, i), 0x4000 + i);
      CHECK_EQ32("scratch ST mode swizzled layout", swizzled(scr, 32, i, 32), 0x4000 + i);
   }
}

static void
test_buffer_load_overlapping_address(struct sim_test *t)
{
   uint32_t *out = st_buffer(t, 0, 8192);
   uint32_t *in = st_buffer(t, 1, 8192);
   for (unsigned i = 0; i < 2 * LANES; i++)
      in[i] = 0xd0000000 + i;
   struct kiln_sim_dispatch d = st_dispatch(LANES, 32);
   if (!ST_RUN_OK(t, prog_buffer_overlap, &d))
      return;
   for (unsigned i = 0; i < LANES; i++) {
      CHECK_EQ32("buffer_load_dwordx2 over its address: .x", R(out, 0, i), 0xd0000000 + 2 * i);
      CHECK_EQ32("buffer_load_dwordx2 over its address: .y", R(out, 1, i), 0xd0000000 + 2 * i + 1);
   }
}

int
main(void)
{
   struct sim_test t;
   st_init(&t);
   test_global_loads(&t);
   test_global_stores(&t);
   test_global_atomics(&t);
   test_scratch(&t);
   test_scratch64(&t);
   test_buffer_scratch(&t);
   test_flat(&t);
   test_buffer(&t);
   test_buffer_format(&t);
   test_buffer_load_overlapping_address(&t);
   test_scratch_st_mode(&t);
   return st_finish(&t);
}
