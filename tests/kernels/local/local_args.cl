// SPDX-License-Identifier: MIT
// Several __local pointer arguments of different types (OpenCL C 2.0
// §6.5.2: the host gives only their size), plus a kernel-scope __local
// scalar written by one work-item and read by all after a barrier.
kernel void
local_args(global const int *in, global int *out, local int *a,
           local short *b)
{
   local int group_base;
   size_t lid = get_local_id(0), n = get_local_size(0);
   if (lid == 0)
      group_base = in[get_group_id(0) * n] * 1000;
   a[lid] = in[get_global_id(0)];
   b[lid] = (short)(in[get_global_id(0)] & 0xff);
   barrier(CLK_LOCAL_MEM_FENCE);
   // each work-item reads another's values: reversed and rotated
   out[get_global_id(0)] = a[n - 1 - lid] + b[(lid + 1) % n] + group_base;
}
