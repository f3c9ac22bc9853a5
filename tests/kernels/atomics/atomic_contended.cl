// SPDX-License-Identifier: MIT
// Atomics under contention (OpenCL C 2.0 §6.13.11.8): results that do not
// depend on the order the work-items run in. Sums, bit sets, xor, min and
// max end at fixed values; atomic_inc hands out each old value 0..n-1
// exactly once (seen[] counts them); atomic_cmpxchg in a retry loop
// increments like atomic_inc.
kernel void
atomic_global(global int *sum, global uint *bits, global int *minmax,
              global uint *cnt, global uint *seen)
{
   uint g = get_global_id(0);
   atomic_add(&sum[0], (int)g);
   atomic_sub(&sum[1], (int)(2 * g));
   atomic_or(&bits[0], 1u << (g % 32));
   atomic_and(&bits[1], ~(1u << (g % 31)));
   atomic_xor(&bits[2], g * 2654435761u);
   int v = (int)(g * 37 % 101) - 50;
   atomic_min(&minmax[0], v);
   atomic_max(&minmax[1], v);
   uint old = atomic_inc(&cnt[0]);
   atomic_inc(&seen[old]);
   atomic_dec(&cnt[1]);
   // compare-and-swap increment
   uint cur = cnt[2], prev;
   while ((prev = atomic_cmpxchg(&cnt[2], cur, cur + 1)) != cur)
      cur = prev;
   atomic_add(&seen[get_global_size(0) + prev], 1u);
}

// The same in local memory, per work-group; out per group: sum, or, min,
// max, count, then seen[0..local size).
kernel void
atomic_local(global int *out, local uint *seen)
{
   local int sum, mn, mx;
   local uint bits, cnt;
   uint l = get_local_id(0), n = get_local_size(0);
   if (l == 0) {
      sum = 0;
      mn = 1000;
      mx = -1000;
      bits = 0;
      cnt = 0;
   }
   seen[l] = 0;
   barrier(CLK_LOCAL_MEM_FENCE);
   uint g = get_global_id(0);
   atomic_add(&sum, (int)g);
   atomic_or(&bits, 1u << (g % 32));
   int v = (int)(g * 37 % 101) - 50;
   atomic_min(&mn, v);
   atomic_max(&mx, v);
   atomic_inc(&seen[atomic_inc(&cnt)]);
   barrier(CLK_LOCAL_MEM_FENCE);
   global int *o = out + get_group_id(0) * (5 + n);
   if (l == 0) {
      o[0] = sum;
      o[1] = (int)bits;
      o[2] = mn;
      o[3] = mx;
      o[4] = (int)cnt;
   }
   o[5 + l] = (int)seen[l];
}

// atomic_xchg in one work-group: the old values returned plus the final
// value are the initial value and every work-item's value, once each. The
// final value is taken out with one more exchange, leaving -1.
kernel void
atomic_xchg_chain(global int *loc, global uint *hist)
{
   int old = atomic_xchg(loc, (int)get_local_id(0) + 1);
   atomic_inc(&hist[old]);
   barrier(CLK_GLOBAL_MEM_FENCE);
   if (get_local_id(0) == 0)
      atomic_inc(&hist[atomic_xchg(loc, -1)]);
}
