/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * An image kernel, which kiln's Intel backend refuses to compile
 * (test_kiln_run_intel.py checks the message names images).
 */

kernel void
copy_texels(read_only image2d_t src, global float4 *out)
{
   int2 p = (int2)(get_global_id(0), get_global_id(1));
   out[p.y * get_image_width(src) + p.x] = read_imagef(src, p);
}
