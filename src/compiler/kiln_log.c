/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The diagnostics buffer every compiler stage appends to; its text becomes
 * kiln_compile()'s *log.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kiln_compiler_internal.h"

void
kiln_log_append(struct kiln_log *log, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   char *msg = NULL;
   int n = vasprintf(&msg, fmt, ap);
   va_end(ap);
   if (n < 0)
      return;

   char *text = realloc(log->text, log->len + n + 1);
   if (!text) {
      free(msg);
      return;
   }
   memcpy(text + log->len, msg, n + 1);
   log->text = text;
   log->len += n;
   free(msg);
}

char *
kiln_log_take(struct kiln_log *log)
{
   char *text = log->text;
   log->text = NULL;
   log->len = 0;
   return text;
}

static void
clc_message(void *priv, const char *msg)
{
   kiln_log_append(priv, "%s", msg);
}

struct clc_logger
kiln_clc_logger(struct kiln_log *log)
{
   return (struct clc_logger){ .priv = log, .error = clc_message, .warning = clc_message };
}
