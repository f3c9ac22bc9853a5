// SPDX-License-Identifier: MIT
// 256-bin histogram of bytes: every work-item counts 16 bytes (read as a
// uint4) into the group's local bins with atomics, then the group adds its
// bins to the global histogram.
kernel void
histogram256(global const uint4 *data, global uint *hist)
{
   local uint h[256];
   uint l = get_local_id(0);
   for (uint b = l; b < 256; b += get_local_size(0))
      h[b] = 0;
   barrier(CLK_LOCAL_MEM_FENCE);
   uint4 v = data[get_global_id(0)];
   uint w[4] = {v.x, v.y, v.z, v.w};
   for (int i = 0; i < 4; i++)
      for (int s = 0; s < 32; s += 8)
         atomic_inc(&h[(w[i] >> s) & 0xff]);
   barrier(CLK_LOCAL_MEM_FENCE);
   for (uint b = l; b < 256; b += get_local_size(0))
      if (h[b])
         atomic_add(&hist[b], h[b]);
}
