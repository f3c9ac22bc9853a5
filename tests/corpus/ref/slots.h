/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Component access for the CPU references: reads and writes one component
 * of a parsed argument (struct kiln_run_arg, kiln run's parser) by memory
 * slot (element * type.slots + component), converting between the
 * argument's type and the int64/uint64/double the references compute in.
 */
#ifndef CORPUS_SLOTS_H
#define CORPUS_SLOTS_H

#include <stddef.h>
#include <stdint.h>

#include "kiln_run_args.h"

int64_t corpus_get_i(const struct kiln_run_arg *arg, size_t slot);
uint64_t corpus_get_u(const struct kiln_run_arg *arg, size_t slot);
double corpus_get_f(const struct kiln_run_arg *arg, size_t slot);
uint64_t corpus_get_bits(const struct kiln_run_arg *arg, size_t slot);
void corpus_set_i(struct kiln_run_arg *arg, size_t slot, int64_t v);
void corpus_set_u(struct kiln_run_arg *arg, size_t slot, uint64_t v);
void corpus_set_f(struct kiln_run_arg *arg, size_t slot, double v);
void corpus_set_bits(struct kiln_run_arg *arg, size_t slot, uint64_t bits);

/* IEEE 754 half (cl_khr_fp16), computed here from the format's definition
 * (1 sign, 5 exponent bits biased by 15, 10 fraction bits; subnormals
 * below 2^-14), not with the runners' conversion. */
enum corpus_rounding {
   CORPUS_RTE, /* to nearest, ties to even: the default */
   CORPUS_RTZ,
   CORPUS_RTP,
   CORPUS_RTN,
};
double corpus_half_to_double(uint16_t h);
/* v rounded once to half: an overflow gives infinity where the rounding
 * goes away from zero (to nearest, or toward v's infinity) and the
 * largest finite half, 65504, otherwise. */
uint16_t corpus_half_from_double(double v, enum corpus_rounding mode);

#endif
