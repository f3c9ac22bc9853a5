// SPDX-License-Identifier: MIT
// Kernels that exercise every part of the HSA code-object loader and
// dispatch setup: global buffers, by-value scalars/vectors/structs,
// dynamic and static local memory, private arrays (scratch), the dispatch
// packet (grid and group sizes), global offsets, and a program-scope
// pointer that needs a load-time relocation. check_hsa_loader.py checks
// how they load; test_clang_hsa_run.c runs them and checks the results.

__kernel void vadd(__global const float *a, __global const float *b,
                   __global float *c, int n)
{
   int i = get_global_id(0);
   if (i < n)
      c[i] = a[i] + b[i];
}

struct pair { int x; char c; long y; };

__kernel void by_value(__global long *out, char c, float4 v, struct pair p,
                       short s, double d, uchar3 u)
{
   out[0] = c;
   out[1] = (long)(v.x + v.y + v.z + v.w);
   out[2] = p.x + p.c + p.y;
   out[3] = s;
   out[4] = (long)d;
   out[5] = u.x + u.y * 256 + u.z * 65536;
}

/* Reverses each work-group's slice through two dynamic local buffers and
 * a static one. */
__kernel void local_reverse(__global const int *in, __global int *out,
                            __local int *tmp, __local int *tmp2)
{
   __local int stat[64];
   size_t l = get_local_id(0), n = get_local_size(0);
   tmp[l] = in[get_global_id(0)];
   stat[l] = 1;
   barrier(CLK_LOCAL_MEM_FENCE);
   tmp2[l] = tmp[n - 1 - l] * stat[n - 1 - l];
   barrier(CLK_LOCAL_MEM_FENCE);
   out[get_global_id(0)] = tmp2[l];
}

/* A private array indexed at run time lives in scratch. */
__kernel void private_array(__global int *out, int k)
{
   int a[48];
   size_t g = get_global_id(0);
   for (int i = 0; i < 48; i++)
      a[i] = i * k + (int)g;
   out[g] = a[(g * 7 + k) % 48] + a[(g + 3) % 48];
}

/* Everything the dispatch packet and hidden arguments provide. */
__kernel void grid_info(__global uint *out)
{
   size_t x = get_global_id(0) - get_global_offset(0);
   size_t y = get_global_id(1) - get_global_offset(1);
   size_t z = get_global_id(2) - get_global_offset(2);
   size_t i = (z * get_global_size(1) + y) * get_global_size(0) + x;
   out[i * 8 + 0] = get_global_id(0);
   out[i * 8 + 1] = get_global_id(1);
   out[i * 8 + 2] = get_global_id(2);
   out[i * 8 + 3] = get_local_size(0) * 100 + get_local_size(1) * 10 + get_local_size(2);
   out[i * 8 + 4] = get_num_groups(0) * 100 + get_num_groups(1) * 10 + get_num_groups(2);
   out[i * 8 + 5] = get_group_id(0) * 100 + get_group_id(1) * 10 + get_group_id(2);
   out[i * 8 + 6] = get_local_id(0) * 100 + get_local_id(1) * 10 + get_local_id(2);
   out[i * 8 + 7] = get_work_dim() * 1000 + get_enqueued_local_size(0);
}

global int g_table[4] = {11, 22, 33, 44};
global int *global g_ptr = &g_table[2];

__kernel void through_global_ptr(__global int *out)
{
   out[get_global_id(0)] = g_ptr[get_global_id(0) & 1];
}
