/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The compute command stream, decoded packet by packet with a PM4 reader
 * written here from the type-3 packet format (header: type in [31:30],
 * count - 1 in [29:16], opcode in [15:8]) and checked field by field with
 * sid.h's G_* macros: the registers a dispatch needs hold the values the
 * dispatch asked for, caches are invalidated before it and the end-of-pipe
 * fence follows it, and the stream is whole packets padded to 8 dwords.
 */
#include <stdio.h>
#include <string.h>

#include "kiln_amdgpu_pm4.h"
#include "kiln_test.h"
#include "sid.h"

/* What the reader saw in a stream. */
struct decoded {
   uint32_t sh[0x400]; /* SH register file, by dword offset */
   bool sh_written[0x400];
   unsigned order[64]; /* opcodes in order */
   unsigned num_packets;
   uint32_t dispatch[4]; /* DISPATCH_DIRECT x, y, z, initiator */
   int dispatch_index, acquire_index, release_index;
   uint32_t acquire[8];
   unsigned acquire_count;
   uint32_t release[8];
   bool whole; /* every packet ended exactly at the end */
};

static void
decode(const uint32_t *ib, unsigned ndw, struct decoded *d)
{
   memset(d, 0, sizeof(*d));
   d->dispatch_index = d->acquire_index = d->release_index = -1;
   unsigned i = 0;
   while (i < ndw) {
      uint32_t h = ib[i];
      if ((h >> 30) != 3)
         return;
      unsigned count = ((h >> 16) & 0x3fff) + 1; /* body dwords */
      unsigned op = (h >> 8) & 0xff;
      const uint32_t *body = &ib[i + 1];
      if (i + 1 + count > ndw)
         return;
      if (d->num_packets < 64)
         d->order[d->num_packets] = op;
      switch (op) {
      case PKT3_SET_SH_REG:
         for (unsigned r = 0; r + 1 < count; r++) {
            unsigned reg = body[0] + r;
            if (reg < 0x400) {
               d->sh[reg] = body[1 + r];
               d->sh_written[reg] = true;
            }
         }
         break;
      case PKT3_DISPATCH_DIRECT:
         if (count == 4)
            memcpy(d->dispatch, body, 16);
         d->dispatch_index = d->num_packets;
         break;
      case PKT3_ACQUIRE_MEM:
         d->acquire_index = d->num_packets;
         d->acquire_count = count;
         memcpy(d->acquire, body, 4 * (count < 8 ? count : 8));
         break;
      case PKT3_RELEASE_MEM:
         d->release_index = d->num_packets;
         memcpy(d->release, body, 4 * (count < 8 ? count : 8));
         break;
      }
      d->num_packets++;
      i += 1 + count;
   }
   d->whole = i == ndw;
}

#define SH(d, R)     ((d)->sh[((R)-SI_SH_REG_OFFSET) / 4])
#define SH_SET(d, R) ((d)->sh_written[((R)-SI_SH_REG_OFFSET) / 4])

static struct kiln_pm4_dispatch
sample_dispatch(enum amd_gfx_level level, unsigned wave_size)
{
   return (struct kiln_pm4_dispatch){
      .gfx_level = level,
      .pgm_va = 0x0000123456789a00ull,
      .rsrc1 = 0x60af0042,
      .rsrc2 = S_00B84C_USER_SGPR(4) | S_00B84C_TGID_X_EN(1) | S_00B84C_TGID_Y_EN(1) |
               S_00B84C_TGID_Z_EN(1) | S_00B84C_TIDIG_COMP_CNT(2) | S_00B84C_LDS_SIZE(3),
      .rsrc3 = 0x5,
      .user_data = { 0x00100000, 0x1, 0xabcd0000, 0x2 },
      .block = { 64, 4, 1 },
      .partial = { 40, 0, 0 },
      .grid = { 16, 3, 7 },
      .wave_size = wave_size,
      .scratch_va = 0x0000000200000000ull,
      .tmpring_size = S_00B860_WAVES(32) | S_00B860_WAVESIZE(2),
      .resource_limits = S_00B854_CU_GROUP_COUNT(1),
      .fence_va = 0x0000000300001000ull,
      .fence_value = 0x1122334455667788ull,
   };
}

static void
test_gfx1030_dispatch_registers(void)
{
   uint32_t ib[512];
   struct kiln_pm4 cs;
   struct decoded d;
   struct kiln_pm4_dispatch in = sample_dispatch(GFX10_3, 32);

   kiln_pm4_init(&cs, ib, 512);
   CHECK(kiln_pm4_emit_dispatch(&cs, &in), "emit failed");
   decode(ib, cs.cdw, &d);

   CHECK(d.whole, "stream is not whole packets (%u dwords)", cs.cdw);
   CHECK(cs.cdw % 8 == 0, "stream of %u dwords not padded to 8", cs.cdw);

   /* Program address: 256-byte units split over LO/HI. */
   uint64_t pgm = SH(&d, R_00B830_COMPUTE_PGM_LO) | (uint64_t)SH(&d, R_00B834_COMPUTE_PGM_HI) << 32;
   CHECK(pgm << 8 == in.pgm_va, "PGM 0x%llx", (unsigned long long)(pgm << 8));
   CHECK(SH(&d, R_00B848_COMPUTE_PGM_RSRC1) == in.rsrc1, "RSRC1");
   CHECK(SH(&d, R_00B84C_COMPUTE_PGM_RSRC2) == in.rsrc2, "RSRC2");
   CHECK(SH_SET(&d, R_00B8A0_COMPUTE_PGM_RSRC3) && SH(&d, R_00B8A0_COMPUTE_PGM_RSRC3) == in.rsrc3,
         "RSRC3");
   CHECK(SH(&d, R_00B854_COMPUTE_RESOURCE_LIMITS) == in.resource_limits, "RESOURCE_LIMITS");

   /* The ABI's four user SGPRs. */
   for (unsigned i = 0; i < 4; i++)
      CHECK(SH(&d, R_00B900_COMPUTE_USER_DATA_0 + 4 * i) == in.user_data[i], "USER_DATA_%u = 0x%x",
            i, SH(&d, R_00B900_COMPUTE_USER_DATA_0 + 4 * i));

   /* Work-group size, full and partial per dimension. */
   static const unsigned nt[3] = { R_00B81C_COMPUTE_NUM_THREAD_X, R_00B820_COMPUTE_NUM_THREAD_Y,
                                   R_00B824_COMPUTE_NUM_THREAD_Z };
   for (unsigned i = 0; i < 3; i++) {
      uint32_t v = d.sh[(nt[i] - SI_SH_REG_OFFSET) / 4];
      unsigned last = in.partial[i] ? in.partial[i] : in.block[i];
      CHECK(G_00B81C_NUM_THREAD_FULL_GFX6(v) == in.block[i], "NUM_THREAD[%u] full %u", i,
            G_00B81C_NUM_THREAD_FULL_GFX6(v));
      CHECK(G_00B81C_NUM_THREAD_PARTIAL(v) == last, "NUM_THREAD[%u] partial %u", i,
            G_00B81C_NUM_THREAD_PARTIAL(v));
   }
   CHECK(SH_SET(&d, R_00B810_COMPUTE_START_X) && SH(&d, R_00B810_COMPUTE_START_X) == 0 &&
            SH(&d, R_00B814_COMPUTE_START_Y) == 0 && SH(&d, R_00B818_COMPUTE_START_Z) == 0,
         "START_X/Y/Z not 0");

   /* Scratch. */
   uint64_t scratch = SH(&d, R_00B840_COMPUTE_DISPATCH_SCRATCH_BASE_LO) |
                      (uint64_t)SH(&d, R_00B844_COMPUTE_DISPATCH_SCRATCH_BASE_HI) << 32;
   CHECK(scratch << 8 == in.scratch_va, "scratch base");
   CHECK(G_00B860_WAVES(SH(&d, R_00B860_COMPUTE_TMPRING_SIZE)) == 32 &&
            G_00B860_WAVESIZE(SH(&d, R_00B860_COMPUTE_TMPRING_SIZE)) == 2,
         "TMPRING_SIZE");

   /* DISPATCH_DIRECT: group counts and the initiator's bits. */
   CHECK(d.dispatch_index >= 0, "no DISPATCH_DIRECT");
   CHECK(d.dispatch[0] == 16 && d.dispatch[1] == 3 && d.dispatch[2] == 7, "dims %u %u %u",
         d.dispatch[0], d.dispatch[1], d.dispatch[2]);
   uint32_t init = d.dispatch[3];
   CHECK(G_00B800_COMPUTE_SHADER_EN(init), "COMPUTE_SHADER_EN");
   CHECK(G_00B800_PARTIAL_TG_EN(init), "PARTIAL_TG_EN with a partial group");
   CHECK(!G_00B800_USE_THREAD_DIMENSIONS(init), "dims are group counts");
   CHECK(G_00B800_CS_W32_EN(init), "CS_W32_EN for wave32");

   /* Caches invalidated before, fence after. */
   CHECK(d.acquire_index >= 0 && d.acquire_index < d.dispatch_index, "ACQUIRE_MEM before");
   CHECK(d.acquire_count == 7, "GFX10 ACQUIRE_MEM has 7 body dwords, got %u", d.acquire_count);
   uint32_t gcr = d.acquire[6];
   CHECK(G_586_GLI_INV(gcr) && G_586_GLK_INV(gcr) && G_586_GLV_INV(gcr) && G_586_GL1_INV(gcr) &&
            G_586_GL2_INV(gcr),
         "GCR_CNTL 0x%x", gcr);
   CHECK(d.release_index > d.dispatch_index, "RELEASE_MEM after the dispatch");
   CHECK((d.release[0] & 0x3f) == V_028A90_BOTTOM_OF_PIPE_TS, "end-of-pipe event");
   CHECK(G_490_GL2_WB(d.release[0]), "L2 written back before the fence");
   CHECK((d.release[1] >> 29) == EOP_DATA_SEL_VALUE_64BIT, "64-bit fence data");
   CHECK((d.release[2] | (uint64_t)d.release[3] << 32) == in.fence_va, "fence address");
   CHECK((d.release[4] | (uint64_t)d.release[5] << 32) == in.fence_value, "fence value");
}

static void
test_uniform_wave64_has_no_partial(void)
{
   uint32_t ib[512];
   struct kiln_pm4 cs;
   struct decoded d;
   struct kiln_pm4_dispatch in = sample_dispatch(GFX10_3, 64);
   in.partial[0] = 0;

   kiln_pm4_init(&cs, ib, 512);
   kiln_pm4_emit_dispatch(&cs, &in);
   decode(ib, cs.cdw, &d);
   CHECK(!G_00B800_PARTIAL_TG_EN(d.dispatch[3]), "no partial groups");
   CHECK(!G_00B800_CS_W32_EN(d.dispatch[3]), "wave64");
   CHECK(G_00B81C_NUM_THREAD_PARTIAL(SH(&d, R_00B81C_COMPUTE_NUM_THREAD_X)) == 64,
         "partial field carries the full size when not partial");
}

static void
test_gfx9_stream(void)
{
   uint32_t ib[512];
   struct kiln_pm4 cs;
   struct decoded d;
   struct kiln_pm4_dispatch in = sample_dispatch(GFX9, 64);

   kiln_pm4_init(&cs, ib, 512);
   CHECK(kiln_pm4_emit_dispatch(&cs, &in), "emit");
   decode(ib, cs.cdw, &d);
   CHECK(d.whole, "whole packets");
   CHECK(!SH_SET(&d, R_00B8A0_COMPUTE_PGM_RSRC3), "GFX9 has no RSRC3");
   CHECK(d.acquire_count == 6, "GFX9 ACQUIRE_MEM has 6 body dwords, got %u", d.acquire_count);
   CHECK(d.acquire[0] & S_0301F0_SH_ICACHE_ACTION_ENA(1), "I$ invalidated");
   CHECK(!G_00B800_CS_W32_EN(d.dispatch[3]), "no wave32 on GFX9");
}

static void
test_overflow_is_reported(void)
{
   uint32_t ib[20];
   struct kiln_pm4 cs;
   struct kiln_pm4_dispatch in = sample_dispatch(GFX10_3, 32);

   kiln_pm4_init(&cs, ib, 20);
   CHECK(!kiln_pm4_emit_dispatch(&cs, &in), "a 20-dword buffer cannot hold a dispatch");
   CHECK(cs.cdw <= 20, "wrote past the end: %u", cs.cdw);
}

static void
test_padding(void)
{
   /* Every fill level pads to a multiple of 8 with one parseable NOP. */
   for (unsigned used = 0; used < 16; used++) {
      uint32_t ib[64];
      struct kiln_pm4 cs;
      struct decoded d;
      kiln_pm4_init(&cs, ib, 64);
      for (unsigned i = 0; i < used; i++) {
         /* Fill with one-register SET_SH_REGs (3 dwords) and NOP(0)s. */
         if (used - cs.cdw >= 3)
            kiln_pm4_set_sh_reg(&cs, R_00B900_COMPUTE_USER_DATA_0, i);
      }
      kiln_pm4_pad(&cs);
      decode(ib, cs.cdw, &d);
      CHECK(cs.cdw % 8 == 0 && d.whole, "pad after %u: %u dwords, whole %d", used, cs.cdw, d.whole);
   }
}

int
main(void)
{
   test_gfx1030_dispatch_registers();
   test_uniform_wave64_has_no_partial();
   test_gfx9_stream();
   test_overflow_is_reported();
   test_padding();
   return kiln_test_summary();
}
