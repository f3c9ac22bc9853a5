/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * What every NIR pass unit test in tests/compiler shares: a failure count
 * and CHECK(), which reports the test function and line and carries on, so
 * one run lists every broken rule.  Each test is a single translation unit.
 */
#ifndef NIR_PASS_TEST_H
#define NIR_PASS_TEST_H

#include <stdio.h>

static int failures;

#define CHECK(cond, ...)                                                   \
   do {                                                                    \
      if (!(cond)) {                                                       \
         fprintf(stderr, "FAIL %s:%d: ", __func__, __LINE__);              \
         fprintf(stderr, __VA_ARGS__);                                     \
         fprintf(stderr, "\n");                                            \
         failures++;                                                       \
      }                                                                    \
   } while (0)

#endif
