// SPDX-License-Identifier: MIT
// Sum reduction: each work-item adds a strided run of the input (grid-stride
// loop), then the work-group reduces in local memory by halving and writes
// one partial sum per group.
kernel void
reduce(global const int *in, uint n, global int *partial, local int *scratch)
{
   uint gid = get_global_id(0), lid = get_local_id(0), lsize = get_local_size(0);
   int sum = 0;
   for (uint i = gid; i < n; i += get_global_size(0))
      sum += in[i];
   scratch[lid] = sum;
   barrier(CLK_LOCAL_MEM_FENCE);
   for (uint s = lsize / 2; s > 0; s >>= 1) {
      if (lid < s)
         scratch[lid] += scratch[lid + s];
      barrier(CLK_LOCAL_MEM_FENCE);
   }
   if (lid == 0)
      partial[get_group_id(0)] = scratch[0];
}
