// SPDX-License-Identifier: MIT
kernel void vadd(global const float *a, global const float *b, global float *c, int n)
{
   size_t i = get_global_id(0);
   if (i < n)
      c[i] = a[i] + b[i];
}

kernel void scale3(global float3 *v, float s, local float *tmp)
{
   size_t i = get_global_id(0);
   tmp[get_local_id(0)] = s;
   barrier(CLK_LOCAL_MEM_FENCE);
   v[i] = v[i] * tmp[get_local_id(0)] + (float3)(get_global_offset(0), 0, 0);
}
