// SPDX-License-Identifier: MIT
// Work-group collective functions (OpenCL C 2.0 §6.13.15; OpenCL C 3.0's
// __opencl_c_work_group_collective_functions) for one type T (-DT=int,
// uint, long, ulong, float, double or half).  Every work-item of the
// work-group calls each function: reduce combines the values of all of
// them; the scans combine those of the work-items before it (exclusive)
// or up to it (inclusive) in increasing local linear id order, an
// exclusive scan of none being the identity (0 for add, T's largest value
// for min, its smallest for max: INFINITY and -INFINITY for floats);
// broadcast returns the value of the work-item of the local id given
// (one, two or three ids as the launch has dimensions); all and any are
// non-zero when the predicate holds for every work-item, or for one.
//
// The inputs of the float types are small integers, so every sum is
// exact in whatever order the work-items are combined, which §6.13.15
// leaves to the implementation: the results compare bit for bit.
#ifdef USE_HALF
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#endif
#ifdef USE_DOUBLE
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif

#define NOUT 13

// out[NOUT * lin + k], lin = the work-item's global linear id; in[lin] is
// its value; t_all and t_any the predicates' bounds; (bx, by, bz) the local
// id broadcast from.
kernel void
wg_collective(global T *out, global const T *in, T t_all, T t_any, ulong bx, ulong by, ulong bz)
{
   size_t lin = get_global_linear_id();
   T x = in[lin];
   global T *o = out + NOUT * lin;
   o[0] = work_group_reduce_add(x);
   o[1] = work_group_reduce_min(x);
   o[2] = work_group_reduce_max(x);
   o[3] = work_group_scan_inclusive_add(x);
   o[4] = work_group_scan_inclusive_min(x);
   o[5] = work_group_scan_inclusive_max(x);
   o[6] = work_group_scan_exclusive_add(x);
   o[7] = work_group_scan_exclusive_min(x);
   o[8] = work_group_scan_exclusive_max(x);
   if (get_work_dim() == 1)
      o[9] = work_group_broadcast(x, bx);
   else if (get_work_dim() == 2)
      o[9] = work_group_broadcast(x, bx, by);
   else
      o[9] = work_group_broadcast(x, bx, by, bz);
   o[10] = work_group_all(x > t_all) ? 1 : 0;
   o[11] = work_group_any(x > t_any) ? 1 : 0;
   // A collective in a loop: each round reads the last round's result.
   T acc = x;
   for (int i = 0; i < 3; i++)
      acc = work_group_reduce_max(acc - (T)i) + work_group_scan_inclusive_min(x);
   o[12] = acc;
}
