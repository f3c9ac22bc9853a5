// SPDX-License-Identifier: MIT
// async_work_group_copy and wait_group_events (OpenCL C 2.0 §6.13.10):
// the whole work-group copies its chunk of global memory into local memory
// and back; after the wait the data is visible to every work-item. Each
// work-item reads the element mirrored within its group.
kernel void
async_copy(global const int *in, global int *out, local int *buf)
{
   size_t n = get_local_size(0), base = get_group_id(0) * n;
   event_t e = async_work_group_copy(buf, in + base, n, 0);
   wait_group_events(1, &e);
   size_t l = get_local_id(0);
   int v = buf[n - 1 - l] * 2;
   barrier(CLK_LOCAL_MEM_FENCE);
   buf[l] = v;
   barrier(CLK_LOCAL_MEM_FENCE);
   e = async_work_group_copy(out + base, buf, n, 0);
   wait_group_events(1, &e);
}
