// SPDX-License-Identifier: MIT
// A wait on a volatile flag that another wave of the work-group sets.
// OpenCL C inherits C11's rule that a volatile access is a side effect
// (C11 5.1.2.3), so the wait must load the flag again on every iteration
// until it changes; once the loop was deleted as dead code and the wait
// returned at once.  Work-item 0 waits; the group's last work-item, in
// another wave (the group is two waves of 64 or four of 32), first
// stalls for `stall` volatile stores, longer than the emulator runs one
// wave before switching to the next, then publishes flag[1] and releases
// flag[0].  out[0] is flag[1] as the waiter read it after its wait: 42 only
// if it waited.
kernel void release(volatile global uint *flag, global uint *out, uint stall)
{
   size_t id = get_local_id(0);
   if (id == 0) {
      while (flag[0] == 0) {}
      read_mem_fence(CLK_GLOBAL_MEM_FENCE);
      out[0] = flag[1];
   } else if (id == get_local_size(0) - 1) {
      for (uint i = 0; i < stall; i++)
         flag[2] = i;
      flag[1] = 42;
      write_mem_fence(CLK_GLOBAL_MEM_FENCE);
      flag[0] = 1;
   }
}
