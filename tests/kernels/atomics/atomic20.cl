// SPDX-License-Identifier: MIT
// OpenCL C 2.0 atomic functions (§6.13.11): atomic_fetch_<op> return the
// previous value, atomic_exchange the previous value,
// atomic_compare_exchange_strong returns true and stores desired when the
// object equals *expected, else returns false and writes the current value
// to *expected; atomic_load/atomic_store; the implicit forms are
// memory_order_seq_cst, memory_scope_device. Built with -cl-std=CL2.0 (or
// CL3.0 where the device has the seq_cst/device-scope features).
kernel void
atomic20(global atomic_int *ai, global atomic_uint *au, global int *o,
         global uint *ou)
{
   local atomic_int la;
   if (get_local_id(0) == 0)
      atomic_store(&la, 0);
   if (get_global_id(0) == 0) {
      o[0] = atomic_fetch_add(&ai[0], 5);
      o[1] = atomic_fetch_sub(&ai[0], 12);
      o[2] = atomic_exchange(&ai[0], -40);
      int expected = -40;
      o[3] = atomic_compare_exchange_strong(&ai[0], &expected, 17);
      o[4] = expected;
      expected = 99;
      o[5] = atomic_compare_exchange_strong(&ai[0], &expected, 3);
      o[6] = expected; // the current value, 17
      o[7] = atomic_fetch_min(&ai[0], -8);
      o[8] = atomic_fetch_max(&ai[0], 30);
      o[9] = atomic_fetch_and(&ai[0], 0x1c);
      o[10] = atomic_fetch_or(&ai[0], 0x41);
      o[11] = atomic_fetch_xor(&ai[0], 0xff);
      o[12] = atomic_load(&ai[0]);
      ou[0] = atomic_fetch_max(&au[0], 0x80000000u);
      ou[1] = atomic_fetch_min(&au[0], 0x90000000u);
      ou[2] = atomic_load(&au[0]);
   }
   barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
   // every work-item: one global and one local increment
   atomic_fetch_add(&ai[1], 1);
   atomic_fetch_add(&la, (int)get_local_id(0));
   barrier(CLK_LOCAL_MEM_FENCE);
   if (get_local_id(0) == 0)
      atomic_fetch_add(&ai[2], atomic_load(&la));
}
