/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * A block that reads __constant data (OpenCL C 2.0 §6.13.17): a table it
 * indexes with a value known only at run time, and the sizes of a 2D
 * ndrange from constant arrays, as the OpenCL-CTS's enqueue_wg_size 2D, 3D
 * and mix kernels build theirs.  Both are initialised constant arrays,
 * which the compiler keeps in the kernel's constant data (through kiln's
 * ICD, an input of Rusticl's own that the drain must supply).  The
 * block's 16 work-items write squares[(i * 7) % 16]; its first enqueues a
 * 4 x 8 child in groups of 2 x 4 whose work-items each count once.
 */

kernel void
from_constants(global int *out, global int *count)
{
   if (get_global_id(0) != 0)
      return;
   out[17] = enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_WAIT_KERNEL, ndrange_1D(16), ^{
      const int squares[16] = {0, 1, 4, 9, 16, 25, 36, 49, 64, 81, 100, 121, 144, 169, 196, 225};
      const size_t i = get_global_id(0);
      out[i] = squares[(i * 7) % 16];
      if (i == 0) {
         const size_t gs[2] = {4, 8}, ls[2] = {2, 4};
         out[16] = enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_WAIT_KERNEL,
                                  ndrange_2D(gs, ls), ^{ atomic_inc(count); });
      }
   });
}
