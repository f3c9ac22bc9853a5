/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * `kiln run FILE.cl -k KERNEL -g X[,Y,Z] [-l ..] [-o ..] [-b OPTS] ARG...`:
 * compiles one kernel with kiln_compile(), runs it once on the device the
 * submission layer picks (a real amdgpu node, else the emulated gfx1030;
 * KILN_DEVICE forces one) and prints every buffer argument afterwards as
 * `argI: v v v`, the same lines PoCL's runner prints for the corpus.
 * The kernel's printf output comes first, once the launch has completed:
 * each work-item's in the order of its calls, different work-items' in the
 * order their calls reached the printf buffer (--printf-buffer-size bytes,
 * 1 MiB by default, as Rusticl's); calls that found it full are named on
 * stderr.
 *
 * Exit status: 0 success, 1 a usage, argument or compile error, 2 the GPU
 * faulted or hung (the fault report is on stderr), 3 another device error.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kiln_amd_abi.h"
#include "kiln_amdgpu.h"
#include "kiln_compiler.h"
#include "kiln_kernel_desc.h"
#include "kiln_run_args.h"

enum {
   EXIT_USAGE = 1,
   EXIT_GPU_FAULT = 2,
   EXIT_DEVICE = 3,
};

static void
usage(FILE *out)
{
   fprintf(out,
           "usage: kiln run FILE.cl -k KERNEL -g X[,Y,Z] [-l X[,Y,Z]] [-o X[,Y,Z]]\n"
           "                [-b \"BUILD_OPTIONS\"] [--target gfx900|gfx1030|gfx1100]\n"
           "                [--printf-buffer-size BYTES] ARG...\n"
           "  ARG, one per kernel argument in order:\n"
           "    TYPE:v[,v...]          a value (int:5, float4:1,2,3,4)\n"
           "    buf:TYPE[N][=v,v,...]  a buffer of N elements, printed after the run\n"
           "    buf:TYPE[N]=@FILE      ... its bytes read from FILE (exactly the buffer's size)\n"
           "    buf:TYPE[N]=rand:SEED[:LO:HI]  ... filled with seeded random values\n"
           "    local:BYTES            a __local pointer\n"
           "  KILN_DEVICE=sim|/dev/dri/renderD128 chooses the device.\n");
}

static char *
read_file(const char *path, size_t *size)
{
   FILE *f = fopen(path, "rb");
   if (!f)
      return NULL;
   char *data = NULL;
   size_t cap = 0, len = 0;
   for (;;) {
      if (len + 4096 + 1 > cap) {
         cap = cap ? cap * 2 : 65536;
         char *grown = realloc(data, cap);
         if (!grown) {
            free(data);
            fclose(f);
            return NULL;
         }
         data = grown;
      }
      size_t n = fread(data + len, 1, cap - len - 1, f);
      len += n;
      if (n == 0)
         break;
   }
   bool failed = ferror(f);
   fclose(f);
   if (failed) {
      free(data);
      return NULL;
   }
   data[len] = 0;
   *size = len;
   return data;
}

#define DEFAULT_PRINTF_BUFFER_SIZE (1024 * 1024)

struct run_state {
   struct kiln_run_command cmd;
   struct kiln_program *program;
   struct kiln_amdgpu_device *dev;
   struct kiln_amdgpu_kernel *kernel;
   struct kiln_amdgpu_bo *bos[KILN_RUN_MAX_ARGS];
   struct kiln_amdgpu_bo *printf_bo;
   uint64_t printf_buffer_size;
   uint8_t *kernarg;
};

static void
run_state_free(struct run_state *s)
{
   for (unsigned i = 0; i < KILN_RUN_MAX_ARGS; i++)
      if (s->bos[i])
         kiln_amdgpu_bo_destroy(s->dev, s->bos[i]);
   if (s->printf_bo)
      kiln_amdgpu_bo_destroy(s->dev, s->printf_bo);
   if (s->kernel)
      kiln_amdgpu_kernel_destroy(s->dev, s->kernel);
   kiln_amdgpu_device_close(s->dev);
   kiln_program_free(s->program);
   kiln_run_command_free(&s->cmd);
   free(s->kernarg);
}

/* Fills the kernarg image and creates the buffers; returns an exit code. */
static int
setup_args(struct run_state *s, const struct kiln_kernel *k,
           struct kiln_amdgpu_local_arg *locals, unsigned *num_locals,
           struct kiln_amdgpu_bo **bos, unsigned *num_bos)
{
   *num_locals = *num_bos = 0;
   s->kernarg = calloc(1, k->kernarg_size ? k->kernarg_size : 1);
   if (!s->kernarg) {
      fprintf(stderr, "kiln run: out of memory\n");
      return EXIT_DEVICE;
   }
   for (unsigned i = 0; i < k->num_args; i++) {
      const struct kiln_kernel_arg *ka = &k->args[i];
      struct kiln_run_arg *a = &s->cmd.args[i];

      if (ka->offset + ka->size > k->kernarg_size) {
         fprintf(stderr, "kiln run: argument %u ('%s'): slot [%u, %u) lies outside the "
                 "kernel's %u bytes of arguments\n", i, ka->name, ka->offset,
                 ka->offset + ka->size, k->kernarg_size);
         return EXIT_USAGE;
      }
      switch (a->kind) {
      case KILN_RUN_ARG_VALUE:
         memcpy(s->kernarg + ka->offset, a->data, a->bytes < ka->size ? a->bytes : ka->size);
         break;
      case KILN_RUN_ARG_LOCAL:
         locals[(*num_locals)++] = (struct kiln_amdgpu_local_arg){
            .kernarg_offset = ka->offset,
            .size = a->bytes,
            .align = 0,
         };
         break;
      case KILN_RUN_ARG_BUFFER: {
         int ret = kiln_amdgpu_bo_create(s->dev, a->bytes, KILN_AMDGPU_BO_HOST_VISIBLE,
                                         &s->bos[i]);
         if (ret) {
            fprintf(stderr, "kiln run: argument %u ('%s'): %s\n", i, ka->name,
                    kiln_amdgpu_device_error(s->dev));
            return EXIT_DEVICE;
         }
         memcpy(s->bos[i]->map, a->data, a->bytes);
         uint64_t va = s->bos[i]->va;
         memcpy(s->kernarg + ka->offset, &va, ka->size < 8 ? ka->size : 8);
         bos[(*num_bos)++] = s->bos[i];
         break;
      }
      }
   }
   return 0;
}

/* The printf buffer, when the kernel calls printf; returns an exit code. */
static int
setup_printf(struct run_state *s, const struct kiln_kernel *k,
             struct kiln_amdgpu_launch *launch, struct kiln_amdgpu_bo **bos)
{
   size_t min_size = kiln_printf_min_buffer_size(k);
   if (!min_size)
      return 0;
   if (s->printf_buffer_size < min_size || s->printf_buffer_size > UINT32_MAX) {
      fprintf(stderr, "kiln run: --printf-buffer-size %llu: kernel '%s' needs between %zu "
              "bytes (its largest printf record) and 4 GiB\n",
              (unsigned long long)s->printf_buffer_size, k->name, min_size);
      return EXIT_USAGE;
   }
   if (kiln_amdgpu_bo_create(s->dev, s->printf_buffer_size, KILN_AMDGPU_BO_HOST_VISIBLE,
                             &s->printf_bo)) {
      fprintf(stderr, "kiln run: printf buffer of %llu bytes: %s\n",
              (unsigned long long)s->printf_buffer_size, kiln_amdgpu_device_error(s->dev));
      return EXIT_DEVICE;
   }
   const uint32_t header = KILN_PRINTF_HEADER_SIZE;
   memset(s->printf_bo->map, 0, s->printf_buffer_size);
   memcpy(s->printf_bo->map, &header, sizeof(header));
   launch->printf_buffer_va = s->printf_bo->va;
   launch->printf_buffer_size = s->printf_buffer_size;
   bos[launch->num_bos++] = s->printf_bo;
   return 0;
}

/* The launch's printf output on stdout; the calls that found the buffer
 * full on stderr. */
static void
print_printf_output(const struct run_state *s, const struct kiln_kernel *k)
{
   if (!s->printf_bo)
      return;
   int64_t dropped = kiln_printf_print(stdout, k, s->printf_bo->map, s->printf_buffer_size);
   fflush(stdout);
   if (dropped < 0)
      fprintf(stderr, "kiln run: kernel '%s': the printf buffer holds a record of no printf "
              "call of the kernel; the output after it is lost\n", k->name);
   else if (dropped)
      fprintf(stderr, "kiln run: kernel '%s': the printf buffer of %llu bytes was full: "
              "printf calls asking for %lld more bytes printed nothing and returned -1 "
              "(--printf-buffer-size)\n", k->name,
              (unsigned long long)s->printf_buffer_size, (long long)dropped);
}

static int
parse_printf_buffer_size(const char *text, uint64_t *size)
{
   char *end;
   errno = 0;
   unsigned long long v = text ? strtoull(text, &end, 0) : DEFAULT_PRINTF_BUFFER_SIZE;
   if (text && (errno || end == text || *end || text[0] == '-')) {
      fprintf(stderr, "kiln run: --printf-buffer-size '%s' is not a byte count\n", text);
      return EXIT_USAGE;
   }
   *size = v;
   return 0;
}

static int
run(int argc, char **argv)
{
   struct run_state s = {0};
   char err[512];
   char *source = NULL;
   int status = EXIT_USAGE;

   struct kiln_run_extra_option printf_opt = {.name = "--printf-buffer-size"};
   if (kiln_run_parse_command_line_extra(argc, argv, &printf_opt, 1, &s.cmd, err,
                                         sizeof(err))) {
      fprintf(stderr, "kiln run: %s\n", err);
      usage(stderr);
      kiln_run_command_free(&s.cmd);
      return EXIT_USAGE;
   }
   if (parse_printf_buffer_size(printf_opt.value, &s.printf_buffer_size)) {
      kiln_run_command_free(&s.cmd);
      return EXIT_USAGE;
   }

   size_t size;
   source = read_file(s.cmd.file, &size);
   if (!source) {
      fprintf(stderr, "kiln run: %s: %s\n", s.cmd.file, strerror(errno));
      goto out;
   }

   if (kiln_amdgpu_device_open(NULL, &s.dev, err, sizeof(err))) {
      fprintf(stderr, "kiln run: no device: %s\n", err);
      status = EXIT_DEVICE;
      goto out;
   }
   const struct kiln_amdgpu_device_info *info = kiln_amdgpu_device_get_info(s.dev);

   struct kiln_compile_options options = {
      .source_kind = KILN_SOURCE_OPENCL_C,
      .source_name = s.cmd.file,
      .build_options = s.cmd.options,
   };
   const char *target = s.cmd.target ? s.cmd.target : info->target;
   if (!kiln_target_from_name(target, &options.target)) {
      fprintf(stderr, "kiln run: unknown target '%s'\n", target);
      goto out;
   }
   if (strcmp(target, info->target)) {
      fprintf(stderr, "kiln run: code for %s cannot run on %s, a %s device\n", target,
              info->name, info->target);
      goto out;
   }

   char *log = NULL;
   enum kiln_compile_status cs = kiln_compile(source, size, &options, &s.program, &log);
   if (cs != KILN_COMPILE_OK) {
      fprintf(stderr, "kiln run: %s: compilation failed\n%s", s.cmd.file, log ? log : "");
      free(log);
      goto out;
   }
   free(log);

   const struct kiln_kernel *k = kiln_program_find_kernel(s.program, s.cmd.kernel);
   if (!k) {
      fprintf(stderr, "kiln run: %s has no kernel '%s'; it has:", s.cmd.file, s.cmd.kernel);
      for (unsigned i = 0; i < s.program->num_kernels; i++)
         fprintf(stderr, " %s", s.program->kernels[i].name);
      fprintf(stderr, "\n");
      goto out;
   }
   if (k->implicit_offset != KILN_KERNARG_IMPLICIT_OFFSET(k->kernarg_size)) {
      fprintf(stderr, "kiln run: kernel '%s': the compiler puts the implicit arguments at "
              "%u, kiln_amd_abi.h at %u\n", k->name, k->implicit_offset,
              (unsigned)KILN_KERNARG_IMPLICIT_OFFSET(k->kernarg_size));
      status = EXIT_DEVICE;
      goto out;
   }
   if (kiln_run_check_signature(&s.cmd, k, err, sizeof(err))) {
      fprintf(stderr, "kiln run: %s\n", err);
      goto out;
   }

   struct kiln_amdgpu_kernel_desc desc = kiln_kernel_desc(k);
   if (kiln_amdgpu_kernel_create(s.dev, &desc, &s.kernel)) {
      fprintf(stderr, "kiln run: %s\n", kiln_amdgpu_device_error(s.dev));
      status = EXIT_DEVICE;
      goto out;
   }

   struct kiln_amdgpu_local_arg locals[KILN_RUN_MAX_ARGS];
   struct kiln_amdgpu_bo *bos[KILN_RUN_MAX_ARGS + 1];
   unsigned num_locals, num_bos;
   status = setup_args(&s, k, locals, &num_locals, bos, &num_bos);
   if (status)
      goto out;

   struct kiln_amdgpu_launch launch = {
      .work_dim = s.cmd.dim,
      .kernarg = s.kernarg,
      .local_args = locals,
      .num_local_args = num_locals,
      .bos = bos,
      .num_bos = num_bos,
   };
   for (unsigned d = 0; d < 3; d++) {
      launch.global_size[d] = s.cmd.global[d];
      launch.global_offset[d] = s.cmd.offset[d];
      if (s.cmd.has_local)
         launch.local_size[d] = s.cmd.local[d] > UINT32_MAX ? UINT32_MAX : s.cmd.local[d];
   }
   status = setup_printf(&s, k, &launch, bos);
   if (status)
      goto out;

   struct kiln_amdgpu_fault fault;
   int ret = kiln_amdgpu_dispatch(s.dev, s.kernel, &launch, &fault);
   if (ret == -EFAULT || ret == -ETIME) {
      fprintf(stderr, "kiln run: %s\n", fault.message);
      status = EXIT_GPU_FAULT;
      goto out;
   } else if (ret) {
      fprintf(stderr, "kiln run: %s\n", kiln_amdgpu_device_error(s.dev));
      status = ret == -EINVAL || ret == -E2BIG ? EXIT_USAGE : EXIT_DEVICE;
      goto out;
   }

   print_printf_output(&s, k);
   for (unsigned i = 0; i < s.cmd.num_args; i++)
      if (s.bos[i])
         memcpy(s.cmd.args[i].data, s.bos[i]->map, s.cmd.args[i].bytes);
   kiln_run_print_buffers(stdout, &s.cmd);
   status = fflush(stdout) ? EXIT_DEVICE : 0;

out:
   free(source);
   run_state_free(&s);
   return status;
}

int
main(int argc, char **argv)
{
   if (argc >= 2 && !strcmp(argv[1], "run"))
      return run(argc - 2, argv + 2);
   if (argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
      usage(stdout);
      return 0;
   }
   usage(stderr);
   return EXIT_USAGE;
}
