/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The texture unit tests' fixture: images laid out as Mesa's addrlib lays
 * out gfx10 linear surfaces, with the T#s and S#s Mesa's ac_descriptors
 * builds for them from the pipe format and swizzle Mesa's format table
 * gives each OpenCL format (as a Gallium driver would); a runner for the
 * llvm-mc programs of test_sim_image.s over LANES lanes; random values;
 * and the lane check against image_ref.c's expectations.
 */
#ifndef IMAGE_FIXTURE_H
#define IMAGE_FIXTURE_H

#include "image_ref.h"
#include "sim_test.h"
#include "util/format/u_formats.h"

#define LANES   64
#define IMG_BUF 3

#define RUN(t, prog, img, samp, addr, data, out)                                                   \
   it_run((t), #prog, prog, sizeof(prog), (img), (samp), (addr), (data), (out))

struct test_image {
   struct ref_format fmt;
   unsigned type; /* V_008F1C_SQ_RSRC_IMG_* */
   unsigned width, height, depth, layers, levels;
   unsigned view_first, view_last; /* arrays: the view's layers (0, 0: all) */
   unsigned pitch;                 /* texels per row (level 0 of a single level) */
   bool custom_pitch;
   size_t level_offset[4]; /* within a slice */
   size_t slice_size;
   uint8_t *data;
   uint32_t desc[8];
};

uint32_t it_rnd(void);
float it_rnd_float(float lo, float hi);
unsigned it_minify(unsigned v, unsigned level);
bool it_type_has_y(unsigned type);

/* The pipe format Mesa names for an OpenCL format. */
enum pipe_format it_pipe_format(struct ref_format f);
/* Lays the image out, maps it at buffer IMG_BUF (zeroed) and builds its
 * T#; false (after a failed check) when the format has no pipe format. */
bool it_make_image(struct sim_test *t, struct test_image *im);
/* The bytes of texel (x, y, z) of a level; z is a depth slice or layer. */
uint8_t *it_pixel(const struct test_image *im, unsigned level, unsigned x, unsigned y, unsigned z);
/* A random shader value for the format: floats in [lo, hi], integers
 * over their whole range. */
void it_random_value(struct ref_format f, float lo, float hi, uint32_t v[4]);
/* Random contents (finite values in the float formats). */
void it_fill_image(struct test_image *im);
/* The S# a driver makes for an OpenCL sampler. */
void it_make_sampler(const struct ref_sampler *s, uint32_t desc[4]);
/* Runs a program with the T#, S#, per-lane address components and data;
 * out (if any) gets each lane's v[4:7]. */
bool it_run(struct sim_test *t, const char *what, const uint32_t *prog, size_t size,
            const struct test_image *im, const uint32_t *samp, uint32_t (*addr)[4],
            uint32_t (*data)[4], uint32_t (*out)[4]);
/* Checks a lane's four components (exactly, NaN equal to NaN, or within a
 * few float ulps when approx); reports the first mismatch. */
bool it_check_lane(const char *what, struct ref_format f, unsigned lane, const uint32_t got[4],
                   const uint32_t want[4], bool approx, const char *detail);

#endif
