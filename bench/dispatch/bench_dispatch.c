/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Host cost of a dispatch through drivers/amdgpu: an empty kernel (one
 * s_endpgm) launched over and over on the device the command line names
 * ("sim", the emulated gfx1030, by default), timing the whole round trip (kernarg and
 * PM4 built, CS submitted, fence waited on) and subtracting the time spent
 * inside the CS ioctl, which on the emulated device is where the command
 * processor and the shader run.  Also the resident memory of an opened,
 * idle device.  Prints a table with the targets (< 10 us per dispatch,
 * < 16 MiB idle RSS); exits non-zero if a dispatch fails.
 *
 * usage: bench_dispatch [iterations [device]]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kiln_amdgpu.h"
#include "util/os_time.h"

/* VmRSS of this process, in KiB. */
static long
rss_kib(void)
{
   FILE *f = fopen("/proc/self/status", "r");
   char line[256];
   long kib = -1;
   if (!f)
      return -1;
   while (fgets(line, sizeof(line), f))
      if (sscanf(line, "VmRSS: %ld kB", &kib) == 1)
         break;
   fclose(f);
   return kib;
}

int
main(int argc, char **argv)
{
   unsigned iterations = argc > 1 ? (unsigned)atoi(argv[1]) : 20000;
   /* s_endpgm (llvm-mc-15 -mcpu=gfx1030: [0x00,0x00,0x81,0xbf]). */
   static const uint32_t empty_code[] = { 0xbf810000 };
   char msg[512];

   long rss_before = rss_kib();
   struct kiln_amdgpu_device *dev;
   if (kiln_amdgpu_device_open(argc > 2 ? argv[2] : "sim", &dev, msg, sizeof(msg))) {
      fprintf(stderr, "bench_dispatch: no device: %s\n", msg);
      return 1;
   }
   long rss_idle = rss_kib();
   const struct kiln_amdgpu_device_info *info = kiln_amdgpu_device_get_info(dev);

   struct kiln_amdgpu_kernel_desc desc = {
      .name = "empty",
      .code = empty_code,
      .code_size = sizeof(empty_code),
      .rsrc1 = 0x40000000 /* MEM_ORDERED, required on GFX10+ */,
      /* USER_SGPR = 4, TGID_X/Y/Z_EN, TIDIG_COMP_CNT = 2 (kiln_amd_abi.h) */
      .rsrc2 = (4 << 1) | (1 << 7) | (1 << 8) | (1 << 9) | (2 << 11),
      .wave_size = info->wave_size,
   };
   if (info->gfx_major < 10)
      desc.rsrc1 = 0;
   struct kiln_amdgpu_kernel *k;
   if (kiln_amdgpu_kernel_create(dev, &desc, &k)) {
      fprintf(stderr, "bench_dispatch: %s\n", kiln_amdgpu_device_error(dev));
      return 1;
   }
   struct kiln_amdgpu_launch launch = {
      .work_dim = 1,
      .global_size = { 1, 1, 1 },
      .local_size = { 1, 1, 1 },
   };

   for (unsigned i = 0; i < 200; i++) {
      if (kiln_amdgpu_dispatch(dev, k, &launch, NULL)) {
         fprintf(stderr, "bench_dispatch: %s\n", kiln_amdgpu_device_error(dev));
         return 1;
      }
   }

   struct kiln_amdgpu_device_stats before, after;
   kiln_amdgpu_device_get_stats(dev, &before);
   uint64_t start = os_time_get_nano();
   for (unsigned i = 0; i < iterations; i++) {
      if (kiln_amdgpu_dispatch(dev, k, &launch, NULL)) {
         fprintf(stderr, "bench_dispatch: %s\n", kiln_amdgpu_device_error(dev));
         return 1;
      }
   }
   uint64_t total = os_time_get_nano() - start;
   kiln_amdgpu_device_get_stats(dev, &after);
   long rss_after = rss_kib();

   double per = total / 1000.0 / iterations;
   double in_cs = (after.cs_ioctl_ns - before.cs_ioctl_ns) / 1000.0 / iterations;
   double host = per - in_cs;

   printf("kiln dispatch benchmark on %s (%s), %u dispatches of an empty kernel\n\n", info->name,
          info->target, iterations);
   printf("| %-50s | %12s | %10s |\n", "measure", "value", "target");
   printf("|%s|%s|%s|\n", "----------------------------------------------------", "--------------",
          "------------");
   printf("| %-50s | %9.2f us | %10s |\n", "dispatch round trip (build+submit+wait+execute)", per,
          "");
   printf("| %-50s | %9.2f us | %10s |\n", "  in the CS ioctl (device: CP + shader)", in_cs, "");
   printf("| %-50s | %9.2f us | %10s |\n", "host cost per dispatch, excluding execution", host,
          "< 10 us");
   printf("| %-50s | %8.2f MiB | %10s |\n", "RSS with an idle device open", rss_idle / 1024.0,
          "< 16 MiB");
   printf("| %-50s | %8.2f MiB | %10s |\n", "  of which the device (RSS growth on open)",
          (rss_idle - rss_before) / 1024.0, "");
   printf("| %-50s | %8.2f MiB | %10s |\n", "RSS after the dispatches", rss_after / 1024.0, "");
   printf("\n%s\n", host < 10.0 && rss_idle < 16 * 1024 ? "targets met" : "targets NOT met");

   kiln_amdgpu_kernel_destroy(dev, k);
   kiln_amdgpu_device_close(dev);
   return 0;
}
