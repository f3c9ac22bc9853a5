/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * References for tests/kernels/printf/printf.cl: the output OpenCL C 2.0
 * §6.13.13 defines for each call, printed with the host C library's printf
 * on the same values (the conversions, flags, widths, precisions and the
 * hh, h and l modifiers are C99's, §6.13.13.3), and 0 for each call's
 * return value.  A vector (the vn specifier) is its components, each
 * converted as a scalar of the element type with the same flags, width and
 * precision, separated by commas (§6.13.13.2); its hl modifier is no C
 * modifier (int, or a float converted to double), its l is C's ll.
 */
#include "ref.h"

static void
set_returns(struct kiln_run_arg *ret, size_t n)
{
   for (size_t i = 0; i < n; i++)
      corpus_set_i(ret, i, 0);
}

/* The components of element 0 of a buffer argument, n of them, with fmt
 * (one C conversion) each, separated by commas. */
static void
print_vec(const char *fmt, const struct kiln_run_arg *a, unsigned n)
{
   for (unsigned i = 0; i < n; i++) {
      if (i)
         putchar(',');
      if (kiln_run_base_is_float(a->type.base))
         printf(fmt, corpus_get_f(a, i));
      else if (a->type.scalar_size == 8)
         printf(fmt, (long long)corpus_get_i(a, i));
      else
         printf(fmt, (int)corpus_get_i(a, i));
   }
}

static int
ref_printf_int(struct kiln_run_command *l)
{
   if (ref_expect(l, 2))
      return 1;
   const struct kiln_run_arg *v = REF_ARG(l, 0);
   for (size_t i = 0; i < 6; i++) {
      int x = (int)corpus_get_i(v, i);
      printf("%d %i %u %x %X %o|%#x %#o %+d % d|%5d|%-5d|%05d|%.3d|%.0d|"
             "%hhd %hd %hhu %hx\n",
             x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x);
   }
   set_returns(REF_ARG(l, 1), 6);
   return 0;
}

static int
ref_printf_long(struct kiln_run_command *l)
{
   if (ref_expect(l, 2))
      return 1;
   const struct kiln_run_arg *v = REF_ARG(l, 0);
   for (size_t i = 0; i < 4; i++) {
      long long x = corpus_get_i(v, i);
      printf("%lld %lli %llu %llx %llX %llo|%#llx %+lld|%22lld|%-22lld|%c\n", x, x, x, x, x, x, x,
             x, x, x, (int)('a' + i));
   }
   set_returns(REF_ARG(l, 1), 4);
   return 0;
}

static int
ref_printf_float(struct kiln_run_command *l)
{
   if (ref_expect(l, 2))
      return 1;
   const struct kiln_run_arg *f = REF_ARG(l, 0);
   for (size_t i = 0; i < 8; i++) {
      double x = (float)corpus_get_f(f, i);
      printf("%f %F %e %E %g %G %a %A|%.3f|%10.2e|%-12g|%#.0f|%+.1a|%.0e|%#g\n", x, x, x, x, x, x,
             x, x, x, x, x, x, x, x, x);
   }
   set_returns(REF_ARG(l, 1), 8);
   return 0;
}

static int
ref_printf_double(struct kiln_run_command *l)
{
   if (ref_expect(l, 2))
      return 1;
   const struct kiln_run_arg *d = REF_ARG(l, 0);
   for (size_t i = 0; i < 8; i++) {
      double x = corpus_get_f(d, i);
      printf("%f %e %g %a %A|%.17g|%.13a|%-+14.3e|\n", x, x, x, x, x, x, x, x);
   }
   set_returns(REF_ARG(l, 1), 8);
   return 0;
}

static int
ref_printf_vector(struct kiln_run_command *l)
{
   if (ref_expect(l, 11))
      return 1;
   const struct kiln_run_arg *c = REF_ARG(l, 0), *us = REF_ARG(l, 1), *i4 = REF_ARG(l, 2),
                             *u3 = REF_ARG(l, 3), *l2 = REF_ARG(l, 4), *ul2 = REF_ARG(l, 5),
                             *f4 = REF_ARG(l, 6), *d2 = REF_ARG(l, 7), *c16 = REF_ARG(l, 8),
                             *s2 = REF_ARG(l, 9);
   /* The examples of §6.13.13.2, with the output the spec gives. */
   printf("f4 = 1.00,2.00,3.00,4.00\n");
   printf("uc = 0xfa,0xfb,0xfc,0xfd\n");

   print_vec("%hhd", c, 4);
   putchar('|');
   print_vec("%#hhx", c, 4);
   putchar('|');
   print_vec("%hd", s2, 2);
   putchar('|');
   print_vec("%hu", us, 8);
   putchar('|');
   print_vec("%d", i4, 4);
   putchar('|');
   print_vec("%u", u3, 3);
   putchar('\n');

   print_vec("%lld", l2, 2);
   putchar('|');
   print_vec("%llu", l2, 2);
   putchar('|');
   print_vec("%#llx", ul2, 2);
   putchar('|');
   print_vec("%5lld", l2, 2);
   putchar('\n');

   print_vec("%f", f4, 4);
   putchar('|');
   print_vec("%.1e", f4, 4);
   putchar('|');
   print_vec("%g", f4, 4);
   putchar('|');
   print_vec("%a", f4, 4);
   putchar('|');
   print_vec("%f", d2, 2);
   putchar('|');
   print_vec("%a", d2, 2);
   putchar('\n');

   print_vec("%hhd", c16, 16);
   putchar('\n');
   print_vec("%+d", i4, 3);
   putchar('\n');
   set_returns(REF_ARG(l, 10), 6);
   return 0;
}

static int
ref_printf_string(struct kiln_run_command *l)
{
   if (ref_expect(l, 1))
      return 1;
   printf("%s\n", "this is a test string\n");
   printf("%s|%10s|%-10s|%.3s|%%|%c%c\n", "hello", "right", "left", "truncated", 'o', 'k');
   printf("no conversions at all\n");
   printf("%d %s %d %s\n", 1, "between", 2, "end");
   printf("%s", "no newline, ");
   printf("then one\n");
   set_returns(REF_ARG(l, 0), 6);
   return 0;
}

static int
ref_printf_packing(struct kiln_run_command *l)
{
   if (ref_expect(l, 2))
      return 1;
   const struct kiln_run_arg *a = REF_ARG(l, 0);
   printf("%hhd,%hhd %hhd,%hhd %d\n", (int)corpus_get_i(a, 0), (int)corpus_get_i(a, 1),
          (int)corpus_get_i(a, 2), (int)corpus_get_i(a, 3), 7);
   printf("%d\n", 1);
   printf("after the excess: %d %hhd,%hhd\n", 4, (int)corpus_get_i(a, 4), (int)corpus_get_i(a, 5));
   set_returns(REF_ARG(l, 1), 3);
   return 0;
}

static void
items_fn(struct kiln_run_command *l, const struct ref_item *it, void *ctx)
{
   unsigned g = it->gid[0];
   printf("%u: group %u local %u\n", g, (unsigned)it->grp[0], (unsigned)it->lid[0]);
   printf("%u: square %u\n", g, g * g);
   if (g % 3 == 0)
      printf("%u: divisible by three\n", g);
   for (unsigned k = 0; k < g % 4; k++)
      printf("%u: loop %u\n", g, k);
   corpus_set_i(REF_ARG(l, 0), it->linear, 0);
}

static int
ref_printf_items(struct kiln_run_command *l)
{
   if (ref_expect(l, 1))
      return 1;
   ref_foreach_item(l, items_fn, NULL);
   return 0;
}

const struct corpus_ref corpus_refs_printf[] = {
   { "printf_int", ref_printf_int },
   { "printf_long", ref_printf_long },
   { "printf_float", ref_printf_float },
   { "printf_double", ref_printf_double },
   { "printf_vector", ref_printf_vector },
   { "printf_string", ref_printf_string },
   { "printf_packing", ref_printf_packing },
   { "printf_items", ref_printf_items },
   { NULL, NULL },
};
