// SPDX-License-Identifier: MIT
// OpenCL 1.x atomic functions on int and uint, global and local (OpenCL C
// 2.0 §6.13.11.8, formerly atom_* in cl_khr_*_int32_*_atomics): every one
// returns the value the location held before it (old) and stores the
// result; atomic_cmpxchg stores only when old == cmp; min/max compare as
// the pointer's type (signed or unsigned). One work-item runs the sequence
// so the old values are deterministic; 13 values per sequence: 12 olds and
// the final value.
#define SEQ(p, o, X, MINV, MAXV)               \
   o[0] = atomic_add(p, 5);                    \
   o[1] = atomic_sub(p, 12);                   \
   o[2] = atomic_xchg(p, X);                   \
   o[3] = atomic_cmpxchg(p, X, 17); /* hit */  \
   o[4] = atomic_cmpxchg(p, 99, 3); /* miss */ \
   o[5] = atomic_min(p, MINV);                 \
   o[6] = atomic_max(p, MAXV);                 \
   o[7] = atomic_and(p, 0x1c);                 \
   o[8] = atomic_or(p, 0x41);                  \
   o[9] = atomic_xor(p, 0xff);                 \
   o[10] = atomic_inc(p);                      \
   o[11] = atomic_dec(p);                      \
   o[12] = *p

kernel void
atomic_seq(global int *gi, global uint *gu, global int *oi, global uint *ou)
{
   SEQ(gi, oi, -40, -8, 30);
   // unsigned: 0x80000000 is larger than 30 for atomic_max
   SEQ(gu, ou, 0xfffffff0u, 0x80000000u, 30u);
}

kernel void
atomic_seq_local(global int *gi, global uint *gu, global int *oi,
                 global uint *ou)
{
   local int li;
   local uint lu;
   li = gi[0];
   lu = gu[0];
   SEQ(&li, oi, -40, -8, 30);
   SEQ(&lu, ou, 0xfffffff0u, 0x80000000u, 30u);
}
