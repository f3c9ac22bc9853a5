/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * drivers/intel through a noop render node of either Intel kernel driver,
 * LD_PRELOADed by meson with INTEL_STUB_GPU_PLATFORM naming the GPU:
 * Mesa's Intel drm-shim for i915, kiln's intel_xe_noop_drm_shim for xe.
 * A kernel compiled by kiln for the target is launched, and the batch the
 * driver submitted is decoded by Mesa's own batch decoder (intel_decoder),
 * independent of the genxml packing that wrote it.  Checked: the device
 * runs on the kernel driver the test names, every command decodes (no
 * unknown instruction), every address the decoder follows lies in a
 * buffer the submission made resident (on xe also in a range the shim saw
 * bound in the VM, and the shim ran the batch at the batch's address),
 * the kernel start
 * pointer leads the decoder to the uploaded code, and the walker's
 * thread-group counts, threads per group, SIMD width and last thread's
 * execution mask are those the launch implies (computed here from the
 * OpenCL launch by the hardware's rules: threads = ceil(group / SIMD), the
 * last thread's lanes group - (threads - 1) * SIMD).  No Intel GPU runs
 * the kernel: results are not checked.
 *
 * usage: test_intel_shim tgl|dg2 i915|xe
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "intel_batch_decode.h"
#include "kiln_compiler.h"
#include "kiln_intel.h"
#include "kiln_intel_kernel_launch.h"
#include "kiln_test.h"
#include "intel_xe_noop_drm_shim.h"

#include "dev/intel_device_info.h"

static const char kernel_source[] =
   "kernel void reverse_scale(global const float *in, global float *out, float k)\n"
   "{\n"
   "   local float tile[64];\n"
   "   size_t l = get_local_id(0);\n"
   "   tile[l] = in[get_global_id(0)];\n"
   "   barrier(CLK_LOCAL_MEM_FENCE);\n"
   "   out[get_global_id(0)] = tile[get_local_size(0) - 1 - l] * k;\n"
   "}\n";

/* A launch whose groups end in a partial SIMD16 thread. */
static const unsigned global_size[3] = { 120, 2, 1 };
static const unsigned local_size[3] = { 40, 1, 1 };

/* The decoder prints each field as "NAME: VALUE" on its own line,
 * numbers in decimal. */
static bool
has_field(const char *text, const char *name, const char *value)
{
   char line[160];
   snprintf(line, sizeof(line), "%s: %s\n", name, value);
   return strstr(text, line) != NULL;
}

static void
check_field(const char *text, const char *name, unsigned value)
{
   char v[32];
   snprintf(v, sizeof(v), "%u", value);
   CHECK(has_field(text, name, v), "the decoder shows no \"%s: %s\"", name, v);
}

static const struct kiln_kernel *
compile(enum kiln_target target, struct kiln_program **program)
{
   struct kiln_compile_options options = { .target = target, .source_name = "reverse_scale.cl" };
   char *log = NULL;
   enum kiln_compile_status status =
      kiln_compile(kernel_source, sizeof(kernel_source) - 1, &options, program, &log);
   CHECK(status == KILN_COMPILE_OK, "kiln_compile: %d\n%s", status, log ? log : "");
   free(log);
   return status == KILN_COMPILE_OK ? kiln_program_find_kernel(*program, "reverse_scale") : NULL;
}

int
main(int argc, char **argv)
{
   enum kiln_target target;
   if (argc != 3 || !kiln_target_from_name(argv[1], &target) ||
       (target != KILN_TARGET_TGL && target != KILN_TARGET_DG2) ||
       (strcmp(argv[2], "i915") && strcmp(argv[2], "xe"))) {
      fprintf(stderr, "usage: test_intel_shim tgl|dg2 i915|xe\n");
      return 2;
   }
   const bool xe = !strcmp(argv[2], "xe");

   struct kiln_program *program = NULL;
   const struct kiln_kernel *k = compile(target, &program);
   struct kiln_intel_device *dev = NULL;
   char err[256];
   int ret = kiln_intel_device_open(NULL, &dev, err, sizeof(err));
   if (!CHECK(ret == 0, "kiln_intel_device_open: %s", err) || !k)
      return kiln_test_summary();
   const struct intel_device_info *info = kiln_intel_device_info(dev);
   printf("kernel driver: %s\n", kiln_intel_device_kmd_name(dev));
   CHECK(!strcmp(kiln_intel_device_kmd_name(dev), argv[2]), "the device runs on %s, not %s",
         kiln_intel_device_kmd_name(dev), argv[2]);
   CHECK_EQ_INT("the shim's GFX version", info->verx10, target == KILN_TARGET_TGL ? 120 : 125);
   /* What the kernel driver's queries made of the GPU is what Mesa's table
    * says of its PCI id. */
   struct intel_device_info table;
   if (CHECK(intel_get_device_info_from_pci_id(info->pci_device_id, &table),
             "PCI id 0x%x is in no table", info->pci_device_id)) {
      CHECK_EQ_INT("subslices", info->subslice_total, table.subslice_total);
      CHECK_EQ_INT("EUs per subslice", info->max_eus_per_subslice, table.max_eus_per_subslice);
      CHECK_EQ_INT("compute threads per subslice", info->max_cs_threads, table.max_cs_threads);
      CHECK_EQ_INT("local memory", info->has_local_mem, table.has_local_mem);
   }

   struct kiln_test_decode s = { 0 };
   kiln_xe_shim_last_exec_fn last_exec = NULL;
   if (xe) {
      s.vm_binding = (kiln_xe_shim_binding_fn)dlsym(RTLD_DEFAULT, "kiln_xe_shim_binding");
      last_exec = (kiln_xe_shim_last_exec_fn)dlsym(RTLD_DEFAULT, "kiln_xe_shim_last_exec");
      if (!CHECK(s.vm_binding && last_exec, "the xe shim is not preloaded"))
         return kiln_test_summary();
   }
   struct kiln_intel_bo *in = NULL, *out = NULL;
   CHECK(!kiln_intel_bo_create(dev, 240 * 4, &in) && !kiln_intel_bo_create(dev, 240 * 4, &out),
         "buffers");
   uint8_t kernarg[256] = { 0 };
   const float scale = 3.0f;
   memcpy(kernarg + k->args[0].offset, &in->address, 8);
   memcpy(kernarg + k->args[1].offset, &out->address, 8);
   memcpy(kernarg + k->args[2].offset, &scale, 4);
   struct kiln_intel_bo *bos[] = { in, out };
   struct kiln_intel_launch launch = kiln_intel_kernel_launch(k);
   launch.kernarg = kernarg;
   launch.work_dim = 2;
   launch.bos = bos;
   launch.num_bos = 2;
   for (unsigned i = 0; i < 3; i++) {
      launch.global_size[i] = global_size[i];
      launch.local_size[i] = local_size[i];
   }
   struct kiln_intel_submission sub;
   ret = kiln_intel_dispatch(dev, &launch, &sub);
   if (!CHECK(ret == 0, "kiln_intel_dispatch: %s", kiln_intel_device_error(dev)))
      return kiln_test_summary();
   ret = kiln_intel_wait(dev, &sub, 1000000000);
   CHECK(ret == 0, "kiln_intel_wait: %s", kiln_intel_device_error(dev));

   struct kiln_intel_bo *resident[] = { in, out, sub.instructions, sub.state, sub.fence, sub.batch };
   memcpy(s.bos, resident, sizeof(resident));
   s.num_bos = 6;
   char *text = kiln_test_decode_batch(info, &s, &sub);
   if (!CHECK(text, "the batch did not decode"))
      return kiln_test_summary();
   if (getenv("KILN_TEST_VERBOSE"))
      fputs(text, stdout);

   /* Every command decodes, every address is in a bound buffer. */
   CHECK(!strstr(text, "unknown instruction"), "the decoder met an unknown instruction");
   CHECK_EQ_INT("addresses outside the bound buffers", s.unbound, 0);
   CHECK_EQ_INT("addresses outside the VM bindings", s.unbound_in_vm, 0);
   if (xe)
      CHECK_EQ64("the batch address xe ran", last_exec(), sub.batch->address);
   const bool gfx125 = info->verx10 >= 125;
   const char *const commands[] = {
      "PIPELINE_SELECT",
      "STATE_BASE_ADDRESS",
      "PIPE_CONTROL",
      "MI_BATCH_BUFFER_END",
      gfx125 ? "CFE_STATE" : "MEDIA_VFE_STATE",
      gfx125 ? "COMPUTE_WALKER" : "GPGPU_WALKER",
      gfx125 ? "COMPUTE_WALKER" : "MEDIA_INTERFACE_DESCRIPTOR_LOAD",
      gfx125 ? "COMPUTE_WALKER" : "MEDIA_CURBE_LOAD",
   };
   for (unsigned i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
      CHECK(strstr(text, commands[i]), "the batch has no %s", commands[i]);

   /* The kernel start pointer leads to the code as uploaded. */
   CHECK_EQ_INT("kernels the decoder found", s.shaders, 1);
   CHECK_EQ64("kernel address", s.shader_address, sub.instructions->address);
   CHECK(
      s.shader && s.shader_size == k->stats.code_bytes && !memcmp(s.shader, k->code, s.shader_size),
      "the decoded kernel (%u bytes) is not the compiled code (%u bytes)", s.shader_size,
      k->stats.code_bytes);

   /* The walker, from the launch by the hardware's rules. */
   const unsigned simd = k->intel.simd_width;
   const unsigned group = local_size[0] * local_size[1] * local_size[2];
   const unsigned threads = (group + simd - 1) / simd;
   const unsigned last_lanes = group - (threads - 1) * simd;
   const unsigned mask = last_lanes == 32 ? 0xffffffffu : (1u << last_lanes) - 1;
   check_field(text, "Thread Group ID X Dimension", global_size[0] / local_size[0]);
   check_field(text, "Thread Group ID Y Dimension", global_size[1] / local_size[1]);
   check_field(text, "Thread Group ID Z Dimension", global_size[2] / local_size[2]);
   check_field(text, "Number of Threads in GPGPU Thread Group", threads);
   if (gfx125) {
      check_field(text, "Execution Mask", mask);
      check_field(text, "Local X Maximum", local_size[0] - 1);
   } else {
      check_field(text, "Right Execution Mask", mask);
      check_field(text, "Thread Width Counter Maximum", threads - 1);
   }
   CHECK(has_field(text, "Barrier Enable", "true"), "the decoder shows no barrier enabled");
   /* The walkers run in the GPGPU pipeline, which a context does not start in. */
   CHECK(has_field(text, "Pipeline Selection", "2 (GPGPU)"), "the batch selects no GPGPU pipeline");

   free(text);
   kiln_intel_submission_finish(dev, &sub);
   kiln_intel_bo_destroy(dev, in);
   kiln_intel_bo_destroy(dev, out);
   kiln_intel_device_close(dev);
   kiln_program_free(program);
   return kiln_test_summary();
}
