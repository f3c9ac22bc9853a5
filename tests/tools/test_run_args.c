/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The runner command line parser and printer (src/tools/kiln/kiln_run_args,
 * used by `kiln run` and by the corpus runners pocl_run, clang_run and
 * corpus_ref): every argument text in the table must give the bytes derived
 * by hand from the OpenCL C types (little-endian components, IEEE-754
 * encodings, a 3-vector padded to 4 slots, OpenCL C §6.1.5), every bad one
 * must be refused with a message naming it, and a command line must print
 * the documented `argI:` lines (tests/corpus/README.md).  Seeded fills
 * must give check.py's values for the same seed and range, a buffer read
 * from a file its bytes, or an error when the file's size is not the
 * buffer's.  Also a runner's extra option (pocl_run's --platform) and the
 * signature check against a kernel's argument metadata: one ARG per
 * argument, kind, element type and vector size (either sign for an
 * integer named by a typedef).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kiln_run_args.h"
#include "kiln_test.h"

#define V KILN_RUN_ARG_VALUE
#define B KILN_RUN_ARG_BUFFER
#define L KILN_RUN_ARG_LOCAL

/* Each valid argument with its expected memory: `size` bytes per slot,
 * `nslots` slots (padding included), the slots' values as little-endian
 * integers (IEEE-754 bit patterns for floats, two's complement for negative
 * integers); slots not listed are 0.  For local:, nslots is the byte count. */
static const struct {
   const char *text;
   enum kiln_run_arg_kind kind;
   unsigned size, n;
   size_t count, nslots;
   uint64_t slot[16];
} valid_args[] = {
   { "int:5", V, 4, 1, 1, 1, { 5 } },
   { "int:-2147483648", V, 4, 1, 1, 1, { 0x80000000 } },
   { "uint:4294967295", V, 4, 1, 1, 1, { 0xffffffff } },
   { "uint:-1", V, 4, 1, 1, 1, { 0xffffffff } },
   { "char:-9", V, 1, 1, 1, 1, { 0xf7 } },
   { "uchar:255", V, 1, 1, 1, 1, { 0xff } },
   { "uchar:-1", V, 1, 1, 1, 1, { 0xff } },
   { "short:0x7fff", V, 2, 1, 1, 1, { 0x7fff } },
   { "ushort:65535", V, 2, 1, 1, 1, { 0xffff } },
   { "long:-9223372036854775808", V, 8, 1, 1, 1, { 0x8000000000000000 } },
   { "ulong:18446744073709551615", V, 8, 1, 1, 1, { 0xffffffffffffffff } },
   /* 0.1 rounds to 0x3dcccccd in binary32; -1e-45 to the smallest
    * negative denormal. */
   { "float:0.1", V, 4, 1, 1, 1, { 0x3dcccccd } },
   { "float:-1e-45", V, 4, 1, 1, 1, { 0x80000001 } },
   { "double:0.1", V, 8, 1, 1, 1, { 0x3fb999999999999a } },
   { "double:-1e+300", V, 8, 1, 1, 1, { 0xfe37e43c8800759c } },
   { "float4:1,2,3,4", V, 4, 4, 1, 4, { 0x3f800000, 0x40000000, 0x40400000, 0x40800000 } },
   { "int3:7,8,9", V, 4, 3, 1, 4, { 7, 8, 9, 0 } },
   { "char2:-128,127", V, 1, 2, 1, 2, { 0x80, 0x7f } },
   { "double2:1.5,-2.25", V, 8, 2, 1, 2, { 0x3ff8000000000000, 0xc002000000000000 } },
   { "long16:1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16",
     V,
     8,
     16,
     1,
     16,
     { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16 } },
   { "uint8:1,2,3,4,5,6,7,8", V, 4, 8, 1, 8, { 1, 2, 3, 4, 5, 6, 7, 8 } },
   { "buf:float[4]", B, 4, 1, 4, 4, { 0 } },
   { "buf:float[4]=1,2", B, 4, 1, 4, 4, { 0x3f800000, 0x40000000 } },
   { "buf:float[16]=1.5,-2.5,3.25,1e-30",
     B,
     4,
     1,
     16,
     16,
     { 0x3fc00000, 0xc0200000, 0x40500000, 0x0da24260 } },
   { "buf:float3[3]=1,2,3,4,5,6,7,8,9",
     B,
     4,
     3,
     3,
     12,
     { 0x3f800000, 0x40000000, 0x40400000, 0, 0x40800000, 0x40a00000, 0x40c00000, 0, 0x40e00000,
       0x41000000, 0x41100000, 0 } },
   { "buf:int3[2]=-1,-2,-3", B, 4, 3, 2, 8, { 0xffffffff, 0xfffffffe, 0xfffffffd } },
   { "buf:char16[2]=1,2,3", B, 1, 16, 2, 32, { 1, 2, 3 } },
   { "buf:ushort2[3]=65535,0,1,2,3,4", B, 2, 2, 3, 6, { 0xffff, 0, 1, 2, 3, 4 } },
   { "buf:double3[2]=0.1,0.2,0.3,0.4,0.5,0.6",
     B,
     8,
     3,
     2,
     8,
     { 0x3fb999999999999a, 0x3fc999999999999a, 0x3fd3333333333333, 0, 0x3fd999999999999a,
       0x3fe0000000000000, 0x3fe3333333333333, 0 } },
   { "buf:ulong[2]=18446744073709551615,0x10", B, 8, 1, 2, 2, { 0xffffffffffffffff, 16 } },
   { "buf:uchar[8]=0xff,7", B, 1, 1, 8, 8, { 0xff, 7 } },
   { "local:256", L, 1, 0, 0, 256, { 0 } },
   { "local:0x1000", L, 1, 0, 0, 4096, { 0 } },
   { "buf:long[1]=-5", B, 8, 1, 1, 1, { 0xfffffffffffffffb } },
   /* Positive values up to 2^N - 1 wrap for signed types, as in C. */
   { "char:200", V, 1, 1, 1, 1, { 0xc8 } },
   { "short:65535", V, 2, 1, 1, 1, { 0xffff } },
   /* Seeded fills: the values check.py's generators give for the same
    * seed and range ({rand:6:7:-5:5} is 2,1,-4,0,1,-5; {randf:4:9:-1:1}
    * is 0.542153835,0.985295951,-0.52791822,-0.819953263;
    * {rand:4:3:0:255} is 251,67,202,52), 3-vectors filling their 3 real
    * components. */
   { "buf:int[6]=rand:7:-5:5", B, 4, 1, 6, 6, { 2, 1, 0xfffffffc, 0, 1, 0xfffffffb } },
   { "buf:int3[2]=rand:7:-5:5", B, 4, 3, 2, 8, { 2, 1, 0xfffffffc, 0, 0, 1, 0xfffffffb, 0 } },
   { "buf:float[4]=rand:9:-1:1", B, 4, 1, 4, 4, { 0x3f0aca98, 0x3f7c3c5b, 0xbf0725a6, 0xbf51e875 } },
   { "buf:uchar4[1]=rand:3:0:255", B, 1, 4, 1, 4, { 251, 67, 202, 52 } },
   /* More than 2^31 values: each value from three draws a, b, c of the
    * same generator, (a << 62 ^ b << 31 ^ c) mod 2^64, reduced into the
    * range; without a range, the type's whole range ([0, 1) for floats). */
   { "buf:ulong[2]=rand:5", B, 8, 1, 2, 2, { 0x748321dd279c20ad, 0xd0956329ba039e23 } },
   { "buf:int[3]=rand:1", B, 4, 1, 3, 3, { 0xb101aae6, 0x46e75a9a, 0x19667bba } },
   { "buf:double[2]=rand:2:0.5:2", B, 8, 1, 2, 2, { 0x3ffe02c2efe00000, 0x3ff897ef09800000 } },
};

static const char *const invalid_args[] = {
   "int:1,2",
   "float4:1,2,3",
   "char:-129",
   "uchar:256",
   "ushort:70000",
   "int:abc",
   "float:1.5x",
   "buf:int[0]",
   "buf:int[4]=1,2,3,4,5",
   "buf:foo[2]",
   "buf:int[2]x",
   "buf:int[x]",
   "buf:int",
   "local:0",
   "local:x",
   "int5:1,2,3,4,5",
   "bool:1",
   "5",
   "int4:1,2,3,4,5",
   "buf:float3[1]=1,2,3,4",
   "buf:int[2]=rand:",
   "buf:int[2]=rand:x",
   "buf:int[2]=rand:-1",
   "buf:int[2]=rand:1:5",
   "buf:int[2]=rand:1:5:4",
   "buf:uchar[2]=rand:1:0:256",
   "buf:float[2]=rand:1:1:0",
   "buf:int[2]=rand:1:0:x",
   "int:rand:1",
   "buf:int[2]=@/nonexistent/kiln-run-args",
   "int:@/dev/null",
};

/* Empty components are refused too, not read as 0. */
static const char *const empty_component_args[] = {
   "int:", "int2:1,", "buf:int[4]=1,,2", "float4:1,2,,4", "buf:int[2]=,1",
};

static void
test_valid_bytes(void)
{
   for (unsigned i = 0; i < sizeof(valid_args) / sizeof(valid_args[0]); i++) {
      const char *text = valid_args[i].text;
      struct kiln_run_arg a;
      char err[256] = "";
      int ret = kiln_run_parse_arg(text, 3, &a, err, sizeof(err));
      CHECK(ret == 0, "'%s' refused: %s", text, err);
      if (ret) {
         free(a.data);
         continue;
      }
      CHECK(a.kind == valid_args[i].kind, "'%s': kind %d", text, a.kind);
      if (a.kind == KILN_RUN_ARG_LOCAL) {
         CHECK(a.bytes == valid_args[i].nslots && !a.data, "'%s': %zu bytes", text, a.bytes);
         continue;
      }
      const size_t size = valid_args[i].size, nslots = valid_args[i].nslots;
      CHECK(a.count == valid_args[i].count && a.type.n == valid_args[i].n &&
               a.type.scalar_size == size && a.count * a.type.slots == nslots,
            "'%s': count %zu n %u slots %u size %u", text, a.count, a.type.n, a.type.slots,
            a.type.scalar_size);
      CHECK(a.bytes == nslots * size, "'%s': %zu bytes, expected %zu", text, a.bytes,
            nslots * size);
      if (a.bytes == nslots * size) {
         unsigned char *want = calloc(1, a.bytes);
         for (size_t s = 0; s < nslots && s < 16; s++)
            for (unsigned b = 0; b < size; b++)
               want[s * size + b] = valid_args[i].slot[s] >> (8 * b);
         for (size_t b = 0; b < a.bytes; b++) {
            if (((unsigned char *)a.data)[b] != want[b]) {
               CHECK(false, "'%s': byte %zu is 0x%02x, expected 0x%02x", text, b,
                     ((unsigned char *)a.data)[b], want[b]);
               break;
            }
         }
         free(want);
      }
      free(a.data);
   }
}

static void
test_refused(void)
{
   for (unsigned i = 0; i < sizeof(invalid_args) / sizeof(invalid_args[0]); i++) {
      struct kiln_run_arg a;
      char err[256] = "";
      int ret = kiln_run_parse_arg(invalid_args[i], 4, &a, err, sizeof(err));
      CHECK(ret != 0, "'%s' accepted", invalid_args[i]);
      CHECK(strstr(err, "argument 4"), "'%s': message does not name the argument: %s",
            invalid_args[i], err);
      free(a.data);

      /* And on a whole command line. */
      struct kiln_run_command cmd;
      char *argv[6] = { "f.cl", "-k", "k", "-g", "1", (char *)invalid_args[i] };
      CHECK(kiln_run_parse_command_line(6, argv, &cmd, err, sizeof(err)) != 0,
            "command line with '%s' accepted", invalid_args[i]);
      kiln_run_command_free(&cmd);
   }
   for (unsigned i = 0; i < sizeof(empty_component_args) / sizeof(empty_component_args[0]); i++) {
      struct kiln_run_arg a;
      char err[256] = "";
      CHECK(kiln_run_parse_arg(empty_component_args[i], 2, &a, err, sizeof(err)) != 0 &&
               strstr(err, "argument 2"),
            "'%s' accepted or unnamed: %s", empty_component_args[i], err);
      free(a.data);
   }
}

/* buf:TYPE[N]=@FILE takes the file's bytes as they are, and only a file
 * of exactly the buffer's size (3-vectors padded to 4 components). */
static void
test_buffer_file(void)
{
   char path[] = "/tmp/kiln-run-args-XXXXXX";
   int fd = mkstemp(path);
   CHECK(fd >= 0, "mkstemp");
   if (fd < 0)
      return;
   FILE *f = fdopen(fd, "wb");
   unsigned char bytes[32];
   for (unsigned i = 0; i < sizeof(bytes); i++)
      bytes[i] = 0xa0 + i;
   fwrite(bytes, 1, sizeof(bytes), f);
   fclose(f);

   /* 32 bytes: 8 ints, 2 float3 (4 components each), 2 uchar16, 4 doubles;
    * not 7 ints, 3 int3, 33 chars or 1 long. */
   static const struct {
      const char *buf;
      bool fits;
   } cases[] = {
      { "buf:int[8]", true },    { "buf:float3[2]", true }, { "buf:uchar16[2]", true },
      { "buf:double[4]", true }, { "buf:int[7]", false },   { "buf:int3[3]", false },
      { "buf:char[33]", false }, { "buf:long[1]", false },
   };
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      char text[128];
      snprintf(text, sizeof(text), "%s=@%s", cases[i].buf, path);
      struct kiln_run_arg a;
      char err[256] = "";
      int ret = kiln_run_parse_arg(text, 5, &a, err, sizeof(err));
      if (cases[i].fits) {
         CHECK(ret == 0 && a.bytes == sizeof(bytes) && !memcmp(a.data, bytes, sizeof(bytes)),
               "'%s': not the file's bytes: %s", text, err);
      } else {
         CHECK(ret != 0 && strstr(err, "argument 5") && strstr(err, "holds 32 bytes"),
               "'%s' accepted or unexplained: %s", text, err);
      }
      free(a.data);
   }
   remove(path);
}

static char *
print_buffers(const struct kiln_run_command *cmd)
{
   char *buf = NULL;
   size_t size = 0;
   FILE *f = open_memstream(&buf, &size);
   kiln_run_print_buffers(f, cmd);
   fclose(f);
   return buf;
}

static void
test_printout(void)
{
   char *argv[] = {
      "x.cl",
      "-k",
      "k",
      "-g",
      "4,2",
      "-l",
      "2,2",
      "-o",
      "1,0",
      "-b",
      "-DN=3",
      "int:3",
      "buf:float3[2]=0.1,-2,3e10,16777217,1e-40,-0",
      "buf:char[3]=-128,127,-1",
      "local:64",
      "buf:ulong2[1]=18446744073709551615,1",
      "buf:double[2]=0.1,-1e300",
      "buf:short[2]=-32768,32767",
      "buf:uint[1]=4294967295",
   };
   int argc = sizeof(argv) / sizeof(argv[0]);
   struct kiln_run_command cmd;
   char err[256] = "";

   CHECK(!kiln_run_parse_command_line(argc, argv, &cmd, err, sizeof(err)), "%s", err);
   CHECK(cmd.dim == 2 && cmd.global[0] == 4 && cmd.global[1] == 2 && cmd.global[2] == 1, "-g");
   CHECK(cmd.has_local && cmd.local[0] == 2 && cmd.local[1] == 2 && cmd.local[2] == 1, "-l");
   CHECK(cmd.has_offset && cmd.offset[0] == 1 && cmd.offset[1] == 0, "-o");
   CHECK(!strcmp(cmd.options, "-DN=3") && !strcmp(cmd.kernel, "k") && !strcmp(cmd.file, "x.cl"),
         "names");
   CHECK(cmd.num_args == 8, "%u args", cmd.num_args);

   /* The documented lines: indices count every argument, a __local one
    * prints nothing, 3-vectors print their 3 components, float is %.9g of
    * the binary32 value (16777217 rounds to 16777216, 1e-40 is a denormal),
    * double %.17g, integers in decimal with their type's sign. */
   const char *want = "arg1: 0.100000001 -2 3.0000001e+10 16777216 9.9999461e-41 -0\n"
                      "arg2: -128 127 -1\n"
                      "arg4: 18446744073709551615 1\n"
                      "arg5: 0.10000000000000001 -1.0000000000000001e+300\n"
                      "arg6: -32768 32767\n"
                      "arg7: 4294967295\n";
   char *got = print_buffers(&cmd);
   CHECK(!strcmp(got, want), "printout:\n--- got\n%s--- expected\n%s", got, want);
   free(got);
   kiln_run_command_free(&cmd);
}

static void
test_extra_option(void)
{
   char *argv[] = { "--platform", "Clover", "x.cl", "-k", "k", "-g", "8", "buf:int[8]" };
   char *dangling[] = { "x.cl", "-k", "k", "-g", "8", "--platform" };
   struct kiln_run_extra_option opt = { .name = "--platform", .value = "stale" };
   struct kiln_run_command cmd;
   char err[256] = "";

   CHECK(!kiln_run_parse_command_line_extra(8, argv, &opt, 1, &cmd, err, sizeof(err)), "%s", err);
   CHECK(opt.value && !strcmp(opt.value, "Clover"), "--platform value %s",
         opt.value ? opt.value : "(null)");
   CHECK(!strcmp(cmd.file, "x.cl") && cmd.num_args == 1 && cmd.global[0] == 8,
         "the rest of the line");
   kiln_run_command_free(&cmd);

   /* Not given: NULL; without it in the list, the option is not the parser's. */
   CHECK(!kiln_run_parse_command_line_extra(6, argv + 2, &opt, 1, &cmd, err, sizeof(err)) &&
            !opt.value,
         "--platform absent: %s", opt.value ? opt.value : err);
   kiln_run_command_free(&cmd);
   CHECK(kiln_run_parse_command_line(8, argv, &cmd, err, sizeof(err)) == -EINVAL,
         "kiln run takes no --platform");
   kiln_run_command_free(&cmd);
   CHECK(
      kiln_run_parse_command_line_extra(6, dangling, &opt, 1, &cmd, err, sizeof(err)) == -EINVAL &&
         strstr(err, "--platform"),
      "dangling --platform: %s", err);
   kiln_run_command_free(&cmd);
}

/* -k again names the next kernel of the sequence; --launches repeats it. */
static void
test_kernel_sequence(void)
{
   char *argv[] = { "x.cl", "-k", "put", "-g", "8", "-k", "take", "--launches", "3", "buf:int[8]" };
   char *single[] = { "x.cl", "-k", "k", "-g", "8" };
   char *zero[] = { "x.cl", "-k", "k", "-g", "8", "--launches", "0" };
   struct kiln_run_command cmd;
   char err[256] = "";

   CHECK(!kiln_run_parse_command_line(10, argv, &cmd, err, sizeof(err)), "%s", err);
   CHECK(cmd.num_kernels == 2 && !strcmp(cmd.kernels[0], "put") &&
            !strcmp(cmd.kernels[1], "take") && !strcmp(cmd.kernel, "put") && cmd.launches == 3 &&
            cmd.num_args == 1,
         "%u kernels, %u launches", cmd.num_kernels, cmd.launches);
   kiln_run_command_free(&cmd);
   CHECK(!kiln_run_parse_command_line(5, single, &cmd, err, sizeof(err)) && cmd.num_kernels == 1 &&
            cmd.launches == 1,
         "one kernel launched once");
   kiln_run_command_free(&cmd);
   CHECK(kiln_run_parse_command_line(7, zero, &cmd, err, sizeof(err)) == -EINVAL &&
            strstr(err, "--launches"),
         "--launches 0: %s", err);
   kiln_run_command_free(&cmd);
}

static void
test_base_types(void)
{
   static const struct {
      enum kiln_base_type base;
      bool is_float, is_signed;
   } cases[] = {
      { KILN_TYPE_CHAR, false, true },  { KILN_TYPE_UCHAR, false, false },
      { KILN_TYPE_SHORT, false, true }, { KILN_TYPE_USHORT, false, false },
      { KILN_TYPE_INT, false, true },   { KILN_TYPE_UINT, false, false },
      { KILN_TYPE_LONG, false, true },  { KILN_TYPE_ULONG, false, false },
      { KILN_TYPE_FLOAT, true, false }, { KILN_TYPE_DOUBLE, true, false },
   };
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      CHECK(kiln_run_base_is_float(cases[i].base) == cases[i].is_float &&
               kiln_run_base_is_signed(cases[i].base) == cases[i].is_signed,
            "%s", kiln_run_base_type_name(cases[i].base));
   }
}

static void
test_command_line_errors(void)
{
   struct kiln_run_command cmd;
   char err[256];
   char *no_g[] = { "x.cl", "-k", "k", "int:1" };
   char *bad_l[] = { "x.cl", "-k", "k", "-g", "4,4", "-l", "2", "int:1" };
   char *bad_g[] = { "x.cl", "-k", "k", "-g", "4,,4" };
   char *four[] = { "x.cl", "-k", "k", "-g", "1,2,3,4" };
   char *dangling[] = { "x.cl", "-k" };

   CHECK(kiln_run_parse_command_line(4, no_g, &cmd, err, sizeof(err)) == -EINVAL, "no -g");
   kiln_run_command_free(&cmd);
   CHECK(kiln_run_parse_command_line(8, bad_l, &cmd, err, sizeof(err)) == -EINVAL,
         "-l with fewer sizes than -g");
   kiln_run_command_free(&cmd);
   CHECK(kiln_run_parse_command_line(5, bad_g, &cmd, err, sizeof(err)) == -EINVAL, "4,,4");
   CHECK(kiln_run_parse_command_line(5, four, &cmd, err, sizeof(err)) == -EINVAL, "4 dims");
   CHECK(kiln_run_parse_command_line(2, dangling, &cmd, err, sizeof(err)) == -EINVAL &&
            strstr(err, "-k"),
         "dangling -k: %s", err);
}

static void
test_signature_check(void)
{
   struct kiln_kernel_arg args[] = {
      { .name = "out",
        .type_name = "float4*",
        .kind = KILN_ARG_GLOBAL_PTR,
        .base_type = KILN_TYPE_FLOAT,
        .vector_size = 4,
        .offset = 0,
        .size = 8 },
      { .name = "n",
        .type_name = "int",
        .kind = KILN_ARG_VALUE,
        .base_type = KILN_TYPE_INT,
        .vector_size = 1,
        .offset = 8,
        .size = 4 },
      { .name = "tmp",
        .type_name = "float*",
        .kind = KILN_ARG_LOCAL_PTR,
        .base_type = KILN_TYPE_FLOAT,
        .vector_size = 1,
        .offset = 12,
        .size = 4 },
      { .name = "in",
        .type_name = "uchar*",
        .kind = KILN_ARG_CONSTANT_PTR,
        .base_type = KILN_TYPE_UCHAR,
        .vector_size = 1,
        .offset = 16,
        .size = 8 },
   };
   struct kiln_kernel k = { .name = "sig", .args = args, .num_args = 4 };
   static const struct {
      const char *args[4];
      unsigned count;
      bool ok;
      const char *message; /* a part the error must contain */
   } cases[] = {
      { { "buf:float4[2]", "int:3", "local:64", "buf:uchar[4]" }, 4, true, NULL },
      { { "buf:float4[2]", "int:3", "local:64" }, 3, false, "takes 4 arguments, 3 given" },
      { { "buf:float[8]", "int:3", "local:64", "buf:uchar[4]" }, 4, false, "argument 0" },
      { { "buf:float4[2]", "uint:3", "local:64", "buf:uchar[4]" }, 4, false, "argument 1" },
      { { "buf:float4[2]", "buf:int[1]", "local:64", "buf:uchar[4]" }, 4, false, "expects a value" },
      { { "buf:float4[2]", "int:3", "buf:float[4]", "buf:uchar[4]" }, 4, false, "__local pointer" },
      { { "buf:float4[2]", "int:3", "local:64", "uchar:4" }, 4, false, "__constant pointer" },
      { { "buf:float4[2]", "int:3", "local:64", "buf:char[4]" }, 4, false, "argument 3" },
   };
   /* A typedef'd integer (SPIR-V gives the width, not the sign): either
    * sign of that width, nothing else. */
   struct kiln_kernel_arg typedef_args[] = {
      { .name = "n",
        .type_name = "myuint",
        .kind = KILN_ARG_VALUE,
        .base_type = KILN_TYPE_UINT,
        .vector_size = 1,
        .sign_unknown = true,
        .offset = 0,
        .size = 4 },
      { .name = "v",
        .type_name = "vec_t*",
        .kind = KILN_ARG_GLOBAL_PTR,
        .base_type = KILN_TYPE_USHORT,
        .vector_size = 2,
        .sign_unknown = true,
        .offset = 8,
        .size = 8 },
   };
   struct kiln_kernel td = { .name = "td", .args = typedef_args, .num_args = 2 };
   static const struct {
      const char *args[2];
      bool ok;
      const char *message;
   } typedef_cases[] = {
      { { "uint:3", "buf:ushort2[2]" }, true, NULL },
      { { "int:-3", "buf:short2[2]" }, true, NULL },
      { { "float:3", "buf:short2[2]" }, false, "expects uint or int, float given" },
      { { "ushort:3", "buf:short2[2]" }, false, "argument 0" },
      { { "int:3", "buf:short4[2]" }, false, "expects ushort2 or short2 elements" },
      { { "int:3", "buf:int2[2]" }, false, "argument 1" },
   };
   for (unsigned i = 0; i < sizeof(typedef_cases) / sizeof(typedef_cases[0]); i++) {
      struct kiln_run_command cmd;
      char *argv[7] = { "x.cl",
                        "-k",
                        "td",
                        "-g",
                        "1",
                        (char *)typedef_cases[i].args[0],
                        (char *)typedef_cases[i].args[1] };
      char err[256] = "";
      CHECK(!kiln_run_parse_command_line(7, argv, &cmd, err, sizeof(err)), "typedef %u: %s", i,
            err);
      int ret = kiln_run_check_signature(&cmd, &td, err, sizeof(err));
      CHECK((ret == 0) == typedef_cases[i].ok, "typedef case %u: check returned %d (%s)", i, ret,
            err);
      if (typedef_cases[i].message)
         CHECK(strstr(err, typedef_cases[i].message),
               "typedef case %u: message '%s' lacks "
               "'%s'",
               i, err, typedef_cases[i].message);
      kiln_run_command_free(&cmd);
   }

   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      struct kiln_run_command cmd;
      char *argv[8] = { "x.cl", "-k", "sig", "-g", "1" };
      char err[256] = "";
      for (unsigned a = 0; a < cases[i].count; a++)
         argv[5 + a] = (char *)cases[i].args[a];
      CHECK(!kiln_run_parse_command_line(5 + cases[i].count, argv, &cmd, err, sizeof(err)),
            "case %u: %s", i, err);
      int ret = kiln_run_check_signature(&cmd, &k, err, sizeof(err));
      CHECK((ret == 0) == cases[i].ok, "case %u: check returned %d (%s)", i, ret, err);
      if (cases[i].message)
         CHECK(strstr(err, cases[i].message), "case %u: message '%s' lacks '%s'", i, err,
               cases[i].message);
      kiln_run_command_free(&cmd);
   }
}

int
main(void)
{
   test_valid_bytes();
   test_refused();
   test_buffer_file();
   test_printout();
   test_extra_option();
   test_kernel_sequence();
   test_base_types();
   test_command_line_errors();
   test_signature_check();
   return kiln_test_summary();
}
