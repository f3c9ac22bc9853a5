// SPDX-License-Identifier: MIT
// printf (OpenCL C 2.0 §6.13.13): the conversions, flags, field widths,
// precisions and length modifiers of §6.13.13.2, vector specifiers, literal
// strings for %s, and printf's return value (0 when the output was
// written).  The references print the same values with the host C
// library's printf, whose conversions are C99's (§6.13.13.3 lists the
// differences); a vector is its components each converted with the
// element's length modifier, separated by commas.

#pragma OPENCL EXTENSION cl_khr_fp64 : enable

// int: every integer conversion and flag; hh and h convert the promoted
// value to char or short before printing.
kernel void
printf_int(global const int *v, global int *ret)
{
   for (int i = 0; i < 6; i++) {
      int x = v[i];
      ret[i] = printf("%d %i %u %x %X %o|%#x %#o %+d % d|%5d|%-5d|%05d|%.3d|%.0d|"
                      "%hhd %hd %hhu %hx\n",
                      x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x);
   }
}

// long and ulong with the l modifier, and %c of an int.
kernel void
printf_long(global const long *v, global int *ret)
{
   for (int i = 0; i < 4; i++) {
      long x = v[i];
      ret[i] = printf("%ld %li %lu %lx %lX %lo|%#lx %+ld|%22ld|%-22ld|%c\n", x, x, x, x, x,
                      x, x, x, x, x, 'a' + i);
   }
}

// float (converted to double, the device having doubles) with f, F, e, E,
// g, G, a and A, precisions, widths and the # flag; infinities and NaNs
// are printed in the style of f or F.
kernel void
printf_float(global const float *f, global int *ret)
{
   for (int i = 0; i < 8; i++) {
      float x = f[i];
      ret[i] = printf("%f %F %e %E %g %G %a %A|%.3f|%10.2e|%-12g|%#.0f|%+.1a|%.0e|%#g\n",
                      x, x, x, x, x, x, x, x, x, x, x, x, x, x, x);
   }
}

// double, subnormals included.
kernel void
printf_double(global const double *d, global int *ret)
{
   for (int i = 0; i < 8; i++) {
      double x = d[i];
      ret[i] = printf("%f %e %g %a %A|%.17g|%.13a|%-+14.3e|\n", x, x, x, x, x, x, x, x);
   }
}

// The vector specifier vn with the length modifiers hh, h, hl and l, with
// flags, width and precision applying to each component; the two
// examples of §6.13.13.2 first.
kernel void
printf_vector(global const char4 *c, global const ushort8 *us, global const int4 *i4,
              global const uint3 *u3, global const long2 *l2, global const ulong2 *ul2,
              global const float4 *f4, global const double2 *d2, global const char16 *c16,
              global const short2 *s2, global int *ret)
{
   float4 f = (float4)(1.0f, 2.0f, 3.0f, 4.0f);
   uchar4 uc = (uchar4)(0xFA, 0xFB, 0xFC, 0xFD);
   ret[0] = printf("f4 = %2.2v4hlf\n", f);
   ret[1] = printf("uc = %#v4hhx\n", uc);
   ret[2] = printf("%v4hhd|%#v4hhx|%v2hd|%v8hu|%v4hld|%v3hlu\n", c[0], c[0], s2[0], us[0],
                   i4[0], u3[0]);
   ret[3] = printf("%v2ld|%v2lu|%#v2lx|%5v2ld\n", l2[0], l2[0], ul2[0], l2[0]);
   ret[4] = printf("%v4hlf|%.1v4hle|%v4hlg|%v4hla|%v2lf|%v2la\n", f4[0], f4[0], f4[0], f4[0],
                   d2[0], d2[0]);
   ret[5] = printf("%v16hhd\n%+v3hld\n", c16[0], i4[0].xyz);
}

// %s with literal strings (the first the example of §6.13.13.2), their
// precision and width, %% and %c, a format without conversions, and one
// line made of two calls.
kernel void
printf_string(global int *ret)
{
   ret[0] = printf("%s\n", "this is a test string\n");
   ret[1] = printf("%s|%10s|%-10s|%.3s|%%|%c%c\n", "hello", "right", "left", "truncated",
                   'o', 'k');
   ret[2] = printf("no conversions at all\n");
   ret[3] = printf("%d %s %d %s\n", 1, "between", 2, "end");
   ret[4] = printf("%s", "no newline, ");
   ret[5] = printf("then one\n");
}

// Records keep their arguments apart: two char2 arguments (2 bytes each,
// padded to 4 in the record), and excess arguments, which are evaluated
// but otherwise ignored (§6.13.13), before further calls.
kernel void
printf_packing(global const char2 *a, global int *ret)
{
   ret[0] = printf("%v2hhd %v2hhd %d\n", a[0], a[1], 7);
   ret[1] = printf("%d\n", 1, 2, 3);
   ret[2] = printf("after the excess: %d %v2hhd\n", 4, a[2]);
}

// Many work-items, several calls each, some only in some work-items: each
// line starts with the global id, and one work-item's lines come in the
// order of its calls (output of different work-items may interleave,
// §6.13.13.1).
static void
report(uint g, uint n)
{
   printf("%u: square %u\n", g, n * n);
}

kernel void
printf_items(global int *ret)
{
   uint g = get_global_id(0);
   ret[g] = printf("%u: group %u local %u\n", g, (uint)get_group_id(0), (uint)get_local_id(0));
   report(g, g);
   if (g % 3 == 0)
      printf("%u: divisible by three\n", g);
   for (uint k = 0; k < g % 4; k++)
      printf("%u: loop %u\n", g, k);
}
