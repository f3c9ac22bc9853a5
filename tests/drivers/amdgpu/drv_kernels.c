/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Loads the assembled test kernels, and opens the device they run on
 * (drv_kernels.h).
 */
#include "drv_kernels.h"

#include <stdio.h>
#include <string.h>

#include "kiln_test.h"
#include "sid.h"

struct kiln_amdgpu_device *
drv_open_device(int argc, char **argv)
{
   if (argc < 3) {
      fprintf(stderr,
              "usage: %s KERNEL_DIR DEVICE [TEST]   (DEVICE: sim, a render node, or \"\")\n",
              argv[0]);
      return NULL;
   }
   struct kiln_amdgpu_device *dev;
   char msg[512];
   if (kiln_amdgpu_device_open(argv[2], &dev, msg, sizeof(msg))) {
      printf("FAIL: no device: %s\n", msg);
      return NULL;
   }
   const struct kiln_amdgpu_device_info *info = kiln_amdgpu_device_get_info(dev);
   printf("device %s (%s)\n", info->name, info->target);
   CHECK(!strcmp(info->target, "gfx1030"), "these kernels are gfx1030 code, device is %s",
         info->target);
   return dev;
}

struct kiln_amdgpu_kernel *
drv_load_kernel(struct kiln_amdgpu_device *dev, const char *dir, const char *name,
                unsigned kernarg_size, unsigned lds_bytes, unsigned scratch_per_lane)
{
   char path[512];
   static uint32_t code[4096];
   snprintf(path, sizeof(path), "%s/%s.bin", dir, name);
   FILE *f = fopen(path, "rb");
   if (!CHECK(f, "cannot open %s", path))
      return NULL;
   size_t size = fread(code, 1, sizeof(code), f);
   fclose(f);

   struct kiln_amdgpu_kernel_desc desc = {
      .name = name,
      .code = code,
      .code_size = size,
      /* 24 VGPRs in granules of 8 (wave32), denormals kept, as ACO sets. */
      .rsrc1 = S_00B848_VGPRS((24 - 1) / 8) | S_00B848_FLOAT_MODE(0xf0) | S_00B848_DX10_CLAMP(1) |
               S_00B848_MEM_ORDERED(1),
      .rsrc2 = S_00B84C_USER_SGPR(4) | S_00B84C_TGID_X_EN(1) | S_00B84C_TGID_Y_EN(1) |
               S_00B84C_TGID_Z_EN(1) | S_00B84C_TIDIG_COMP_CNT(2),
      .wave_size = 32,
      .lds_bytes = lds_bytes,
      .scratch_bytes_per_lane = scratch_per_lane,
      .kernarg_size = kernarg_size,
   };
   struct kiln_amdgpu_kernel *k = NULL;
   CHECK(kiln_amdgpu_kernel_create(dev, &desc, &k) == 0, "kernel_create(%s): %s", name,
         kiln_amdgpu_device_error(dev));
   return k;
}
