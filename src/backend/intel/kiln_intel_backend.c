/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * NIR (OpenCL kernel, explicit I/O) to Gen12 / Gen12.5 machine code
 * through Mesa's brw, after brw_kernel.c (intel_clc's path for OpenCL
 * kernels): brw's preprocessing, its compute intrinsics with local ids
 * computed from the sub-group index (no hardware-generated ids, no
 * local-id buffer), kiln's inputs as push constants (kiln_intel_abi.h),
 * then brw_compile_cs at the one SIMD width the kernel's sub-group size
 * requires.  Kernels brw cannot take on the target (doubles: Gen12 and
 * DG2 have no 64-bit float unit and kiln carries no soft-fp64 library;
 * images and samplers, whose surface states kiln does not build for
 * Intel) are refused with a message naming the kernel.
 */
#include "kiln_intel_backend.h"
#include "kiln_amd_abi.h"
#include "kiln_backend.h"
#include "kiln_compiler_internal.h"
#include "kiln_intel_abi.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/brw_compiler.h"
#include "compiler/brw_disasm.h"
#include "compiler/brw_nir.h"
#include "dev/intel_device_info.h"
#include "nir_builder.h"
#include "util/os_time.h"
#include "util/ralloc.h"
#include "util/u_math.h"

static void
log_error(struct kiln_log *log, const char *kernel, const char *message)
{
   kiln_log_append(log, "error: kernel %s: %s\n", kernel, message);
}

/* What brw cannot compile for the target, or kiln cannot launch there. */
static const char *
refusal(const nir_shader *nir, const struct intel_device_info *devinfo)
{
   if ((nir->info.bit_sizes_float & 64) && !devinfo->has_64bit_float)
      return "uses double, and this GPU has no 64-bit floating point "
             "(kiln's Intel backend offers no cl_khr_fp64 emulation)";
   if (nir->info.num_images || nir->info.num_textures)
      return "uses images, which kiln's Intel backend does not support yet";
   nir_foreach_function_impl (impl, nir) {
      nir_foreach_block (block, impl) {
         nir_foreach_instr (instr, block) {
            if (instr->type == nir_instr_type_tex)
               return "samples an image, which kiln's Intel backend does not support yet";
            if (instr->type == nir_instr_type_call)
               return "calls a function that was not inlined";
            if (instr->type != nir_instr_type_intrinsic)
               continue;
            switch (nir_instr_as_intrinsic(instr)->intrinsic) {
            case nir_intrinsic_image_deref_load:
            case nir_intrinsic_image_deref_store:
            case nir_intrinsic_image_deref_size:
            case nir_intrinsic_image_deref_atomic:
            case nir_intrinsic_image_deref_atomic_swap:
            case nir_intrinsic_image_deref_format:
            case nir_intrinsic_image_deref_order:
               return "uses images, which kiln's Intel backend does not support yet";
            default:
               break;
            }
         }
      }
   }
   return NULL;
}

/* The GRF numbers one instruction of brw's disassembly names (an
 * instruction's text runs on over indented lines: a send's descriptor),
 * each passed to fn. */
static void
for_each_grf(const char *insn, const char *end, void (*fn)(unsigned reg, void *data), void *data)
{
   for (const char *p = insn; p < end; p++) {
      if (*p != 'g' || !isdigit((unsigned char)p[1]) ||
          (p > insn && (isalnum((unsigned char)p[-1]) || p[-1] == '_')))
         continue;
      char *after;
      const unsigned reg = strtoul(p + 1, &after, 10);
      if (after < end && (isupper((unsigned char)*after) || *after == '.' || *after == '<'))
         fn(reg, data);
   }
}

static const char *
insn_end(const char *insn)
{
   const char *p = insn;
   while ((p = strchr(p, '\n')) && (p[1] == ' ' || p[1] == '\t'))
      p++;
   return p ? p : insn + strlen(insn);
}

static void
mark_grf(unsigned reg, void *data)
{
   uint8_t *eot_payload = data;
   if (reg < 256)
      eot_payload[reg] = 1;
}

static void
mark_used(unsigned reg, void *data)
{
   uint8_t *used = data;
   if (reg < 256)
      used[reg] = 1;
}

/* The GRFs the code names, the end-of-thread send's payload aside: brw
 * copies r0 into one of the top registers (r112-r127) for it whatever the
 * kernel's pressure.  Its register allocator spreads values over the
 * whole file, so the highest register says little; the count of those
 * named is the code's footprint. */
static unsigned
count_grfs(const char *disasm)
{
   uint8_t eot_payload[256] = { 0 }, used[256] = { 0 };
   for (const char *insn = disasm; *insn;) {
      const char *end = insn_end(insn);
      if (memmem(insn, end - insn, "EOT", 3))
         for_each_grf(insn, end, mark_grf, eot_payload);
      else
         for_each_grf(insn, end, mark_used, used);
      insn = *end ? end + 1 : end;
   }
   unsigned count = 0;
   for (unsigned r = 0; r < 256; r++)
      count += used[r] && !eot_payload[r];
   return count;
}

/* Instructions in brw's disassembly, less the scoreboard's sync nops and
 * nops, which do no work (as iga64 would count them): brw's own statistic
 * misses a sync nop the scheduler adds after it counted. */
static unsigned
count_instructions(const char *disasm)
{
   unsigned n = 0;
   for (const char *line = disasm; *line;) {
      const char *end = strchr(line, '\n');
      if (!end)
         end = line + strlen(line);
      if (end > line && !isspace((unsigned char)*line) && end[-1] != ':' &&
          strncmp(line, "sync nop", 8) && strncmp(line, "nop", 3))
         n++;
      line = *end ? end + 1 : end;
   }
   return n;
}

static char *
disassemble(const struct brw_compiler *compiler, const void *code, int start, int end)
{
   char *text = NULL;
   size_t size = 0;
   FILE *f = open_memstream(&text, &size);
   if (!f)
      return NULL;
   brw_disassemble_with_labels(&compiler->isa, code, start, end, f);
   if (fclose(f)) {
      free(text);
      return NULL;
   }
   return text;
}

/* brw's own sequence for intel_clc's kernels (brw_kernel.c) from the
 * point where kiln's front end leaves the kernel. */
static void
lower_for_brw(nir_shader *nir, const struct kiln_intel_target_info *t, struct kiln_kernel *k)
{
   /* brw's options for kernels fit what the front end made. */
   assert(gl_shader_stage_is_compute(nir->info.stage));
   NIR_PASS(_, nir, kiln_intel_lower_ldexp);
   /* Neither GPU divides 64-bit integers: a reciprocal and Newton-Raphson
    * steps instead of nir_lower_int64's 64 iterations of shift-subtract
    * (size_t % n costs ten times less). */
   NIR_PASS(_, nir, kiln_nir_lower_divmod64);
   nir->options = t->compiler->nir_options[MESA_SHADER_KERNEL];

   struct brw_nir_compiler_opts opts = { 0 };
   brw_preprocess_nir(t->compiler, nir, &opts);
   NIR_PASS(_, nir, kiln_intel_lower_abi, k->kernarg_alloc_size, k->implicit_offset);
   /* Local ids from the size of the group the hardware runs, which a
    * partial group makes smaller than even a required size: brw derives
    * them from load_workgroup_size only for a variable size. */
   const bool variable = nir->info.workgroup_size_variable;
   nir->info.workgroup_size_variable = true;
   NIR_PASS(_, nir, brw_nir_lower_cs_intrinsics, t->devinfo, NULL);
   nir->info.workgroup_size_variable = variable;
   NIR_PASS(_, nir, kiln_intel_lower_hw_group_size, k->kernarg_alloc_size, k->implicit_offset);
   NIR_PASS(_, nir, nir_opt_constant_folding);
   NIR_PASS(_, nir, nir_opt_dce);
}

enum kiln_compile_status
kiln_intel_compile_kernel(nir_shader *nir, enum kiln_target target, unsigned wave_size,
                          uint32_t debug, struct kiln_kernel *k, struct kiln_log *log)
{
   const struct kiln_intel_target_info *t = kiln_intel_target(target);
   const struct brw_compiler *compiler = t->compiler;
   int64_t start = os_time_get_nano();
   /* kiln_backend_choose refused any other size. */
   assert(kiln_intel_supports_wave_size(target, wave_size));

   const char *refused = refusal(nir, t->devinfo);
   if (refused) {
      log_error(log, k->name, refused);
      return KILN_COMPILE_ERROR_UNSUPPORTED;
   }

   k->implicit_offset = KILN_KERNARG_IMPLICIT_OFFSET(k->kernarg_size);
   k->kernarg_alloc_size = k->implicit_offset + KILN_IMPLICIT_SIZE;
   nir->info.subgroup_size = (enum gl_subgroup_size)wave_size;
   lower_for_brw(nir, t, k);

   if (debug & KILN_DEBUG_NIR_FINAL) {
      fprintf(stderr, "kiln: NIR for %s entering brw:\n", k->name);
      nir_print_shader(nir, stderr);
   }

   void *mem_ctx = ralloc_context(NULL);
   struct brw_cs_prog_key key;
   struct brw_cs_prog_data prog_data;
   struct brw_compile_stats stats[3];
   memset(&key, 0, sizeof(key));
   memset(&prog_data, 0, sizeof(prog_data));
   memset(stats, 0, sizeof(stats));
   /* Every push-constant dword, in order; brw pushes them all. */
   prog_data.base.nr_params = nir->num_uniforms / 4;
   prog_data.base.param = rzalloc_array(mem_ctx, uint32_t, prog_data.base.nr_params);

   struct brw_compile_cs_params params = {
      .base = {
         .mem_ctx = mem_ctx,
         .nir = nir,
         .stats = stats,
      },
      .key = &key,
      .prog_data = &prog_data,
   };
   const unsigned *program = brw_compile_cs(compiler, &params);
   if (!program || !prog_data.prog_mask) {
      log_error(log, k->name, params.base.error_str ? params.base.error_str : "brw failed");
      ralloc_free(mem_ctx);
      return KILN_COMPILE_ERROR_BACKEND;
   }
   if (prog_data.base.num_relocs) {
      log_error(log, k->name, "brw asked for relocations kiln does not apply");
      ralloc_free(mem_ctx);
      return KILN_COMPILE_ERROR_BACKEND;
   }

   const unsigned simd = ffs(prog_data.prog_mask) - 1;
   assert(simd < 3); /* SIMD8, 16 or 32 */
   const int code_start = prog_data.prog_offset[simd];
   const int code_end = brw_disassemble_find_end(&compiler->isa, program, code_start);
   assert(code_start >= 0 && code_start <= code_end &&
          (unsigned)code_end <= prog_data.base.program_size);

   k->code_size = prog_data.base.program_size;
   k->code = malloc(k->code_size);
   if (!k->code) {
      ralloc_free(mem_ctx);
      return KILN_COMPILE_ERROR_NO_MEMORY;
   }
   memcpy(k->code, program, k->code_size);
   k->disasm = disassemble(compiler, program, code_start, code_end);

   k->wave_size = 8u << simd;
   k->lds_bytes = prog_data.base.total_shared;
   assert(prog_data.base.total_scratch % k->wave_size == 0);
   k->scratch_bytes_per_lane = prog_data.base.total_scratch / k->wave_size;
   k->intel = (struct kiln_intel_kernel){
      .simd_width = k->wave_size,
      .push_bytes = prog_data.push.cross_thread.size,
      .per_thread_push_bytes = prog_data.push.per_thread.size,
      .const_data_offset = prog_data.base.const_data_size ? prog_data.base.const_data_offset : 0,
      .grf_used = k->disasm ? count_grfs(k->disasm) : 0,
      .scratch_bytes_per_thread = prog_data.base.total_scratch,
      .uses_barrier = prog_data.uses_barrier,
      .uses_num_work_groups = prog_data.uses_num_work_groups,
   };
   k->stats = (struct kiln_kernel_stats){
      .instructions = k->disasm ? count_instructions(k->disasm) : stats[0].instructions,
      .code_bytes = code_end - code_start,
      .vgprs = stats[0].max_live_registers, /* peak pressure, in GRFs */
      .sgprs = 0,
      /* brw's count includes spills of register allocation attempts it
       * then discarded; only a program it marks spilled has any. */
      .spills = (prog_data.prog_spilled & (1u << simd)) ? stats[0].spills : 0,
      .lds_bytes = k->lds_bytes,
      .scratch_bytes = k->scratch_bytes_per_lane,
      .wave_size = k->wave_size,
      .compile_ms = (os_time_get_nano() - start) / 1e6,
   };
   ralloc_free(mem_ctx);
   return KILN_COMPILE_OK;
}

const struct kiln_backend kiln_backend_intel = {
   .name = "Intel",
   .supports_device_enqueue = false,
   .nir_options = kiln_intel_nir_options,
   .generic_options = kiln_intel_generic_options,
   .default_wave_size = kiln_intel_default_wave_size,
   .supports_wave_size = kiln_intel_supports_wave_size,
   .compile_kernel = kiln_intel_compile_kernel,
};
