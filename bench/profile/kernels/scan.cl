// SPDX-License-Identifier: MIT
// Exclusive prefix sum of 2 x local size elements per work-group by the
// work-efficient up-sweep / down-sweep (Blelloch) scan in local memory;
// each group also writes its total.
kernel void
scan(global const int *in, global int *out, global int *sums, local int *t)
{
   uint lid = get_local_id(0), n = 2 * get_local_size(0);
   uint base = get_group_id(0) * n;
   t[2 * lid] = in[base + 2 * lid];
   t[2 * lid + 1] = in[base + 2 * lid + 1];
   uint offset = 1;
   for (uint d = n >> 1; d > 0; d >>= 1) {
      barrier(CLK_LOCAL_MEM_FENCE);
      if (lid < d) {
         uint ai = offset * (2 * lid + 1) - 1, bi = offset * (2 * lid + 2) - 1;
         t[bi] += t[ai];
      }
      offset <<= 1;
   }
   if (lid == 0) {
      sums[get_group_id(0)] = t[n - 1];
      t[n - 1] = 0;
   }
   for (uint d = 1; d < n; d <<= 1) {
      offset >>= 1;
      barrier(CLK_LOCAL_MEM_FENCE);
      if (lid < d) {
         uint ai = offset * (2 * lid + 1) - 1, bi = offset * (2 * lid + 2) - 1;
         int v = t[ai];
         t[ai] = t[bi];
         t[bi] += v;
      }
   }
   barrier(CLK_LOCAL_MEM_FENCE);
   out[base + 2 * lid] = t[2 * lid];
   out[base + 2 * lid + 1] = t[2 * lid + 1];
}
