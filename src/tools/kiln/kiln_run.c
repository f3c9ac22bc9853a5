/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * `kiln run FILE.cl -k KERNEL -g X[,Y,Z] [-l ..] [-o ..] [-b OPTS] ARG...`:
 * compiles a program with kiln_compile(), runs a kernel of it once on the
 * device kiln_device.h chooses (an amdgpu node, else an Intel Gen12 or
 * Gen12.5 node, whose launches kiln_run_intel.c makes, else the emulated
 * gfx1030; KILN_DEVICE forces one; -v names it) and prints every buffer argument
 * afterwards as `argI: v v v`, the same lines PoCL's runner prints for the
 * corpus.  With several -k, the kernels run one after the other on the
 * same buffers, and --launches N repeats that N times; the program's
 * __global variables are created and initialised once, before the first
 * launch, and keep their values from launch to launch.
 * Each launch's printf output comes first, once the launch has completed:
 * each work-item's in the order of its calls, different work-items' in the
 * order their calls reached the printf buffer (--printf-buffer-size bytes,
 * 1 MiB by default, as Rusticl's); calls that found it full are named on
 * stderr.
 *
 * `kiln profile` takes the same command line (plus --json and --html
 * FILE) and runs the same steps with the emulator's counters on; it prints
 * the profile of every dispatch instead of the buffers (kiln_profile.h).
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
#include "kiln_config.h"
#include "kiln_amd_kernel_desc.h"
#include "kiln_profile.h"
#include "kiln_run_args.h"
#include "kiln_device.h"
#include "kiln_run_enqueue.h"
#include "kiln_run_images.h"
#include "kiln_run_launch_data.h"
#ifdef KILN_HAVE_INTEL
#include "kiln_run_intel.h"
#include "util/os_file.h"
#endif

static void
usage(FILE *out)
{
   fprintf(
      out,
      "usage: kiln run FILE.cl -k KERNEL -g X[,Y,Z] [-l X[,Y,Z]] [-o X[,Y,Z]]\n"
      "                [-b \"BUILD_OPTIONS\"] [--target gfx900|gfx1030|gfx1100|tgl|dg2]\n"
      "                [--launches N] [--printf-buffer-size BYTES] [-v] ARG...\n"
      "  ARG, one per kernel argument in order:\n"
      "    TYPE:v[,v...]          a value (int:5, float4:1,2,3,4)\n"
      "    buf:TYPE[N][=v,v,...]  a buffer of N elements, printed after the run\n"
      "    buf:TYPE[N]=@FILE      ... its bytes read from FILE (exactly the buffer's size)\n"
      "    buf:TYPE[N]=rand:SEED[:LO:HI]  ... filled with seeded random values\n"
      "    local:BYTES            a __local pointer\n"
      "    image2d:ORDER,TYPE[W,H][=v,...]  an image (also image1d[W], image1d_buffer[W],\n"
      "                           image1d_array[W,N], image2d_array[W,H,N], image3d[W,H,D]),\n"
      "                           every channel of every pixel, printed after the run\n"
      "    sampler:NORMALIZED,ADDRESS,FILTER  a sampler (sampler:1,CLAMP_TO_EDGE,LINEAR)\n"
      "  The device: KILN_DEVICE=sim (the emulated gfx1030) or KILN_DEVICE=/dev/dri/renderD128\n"
      "  (an amdgpu, i915 or xe node); unset, the first amdgpu node, else the first Intel\n"
      "  Gen12 or Gen12.5 node, else the emulated gfx1030.  -v names the device used on\n"
      "  stderr; `kiln run --help` names the one chosen now.  On Intel, images and\n"
      "  device-side enqueue are refused.\n"
      "\n"
      "usage: kiln profile (the same) [--json] [--html FILE]\n"
      "  runs the launch on the emulated device with its counters on and prints,\n"
      "  per dispatch, the totals, the hottest instructions and the listing with\n"
      "  executions, lane utilisation and memory traffic; --json prints it as JSON,\n"
      "  --html FILE draws it as a page.  (The clang-AMDGPU side by side is\n"
      "  bench/profile.)\n");
}

#define DEFAULT_PRINTF_BUFFER_SIZE (1024 * 1024)

/* A kernel of the program, uploaded, with its argument image. */
struct run_kernel {
   const struct kiln_kernel *k;
   struct kiln_amdgpu_kernel *hw;
   uint8_t *kernarg;
   struct kiln_amdgpu_local_arg locals[KILN_RUN_MAX_ARGS];
   unsigned num_locals;
};

struct run_state {
   struct kiln_run_command cmd;
   struct kiln_program *program;
   struct kiln_device device;
   struct kiln_amdgpu_device *dev; /* device's, on an AMD device */
   struct run_kernel kernels[KILN_RUN_MAX_KERNELS];
   struct kiln_amdgpu_bo *bos[KILN_RUN_MAX_ARGS];
   struct kiln_amdgpu_bo *globals_bo;
   struct kiln_amdgpu_bo *printf_bo;
   uint64_t printf_buffer_size;
   /* What every launch uses: the argument buffers, the program's
    * variables and the printf buffer. */
   struct kiln_amdgpu_bo *launch_bos[KILN_RUN_MAX_ARGS + 3];
   unsigned num_launch_bos;
   /* The default device queue, when a kernel may enqueue. */
   struct kiln_run_device_queue *queue;
   /* `kiln profile`: the profiles collected, NULL for `kiln run` */
   struct kiln_profile_session *profile;
};

static void
run_state_free(struct run_state *s)
{
   for (unsigned i = 0; i < KILN_RUN_MAX_ARGS; i++)
      if (s->bos[i])
         kiln_amdgpu_bo_destroy(s->dev, s->bos[i]);
   if (s->globals_bo)
      kiln_amdgpu_bo_destroy(s->dev, s->globals_bo);
   if (s->printf_bo)
      kiln_amdgpu_bo_destroy(s->dev, s->printf_bo);
   kiln_run_device_queue_destroy(s->dev, s->queue);
   for (unsigned i = 0; i < KILN_RUN_MAX_KERNELS; i++) {
      if (s->kernels[i].hw)
         kiln_amdgpu_kernel_destroy(s->dev, s->kernels[i].hw);
      free(s->kernels[i].kernarg);
   }
   kiln_device_close(&s->device);
   kiln_program_free(s->program);
   kiln_run_command_free(&s->cmd);
}

/* The kernel named, checked against the command line and uploaded;
 * returns an exit code. */
static int
load_kernel(struct run_state *s, const char *name, struct run_kernel *rk)
{
   char err[512];
   const struct kiln_kernel *k = kiln_run_find_kernel(&s->cmd, s->program, name, err, sizeof(err));
   if (!k) {
      fprintf(stderr, "kiln run: %s\n", err);
      return KILN_RUN_EXIT_USAGE;
   }
   if (k->implicit_offset != KILN_KERNARG_IMPLICIT_OFFSET(k->kernarg_size)) {
      fprintf(stderr,
              "kiln run: kernel '%s': the compiler puts the implicit arguments at "
              "%u, kiln_amd_abi.h at %u\n",
              k->name, k->implicit_offset, (unsigned)KILN_KERNARG_IMPLICIT_OFFSET(k->kernarg_size));
      return KILN_RUN_EXIT_DEVICE;
   }
   if (kiln_run_check_signature(&s->cmd, k, err, sizeof(err))) {
      fprintf(stderr, "kiln run: %s\n", err);
      return KILN_RUN_EXIT_USAGE;
   }
   struct kiln_amdgpu_kernel_desc desc = kiln_amd_kernel_desc(k);
   if (kiln_amdgpu_kernel_create(s->dev, &desc, &rk->hw)) {
      fprintf(stderr, "kiln run: %s\n", kiln_amdgpu_device_error(s->dev));
      return KILN_RUN_EXIT_DEVICE;
   }
   rk->k = k;
   return 0;
}

/* A buffer for every buffer argument, filled from the command line;
 * returns an exit code. */
static int
create_buffers(struct run_state *s, const struct kiln_kernel *k)
{
   for (unsigned i = 0; i < s->cmd.num_args; i++) {
      const struct kiln_run_arg *a = &s->cmd.args[i];
      if (a->kind == KILN_RUN_ARG_IMAGE) {
         char err[512];
         if (kiln_run_image_create(s->dev, a, &s->bos[i], err, sizeof(err))) {
            fprintf(stderr, "kiln run: argument %u ('%s'): %s\n", i, k->args[i].name, err);
            return KILN_RUN_EXIT_USAGE;
         }
         s->launch_bos[s->num_launch_bos++] = s->bos[i];
         continue;
      }
      if (a->kind != KILN_RUN_ARG_BUFFER)
         continue;
      if (kiln_amdgpu_bo_create(s->dev, a->bytes, KILN_AMDGPU_BO_HOST_VISIBLE, &s->bos[i])) {
         fprintf(stderr, "kiln run: argument %u ('%s'): %s\n", i, k->args[i].name,
                 kiln_amdgpu_device_error(s->dev));
         return KILN_RUN_EXIT_DEVICE;
      }
      memcpy(s->bos[i]->map, a->data, a->bytes);
      s->launch_bos[s->num_launch_bos++] = s->bos[i];
   }
   return 0;
}

/* The kernel's argument image, with the buffers' addresses, the images'
 * and samplers' descriptors and the __local arguments' sizes; returns an
 * exit code. */
static int
fill_kernarg(struct run_state *s, struct run_kernel *rk)
{
   const struct kiln_kernel *k = rk->k;
   uint64_t addresses[KILN_RUN_MAX_ARGS] = { 0 };
   for (unsigned i = 0; i < s->cmd.num_args; i++)
      if (s->bos[i])
         addresses[i] = s->bos[i]->va;
   int status = kiln_run_kernarg_create(&s->cmd, k, k->kernarg_size, addresses, &rk->kernarg);
   for (unsigned i = 0; i < k->num_args && !status; i++) {
      const struct kiln_kernel_arg *ka = &k->args[i];
      const struct kiln_run_arg *a = &s->cmd.args[i];
      char err[512];

      if (a->kind == KILN_RUN_ARG_LOCAL) {
         rk->locals[rk->num_locals++] = (struct kiln_amdgpu_local_arg){
            .kernarg_offset = ka->offset,
            .size = a->bytes,
            .align = 0,
         };
      } else if ((a->kind == KILN_RUN_ARG_IMAGE || a->kind == KILN_RUN_ARG_SAMPLER) &&
                 kiln_run_image_slot(s->dev, a, s->bos[i], rk->kernarg + ka->offset, ka->size, err,
                                     sizeof(err))) {
         fprintf(stderr, "kiln run: argument %u ('%s'): %s\n", i, ka->name, err);
         status = KILN_RUN_EXIT_USAGE;
      }
   }
   return status;
}

/* The program's __global variables, created and initialised once, as
 * the program is loaded: their initial data, then the addresses of the
 * ones their initialisers point to; returns an exit code. */
static int
setup_globals(struct run_state *s)
{
   const struct kiln_program *p = s->program;
   if (!p->globals_size)
      return 0;
   if (kiln_amdgpu_bo_create(s->dev, p->globals_size, KILN_AMDGPU_BO_HOST_VISIBLE,
                             &s->globals_bo)) {
      fprintf(stderr, "kiln run: the program's %zu bytes of __global variables: %s\n",
              p->globals_size, kiln_amdgpu_device_error(s->dev));
      return KILN_RUN_EXIT_DEVICE;
   }
   kiln_run_globals_init(p, s->globals_bo->map, s->globals_bo->va);
   s->launch_bos[s->num_launch_bos++] = s->globals_bo;
   return 0;
}

/* The printf buffer, when a kernel calls printf; returns an exit code. */
static int
setup_printf(struct run_state *s)
{
   const struct kiln_kernel *kernels[KILN_RUN_MAX_KERNELS];
   for (unsigned i = 0; i < s->cmd.num_kernels; i++)
      kernels[i] = s->kernels[i].k;
   char err[512];
   bool needed;
   if (kiln_run_printf_check(kernels, s->cmd.num_kernels, s->printf_buffer_size, &needed, err,
                             sizeof(err))) {
      fprintf(stderr, "kiln run: %s\n", err);
      return KILN_RUN_EXIT_USAGE;
   }
   if (!needed)
      return 0;
   if (kiln_amdgpu_bo_create(s->dev, s->printf_buffer_size, KILN_AMDGPU_BO_HOST_VISIBLE,
                             &s->printf_bo)) {
      fprintf(stderr, "kiln run: printf buffer of %llu bytes: %s\n",
              (unsigned long long)s->printf_buffer_size, kiln_amdgpu_device_error(s->dev));
      return KILN_RUN_EXIT_DEVICE;
   }
   s->launch_bos[s->num_launch_bos++] = s->printf_bo;
   return 0;
}

/* The default device queue, when a kernel of the program may enqueue;
 * returns an exit code. */
static int
setup_device_queue(struct run_state *s)
{
   char err[512];
   if (kiln_run_device_queue_create(s->dev, s->program, s->printf_buffer_size, &s->queue, err,
                                    sizeof(err))) {
      fprintf(stderr, "kiln run: %s\n", err);
      return KILN_RUN_EXIT_DEVICE;
   }
   if (s->queue)
      s->launch_bos[s->num_launch_bos++] = kiln_run_device_queue_bo(s->queue);
   return 0;
}

/* One launch of a kernel, then its printf output; returns an exit code. */
static int
launch_kernel(struct run_state *s, const struct run_kernel *rk)
{
   struct kiln_amdgpu_launch launch = {
      .work_dim = s->cmd.dim,
      .kernarg = rk->kernarg,
      .local_args = rk->locals,
      .num_local_args = rk->num_locals,
      .bos = s->launch_bos,
      .num_bos = s->num_launch_bos,
      .globals_va = s->globals_bo ? s->globals_bo->va : 0,
   };
   for (unsigned d = 0; d < 3; d++) {
      launch.global_size[d] = s->cmd.global[d];
      launch.global_offset[d] = s->cmd.offset[d];
      if (s->cmd.has_local)
         launch.local_size[d] = s->cmd.local[d] > UINT32_MAX ? UINT32_MAX : s->cmd.local[d];
   }
   const bool prints = rk->k->num_printf_formats != 0;
   if (prints) {
      kiln_run_printf_reset(s->printf_bo->map, s->printf_buffer_size);
      launch.printf_buffer_va = s->printf_bo->va;
      launch.printf_buffer_size = s->printf_buffer_size;
   }

   const bool enqueues = s->queue && rk->k->uses_device_queue;
   if (enqueues)
      kiln_run_device_queue_prepare(s->queue, &launch);

   struct kiln_amdgpu_fault fault;
   int ret = kiln_amdgpu_dispatch(s->dev, rk->hw, &launch, &fault);
   /* The launch is complete once everything it enqueued is. */
   if (!ret && enqueues)
      ret = kiln_run_device_queue_drain(s->queue, s->dev, &launch, &fault);
   if (ret == -EFAULT || ret == -ETIME) {
      fprintf(stderr, "kiln run: %s\n", fault.message);
      return KILN_RUN_EXIT_GPU_FAULT;
   } else if (ret) {
      fprintf(stderr, "kiln run: %s\n", kiln_amdgpu_device_error(s->dev));
      return ret == -EINVAL || ret == -E2BIG ? KILN_RUN_EXIT_USAGE : KILN_RUN_EXIT_DEVICE;
   }
   if (prints)
      kiln_run_printf_print(stdout, rk->k, s->printf_bo->map, s->printf_buffer_size);
   if (enqueues)
      kiln_run_device_queue_print(s->queue, stdout);
   return 0;
}

static int
parse_printf_buffer_size(const char *text, uint64_t *size)
{
   char *end;
   errno = 0;
   unsigned long long v = text ? strtoull(text, &end, 0) : DEFAULT_PRINTF_BUFFER_SIZE;
   if (text && (errno || end == text || *end || text[0] == '-')) {
      fprintf(stderr, "kiln run: --printf-buffer-size '%s' is not a byte count\n", text);
      return KILN_RUN_EXIT_USAGE;
   }
   *size = v;
   return 0;
}

/* The device kiln_device.h chooses (Intel only for `kiln run`, as
 * `kiln profile` reads the emulator's counters), named on stderr when
 * verbose; returns an exit code. */
static int
open_device(struct run_state *s, bool allow_intel, bool verbose)
{
   char err[512];
   if (kiln_device_open(&s->device, allow_intel, err, sizeof(err), verbose ? stderr : NULL)) {
      fprintf(stderr, "kiln %s: %s\n", allow_intel ? "run" : "profile", err);
      return KILN_RUN_EXIT_DEVICE;
   }
   s->dev = s->device.amdgpu;
   if (verbose) {
      fprintf(stderr, "kiln %s: ", allow_intel ? "run" : "profile");
      kiln_device_print(stderr, &s->device);
   }
   return 0;
}

/* The program compiled for the device; returns an exit code. */
static int
compile_program(struct run_state *s)
{
   size_t size;
   char *source = os_read_file(s->cmd.file, &size);
   if (!source) {
      fprintf(stderr, "kiln run: %s: %s\n", s->cmd.file, strerror(errno));
      return KILN_RUN_EXIT_USAGE;
   }
   int status = KILN_RUN_EXIT_USAGE;
   const struct kiln_device *dev = &s->device;
   struct kiln_compile_options options = {
      .source_kind = KILN_SOURCE_OPENCL_C,
      .source_name = s->cmd.file,
      .build_options = s->cmd.options,
   };
   const char *target = s->cmd.target ? s->cmd.target : dev->target;
   if (!kiln_target_from_name(target, &options.target)) {
      fprintf(stderr, "kiln run: unknown target '%s'\n", target);
      goto out;
   }
   if (strcmp(target, dev->target)) {
      fprintf(stderr, "kiln run: code for %s cannot run on %s, a %s device\n", target,
              dev->node[0] ? dev->node : dev->description, dev->target);
      goto out;
   }

   char *log = NULL;
   enum kiln_compile_status cs = kiln_compile(source, size, &options, &s->program, &log);
   if (cs != KILN_COMPILE_OK)
      fprintf(stderr, "kiln run: %s: compilation failed\n%s", s->cmd.file, log ? log : "");
   else
      status = 0;
   free(log);

out:
   free(source);
   return status;
}

/* `kiln run`, or with profile non-NULL `kiln profile`. */
static int
run(int argc, char **argv, struct kiln_profile_session *profile)
{
   struct run_state s = { .profile = profile };
   char err[512];

   struct kiln_run_extra_option opts[] = {
      { .name = "--printf-buffer-size" },
      { .name = "-v", .flag = true },
      { .name = "--verbose", .flag = true },
      { .name = "--json", .flag = true },
      { .name = "--html" },
      { .name = "--peer" },
   };
   if (kiln_run_parse_command_line_extra(argc, argv, opts, profile ? 6 : 3, &s.cmd, err,
                                         sizeof(err))) {
      fprintf(stderr, "kiln %s: %s\n", profile ? "profile" : "run", err);
      usage(stderr);
      kiln_run_command_free(&s.cmd);
      return KILN_RUN_EXIT_USAGE;
   }
   if (opts[5].value) {
      /* clang's code objects load through a test helper (tests/clang),
       * which the tool may not depend on */
      fprintf(stderr,
              "kiln profile: --peer %s: the side by side with clang-AMDGPU is "
              "bench/profile (bench/profile/bench_profile.py)\n",
              opts[5].value);
      kiln_run_command_free(&s.cmd);
      return KILN_RUN_EXIT_USAGE;
   }
   if (profile) {
      profile->json = opts[3].value != NULL;
      profile->html = opts[4].value;
   }
   const bool verbose = opts[1].value || opts[2].value;
   int status = parse_printf_buffer_size(opts[0].value, &s.printf_buffer_size);
   if (!status)
      status = open_device(&s, profile == NULL, verbose);
   if (!status)
      status = compile_program(&s);
#ifdef KILN_HAVE_INTEL
   if (!status && s.device.kind == KILN_DEVICE_KIND_INTEL) {
      status = kiln_run_intel(&s.cmd, s.program, s.device.intel, s.printf_buffer_size);
      run_state_free(&s);
      return status;
   }
#endif
   if (!status && profile && kiln_profile_begin(profile, s.dev))
      status = KILN_RUN_EXIT_DEVICE;
   for (unsigned i = 0; i < s.cmd.num_kernels && !status; i++)
      status = load_kernel(&s, s.cmd.kernels[i], &s.kernels[i]);
   if (!status)
      status = create_buffers(&s, s.kernels[0].k);
   for (unsigned i = 0; i < s.cmd.num_kernels && !status; i++)
      status = fill_kernarg(&s, &s.kernels[i]);
   if (!status)
      status = setup_globals(&s);
   if (!status)
      status = setup_printf(&s);
   if (!status)
      status = setup_device_queue(&s);

   for (unsigned n = 0; n < s.cmd.launches && !status; n++) {
      for (unsigned i = 0; i < s.cmd.num_kernels && !status; i++) {
         status = launch_kernel(&s, &s.kernels[i]);
         if (profile && status != KILN_RUN_EXIT_USAGE &&
             kiln_profile_collect(profile, s.dev, s.kernels[i].k->name) && !status)
            status = KILN_RUN_EXIT_DEVICE;
      }
   }

   if (profile && profile->num) {
      /* a faulting launch's profile is printed too: it shows where */
      if (kiln_profile_finish(profile, stdout) && !status)
         status = KILN_RUN_EXIT_DEVICE;
   } else if (!status) {
      for (unsigned i = 0; i < s.cmd.num_args; i++) {
         if (s.bos[i] && s.cmd.args[i].kind == KILN_RUN_ARG_IMAGE)
            kiln_run_image_read(s.dev, s.bos[i], &s.cmd.args[i]);
         else if (s.bos[i])
            memcpy(s.cmd.args[i].data, s.bos[i]->map, s.cmd.args[i].bytes);
      }
      kiln_run_print_buffers(stdout, &s.cmd);
      status = fflush(stdout) ? KILN_RUN_EXIT_DEVICE : 0;
   }
   run_state_free(&s);
   return status;
}

/* `kiln run --help`: the usage, then the device a run would use now. */
static int
run_help(void)
{
   usage(stdout);
   struct kiln_device dev;
   char err[512];
   if (kiln_device_open(&dev, true, err, sizeof(err), stdout)) {
      printf("device: none: %s\n", err);
      return KILN_RUN_EXIT_DEVICE;
   }
   kiln_device_print(stdout, &dev);
   kiln_device_close(&dev);
   return 0;
}

int
main(int argc, char **argv)
{
   if (argc == 3 && !strcmp(argv[1], "run") &&
       (!strcmp(argv[2], "--help") || !strcmp(argv[2], "-h")))
      return run_help();
   if (argc >= 2 && !strcmp(argv[1], "run"))
      return run(argc - 2, argv + 2, NULL);
   if (argc >= 2 && !strcmp(argv[1], "profile")) {
      struct kiln_profile_session profile = { 0 };
      int status = run(argc - 2, argv + 2, &profile);
      kiln_profile_session_free(&profile);
      return status;
   }
   if (argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
      usage(stdout);
      return 0;
   }
   usage(stderr);
   return KILN_RUN_EXIT_USAGE;
}
