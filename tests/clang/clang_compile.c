/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Runs clang-15 as a child process (no shell: the build options are split
 * into words here) and reads back the code object it wrote to a temporary
 * file.  The compiler and the ROCm bitcode directory come from the build
 * (CLANG_RUN_CLANG, CLANG_RUN_DEVICE_LIBS) unless the environment says
 * otherwise.
 */
#include "clang_compile.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "util/os_file.h"

#ifndef CLANG_RUN_CLANG
#define CLANG_RUN_CLANG "clang-15"
#endif
#ifndef CLANG_RUN_DEVICE_LIBS
#define CLANG_RUN_DEVICE_LIBS "/usr/lib/x86_64-linux-gnu/amdgcn/bitcode"
#endif

#define MAX_WORDS 256

/* Splits options into words in place (buf is a copy the caller frees). */
static int
split_words(char *buf, char **words, unsigned max, unsigned *count)
{
   unsigned n = 0;
   char *in = buf, *out = buf;

   while (*in) {
      while (*in == ' ' || *in == '\t' || *in == '\n')
         in++;
      if (!*in)
         break;
      if (n == max)
         return -E2BIG;
      words[n++] = out;
      char quote = 0;
      while (*in && (quote || (*in != ' ' && *in != '\t' && *in != '\n'))) {
         if (!quote && (*in == '\'' || *in == '"'))
            quote = *in++;
         else if (quote && *in == quote) {
            quote = 0;
            in++;
         } else
            *out++ = *in++;
      }
      if (*in)
         in++;
      *out++ = '\0';
   }
   *count = n;
   return 0;
}

static int
read_whole(const char *path, void **data, size_t *size)
{
   *data = os_read_file(path, size);
   if (!*data)
      return -errno;
   if (!*size) {
      free(*data);
      return -EINVAL;
   }
   return 0;
}

int
clang_compile_cl(const char *source, const char *options, const char *target, void **elf,
                 size_t *size)
{
   const char *clang = getenv("KILN_CLANG") ? getenv("KILN_CLANG") : CLANG_RUN_CLANG;
   const char *libs =
      getenv("KILN_ROCM_DEVICE_LIBS") ? getenv("KILN_ROCM_DEVICE_LIBS") : CLANG_RUN_DEVICE_LIBS;
   char out_path[] = "/tmp/kiln-clang-XXXXXX";
   char mcpu[64], libdir[4096];
   char *opt_copy = strdup(options ? options : "");
   char *argv[MAX_WORDS + 32];
   unsigned n = 0, nopts = 0;
   int ret, fd;

   if (!opt_copy)
      return -ENOMEM;
   fd = mkstemp(out_path);
   if (fd < 0) {
      free(opt_copy);
      return -errno;
   }
   close(fd);

   snprintf(mcpu, sizeof(mcpu), "-mcpu=%s", target);
   snprintf(libdir, sizeof(libdir), "--rocm-device-lib-path=%s", libs);
   argv[n++] = (char *)clang;
   argv[n++] = "-x";
   argv[n++] = "cl";
   argv[n++] = "-cl-std=CL2.0";
   argv[n++] = "-target";
   argv[n++] = "amdgcn-amd-amdhsa";
   argv[n++] = mcpu;
   argv[n++] = "-O3";
   argv[n++] = libdir;
   ret = split_words(opt_copy, argv + n, MAX_WORDS, &nopts);
   if (ret) {
      fprintf(stderr, "clang_compile: more than %d build options\n", MAX_WORDS);
      goto out;
   }
   n += nopts;
   argv[n++] = (char *)source;
   argv[n++] = "-o";
   argv[n++] = out_path;
   argv[n] = NULL;

   pid_t pid = fork();
   if (pid < 0) {
      ret = -errno;
      goto out;
   }
   if (pid == 0) {
      execvp(clang, argv);
      fprintf(stderr, "clang_compile: cannot run %s: %s\n", clang, strerror(errno));
      _exit(127);
   }
   int status;
   while (waitpid(pid, &status, 0) < 0) {
      if (errno != EINTR) {
         ret = -errno;
         goto out;
      }
   }
   if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
      fprintf(stderr, "clang_compile: %s failed on %s (options '%s')\n", clang, source,
              options ? options : "");
      ret = -EINVAL;
      goto out;
   }
   ret = read_whole(out_path, elf, size);
   if (ret)
      fprintf(stderr, "clang_compile: cannot read %s: %s\n", out_path, strerror(-ret));
out:
   unlink(out_path);
   free(opt_copy);
   return ret;
}
