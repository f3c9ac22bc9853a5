/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * References for the vector operators of OpenCL C 2.0 §6.3, computed per
 * component from the rules: integer arithmetic modulo 2^N (the corpus
 * avoids signed overflow), C99 division truncating toward zero, relational
 * and logical results 1/0 for scalars and -1/0 for vectors, shift counts
 * masked to log2(N) bits, select() by the MSB of the condition.
 */
#include "ref.h"

/* Result k of work-item i lives at element k * items + i of out. */
static size_t
out_slot(const struct kiln_run_arg *out, size_t k, size_t items, size_t i, unsigned c)
{
   return (k * items + i) * out->type.slots + c;
}

static size_t
in_slot(const struct kiln_run_arg *a, size_t i, unsigned c)
{
   return i * a->type.slots + c;
}

static bool
is_signed(const struct kiln_run_arg *a)
{
   return kiln_run_base_is_signed(a->type.base);
}

/* Compare two integer components of type a: -1, 0, 1. */
static int
int_cmp(const struct kiln_run_arg *a, int64_t x, int64_t y)
{
   if (is_signed(a))
      return (x > y) - (x < y);
   return ((uint64_t)x > (uint64_t)y) - ((uint64_t)x < (uint64_t)y);
}

static int64_t
int_div(const struct kiln_run_arg *a, int64_t x, int64_t y, bool rem)
{
   if (is_signed(a))
      return rem ? x % y : x / y;
   return (int64_t)(rem ? (uint64_t)x % (uint64_t)y : (uint64_t)x / (uint64_t)y);
}

/* Component of the uniform (scalar) argument converted to type of a. */
static int64_t
scalar_i(const struct kiln_run_arg *a, const struct kiln_run_arg *s)
{
   return ref_wrap(a, corpus_get_i(s, 0));
}

static int
ref_arith(struct kiln_run_command *l)
{
   if (ref_expect(l, 4))
      return 1;
   struct kiln_run_arg *a = REF_ARG(l, 0), *b = REF_ARG(l, 1), *s = REF_ARG(l, 2),
                       *out = REF_ARG(l, 3);
   size_t items = l->global[0];
   bool fp = kiln_run_base_is_float(a->type.base);
   bool div_only = !strcmp(l->kernel, "div_float");
   for (size_t i = 0; i < items; i++) {
      for (unsigned c = 0; c < a->type.n; c++) {
         size_t is = in_slot(a, i, c);
         if (fp) {
            double x = corpus_get_f(a, is), y = corpus_get_f(b, is);
            double sv = corpus_get_f(s, 0);
            /* For float, the double result rounded once to float is the
             * correctly rounded float result (53 >= 2 * 24 + 2 bits). */
            double r[6];
            unsigned nr;
            if (div_only) {
               r[0] = x / y;
               r[1] = sv / x;
               nr = 2;
            } else {
               r[0] = x + y;
               r[1] = x - y;
               r[2] = x * y;
               r[3] = x * sv;
               r[4] = sv - x;
               r[5] = -x;
               nr = 6;
            }
            for (unsigned k = 0; k < nr; k++)
               corpus_set_f(out, out_slot(out, k, items, i, c), r[k]);
            continue;
         }
         int64_t x = corpus_get_i(a, is), y = corpus_get_i(b, is);
         int64_t sv = scalar_i(a, s);
         int64_t r[8] = {
            (int64_t)((uint64_t)x + (uint64_t)y),
            (int64_t)((uint64_t)x - (uint64_t)y),
            (int64_t)((uint64_t)x * (uint64_t)y),
            int_div(a, x, y, false),
            int_div(a, x, y, true),
            (int64_t)((uint64_t)x + (uint64_t)sv),
            (int64_t)((uint64_t)sv - (uint64_t)x),
            (int64_t)((uint64_t)x * (uint64_t)sv),
         };
         for (unsigned k = 0; k < 8; k++)
            corpus_set_i(out, out_slot(out, k, items, i, c), ref_wrap(a, r[k]));
      }
   }
   return 0;
}

static int
ref_relational(struct kiln_run_command *l)
{
   if (ref_expect(l, 4))
      return 1;
   struct kiln_run_arg *a = REF_ARG(l, 0), *b = REF_ARG(l, 1), *s = REF_ARG(l, 2),
                       *out = REF_ARG(l, 3);
   size_t items = l->global[0];
   int64_t t = a->type.n == 1 ? 1 : -1; /* true: 1 for scalars, -1 vectors */
   bool fp = kiln_run_base_is_float(a->type.base);
   for (size_t i = 0; i < items; i++) {
      for (unsigned c = 0; c < a->type.n; c++) {
         size_t is = in_slot(a, i, c);
         bool r[8];
         if (fp) {
            /* C's comparisons on doubles are IEEE: false with NaN, != true. */
            double x = corpus_get_f(a, is), y = corpus_get_f(b, is);
            double sv = corpus_get_f(s, 0);
            r[0] = x > y, r[1] = x < y, r[2] = x >= y, r[3] = x <= y;
            r[4] = x == y, r[5] = x != y, r[6] = x < sv, r[7] = sv >= y;
         } else {
            int64_t x = corpus_get_i(a, is), y = corpus_get_i(b, is);
            int64_t sv = scalar_i(a, s);
            r[0] = int_cmp(a, x, y) > 0, r[1] = int_cmp(a, x, y) < 0;
            r[2] = int_cmp(a, x, y) >= 0, r[3] = int_cmp(a, x, y) <= 0;
            r[4] = x == y, r[5] = x != y;
            r[6] = int_cmp(a, x, sv) < 0, r[7] = int_cmp(a, sv, y) >= 0;
         }
         for (unsigned k = 0; k < 8; k++)
            corpus_set_i(out, out_slot(out, k, items, i, c), r[k] ? t : 0);
      }
   }
   return 0;
}

static int
ref_logical(struct kiln_run_command *l)
{
   if (ref_expect(l, 4))
      return 1;
   struct kiln_run_arg *a = REF_ARG(l, 0), *b = REF_ARG(l, 1), *s = REF_ARG(l, 2),
                       *out = REF_ARG(l, 3);
   size_t items = l->global[0];
   int64_t t = a->type.n == 1 ? 1 : -1;
   for (size_t i = 0; i < items; i++) {
      for (unsigned c = 0; c < a->type.n; c++) {
         size_t is = in_slot(a, i, c);
         bool x = corpus_get_i(a, is) != 0, y = corpus_get_i(b, is) != 0;
         bool sv = scalar_i(a, s) != 0;
         bool r[5] = { x && y, x || y, !x, x && sv, sv || y };
         for (unsigned k = 0; k < 5; k++)
            corpus_set_i(out, out_slot(out, k, items, i, c), r[k] ? t : 0);
      }
   }
   return 0;
}

static int
ref_bitwise(struct kiln_run_command *l)
{
   if (ref_expect(l, 4))
      return 1;
   struct kiln_run_arg *a = REF_ARG(l, 0), *b = REF_ARG(l, 1), *s = REF_ARG(l, 2),
                       *out = REF_ARG(l, 3);
   size_t items = l->global[0];
   for (size_t i = 0; i < items; i++) {
      for (unsigned c = 0; c < a->type.n; c++) {
         size_t is = in_slot(a, i, c);
         uint64_t x = corpus_get_bits(a, is), y = corpus_get_bits(b, is);
         uint64_t sv = corpus_get_bits(s, 0);
         uint64_t r[7] = { x & y, x | y, x ^ y, ~x, x & sv, sv | x, x ^ sv };
         for (unsigned k = 0; k < 7; k++)
            corpus_set_bits(out, out_slot(out, k, items, i, c), r[k]);
      }
   }
   return 0;
}

/* x shifted by count & (bits - 1), in a type of the given width. */
static int64_t
shl(int64_t x, uint64_t count, unsigned bits)
{
   return (int64_t)((uint64_t)x << (count & (bits - 1)));
}

static int64_t
shr(int64_t x, uint64_t count, unsigned bits, bool sgn)
{
   count &= bits - 1;
   if (sgn)
      return x >> count; /* arithmetic on the sign-extended value */
   uint64_t mask = bits == 64 ? UINT64_MAX : (1ull << bits) - 1;
   return (int64_t)(((uint64_t)x & mask) >> count);
}

static int
ref_shift(struct kiln_run_command *l)
{
   bool promoted = !strcmp(l->kernel, "shift_promoted");
   if (ref_expect(l, promoted ? 3 : 4))
      return 1;
   struct kiln_run_arg *a = REF_ARG(l, 0), *b = REF_ARG(l, 1);
   struct kiln_run_arg *out = REF_ARG(l, promoted ? 2 : 3);
   size_t items = l->global[0];
   /* Scalar narrow types are promoted to int: 32-bit width and count. */
   unsigned bits = promoted && ref_bits(a) < 32 ? 32 : ref_bits(a);
   for (size_t i = 0; i < items; i++) {
      for (unsigned c = 0; c < a->type.n; c++) {
         size_t is = in_slot(a, i, c);
         int64_t x = corpus_get_i(a, is);
         uint64_t y = corpus_get_bits(b, is);
         bool sgn = is_signed(a) || promoted;
         int64_t r[4] = { shl(x, y, bits), shr(x, y, bits, sgn), 0, 0 };
         unsigned nr = 2;
         if (!promoted) {
            uint64_t sv = corpus_get_bits(REF_ARG(l, 2), 0);
            r[2] = shl(x, sv, bits);
            r[3] = shr(x, sv, bits, sgn);
            nr = 4;
         }
         for (unsigned k = 0; k < nr; k++)
            corpus_set_i(out, out_slot(out, k, items, i, c), ref_wrap(out, r[k]));
      }
   }
   return 0;
}

static int
ref_ternary(struct kiln_run_command *l)
{
   if (ref_expect(l, 6))
      return 1;
   struct kiln_run_arg *a = REF_ARG(l, 0), *b = REF_ARG(l, 1), *cond = REF_ARG(l, 2),
                       *s = REF_ARG(l, 3), *out = REF_ARG(l, 5);
   int64_t k = corpus_get_i(REF_ARG(l, 4), 0);
   size_t items = l->global[0];
   /* The scalar s converted to the element type, as raw bits of out. */
   struct kiln_run_arg tmp = *out;
   uint64_t sbits_store[1];
   tmp.data = sbits_store;
   corpus_set_f(&tmp, 0, 0);
   if (kiln_run_base_is_float(out->type.base))
      corpus_set_f(&tmp, 0, corpus_get_f(s, 0));
   else
      corpus_set_i(&tmp, 0, corpus_get_i(s, 0));
   uint64_t sbits = corpus_get_bits(&tmp, 0);
   for (size_t i = 0; i < items; i++) {
      for (unsigned c = 0; c < a->type.n; c++) {
         size_t is = in_slot(a, i, c);
         uint64_t x = corpus_get_bits(a, is), y = corpus_get_bits(b, is);
         /* Vector condition: MSB decides (select semantics). */
         bool msb = corpus_get_i(cond, in_slot(cond, i, c)) < 0;
         if (a->type.n == 1)
            msb = corpus_get_i(cond, in_slot(cond, i, c)) != 0;
         uint64_t r[5] = { msb ? x : y, msb ? y : x, k ? x : y, msb ? sbits : y, k == 7 ? x : y };
         for (unsigned j = 0; j < 5; j++)
            corpus_set_bits(out, out_slot(out, j, items, i, c), r[j]);
      }
   }
   return 0;
}

static int
ref_incdec(struct kiln_run_command *l)
{
   if (ref_expect(l, 2))
      return 1;
   struct kiln_run_arg *a = REF_ARG(l, 0), *out = REF_ARG(l, 1);
   size_t items = l->global[0];
   bool fp = kiln_run_base_is_float(a->type.base);
   for (size_t i = 0; i < items; i++) {
      for (unsigned c = 0; c < a->type.n; c++) {
         size_t is = in_slot(a, i, c);
         if (fp) {
            double x = corpus_get_f(a, is);
            /* Each step rounds to the element type. */
            struct kiln_run_arg t = *a;
            double store[1];
            t.data = store;
            corpus_set_f(&t, 0, x + 1);
            double x1 = corpus_get_f(&t, 0);
            corpus_set_f(&t, 0, x1 + 1);
            double x2 = corpus_get_f(&t, 0);
            corpus_set_f(&t, 0, x2 - 1);
            double x3 = corpus_get_f(&t, 0);
            corpus_set_f(&t, 0, x3 - 1);
            double x4 = corpus_get_f(&t, 0);
            double r[8] = { x, x1, x2, x2, x4, x4, -x, x };
            for (unsigned k = 0; k < 8; k++)
               corpus_set_f(out, out_slot(out, k, items, i, c), r[k]);
            continue;
         }
         int64_t x = corpus_get_i(a, is);
         int64_t x1 = ref_wrap(a, (int64_t)((uint64_t)x + 1));
         int64_t x2 = ref_wrap(a, (int64_t)((uint64_t)x1 + 1));
         int64_t x3 = ref_wrap(a, (int64_t)((uint64_t)x2 - 1));
         int64_t x4 = ref_wrap(a, (int64_t)((uint64_t)x3 - 1));
         int64_t r[8] = { x, x1, x2, x2, x4, x4, ref_wrap(a, (int64_t)(0 - (uint64_t)x)), x };
         for (unsigned k = 0; k < 8; k++)
            corpus_set_i(out, out_slot(out, k, items, i, c), r[k]);
      }
   }
   return 0;
}

static int
ref_compound(struct kiln_run_command *l)
{
   if (ref_expect(l, 3))
      return 1;
   struct kiln_run_arg *a = REF_ARG(l, 0), *b = REF_ARG(l, 1), *out = REF_ARG(l, 2);
   size_t items = l->global[0];
   unsigned bits = ref_bits(a);
   for (size_t i = 0; i < items; i++) {
      for (unsigned c = 0; c < a->type.n; c++) {
         size_t is = in_slot(a, i, c);
         int64_t x = corpus_get_i(a, is), y = corpus_get_i(b, is);
         int64_t v = x, r[10];
         v = r[0] = ref_wrap(a, (int64_t)((uint64_t)v + (uint64_t)y));
         v = r[1] = ref_wrap(a, (int64_t)((uint64_t)v * (uint64_t)y));
         v = r[2] = ref_wrap(a, (int64_t)((uint64_t)v - (uint64_t)x));
         v = r[3] = ref_wrap(a, int_div(a, v, y, false));
         v = r[4] = ref_wrap(a, int_div(a, v, x, true));
         v = r[5] = ref_wrap(a, shl(v, (uint64_t)y, bits));
         v = r[6] = ref_wrap(a, shr(v, 1, bits, is_signed(a)));
         v = r[7] = v & x;
         v = r[8] = ref_wrap(a, v | y);
         v = r[9] = ref_wrap(a, v ^ x);
         for (unsigned k = 0; k < 10; k++)
            corpus_set_i(out, out_slot(out, k, items, i, c), r[k]);
      }
   }
   return 0;
}

static int
ref_sizeof_comma(struct kiln_run_command *l)
{
   if (ref_expect(l, 2))
      return 1;
   struct kiln_run_arg *out = REF_ARG(l, 0), *vout = REF_ARG(l, 1);
   /* sizeof(Tn) = n * sizeof(T), with n = 4 for 3-component vectors. */
   static const struct {
      unsigned size, n;
   } sz[] = {
      { 1, 2 }, { 1, 3 }, { 2, 3 }, { 4, 3 }, { 4, 3 }, { 8, 3 }, { 8, 3 }, { 4, 16 }, { 1, 16 },
   };
   for (unsigned k = 0; k < 9; k++)
      corpus_set_i(out, k, sz[k].size * (sz[k].n == 3 ? 4 : sz[k].n));
   corpus_set_i(out, 9, 4);   /* vec_step(int3) */
   corpus_set_i(out, 10, 8);  /* vec_step(float8) */
   corpus_set_i(out, 11, 16); /* vec_step(char16) */
   int x = 1;
   corpus_set_i(out, 12, (x += 2) * 5);
   corpus_set_i(out, 13, x);
   for (unsigned c = 0; c < 4; c++) {
      corpus_set_i(vout, c, (c + 1 + 1) * 2);
      corpus_set_i(vout, 4 + c, c + 1 + 1);
   }
   return 0;
}

static int
ref_swizzle(struct kiln_run_command *l)
{
   if (ref_expect(l, 2))
      return 1;
   struct kiln_run_arg *a = REF_ARG(l, 0), *out = REF_ARG(l, 1);
   size_t items = l->global[0];
   /* Source component of each result component; -1 is the literal 9. */
   static const int pick[7][4] = {
      { 7, 6, 5, 4 }, { 0, 0, 1, 1 },  { 4, 5, 6, 7 }, { 0, 2, 4, 6 },
      { 1, 3, 5, 7 }, { 1, 3, 2, -1 }, { 7, 1, 6, 3 },
   };
   for (size_t i = 0; i < items; i++)
      for (unsigned k = 0; k < 7; k++)
         for (unsigned c = 0; c < 4; c++) {
            int p = pick[k][c];
            corpus_set_i(out, out_slot(out, k, items, i, c),
                         p < 0 ? 9 : corpus_get_i(a, in_slot(a, i, p)));
         }
   return 0;
}

const struct corpus_ref corpus_refs_vector_ops[] = {
   { "arith", ref_arith },
   { "relational", ref_relational },
   { "logical", ref_logical },
   { "bitwise", ref_bitwise },
   { "shift", ref_shift },
   { "ternary", ref_ternary },
   { "incdec", ref_incdec },
   { "compound", ref_compound },
   { "sizeof_comma", ref_sizeof_comma },
   { "swizzle", ref_swizzle },
   { NULL, NULL },
};
