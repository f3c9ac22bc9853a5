/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * clang-15 compiles tests/clang/kernels/loader.cl; tests/clang/hsa loads it and the
 * emulated gfx1030 runs each kernel; every output is checked against the
 * same computation done here on the CPU (OpenCL C semantics for the work-
 * item functions: OpenCL 2.0 §6.13.1, non-uniform work-groups included).
 * Covers global buffers with a partial last work-group, by-value scalars,
 * vectors and structs at their metadata offsets, dynamic plus static local
 * memory, scratch, the dispatch packet and hidden arguments in three
 * dimensions with a global offset, and a relocated program-scope pointer.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clang_compile.h"
#include "hsa_loader.h"
#include "kiln_test.h"
#include "util/u_math.h"

#define LOAD_VA 0x200000000ull

struct env {
   struct kiln_sim_vm *vm;
   struct kiln_sim_hsa_object *obj;
};

static void *
buffer(struct env *e, size_t bytes, uint64_t *va)
{
   void *p = kiln_sim_hsa_alloc(e->obj, bytes, 256, va);
   if (!p) {
      fprintf(stderr, "FAIL allocating %zu bytes: %s\n", bytes, e->obj->error);
      exit(1);
   }
   return p;
}

/* Runs kernel name; false (and a failure) if it did not run. */
static bool
run(struct env *e, const char *name, const struct kiln_sim_hsa_launch *launch,
    const struct kiln_sim_hsa_arg_value *args, unsigned num_args)
{
   const struct kiln_sim_hsa_kernel *k = kiln_sim_hsa_find_kernel(e->obj, name);
   struct kiln_sim_run_options options = { .threads = 1 };
   struct kiln_sim_fault fault;

   if (!CHECK(k, "%s: not in the code object", name))
      return false;
   memset(&fault, 0, sizeof(fault));
   int ret = kiln_sim_hsa_dispatch(e->obj, k, launch, args, num_args, &options, &fault);
   return CHECK(ret == 0, "%s: dispatch returned %d: %s", name, ret, e->obj->error);
}

#define VAL(x)                                                                                     \
   {                                                                                               \
      &(x), sizeof(x)                                                                              \
   }

/* c = a + b over 1000 items in groups of 64: the last group is partial and
 * the kernel's own bound check stops at n = 997. */
static void
test_vadd(struct env *e)
{
   enum { N = 1024, ITEMS = 1000 };
   uint64_t va_a, va_b, va_c;
   float *a = buffer(e, N * 4, &va_a), *b = buffer(e, N * 4, &va_b);
   float *c = buffer(e, N * 4, &va_c);
   int n = 997;
   for (int i = 0; i < N; i++) {
      a[i] = i * 0.5f - 100.0f;
      b[i] = 3.25f * (i % 17);
      c[i] = -1.0f;
   }
   struct kiln_sim_hsa_arg_value args[] = { VAL(va_a), VAL(va_b), VAL(va_c), VAL(n) };
   struct kiln_sim_hsa_launch l = { .work_dim = 1, .global_size = { ITEMS }, .local_size = { 64 } };
   if (!run(e, "vadd", &l, args, 4))
      return;
   for (int i = 0; i < N; i++) {
      float want = i < n ? a[i] + b[i] : -1.0f;
      char what[64];
      snprintf(what, sizeof(what), "vadd c[%d] (bits)", i);
      CHECK_EQ_INT(what, fui(c[i]), fui(want));
   }
}

static void
test_by_value(struct env *e)
{
   uint64_t va_out;
   int64_t *out = buffer(e, 6 * 8, &va_out);
   int8_t c = -5;
   float v[4] = { 1.5f, 2.5f, 3.0f, 4.0f };
   struct {
      int32_t x;
      int8_t c;
      int64_t y;
   } p = { 7, -2, 1ll << 40 };
   int16_t s = -300;
   double d = 12345.75;
   uint8_t u[4] = { 1, 2, 3, 0 }; /* uchar3 occupies 4 bytes */
   struct kiln_sim_hsa_arg_value args[] = {
      VAL(va_out), VAL(c), VAL(v), VAL(p), VAL(s), VAL(d), VAL(u),
   };
   struct kiln_sim_hsa_launch l = { .work_dim = 1, .global_size = { 1 } };
   if (!run(e, "by_value", &l, args, 7))
      return;
   CHECK_EQ_INT("by_value char", out[0], -5);
   CHECK_EQ_INT("by_value float4 sum", out[1], 11);
   CHECK_EQ_INT("by_value struct", out[2], 7 - 2 + (1ll << 40));
   CHECK_EQ_INT("by_value short", out[3], -300);
   CHECK_EQ_INT("by_value double", out[4], 12345);
   CHECK_EQ_INT("by_value uchar3", out[5], 1 + 2 * 256 + 3 * 65536);
}

static void
test_local_reverse(struct env *e)
{
   enum { N = 256, G = 64 };
   uint64_t va_in, va_out;
   int32_t *in = buffer(e, N * 4, &va_in), *out = buffer(e, N * 4, &va_out);
   for (int i = 0; i < N; i++)
      in[i] = i * 3 - 50;
   struct kiln_sim_hsa_arg_value args[] = {
      VAL(va_in),
      VAL(va_out),
      { NULL, G * 4 },
      { NULL, G * 4 },
   };
   struct kiln_sim_hsa_launch l = { .work_dim = 1, .global_size = { N }, .local_size = { G } };
   if (!run(e, "local_reverse", &l, args, 4))
      return;
   for (int i = 0; i < N; i++) {
      char what[64];
      snprintf(what, sizeof(what), "local_reverse out[%d]", i);
      CHECK_EQ_INT(what, out[i], in[(i / G) * G + (G - 1 - i % G)]);
   }
}

static void
test_private_array(struct env *e)
{
   enum { N = 100 };
   uint64_t va_out;
   int32_t *out = buffer(e, N * 4, &va_out);
   int k = 3;
   struct kiln_sim_hsa_arg_value args[] = { VAL(va_out), VAL(k) };
   struct kiln_sim_hsa_launch l = { .work_dim = 1, .global_size = { N }, .local_size = { 32 } };
   if (!run(e, "private_array", &l, args, 2))
      return;
   for (int g = 0; g < N; g++) {
      int a[48];
      for (int i = 0; i < 48; i++)
         a[i] = i * k + g;
      char what[64];
      snprintf(what, sizeof(what), "private_array out[%d]", g);
      CHECK_EQ_INT(what, out[g], a[(g * 7 + k) % 48] + a[(g + 3) % 48]);
   }
}

static void
test_grid_info(struct env *e)
{
   const uint32_t gs[3] = { 5, 3, 2 }, ls[3] = { 4, 2, 1 }, off[3] = { 10, 20, 30 };
   const unsigned items = gs[0] * gs[1] * gs[2];
   uint64_t va_out;
   uint32_t *out = buffer(e, items * 8 * 4, &va_out);
   struct kiln_sim_hsa_arg_value args[] = { VAL(va_out) };
   struct kiln_sim_hsa_launch l = {
      .work_dim = 3,
      .global_size = { gs[0], gs[1], gs[2] },
      .local_size = { ls[0], ls[1], ls[2] },
      .global_offset = { off[0], off[1], off[2] },
   };
   if (!run(e, "grid_info", &l, args, 1))
      return;
   for (uint32_t z = 0; z < gs[2]; z++) {
      for (uint32_t y = 0; y < gs[1]; y++) {
         for (uint32_t x = 0; x < gs[0]; x++) {
            const uint32_t id[3] = { x, y, z };
            uint32_t want[8], group[3], lid[3], lsize[3], groups[3];
            for (int d = 0; d < 3; d++) {
               group[d] = id[d] / ls[d];
               lid[d] = id[d] % ls[d];
               groups[d] = (gs[d] + ls[d] - 1) / ls[d];
               /* The last group of a non-uniform range is smaller. */
               lsize[d] = group[d] == groups[d] - 1 && gs[d] % ls[d] ? gs[d] % ls[d] : ls[d];
            }
            want[0] = x + off[0];
            want[1] = y + off[1];
            want[2] = z + off[2];
            want[3] = lsize[0] * 100 + lsize[1] * 10 + lsize[2];
            want[4] = groups[0] * 100 + groups[1] * 10 + groups[2];
            want[5] = group[0] * 100 + group[1] * 10 + group[2];
            want[6] = lid[0] * 100 + lid[1] * 10 + lid[2];
            want[7] = 3 * 1000 + ls[0];
            unsigned i = (z * gs[1] + y) * gs[0] + x;
            for (int f = 0; f < 8; f++) {
               char what[80];
               snprintf(what, sizeof(what), "grid_info (%u,%u,%u) field %d", x, y, z, f);
               CHECK_EQ_INT(what, out[i * 8 + f], want[f]);
            }
         }
      }
   }
}

static void
test_global_ptr(struct env *e)
{
   uint64_t va_out;
   int32_t *out = buffer(e, 4 * 4, &va_out);
   struct kiln_sim_hsa_arg_value args[] = { VAL(va_out) };
   struct kiln_sim_hsa_launch l = { .work_dim = 1, .global_size = { 4 } };
   if (!run(e, "through_global_ptr", &l, args, 1))
      return;
   /* g_ptr = &g_table[2] after relocation; g_table = {11, 22, 33, 44}. */
   static const int want[4] = { 33, 44, 33, 44 };
   for (int i = 0; i < 4; i++) {
      char what[64];
      snprintf(what, sizeof(what), "through_global_ptr out[%d]", i);
      CHECK_EQ_INT(what, out[i], want[i]);
   }
}

int
main(int argc, char **argv)
{
   if (argc != 2) {
      fprintf(stderr, "usage: test_clang_hsa_run tests/clang/kernels/loader.cl\n");
      return 2;
   }
   void *elf;
   size_t size;
   if (clang_compile_cl(argv[1], "", "gfx1030", &elf, &size))
      return 1;

   struct env e = { .vm = kiln_sim_vm_create() };
   char err[256];
   if (!e.vm || kiln_sim_hsa_load(e.vm, elf, size, LOAD_VA, 1ull << 32, &e.obj, err, sizeof(err))) {
      fprintf(stderr, "FAIL loading %s: %s\n", argv[1], e.vm ? err : "no VM");
      return 1;
   }

   static const struct {
      const char *name;
      void (*fn)(struct env *e);
   } tests[] = {
      { "vadd", test_vadd },
      { "by_value", test_by_value },
      { "local_reverse", test_local_reverse },
      { "private_array", test_private_array },
      { "grid_info", test_grid_info },
      { "through_global_ptr", test_global_ptr },
   };
   unsigned failed_tests = 0;
   for (unsigned i = 0; i < sizeof(tests) / sizeof(tests[0]); i++) {
      unsigned before = kiln_test.failures;
      tests[i].fn(&e);
      failed_tests += !kiln_test_result(tests[i].name, before);
   }

   kiln_sim_hsa_unload(e.obj);
   kiln_sim_vm_destroy(e.vm);
   free(elf);
   printf("%u of %zu kernels failed\n", failed_tests, sizeof(tests) / sizeof(tests[0]));
   return kiln_test_summary();
}
