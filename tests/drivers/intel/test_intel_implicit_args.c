/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The launch values drivers/intel pushes (include/kiln_intel_abi.h): a
 * launch with a global offset, a printf buffer and a globals buffer is
 * submitted to a noop render node (LD_PRELOADed by meson), and the
 * submission's dynamic state must hold the push constants a kernel reads:
 * the explicit argument bytes, then at the implicit offset struct
 * kiln_implicit_args with every field the launch implies (global offset,
 * work_dim, global and local size, number of groups = global / local,
 * printf buffer and size, globals), then the constant data's address.
 * The expected bytes are built here from the launch by kiln_amd_abi.h's
 * rules, not by the driver's code.  No compiler is involved: the kernel's
 * code is never run by the noop GPU.
 *
 * usage: test_intel_implicit_args (with INTEL_STUB_GPU_PLATFORM naming
 * the GPU)
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kiln_amd_abi.h"
#include "kiln_intel.h"
#include "kiln_intel_abi.h"
#include "kiln_test.h"

#include "dev/intel_device_info.h"

#define KERNARG_SIZE 16

int
main(void)
{
   struct kiln_intel_device *dev = NULL;
   char err[256];
   if (!CHECK(kiln_intel_device_open(NULL, &dev, err, sizeof(err)) == 0,
              "kiln_intel_device_open: %s", err))
      return kiln_test_summary();
   const bool gfx12 = kiln_intel_device_info(dev)->verx10 == 120;

   struct kiln_intel_bo *out = NULL, *printf_bo = NULL, *globals = NULL;
   CHECK(!kiln_intel_bo_create(dev, 4096, &out) && !kiln_intel_bo_create(dev, 4096, &printf_bo) &&
            !kiln_intel_bo_create(dev, 4096, &globals),
         "buffers");

   const unsigned implicit_offset = KILN_KERNARG_IMPLICIT_OFFSET(KERNARG_SIZE);
   const unsigned alloc_size = implicit_offset + KILN_IMPLICIT_SIZE;
   uint8_t kernarg[KERNARG_SIZE];
   memcpy(kernarg, &out->address, 8);
   for (unsigned i = 8; i < KERNARG_SIZE; i++)
      kernarg[i] = 0xa0 + i;
   static const uint32_t code[16] = { 0 }; /* never run */
   struct kiln_intel_bo *bos[] = { out, printf_bo, globals };
   const struct kiln_intel_launch launch = {
      .code = code,
      .code_size = sizeof(code),
      .const_data_offset = 32,
      .simd_width = 16,
      .push_bytes = KILN_INTEL_PUSH_SIZE(alloc_size),
      .per_thread_push_bytes = gfx12 ? 32 : 0,
      .kernarg = kernarg,
      .kernarg_size = KERNARG_SIZE,
      .kernarg_alloc_size = alloc_size,
      .implicit_offset = implicit_offset,
      .work_dim = 3,
      .global_size = { 64, 6, 2 },
      .local_size = { 16, 3, 1 },
      .global_offset = { 7, 100000, 3 },
      .printf_buffer = printf_bo->address,
      .printf_buffer_size = 4096,
      .globals = globals->address,
      .bos = bos,
      .num_bos = 3,
   };
   struct kiln_intel_submission sub;
   if (!CHECK(kiln_intel_dispatch(dev, &launch, &sub) == 0, "kiln_intel_dispatch: %s",
              kiln_intel_device_error(dev)))
      return kiln_test_summary();
   CHECK(kiln_intel_wait(dev, &sub, 1000000000) == 0, "kiln_intel_wait: %s",
         kiln_intel_device_error(dev));

   /* What the kernel must find, from the launch by kiln_amd_abi.h. */
   const unsigned push_size = KILN_INTEL_PUSH_SIZE(alloc_size);
   uint8_t *want = calloc(1, push_size);
   memcpy(want, kernarg, KERNARG_SIZE);
   struct kiln_implicit_args ia;
   memset(&ia, 0, sizeof(ia));
   ia.work_dim = 3;
   for (unsigned d = 0; d < 3; d++) {
      ia.global_offset[d] = launch.global_offset[d];
      ia.global_size[d] = launch.global_size[d];
      ia.local_size[d] = launch.local_size[d];
      ia.num_groups[d] = launch.global_size[d] / launch.local_size[d];
   }
   ia.printf_buffer = printf_bo->address;
   ia.printf_buffer_size = 4096;
   ia.globals = globals->address;
   memcpy(want + implicit_offset, &ia, sizeof(ia));
   const uint64_t const_data = sub.instructions->address + launch.const_data_offset;
   memcpy(want + KILN_INTEL_CONST_DATA_ADDR(alloc_size), &const_data, 8);

   const uint8_t *found = memmem(sub.state->map, sub.state->size, want, push_size);
   CHECK(found,
         "the dynamic state holds no push constants of the launch's %u bytes "
         "(kernarg, implicit arguments at %u, constant data address)",
         push_size, implicit_offset);

   free(want);
   kiln_intel_submission_finish(dev, &sub);
   kiln_intel_bo_destroy(dev, out);
   kiln_intel_bo_destroy(dev, printf_bo);
   kiln_intel_bo_destroy(dev, globals);
   kiln_intel_device_close(dev);
   return kiln_test_summary();
}
