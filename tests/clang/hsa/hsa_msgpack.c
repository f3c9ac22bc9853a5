/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * MessagePack reader (the msgpack spec's full type set, big-endian
 * lengths), enough for the AMDGPU metadata note.  Values become a tree of
 * sim_hsa_mp_node; strings and binary data stay in the caller's buffer.
 * Nesting is limited so a hostile note cannot exhaust the stack, and every
 * length is checked against the remaining bytes before it is used.
 */
#include "hsa_msgpack.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "util/u_math.h"

#define SIM_HSA_MP_MAX_DEPTH 32

struct mp_reader {
   const uint8_t *data;
   size_t size;
   size_t pos;
};

static bool
mp_take(struct mp_reader *r, size_t n, const uint8_t **out)
{
   if (r->size - r->pos < n)
      return false;
   *out = r->data + r->pos;
   r->pos += n;
   return true;
}

/* Big-endian unsigned integer of n bytes (1, 2, 4 or 8). */
static bool
mp_take_be(struct mp_reader *r, unsigned n, uint64_t *v)
{
   const uint8_t *p;
   if (!mp_take(r, n, &p))
      return false;
   *v = 0;
   for (unsigned i = 0; i < n; i++)
      *v = (*v << 8) | p[i];
   return true;
}

static int mp_parse_value(struct mp_reader *r, struct sim_hsa_mp_node *n, unsigned depth);

static int
mp_parse_bytes(struct mp_reader *r, struct sim_hsa_mp_node *n, enum sim_hsa_mp_type type,
               uint64_t len, bool ext)
{
   const uint8_t *p;
   if (ext && !mp_take(r, 1, &p)) /* the extension type byte */
      return -EINVAL;
   if (len > UINT32_MAX || !mp_take(r, len, &p))
      return -EINVAL;
   n->type = type;
   n->count = len;
   n->bytes = (const char *)p;
   return 0;
}

static int
mp_parse_items(struct mp_reader *r, struct sim_hsa_mp_node *n, enum sim_hsa_mp_type type,
               uint64_t count, unsigned depth)
{
   uint64_t nodes = type == SIM_HSA_MP_MAP ? count * 2 : count;

   if (depth >= SIM_HSA_MP_MAX_DEPTH)
      return -EINVAL;
   /* Every element takes at least one byte. */
   if (nodes > r->size - r->pos)
      return -EINVAL;
   n->type = type;
   n->count = count;
   n->items = nodes ? calloc(nodes, sizeof(*n->items)) : NULL;
   if (nodes && !n->items)
      return -ENOMEM;
   for (uint64_t i = 0; i < nodes; i++) {
      int ret = mp_parse_value(r, &n->items[i], depth + 1);
      if (ret) {
         /* A failed value owns nothing; the ones before it are freed
          * here, so the caller sees a node that owns nothing either. */
         for (uint64_t j = 0; j < i; j++)
            sim_hsa_mp_free(&n->items[j]);
         free(n->items);
         memset(n, 0, sizeof(*n));
         return ret;
      }
   }
   return 0;
}

static int
mp_parse_value(struct mp_reader *r, struct sim_hsa_mp_node *n, unsigned depth)
{
   const uint8_t *p;
   uint64_t v;

   memset(n, 0, sizeof(*n));
   if (!mp_take(r, 1, &p))
      return -EINVAL;
   uint8_t tag = *p;

   if (tag <= 0x7f) {
      n->type = SIM_HSA_MP_UINT;
      n->u = tag;
      return 0;
   }
   if (tag >= 0xe0) {
      n->type = SIM_HSA_MP_INT;
      n->i = (int8_t)tag;
      return 0;
   }
   if (tag <= 0x8f)
      return mp_parse_items(r, n, SIM_HSA_MP_MAP, tag & 0xf, depth);
   if (tag <= 0x9f)
      return mp_parse_items(r, n, SIM_HSA_MP_ARRAY, tag & 0xf, depth);
   if (tag <= 0xbf)
      return mp_parse_bytes(r, n, SIM_HSA_MP_STR, tag & 0x1f, false);

   switch (tag) {
   case 0xc0:
      n->type = SIM_HSA_MP_NIL;
      return 0;
   case 0xc2:
   case 0xc3:
      n->type = SIM_HSA_MP_BOOL;
      n->b = tag == 0xc3;
      return 0;
   case 0xc4:
   case 0xc5:
   case 0xc6: /* bin 8/16/32 */
      if (!mp_take_be(r, 1u << (tag - 0xc4), &v))
         return -EINVAL;
      return mp_parse_bytes(r, n, SIM_HSA_MP_BIN, v, false);
   case 0xc7:
   case 0xc8:
   case 0xc9: /* ext 8/16/32 */
      if (!mp_take_be(r, 1u << (tag - 0xc7), &v))
         return -EINVAL;
      return mp_parse_bytes(r, n, SIM_HSA_MP_EXT, v, true);
   case 0xca: { /* float 32 */
      if (!mp_take_be(r, 4, &v))
         return -EINVAL;
      n->type = SIM_HSA_MP_FLOAT;
      n->f = uif(v);
      return 0;
   }
   case 0xcb: /* float 64 */
      if (!mp_take_be(r, 8, &v))
         return -EINVAL;
      n->type = SIM_HSA_MP_FLOAT;
      memcpy(&n->f, &v, 8);
      return 0;
   case 0xcc:
   case 0xcd:
   case 0xce:
   case 0xcf: /* uint 8..64 */
      if (!mp_take_be(r, 1u << (tag - 0xcc), &v))
         return -EINVAL;
      n->type = SIM_HSA_MP_UINT;
      n->u = v;
      return 0;
   case 0xd0:
   case 0xd1:
   case 0xd2:
   case 0xd3: { /* int 8..64 */
      unsigned bytes = 1u << (tag - 0xd0);
      if (!mp_take_be(r, bytes, &v))
         return -EINVAL;
      /* Sign-extend from the encoded width. */
      int64_t s = bytes == 8 ? (int64_t)v : (int64_t)(v << (64 - 8 * bytes)) >> (64 - 8 * bytes);
      if (s >= 0) {
         n->type = SIM_HSA_MP_UINT;
         n->u = s;
      } else {
         n->type = SIM_HSA_MP_INT;
         n->i = s;
      }
      return 0;
   }
   case 0xd4:
   case 0xd5:
   case 0xd6:
   case 0xd7:
   case 0xd8: /* fixext */
      return mp_parse_bytes(r, n, SIM_HSA_MP_EXT, 1u << (tag - 0xd4), true);
   case 0xd9:
   case 0xda:
   case 0xdb: /* str 8/16/32 */
      if (!mp_take_be(r, 1u << (tag - 0xd9), &v))
         return -EINVAL;
      return mp_parse_bytes(r, n, SIM_HSA_MP_STR, v, false);
   case 0xdc:
   case 0xdd: /* array 16/32 */
      if (!mp_take_be(r, tag == 0xdc ? 2 : 4, &v))
         return -EINVAL;
      return mp_parse_items(r, n, SIM_HSA_MP_ARRAY, v, depth);
   case 0xde:
   case 0xdf: /* map 16/32 */
      if (!mp_take_be(r, tag == 0xde ? 2 : 4, &v))
         return -EINVAL;
      return mp_parse_items(r, n, SIM_HSA_MP_MAP, v, depth);
   default: /* 0xc1 is never used */
      return -EINVAL;
   }
}

long
sim_hsa_mp_parse(const void *data, size_t size, struct sim_hsa_mp_node *root, size_t *err_offset)
{
   struct mp_reader r = { .data = data, .size = size, .pos = 0 };
   int ret = mp_parse_value(&r, root, 0);

   if (ret) {
      if (err_offset)
         *err_offset = r.pos;
      return ret;
   }
   return r.pos;
}

void
sim_hsa_mp_free(struct sim_hsa_mp_node *n)
{
   if (n->type == SIM_HSA_MP_ARRAY || n->type == SIM_HSA_MP_MAP) {
      uint64_t nodes = n->type == SIM_HSA_MP_MAP ? 2ull * n->count : n->count;
      for (uint64_t i = 0; i < nodes; i++)
         sim_hsa_mp_free(&n->items[i]);
      free(n->items);
   }
   memset(n, 0, sizeof(*n));
}

bool
sim_hsa_mp_str_eq(const struct sim_hsa_mp_node *n, const char *s)
{
   return n && n->type == SIM_HSA_MP_STR && strlen(s) == n->count &&
          memcmp(n->bytes, s, n->count) == 0;
}

const struct sim_hsa_mp_node *
sim_hsa_mp_map_get(const struct sim_hsa_mp_node *map, const char *key)
{
   if (!map || map->type != SIM_HSA_MP_MAP)
      return NULL;
   for (uint32_t i = 0; i < map->count; i++) {
      if (sim_hsa_mp_str_eq(&map->items[2 * i], key))
         return &map->items[2 * i + 1];
   }
   return NULL;
}

const struct sim_hsa_mp_node *
sim_hsa_mp_array_get(const struct sim_hsa_mp_node *array, uint32_t i)
{
   if (!array || array->type != SIM_HSA_MP_ARRAY || i >= array->count)
      return NULL;
   return &array->items[i];
}

bool
sim_hsa_mp_get_uint(const struct sim_hsa_mp_node *n, uint64_t *value)
{
   if (!n || n->type != SIM_HSA_MP_UINT)
      return false;
   *value = n->u;
   return true;
}

bool
sim_hsa_mp_get_str(const struct sim_hsa_mp_node *n, char *buf, size_t size)
{
   if (!n || n->type != SIM_HSA_MP_STR || size == 0)
      return false;
   size_t len = n->count < size - 1 ? n->count : size - 1;
   memcpy(buf, n->bytes, len);
   buf[len] = '\0';
   return true;
}
