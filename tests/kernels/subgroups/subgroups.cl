// SPDX-License-Identifier: MIT
// Sub-groups, cl_khr_subgroups (OpenCL 2.0 extension specification §9.17;
// core in OpenCL C 3.0 as __opencl_c_subgroups).  A work-group is split
// into sub-groups of get_max_sub_group_size() work-items, the last one
// possibly smaller; get_sub_group_size() is the size of the work-item's
// own sub-group, get_sub_group_local_id() its index there.  The
// collective functions combine the values of every work-item of the
// sub-group: reduce (all of them), inclusive and exclusive scans (those
// with a smaller or equal, or smaller, local id, in local-id order; an
// exclusive scan of none is the operation's identity: 0 for add, the
// type's largest value for min, its smallest for max), broadcast (the
// value of one work-item), all and any (non-zero when the predicate holds
// for all, or for one).  How work-items map to sub-groups is the
// implementation's; on AMD a sub-group is a wave of consecutive local
// linear ids, which the references assume.
#pragma OPENCL EXTENSION cl_khr_subgroups : enable

// out[8 * lin + k], lin = the work-item's global linear id.
kernel void
sg_info(global uint *out)
{
   size_t lin = get_global_linear_id();
   out[8 * lin + 0] = get_sub_group_size();
   out[8 * lin + 1] = get_max_sub_group_size();
   out[8 * lin + 2] = get_num_sub_groups();
   out[8 * lin + 3] = get_enqueued_num_sub_groups();
   out[8 * lin + 4] = get_sub_group_id();
   out[8 * lin + 5] = get_sub_group_local_id();
   out[8 * lin + 6] = get_local_linear_id();
   out[8 * lin + 7] = get_max_sub_group_size() * get_sub_group_id() + get_sub_group_local_id();
}

// Collectives on int (x from in), long (x * 2^33 + x) and float (exact
// small integers): out[16 * gid + k].
kernel void
sg_collective(global long *out, global const int *in, int k)
{
   size_t gid = get_global_id(0);
   int x = in[gid];
   long y = ((long)x << 33) + x;
   float f = (float)(x % 1000);
   global long *o = out + 16 * gid;
   o[0] = sub_group_reduce_add(x);
   o[1] = sub_group_reduce_min(x);
   o[2] = sub_group_reduce_max(x);
   o[3] = sub_group_scan_inclusive_add(x);
   o[4] = sub_group_scan_inclusive_min(x);
   o[5] = sub_group_scan_inclusive_max(x);
   o[6] = sub_group_scan_exclusive_add(x);
   o[7] = sub_group_scan_exclusive_min(x);
   o[8] = sub_group_scan_exclusive_max(x);
   o[9] = sub_group_broadcast(x, k);
   o[10] = sub_group_all(x > -900000) | sub_group_all(x > 0) << 1;
   o[11] = sub_group_any(x == in[0]) | sub_group_any(x == 1234567) << 1;
   o[12] = sub_group_reduce_add(y);
   o[13] = sub_group_scan_exclusive_max(y);
   o[14] = (long)sub_group_reduce_add(f);
   o[15] = (long)sub_group_scan_inclusive_min(f);
}

// sub_group_barrier orders __local memory within the sub-group: each
// work-item writes its slot, and after the barrier reads the slot of the
// work-item at the mirrored position of its own sub-group.
kernel void
sg_barrier(global int *out, global const int *in, local int *l)
{
   size_t gid = get_global_id(0), lid = get_local_id(0);
   uint n = get_sub_group_size(), s = get_sub_group_local_id();
   l[lid] = in[gid];
   sub_group_barrier(CLK_LOCAL_MEM_FENCE);
   out[gid] = l[lid - s + (n - 1 - s)];
}
