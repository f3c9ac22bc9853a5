/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Launch geometry and the GPU VA space, without a device: the rules
 * come from the OpenCL 3.0 API spec (clEnqueueNDRangeKernel: non-uniform
 * work-groups, reqd_work_group_size, CL_INVALID_WORK_GROUP_SIZE) and from
 * kiln_amd_abi.h (32-bit global sizes and offsets); expected group counts
 * and partial sizes are the arithmetic of those rules, written out here.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "kiln_amdgpu_private.h"
#include "kiln_test.h"

static struct kiln_amdgpu_device dev;

static struct kiln_amdgpu_kernel
kernel(unsigned wave_size, unsigned rx, unsigned ry, unsigned rz)
{
   struct kiln_amdgpu_kernel k = { 0 };
   snprintf(k.name, sizeof(k.name), "k");
   k.desc.name = k.name;
   k.desc.wave_size = wave_size;
   k.desc.reqd_work_group_size[0] = rx;
   k.desc.reqd_work_group_size[1] = ry;
   k.desc.reqd_work_group_size[2] = rz;
   return k;
}

static struct kiln_amdgpu_launch
launch(unsigned dim, uint64_t gx, uint64_t gy, uint64_t gz, unsigned lx, unsigned ly, unsigned lz)
{
   return (struct kiln_amdgpu_launch){
      .work_dim = dim,
      .global_size = { gx, gy, gz },
      .local_size = { lx, ly, lz },
   };
}

static void
test_partial_groups(void)
{
   struct kiln_amdgpu_kernel k = kernel(32, 0, 0, 0);
   struct kiln_amdgpu_launch l = launch(3, 1000, 10, 5, 64, 4, 2);
   struct kiln_amdgpu_grid g;

   CHECK(!kiln_amdgpu_grid_compute(&dev, &k, &l, &g), "%s", dev.error);
   /* 1000 = 15 * 64 + 40, 10 = 2 * 4 + 2, 5 = 2 * 2 + 1 */
   CHECK(g.num_groups[0] == 16 && g.partial_size[0] == 40, "x: %u groups, partial %u",
         g.num_groups[0], g.partial_size[0]);
   CHECK(g.num_groups[1] == 3 && g.partial_size[1] == 2, "y: %u, %u", g.num_groups[1],
         g.partial_size[1]);
   CHECK(g.num_groups[2] == 3 && g.partial_size[2] == 1, "z: %u, %u", g.num_groups[2],
         g.partial_size[2]);
   CHECK(g.local_size[0] == 64 && g.local_size[1] == 4 && g.local_size[2] == 2,
         "enqueued local size");
}

static void
test_unused_dimensions_are_one(void)
{
   struct kiln_amdgpu_kernel k = kernel(32, 0, 0, 0);
   struct kiln_amdgpu_launch l = launch(1, 128, 77, 99, 32, 5, 5);
   l.global_offset[1] = 12;
   struct kiln_amdgpu_grid g;

   CHECK(!kiln_amdgpu_grid_compute(&dev, &k, &l, &g), "%s", dev.error);
   CHECK(g.global_size[1] == 1 && g.global_size[2] == 1, "unused global sizes are 1");
   CHECK(g.local_size[1] == 1 && g.local_size[2] == 1, "unused local sizes are 1");
   CHECK(g.global_offset[1] == 0, "unused offsets are 0");
   CHECK(g.num_groups[0] == 4 && g.partial_size[0] == 0, "128 / 32");
}

static void
test_abi_32bit_limits(void)
{
   struct kiln_amdgpu_kernel k = kernel(32, 0, 0, 0);
   struct kiln_amdgpu_grid g;
   struct kiln_amdgpu_launch l = launch(1, 1ull << 32, 1, 1, 64, 1, 1);

   CHECK(kiln_amdgpu_grid_compute(&dev, &k, &l, &g) == -E2BIG, "2^32 work-items");
   CHECK(strstr(dev.error, "32-bit"), "message names the limit: %s", dev.error);

   l = launch(2, 64, 0xffffff00u, 1, 64, 1, 1);
   l.global_offset[1] = 0x100; /* size + offset = 2^32 */
   CHECK(kiln_amdgpu_grid_compute(&dev, &k, &l, &g) == -E2BIG, "size + offset overflow");

   l.global_offset[1] = 0xff; /* size + offset = 2^32 - 1: fits */
   CHECK(!kiln_amdgpu_grid_compute(&dev, &k, &l, &g), "largest legal launch: %s", dev.error);
}

static void
test_work_group_size_rules(void)
{
   struct kiln_amdgpu_kernel k = kernel(32, 0, 0, 0);
   struct kiln_amdgpu_grid g;
   struct kiln_amdgpu_launch l = launch(2, 64, 64, 1, 64, 32, 1); /* 2048 */

   CHECK(kiln_amdgpu_grid_compute(&dev, &k, &l, &g) == -EINVAL, "2048 > 1024");
   l = launch(2, 64, 64, 1, 32, 32, 1); /* 1024 */
   CHECK(!kiln_amdgpu_grid_compute(&dev, &k, &l, &g), "1024 is the limit: %s", dev.error);

   k.desc.max_work_group_size = 256;
   CHECK(kiln_amdgpu_grid_compute(&dev, &k, &l, &g) == -EINVAL, "over the kernel's max");

   struct kiln_amdgpu_kernel r = kernel(32, 16, 4, 1);
   l = launch(2, 64, 64, 1, 8, 8, 1);
   CHECK(kiln_amdgpu_grid_compute(&dev, &r, &l, &g) == -EINVAL, "differs from reqd");
   CHECK(strstr(dev.error, "reqd_work_group_size"), "message: %s", dev.error);
   l = launch(2, 64, 64, 1, 0, 0, 0);
   CHECK(!kiln_amdgpu_grid_compute(&dev, &r, &l, &g) && g.local_size[0] == 16 &&
            g.local_size[1] == 4 && g.local_size[2] == 1,
         "reqd size used when none given");

   l = launch(4, 64, 1, 1, 0, 0, 0);
   CHECK(kiln_amdgpu_grid_compute(&dev, &k, &l, &g) == -EINVAL, "work_dim 4");
}

/* The driver's own choice must be legal and sensible for every size. */
static void
test_chosen_sizes(void)
{
   static const uint64_t sizes[] = { 1,    7,    31,   32,   33,    64,      100,
                                     1000, 1009, 1024, 4096, 65537, 1u << 20 };
   for (unsigned w = 32; w <= 64; w += 32) {
      struct kiln_amdgpu_kernel k = kernel(w, 0, 0, 0);
      for (unsigned i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
         for (unsigned dim = 1; dim <= 3; dim++) {
            struct kiln_amdgpu_launch l = launch(dim, sizes[i], 6, 10, 0, 0, 0);
            struct kiln_amdgpu_grid g;
            CHECK(!kiln_amdgpu_grid_compute(&dev, &k, &l, &g), "%s", dev.error);
            uint64_t total = (uint64_t)g.local_size[0] * g.local_size[1] * g.local_size[2];
            CHECK(total >= 1 && total <= 1024, "size %llu: %llu work-items per group",
                  (unsigned long long)sizes[i], (unsigned long long)total);
            /* Whole groups, or whole waves in x with one partial group. */
            CHECK(sizes[i] % g.local_size[0] == 0 || g.local_size[0] % w == 0,
                  "size %llu wave %u: local %u neither divides nor is whole waves",
                  (unsigned long long)sizes[i], w, g.local_size[0]);
            /* Do not waste a wave on tiny groups when the size allows more. */
            if (sizes[i] >= w)
               CHECK(g.local_size[0] >= w || total >= w, "size %llu wave %u: group of %llu",
                     (unsigned long long)sizes[i], w, (unsigned long long)total);
            for (unsigned d = 0; d < 3; d++) {
               uint64_t covered = (uint64_t)g.num_groups[d] * g.local_size[d];
               CHECK(covered >= g.global_size[d] && covered - g.global_size[d] < g.local_size[d],
                     "dim %u: groups cover the range exactly once", d);
            }
         }
      }
   }
}

/* The device's VA space through libdrm's manager: a range of 2 MiB
 * across 4 GiB (where libdrm splits it) in 4 KiB pages. */
#define VA_PAGE  4096ull
#define VA_START ((1ull << 32) - (1ull << 20))
#define VA_END   ((1ull << 32) + (1ull << 20))
#define VA_PAGES ((VA_END - VA_START) / VA_PAGE)

static bool
va_in_range(uint64_t va, uint64_t size)
{
   return va >= VA_START && va + size <= VA_END && va % VA_PAGE == 0;
}

/* Allocates pages until the space runs out, marking each in used[];
 * returns how many it got, or -1 after a failed check. */
static int
va_fill(struct amdgpu_va **ranges, bool *used)
{
   int n = 0;
   uint64_t va;
   int ret;
   while (!(ret = kiln_amdgpu_va_alloc(&dev, VA_PAGE, 0, &va, &ranges[n]))) {
      bool ok = va_in_range(va, VA_PAGE) && !used[(va - VA_START) / VA_PAGE];
      CHECK(ok, "page 0x%llx outside the range, misaligned or handed out twice",
            (unsigned long long)va);
      if (!ok || (uint64_t)n == VA_PAGES)
         return -1;
      used[(va - VA_START) / VA_PAGE] = true;
      n++;
   }
   CHECK(ret == -ENOMEM, "exhaustion returns %d, not -ENOMEM", ret);
   return n;
}

static void
test_va_space(void)
{
   struct amdgpu_va *ra, *rb, *rc, *rd, *big;
   uint64_t a, b, c, d, v;

   CHECK(kiln_amdgpu_va_init(&dev, 1ull << 20, 1ull << 31, 4096) == -EINVAL,
         "a range below 4 GiB is refused");
   CHECK(kiln_amdgpu_va_init(&dev, 1ull << 33, 1ull << 34, 4096) == -EINVAL,
         "a range above 4 GiB is refused");
   CHECK(!kiln_amdgpu_va_init(&dev, VA_START, VA_END, VA_PAGE), "init");
   CHECK(!kiln_amdgpu_va_alloc(&dev, VA_PAGE, 0, &a, &ra) && va_in_range(a, VA_PAGE),
         "a page in range 0x%llx", (unsigned long long)a);
   CHECK(!kiln_amdgpu_va_alloc(&dev, 100, 0, &b, &rb) && va_in_range(b, VA_PAGE) && b != a,
         "100 bytes take a page of their own 0x%llx", (unsigned long long)b);
   CHECK(!kiln_amdgpu_va_alloc(&dev, VA_PAGE, 0x10000, &c, &rc) && c % 0x10000 == 0 &&
            va_in_range(c, VA_PAGE) && c != a && c != b,
         "alignment 0x%llx", (unsigned long long)c);
   CHECK(kiln_amdgpu_va_alloc(&dev, 4 << 20, 0, &v, &big) == -ENOMEM, "too large");
   kiln_amdgpu_va_free(rb);
   CHECK(!kiln_amdgpu_va_alloc(&dev, VA_PAGE, 0, &d, &rd) && d == b, "freed range reused 0x%llx",
         (unsigned long long)d);

   /* The rest of the space, page by page, then everything freed in a
    * shuffled order: the whole space is there again. */
   static struct amdgpu_va *ranges[VA_PAGES + 1];
   static bool used[VA_PAGES];
   used[(a - VA_START) / VA_PAGE] = used[(c - VA_START) / VA_PAGE] = true;
   used[(d - VA_START) / VA_PAGE] = true;
   int n = va_fill(ranges, used);
   CHECK((uint64_t)n == VA_PAGES - 3, "%d pages besides the 3 taken, of %llu", n, VA_PAGES);
   kiln_amdgpu_va_free(ra);
   kiln_amdgpu_va_free(rc);
   kiln_amdgpu_va_free(rd);
   for (int i = 0; i < n; i++)
      kiln_amdgpu_va_free(ranges[(i * 37) % n]);
   memset(used, 0, sizeof(used));
   n = va_fill(ranges, used);
   CHECK((uint64_t)n == VA_PAGES, "%d pages after freeing everything, of %llu", n, VA_PAGES);
   for (int i = 0; i < n; i++)
      kiln_amdgpu_va_free(ranges[i]);

   /* Freed neighbours coalesce: each half, one allocation again. */
   CHECK(!kiln_amdgpu_va_alloc(&dev, 1 << 20, 0, &a, &ra) &&
            !kiln_amdgpu_va_alloc(&dev, 1 << 20, 0, &b, &rb) && va_in_range(a, 1 << 20) &&
            va_in_range(b, 1 << 20) && a != b,
         "both halves in one piece each");
   kiln_amdgpu_va_finish(&dev);
}

int
main(void)
{
   dev.gfx_level = GFX10_3;
   dev.info.num_cu = 40;
   dev.info.num_se = 4;

   test_partial_groups();
   test_unused_dimensions_are_one();
   test_abi_32bit_limits();
   test_work_group_size_rules();
   test_chosen_sizes();
   test_va_space();
   return kiln_test_summary();
}
