// SPDX-License-Identifier: MIT
// Bitonic sort of each work-group's 64 values in local memory, ascending:
// nested loops of compare-exchange steps separated by barriers.
kernel void
bitonic(global int *data)
{
   local int v[64];
   uint l = get_local_id(0);
   size_t base = get_group_id(0) * 64;
   v[l] = data[base + l];
   barrier(CLK_LOCAL_MEM_FENCE);
   for (uint k = 2; k <= 64; k <<= 1) {
      for (uint j = k >> 1; j > 0; j >>= 1) {
         uint p = l ^ j;
         if (p > l) {
            bool up = (l & k) == 0;
            int a = v[l], b = v[p];
            if ((a > b) == up) {
               v[l] = b;
               v[p] = a;
            }
         }
         barrier(CLK_LOCAL_MEM_FENCE);
      }
   }
   data[base + l] = v[l];
}
