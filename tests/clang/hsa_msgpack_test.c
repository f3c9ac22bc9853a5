/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * tests/clang/hsa's MessagePack reader against byte strings encoded by hand from
 * the MessagePack specification (github.com/msgpack/msgpack/blob/master/
 * spec.md): every format family decodes to the value the spec assigns,
 * every truncation of a valid document and the never-used tag 0xc1 are
 * rejected, and hostile lengths and nesting fail cleanly.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "hsa_msgpack.h"

static unsigned failures;

#define EXPECT(what, cond)                                                    \
   do {                                                                       \
      if (!(cond)) {                                                          \
         failures++;                                                          \
         fprintf(stderr, "FAIL %s (%s:%d)\n", what, __FILE__, __LINE__);      \
      }                                                                       \
   } while (0)

/* {"name": "vadd", "n": [0, 127, 128, 65536, 4294967296, -1, -32, -33,
 *  -128, -256, -70000, -5000000000], "f": [1.0f, 3.14159...],
 *  "ok": true, "no": false, "nil": nil, "bin": bin8[3], "ext": fixext1,
 *  "s8": str8 "abc"} */
static const uint8_t doc[] = {
   0x89,                                     /* fixmap, 9 pairs */
   0xa4, 'n', 'a', 'm', 'e', 0xa4, 'v', 'a', 'd', 'd',
   0xa1, 'n', 0xdc, 0x00, 0x0c,              /* array16 of 12 */
   0x00,                                     /* 0 */
   0x7f,                                     /* 127 */
   0xcc, 0x80,                               /* uint8 128 */
   0xce, 0x00, 0x01, 0x00, 0x00,             /* uint32 65536 */
   0xcf, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, /* uint64 2^32 */
   0xff,                                     /* -1 */
   0xe0,                                     /* -32 */
   0xd0, 0xdf,                               /* int8 -33 */
   0xd0, 0x80,                               /* int8 -128 */
   0xd1, 0xff, 0x00,                         /* int16 -256 */
   0xd2, 0xff, 0xfe, 0xee, 0x90,             /* int32 -70000 */
   0xd3, 0xff, 0xff, 0xff, 0xfe, 0xd5, 0xfa, 0x0e, 0x00, /* int64 -5e9 */
   0xa1, 'f', 0x92,
   0xca, 0x3f, 0x80, 0x00, 0x00,             /* float32 1.0 */
   0xcb, 0x40, 0x09, 0x21, 0xfb, 0x54, 0x44, 0x2d, 0x18, /* float64 pi */
   0xa2, 'o', 'k', 0xc3,
   0xa2, 'n', 'o', 0xc2,
   0xa3, 'n', 'i', 'l', 0xc0,
   0xa3, 'b', 'i', 'n', 0xc4, 0x03, 1, 2, 3,
   0xa3, 'e', 'x', 't', 0xd4, 0x05, 0x2a,    /* fixext1 type 5, one byte */
   0xa2, 's', '8', 0xd9, 0x03, 'a', 'b', 'c',
};

static void
test_document(void)
{
   struct sim_hsa_mp_node root;
   long used = sim_hsa_mp_parse(doc, sizeof(doc), &root, NULL);
   EXPECT("document parses completely", used == (long)sizeof(doc));
   if (used < 0)
      return;
   EXPECT("root is a map of 9", root.type == SIM_HSA_MP_MAP && root.count == 9);

   char buf[16];
   EXPECT("name", sim_hsa_mp_get_str(sim_hsa_mp_map_get(&root, "name"), buf,
                                     sizeof(buf)) && strcmp(buf, "vadd") == 0);
   EXPECT("str truncates to the buffer",
          sim_hsa_mp_get_str(sim_hsa_mp_map_get(&root, "name"), buf, 3) &&
             strcmp(buf, "va") == 0);

   const struct sim_hsa_mp_node *n = sim_hsa_mp_map_get(&root, "n");
   EXPECT("n is an array of 12", n && n->type == SIM_HSA_MP_ARRAY && n->count == 12);
   static const uint64_t uints[] = {0, 127, 128, 65536, 4294967296ull};
   for (unsigned i = 0; i < 5; i++) {
      uint64_t v = ~0ull;
      EXPECT("unsigned value", sim_hsa_mp_get_uint(sim_hsa_mp_array_get(n, i), &v) &&
                                  v == uints[i]);
   }
   static const int64_t ints[] = {-1, -32, -33, -128, -256, -70000, -5000000000ll};
   for (unsigned i = 0; i < 7; i++) {
      const struct sim_hsa_mp_node *e = sim_hsa_mp_array_get(n, 5 + i);
      uint64_t v;
      EXPECT("negative value", e && e->type == SIM_HSA_MP_INT && e->i == ints[i]);
      EXPECT("negative is not a uint", !sim_hsa_mp_get_uint(e, &v));
   }
   EXPECT("array bound", sim_hsa_mp_array_get(n, 12) == NULL);

   const struct sim_hsa_mp_node *f = sim_hsa_mp_map_get(&root, "f");
   EXPECT("float32 1.0", f && f->items[0].type == SIM_HSA_MP_FLOAT &&
                            f->items[0].f == 1.0);
   EXPECT("float64 pi", f && f->items[1].f == 3.141592653589793);

   const struct sim_hsa_mp_node *b = sim_hsa_mp_map_get(&root, "ok");
   EXPECT("true", b && b->type == SIM_HSA_MP_BOOL && b->b);
   b = sim_hsa_mp_map_get(&root, "no");
   EXPECT("false", b && b->type == SIM_HSA_MP_BOOL && !b->b);
   b = sim_hsa_mp_map_get(&root, "nil");
   EXPECT("nil", b && b->type == SIM_HSA_MP_NIL);
   b = sim_hsa_mp_map_get(&root, "bin");
   EXPECT("bin8", b && b->type == SIM_HSA_MP_BIN && b->count == 3 &&
                     memcmp(b->bytes, "\1\2\3", 3) == 0);
   b = sim_hsa_mp_map_get(&root, "ext");
   EXPECT("fixext1", b && b->type == SIM_HSA_MP_EXT && b->count == 1 &&
                        b->bytes[0] == 0x2a);
   EXPECT("str8", sim_hsa_mp_str_eq(sim_hsa_mp_map_get(&root, "s8"), "abc"));
   EXPECT("missing key", sim_hsa_mp_map_get(&root, "absent") == NULL);
   EXPECT("prefix is not a key", sim_hsa_mp_map_get(&root, "na") == NULL);
   sim_hsa_mp_free(&root);
}

static void
test_truncations(void)
{
   /* Every proper prefix ends inside some value. */
   for (size_t len = 0; len < sizeof(doc); len++) {
      struct sim_hsa_mp_node root;
      size_t at = 0;
      long r = sim_hsa_mp_parse(doc, len, &root, &at);
      char what[64];
      snprintf(what, sizeof(what), "prefix of %zu bytes is rejected", len);
      EXPECT(what, r == -EINVAL && at <= len);
   }
}

static void
test_hostile(void)
{
   struct sim_hsa_mp_node root;
   static const uint8_t never_used[] = {0x91, 0xc1};
   EXPECT("0xc1 is rejected",
          sim_hsa_mp_parse(never_used, sizeof(never_used), &root, NULL) == -EINVAL);

   /* An array32 claiming 2^32-1 elements in 5 bytes. */
   static const uint8_t huge[] = {0xdd, 0xff, 0xff, 0xff, 0xff};
   EXPECT("huge array count is rejected",
          sim_hsa_mp_parse(huge, sizeof(huge), &root, NULL) == -EINVAL);
   static const uint8_t huge_str[] = {0xdb, 0x7f, 0xff, 0xff, 0xff, 'a'};
   EXPECT("huge string length is rejected",
          sim_hsa_mp_parse(huge_str, sizeof(huge_str), &root, NULL) == -EINVAL);

   /* 64 nested one-element arrays around a 0: deeper than any metadata. */
   uint8_t deep[65];
   memset(deep, 0x91, 64);
   deep[64] = 0x00;
   EXPECT("deep nesting is rejected",
          sim_hsa_mp_parse(deep, sizeof(deep), &root, NULL) == -EINVAL);
   /* 8 levels are fine. */
   EXPECT("shallow nesting parses",
          sim_hsa_mp_parse(deep + 56, 9, &root, NULL) == 9);
   sim_hsa_mp_free(&root);

   /* Trailing bytes are left for the caller: parse reports what it used. */
   static const uint8_t two[] = {0x01, 0x02};
   EXPECT("one value of two", sim_hsa_mp_parse(two, 2, &root, NULL) == 1);
}

int
main(void)
{
   test_document();
   test_truncations();
   test_hostile();
   if (failures)
      fprintf(stderr, "%u failures\n", failures);
   else
      printf("msgpack: all checks passed\n");
   return failures ? 1 : 0;
}
