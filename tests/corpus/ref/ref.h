/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The CPU reference side of the corpus: each reference is a C function
 * computing a case's expected buffers from the OpenCL C definitions (not
 * from the kernel's code), given the same parsed launch the runner saw.
 * corpus_ref.c looks a reference up by name and prints the buffers.
 */
#ifndef CORPUS_REF_H
#define CORPUS_REF_H

#include "slots.h"

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

struct corpus_ref {
   const char *name;
   /* Returns 0, or non-zero after printing why the launch does not fit. */
   int (*fn)(struct kiln_run_command *l);
};

#define REF_ARG(l, i) (&(l)->args[(i)])

/* Components of a buffer counting only real components (n per element). */
static inline size_t
ref_slot(const struct kiln_run_arg *a, size_t flat)
{
   return flat / a->type.n * a->type.slots + flat % a->type.n;
}

static inline size_t
ref_ncomp(const struct kiln_run_arg *a)
{
   return a->count * a->type.n;
}

static inline unsigned
ref_bits(const struct kiln_run_arg *a)
{
   return a->type.scalar_size * 8;
}

/* Wraps v to the argument's integer type (C conversion to unsigned, and
 * two's complement for signed as every OpenCL device does). */
static inline int64_t
ref_wrap(const struct kiln_run_arg *a, int64_t v)
{
   unsigned bits = ref_bits(a);
   if (bits == 64)
      return v;
   uint64_t m = (uint64_t)v & ((1ull << bits) - 1);
   if (kiln_run_base_is_signed(a->type.base) && (m >> (bits - 1)))
      return (int64_t)(m | ~((1ull << bits) - 1));
   return (int64_t)m;
}

static inline int64_t
ref_min_of(const struct kiln_run_arg *a)
{
   unsigned bits = ref_bits(a);
   if (!kiln_run_base_is_signed(a->type.base))
      return 0;
   return bits == 64 ? INT64_MIN : -(1ll << (bits - 1));
}

/* Largest value; for ulong this is reported as INT64_MAX+... so callers use
 * ref_umax for unsigned. */
static inline uint64_t
ref_umax(const struct kiln_run_arg *a)
{
   unsigned bits = ref_bits(a);
   if (kiln_run_base_is_signed(a->type.base))
      return bits == 64 ? (uint64_t)INT64_MAX : (1ull << (bits - 1)) - 1;
   return bits == 64 ? UINT64_MAX : (1ull << bits) - 1;
}

/* Work-item geometry of the launch (uniform or not), OpenCL C 2.0 §6.13.1. */
struct ref_item {
   size_t gid[3], lid[3], grp[3], lsize[3], gsize[3], ngroups[3], offset[3];
   size_t enq_lsize[3];
   size_t linear; /* (gid - offset) linearised, x fastest */
   size_t group_linear;
   size_t local_linear;
};

typedef void (*ref_item_fn)(struct kiln_run_command *l, const struct ref_item *it, void *ctx);
void ref_foreach_item(struct kiln_run_command *l, ref_item_fn fn, void *ctx);
size_t ref_total_items(const struct kiln_run_command *l);

/* The -DFN=name build option of the case (math.c). */
bool ref_get_fn(const struct kiln_run_command *l, char *fn, size_t size);

/* Value types of a buffer: the type check every reference does first. */
int ref_expect(const struct kiln_run_command *l, unsigned num_args);

extern const struct corpus_ref corpus_refs_sample[];
extern const struct corpus_ref corpus_refs_shuffle[];
extern const struct corpus_ref corpus_refs_vector_ops[];
extern const struct corpus_ref corpus_refs_as_type[];
extern const struct corpus_ref corpus_refs_convert[];
extern const struct corpus_ref corpus_refs_workitem[];
extern const struct corpus_ref corpus_refs_local[];
extern const struct corpus_ref corpus_refs_atomics[];
extern const struct corpus_ref corpus_refs_math[];
extern const struct corpus_ref corpus_refs_apps[];
extern const struct corpus_ref corpus_refs_calls[];
extern const struct corpus_ref corpus_refs_generic[];
extern const struct corpus_ref corpus_refs_subgroups[];
extern const struct corpus_ref corpus_refs_half[];
extern const struct corpus_ref corpus_refs_printf[];
extern const struct corpus_ref corpus_refs_globals[];
extern const struct corpus_ref corpus_refs_enqueue[];
extern const struct corpus_ref corpus_refs_images[];
extern const struct corpus_ref corpus_refs_workgroup[];
extern const struct corpus_ref corpus_refs_math_edge_cases[];

#endif
