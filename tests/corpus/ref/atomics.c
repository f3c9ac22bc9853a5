/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * References for the atomic functions (OpenCL C 2.0 §6.13.11): a sequence
 * of read-modify-write operations applied in order to one value, each
 * recording the value before it; and the order-independent totals of the
 * contended kernels (sums, bit unions, min/max, each counter value handed
 * out once).
 */
#include "ref.h"

enum op { ADD, SUB, XCHG, CMPXCHG, MIN, MAX, AND, OR, XOR, INC, DEC };

struct step {
   enum op op;
   int64_t a, b;
};

/* v, the low `bits` bits of a value (32 or 64), as a signed integer of
 * that width. */
static int64_t
sign_extend(uint64_t v, unsigned bits)
{
   return bits == 32 ? (int64_t)(int32_t)(uint32_t)v : (int64_t)v;
}

/* Applies one op to *v in a type of `bits` bits (32 or 64), min and max
 * comparing as signed values when sgn; returns the old value. */
static int64_t
apply(int64_t *v, const struct step *s, bool sgn, unsigned bits)
{
   const uint64_t mask = bits == 64 ? ~0ull : (1ull << bits) - 1;
   int64_t old = *v;
   uint64_t u = (uint64_t)old & mask, x = (uint64_t)s->a & mask;
   int64_t su = sign_extend(u, bits), sx = sign_extend(x, bits);
   uint64_t r;
   switch (s->op) {
   case ADD:
      r = u + x;
      break;
   case SUB:
      r = u - x;
      break;
   case XCHG:
      r = x;
      break;
   case CMPXCHG:
      r = u == x ? (uint64_t)s->b : u;
      break;
   case MIN:
      r = sgn ? (su < sx ? u : x) : (u < x ? u : x);
      break;
   case MAX:
      r = sgn ? (su > sx ? u : x) : (u > x ? u : x);
      break;
   case AND:
      r = u & x;
      break;
   case OR:
      r = u | x;
      break;
   case XOR:
      r = u ^ x;
      break;
   case INC:
      r = u + 1;
      break;
   default:
      r = u - 1;
      break;
   }
   r &= mask;
   *v = sgn ? sign_extend(r, bits) : (int64_t)r;
   return old;
}

static void
run_seq(const struct step *steps, unsigned n, int64_t init, bool sgn, unsigned bits,
        struct kiln_run_arg *out)
{
   int64_t v = init;
   for (unsigned k = 0; k < n; k++)
      corpus_set_i(out, k, apply(&v, &steps[k], sgn, bits));
   corpus_set_i(out, n, v);
}

static int
ref_atomic_seq(struct kiln_run_command *l)
{
   if (ref_expect(l, 4))
      return 1;
   const struct step si[] = {
      { ADD, 5 },         { SUB, 12 },   { XCHG, -40 }, { CMPXCHG, -40, 17 },
      { CMPXCHG, 99, 3 }, { MIN, -8 },   { MAX, 30 },   { AND, 0x1c },
      { OR, 0x41 },       { XOR, 0xff }, { INC },       { DEC },
   };
   const struct step su[] = {
      { ADD, 5 },
      { SUB, 12 },
      { XCHG, 0xfffffff0u },
      { CMPXCHG, 0xfffffff0u, 17 },
      { CMPXCHG, 99, 3 },
      { MIN, 0x80000000u },
      { MAX, 30 },
      { AND, 0x1c },
      { OR, 0x41 },
      { XOR, 0xff },
      { INC },
      { DEC },
   };
   int64_t init_i = corpus_get_i(REF_ARG(l, 0), 0);
   int64_t init_u = corpus_get_i(REF_ARG(l, 1), 0);
   run_seq(si, 12, init_i, true, 32, REF_ARG(l, 2));
   run_seq(su, 12, init_u, false, 32, REF_ARG(l, 3));
   if (!strcmp(l->kernel, "atomic_seq")) {
      /* the global locations end at the final values */
      corpus_set_i(REF_ARG(l, 0), 0, corpus_get_i(REF_ARG(l, 2), 12));
      corpus_set_i(REF_ARG(l, 1), 0, corpus_get_i(REF_ARG(l, 3), 12));
   }
   return 0;
}

static int
ref_atomic_global(struct kiln_run_command *l)
{
   if (ref_expect(l, 5))
      return 1;
   struct kiln_run_arg *sum = REF_ARG(l, 0), *bits = REF_ARG(l, 1), *mm = REF_ARG(l, 2),
                       *cnt = REF_ARG(l, 3), *seen = REF_ARG(l, 4);
   size_t n = l->global[0];
   int64_t s0 = corpus_get_i(sum, 0), s1 = corpus_get_i(sum, 1);
   uint32_t b0 = corpus_get_u(bits, 0), b1 = corpus_get_u(bits, 1), b2 = corpus_get_u(bits, 2);
   int64_t mn = corpus_get_i(mm, 0), mx = corpus_get_i(mm, 1);
   for (uint32_t g = 0; g < n; g++) {
      s0 += g;
      s1 -= 2 * (int64_t)g;
      b0 |= 1u << (g % 32);
      b1 &= ~(1u << (g % 31));
      b2 ^= g * 2654435761u;
      int64_t v = (int64_t)(g * 37 % 101) - 50;
      mn = v < mn ? v : mn;
      mx = v > mx ? v : mx;
   }
   corpus_set_i(sum, 0, ref_wrap(sum, s0));
   corpus_set_i(sum, 1, ref_wrap(sum, s1));
   corpus_set_u(bits, 0, b0);
   corpus_set_u(bits, 1, b1);
   corpus_set_u(bits, 2, b2);
   corpus_set_i(mm, 0, mn);
   corpus_set_i(mm, 1, mx);
   /* counters start at their initial values c; old values c..c+n-1 */
   uint64_t c0 = corpus_get_u(cnt, 0), c2 = corpus_get_u(cnt, 2);
   for (size_t k = 0; k < n; k++) {
      corpus_set_u(seen, c0 + k, corpus_get_u(seen, c0 + k) + 1);
      corpus_set_u(seen, n + c2 + k, corpus_get_u(seen, n + c2 + k) + 1);
   }
   corpus_set_u(cnt, 0, (uint32_t)(c0 + n));
   corpus_set_u(cnt, 1, (uint32_t)(corpus_get_u(cnt, 1) - n));
   corpus_set_u(cnt, 2, (uint32_t)(c2 + n));
   return 0;
}

static int
ref_atomic_local(struct kiln_run_command *l)
{
   if (ref_expect(l, 2))
      return 1;
   struct kiln_run_arg *out = REF_ARG(l, 0);
   size_t n = l->local[0];
   for (size_t g = 0; g < l->global[0] / n; g++) {
      int64_t sum = 0, mn = 1000, mx = -1000;
      uint32_t bits = 0;
      for (uint32_t k = 0; k < n; k++) {
         uint32_t gid = g * n + k;
         int64_t v = (int64_t)(gid * 37 % 101) - 50;
         sum += gid;
         bits |= 1u << (gid % 32);
         mn = v < mn ? v : mn;
         mx = v > mx ? v : mx;
      }
      size_t o = g * (5 + n);
      corpus_set_i(out, o + 0, sum);
      corpus_set_i(out, o + 1, (int32_t)bits);
      corpus_set_i(out, o + 2, mn);
      corpus_set_i(out, o + 3, mx);
      corpus_set_i(out, o + 4, n);
      for (size_t k = 0; k < n; k++)
         corpus_set_i(out, o + 5 + k, 1);
   }
   return 0;
}

static int
ref_atomic_xchg_chain(struct kiln_run_command *l)
{
   if (ref_expect(l, 2))
      return 1;
   struct kiln_run_arg *loc = REF_ARG(l, 0), *hist = REF_ARG(l, 1);
   size_t n = l->global[0];
   int64_t init = corpus_get_i(loc, 0);
   /* Olds and final: the initial value and 1..n, each once; the final
    * exchange leaves -1. */
   corpus_set_i(loc, 0, -1);
   corpus_set_u(hist, init, corpus_get_u(hist, init) + 1);
   for (size_t k = 1; k <= n; k++)
      corpus_set_u(hist, k, corpus_get_u(hist, k) + 1);
   return 0;
}

static int
ref_atomic20(struct kiln_run_command *l)
{
   if (ref_expect(l, 4))
      return 1;
   struct kiln_run_arg *ai = REF_ARG(l, 0), *au = REF_ARG(l, 1), *o = REF_ARG(l, 2),
                       *ou = REF_ARG(l, 3);
   int64_t v = corpus_get_i(ai, 0);
   const struct step s1[] = { { ADD, 5 }, { SUB, 12 }, { XCHG, -40 } };
   for (unsigned k = 0; k < 3; k++)
      corpus_set_i(o, k, apply(&v, &s1[k], true, 32));
   /* compare_exchange_strong: success returns 1 and leaves expected */
   bool hit = v == -40;
   corpus_set_i(o, 3, hit);
   corpus_set_i(o, 4, -40);
   if (hit)
      v = 17;
   bool hit2 = v == 99;
   corpus_set_i(o, 5, hit2);
   corpus_set_i(o, 6, hit2 ? 99 : v);
   if (hit2)
      v = 3;
   const struct step s2[] = { { MIN, -8 }, { MAX, 30 }, { AND, 0x1c }, { OR, 0x41 }, { XOR, 0xff } };
   for (unsigned k = 0; k < 5; k++)
      corpus_set_i(o, 7 + k, apply(&v, &s2[k], true, 32));
   corpus_set_i(o, 12, v);
   corpus_set_i(ai, 0, v);
   int64_t u = corpus_get_i(au, 0);
   const struct step s3[] = { { MAX, 0x80000000u }, { MIN, 0x90000000u } };
   for (unsigned k = 0; k < 2; k++)
      corpus_set_i(ou, k, apply(&u, &s3[k], false, 32));
   corpus_set_i(ou, 2, u);
   corpus_set_i(au, 0, u);
   size_t n = l->global[0], ls = l->local[0];
   corpus_set_i(ai, 1, corpus_get_i(ai, 1) + (int64_t)n);
   /* each group adds the sum of its local ids */
   corpus_set_i(ai, 2, corpus_get_i(ai, 2) + (int64_t)(n / ls) * (int64_t)(ls * (ls - 1) / 2));
   return 0;
}

/* 64-bit atomics (cl_khr_int64_base_atomics, cl_khr_int64_extended_atomics
 * and the C11 forms on atomic_long and atomic_ulong): the same operations
 * in 64 bits, min and max comparing as the pointer's type. */
static int
ref_atom64_seq(struct kiln_run_command *l)
{
   if (ref_expect(l, 4))
      return 1;
   const struct step si[] = {
      { ADD, 0x500000005 },
      { SUB, 0x1200000012 },
      { XCHG, -0x4000000040 },
      { CMPXCHG, -0x4000000040, 0x1100000017 },
      { CMPXCHG, 0x99, 3 },
      { MIN, -0x800000008 },
      { MAX, 0x3000000030 },
      { AND, 0xff0000001c },
      { OR, 0x4100000041 },
      { XOR, 0xff000000ff },
      { INC },
      { DEC },
   };
   const struct step su[] = {
      { ADD, 0x500000005 },
      { SUB, 0x1200000012 },
      { XCHG, (int64_t)0xfffffff0fffffff0ull },
      { CMPXCHG, (int64_t)0xfffffff0fffffff0ull, 0x1100000017 },
      { CMPXCHG, 0x99, 3 },
      { MIN, INT64_MIN },
      { MAX, 0x3000000030 },
      { AND, 0xff0000001c },
      { OR, 0x4100000041 },
      { XOR, 0xff000000ff },
      { INC },
      { DEC },
   };
   run_seq(si, 12, corpus_get_i(REF_ARG(l, 0), 0), true, 64, REF_ARG(l, 2));
   run_seq(su, 12, corpus_get_i(REF_ARG(l, 1), 0), false, 64, REF_ARG(l, 3));
   if (!strcmp(l->kernel, "atom64_seq")) {
      corpus_set_i(REF_ARG(l, 0), 0, corpus_get_i(REF_ARG(l, 2), 12));
      corpus_set_i(REF_ARG(l, 1), 0, corpus_get_i(REF_ARG(l, 3), 12));
   }
   return 0;
}

static int64_t
min64(int64_t a, int64_t b)
{
   return a < b ? a : b;
}

static int64_t
max64(int64_t a, int64_t b)
{
   return a > b ? a : b;
}

static int
ref_atom64_contended(struct kiln_run_command *l)
{
   if (ref_expect(l, 4))
      return 1;
   struct kiln_run_arg *s = REF_ARG(l, 0), *u = REF_ARG(l, 1), *out = REF_ARG(l, 2);
   const uint64_t n = l->global[0], ls = l->local[0];
   uint64_t sum = (uint64_t)corpus_get_i(s, 0), or = (uint64_t)corpus_get_i(u, 0);
   uint64_t and = (uint64_t)corpus_get_i(u, 1), xor = (uint64_t)corpus_get_i(u, 2);
   int64_t mn = corpus_get_i(s, 1), mx = corpus_get_i(s, 2);
   for (uint64_t gid = 0; gid < n; gid++) {
      sum += (gid << 33) + gid;
      mn = min64(mn, (int64_t)(0x100000000ull - gid * 0x10000000ull));
      mx = max64(mx, (int64_t)(gid * 0x123456789ull - 0x7000000000ull));
      or |= 1ull << (gid & 63);
      and &= ~(1ull << ((gid * 7) & 63));
      xor ^= gid << 32 | gid;
      if (gid % ls == 0)
         corpus_set_i(out, gid / ls, 0);
      corpus_set_i(out, gid / ls,
                   (int64_t)((uint64_t)corpus_get_i(out, gid / ls) + gid * 0x100000001ull));
   }
   corpus_set_i(s, 0, (int64_t)sum);
   corpus_set_i(s, 1, mn);
   corpus_set_i(s, 2, mx);
   corpus_set_i(u, 0, (int64_t) or);
   corpus_set_i(u, 1, (int64_t) and);
   corpus_set_i(u, 2, (int64_t) xor);
   corpus_set_i(u, 3, (int64_t)((uint64_t)corpus_get_i(u, 3) + n));
   return 0;
}

static int
ref_atomic20_64(struct kiln_run_command *l)
{
   if (ref_expect(l, 5))
      return 1;
   struct kiln_run_arg *s = REF_ARG(l, 0), *u = REF_ARG(l, 1), *d = REF_ARG(l, 2);
   struct kiln_run_arg *out = REF_ARG(l, 3);
   const uint64_t n = l->global[0], ls = l->local[0];
   uint64_t s0 = (uint64_t)corpus_get_i(s, 0), s1 = (uint64_t)corpus_get_i(s, 1);
   int64_t s2 = corpus_get_i(s, 2);
   uint64_t u0 = (uint64_t)corpus_get_i(u, 0), u1 = (uint64_t)corpus_get_i(u, 1);
   uint64_t u2 = (uint64_t)corpus_get_i(u, 2), u3 = (uint64_t)corpus_get_i(u, 3);
   for (uint64_t gid = 0; gid < n; gid++) {
      s0 += (1ull << 40) + gid;
      s1 -= 3ull << 34;
      s2 = max64(s2, (int64_t)(gid * 0x10000000000ull - 0x7000000000000ull));
      uint64_t m = ~gid << 20;
      u0 = m < u0 ? m : u0;
      u1 |= 1ull << (gid & 63);
      u2 ^= gid << 40;
      u3 &= ~(1ull << ((gid * 5) & 63));
      if (gid % ls == 0)
         corpus_set_i(out, gid / ls, 0);
      corpus_set_i(out, gid / ls, (int64_t)((uint64_t)corpus_get_i(out, gid / ls) + (gid << 32)));
   }
   corpus_set_i(s, 0, (int64_t)s0);
   corpus_set_i(s, 1, (int64_t)s1);
   corpus_set_i(s, 2, s2);
   corpus_set_i(s, 3, corpus_get_i(s, 3) + 2 * (int64_t)n);
   corpus_set_i(s, 4, 0x123456789abcdefll);
   corpus_set_i(u, 0, (int64_t)u0);
   corpus_set_i(u, 1, (int64_t)u1);
   corpus_set_i(u, 2, (int64_t)u2);
   corpus_set_i(u, 3, (int64_t)u3);
   corpus_set_f(d, 0, corpus_get_f(d, 0) + 0.5 * (double)n);
   corpus_set_f(d, 1, 2.5);
   return 0;
}

static int
ref_atom64_uniform(struct kiln_run_command *l)
{
   if (ref_expect(l, 2))
      return 1;
   struct kiln_run_arg *s = REF_ARG(l, 0), *sum = REF_ARG(l, 1);
   const uint64_t n = l->global[0], v = 0x100000001ull, w = 0x8000000000000001ull;
   uint64_t a = (uint64_t)corpus_get_i(s, 0), x = (uint64_t)corpus_get_i(s, 1);
   uint64_t sa = (uint64_t)corpus_get_i(sum, 0), sx = (uint64_t)corpus_get_i(sum, 1);
   for (uint64_t k = 0; k < n; k++) {
      sa += a, a += v;
      sx += x, x ^= w;
   }
   corpus_set_i(s, 0, (int64_t)a);
   corpus_set_i(s, 1, (int64_t)x);
   corpus_set_i(s, 2, corpus_get_i(s, 2) + (int64_t)n);
   corpus_set_i(sum, 0, (int64_t)sa);
   corpus_set_i(sum, 1, (int64_t)sx);
   return 0;
}

static int
ref_atomic20_weak(struct kiln_run_command *l)
{
   if (ref_expect(l, 3))
      return 1;
   const uint64_t n = l->global[0], ls = l->local[0];
   corpus_set_i(REF_ARG(l, 0), 0, (int32_t)(corpus_get_i(REF_ARG(l, 0), 0) + 2 * (int64_t)n));
   for (uint64_t g = 0; g < n / ls; g++)
      corpus_set_i(REF_ARG(l, 1), g, 2 * (int64_t)ls);
   return 0;
}

const struct corpus_ref corpus_refs_atomics[] = {
   { "atomic_seq", ref_atomic_seq },
   { "atomic_global", ref_atomic_global },
   { "atomic_local", ref_atomic_local },
   { "atomic_xchg_chain", ref_atomic_xchg_chain },
   { "atomic20", ref_atomic20 },
   { "atom64_seq", ref_atom64_seq },
   { "atom64_contended", ref_atom64_contended },
   { "atom64_uniform", ref_atom64_uniform },
   { "atomic20_64", ref_atomic20_64 },
   { "atomic20_weak", ref_atomic20_weak },
   { NULL, NULL },
};
