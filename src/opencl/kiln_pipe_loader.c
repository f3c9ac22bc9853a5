/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * kiln's pipe-loader: the three functions Rusticl calls to find devices
 * and create their screens, in place of Mesa's static pipe-loader (whose
 * fixed driver table and render-node scan could never offer the emulated
 * device).  There is one kiln device, named "kiln" (the name Rusticl
 * enables), whose screen drivers/amdgpu opens as it always chooses: the
 * render node KILN_DEVICE names, else an amdgpu render node ACO supports,
 * else the emulated gfx1030 in-process.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
   struct pipe_screen *screen = kiln_screen_create(NULL, msg, sizeof(msg));
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
