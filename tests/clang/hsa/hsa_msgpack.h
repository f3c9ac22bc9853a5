/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * A minimal MessagePack reader for the NT_AMDGPU_METADATA note of HSA code
 * objects (v3 and later), which is one msgpack map.  The whole note is
 * parsed into a tree of nodes that point into the note's bytes (strings are
 * not copied), so lookups by key are simple and the note can be walked more
 * than once.  Private to tests/clang/hsa.
 */
#ifndef SIM_HSA_MSGPACK_H
#define SIM_HSA_MSGPACK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum sim_hsa_mp_type {
   SIM_HSA_MP_NIL,
   SIM_HSA_MP_BOOL,
   SIM_HSA_MP_UINT, /* positive integers of any width */
   SIM_HSA_MP_INT,  /* negative integers */
   SIM_HSA_MP_FLOAT,
   SIM_HSA_MP_STR,
   SIM_HSA_MP_BIN,
   SIM_HSA_MP_ARRAY,
   SIM_HSA_MP_MAP,
   SIM_HSA_MP_EXT,
};

struct sim_hsa_mp_node {
   enum sim_hsa_mp_type type;
   /* STR/BIN/EXT: bytes; ARRAY: elements; MAP: key/value pairs. */
   uint32_t count;
   union {
      bool b;
      uint64_t u;
      int64_t i;
      double f;
      const char *bytes;             /* STR, BIN, EXT (not NUL-terminated) */
      struct sim_hsa_mp_node *items; /* ARRAY: count, MAP: 2 * count */
   };
};

/* Parses one value from [data, data + size) into *root. Returns the number
 * of bytes consumed, or a negative errno (-EINVAL for malformed or
 * truncated input, -ENOMEM); on error *err_offset is the byte offset at
 * fault. Free the tree with sim_hsa_mp_free. */
long sim_hsa_mp_parse(const void *data, size_t size, struct sim_hsa_mp_node *root,
                      size_t *err_offset);
void sim_hsa_mp_free(struct sim_hsa_mp_node *root);

/* The value of the map entry whose key is the string key, or NULL. */
const struct sim_hsa_mp_node *sim_hsa_mp_map_get(const struct sim_hsa_mp_node *map,
                                                 const char *key);

/* Element i of an array, or NULL. */
const struct sim_hsa_mp_node *sim_hsa_mp_array_get(const struct sim_hsa_mp_node *array, uint32_t i);

bool sim_hsa_mp_str_eq(const struct sim_hsa_mp_node *node, const char *s);

/* A non-negative integer value, if node is one. */
bool sim_hsa_mp_get_uint(const struct sim_hsa_mp_node *node, uint64_t *value);

/* Copies a string value into buf (NUL-terminated, truncated to fit);
 * returns false if node is not a string. */
bool sim_hsa_mp_get_str(const struct sim_hsa_mp_node *node, char *buf, size_t buf_size);

#endif
