/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Faults are reported as a GPU reports them, never taking the host down:
 * an out-of-bounds store gives a VM fault naming the address, the write,
 * the PC and the instruction, and the VM works for the next dispatch; a
 * runaway loop is stopped by the watchdog; an unimplemented opcode and an
 * undecodable word are reported by name and word.
 */
#include <errno.h>
#include <stdlib.h>
#include <time.h>

#include "sim_test.h"
#include "test_sim_faults.h"

static void
test_store_fault(struct sim_test *t)
{
   st_buffer(t, 0, 4096);
   struct kiln_sim_dispatch d = st_dispatch(1, 32);
   /* s[8:9] = the first byte past buffer 0's 4 KiB mapping - 16 */
   d.rsrc2 = (d.rsrc2 & ~(0x1fu << 1)) | 10u << 1;
   uint64_t bad = ST_BUF_VA(0) + 4096 - 16;
   d.user_data[8] = (uint32_t)bad;
   d.user_data[9] = (uint32_t)(bad >> 32);
   struct kiln_sim_fault f;
   int ret = st_run(t, prog_store_oob, sizeof(prog_store_oob), &d, &f, NULL);
   CHECK(ret == -EFAULT, "store out of bounds returns -EFAULT, got %d", ret);
   CHECK(f.kind == KILN_SIM_FAULT_VM, "VM fault kind, got %d", f.kind);
   CHECK_EQ64("fault address", f.address, ST_BUF_VA(0) + 4096);
   CHECK(f.write, "fault is a write");
   CHECK_EQ64("fault pc", f.pc, ST_CODE_VA + 8);
   CHECK(strstr(f.instruction, "global_store_dword") != NULL, "instruction: %s", f.instruction);
   CHECK(strstr(f.message, "0x200001000") != NULL && strstr(f.message, "0x100000008") &&
            strstr(f.message, "global_store_dword"),
         "message names address, PC and instruction: %s", f.message);

   /* The same VM runs the next dispatch. */
   uint32_t *out = t->buf[0];
   struct kiln_sim_dispatch ok = st_dispatch(1, 32);
   if (ST_RUN_OK(t, prog_ok_store, &ok))
      CHECK_EQ32("dispatch after a fault", out[0], 0x600d);
}

static void
test_load_fault(struct sim_test *t)
{
   struct kiln_sim_dispatch d = st_dispatch(1, 32);
   struct kiln_sim_fault f;
   int ret = st_run(t, prog_load_oob, sizeof(prog_load_oob), &d, &f, NULL);
   CHECK(ret == -EFAULT && f.kind == KILN_SIM_FAULT_VM, "load fault: %d %d", ret, f.kind);
   CHECK_EQ64("load fault address", f.address, 0x7f00000000ull);
   CHECK(!f.write, "load fault is a read");
   /* s_mov_b32 s10, 0 (1 dword), s_mov_b32 s11, 0x7f (literal: 2 dwords) */
   CHECK_EQ64("load fault pc", f.pc, ST_CODE_VA + 12);
}

static void
test_hang(struct sim_test *t)
{
   struct kiln_sim_dispatch d = st_dispatch(1, 32);
   struct kiln_sim_fault f;
   struct kiln_sim_run_options opts = { .watchdog_instructions = 1000000 };
   memcpy(t->code, prog_spin, sizeof(prog_spin));
   int ret = kiln_sim_dispatch(t->vm, &d, &opts, &f, NULL);
   CHECK(ret == -EFAULT && f.kind == KILN_SIM_FAULT_HANG, "hang: %d %d", ret, f.kind);
   CHECK_EQ64("hang pc", f.pc, ST_CODE_VA);
   CHECK(strstr(f.message, "watchdog") != NULL, "hang message: %s", f.message);
}

/* A loop through s_barrier switches waves every two instructions; the
 * watchdog still counts. KILN_SIM_TEST_SLOW=1 also checks that the default
 * watchdog ends such a dispatch once its one workgroup has had 10 s of
 * CPU time: no sooner (the host thread running it cannot use more CPU
 * time than wall time passes) and not much later, counting the process's
 * CPU time, however loaded the machine is. */
/* An access whose end wraps past 2^64 is a VM fault at its address, never
 * a host pointer computed from the mapping the wave last used. */
static void
test_wrapping_load_fault(struct sim_test *t)
{
   st_buffer(t, 0, 4096);
   struct kiln_sim_dispatch d = st_dispatch(1, 32);
   struct kiln_sim_fault f;
   int ret = st_run(t, prog_wrap_load, sizeof(prog_wrap_load), &d, &f, NULL);
   CHECK(ret == -EFAULT && f.kind == KILN_SIM_FAULT_VM, "wrapping load: %d %d", ret, f.kind);
   CHECK_EQ64("wrapping load address", f.address, 0xfffffffffffffffeull);
   /* global_load_dword (2 dwords), two s_mov_b32 with inline constants */
   CHECK_EQ64("wrapping load pc", f.pc, ST_CODE_VA + 16);
}

static double
seconds_between(struct timespec a, struct timespec b)
{
   return b.tv_sec - a.tv_sec + (b.tv_nsec - a.tv_nsec) * 1e-9;
}

static void
test_barrier_hang(struct sim_test *t)
{
   struct kiln_sim_dispatch d = st_dispatch(256, 32);
   struct kiln_sim_fault f;
   struct kiln_sim_run_options opts = { .watchdog_instructions = 100000 };
   memcpy(t->code, prog_barrier_spin, sizeof(prog_barrier_spin));
   int ret = kiln_sim_dispatch(t->vm, &d, &opts, &f, NULL);
   CHECK(ret == -EFAULT && f.kind == KILN_SIM_FAULT_HANG, "barrier hang: %d %d", ret, f.kind);
   if (getenv("KILN_SIM_TEST_SLOW")) {
      struct timespec wall[2], cpu[2];
      clock_gettime(CLOCK_MONOTONIC, &wall[0]);
      clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu[0]);
      ret = kiln_sim_dispatch(t->vm, &d, NULL, &f, NULL);
      clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu[1]);
      clock_gettime(CLOCK_MONOTONIC, &wall[1]);
      double wall_s = seconds_between(wall[0], wall[1]), cpu_s = seconds_between(cpu[0], cpu[1]);
      CHECK(ret == -EFAULT && f.kind == KILN_SIM_FAULT_HANG, "default watchdog: %d", ret);
      CHECK(strstr(f.message, "10 s of CPU time") != NULL, "default watchdog message: %s",
            f.message);
      CHECK(wall_s >= 10, "default watchdog after %.1f s of wall time", wall_s);
      CHECK(cpu_s >= 10 && cpu_s < 15, "default watchdog after %.1f s of CPU time", cpu_s);
   }
}

static void
test_unsupported(struct sim_test *t)
{
   struct kiln_sim_dispatch d = st_dispatch(1, 32);
   struct kiln_sim_fault f;
   int ret = st_run(t, prog_image, sizeof(prog_image), &d, &f, NULL);
   CHECK(ret == -EFAULT && f.kind == KILN_SIM_FAULT_UNSUPPORTED, "unsupported: %d %d", ret, f.kind);
   CHECK(strstr(f.message, "unsupported instruction image_gather4_lz at PC 0x100000000") != NULL,
         "unsupported message: %s", f.message);
}

static void
test_illegal(struct sim_test *t)
{
   struct kiln_sim_dispatch d = st_dispatch(1, 32);
   struct kiln_sim_fault f;
   int ret = st_run(t, prog_illegal, sizeof(prog_illegal), &d, &f, NULL);
   CHECK(ret == -EFAULT && f.kind == KILN_SIM_FAULT_ILLEGAL, "illegal: %d %d", ret, f.kind);
   CHECK_EQ64("illegal pc", f.pc, ST_CODE_VA + 4);
   CHECK(strstr(f.message, "0xffffffff") != NULL, "illegal message: %s", f.message);

   ret = st_run(t, prog_jump_unmapped, sizeof(prog_jump_unmapped), &d, &f, NULL);
   CHECK(ret == -EFAULT && f.kind == KILN_SIM_FAULT_VM, "jump to unmapped: %d %d", ret, f.kind);
   CHECK_EQ64("instruction fetch fault address", f.address, 0x4000000000ull);
}

static void
test_fault_among_groups(struct sim_test *t)
{
   uint32_t *out = st_buffer(t, 0, 4096);
   struct kiln_sim_dispatch d = st_dispatch(1, 32);
   d.rsrc2 |= 1u << 7; /* TGID_X in s6 */
   d.group_count[0] = 64;
   struct kiln_sim_fault f;
   struct kiln_sim_run_options opts = { .threads = 2 };
   memcpy(t->code, prog_oob_one_group, sizeof(prog_oob_one_group));
   int ret = kiln_sim_dispatch(t->vm, &d, &opts, &f, NULL);
   CHECK(ret == -EFAULT && f.kind == KILN_SIM_FAULT_VM, "one group faults: %d %d", ret, f.kind);
   CHECK_EQ32("faulting workgroup", f.group[0], 5);
   CHECK_EQ64("faulting address", f.address, 0x700000000000ull);
   (void)out;
}

static void
test_invalid(struct sim_test *t)
{
   struct kiln_sim_dispatch d = st_dispatch(1, 48);
   struct kiln_sim_fault f;
   int ret = kiln_sim_dispatch(t->vm, &d, NULL, &f, NULL);
   CHECK(ret == -EINVAL && f.kind == KILN_SIM_FAULT_INVALID, "wave size 48: %d", ret);
}

int
main(void)
{
   struct sim_test t;
   st_init(&t);
   test_store_fault(&t);
   test_load_fault(&t);
   test_wrapping_load_fault(&t);
   test_hang(&t);
   test_barrier_hang(&t);
   test_unsupported(&t);
   test_illegal(&t);
   test_fault_among_groups(&t);
   test_invalid(&t);
   return st_finish(&t);
}
