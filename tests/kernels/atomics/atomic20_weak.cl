// SPDX-License-Identifier: MIT
// atomic_compare_exchange_weak (OpenCL C 2.0 §6.13.11.7): like the strong
// form, but it may fail spuriously, so it is used in a loop; every
// work-item adds 2 to a __global and a __local counter that way.
// g[0] ends at its initial value + 2 * work-items; out[group] at 2 * the
// group's work-items.
kernel void
atomic20_weak(global atomic_int *g, global int *out, local atomic_int *l)
{
   if (get_local_id(0) == 0)
      atomic_init(l, 0);
   barrier(CLK_LOCAL_MEM_FENCE);
   int e = atomic_load(g);
   while (!atomic_compare_exchange_weak(g, &e, e + 2))
      ;
   int f = atomic_load_explicit(l, memory_order_relaxed, memory_scope_work_group);
   while (!atomic_compare_exchange_weak_explicit(l, &f, f + 2, memory_order_relaxed,
                                                 memory_order_relaxed, memory_scope_work_group))
      ;
   barrier(CLK_LOCAL_MEM_FENCE);
   if (get_local_id(0) == 0)
      out[get_group_id(0)] = atomic_load(l);
}
