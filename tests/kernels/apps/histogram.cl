// SPDX-License-Identifier: MIT
// 16-bin histogram of bytes (bin = value >> 4): each work-group counts into
// a local histogram with atomic_inc, then merges it into the global one
// with atomic_add.
kernel void
histogram(global const uchar *data, global uint *hist)
{
   local uint h[16];
   size_t l = get_local_id(0);
   if (l < 16)
      h[l] = 0;
   barrier(CLK_LOCAL_MEM_FENCE);
   atomic_inc(&h[data[get_global_id(0)] >> 4]);
   barrier(CLK_LOCAL_MEM_FENCE);
   if (l < 16)
      atomic_add(&hist[l], h[l]);
}
