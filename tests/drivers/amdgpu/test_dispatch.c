/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Dispatches through drivers/amdgpu on the device the command line names
 * (the emulated gfx1030, or a render node), with kernels written in assembly
 * (tests/drivers/amdgpu/kernels/, assembled by llvm-mc) so the driver is tested
 * apart from the compiler.  Expected values come from the OpenCL definition
 * of the work-item functions (global id = group id * enqueued local size +
 * local id + offset) and from each kernel's comment, computed here on the
 * CPU.  Error paths (bad VA, VM fault, hang, out of memory, launch limits)
 * must each give their report, and the device must work afterwards.
 *
 * usage: test_dispatch KERNEL_DIR [test-name]
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "drv_kernels.h"
#include "kiln_amdgpu.h"
#include "kiln_test.h"

static const char *kernel_dir;

static struct kiln_amdgpu_kernel *
load(struct kiln_amdgpu_device *dev, const char *name, unsigned kernarg_size, unsigned lds_bytes,
     unsigned scratch_per_lane)
{
   return drv_load_kernel(dev, kernel_dir, name, kernarg_size, lds_bytes, scratch_per_lane);
}

#define SENTINEL 0xdeadbeefu

/* Runs ids.s over the launch and checks every record and the guard after. */
static void
run_ids(struct kiln_amdgpu_device *dev, struct kiln_amdgpu_kernel *k, const char *what,
        unsigned dim, const uint32_t gs[3], const uint32_t ls[3], const uint32_t off[3])
{
   uint64_t n = (uint64_t)gs[0] * gs[1] * gs[2];
   const unsigned guard = 256;
   struct kiln_amdgpu_bo *bo;

   if (kiln_amdgpu_bo_create(dev, (n + guard) * 16, KILN_AMDGPU_BO_HOST_VISIBLE, &bo)) {
      CHECK(0, "%s: bo: %s", what, kiln_amdgpu_device_error(dev));
      return;
   }
   uint32_t *out = bo->map;
   for (uint64_t i = 0; i < (n + guard) * 4; i++)
      out[i] = SENTINEL;

   struct kiln_amdgpu_launch l = { .work_dim = dim, .kernarg = &bo->va, .bos = &bo, .num_bos = 1 };
   for (unsigned d = 0; d < 3; d++) {
      l.global_size[d] = gs[d];
      l.global_offset[d] = off[d];
      l.local_size[d] = ls ? ls[d] : 0;
   }
   struct kiln_amdgpu_grid grid;
   CHECK(!kiln_amdgpu_grid_compute(dev, k, &l, &grid), "%s", kiln_amdgpu_device_error(dev));
   struct kiln_amdgpu_fault fault;
   int ret = kiln_amdgpu_dispatch(dev, k, &l, &fault);
   CHECK(ret == 0, "%s: dispatch returned %d: %s", what, ret, kiln_amdgpu_device_error(dev));

   unsigned bad = 0;
   for (uint32_t z = 0; z < gs[2]; z++) {
      for (uint32_t y = 0; y < gs[1]; y++) {
         for (uint32_t x = 0; x < gs[0]; x++) {
            uint64_t i = ((uint64_t)z * gs[1] + y) * gs[0] + x;
            uint32_t gx = x + off[0], gy = y + off[1], gz = z + off[2];
            /* The enqueued local size decides local ids, partial groups or not. */
            uint32_t lid = (x % grid.local_size[0]) | (y % grid.local_size[1]) << 10 |
                           (z % grid.local_size[2]) << 20;
            const uint32_t *r = &out[i * 4];
            if (r[0] != gx || r[1] != gy || r[2] != gz || r[3] != lid) {
               if (bad++ < 5)
                  printf("  %s: item (%u,%u,%u): got (%u,%u,%u, lid 0x%x), want "
                         "(%u,%u,%u, lid 0x%x)\n",
                         what, x, y, z, r[0], r[1], r[2], r[3], gx, gy, gz, lid);
            }
         }
      }
   }
   CHECK(bad == 0, "%s: %u of %llu work-items wrong", what, bad, (unsigned long long)n);
   unsigned overrun = 0;
   for (uint64_t i = n * 4; i < (n + guard) * 4; i++)
      overrun += out[i] != SENTINEL;
   CHECK(overrun == 0, "%s: %u dwords written past the NDRange (partial groups ignored?)", what,
         overrun);
   kiln_amdgpu_bo_destroy(dev, bo);
}

static void
test_ids(struct kiln_amdgpu_device *dev)
{
   struct kiln_amdgpu_kernel *k = load(dev, "ids", 8, 0, 0);
   if (!k)
      return;
   static const struct {
      const char *what;
      unsigned dim;
      uint32_t gs[3], ls[3], off[3];
      bool choose;
   } cases[] = {
      { "1d uniform", 1, { 256, 1, 1 }, { 64, 1, 1 }, { 0, 0, 0 }, false },
      { "1d partial group", 1, { 1000, 1, 1 }, { 64, 1, 1 }, { 0, 0, 0 }, false },
      { "1d offset", 1, { 100, 1, 1 }, { 32, 1, 1 }, { 7, 0, 0 }, false },
      { "2d partial + offset", 2, { 37, 11, 1 }, { 8, 4, 1 }, { 5, 3, 0 }, false },
      { "3d partial + offset", 3, { 9, 7, 5 }, { 4, 2, 3 }, { 1, 2, 3 }, false },
      { "3d group of 1024", 3, { 32, 8, 8 }, { 16, 8, 8 }, { 0, 0, 0 }, false },
      { "1d size chosen by the driver", 1, { 1009, 1, 1 }, { 0 }, { 0, 0, 0 }, true },
      { "2d size chosen by the driver", 2, { 48, 30, 1 }, { 0 }, { 0, 0, 0 }, true },
   };
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
      run_ids(dev, k, cases[i].what, cases[i].dim, cases[i].gs,
              cases[i].choose ? NULL : cases[i].ls, cases[i].off);
   kiln_amdgpu_kernel_destroy(dev, k);
}

static void
test_local_args(struct kiln_amdgpu_device *dev)
{
   struct kiln_amdgpu_kernel *k = load(dev, "local_args", 16, 64, 0);
   struct kiln_amdgpu_bo *bo;
   if (!k || kiln_amdgpu_bo_create(dev, 4096, KILN_AMDGPU_BO_HOST_VISIBLE, &bo))
      return;
   memset(bo->map, 0, 4096);
   uint8_t kernarg[16] = { 0 };
   memcpy(kernarg, &bo->va, 8);
   const struct kiln_amdgpu_local_arg locals[2] = { { 8, 64, 0 }, { 12, 64, 4 } };
   struct kiln_amdgpu_launch l = {
      .work_dim = 1,
      .global_size = { 16, 1, 1 },
      .local_size = { 16, 1, 1 },
      .kernarg = kernarg,
      .local_args = locals,
      .num_local_args = 2,
      .bos = &bo,
      .num_bos = 1,
   };
   int ret = kiln_amdgpu_dispatch(dev, k, &l, NULL);
   CHECK(ret == 0, "local_args: %d: %s", ret, kiln_amdgpu_device_error(dev));
   const uint32_t *out = bo->map;
   for (uint32_t lid = 0; lid < 16; lid++) {
      uint32_t src = 15 - lid;
      CHECK(out[3 * lid] == (0xabc00000 | src) && out[3 * lid + 1] == 100 + src &&
               out[3 * lid + 2] == 200 + src,
            "lid %u: static %x a %u b %u, want %x %u %u", lid, out[3 * lid], out[3 * lid + 1],
            out[3 * lid + 2], 0xabc00000 | src, 100 + src, 200 + src);
   }

   /* More LDS than a work-group has is refused before submission. */
   const struct kiln_amdgpu_local_arg huge[2] = { { 8, 64 * 1024 - 64, 0 }, { 12, 64, 0 } };
   l.local_args = huge;
   ret = kiln_amdgpu_dispatch(dev, k, &l, NULL);
   CHECK(ret == -E2BIG && strstr(kiln_amdgpu_device_error(dev), "offset 12"),
         "64 KiB of LDS: %d: %s", ret, kiln_amdgpu_device_error(dev));
   kiln_amdgpu_bo_destroy(dev, bo);
   kiln_amdgpu_kernel_destroy(dev, k);
}

static void
test_scratch(struct kiln_amdgpu_device *dev)
{
   struct kiln_amdgpu_kernel *k = load(dev, "scratch", 8, 0, 16);
   struct kiln_amdgpu_bo *bo;
   if (!k || kiln_amdgpu_bo_create(dev, 4096, KILN_AMDGPU_BO_HOST_VISIBLE, &bo))
      return;
   memset(bo->map, 0xff, 4096);
   struct kiln_amdgpu_launch l = {
      .work_dim = 1,
      .global_size = { 200, 1, 1 },
      .local_size = { 64, 1, 1 },
      .kernarg = &bo->va,
      .bos = &bo,
      .num_bos = 1,
   };
   int ret = kiln_amdgpu_dispatch(dev, k, &l, NULL);
   CHECK(ret == 0, "scratch: %d: %s", ret, kiln_amdgpu_device_error(dev));
   const uint32_t *out = bo->map;
   unsigned bad = 0;
   for (uint32_t gid = 0; gid < 200; gid++)
      bad += out[gid] != 12 * gid + 6;
   CHECK(bad == 0, "scratch: %u of 200 wrong (out[1] = %u, want 18)", bad, out[1]);
   kiln_amdgpu_bo_destroy(dev, bo);
   kiln_amdgpu_kernel_destroy(dev, k);
}

/* After an error the same device must still run kernels correctly. */
static void
check_still_usable(struct kiln_amdgpu_device *dev, const char *after)
{
   struct kiln_amdgpu_kernel *k = load(dev, "ids", 8, 0, 0);
   if (!k)
      return;
   char what[96];
   snprintf(what, sizeof(what), "dispatch after %s", after);
   const uint32_t gs[3] = { 100, 1, 1 }, ls[3] = { 32, 1, 1 }, off[3] = { 0, 0, 0 };
   run_ids(dev, k, what, 1, gs, ls, off);
   kiln_amdgpu_kernel_destroy(dev, k);
}

static void
test_vm_fault(struct kiln_amdgpu_device *dev)
{
   struct kiln_amdgpu_kernel *k = load(dev, "store_ptr", 8, 0, 0);
   if (!k)
      return;
   /* An address inside the VA range that no BO occupies. */
   const struct kiln_amdgpu_device_info *info = kiln_amdgpu_device_get_info(dev);
   uint64_t bad = ((info->va_end - (64ull << 20)) & ~0xfffull) + 0x40;
   struct kiln_amdgpu_launch l = {
      .work_dim = 1,
      .global_size = { 1, 1, 1 },
      .local_size = { 1, 1, 1 },
      .kernarg = &bad,
   };
   struct kiln_amdgpu_fault fault;
   int ret = kiln_amdgpu_dispatch(dev, k, &l, &fault);
   CHECK(ret == -EFAULT, "store to 0x%llx returned %d", (unsigned long long)bad, ret);
   CHECK(fault.kind == KILN_AMDGPU_FAULT_VM, "fault kind %d", fault.kind);
   CHECK(fault.address >= (bad & ~0xfffull) && fault.address <= bad,
         "fault address 0x%llx, stored to 0x%llx", (unsigned long long)fault.address,
         (unsigned long long)bad);
   char hex[32];
   snprintf(hex, sizeof(hex), "0x%llx", (unsigned long long)fault.address);
   CHECK(strstr(fault.message, "store_ptr") && strstr(fault.message, hex),
         "report names the kernel and address: %s", fault.message);
   /* The store is the 5th instruction: 8 + 4 + 8 + 4 bytes in. */
   CHECK(fault.pc_offset == 24, "pc offset 0x%llx, want 0x18", (unsigned long long)fault.pc_offset);
   CHECK(strstr(fault.instruction, "global_store_dword") && strstr(fault.message, "global_store"),
         "instruction '%s' in the report: %s", fault.instruction, fault.message);
   CHECK(!strcmp(kiln_amdgpu_device_error(dev), fault.message), "device error is the report");
   printf("  fault report: %s\n", fault.message);
   kiln_amdgpu_kernel_destroy(dev, k);
   check_still_usable(dev, "a VM fault");
}

static void
test_hang(struct kiln_amdgpu_device *dev)
{
   struct kiln_amdgpu_kernel *k = load(dev, "spin", 0, 0, 0);
   if (!k)
      return;
   struct kiln_amdgpu_launch l = {
      .work_dim = 1,
      .global_size = { 32, 1, 1 },
      .local_size = { 32, 1, 1 },
      .timeout_ns = 5ull * 1000 * 1000 * 1000,
   };
   struct kiln_amdgpu_fault fault;
   int ret = kiln_amdgpu_dispatch(dev, k, &l, &fault);
   CHECK(ret == -ETIME, "an endless loop returned %d: %s", ret, kiln_amdgpu_device_error(dev));
   CHECK(fault.kind == KILN_AMDGPU_FAULT_HANG, "fault kind %d", fault.kind);
   CHECK(strstr(fault.message, "spin") && strstr(fault.message, "hang"), "report: %s",
         fault.message);
   printf("  hang report: %s\n", fault.message);
   kiln_amdgpu_kernel_destroy(dev, k);
   check_still_usable(dev, "a hang");
}

static void
test_bad_va_and_oom(struct kiln_amdgpu_device *dev)
{
   struct kiln_amdgpu_bo *a, *b, *huge = NULL;
   CHECK(!kiln_amdgpu_bo_create(dev, 8192, KILN_AMDGPU_BO_HOST_VISIBLE, &a), "bo a");
   CHECK(!kiln_amdgpu_bo_create(dev, 4096, 0, &b), "bo b");

   /* Mapping b over a's range, or at an address that is not page-aligned,
    * is refused by GEM_VA and reported with the address. */
   int ret = kiln_amdgpu_bo_map_va(dev, b, a->va);
   CHECK(ret < 0, "mapping over another BO succeeded");
   char hex[32];
   snprintf(hex, sizeof(hex), "0x%llx", (unsigned long long)a->va);
   CHECK(strstr(kiln_amdgpu_device_error(dev), hex), "message: %s", kiln_amdgpu_device_error(dev));
   ret = kiln_amdgpu_bo_map_va(dev, b, a->va + 8192 + 0x10);
   CHECK(ret == -EINVAL, "unaligned VA: %d", ret);
   CHECK(kiln_amdgpu_bo_unmap_va(dev, b, a->va + (1ull << 30)) < 0, "unmapping nothing");

   /* A second mapping of a BO works and aliases the first. */
   uint64_t alias = ((a->va + (256ull << 20)) & ~0xffffull);
   ret = kiln_amdgpu_bo_map_va(dev, a, alias);
   CHECK(ret == 0, "alias mapping: %s", kiln_amdgpu_device_error(dev));
   if (!ret)
      CHECK(!kiln_amdgpu_bo_unmap_va(dev, a, alias), "unmap alias");

   /* 1 PiB cannot be had; the error names the size. */
   ret = kiln_amdgpu_bo_create(dev, 1ull << 50, 0, &huge);
   CHECK(ret < 0 && !huge, "a 1 PiB buffer was created");
   CHECK(strstr(kiln_amdgpu_device_error(dev), "1125899906842624"), "message: %s",
         kiln_amdgpu_device_error(dev));
   /* The ABI's buffer limit: byte offsets must fit in 32 bits. */
   ret = kiln_amdgpu_bo_create(dev, (4ull << 30) + 4096, 0, &huge);
   CHECK(ret == -E2BIG && !huge, "a buffer over 4 GiB: %d", ret);
   CHECK(strstr(kiln_amdgpu_device_error(dev), "4294971392"), "message: %s",
         kiln_amdgpu_device_error(dev));
   kiln_amdgpu_bo_destroy(dev, a);
   kiln_amdgpu_bo_destroy(dev, b);
   check_still_usable(dev, "VA and memory errors");
}

static void
test_launch_limits(struct kiln_amdgpu_device *dev)
{
   struct kiln_amdgpu_kernel *k = load(dev, "empty", 0, 0, 0);
   if (!k)
      return;
   struct kiln_amdgpu_launch l = { .work_dim = 1, .global_size = { 1ull << 32, 1, 1 } };
   CHECK(kiln_amdgpu_dispatch(dev, k, &l, NULL) == -E2BIG, "2^32 work-items accepted");
   l.global_size[0] = 64;
   l.local_size[0] = 2048;
   CHECK(kiln_amdgpu_dispatch(dev, k, &l, NULL) == -EINVAL, "2048 work-items per group");
   l.local_size[0] = 64;
   CHECK(kiln_amdgpu_dispatch(dev, k, &l, NULL) == 0, "empty kernel: %s",
         kiln_amdgpu_device_error(dev));
   kiln_amdgpu_kernel_destroy(dev, k);
}

static const struct {
   const char *name;
   void (*run)(struct kiln_amdgpu_device *dev);
} tests[] = {
   { "ids", test_ids },
   { "local_args", test_local_args },
   { "scratch", test_scratch },
   { "launch_limits", test_launch_limits },
   { "bad_va_oom", test_bad_va_and_oom },
   { "vm_fault", test_vm_fault },
   { "hang", test_hang },
};

int
main(int argc, char **argv)
{
   struct kiln_amdgpu_device *dev = drv_open_device(argc, argv);
   if (!dev)
      return 1;
   kernel_dir = argv[1];

   for (unsigned i = 0; i < sizeof(tests) / sizeof(tests[0]); i++) {
      if (argc > 3 && strcmp(argv[3], tests[i].name))
         continue;
      unsigned before = kiln_test.failures;
      tests[i].run(dev);
      kiln_test_result(tests[i].name, before);
   }
   kiln_amdgpu_device_close(dev);
   return kiln_test_summary();
}
