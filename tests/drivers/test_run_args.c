/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * `kiln run`'s argument parser and printer against the corpus runners'
 * (tests/corpus/corpus_args.c, written separately for PoCL's runner and
 * the CPU reference): for every argument text in the table both must
 * produce the same bytes or both must refuse it, and both must print the
 * same `argI:` lines, so kiln's output compares with PoCL's.  Also the
 * signature check against a kernel's argument metadata, whose rules are
 * the CLI's: one ARG per argument, kind, element type and vector size.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "corpus_args.h"
#include "kiln_run_args.h"

static int failures;

#define CHECK(cond, ...)                                                       \
   do {                                                                        \
      if (!(cond)) {                                                           \
         failures++;                                                           \
         printf("FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond);                \
         printf(__VA_ARGS__);                                                  \
         printf("\n");                                                         \
      }                                                                        \
   } while (0)

static const char *const valid_args[] = {
   "int:5", "int:-2147483648", "uint:4294967295", "uint:-1", "char:-9", "uchar:255",
   "uchar:-1", "short:0x7fff", "ushort:65535", "long:-9223372036854775808",
   "ulong:18446744073709551615", "float:0.1", "float:-1e-45", "double:0.1",
   "double:-1e+300", "float4:1,2,3,4", "int3:7,8,9", "char2:-128,127", "double2:1.5,-2.25",
   "long16:1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16", "uint8:1,2,3,4,5,6,7,8",
   "buf:float[4]", "buf:float[4]=1,2", "buf:float[16]=1.5,-2.5,3.25,1e-30",
   "buf:float3[3]=1,2,3,4,5,6,7,8,9", "buf:int3[2]=-1,-2,-3", "buf:char16[2]=1,2,3",
   "buf:ushort2[3]=65535,0,1,2,3,4", "buf:double3[2]=0.1,0.2,0.3,0.4,0.5,0.6",
   "buf:ulong[2]=18446744073709551615,0x10", "buf:uchar[8]=0xff,7", "local:256",
   "local:0x1000", "buf:long[1]=-5",
   /* Positive values up to 2^N - 1 wrap for signed types, as in C. */
   "char:200", "short:65535",
};

static const char *const invalid_args[] = {
   "int:1,2", "float4:1,2,3", "char:-129", "uchar:256", "ushort:70000",
   "int:abc", "float:1.5x", "buf:int[0]", "buf:int[4]=1,2,3,4,5",
   "buf:foo[2]", "buf:int[2]x", "buf:int[x]", "buf:int", "local:0", "local:x",
   "int5:1,2,3,4,5", "bool:1", "5", "int4:1,2,3,4,5", "buf:float3[1]=1,2,3,4",
};

/* Refused by kiln, where the corpus parser reads an empty component as 0. */
static const char *const kiln_only_invalid_args[] = {
   "int:", "int2:1,", "buf:int[4]=1,,2", "float4:1,2,,4",
};

static void
test_same_bytes_as_corpus_parser(void)
{
   for (unsigned i = 0; i < sizeof(valid_args) / sizeof(valid_args[0]); i++) {
      struct kiln_run_arg a;
      char err[256] = "";
      int ret = kiln_run_parse_arg(valid_args[i], 3, &a, err, sizeof(err));
      CHECK(ret == 0, "'%s' refused: %s", valid_args[i], err);

      /* The corpus parser takes a whole command line. */
      char *argv[6] = {"f.cl", "-k", "k", "-g", "1", (char *)valid_args[i]};
      struct corpus_launch *l = calloc(1, sizeof(*l));
      char cerr[256] = "";
      int cret = corpus_parse_command_line(6, argv, l, cerr, sizeof(cerr));
      CHECK(cret == 0, "corpus parser refused '%s': %s", valid_args[i], cerr);
      if (!ret && !cret) {
         const struct corpus_arg *c = &l->args[0];
         static const int kinds[] = {[CORPUS_ARG_VALUE] = KILN_RUN_ARG_VALUE,
                                     [CORPUS_ARG_BUFFER] = KILN_RUN_ARG_BUFFER,
                                     [CORPUS_ARG_LOCAL] = KILN_RUN_ARG_LOCAL};
         CHECK((int)a.kind == kinds[c->kind], "'%s': kind", valid_args[i]);
         CHECK(a.bytes == c->bytes, "'%s': %zu bytes, corpus %zu", valid_args[i], a.bytes,
               c->bytes);
         if (a.kind != KILN_RUN_ARG_LOCAL) {
            CHECK(a.count == c->count && a.type.n == c->type.n &&
                  a.type.slots == c->type.slots &&
                  a.type.scalar_size == c->type.scalar_size, "'%s': shape", valid_args[i]);
            CHECK(a.bytes == c->bytes && !memcmp(a.data, c->data, a.bytes),
                  "'%s': bytes differ", valid_args[i]);
         }
      }
      corpus_launch_free(l);
      free(l);
      free(a.data);
   }
}

static void
test_refuses_what_corpus_refuses(void)
{
   for (unsigned i = 0; i < sizeof(invalid_args) / sizeof(invalid_args[0]); i++) {
      struct kiln_run_arg a;
      char err[256] = "";
      int ret = kiln_run_parse_arg(invalid_args[i], 4, &a, err, sizeof(err));
      CHECK(ret != 0, "'%s' accepted", invalid_args[i]);
      CHECK(strstr(err, "argument 4"), "'%s': message does not name the argument: %s",
            invalid_args[i], err);
      free(a.data);

      char *argv[6] = {"f.cl", "-k", "k", "-g", "1", (char *)invalid_args[i]};
      struct corpus_launch *l = calloc(1, sizeof(*l));
      char cerr[256];
      CHECK(corpus_parse_command_line(6, argv, l, cerr, sizeof(cerr)) != 0,
            "the corpus parser accepts '%s' (the two disagree)", invalid_args[i]);
      corpus_launch_free(l);
      free(l);
   }
}

static void
test_empty_components_refused(void)
{
   for (unsigned i = 0; i < sizeof(kiln_only_invalid_args) / sizeof(kiln_only_invalid_args[0]); i++) {
      struct kiln_run_arg a;
      char err[256] = "";
      CHECK(kiln_run_parse_arg(kiln_only_invalid_args[i], 2, &a, err, sizeof(err)) != 0 &&
            strstr(err, "argument 2"), "'%s' accepted or unnamed: %s",
            kiln_only_invalid_args[i], err);
      free(a.data);
   }
}

static char *
print_kiln(const struct kiln_run_command *cmd)
{
   char *buf = NULL;
   size_t size = 0;
   FILE *f = open_memstream(&buf, &size);
   kiln_run_print_buffers(f, cmd);
   fclose(f);
   return buf;
}

static char *
print_corpus(const struct corpus_launch *l)
{
   char *buf = NULL;
   size_t size = 0;
   FILE *f = open_memstream(&buf, &size);
   corpus_print_buffers(f, l);
   fclose(f);
   return buf;
}

static void
test_same_printout(void)
{
   char *argv[] = {
      "x.cl", "-k", "k", "-g", "4,2", "-l", "2,2", "-o", "1,0", "-b", "-DN=3",
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
   struct corpus_launch *l = calloc(1, sizeof(*l));
   char err[256] = "";

   CHECK(!kiln_run_parse_command_line(argc, argv, &cmd, err, sizeof(err)), "%s", err);
   CHECK(!corpus_parse_command_line(argc, argv, l, err, sizeof(err)), "%s", err);
   CHECK(cmd.dim == 2 && cmd.global[0] == 4 && cmd.global[1] == 2 && cmd.global[2] == 1,
         "-g");
   CHECK(cmd.has_local && cmd.local[0] == 2 && cmd.local[1] == 2, "-l");
   CHECK(cmd.has_offset && cmd.offset[0] == 1 && cmd.offset[1] == 0, "-o");
   CHECK(!strcmp(cmd.options, "-DN=3") && !strcmp(cmd.kernel, "k") &&
         !strcmp(cmd.file, "x.cl"), "names");
   CHECK(cmd.num_args == 8, "%u args", cmd.num_args);

   char *a = print_kiln(&cmd), *b = print_corpus(l);
   CHECK(!strcmp(a, b), "printouts differ:\n--- kiln\n%s--- corpus\n%s", a, b);
   /* And the lines are the documented ones: indices count every argument,
    * 3-vectors print 3 components, floats %.9g. */
   CHECK(strstr(a, "arg1: 0.100000001 -2 3.0000001e+10 16777216 9.9999461e-41 -0\n") != NULL,
         "float3 line: %s", a);
   CHECK(strstr(a, "arg4: 18446744073709551615 1\n") != NULL, "ulong2 line: %s", a);
   CHECK(strstr(a, "arg3") == NULL, "a __local argument prints nothing");
   free(a);
   free(b);
   kiln_run_command_free(&cmd);
   corpus_launch_free(l);
   free(l);
}

static void
test_command_line_errors(void)
{
   struct kiln_run_command cmd;
   char err[256];
   char *no_g[] = {"x.cl", "-k", "k", "int:1"};
   char *bad_l[] = {"x.cl", "-k", "k", "-g", "4,4", "-l", "2", "int:1"};
   char *bad_g[] = {"x.cl", "-k", "k", "-g", "4,,4"};
   char *four[] = {"x.cl", "-k", "k", "-g", "1,2,3,4"};
   char *dangling[] = {"x.cl", "-k"};

   CHECK(kiln_run_parse_command_line(4, no_g, &cmd, err, sizeof(err)) == -EINVAL, "no -g");
   kiln_run_command_free(&cmd);
   CHECK(kiln_run_parse_command_line(8, bad_l, &cmd, err, sizeof(err)) == -EINVAL,
         "-l with fewer sizes than -g");
   kiln_run_command_free(&cmd);
   CHECK(kiln_run_parse_command_line(5, bad_g, &cmd, err, sizeof(err)) == -EINVAL, "4,,4");
   CHECK(kiln_run_parse_command_line(5, four, &cmd, err, sizeof(err)) == -EINVAL, "4 dims");
   CHECK(kiln_run_parse_command_line(2, dangling, &cmd, err, sizeof(err)) == -EINVAL &&
         strstr(err, "-k"), "dangling -k: %s", err);
}

static void
test_signature_check(void)
{
   struct kiln_kernel_arg args[] = {
      {.name = "out", .type_name = "float4*", .kind = KILN_ARG_GLOBAL_PTR,
       .base_type = KILN_TYPE_FLOAT, .vector_size = 4, .offset = 0, .size = 8},
      {.name = "n", .type_name = "int", .kind = KILN_ARG_VALUE, .base_type = KILN_TYPE_INT,
       .vector_size = 1, .offset = 8, .size = 4},
      {.name = "tmp", .type_name = "float*", .kind = KILN_ARG_LOCAL_PTR,
       .base_type = KILN_TYPE_FLOAT, .vector_size = 1, .offset = 12, .size = 4},
      {.name = "in", .type_name = "uchar*", .kind = KILN_ARG_CONSTANT_PTR,
       .base_type = KILN_TYPE_UCHAR, .vector_size = 1, .offset = 16, .size = 8},
   };
   struct kiln_kernel k = {.name = "sig", .args = args, .num_args = 4};
   static const struct {
      const char *args[4];
      unsigned count;
      bool ok;
      const char *message; /* a part the error must contain */
   } cases[] = {
      {{"buf:float4[2]", "int:3", "local:64", "buf:uchar[4]"}, 4, true, NULL},
      {{"buf:float4[2]", "int:3", "local:64"}, 3, false, "takes 4 arguments, 3 given"},
      {{"buf:float[8]", "int:3", "local:64", "buf:uchar[4]"}, 4, false, "argument 0"},
      {{"buf:float4[2]", "uint:3", "local:64", "buf:uchar[4]"}, 4, false, "argument 1"},
      {{"buf:float4[2]", "buf:int[1]", "local:64", "buf:uchar[4]"}, 4, false,
       "expects a value"},
      {{"buf:float4[2]", "int:3", "buf:float[4]", "buf:uchar[4]"}, 4, false,
       "__local pointer"},
      {{"buf:float4[2]", "int:3", "local:64", "uchar:4"}, 4, false, "__constant pointer"},
      {{"buf:float4[2]", "int:3", "local:64", "buf:char[4]"}, 4, false, "argument 3"},
   };

   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      struct kiln_run_command cmd;
      char *argv[8] = {"x.cl", "-k", "sig", "-g", "1"};
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
   test_same_bytes_as_corpus_parser();
   test_refuses_what_corpus_refuses();
   test_empty_components_refused();
   test_same_printout();
   test_command_line_errors();
   test_signature_check();
   if (failures) {
      printf("%d check(s) failed\n", failures);
      return 1;
   }
   printf("run args: all checks passed\n");
   return 0;
}
