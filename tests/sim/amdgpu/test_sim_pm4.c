/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The command processor on its own: packets are built with Mesa's sid.h
 * PKT3() and the S_* field macros of amdgfxregs.h, run against a flat fake
 * memory, and the dispatch callback records what would be launched.  The
 * expected dispatches are derived from the register definitions (DIM is
 * the end of the grid, in groups or, with USE_THREAD_DIMENSIONS, in
 * threads; COMPUTE_START is its beginning; PGM_LO/HI hold address >> 8),
 * not from the processor's output.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kiln_test.h"
#include "sid.h"
#include "sim_pm4.h"
#include "util/macros.h"

/* ---- fake GPU memory: one 1 MiB window at MEM_VA, read-only page at RO_VA ---- */

#define MEM_VA   0x10000000ull
#define MEM_SIZE (1u << 20)
#define RO_VA    0x20000000ull
static uint8_t mem[MEM_SIZE];
static uint8_t ro_page[4096];

static void *
fake_translate(void *data, uint64_t va, uint64_t size, bool write)
{
   if (va >= MEM_VA && va + size <= MEM_VA + MEM_SIZE)
      return mem + (va - MEM_VA);
   if (!write && va >= RO_VA && va + size <= RO_VA + sizeof(ro_page))
      return ro_page + (va - RO_VA);
   return NULL;
}

static struct kiln_sim_dispatch dispatches[8];
static unsigned dispatch_count;

static int
fake_dispatch(void *data, const struct kiln_sim_dispatch *d, struct kiln_sim_fault *fault)
{
   if (dispatch_count < 8)
      dispatches[dispatch_count] = *d;
   dispatch_count++;
   return 0;
}

static uint64_t
fake_timestamp(void *data)
{
   return 0x1122334455667788ull;
}

static struct sim_pm4 cp;

static void
reset(void)
{
   struct sim_pm4_env env = {
      .translate = fake_translate,
      .dispatch = fake_dispatch,
      .timestamp = fake_timestamp,
   };
   sim_pm4_init(&cp, &env);
   memset(mem, 0, sizeof(mem));
   memset(dispatches, 0, sizeof(dispatches));
   dispatch_count = 0;
}

/* ---- IB builder ---- */

struct ib {
   uint32_t dw[4096];
   unsigned n;
};

static void
emit(struct ib *ib, uint32_t v)
{
   ib->dw[ib->n++] = v;
}

static void
set_sh_reg_seq(struct ib *ib, uint32_t reg, unsigned count)
{
   emit(ib, PKT3(PKT3_SET_SH_REG, count, 0));
   emit(ib, (reg - SI_SH_REG_OFFSET) >> 2);
}

static void
set_sh_reg(struct ib *ib, uint32_t reg, uint32_t v)
{
   set_sh_reg_seq(ib, reg, 1);
   emit(ib, v);
}

/* Places the IB at an offset of the fake memory and runs it. */
static int
run_at(struct ib *ib, uint32_t offset, struct kiln_sim_fault *fault)
{
   memcpy(mem + offset, ib->dw, ib->n * 4);
   return sim_pm4_execute_ib(&cp, MEM_VA + offset, ib->n, fault);
}

static int
run(struct ib *ib, struct kiln_sim_fault *fault)
{
   return run_at(ib, 0, fault);
}

static uint32_t
mem32(uint32_t offset)
{
   uint32_t v;
   memcpy(&v, mem + offset, 4);
   return v;
}

static uint64_t
mem64(uint32_t offset)
{
   uint64_t v;
   memcpy(&v, mem + offset, 8);
   return v;
}

/* A compute state as radeonsi/radv program it. */
static void
emit_shader_state(struct ib *ib, uint64_t pgm_va, unsigned bx, unsigned by, unsigned bz,
                  uint32_t partial_x, uint32_t partial_y, uint32_t partial_z)
{
   set_sh_reg_seq(ib, R_00B830_COMPUTE_PGM_LO, 2);
   emit(ib, pgm_va >> 8);
   emit(ib, S_00B834_DATA(pgm_va >> 40));
   set_sh_reg_seq(ib, R_00B848_COMPUTE_PGM_RSRC1, 2);
   emit(ib, 0x00af0042);
   emit(ib, 0x0000098c);
   set_sh_reg(ib, R_00B8A0_COMPUTE_PGM_RSRC3, 0x5);
   set_sh_reg(ib, R_00B860_COMPUTE_TMPRING_SIZE, S_00B860_WAVES(32) | S_00B860_WAVESIZE(4));
   set_sh_reg_seq(ib, R_00B81C_COMPUTE_NUM_THREAD_X, 3);
   emit(ib, S_00B81C_NUM_THREAD_FULL_GFX6(bx) | S_00B81C_NUM_THREAD_PARTIAL(partial_x));
   emit(ib, S_00B820_NUM_THREAD_FULL_GFX6(by) | S_00B820_NUM_THREAD_PARTIAL(partial_y));
   emit(ib, S_00B824_NUM_THREAD_FULL(bz) | S_00B824_NUM_THREAD_PARTIAL(partial_z));
   set_sh_reg_seq(ib, R_00B900_COMPUTE_USER_DATA_0, 4);
   for (unsigned i = 0; i < 4; i++)
      emit(ib, 0xc0de0000 + i);
}

static void
emit_dispatch_direct(struct ib *ib, uint32_t x, uint32_t y, uint32_t z, uint32_t initiator)
{
   emit(ib, PKT3(PKT3_DISPATCH_DIRECT, 3, 0) | PKT3_SHADER_TYPE_S(1));
   emit(ib, x);
   emit(ib, y);
   emit(ib, z);
   emit(ib, initiator);
}

static void
test_dispatch_direct_groups(void)
{
   struct ib ib = { 0 };
   struct kiln_sim_fault fault;
   const uint64_t pgm = 0x0000123456789a00ull;

   reset();
   emit_shader_state(&ib, pgm, 64, 1, 1, 0, 0, 0);
   emit_dispatch_direct(&ib, 5, 3, 2,
                        S_00B800_COMPUTE_SHADER_EN(1) | S_00B800_FORCE_START_AT_000(1));
   int r = run(&ib, &fault);
   CHECK(r == 0, "r=%d %s", r, fault.message);
   CHECK(dispatch_count == 1, "%u dispatches", dispatch_count);
   const struct kiln_sim_dispatch *d = &dispatches[0];
   CHECK(d->pgm_va == pgm, "pgm 0x%" PRIx64, d->pgm_va);
   CHECK(d->rsrc1 == 0x00af0042 && d->rsrc2 == 0x0000098c && d->rsrc3 == 0x5, "rsrc %x %x %x",
         d->rsrc1, d->rsrc2, d->rsrc3);
   CHECK(d->tmpring_size == (S_00B860_WAVES(32) | S_00B860_WAVESIZE(4)), "tmpring %x",
         d->tmpring_size);
   CHECK(d->user_data[0] == 0xc0de0000 && d->user_data[3] == 0xc0de0003, "user data %x %x",
         d->user_data[0], d->user_data[3]);
   CHECK(d->group_size[0] == 64 && d->group_size[1] == 1 && d->group_size[2] == 1,
         "group size %u %u %u", d->group_size[0], d->group_size[1], d->group_size[2]);
   CHECK(d->group_count[0] == 5 && d->group_count[1] == 3 && d->group_count[2] == 2,
         "group count %u %u %u", d->group_count[0], d->group_count[1], d->group_count[2]);
   CHECK(!d->partial_size[0] && !d->partial_size[1] && !d->partial_size[2], "partial %u %u %u",
         d->partial_size[0], d->partial_size[1], d->partial_size[2]);
   CHECK(d->group_start[0] == 0, "start %u", d->group_start[0]);
   CHECK(d->wave_size == 64, "wave %u", d->wave_size);
}

/* USE_THREAD_DIMENSIONS: DIM counts threads; the CP launches
 * ceil(dim / block) groups and sizes the last one dim % block. */
static void
test_dispatch_thread_dimensions(void)
{
   static const struct {
      uint32_t threads[3], block[3];
   } cases[] = {
      { { 100, 7, 1 }, { 64, 4, 1 } },
      { { 64, 8, 3 }, { 64, 4, 1 } },
      { { 1, 1, 1 }, { 256, 1, 1 } },
      { { 1000, 33, 5 }, { 16, 16, 2 } },
   };

   for (unsigned c = 0; c < ARRAY_SIZE(cases); c++) {
      struct ib ib = { 0 };
      struct kiln_sim_fault fault;
      reset();
      emit_shader_state(&ib, 0x100000, cases[c].block[0], cases[c].block[1], cases[c].block[2], 0,
                        0, 0);
      emit_dispatch_direct(&ib, cases[c].threads[0], cases[c].threads[1], cases[c].threads[2],
                           S_00B800_COMPUTE_SHADER_EN(1) | S_00B800_FORCE_START_AT_000(1) |
                              S_00B800_USE_THREAD_DIMENSIONS(1) | S_00B800_CS_W32_EN(1));
      int r = run(&ib, &fault);
      CHECK(r == 0 && dispatch_count == 1, "case %u: r=%d n=%u", c, r, dispatch_count);
      const struct kiln_sim_dispatch *d = &dispatches[0];
      for (unsigned i = 0; i < 3; i++) {
         uint32_t t = cases[c].threads[i], b = cases[c].block[i];
         uint32_t groups = (t + b - 1) / b;
         uint32_t partial = t % b; /* 0: the last group is full */
         CHECK(d->group_count[i] == groups, "case %u dim %u: %u groups, want %u", c, i,
               d->group_count[i], groups);
         CHECK(d->partial_size[i] == partial, "case %u dim %u: partial %u, want %u", c, i,
               d->partial_size[i], partial);
         CHECK(d->group_size[i] == b, "case %u dim %u: size %u", c, i, d->group_size[i]);
      }
      CHECK(d->wave_size == 32, "case %u: wave %u", c, d->wave_size);
   }
}

/* PARTIAL_TG_EN: DIM counts groups, the last one in each dimension has
 * NUM_THREAD_PARTIAL threads (radeonsi sets it to the full size where
 * nothing is partial). */
static void
test_dispatch_partial_tg(void)
{
   struct ib ib = { 0 };
   struct kiln_sim_fault fault;

   reset();
   emit_shader_state(&ib, 0x100000, 64, 8, 2, 17, 8, 1);
   emit_dispatch_direct(
      &ib, 4, 2, 3,
      S_00B800_COMPUTE_SHADER_EN(1) | S_00B800_FORCE_START_AT_000(1) | S_00B800_PARTIAL_TG_EN(1));
   int r = run(&ib, &fault);
   CHECK(r == 0 && dispatch_count == 1, "r=%d n=%u", r, dispatch_count);
   const struct kiln_sim_dispatch *d = &dispatches[0];
   CHECK(d->group_count[0] == 4 && d->group_count[1] == 2 && d->group_count[2] == 3,
         "count %u %u %u", d->group_count[0], d->group_count[1], d->group_count[2]);
   CHECK(d->partial_size[0] == 17, "partial x %u", d->partial_size[0]);
   CHECK(d->partial_size[1] == 0, "partial y %u (equal to the block)", d->partial_size[1]);
   CHECK(d->partial_size[2] == 1, "partial z %u", d->partial_size[2]);

   /* Without PARTIAL_TG_EN the partial field is ignored. */
   ib.n = 0;
   reset();
   emit_shader_state(&ib, 0x100000, 64, 8, 2, 17, 8, 1);
   emit_dispatch_direct(&ib, 4, 2, 3,
                        S_00B800_COMPUTE_SHADER_EN(1) | S_00B800_FORCE_START_AT_000(1));
   run(&ib, &fault);
   CHECK(dispatches[0].partial_size[0] == 0, "partial x %u without PARTIAL_TG_EN",
         dispatches[0].partial_size[0]);
}

/* COMPUTE_START_* is the first group; DIM is where the grid ends. */
static void
test_dispatch_start(void)
{
   struct ib ib = { 0 };
   struct kiln_sim_fault fault;

   reset();
   emit_shader_state(&ib, 0x100000, 32, 1, 1, 0, 0, 0);
   set_sh_reg_seq(&ib, R_00B810_COMPUTE_START_X, 3);
   emit(&ib, 3);
   emit(&ib, 1);
   emit(&ib, 0);
   emit_dispatch_direct(&ib, 10, 4, 1, S_00B800_COMPUTE_SHADER_EN(1));
   emit_dispatch_direct(&ib, 10, 4, 1,
                        S_00B800_COMPUTE_SHADER_EN(1) | S_00B800_FORCE_START_AT_000(1));
   /* COMPUTE_SHADER_EN clear: nothing is launched */
   emit_dispatch_direct(&ib, 10, 4, 1, S_00B800_FORCE_START_AT_000(1));
   int r = run(&ib, &fault);
   CHECK(r == 0 && dispatch_count == 2, "r=%d n=%u", r, dispatch_count);
   CHECK(dispatches[0].group_start[0] == 3 && dispatches[0].group_start[1] == 1, "start %u %u",
         dispatches[0].group_start[0], dispatches[0].group_start[1]);
   CHECK(dispatches[0].group_count[0] == 7 && dispatches[0].group_count[1] == 3, "count %u %u",
         dispatches[0].group_count[0], dispatches[0].group_count[1]);
   CHECK(dispatches[1].group_start[0] == 0 && dispatches[1].group_count[0] == 10,
         "forced start %u count %u", dispatches[1].group_start[0], dispatches[1].group_count[0]);
}

/* Programs in the high half of the address space come back sign-extended,
 * the form user space gives to GEM_VA. */
static void
test_dispatch_high_va(void)
{
   struct ib ib = { 0 };
   struct kiln_sim_fault fault;
   const uint64_t pgm = 0xffff800000123400ull;

   reset();
   emit_shader_state(&ib, pgm, 64, 1, 1, 0, 0, 0);
   set_sh_reg_seq(&ib, R_00B840_COMPUTE_DISPATCH_SCRATCH_BASE_LO, 2);
   emit(&ib, (uint32_t)(0xffff800000200000ull >> 8));
   emit(&ib, S_00B844_DATA(0xffff800000200000ull >> 40));
   emit_dispatch_direct(&ib, 1, 1, 1,
                        S_00B800_COMPUTE_SHADER_EN(1) | S_00B800_FORCE_START_AT_000(1));
   run(&ib, &fault);
   CHECK(dispatches[0].pgm_va == pgm, "pgm 0x%" PRIx64, dispatches[0].pgm_va);
   CHECK(dispatches[0].scratch_va == 0xffff800000200000ull, "scratch 0x%" PRIx64,
         dispatches[0].scratch_va);
}

static void
test_dispatch_indirect(void)
{
   struct ib ib = { 0 };
   struct kiln_sim_fault fault;
   const uint32_t args_off = 0x8000;
   const uint32_t dims[6] = { 6, 5, 4, 3, 2, 1 };

   reset();
   memcpy(mem + args_off, dims, sizeof(dims));
   emit_shader_state(&ib, 0x100000, 64, 1, 1, 0, 0, 0);
   /* graphics-queue form: base + offset */
   emit(&ib, PKT3(PKT3_SET_BASE, 2, 0));
   emit(&ib, 1);
   emit(&ib, (uint32_t)MEM_VA + args_off);
   emit(&ib, (uint32_t)(MEM_VA >> 32));
   emit(&ib, PKT3(PKT3_DISPATCH_INDIRECT, 1, 0) | PKT3_SHADER_TYPE_S(1));
   emit(&ib, 0);
   emit(&ib, S_00B800_COMPUTE_SHADER_EN(1) | S_00B800_FORCE_START_AT_000(1));
   /* compute-queue form: 64-bit address */
   emit(&ib, PKT3(PKT3_DISPATCH_INDIRECT, 2, 0) | PKT3_SHADER_TYPE_S(1));
   emit(&ib, (uint32_t)(MEM_VA + args_off + 12));
   emit(&ib, (uint32_t)((MEM_VA + args_off + 12) >> 32));
   emit(&ib, S_00B800_COMPUTE_SHADER_EN(1) | S_00B800_FORCE_START_AT_000(1));
   int r = run(&ib, &fault);
   CHECK(r == 0 && dispatch_count == 2, "r=%d n=%u %s", r, dispatch_count, fault.message);
   for (unsigned i = 0; i < 3; i++) {
      CHECK(dispatches[0].group_count[i] == dims[i], "base form dim %u: %u", i,
            dispatches[0].group_count[i]);
      CHECK(dispatches[1].group_count[i] == dims[3 + i], "address form dim %u: %u", i,
            dispatches[1].group_count[i]);
   }
}

static void
test_write_data_and_fences(void)
{
   struct ib ib = { 0 };
   struct kiln_sim_fault fault;
   const uint64_t dst = MEM_VA + 0x9000;

   reset();
   /* WRITE_DATA of three dwords */
   emit(&ib, PKT3(PKT3_WRITE_DATA, 2 + 3, 0));
   emit(&ib, S_370_DST_SEL(V_370_MEM) | S_370_WR_CONFIRM(1) | S_370_ENGINE_SEL(V_370_ME));
   emit(&ib, (uint32_t)dst);
   emit(&ib, (uint32_t)(dst >> 32));
   emit(&ib, 0xaaaa0001);
   emit(&ib, 0xaaaa0002);
   emit(&ib, 0xaaaa0003);
   /* RELEASE_MEM: 32-bit, 64-bit value and timestamp */
   static const struct {
      unsigned data_sel;
      uint32_t off;
   } rm[] = {
      { EOP_DATA_SEL_VALUE_32BIT, 0x9010 },
      { EOP_DATA_SEL_VALUE_64BIT, 0x9018 },
      { EOP_DATA_SEL_TIMESTAMP, 0x9020 },
   };
   for (unsigned i = 0; i < ARRAY_SIZE(rm); i++) {
      emit(&ib, PKT3(PKT3_RELEASE_MEM, 6, 0));
      emit(&ib, S_490_EVENT_TYPE(V_028A90_BOTTOM_OF_PIPE_TS) | S_490_EVENT_INDEX(5));
      emit(&ib, EOP_DST_SEL(EOP_DST_SEL_MEM) | EOP_INT_SEL(EOP_INT_SEL_NONE) |
                   EOP_DATA_SEL(rm[i].data_sel));
      emit(&ib, (uint32_t)(MEM_VA + rm[i].off));
      emit(&ib, (uint32_t)((MEM_VA + rm[i].off) >> 32));
      emit(&ib, 0x76543210);
      emit(&ib, 0xfedcba98);
      emit(&ib, 0);
   }
   /* EVENT_WRITE_EOP (GFX6-8 encoding): 32-bit value */
   emit(&ib, PKT3(PKT3_EVENT_WRITE_EOP, 4, 0));
   emit(&ib, EVENT_TYPE(V_028A90_BOTTOM_OF_PIPE_TS) | EVENT_INDEX(5));
   emit(&ib, (uint32_t)(MEM_VA + 0x9030));
   emit(&ib, (uint32_t)((MEM_VA + 0x9030) >> 32) | EOP_DATA_SEL(EOP_DATA_SEL_VALUE_32BIT));
   emit(&ib, 0x5eed);
   emit(&ib, 0);
   /* COPY_DATA: immediate -> memory, memory -> memory (64 bit), register -> memory */
   emit(&ib, PKT3(PKT3_COPY_DATA, 4, 0));
   emit(&ib, COPY_DATA_SRC_SEL(COPY_DATA_IMM) | COPY_DATA_DST_SEL(COPY_DATA_DST_MEM));
   emit(&ib, 0x600d);
   emit(&ib, 0);
   emit(&ib, (uint32_t)(MEM_VA + 0x9040));
   emit(&ib, (uint32_t)((MEM_VA + 0x9040) >> 32));
   emit(&ib, PKT3(PKT3_COPY_DATA, 4, 0));
   emit(&ib, COPY_DATA_SRC_SEL(COPY_DATA_SRC_MEM) | COPY_DATA_DST_SEL(COPY_DATA_DST_MEM) |
                COPY_DATA_COUNT_SEL);
   emit(&ib, (uint32_t)(MEM_VA + 0x9018));
   emit(&ib, (uint32_t)((MEM_VA + 0x9018) >> 32));
   emit(&ib, (uint32_t)(MEM_VA + 0x9048));
   emit(&ib, (uint32_t)((MEM_VA + 0x9048) >> 32));
   set_sh_reg(&ib, R_00B900_COMPUTE_USER_DATA_0, 0xabcdef01);
   emit(&ib, PKT3(PKT3_COPY_DATA, 4, 0));
   emit(&ib, COPY_DATA_SRC_SEL(COPY_DATA_REG) | COPY_DATA_DST_SEL(COPY_DATA_DST_MEM));
   emit(&ib, R_00B900_COMPUTE_USER_DATA_0 >> 2);
   emit(&ib, 0);
   emit(&ib, (uint32_t)(MEM_VA + 0x9050));
   emit(&ib, (uint32_t)((MEM_VA + 0x9050) >> 32));
   /* cache operations and padding */
   emit(&ib, PKT3(PKT3_ACQUIRE_MEM, 6, 0));
   for (unsigned i = 0; i < 7; i++)
      emit(&ib, i == 1 ? 0xffffffff : 0);
   emit(&ib, PKT3(PKT3_EVENT_WRITE, 0, 0));
   emit(&ib, EVENT_TYPE(V_028A90_CS_PARTIAL_FLUSH) | EVENT_INDEX(4));
   emit(&ib, PKT3_NOP_PAD);
   emit(&ib, 0x80000000); /* type-2 filler */
   emit(&ib, PKT3(PKT3_NOP, 2, 0));
   emit(&ib, 0xdeadbeef);
   emit(&ib, 0xdeadbeef);
   emit(&ib, 0xdeadbeef);

   int r = run(&ib, &fault);
   CHECK(r == 0, "r=%d %s", r, fault.message);
   CHECK(mem32(0x9000) == 0xaaaa0001 && mem32(0x9008) == 0xaaaa0003, "WRITE_DATA %x %x",
         mem32(0x9000), mem32(0x9008));
   CHECK(mem32(0x9010) == 0x76543210 && mem32(0x9014) == 0, "RELEASE_MEM 32-bit %x %x",
         mem32(0x9010), mem32(0x9014));
   CHECK(mem64(0x9018) == 0xfedcba9876543210ull, "RELEASE_MEM 64-bit %" PRIx64, mem64(0x9018));
   CHECK(mem64(0x9020) == 0x1122334455667788ull, "RELEASE_MEM timestamp %" PRIx64, mem64(0x9020));
   CHECK(mem32(0x9030) == 0x5eed, "EVENT_WRITE_EOP %x", mem32(0x9030));
   CHECK(mem32(0x9040) == 0x600d, "COPY_DATA imm %x", mem32(0x9040));
   CHECK(mem64(0x9048) == 0xfedcba9876543210ull, "COPY_DATA mem64 %" PRIx64, mem64(0x9048));
   CHECK(mem32(0x9050) == 0xabcdef01, "COPY_DATA reg %x", mem32(0x9050));
}

static void
test_indirect_buffers(void)
{
   struct ib ib1 = { 0 }, ib2 = { 0 }, chained = { 0 };
   struct kiln_sim_fault fault;

   reset();
   /* IB2 called from IB1 writes 1; IB1 then chains to a third IB that
    * writes 3; the packet after the chain must not run. */
   emit(&ib2, PKT3(PKT3_WRITE_DATA, 3, 0));
   emit(&ib2, S_370_DST_SEL(V_370_MEM));
   emit(&ib2, (uint32_t)(MEM_VA + 0xa000));
   emit(&ib2, 0);
   emit(&ib2, 1);
   memcpy(mem + 0x4000, ib2.dw, ib2.n * 4);

   emit(&chained, PKT3(PKT3_WRITE_DATA, 3, 0));
   emit(&chained, S_370_DST_SEL(V_370_MEM));
   emit(&chained, (uint32_t)(MEM_VA + 0xa008));
   emit(&chained, 0);
   emit(&chained, 3);
   memcpy(mem + 0x5000, chained.dw, chained.n * 4);

   emit(&ib1, PKT3(PKT3_INDIRECT_BUFFER, 2, 0));
   emit(&ib1, (uint32_t)(MEM_VA + 0x4000));
   emit(&ib1, (uint32_t)((MEM_VA + 0x4000) >> 32));
   emit(&ib1, S_3F2_IB_SIZE(ib2.n) | S_3F2_VALID(1));
   emit(&ib1, PKT3(PKT3_WRITE_DATA, 3, 0));
   emit(&ib1, S_370_DST_SEL(V_370_MEM));
   emit(&ib1, (uint32_t)(MEM_VA + 0xa004));
   emit(&ib1, 0);
   emit(&ib1, 2);
   emit(&ib1, PKT3(PKT3_INDIRECT_BUFFER, 2, 0));
   emit(&ib1, (uint32_t)(MEM_VA + 0x5000));
   emit(&ib1, (uint32_t)((MEM_VA + 0x5000) >> 32));
   emit(&ib1, S_3F2_IB_SIZE(chained.n) | S_3F2_CHAIN(1) | S_3F2_VALID(1));
   emit(&ib1, PKT3(PKT3_WRITE_DATA, 3, 0));
   emit(&ib1, S_370_DST_SEL(V_370_MEM));
   emit(&ib1, (uint32_t)(MEM_VA + 0xa00c));
   emit(&ib1, 0);
   emit(&ib1, 4);

   int r = run(&ib1, &fault);
   CHECK(r == 0, "r=%d %s", r, fault.message);
   CHECK(mem32(0xa000) == 1 && mem32(0xa004) == 2 && mem32(0xa008) == 3, "IB order %u %u %u",
         mem32(0xa000), mem32(0xa004), mem32(0xa008));
   CHECK(mem32(0xa00c) == 0, "packet after CHAIN ran (%u)", mem32(0xa00c));

   /* An IB that chains to itself never ends: the CP watchdog stops it. */
   reset();
   struct ib loop = { 0 };
   emit(&loop, PKT3(PKT3_INDIRECT_BUFFER, 2, 0));
   emit(&loop, (uint32_t)MEM_VA);
   emit(&loop, (uint32_t)(MEM_VA >> 32));
   emit(&loop, S_3F2_IB_SIZE(4) | S_3F2_CHAIN(1) | S_3F2_VALID(1));
   cp.packet_budget = 1000;
   r = run(&loop, &fault);
   CHECK(r == -ETIME && fault.kind == KILN_SIM_FAULT_HANG, "loop: r=%d kind %d", r, fault.kind);
}

static void
test_errors(void)
{
   struct ib ib = { 0 };
   struct kiln_sim_fault fault;
   char want[32];

   /* An opcode the CP does not know stops the IB, named in the message. */
   reset();
   emit(&ib, PKT3(PKT3_WRITE_DATA, 3, 0));
   emit(&ib, S_370_DST_SEL(V_370_MEM));
   emit(&ib, (uint32_t)(MEM_VA + 0xb000));
   emit(&ib, 0);
   emit(&ib, 7);
   emit(&ib, PKT3(PKT3_DRAW_INDEX_AUTO, 1, 0));
   emit(&ib, 3);
   emit(&ib, 0);
   emit(&ib, PKT3(PKT3_WRITE_DATA, 3, 0));
   emit(&ib, S_370_DST_SEL(V_370_MEM));
   emit(&ib, (uint32_t)(MEM_VA + 0xb004));
   emit(&ib, 0);
   emit(&ib, 8);
   int r = run_at(&ib, 0x100, &fault);
   snprintf(want, sizeof(want), "0x%02x", PKT3_DRAW_INDEX_AUTO);
   CHECK(r == -EINVAL && fault.kind == KILN_SIM_FAULT_INVALID, "r=%d kind=%d", r, fault.kind);
   CHECK(strstr(fault.message, want), "message does not name opcode %s: %s", want, fault.message);
   CHECK(fault.pc == MEM_VA + 0x100 + 5 * 4, "pc 0x%" PRIx64, fault.pc);
   CHECK(mem32(0xb000) == 7 && mem32(0xb004) == 0, "before/after %u %u", mem32(0xb000),
         mem32(0xb004));

   /* A write to unmapped memory is a VM fault at that address. */
   ib.n = 0;
   reset();
   emit(&ib, PKT3(PKT3_RELEASE_MEM, 6, 0));
   emit(&ib, S_490_EVENT_TYPE(V_028A90_BOTTOM_OF_PIPE_TS) | S_490_EVENT_INDEX(5));
   emit(&ib, EOP_DATA_SEL(EOP_DATA_SEL_VALUE_32BIT));
   emit(&ib, 0x40000000);
   emit(&ib, 0);
   emit(&ib, 1);
   emit(&ib, 0);
   emit(&ib, 0);
   r = run(&ib, &fault);
   CHECK(
      r == -EFAULT && fault.kind == KILN_SIM_FAULT_VM && fault.write && fault.address == 0x40000000,
      "r=%d kind=%d write=%d addr 0x%" PRIx64, r, fault.kind, fault.write, fault.address);

   /* ...and so is a write to read-only memory. */
   ib.n = 0;
   reset();
   emit(&ib, PKT3(PKT3_WRITE_DATA, 3, 0));
   emit(&ib, S_370_DST_SEL(V_370_MEM));
   emit(&ib, (uint32_t)RO_VA);
   emit(&ib, 0);
   emit(&ib, 1);
   r = run(&ib, &fault);
   CHECK(r == -EFAULT && fault.address == RO_VA, "read-only: r=%d addr 0x%" PRIx64, r,
         fault.address);

   /* An IB in unmapped memory faults on fetch. */
   reset();
   r = sim_pm4_execute_ib(&cp, 0x50000000, 16, &fault);
   CHECK(r == -EFAULT && fault.address == 0x50000000 && !fault.write, "fetch: r=%d addr 0x%" PRIx64,
         r, fault.address);

   /* A packet whose body runs past the IB. */
   ib.n = 0;
   reset();
   emit(&ib, PKT3(PKT3_WRITE_DATA, 5, 0));
   emit(&ib, S_370_DST_SEL(V_370_MEM));
   r = run(&ib, &fault);
   CHECK(r == -EINVAL && strstr(fault.message, "WRITE_DATA"), "overrun: r=%d %s", r, fault.message);

   /* Type-0 register writes are not accepted from IBs. */
   ib.n = 0;
   reset();
   emit(&ib, 0x00001234);
   r = run(&ib, &fault);
   CHECK(r == -EINVAL, "type-0: r=%d", r);

   /* A zero-sized thread group is not a dispatch. */
   ib.n = 0;
   reset();
   emit_shader_state(&ib, 0x100000, 0, 1, 1, 0, 0, 0);
   emit_dispatch_direct(&ib, 1, 1, 1, S_00B800_COMPUTE_SHADER_EN(1));
   r = run(&ib, &fault);
   CHECK(r == -EINVAL && dispatch_count == 0, "zero block: r=%d n=%u", r, dispatch_count);
}

static void
test_dma_data_and_waits(void)
{
   struct ib ib = { 0 };
   struct kiln_sim_fault fault;

   reset();
   for (unsigned i = 0; i < 100; i++)
      mem[0xc000 + i] = (uint8_t)(i * 7 + 1);
   /* copy 100 bytes, then fill 64 bytes with a dword */
   emit(&ib, PKT3(PKT3_DMA_DATA, 5, 0));
   emit(&ib, S_501_SRC_SEL(V_411_SRC_ADDR_TC_L2) | S_501_DST_SEL(V_411_DST_ADDR_TC_L2));
   emit(&ib, (uint32_t)(MEM_VA + 0xc000));
   emit(&ib, (uint32_t)((MEM_VA + 0xc000) >> 32));
   emit(&ib, (uint32_t)(MEM_VA + 0xd000));
   emit(&ib, (uint32_t)((MEM_VA + 0xd000) >> 32));
   emit(&ib, 100);
   emit(&ib, PKT3(PKT3_DMA_DATA, 5, 0));
   emit(&ib, S_501_SRC_SEL(V_411_DATA) | S_501_DST_SEL(V_411_DST_ADDR_TC_L2));
   emit(&ib, 0x01020304);
   emit(&ib, 0);
   emit(&ib, (uint32_t)(MEM_VA + 0xe000));
   emit(&ib, (uint32_t)((MEM_VA + 0xe000) >> 32));
   emit(&ib, 64);
   /* a wait whose condition holds: the value just copied */
   uint32_t expect;
   memcpy(&expect, mem + 0xc000, 4);
   emit(&ib, PKT3(PKT3_WAIT_REG_MEM, 5, 0));
   emit(&ib, WAIT_REG_MEM_EQUAL | WAIT_REG_MEM_MEM_SPACE(1));
   emit(&ib, (uint32_t)(MEM_VA + 0xd000));
   emit(&ib, (uint32_t)((MEM_VA + 0xd000) >> 32));
   emit(&ib, expect);
   emit(&ib, 0xffffffff);
   emit(&ib, 4);
   int r = run(&ib, &fault);
   CHECK(r == 0, "r=%d %s", r, fault.message);
   CHECK(!memcmp(mem + 0xc000, mem + 0xd000, 100) && mem[0xd000 + 100] == 0, "DMA_DATA copy");
   CHECK(mem32(0xe000) == 0x01020304 && mem32(0xe03c) == 0x01020304 && mem32(0xe040) == 0,
         "DMA_DATA fill %x %x %x", mem32(0xe000), mem32(0xe03c), mem32(0xe040));

   /* A wait that nothing can ever satisfy is a hang. */
   ib.n = 0;
   emit(&ib, PKT3(PKT3_WAIT_REG_MEM, 5, 0));
   emit(&ib, WAIT_REG_MEM_EQUAL | WAIT_REG_MEM_MEM_SPACE(1));
   emit(&ib, (uint32_t)(MEM_VA + 0xd000));
   emit(&ib, (uint32_t)((MEM_VA + 0xd000) >> 32));
   emit(&ib, expect + 1);
   emit(&ib, 0xffffffff);
   emit(&ib, 4);
   r = run_at(&ib, 0x200, &fault);
   CHECK(r == -ETIME && fault.kind == KILN_SIM_FAULT_HANG, "r=%d kind=%d", r, fault.kind);

   /* SET_SH_REG must stay inside the SH space. */
   ib.n = 0;
   emit(&ib, PKT3(PKT3_SET_SH_REG, 2, 0));
   emit(&ib, (SI_SH_REG_END - SI_SH_REG_OFFSET) / 4 - 1);
   emit(&ib, 1);
   emit(&ib, 2);
   r = run(&ib, &fault);
   CHECK(r == -EINVAL && strstr(fault.message, "SET_SH_REG"), "r=%d %s", r, fault.message);

   /* Config, uconfig and context registers are accepted. */
   ib.n = 0;
   emit(&ib, PKT3(PKT3_SET_UCONFIG_REG, 1, 0));
   emit(&ib, (R_030800_GRBM_GFX_INDEX - CIK_UCONFIG_REG_OFFSET) / 4);
   emit(&ib, S_030800_SE_BROADCAST_WRITES(1) | S_030800_SH_BROADCAST_WRITES(1) |
                S_030800_INSTANCE_BROADCAST_WRITES(1));
   emit(&ib, PKT3(PKT3_SET_CONTEXT_REG, 1, 0));
   emit(&ib, (R_028A90_VGT_EVENT_INITIATOR - SI_CONTEXT_REG_OFFSET) / 4);
   emit(&ib, 0);
   r = run(&ib, &fault);
   CHECK(r == 0, "r=%d %s", r, fault.message);
}

int
main(void)
{
   test_dispatch_direct_groups();
   test_dispatch_thread_dimensions();
   test_dispatch_partial_tg();
   test_dispatch_start();
   test_dispatch_high_va();
   test_dispatch_indirect();
   test_write_data_and_fences();
   test_indirect_buffers();
   test_errors();
   test_dma_data_and_waits();
   return kiln_test_summary();
}
