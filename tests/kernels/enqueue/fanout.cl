/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Device-side enqueue (OpenCL C 2.0 §6.13.17) from every work-item of a
 * parent: each enqueues a block capturing its id, a kernel argument and a
 * pointer, over an ndrange_1D of `width` work-items (with an offset and a
 * local size in the second kernel), and stores what enqueue_kernel
 * returned.  A block's captured values are those at the enqueue (§6.12:
 * captured by value), so the parent changing its copy afterwards changes
 * nothing the child sees.
 */

kernel void
every_item(global int *out, global int *ret, int scale, int width)
{
   const int i = get_global_id(0);
   int captured = i * scale;
   ret[i] = enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D(width),
                           ^{ out[i * width + get_global_id(0)] =
                                 captured + (int)get_global_id(0) * 3 +
                                 (int)get_global_size(0) * 1000; });
   captured = -1;
}

/* Each child runs over [offset, offset + width) in groups of `lsize`; it
 * writes its global id, local id, group id and local size per item. */
kernel void
every_item_offset(global int *out, global int *ret, int offset, int width, int lsize)
{
   const int i = get_global_id(0);
   ret[i] = enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_WAIT_KERNEL,
                           ndrange_1D(offset, width, lsize),
                           ^{ const int j = get_global_id(0) - offset;
                              global int *o = out + (i * width + j) * 4;
                              o[0] = get_global_id(0);
                              o[1] = get_local_id(0);
                              o[2] = get_group_id(0);
                              o[3] = get_local_size(0) + 100 * get_num_groups(0); });
}

/* The flags (§6.13.17.1): with CLK_ENQUEUE_FLAGS_WAIT_KERNEL and
 * _WAIT_WORK_GROUP the child starts only after the parent (its work-group)
 * has ended, so it sees what the parent stored after enqueuing.
 * CLK_ENQUEUE_FLAGS_NO_WAIT promises no order: that child only runs. */
kernel void
flag_order(global int *out, int flags)
{
   if (get_global_id(0) != 0)
      return;
   out[2] = enqueue_kernel(get_default_queue(), flags, ndrange_1D(1),
                           ^{ out[1] = flags == CLK_ENQUEUE_FLAGS_NO_WAIT ? 7 : out[0]; });
   out[0] = 7;
}

/* A capture of the largest alignment, a long16 (128 bytes): the child's
 * copy of the literal keeps it, beside a char captured before it. */
kernel void
wide_capture(global long *out, global char *tags)
{
   const int i = get_global_id(0);
   const char tag = 'a' + i;
   const long16 v = (long16)(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15) * i - 3;
   enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D(1),
                  ^{ vstore16(v, i, out); tags[i] = tag; });
}
