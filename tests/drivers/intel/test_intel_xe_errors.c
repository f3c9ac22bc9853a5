/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * drivers/intel's xe path when xe says no, through kiln's noop xe render
 * node (intel_xe_noop_drm_shim.c, LD_PRELOADed by meson) and the faults
 * it injects: kiln_intel.h promises a negative errno with a message kept
 * by the device, never a crash.  A bind that fails makes buffer creation,
 * and so a dispatch, fail with xe's errno (-ENOMEM) and leave the device
 * usable; an exec that never signals makes the wait for it time out
 * (-ETIME) while the wait for the exec before it succeeds; an exec after
 * which xe bans the queue makes the wait report a hang (-EIO).  Nothing runs on the
 * noop device, so the launch is a few zero bytes of "code".
 */
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "intel_xe_noop_drm_shim.h"
#include "kiln_amd_abi.h"
#include "kiln_intel.h"
#include "kiln_intel_abi.h"
#include "kiln_test.h"

#define KERNARG_BYTES 256 /* the implicit arguments at 0 */

static kiln_xe_shim_inject_fn inject;

static int
dispatch(struct kiln_intel_device *dev, struct kiln_intel_submission *sub)
{
   static const uint32_t code[16];
   static const uint8_t kernarg[KERNARG_BYTES];
   const struct kiln_intel_launch launch = {
      .code = code,
      .code_size = sizeof(code),
      .const_data_offset = sizeof(code),
      .simd_width = 16,
      .push_bytes = KILN_INTEL_PUSH_SIZE(KERNARG_BYTES),
      .kernarg = kernarg,
      .kernarg_size = 0,
      .kernarg_alloc_size = KERNARG_BYTES,
      .implicit_offset = 0,
      .work_dim = 1,
      .global_size = { 64, 1, 1 },
      .local_size = { 32, 1, 1 },
   };
   return kiln_intel_dispatch(dev, &launch, sub);
}

static void
failed_bind(struct kiln_intel_device *dev)
{
   const char *err = kiln_intel_device_error(dev);
   struct kiln_intel_bo *bo = NULL;
   struct kiln_intel_submission sub;

   inject(KILN_XE_SHIM_FAIL_BINDS);
   CHECK_EQ_INT("kiln_intel_bo_create when the bind fails", kiln_intel_bo_create(dev, 4096, &bo),
                -ENOMEM);
   CHECK(bo == NULL, "a buffer came back from a failed creation");
   CHECK_EQ_INT("kiln_intel_dispatch when the bind fails", dispatch(dev, &sub), -ENOMEM);
   CHECK(strstr(err, "creating the dispatch's buffers"), "the message: \"%s\"", err);

   /* The device still works once binds do. */
   inject(KILN_XE_SHIM_NO_FAULT);
   int ret = dispatch(dev, &sub);
   if (CHECK(ret == 0, "dispatch after a failed bind: %s", err)) {
      ret = kiln_intel_wait(dev, &sub, 1000000000);
      CHECK(ret == 0, "wait after a failed bind: %s", err);
      kiln_intel_submission_finish(dev, &sub);
   }
}

static void
hang_then_ban(struct kiln_intel_device *dev)
{
   const char *err = kiln_intel_device_error(dev);
   struct kiln_intel_submission done, hung, banned;

   int ret = dispatch(dev, &done);
   if (!CHECK(ret == 0, "dispatch: %s", err))
      return;
   inject(KILN_XE_SHIM_HANG);
   ret = dispatch(dev, &hung);
   if (CHECK(ret == 0, "dispatch: %s", err)) {
      CHECK_EQ_INT("wait on an exec that never signals", kiln_intel_wait(dev, &hung, 1000000),
                   -ETIME);
      CHECK(strstr(err, "did not finish in 1000000 ns"), "the message: \"%s\"", err);
      /* A wait is for its own submission, not the latest one. */
      CHECK_EQ_INT("wait on the exec before the one that hangs",
                   kiln_intel_wait(dev, &done, 1000000), 0);
      kiln_intel_submission_finish(dev, &hung);
   }
   kiln_intel_submission_finish(dev, &done);

   inject(KILN_XE_SHIM_BAN);
   ret = dispatch(dev, &banned);
   if (CHECK(ret == 0, "dispatch: %s", err)) {
      CHECK_EQ_INT("wait on an exec whose queue xe banned",
                   kiln_intel_wait(dev, &banned, 1000000000), -EIO);
      CHECK(strstr(err, "GPU hang"), "the message: \"%s\"", err);
      kiln_intel_submission_finish(dev, &banned);
   }
   inject(KILN_XE_SHIM_NO_FAULT);
}

int
main(void)
{
   inject = (kiln_xe_shim_inject_fn)dlsym(RTLD_DEFAULT, "kiln_xe_shim_inject");
   if (!CHECK(inject, "the xe shim is not preloaded"))
      return kiln_test_summary();

   struct kiln_intel_device *dev = NULL;
   char err[256];
   int ret = kiln_intel_device_open(NULL, &dev, err, sizeof(err));
   if (!CHECK(ret == 0, "kiln_intel_device_open: %s", err))
      return kiln_test_summary();
   CHECK(!strcmp(kiln_intel_device_kmd_name(dev), "xe"), "the device runs on %s",
         kiln_intel_device_kmd_name(dev));

   failed_bind(dev);
   hang_then_ban(dev);

   kiln_intel_device_close(dev);
   return kiln_test_summary();
}
