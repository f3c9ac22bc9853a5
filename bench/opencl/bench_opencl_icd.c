/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * ICDs by path, as tests/piglit/run_piglit.py takes them: Debian's ocl-icd
 * reads the *.icd files of one directory (OCL_ICD_VENDORS, replacing
 * /etc/OpenCL/vendors) and ignores OCL_ICD_FILENAMES, so each ICD gets a
 * directory of its own (for clinfo's start-up, which must load only that
 * ICD) and the benchmark process gets one naming them all, the system's
 * included. Also clinfo -l's start-up time, which needs those directories.
 */
#include "bench_opencl.h"

#include <dirent.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "util/os_time.h"

extern char **environ;

static bool
write_icd(const char *dir, unsigned index, const char *library)
{
   char path[4200];
   snprintf(path, sizeof(path), "%s/%02u.icd", dir, index);
   FILE *f = fopen(path, "w");
   if (!f)
      return false;
   fprintf(f, "%s\n", library);
   return fclose(f) == 0;
}

static bool
make_dir(char *out, size_t size)
{
   const char *tmp = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
   snprintf(out, size, "%s/kiln-bench-icd-XXXXXX", tmp);
   return mkdtemp(out) != NULL;
}

static int
add_icd(struct bench_icd *icds, int n, const char *library)
{
   if (n >= BENCH_MAX_ICDS)
      return n;
   struct bench_icd *icd = &icds[n];
   memset(icd, 0, sizeof(*icd));
   snprintf(icd->library, sizeof(icd->library), "%s", library);
   if (!make_dir(icd->vendors_dir, sizeof(icd->vendors_dir)) ||
       !write_icd(icd->vendors_dir, 0, library)) {
      fprintf(stderr, "bench_opencl: cannot make a vendors directory for %s\n", library);
      return -1;
   }
   return n + 1;
}

int
bench_icds_setup(const char *const *extra, unsigned num_extra, struct bench_icd *icds,
                 char *all_dir, size_t all_dir_size)
{
   int n = 0;
   const char *system_dir = "/etc/OpenCL/vendors";
   DIR *d = opendir(system_dir);
   if (d) {
      struct dirent *e;
      while ((e = readdir(d)) && n >= 0) {
         size_t len = strlen(e->d_name);
         if (len < 5 || strcmp(e->d_name + len - 4, ".icd"))
            continue;
         char path[4200], library[4096] = "";
         snprintf(path, sizeof(path), "%s/%s", system_dir, e->d_name);
         FILE *f = fopen(path, "r");
         if (!f)
            continue;
         if (fgets(library, sizeof(library), f))
            library[strcspn(library, "\r\n")] = '\0';
         fclose(f);
         if (library[0])
            n = add_icd(icds, n, library);
      }
      closedir(d);
   }
   for (unsigned i = 0; i < num_extra && n >= 0; i++) {
      char *abs = realpath(extra[i], NULL);
      if (!abs) {
         fprintf(stderr, "bench_opencl: ICD library %s does not exist\n", extra[i]);
         return -1;
      }
      n = add_icd(icds, n, abs);
      free(abs);
   }
   if (n < 0 || !make_dir(all_dir, all_dir_size))
      return -1;
   for (int i = 0; i < n; i++)
      write_icd(all_dir, (unsigned)i, icds[i].library);
   return n;
}

static void
remove_dir(const char *dir)
{
   DIR *d = opendir(dir);
   if (!d)
      return;
   struct dirent *e;
   while ((e = readdir(d))) {
      if (e->d_name[0] == '.')
         continue;
      char path[4200];
      snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
      unlink(path);
   }
   closedir(d);
   rmdir(dir);
}

void
bench_icds_cleanup(struct bench_icd *icds, unsigned n, const char *all_dir)
{
   for (unsigned i = 0; i < n; i++)
      remove_dir(icds[i].vendors_dir);
   remove_dir(all_dir);
}

/* Runs clinfo -l with only this ICD; its output's first platform name into icd. */
static double
run_clinfo(struct bench_icd *icd, bool capture)
{
   char env_vendors[4200];
   snprintf(env_vendors, sizeof(env_vendors), "OCL_ICD_VENDORS=%s", icd->vendors_dir);
   /* The environment as it is, with OCL_ICD_VENDORS replaced. */
   unsigned count = 0;
   while (environ[count])
      count++;
   char **env = calloc(count + 2, sizeof(char *));
   unsigned k = 0;
   for (unsigned i = 0; i < count; i++)
      if (strncmp(environ[i], "OCL_ICD_VENDORS=", 16))
         env[k++] = environ[i];
   env[k++] = env_vendors;

   char out_path[] = "/tmp/kiln-bench-clinfo-XXXXXX";
   int out = capture ? mkstemp(out_path) : open("/dev/null", O_WRONLY);
   posix_spawn_file_actions_t fa;
   posix_spawn_file_actions_init(&fa);
   if (out >= 0)
      posix_spawn_file_actions_adddup2(&fa, out, STDOUT_FILENO);
   posix_spawn_file_actions_addopen(&fa, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
   char *argv[] = { "clinfo", "-l", NULL };
   pid_t pid;
   uint64_t start = os_time_get_nano();
   int rc = posix_spawnp(&pid, "clinfo", &fa, NULL, argv, env);
   int status = 0;
   if (rc == 0)
      waitpid(pid, &status, 0);
   double ms = (os_time_get_nano() - start) / 1e6;
   posix_spawn_file_actions_destroy(&fa);
   free(env);
   if (out >= 0)
      close(out);
   if (capture && out >= 0) {
      FILE *f = fopen(out_path, "r");
      char line[512];
      while (f && fgets(line, sizeof(line), f)) {
         if (!strncmp(line, "Platform #0: ", 13)) {
            line[strcspn(line, "\r\n")] = '\0';
            snprintf(icd->platform, sizeof(icd->platform), "%.255s", line + 13);
            break;
         }
      }
      if (f)
         fclose(f);
      unlink(out_path);
   }
   return rc == 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0 ? ms : -1;
}

double
bench_clinfo_ms(struct bench_icd *icd, unsigned runs)
{
   /* The first run also learns the platform's name (and warms the page cache). */
   if (run_clinfo(icd, true) < 0)
      return -1;
   double *t = calloc(runs, sizeof(double));
   unsigned n = 0;
   for (unsigned i = 0; i < runs; i++) {
      double ms = run_clinfo(icd, false);
      if (ms >= 0)
         t[n++] = ms;
   }
   double m = n ? bench_median(t, n) : -1;
   free(t);
   return m;
}
