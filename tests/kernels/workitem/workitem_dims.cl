// SPDX-License-Identifier: MIT
// Work-item functions at a dimension past the last (OpenCL C 2.0 §6.13.1):
// for dimindx >= get_work_dim(), get_global_size, get_local_size,
// get_enqueued_local_size and get_num_groups return 1, and get_global_id,
// get_local_id, get_group_id and get_global_offset return 0.  Each
// work-item writes 40 values at out[linear * 40], linear as in
// workitem.cl: for each of the dimensions d and d + 1 (known at run time,
// d the kernel's argument, so d + 1 wraps to 0 for d = 0xffffffff) and 3,
// 4 and 0xffffffff (constants), get_global_id, get_global_size,
// get_global_offset, get_local_id, get_local_size, get_group_id,
// get_num_groups, then get_enqueued_local_size (`workitem_dims20`, built
// with -cl-std=CL2.0 or later) or get_local_size again (`workitem_dims`).
#define ONE_DIM(o, D, ENQUEUED)                                                   \
   do {                                                                           \
      (o)[0] = get_global_id(D);                                                  \
      (o)[1] = get_global_size(D);                                                \
      (o)[2] = get_global_offset(D);                                              \
      (o)[3] = get_local_id(D);                                                   \
      (o)[4] = get_local_size(D);                                                 \
      (o)[5] = get_group_id(D);                                                   \
      (o)[6] = get_num_groups(D);                                                 \
      (o)[7] = ENQUEUED(D);                                                       \
   } while (0)

#define DIMS_BODY(ENQUEUED)                                                       \
   size_t lin = ((get_global_id(2) - get_global_offset(2)) * get_global_size(1) + \
                 (get_global_id(1) - get_global_offset(1))) *                     \
                   get_global_size(0) +                                           \
                get_global_id(0) - get_global_offset(0);                          \
   global uint *o = out + lin * 40;                                               \
   ONE_DIM(o, d, ENQUEUED);                                                       \
   ONE_DIM(o + 8, d + 1, ENQUEUED);                                               \
   ONE_DIM(o + 16, 3, ENQUEUED);                                                  \
   ONE_DIM(o + 24, 4, ENQUEUED);                                                  \
   ONE_DIM(o + 32, 0xffffffffu, ENQUEUED)

kernel void
workitem_dims(global uint *out, uint d)
{
   DIMS_BODY(get_local_size);
}

#if __OPENCL_C_VERSION__ >= 200
kernel void
workitem_dims20(global uint *out, uint d)
{
   DIMS_BODY(get_enqueued_local_size);
}
#endif
