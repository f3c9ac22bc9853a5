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
#include "kiln_test.h"

/* {"name": "vadd", "n": [0, 127, 128, 65536, 4294967296, -1, -32, -33,
 *  -128, -256, -70000, -5000000000], "f": [1.0f, 3.14159...],
 *  "ok": true, "no": false, "nil": nil, "bin": bin8[3], "ext": fixext1,
 *  "s8": str8 "abc"} */
static const uint8_t
   doc
      [] = {
         0x89, /* fixmap, 9 pairs */
         0xa4, 'n',  'a',  'm',  'e',  0xa4, 'v',  'a',  'd',  'd',
         0xa1, 'n',  0xdc, 0x00, 0x0c,                         /* array16 of 12 */
         0x00,                                                 /* 0 */
         0x7f,                                                 /* 127 */
         0xcc, 0x80,                                           /* uint8 128 */
         0xce, 0x00, 0x01, 0x00, 0x00,                         /* uint32 65536 */
         0xcf, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, /* uint64 2^32 */
         0xff,                                                 /* -1 */
         0xe0,                                                 /* -32 */
         0xd0, 0xdf,                                           /* int8 -33 */
         0xd0, 0x80,                                           /* int8 -128 */
         0xd1, 0xff, 0x00,                                     /* int16 -256 */
         0xd2, 0xff, 0xfe, 0xee, 0x90,                         /* int32 -70000 */
         0xd3, 0xff, 0xff, 0xff, 0xfe, 0xd5, 0xfa, 0x0e, 0x00, /* int64 -5e9 */
         0xa1, 'f',  0x92, 0xca, 0x3f, 0x80, 0x00, 0x00,       /* float32 1.0 */
         0xcb, 0x40, 0x09, 0x21, 0xfb, 0x54, 0x44, 0x2d, 0x18, /* float64 pi */
         0xa2, 'o',  'k',  0xc3, 0xa2, 'n',  'o',  0xc2, 0xa3, 'n',
         'i',  'l',  0xc0, 0xa3, 'b',  'i',  'n',  0xc4, 0x03, 1,
         2,    3,    0xa3, 'e',  'x',  't',  0xd4, 0x05, 0x2a, /* fixext1 type 5, one byte */
         0xa2, 's',  '8',  0xd9, 0x03, 'a',  'b',  'c',
      };

static void
test_document(void)
{
   struct sim_hsa_mp_node root;
   long used = sim_hsa_mp_parse(doc, sizeof(doc), &root, NULL);
   CHECK(used == (long)sizeof(doc), "document parses completely");
   if (used < 0)
      return;
   CHECK(root.type == SIM_HSA_MP_MAP && root.count == 9, "root is a map of 9");

   char buf[16];
   CHECK(sim_hsa_mp_get_str(sim_hsa_mp_map_get(&root, "name"), buf, sizeof(buf)) &&
            strcmp(buf, "vadd") == 0,
         "name");
   CHECK(sim_hsa_mp_get_str(sim_hsa_mp_map_get(&root, "name"), buf, 3) && strcmp(buf, "va") == 0,
         "str truncates to the buffer");

   const struct sim_hsa_mp_node *n = sim_hsa_mp_map_get(&root, "n");
   CHECK(n && n->type == SIM_HSA_MP_ARRAY && n->count == 12, "n is an array of 12");
   static const uint64_t uints[] = { 0, 127, 128, 65536, 4294967296ull };
   for (unsigned i = 0; i < 5; i++) {
      uint64_t v = ~0ull;
      CHECK(sim_hsa_mp_get_uint(sim_hsa_mp_array_get(n, i), &v) && v == uints[i], "unsigned value");
   }
   static const int64_t ints[] = { -1, -32, -33, -128, -256, -70000, -5000000000ll };
   for (unsigned i = 0; i < 7; i++) {
      const struct sim_hsa_mp_node *e = sim_hsa_mp_array_get(n, 5 + i);
      uint64_t v;
      CHECK(e && e->type == SIM_HSA_MP_INT && e->i == ints[i], "negative value");
      CHECK(!sim_hsa_mp_get_uint(e, &v), "negative is not a uint");
   }
   CHECK(sim_hsa_mp_array_get(n, 12) == NULL, "array bound");

   const struct sim_hsa_mp_node *f = sim_hsa_mp_map_get(&root, "f");
   CHECK(f && f->items[0].type == SIM_HSA_MP_FLOAT && f->items[0].f == 1.0, "float32 1.0");
   CHECK(f && f->items[1].f == 3.141592653589793, "float64 pi");

   const struct sim_hsa_mp_node *b = sim_hsa_mp_map_get(&root, "ok");
   CHECK(b && b->type == SIM_HSA_MP_BOOL && b->b, "true");
   b = sim_hsa_mp_map_get(&root, "no");
   CHECK(b && b->type == SIM_HSA_MP_BOOL && !b->b, "false");
   b = sim_hsa_mp_map_get(&root, "nil");
   CHECK(b && b->type == SIM_HSA_MP_NIL, "nil");
   b = sim_hsa_mp_map_get(&root, "bin");
   CHECK(b && b->type == SIM_HSA_MP_BIN && b->count == 3 && memcmp(b->bytes, "\1\2\3", 3) == 0,
         "bin8");
   b = sim_hsa_mp_map_get(&root, "ext");
   CHECK(b && b->type == SIM_HSA_MP_EXT && b->count == 1 && b->bytes[0] == 0x2a, "fixext1");
   CHECK(sim_hsa_mp_str_eq(sim_hsa_mp_map_get(&root, "s8"), "abc"), "str8");
   CHECK(sim_hsa_mp_map_get(&root, "absent") == NULL, "missing key");
   CHECK(sim_hsa_mp_map_get(&root, "na") == NULL, "prefix is not a key");
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
      CHECK(r == -EINVAL && at <= len, "%s", what);
   }
}

static void
test_hostile(void)
{
   struct sim_hsa_mp_node root;
   static const uint8_t never_used[] = { 0x91, 0xc1 };
   CHECK(sim_hsa_mp_parse(never_used, sizeof(never_used), &root, NULL) == -EINVAL,
         "0xc1 is rejected");

   /* An array32 claiming 2^32-1 elements in 5 bytes. */
   static const uint8_t huge[] = { 0xdd, 0xff, 0xff, 0xff, 0xff };
   CHECK(sim_hsa_mp_parse(huge, sizeof(huge), &root, NULL) == -EINVAL,
         "huge array count is rejected");
   static const uint8_t huge_str[] = { 0xdb, 0x7f, 0xff, 0xff, 0xff, 'a' };
   CHECK(sim_hsa_mp_parse(huge_str, sizeof(huge_str), &root, NULL) == -EINVAL,
         "huge string length is rejected");

   /* 64 nested one-element arrays around a 0: deeper than any metadata. */
   uint8_t deep[65];
   memset(deep, 0x91, 64);
   deep[64] = 0x00;
   CHECK(sim_hsa_mp_parse(deep, sizeof(deep), &root, NULL) == -EINVAL, "deep nesting is rejected");
   /* 8 levels are fine. */
   CHECK(sim_hsa_mp_parse(deep + 56, 9, &root, NULL) == 9, "shallow nesting parses");
   sim_hsa_mp_free(&root);

   /* Trailing bytes are left for the caller: parse reports what it used. */
   static const uint8_t two[] = { 0x01, 0x02 };
   CHECK(sim_hsa_mp_parse(two, 2, &root, NULL) == 1, "one value of two");
}

int
main(void)
{
   test_document();
   test_truncations();
   test_hostile();
   return kiln_test_summary();
}
