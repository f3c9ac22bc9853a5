// SPDX-License-Identifier: MIT
// 64-bit atomics.  cl_khr_int64_base_atomics and
// cl_khr_int64_extended_atomics (OpenCL 2.0 extension specification §9.3):
// atom_add, atom_sub, atom_xchg, atom_inc, atom_dec, atom_cmpxchg and
// atom_min, atom_max, atom_and, atom_or, atom_xor on long and ulong in
// __global and __local memory, each returning the value the location held
// before it.  (atomic64_c11.cl has the OpenCL C 2.0 forms.)
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable

// One work-item runs the sequence, so the old values are deterministic:
// 12 olds and the final value.  Operands reach above 32 bits so that a
// 32-bit operation would give other values.
#define SEQ64(p, o, X, MINV, MAXV)                           \
   o[0] = atom_add(p, 0x500000005L);                        \
   o[1] = atom_sub(p, 0x1200000012L);                       \
   o[2] = atom_xchg(p, X);                                  \
   o[3] = atom_cmpxchg(p, X, 0x1100000017L); /* hit */      \
   o[4] = atom_cmpxchg(p, 0x99L, 3L);        /* miss */     \
   o[5] = atom_min(p, MINV);                                \
   o[6] = atom_max(p, MAXV);                                \
   o[7] = atom_and(p, 0xff0000001cL);                       \
   o[8] = atom_or(p, 0x4100000041L);                        \
   o[9] = atom_xor(p, 0xff000000ffL);                       \
   o[10] = atom_inc(p);                                     \
   o[11] = atom_dec(p);                                     \
   o[12] = *p

kernel void
atom64_seq(global long *gi, global ulong *gu, global long *oi, global ulong *ou)
{
   SEQ64(gi, oi, -0x4000000040L, -0x800000008L, 0x3000000030L);
   // unsigned: 1 << 63 is larger than any signed-positive maximum
   SEQ64(gu, ou, 0xfffffff0fffffff0UL, 0x8000000000000000UL, 0x3000000030UL);
}

kernel void
atom64_seq_local(global long *gi, global ulong *gu, global long *oi, global ulong *ou)
{
   local long li;
   local ulong lu;
   li = gi[0];
   lu = gu[0];
   SEQ64(&li, oi, -0x4000000040L, -0x800000008L, 0x3000000030L);
   SEQ64(&lu, ou, 0xfffffff0fffffff0UL, 0x8000000000000000UL, 0x3000000030UL);
}

// Every work-item at once; only the order-independent totals are checked.
// s: add, min, max; u: or, and, xor, inc count; out[group]: the group's
// __local sum.
kernel void
atom64_contended(global long *s, global ulong *u, global long *out, local long *l)
{
   long gid = get_global_id(0);
   int lid = get_local_id(0);
   if (lid == 0)
      *l = 0;
   barrier(CLK_LOCAL_MEM_FENCE);
   atom_add(&s[0], (gid << 33) + gid);
   atom_min(&s[1], 0x100000000L - gid * 0x10000000L);
   atom_max(&s[2], gid * 0x123456789L - 0x7000000000L);
   atom_or(&u[0], 1UL << (gid & 63));
   atom_and(&u[1], ~(1UL << ((gid * 7) & 63)));
   atom_xor(&u[2], (ulong)gid << 32 | (ulong)gid);
   atom_inc(&u[3]);
   atom_add(l, gid * 0x100000001L);
   barrier(CLK_LOCAL_MEM_FENCE);
   if (lid == 0)
      out[get_group_id(0)] = *l;
}

// The same 64-bit value from every work-item (a wave-uniform operand, which
// the compiler may combine across the wave): the returned old values are
// then init, init + v, init + 2v, ... in some order, and their sum is
// fixed.  s[0] gains v per work-item, s[1] is xor'ed with w by each,
// s[2] counts them; sum[0] and sum[1] add up the old values.
kernel void
atom64_uniform(global long *s, global long *sum)
{
   long old = atom_add(&s[0], 0x100000001L);
   atom_add(&sum[0], old);
   old = atom_xor(&s[1], (long)0x8000000000000001UL);
   atom_add(&sum[1], old);
   atom_inc(&s[2]);
}
