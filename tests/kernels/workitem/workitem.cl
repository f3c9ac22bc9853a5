// SPDX-License-Identifier: MIT
// Work-item functions (OpenCL C 2.0 §6.13.1). Each work-item writes 28
// values at out[linear * 28], linear = its id minus the global offset,
// linearised with x fastest: for d = 0, 1, 2 (dimensions past
// get_work_dim() report size 1 and id 0) get_global_id, get_global_size,
// get_global_offset, get_local_id, get_local_size, get_group_id,
// get_num_groups, get_enqueued_local_size; then get_work_dim,
// get_global_linear_id and get_local_linear_id. Those three are OpenCL C
// 2.0 functions: the kernel `workitem` (any version) writes get_local_size
// and -1 in their place, `workitem20` (built with -cl-std=CL2.0 or later)
// calls them.
#define WORKITEM_BODY(ENQUEUED, GLINEAR, LLINEAR)                              \
   size_t lin = ((get_global_id(2) - get_global_offset(2)) * get_global_size(1) + \
                 (get_global_id(1) - get_global_offset(1))) *                     \
                   get_global_size(0) +                                           \
                get_global_id(0) - get_global_offset(0);                          \
   global uint *o = out + lin * 28;                                               \
   for (uint d = 0; d < 3; d++) {                                                 \
      o[d * 8 + 0] = get_global_id(d);                                            \
      o[d * 8 + 1] = get_global_size(d);                                          \
      o[d * 8 + 2] = get_global_offset(d);                                        \
      o[d * 8 + 3] = get_local_id(d);                                             \
      o[d * 8 + 4] = get_local_size(d);                                           \
      o[d * 8 + 5] = get_group_id(d);                                             \
      o[d * 8 + 6] = get_num_groups(d);                                           \
      o[d * 8 + 7] = ENQUEUED(d);                                                 \
   }                                                                              \
   o[24] = get_work_dim();                                                        \
   o[25] = GLINEAR;                                                               \
   o[26] = LLINEAR;                                                               \
   o[27] = 0xdeadbeef

kernel void
workitem(global uint *out)
{
   WORKITEM_BODY(get_local_size, -1, -1);
}

#if __OPENCL_C_VERSION__ >= 200
kernel void
workitem20(global uint *out)
{
   WORKITEM_BODY(get_enqueued_local_size, get_global_linear_id(),
                 get_local_linear_id());
}
#endif
