// SPDX-License-Identifier: MIT
// One n-body step: every body sums the softened gravitational pull of all
// n bodies (positions and masses as float4 xyz,m), staging a tile of bodies
// in local memory per iteration, and integrates its velocity and position.
kernel void
nbody(global const float4 *pos, global float4 *vel, global float4 *new_pos, uint n,
      float dt, local float4 *tile)
{
   uint i = get_global_id(0), l = get_local_id(0), ls = get_local_size(0);
   float4 p = pos[i];
   float3 a = (float3)(0.0f);
   for (uint t = 0; t < n; t += ls) {
      tile[l] = pos[t + l];
      barrier(CLK_LOCAL_MEM_FENCE);
      for (uint j = 0; j < ls; j++) {
         float4 q = tile[j];
         float3 d = q.xyz - p.xyz;
         float r2 = dot(d, d) + 0.01f;
         float inv = rsqrt(r2);
         a += d * (q.w * inv * inv * inv);
      }
      barrier(CLK_LOCAL_MEM_FENCE);
   }
   float4 v = vel[i];
   v.xyz += a * dt;
   vel[i] = v;
   new_pos[i] = (float4)(p.xyz + v.xyz * dt, p.w);
}
