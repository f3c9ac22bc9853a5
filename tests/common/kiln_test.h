/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The checks every C test of kiln makes. A check that fails prints where
 * it is (file:line), what it checked and the values it saw, and the test
 * carries on, so one run lists every broken rule; kiln_test_summary()
 * prints the count and gives the exit status. Checks return whether they
 * passed, for a test that cannot go on after a failure.
 *
 *    CHECK(cond, fmt, ...)        cond holds; fmt says what was seen
 *    CHECK_EQ32(what, got, want)  equal as 32-bit words, printed in hex
 *    CHECK_EQ64(what, got, want)  equal as 64-bit words, printed in hex
 *    CHECK_EQ_INT(what, got, want) equal as signed integers, in decimal
 *
 * got and want are evaluated once. A test made of named parts reports each
 * with kiln_test_result(). A hook (kiln_test.on_failure) lets a family of
 * tests add context to every failure, as the NIR pass tests print the
 * shader under test.
 */
#ifndef KILN_TEST_H
#define KILN_TEST_H

#include <stdbool.h>
#include <stdint.h>

struct kiln_test_state {
   unsigned checks, failures;
   /* Called after a failed check has been printed. */
   void (*on_failure)(void);
};

extern struct kiln_test_state kiln_test;

bool kiln_test_check(bool ok, const char *file, int line, const char *cond, const char *fmt, ...)
   __attribute__((format(printf, 5, 6)));
bool kiln_test_check_u32(uint32_t got, uint32_t want, const char *file, int line, const char *what);
bool kiln_test_check_u64(uint64_t got, uint64_t want, const char *file, int line, const char *what);
bool kiln_test_check_int(long long got, long long want, const char *file, int line,
                         const char *what);

#define CHECK(cond, ...) kiln_test_check(!!(cond), __FILE__, __LINE__, #cond, __VA_ARGS__)
#define CHECK_EQ32(what, got, want)                                                                \
   kiln_test_check_u32((uint32_t)(got), (uint32_t)(want), __FILE__, __LINE__, (what))
#define CHECK_EQ64(what, got, want)                                                                \
   kiln_test_check_u64((uint64_t)(got), (uint64_t)(want), __FILE__, __LINE__, (what))
#define CHECK_EQ_INT(what, got, want)                                                              \
   kiln_test_check_int((long long)(got), (long long)(want), __FILE__, __LINE__, (what))

/* Prints "ok   NAME" or "FAIL NAME" for a part of the test that began when
 * kiln_test.failures was `failures_before`; returns whether it passed. */
bool kiln_test_result(const char *name, unsigned failures_before);

/* Prints "PROGRAM: N checks, N failed" and returns the exit status (0 when
 * every check passed, 1 otherwise). */
int kiln_test_summary(void);

#endif
