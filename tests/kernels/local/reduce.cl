// SPDX-License-Identifier: MIT
// Tree reductions in local memory (OpenCL C 2.0 §6.5.2 __local, §6.13.8
// barrier): every work-group sums its work-items' values; a barrier with
// CLK_LOCAL_MEM_FENCE makes each step's stores visible to the group.
// reduce_static uses a kernel-scope __local array (local size 64);
// reduce_arg a __local pointer argument sized by the host (any power of
// two local size).
kernel void
reduce_static(global const int *in, global int *out)
{
   local int tmp[64];
   size_t lid = get_local_id(0);
   tmp[lid] = in[get_global_id(0)];
   barrier(CLK_LOCAL_MEM_FENCE);
   for (size_t s = 32; s > 0; s >>= 1) {
      if (lid < s)
         tmp[lid] += tmp[lid + s];
      barrier(CLK_LOCAL_MEM_FENCE);
   }
   if (lid == 0)
      out[get_group_id(0)] = tmp[0];
}

kernel void
reduce_arg(global const int *in, global int *out, local int *tmp)
{
   size_t lid = get_local_id(0);
   tmp[lid] = in[get_global_id(0)];
   barrier(CLK_LOCAL_MEM_FENCE);
   for (size_t s = get_local_size(0) / 2; s > 0; s >>= 1) {
      if (lid < s)
         tmp[lid] += tmp[lid + s];
      barrier(CLK_LOCAL_MEM_FENCE);
   }
   if (lid == 0)
      out[get_group_id(0)] = tmp[0];
}
