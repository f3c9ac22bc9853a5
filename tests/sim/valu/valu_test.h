/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Helpers shared by the VALU instruction tests: half-precision bit casts,
 * the per-lane input buffer (a, b, c, d at lane*4 + 0/256/512/768 of buffer 1) and the
 * output slots (slot*256 + lane*4 of buffer 0) the programs use.
 */
#ifndef VALU_TEST_H
#define VALU_TEST_H

#include <math.h>

#include "sim_fp.h"
#include "sim_test.h"

#define SLOT(out, i, l) ((out)[(i)*64 + (l)])

/* COMPUTE_PGM_RSRC1 float mode: round to nearest, denormals kept, DX10
 * clamp and IEEE mode on. */
#define VT_RSRC1_MODE ((0xf0u << 12) | (1u << 21) | (1u << 23))

/* Half-precision values as GCC's _Float16, the tests' independent fp16
 * arithmetic, to and from the low 16 bits of a register (float and double
 * bit casts are sim_fp.h's sim_f32, sim_u32, sim_f64 and sim_u64). */
static inline _Float16
vt_half(uint32_t bits)
{
   _Float16 h;
   uint16_t u = (uint16_t)bits;
   memcpy(&h, &u, 2);
   return h;
}

static inline uint32_t
vt_half_bits(_Float16 h)
{
   uint16_t u;
   memcpy(&u, &h, 2);
   return u;
}

static inline struct kiln_sim_dispatch
vt_dispatch(unsigned lanes, unsigned wave_size)
{
   struct kiln_sim_dispatch d = st_dispatch(lanes, wave_size);
   d.rsrc1 |= VT_RSRC1_MODE;
   return d;
}

/* Fills the inputs of `lanes` lanes and returns the zeroed output buffer. */
static inline uint32_t *
vt_inputs(struct sim_test *t, unsigned lanes, const uint32_t *a, const uint32_t *b,
          const uint32_t *c, const uint32_t *d)
{
   uint32_t *in = st_buffer(t, 1, 4096);
   for (unsigned l = 0; l < lanes; l++) {
      in[l] = a[l];
      in[64 + l] = b[l];
      in[128 + l] = c[l];
      in[192 + l] = d[l];
   }
   return st_buffer(t, 0, 64 * 1024);
}

#endif
