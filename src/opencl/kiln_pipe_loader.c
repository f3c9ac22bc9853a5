/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * kiln's pipe-loader: the three functions Rusticl calls to find devices
 * and create their screens, in place of Mesa's static pipe-loader (whose
 * fixed driver table and render-node scan could never offer the emulated
 * device).  There is one kiln device, named "kiln" (the name Rusticl
 * enables), on the device `kiln run` would choose (src/device's kiln_device.h):
 * the render node KILN_DEVICE names (amdgpu, i915 or xe) or "sim", else
 * an amdgpu render node ACO supports, else an Intel Gen12 or Gen12.5
 * node, else the emulated gfx1030 in-process.  The screen is src/gallium's
 * AMD one or, on an Intel node, src/gallium/intel's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kiln_config.h"
#include "kiln_device.h"
#include "kiln_gallium.h"
#include "pipe-loader/pipe_loader.h"

#define KILN_DRIVER_NAME "kiln"

int
pipe_loader_probe(struct pipe_loader_device **devs, int ndev, bool with_zink)
{
   if (devs && ndev >= 1) {
      struct pipe_loader_device *dev = calloc(1, sizeof(*dev));
      if (dev) {
         /* A GPU, not a PCI function Rusticl should ask for bus ids. */
         dev->type = PIPE_LOADER_DEVICE_PLATFORM;
         dev->driver_name = strdup(KILN_DRIVER_NAME);
         if (!dev->driver_name) {
            free(dev);
            dev = NULL;
         }
      }
      devs[0] = dev;
   }
   return 1;
}

struct pipe_screen *
pipe_loader_create_screen(struct pipe_loader_device *dev, bool driver_name_is_inferred)
{
   char msg[256] = "";
   struct kiln_device device;
   if (kiln_device_open(&device, true, msg, sizeof(msg), NULL)) {
      fprintf(stderr, "kiln: no device: %s\n", msg);
      return NULL;
   }
   /* The screen takes the opened device. */
   struct pipe_screen *screen = NULL;
   if (device.kind == KILN_DEVICE_KIND_AMDGPU)
      screen = kiln_amdgpu_screen_create(device.amdgpu, msg, sizeof(msg));
#ifdef KILN_HAVE_INTEL
   else
      screen = kiln_intel_screen_create(device.intel, msg, sizeof(msg));
#endif
   if (!screen)
      fprintf(stderr, "kiln: no device: %s\n", msg);
   return screen;
}

void
pipe_loader_release(struct pipe_loader_device **devs, int ndev)
{
   for (int i = 0; i < ndev; i++) {
      if (!devs[i])
         continue;
      free(devs[i]->driver_name);
      free(devs[i]);
      devs[i] = NULL;
   }
}
