/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * ndrange_2D and ndrange_3D (OpenCL C 2.0 §6.13.17.1) with and without
 * local sizes and offsets: one work-item enqueues a block over the
 * ndrange the arguments give (has_local 0: ndrange_nD(global), no offset,
 * the implementation chooses the local size), and every work-item of the child writes its work-item
 * functions (§6.13.1) at its linear index: global id, local id, group id
 * in each dimension, then work_dim, global size, offset and num_groups of
 * dimension 0.  With the local size left to the implementation only the
 * values that do not depend on it are written.
 */

#define FIELDS 12

static void
record(global int *out, int has_local)
{
   size_t linear = 0, stride = 1;
   for (uint d = 0; d < get_work_dim(); d++) {
      linear += (get_global_id(d) - get_global_offset(d)) * stride;
      stride *= get_global_size(d);
   }
   global int *o = out + linear * FIELDS;
   for (uint d = 0; d < 3; d++) {
      o[d] = get_global_id(d);
      o[3 + d] = has_local ? (int)get_local_id(d) : -1;
      o[6 + d] = has_local ? (int)get_group_id(d) : -1;
   }
   o[9] = get_work_dim();
   o[10] = get_global_size(0) + 1000 * get_global_offset(0);
   o[11] = has_local ? (int)(get_num_groups(0) + 100 * get_local_size(1)) : -1;
}

kernel void
enqueue_2d(global int *out, global int *ret, int4 global_size, int4 local_size, int4 offset,
           int has_local)
{
   if (get_global_id(0) != 0)
      return;
   const size_t g[2] = {global_size.x, global_size.y};
   const size_t l[2] = {local_size.x, local_size.y};
   const size_t o[2] = {offset.x, offset.y};
   ndrange_t nd = has_local ? ndrange_2D(o, g, l) : ndrange_2D(g);
   ret[0] = enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_WAIT_KERNEL, nd,
                           ^{ record(out, has_local); });
}

kernel void
enqueue_3d(global int *out, global int *ret, int4 global_size, int4 local_size, int4 offset,
           int has_local)
{
   if (get_global_id(0) != 0)
      return;
   const size_t g[3] = {global_size.x, global_size.y, global_size.z};
   const size_t l[3] = {local_size.x, local_size.y, local_size.z};
   const size_t o[3] = {offset.x, offset.y, offset.z};
   ndrange_t nd = has_local ? ndrange_3D(o, g, l) : ndrange_3D(g);
   ret[0] = enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_WAIT_KERNEL, nd,
                           ^{ record(out, has_local); });
}

/* ndrange_3D(global, local): no offset. */
kernel void
enqueue_3d_local(global int *out, global int *ret, int4 global_size, int4 local_size,
                 int4 offset, int has_local)
{
   if (get_global_id(0) != 0)
      return;
   const size_t g[3] = {global_size.x, global_size.y, global_size.z};
   const size_t l[3] = {local_size.x, local_size.y, local_size.z};
   ret[0] = enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_WAIT_WORK_GROUP,
                           ndrange_3D(g, l), ^{ record(out, 1); });
}
