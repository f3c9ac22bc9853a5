// SPDX-License-Identifier: MIT
// Inclusive prefix sum of each work-group's values (Hillis-Steele scan in
// local memory, double-buffered, a barrier per step), then each group's
// total in sums[group].
kernel void
prefix_sum(global const int *in, global int *out, global int *sums,
           local int *buf)
{
   size_t l = get_local_id(0), n = get_local_size(0);
   local int *src = buf, *dst = buf + n;
   src[l] = in[get_global_id(0)];
   barrier(CLK_LOCAL_MEM_FENCE);
   for (size_t off = 1; off < n; off <<= 1) {
      dst[l] = l >= off ? src[l] + src[l - off] : src[l];
      barrier(CLK_LOCAL_MEM_FENCE);
      local int *t = src;
      src = dst;
      dst = t;
   }
   out[get_global_id(0)] = src[l];
   if (l == n - 1)
      sums[get_group_id(0)] = src[l];
}
