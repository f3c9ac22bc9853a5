/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Two launches drivers/intel once refused, through a noop render node of
 * either Intel kernel driver (LD_PRELOADed by meson, INTEL_STUB_GPU_PLATFORM
 * naming the GPU), each batch read back by Mesa's batch decoder:
 *
 * scratch: a kernel with a private array indexed at run time, which brw
 * keeps in scratch memory.  The scratch the batch programs (Gen12:
 * MEDIA_VFE_STATE's pointer from the general state base and its
 * per-thread size; Gen12.5: CFE_STATE's surface state offset from the
 * surface state base, and the SURFTYPE_SCRATCH surface state there) lies in
 * a buffer made resident (on xe, bound), holds per-thread scratch (brw's
 * size rounded up to the power of two from 1 KiB the hardware encodes) for
 * every thread the device runs (intel_device_info's compute threads per
 * sub-slice times sub-slices, and its scratch ids), and every address the
 * decoder follows is resident; more scratch a thread than the hardware
 * encodes is refused, naming the size; the device keeps its scratch for
 * the next launch, and replaces it when a kernel needs more a thread.
 *
 * partial: global 100 x 6 with work-groups of 32 x 4 (OpenCL 2.0
 * non-uniform work-groups).  The walkers cover each of the ceil(100 / 32)
 * x ceil(6 / 4) groups exactly once: the whole groups at 32 x 4, the last
 * column at 4 x 4, the last row at 32 x 2, the corner at 4 x 2, each walker's
 * threads and last-thread mask those of its own group size by the
 * hardware's rules (threads = ceil(items / SIMD), the last thread's lanes
 * the rest); and the kernel is pushed the real global size 100 x 6, the
 * enqueued local size 32 x 4 and 4 x 2 groups.
 *
 * The expected values are computed here from the launch and the device
 * description, not by drivers/intel's code.  No Intel GPU runs the kernels.
 *
 * usage: test_intel_scratch_partial scratch|partial tgl|dg2 i915|xe
 */
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "intel_batch_decode.h"
#include "kiln_amd_abi.h"
#include "kiln_compiler.h"
#include "kiln_intel.h"
#include "kiln_intel_kernel_launch.h"
#include "kiln_test.h"

#include "dev/intel_device_info.h"

static const char kernel_source[] =
   "kernel void private_table(global int *out, int n)\n"
   "{\n"
   "   int table[256];\n"
   "   for (int i = 0; i < 256; i++)\n"
   "      table[i] = i * n;\n"
   "   out[get_global_id(0)] = table[(get_global_id(0) * 7 + n) % 256];\n"
   "}\n"
   "kernel void tile_sum(global const int *in, global int *out)\n"
   "{\n"
   "   local int tile[128];\n"
   "   size_t l = get_local_id(1) * get_local_size(0) + get_local_id(0);\n"
   "   size_t g = get_global_id(1) * get_global_size(0) + get_global_id(0);\n"
   "   tile[l] = in[g];\n"
   "   barrier(CLK_LOCAL_MEM_FENCE);\n"
   "   out[g] = tile[0] + tile[l];\n"
   "}\n";

static const unsigned partial_global[3] = { 100, 6, 1 };
static const unsigned partial_local[3] = { 32, 4, 1 };

struct run {
   const struct intel_device_info *info;
   struct kiln_intel_device *dev;
   const struct kiln_kernel *k;
   struct kiln_intel_submission sub;
   struct kiln_test_decode d;
   kiln_xe_shim_last_exec_fn last_exec;
   char *text;
};

static uint32_t
next_power_of_two(uint32_t x)
{
   uint32_t p = 1;
   while (p < x)
      p <<= 1;
   return p;
}

/* Launches the kernel named over global x local and decodes the batch. */
static bool
launch(struct run *r, const char *name, const unsigned global[3], const unsigned local[3],
       unsigned work_dim, struct kiln_intel_bo **bos, unsigned num_bos)
{
   const struct kiln_kernel *k = r->k;
   uint8_t kernarg[256] = { 0 };
   for (unsigned i = 0; i < k->num_args && i < num_bos; i++)
      memcpy(kernarg + k->args[i].offset, &bos[i]->address, 8);
   if (!strcmp(name, "private_table")) {
      const int n = 3;
      memcpy(kernarg + k->args[1].offset, &n, 4);
   }
   struct kiln_intel_launch l = kiln_intel_kernel_launch(k);
   l.kernarg = kernarg;
   l.work_dim = work_dim;
   l.bos = bos;
   l.num_bos = num_bos;
   for (unsigned i = 0; i < 3; i++) {
      l.global_size[i] = global[i];
      l.local_size[i] = local[i];
   }
   const char *err = kiln_intel_device_error(r->dev);
   if (!CHECK(kiln_intel_dispatch(r->dev, &l, &r->sub) == 0, "kiln_intel_dispatch: %s", err))
      return false;
   CHECK(kiln_intel_wait(r->dev, &r->sub, 1000000000) == 0, "kiln_intel_wait: %s", err);

   for (unsigned i = 0; i < num_bos; i++)
      r->d.bos[r->d.num_bos++] = bos[i];
   struct kiln_intel_bo *own[] = { r->sub.instructions, r->sub.state, r->sub.fence, r->sub.batch,
                                   r->sub.scratch };
   for (unsigned i = 0; i < sizeof(own) / sizeof(own[0]); i++) {
      if (own[i])
         r->d.bos[r->d.num_bos++] = own[i];
   }
   r->text = kiln_test_decode_batch(r->info, &r->d, &r->sub);
   if (!CHECK(r->text, "the batch did not decode"))
      return false;
   if (getenv("KILN_TEST_VERBOSE"))
      fputs(r->text, stdout);
   CHECK(!strstr(r->text, "unknown instruction"), "the decoder met an unknown instruction");
   CHECK_EQ_INT("addresses outside the resident buffers", r->d.unbound, 0);
   CHECK_EQ_INT("addresses outside the VM bindings", r->d.unbound_in_vm, 0);
   if (r->last_exec)
      CHECK_EQ64("the batch address xe ran", r->last_exec(), r->sub.batch->address);
   return true;
}

static uint64_t
field(const char *from, const char *end, const char *name)
{
   uint64_t v = 0;
   CHECK(kiln_test_decode_field(from, end, name, &v), "the decoder shows no \"%s\"", name);
   return v;
}

/* Scratch: where the batch points, and how much is there. */
static uint64_t
check_scratch(struct run *r)
{
   const struct intel_device_info *info = r->info;
   const unsigned brw_scratch = r->k->intel.scratch_bytes_per_thread;
   if (!CHECK(brw_scratch > 0, "brw kept private_table's array out of scratch"))
      return 0;
   const uint32_t per_thread = next_power_of_two(brw_scratch < 1024 ? 1024 : brw_scratch);
   /* Every thread the device can run holds a slot; the scratch ids Mesa
    * gives compute count sub-slices the hardware may address. */
   uint64_t threads = (uint64_t)info->max_cs_threads * info->subslice_total;
   if (info->max_scratch_ids[MESA_SHADER_COMPUTE] > threads)
      threads = info->max_scratch_ids[MESA_SHADER_COMPUTE];
   const uint64_t need = per_thread * threads;
   printf("scratch: %u bytes per thread from brw, %u encoded, %llu threads: %llu bytes\n",
          brw_scratch, per_thread, (unsigned long long)threads, (unsigned long long)need);

   const char *sba = kiln_test_decode_command(r->text, "STATE_BASE_ADDRESS", 0);
   if (!CHECK(sba, "the batch has no STATE_BASE_ADDRESS"))
      return 0;
   uint64_t base, size;
   if (info->verx10 < 125) {
      const char *vfe = kiln_test_decode_command(r->text, "MEDIA_VFE_STATE", 0);
      if (!CHECK(vfe, "the batch has no MEDIA_VFE_STATE"))
         return 0;
      /* The pointer is general-state relative; the per-thread size a
       * power of two from 1 KiB (0 = 1 KiB). */
      base = field(sba, vfe, "General State Base Address") +
             field(vfe, NULL, "Scratch Space Base Pointer");
      size = (1024ull << field(vfe, NULL, "Per Thread Scratch Space")) * threads;
      CHECK_EQ64("per-thread scratch", 1024ull << field(vfe, NULL, "Per Thread Scratch Space"),
                 per_thread);
   } else {
      const char *cfe = kiln_test_decode_command(r->text, "CFE_STATE", 0);
      if (!CHECK(cfe, "the batch has no CFE_STATE"))
         return 0;
      /* The surface state's offset from the surface state base, in the
       * 16-byte unit Gen12.5's CFE_STATE takes it in. */
      const uint64_t surface = field(sba, cfe, "Surface State Base Address") +
                               (field(cfe, NULL, "Scratch Space Buffer") << 4);
      const struct kiln_intel_bo *holder = kiln_test_decode_find_bo(&r->d, surface);
      if (!CHECK(holder && surface + 64 <= holder->address + holder->size,
                 "the scratch surface state at 0x%llx is in no resident buffer",
                 (unsigned long long)surface))
         return 0;
      char *ss = kiln_test_decode_struct(info, "RENDER_SURFACE_STATE",
                                         (const uint8_t *)holder->map + (surface - holder->address),
                                         surface);
      if (!CHECK(ss, "RENDER_SURFACE_STATE did not decode"))
         return 0;
      if (getenv("KILN_TEST_VERBOSE"))
         fputs(ss, stdout);
      CHECK_EQ64("surface type (SURFTYPE_SCRATCH)", field(ss, NULL, "Surface Type"), 6);
      const uint64_t pitch = field(ss, NULL, "Surface Pitch") + 1;
      CHECK_EQ64("the scratch surface's pitch (per-thread scratch)", pitch, per_thread);
      const uint64_t elements = ((field(ss, NULL, "Depth") << 21) |
                                 (field(ss, NULL, "Height") << 7) | field(ss, NULL, "Width")) +
                                1;
      base = field(ss, NULL, "Surface Base Address");
      size = elements * pitch;
      free(ss);
   }
   const struct kiln_intel_bo *bo = kiln_test_decode_find_bo(&r->d, base);
   CHECK(bo, "scratch at 0x%llx is in no resident buffer", (unsigned long long)base);
   CHECK(bo && base + need <= bo->address + bo->size,
         "scratch at 0x%llx: %llu bytes needed, its buffer ends at 0x%llx",
         (unsigned long long)base, (unsigned long long)need,
         (unsigned long long)(bo ? bo->address + bo->size : 0));
   CHECK(size >= need, "the batch gives %llu bytes of scratch, %llu needed",
         (unsigned long long)size, (unsigned long long)need);
   CHECK(bo && bo != r->sub.state && bo != r->sub.instructions,
         "scratch shares a buffer with the kernel's state or code");
   return threads;
}

/* A launch of the scratch kernel over 16 work-items, asking for scratch
 * bytes a thread. */
static struct kiln_intel_launch
scratch_launch(const struct run *r, struct kiln_intel_bo **out, unsigned scratch, uint8_t *kernarg)
{
   const struct kiln_kernel *k = r->k;
   memset(kernarg, 0, 256);
   memcpy(kernarg + k->args[0].offset, &(*out)->address, 8);
   struct kiln_intel_launch l = kiln_intel_kernel_launch(k);
   l.scratch_bytes_per_thread = scratch;
   l.kernarg = kernarg;
   l.work_dim = 1;
   for (unsigned d = 0; d < 3; d++) /* 16 work-items, one group */
      l.global_size[d] = l.local_size[d] = d == 0 ? 16 : 1;
   l.bos = out;
   l.num_bos = 1;
   return l;
}

/* The device keeps its scratch: a second launch of the kernel uses the
 * first one's buffer; a kernel that needs twice as much a thread gets a
 * new buffer of its own size for every thread. */
static void
check_scratch_reuse(struct run *r, struct kiln_intel_bo *out, uint64_t threads)
{
   const unsigned scratch = r->k->intel.scratch_bytes_per_thread;
   uint8_t kernarg[256];
   const char *err = kiln_intel_device_error(r->dev);
   struct kiln_intel_launch l = scratch_launch(r, &out, scratch, kernarg);
   struct kiln_intel_submission again, larger;
   if (!CHECK(kiln_intel_dispatch(r->dev, &l, &again) == 0, "kiln_intel_dispatch: %s", err))
      return;
   CHECK(again.scratch && again.scratch == r->sub.scratch &&
            again.scratch->address == r->sub.scratch->address,
         "a second launch of the kernel does not reuse the first one's scratch");
   const uint32_t per_thread = next_power_of_two(scratch < 1024 ? 1024 : scratch) * 2;
   l = scratch_launch(r, &out, per_thread, kernarg);
   if (CHECK(kiln_intel_dispatch(r->dev, &l, &larger) == 0, "kiln_intel_dispatch: %s", err)) {
      CHECK(larger.scratch && larger.scratch != r->sub.scratch &&
               larger.scratch->size >= per_thread * threads,
            "a launch needing %u bytes a thread has %llu bytes of scratch, %llu needed", per_thread,
            (unsigned long long)(larger.scratch ? larger.scratch->size : 0),
            (unsigned long long)(per_thread * threads));
      kiln_intel_wait(r->dev, &larger, 1000000000);
      kiln_intel_submission_finish(r->dev, &larger);
   }
   kiln_intel_wait(r->dev, &again, 1000000000);
   kiln_intel_submission_finish(r->dev, &again);
}

/* More scratch per thread than the hardware encodes (Gen12: 2 MiB, the
 * largest MEDIA_VFE_STATE power of two; Gen12.5: 256 KiB, a scratch
 * surface's largest pitch) is refused with a message naming the size. */
static void
check_scratch_limit(struct run *r, struct kiln_intel_bo *out)
{
   const unsigned limit = r->info->verx10 >= 125 ? 256 * 1024 : 2 * 1024 * 1024;
   uint8_t kernarg[256];
   const struct kiln_intel_launch l = scratch_launch(r, &out, limit + 1, kernarg);
   struct kiln_intel_submission sub;
   const char *err = kiln_intel_device_error(r->dev);
   char size[32];
   snprintf(size, sizeof(size), "%u", limit + 1);
   int ret = kiln_intel_dispatch(r->dev, &l, &sub);
   CHECK(ret == -ENOTSUP && strstr(err, size),
         "a launch with %u bytes of scratch a thread gave %d: %s", limit + 1, ret, err);
}

struct region {
   unsigned local[3], start[3], end[3];
   bool seen;
};

/* The walkers, against the regions the launch implies. */
static void
check_partial(struct run *r)
{
   const bool gfx125 = r->info->verx10 >= 125;
   const unsigned simd = r->k->intel.simd_width;
   struct region want[8];
   unsigned num_want = 0;
   for (unsigned x = 0; x < 2; x++) {
      for (unsigned y = 0; y < 2; y++) {
         struct region g = { .seen = false };
         const unsigned pick[3] = { x, y, 0 };
         bool empty = false;
         for (unsigned d = 0; d < 3; d++) {
            const unsigned whole = partial_global[d] / partial_local[d];
            const unsigned rest = partial_global[d] - whole * partial_local[d];
            g.local[d] = pick[d] ? rest : partial_local[d];
            g.start[d] = pick[d] ? whole : 0;
            g.end[d] = pick[d] ? whole + 1 : whole;
            empty |= g.local[d] == 0 || g.end[d] == g.start[d];
         }
         if (!empty)
            want[num_want++] = g;
      }
   }
   CHECK_EQ_INT("regions of the 100 x 6 launch", num_want, 4);

   const char *name = gfx125 ? "COMPUTE_WALKER" : "GPGPU_WALKER";
   unsigned walkers = 0;
   uint64_t items = 0, max_end[3] = { 0, 0, 0 };
   for (const char *w; (w = kiln_test_decode_command(r->text, name, walkers)); walkers++) {
      const char *end = kiln_test_decode_command(r->text, name, walkers + 1);
      const uint64_t start[3] = {
         field(w, end, "Thread Group ID Starting X"), field(w, end, "Thread Group ID Starting Y"),
         field(w, end, gfx125 ? "Thread Group ID Starting Z" : "Thread Group ID Starting/Resume Z")
      };
      const uint64_t stop[3] = { field(w, end, "Thread Group ID X Dimension"),
                                 field(w, end, "Thread Group ID Y Dimension"),
                                 field(w, end, "Thread Group ID Z Dimension") };
      struct region *g = NULL;
      for (unsigned i = 0; i < num_want; i++) {
         if (!want[i].seen && want[i].start[0] == start[0] && want[i].start[1] == start[1] &&
             want[i].start[2] == start[2])
            g = &want[i];
      }
      if (!CHECK(g, "walker %u starts at group (%llu, %llu, %llu), no region's", walkers,
                 (unsigned long long)start[0], (unsigned long long)start[1],
                 (unsigned long long)start[2]))
         continue;
      g->seen = true;
      for (unsigned d = 0; d < 3; d++) {
         CHECK_EQ64("a walker's group id end", stop[d], g->end[d]);
         if (stop[d] > max_end[d])
            max_end[d] = stop[d];
      }
      const unsigned group = g->local[0] * g->local[1] * g->local[2];
      const unsigned threads = (group + simd - 1) / simd;
      const unsigned lanes = group - (threads - 1) * simd;
      const uint64_t mask = lanes == 32 ? 0xffffffffu : (1u << lanes) - 1;
      items += (uint64_t)group * (g->end[0] - g->start[0]) * (g->end[1] - g->start[1]) *
               (g->end[2] - g->start[2]);
      if (gfx125) {
         CHECK_EQ64("a walker's threads per group",
                    field(w, end, "Number of Threads in GPGPU Thread Group"), threads);
         CHECK_EQ64("a walker's last-thread mask", field(w, end, "Execution Mask"), mask);
         CHECK_EQ64("a walker's local x size", field(w, end, "Local X Maximum") + 1, g->local[0]);
         CHECK_EQ64("a walker's local y size", field(w, end, "Local Y Maximum") + 1, g->local[1]);
      } else {
         CHECK_EQ64("a walker's thread width", field(w, end, "Thread Width Counter Maximum") + 1,
                    threads);
         CHECK_EQ64("a walker's right mask", field(w, end, "Right Execution Mask"), mask);
         /* Its interface descriptor, loaded just before it. */
         const char *idd =
            kiln_test_decode_command(r->text, "MEDIA_INTERFACE_DESCRIPTOR_LOAD", walkers);
         if (CHECK(idd && idd < w, "walker %u has no interface descriptor load before it", walkers))
            CHECK_EQ64("a walker's threads per group",
                       field(idd, w, "Number of Threads in GPGPU Thread Group"), threads);
      }
   }
   CHECK_EQ_INT("walkers", walkers, num_want);
   for (unsigned d = 0; d < 3; d++)
      CHECK_EQ64("groups in a dimension (ceil(global / local))", max_end[d],
                 (partial_global[d] + partial_local[d] - 1) / partial_local[d]);
   CHECK_EQ64("work-items launched", items,
              (uint64_t)partial_global[0] * partial_global[1] * partial_global[2]);
   /* Each interface descriptor leads to the kernel's code. */
   CHECK_EQ_INT("kernels the decoder found", r->d.shaders, num_want);
   CHECK_EQ64("kernel address", r->d.shader_address, r->sub.instructions->address);

   /* What the kernel reads of the launch: the real global size. */
   struct kiln_implicit_args ia;
   memset(&ia, 0, sizeof(ia));
   ia.work_dim = 2;
   for (unsigned d = 0; d < 3; d++) {
      ia.global_size[d] = partial_global[d];
      ia.local_size[d] = partial_local[d];
      ia.num_groups[d] = (partial_global[d] + partial_local[d] - 1) / partial_local[d];
   }
   CHECK(memmem(r->sub.state->map, r->sub.state->size, &ia, sizeof(ia)),
         "the push constants hold no implicit arguments with global size 100 x 6, local "
         "size 32 x 4 and 4 x 2 groups");
}

int
main(int argc, char **argv)
{
   enum kiln_target target;
   if (argc != 4 || (strcmp(argv[1], "scratch") && strcmp(argv[1], "partial")) ||
       !kiln_target_from_name(argv[2], &target) ||
       (target != KILN_TARGET_TGL && target != KILN_TARGET_DG2) ||
       (strcmp(argv[3], "i915") && strcmp(argv[3], "xe"))) {
      fprintf(stderr, "usage: test_intel_scratch_partial scratch|partial tgl|dg2 i915|xe\n");
      return 2;
   }
   const bool scratch = !strcmp(argv[1], "scratch");
   const char *name = scratch ? "private_table" : "tile_sum";

   struct kiln_compile_options options = { .target = target, .source_name = "shapes.cl" };
   struct kiln_program *program = NULL;
   char *log = NULL;
   enum kiln_compile_status status =
      kiln_compile(kernel_source, sizeof(kernel_source) - 1, &options, &program, &log);
   CHECK(status == KILN_COMPILE_OK, "kiln_compile: %d\n%s", status, log ? log : "");
   free(log);
   struct run r = { 0 };
   r.k = status == KILN_COMPILE_OK ? kiln_program_find_kernel(program, name) : NULL;
   char err[256];
   if (!CHECK(kiln_intel_device_open(NULL, &r.dev, err, sizeof(err)) == 0,
              "kiln_intel_device_open: %s", err) ||
       !CHECK(r.k, "no kernel %s", name))
      return kiln_test_summary();
   r.info = kiln_intel_device_info(r.dev);
   CHECK(!strcmp(kiln_intel_device_kmd_name(r.dev), argv[3]), "the device runs on %s, not %s",
         kiln_intel_device_kmd_name(r.dev), argv[3]);
   if (!strcmp(argv[3], "xe")) {
      r.d.vm_binding = (kiln_xe_shim_binding_fn)dlsym(RTLD_DEFAULT, "kiln_xe_shim_binding");
      r.last_exec = (kiln_xe_shim_last_exec_fn)dlsym(RTLD_DEFAULT, "kiln_xe_shim_last_exec");
      if (!CHECK(r.d.vm_binding && r.last_exec, "the xe shim is not preloaded"))
         return kiln_test_summary();
   }

   struct kiln_intel_bo *bos[2] = { NULL, NULL };
   CHECK(!kiln_intel_bo_create(r.dev, 4096, &bos[0]) && !kiln_intel_bo_create(r.dev, 4096, &bos[1]),
         "buffers");
   bool launched;
   if (scratch) {
      static const unsigned global[3] = { 64, 1, 1 }, local[3] = { 16, 1, 1 };
      launched = launch(&r, name, global, local, 1, bos, 1);
      const uint64_t threads = launched ? check_scratch(&r) : 0;
      if (threads)
         check_scratch_reuse(&r, bos[0], threads);
      check_scratch_limit(&r, bos[0]);
   } else {
      launched = launch(&r, name, partial_global, partial_local, 2, bos, 2);
      if (launched)
         check_partial(&r);
   }

   free(r.text);
   if (launched)
      kiln_intel_submission_finish(r.dev, &r.sub);
   kiln_intel_bo_destroy(r.dev, bos[0]);
   kiln_intel_bo_destroy(r.dev, bos[1]);
   kiln_intel_device_close(r.dev);
   kiln_program_free(program);
   return kiln_test_summary();
}
