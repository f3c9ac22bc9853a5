// SPDX-License-Identifier: MIT
// 64-bit atomics in OpenCL C 2.0's form (§6.13.11): atomic_long and
// atomic_ulong with the fetch-and-modify, exchange, compare-exchange, load
// and store functions, explicit memory orders (relaxed, acquire, release,
// acq_rel, seq_cst) and scopes (work_group, device, all_svm_devices), and
// atomic_double (load, store, exchange: LLVM 15's SPIR-V translator takes
// no floating-point compare-exchange); they need
// cl_khr_int64_base_atomics and cl_khr_int64_extended_atomics.
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable

#if __OPENCL_C_VERSION__ == 200 || defined(__opencl_c_atomic_scope_all_devices)
#define SCOPE_ALL memory_scope_all_svm_devices
#else
#define SCOPE_ALL memory_scope_device
#endif

// The C11 forms.  s (atomic_long): [0] fetch_add relaxed/device,
// [1] fetch_sub acq_rel/work_group, [2] fetch_max seq_cst, [3] a
// compare_exchange_weak loop adding 2, [4] stored with release by the
// last work-item; u
// (atomic_ulong): [0] fetch_min relaxed/all_svm_devices, [1] fetch_or,
// [2] fetch_xor, [3] fetch_and; d (atomic_double): [0] gains 0.5 per
// work-item (one load and store), [1] exchange of 2.5 from every
// work-item; out[group]: the group's __local fetch_add sum.
kernel void
atomic20_64(global atomic_long *s, global atomic_ulong *u, global atomic_double *d,
            global long *out, local atomic_long *l)
{
   long gid = get_global_id(0);
   int lid = get_local_id(0);
   if (lid == 0)
      atomic_init(l, 0);
   barrier(CLK_LOCAL_MEM_FENCE);

   atomic_fetch_add_explicit(&s[0], (1L << 40) + gid, memory_order_relaxed, memory_scope_device);
   atomic_fetch_sub_explicit(&s[1], 3L << 34, memory_order_acq_rel, memory_scope_work_group);
   atomic_fetch_max(&s[2], gid * 0x10000000000L - 0x7000000000000L);
   long e = atomic_load_explicit(&s[3], memory_order_acquire, memory_scope_device);
   while (!atomic_compare_exchange_weak(&s[3], &e, e + 2))
      ;
   atomic_fetch_min_explicit(&u[0], ~(ulong)gid << 20, memory_order_relaxed,
                             SCOPE_ALL);
   atomic_fetch_or(&u[1], 1UL << (gid & 63));
   atomic_fetch_xor_explicit(&u[2], (ulong)gid << 40, memory_order_seq_cst, memory_scope_device);
   atomic_fetch_and(&u[3], ~(1UL << ((gid * 5) & 63)));
   if (gid == 0)
      atomic_store(&d[0], atomic_load(&d[0]) + 0.5 * get_global_size(0));
   atomic_exchange(&d[1], 2.5);
   atomic_fetch_add_explicit(l, gid << 32, memory_order_relaxed, memory_scope_work_group);
   if (gid == get_global_size(0) - 1)
      atomic_store_explicit(&s[4], 0x123456789abcdefL, memory_order_release, memory_scope_device);

   barrier(CLK_LOCAL_MEM_FENCE);
   if (lid == 0)
      out[get_group_id(0)] = atomic_load_explicit(l, memory_order_relaxed, memory_scope_work_group);
}
