/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The check counters and failure messages of kiln_test.h. Failures go to
 * stderr after stdout is flushed, so they stay in order with a test's own
 * progress lines in meson's log. Past a hundred failures only the count
 * goes on: a rule broken for every input says so in the first lines.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>

#include "kiln_test.h"

#define MAX_PRINTED 100

struct kiln_test_state kiln_test;

/* Counts a failed check and prints it, with the context the family of
 * tests adds, while failures are still printed. Returns false. */
static bool __attribute__((format(printf, 3, 4)))
fail(const char *file, int line, const char *fmt, ...)
{
   kiln_test.failures++;
   if (kiln_test.failures > MAX_PRINTED) {
      if (kiln_test.failures == MAX_PRINTED + 1)
         fprintf(stderr, "(further failures are counted, not printed)\n");
      return false;
   }
   fflush(stdout);
   va_list args;
   va_start(args, fmt);
   fprintf(stderr, "FAIL %s:%d: ", file, line);
   vfprintf(stderr, fmt, args);
   fputc('\n', stderr);
   va_end(args);
   if (kiln_test.on_failure)
      kiln_test.on_failure();
   return false;
}

bool
kiln_test_check(bool ok, const char *file, int line, const char *cond, const char *fmt, ...)
{
   kiln_test.checks++;
   if (ok)
      return true;
   char message[4096];
   va_list args;
   va_start(args, fmt);
   vsnprintf(message, sizeof(message), fmt, args);
   va_end(args);
   return fail(file, line, "%s: %s", cond, message);
}

bool
kiln_test_check_u32(uint32_t got, uint32_t want, const char *file, int line, const char *what)
{
   kiln_test.checks++;
   return got == want ||
          fail(file, line, "%s: got 0x%08" PRIx32 ", expected 0x%08" PRIx32, what, got, want);
}

bool
kiln_test_check_u64(uint64_t got, uint64_t want, const char *file, int line, const char *what)
{
   kiln_test.checks++;
   return got == want ||
          fail(file, line, "%s: got 0x%016" PRIx64 ", expected 0x%016" PRIx64, what, got, want);
}

bool
kiln_test_check_int(long long got, long long want, const char *file, int line, const char *what)
{
   kiln_test.checks++;
   return got == want || fail(file, line, "%s: got %lld, expected %lld", what, got, want);
}

bool
kiln_test_result(const char *name, unsigned failures_before)
{
   bool passed = kiln_test.failures == failures_before;
   printf("%s %s\n", passed ? "ok  " : "FAIL", name);
   fflush(stdout);
   return passed;
}

int
kiln_test_summary(void)
{
   printf("%s: %u checks, %u failed\n", program_invocation_short_name, kiln_test.checks,
          kiln_test.failures);
   return kiln_test.failures ? 1 : 0;
}
