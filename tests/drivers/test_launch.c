/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Launch geometry and the GPU VA allocator, without a device: the rules
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
   struct kiln_amdgpu_kernel k = {0};
   snprintf(k.name, sizeof(k.name), "k");
   k.desc.name = k.name;
   k.desc.wave_size = wave_size;
   k.desc.reqd_work_group_size[0] = rx;
   k.desc.reqd_work_group_size[1] = ry;
   k.desc.reqd_work_group_size[2] = rz;
   return k;
}

static struct kiln_amdgpu_launch
launch(unsigned dim, uint64_t gx, uint64_t gy, uint64_t gz, unsigned lx, unsigned ly,
       unsigned lz)
{
   return (struct kiln_amdgpu_launch){
      .work_dim = dim,
      .global_size = {gx, gy, gz},
      .local_size = {lx, ly, lz},
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
         g.local_size[1] == 4 && g.local_size[2] == 1, "reqd size used when none given");

   l = launch(4, 64, 1, 1, 0, 0, 0);
   CHECK(kiln_amdgpu_grid_compute(&dev, &k, &l, &g) == -EINVAL, "work_dim 4");
}

/* The driver's own choice must be legal and sensible for every size. */
static void
test_chosen_sizes(void)
{
   static const uint64_t sizes[] = {1, 7, 31, 32, 33, 64, 100, 1000, 1009, 1024, 4096,
                                    65537, 1u << 20};
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
               CHECK(g.local_size[0] >= w || total >= w,
                     "size %llu wave %u: group of %llu", (unsigned long long)sizes[i], w,
                     (unsigned long long)total);
            for (unsigned d = 0; d < 3; d++) {
               uint64_t covered = (uint64_t)g.num_groups[d] * g.local_size[d];
               CHECK(covered >= g.global_size[d] &&
                     covered - g.global_size[d] < g.local_size[d],
                     "dim %u: groups cover the range exactly once", d);
            }
         }
      }
   }
}

static void
test_va_heap(void)
{
   struct kiln_amdgpu_va_heap heap;
   uint64_t a, b, c, d;

   CHECK(!kiln_amdgpu_va_heap_init(&heap, 0x100000, 0x200000, 4096), "init");
   CHECK(!kiln_amdgpu_va_alloc(&heap, 4096, 0, &a) && a == 0x100000, "first fit 0x%llx",
         (unsigned long long)a);
   CHECK(!kiln_amdgpu_va_alloc(&heap, 100, 0, &b) && b == 0x101000, "sizes round to pages");
   CHECK(!kiln_amdgpu_va_alloc(&heap, 4096, 0x10000, &c) && c == 0x110000,
         "alignment 0x%llx", (unsigned long long)c);
   CHECK(kiln_amdgpu_va_alloc(&heap, 0x100000, 0, &d) == -ENOMEM, "too large");
   kiln_amdgpu_va_free(&heap, b, 4096);
   CHECK(!kiln_amdgpu_va_alloc(&heap, 4096, 0, &d) && d == b, "freed range reused");
   kiln_amdgpu_va_free(&heap, a, 4096);
   kiln_amdgpu_va_free(&heap, d, 4096);
   kiln_amdgpu_va_free(&heap, c, 4096);
   CHECK(heap.num_holes == 1 && heap.holes[0].start == 0x100000 &&
         heap.holes[0].size == 0x100000, "everything freed coalesces into one hole (%u)",
         heap.num_holes);
   /* Many small allocations and frees in a shuffled order. */
   uint64_t vas[100];
   for (unsigned i = 0; i < 100; i++)
      CHECK(!kiln_amdgpu_va_alloc(&heap, 4096, 0, &vas[i]), "alloc %u", i);
   for (unsigned i = 0; i < 100; i++)
      kiln_amdgpu_va_free(&heap, vas[(i * 37) % 100], 4096);
   CHECK(heap.num_holes == 1 && heap.holes[0].size == 0x100000, "coalesced after shuffle");
   kiln_amdgpu_va_heap_finish(&heap);
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
   test_va_heap();
   return kiln_test_summary();
}
