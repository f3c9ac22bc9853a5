/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * NIR (OpenCL kernel, explicit I/O) to ACO machine code.  The lowering
 * sequence follows radeonsi's compute path (si_shader.c) for what ACO
 * expects, with kiln's kernel ABI in place of radeonsi's user-SGPR layout:
 * the kernarg pointer and scratch base are the only user SGPRs, and every
 * OpenCL launch value comes from the kernarg buffer (kiln_amd_abi.h).
 */
#include "kiln_amd_backend.h"
#include "kiln_amd_images.h"
#include "kiln_amd_target.h"
#include "kiln_backend.h"
#include "kiln_compiler_internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ac_hw_stage.h"
#include "ac_nir.h"
#include "ac_shader_args.h"
#include "aco_interface.h"
#include "kiln_amd_abi.h"
#include "kiln_nir_passes.h"
#include "nir_builder.h"
#include "sid.h"
#include "util/os_time.h"
#include "util/u_math.h"

/* The argument layout of kiln_amd_abi.h, in the order the hardware
 * initialises registers: user SGPRs, system SGPRs, then VGPRs. */
struct kiln_amd_args {
   struct ac_shader_args ac;
   struct ac_arg kernarg_ptr;
};

static void
declare_args(struct kiln_amd_args *args, enum amd_gfx_level gfx_level, bool tg_size)
{
   memset(args, 0, sizeof(*args));
   ac_add_arg(&args->ac, AC_ARG_SGPR, 2, AC_ARG_CONST_PTR, &args->ac.ring_offsets);
   ac_add_arg(&args->ac, AC_ARG_SGPR, 2, AC_ARG_CONST_PTR, &args->kernarg_ptr);
   assert(args->ac.args[args->ac.ring_offsets.arg_index].offset == KILN_ABI_USER_SGPR_SCRATCH_BASE);
   assert(args->ac.args[args->kernarg_ptr.arg_index].offset == KILN_ABI_USER_SGPR_KERNARG_PTR);
   assert(args->ac.num_sgprs_used == KILN_ABI_NUM_USER_SGPRS);

   for (unsigned i = 0; i < 3; i++)
      ac_add_arg(&args->ac, AC_ARG_SGPR, 1, AC_ARG_INT, &args->ac.workgroup_ids[i]);
   if (tg_size)
      ac_add_arg(&args->ac, AC_ARG_SGPR, 1, AC_ARG_INT, &args->ac.tg_size);
   ac_add_arg(&args->ac, AC_ARG_SGPR, 1, AC_ARG_INT, &args->ac.scratch_offset);

   if (gfx_level >= GFX11) {
      ac_add_arg(&args->ac, AC_ARG_VGPR, 1, AC_ARG_INT, &args->ac.local_invocation_ids_packed);
   } else {
      ac_add_arg(&args->ac, AC_ARG_VGPR, 1, AC_ARG_INT, &args->ac.local_invocation_id_x);
      ac_add_arg(&args->ac, AC_ARG_VGPR, 1, AC_ARG_INT, &args->ac.local_invocation_id_y);
      ac_add_arg(&args->ac, AC_ARG_VGPR, 1, AC_ARG_INT, &args->ac.local_invocation_id_z);
   }
   /* The SGPRs and VGPRs fill_rsrc enables, in the hardware's order. */
   assert(args->ac.num_sgprs_used == KILN_ABI_NUM_USER_SGPRS + 3 + tg_size + 1);
   assert(args->ac.num_vgprs_used == (gfx_level >= GFX11 ? 1 : 3));
}

/* Loops of known trip count unroll here, with radeonsi's limit (si_get.c;
 * ac leaves it to the driver, and without one nir_opt_loop_unroll unrolls
 * nothing).  Not in the front end: there nir_opt_dead_write_vars takes
 * printf's argument struct for unread, so in a loop calling printf,
 * unrolled before nir_lower_printf, all but the last call would lose their
 * arguments. */
static void
opt_loop(nir_shader *nir)
{
   const nir_shader_compiler_options *options = nir->options;
   nir_shader_compiler_options unroll = *options;
   unroll.max_unroll_iterations = 128;
   unroll.max_unroll_iterations_aggressive = 128;
   nir->options = &unroll;

   bool progress;
   do {
      progress = false;
      NIR_PASS(progress, nir, nir_lower_alu_to_scalar, nir->options->lower_to_scalar_filter, NULL);
      NIR_PASS(progress, nir, nir_lower_phis_to_scalar, false);
      NIR_PASS(progress, nir, nir_copy_prop);
      NIR_PASS(progress, nir, nir_opt_dce);
      NIR_PASS(progress, nir, nir_opt_cse);
      NIR_PASS(progress, nir, nir_opt_algebraic);
      NIR_PASS(progress, nir, nir_opt_constant_folding);
      NIR_PASS(progress, nir, nir_opt_dead_cf);
      NIR_PASS(progress, nir, nir_opt_remove_phis);
      NIR_PASS(progress, nir, nir_opt_peephole_select, 8, true, true);
      NIR_PASS(progress, nir, nir_opt_undef);
      NIR_PASS(progress, nir, nir_opt_loop_unroll);
   } while (progress);
   nir->options = options;
}

static void
late_opts(nir_shader *nir)
{
   bool more;
   do {
      more = false;
      NIR_PASS(more, nir, nir_opt_algebraic_late);
      NIR_PASS(_, nir, nir_opt_constant_folding);
      NIR_PASS(_, nir, nir_copy_prop);
      NIR_PASS(_, nir, nir_opt_dce);
      NIR_PASS(_, nir, nir_opt_cse);
   } while (more);
}

/* ac_nir_mem_vectorize_callback, except that global accesses below dword
 * alignment also merge into the sizes kiln_nir_opt_unaligned_global makes
 * single instructions: judged by ac as if aligned, since the hardware
 * accesses them at any byte address and the merged size is exact. */
static bool
mem_vectorize_callback(unsigned align_mul, unsigned align_offset, unsigned bit_size,
                       unsigned num_components, int64_t hole_size, nir_intrinsic_instr *low,
                       nir_intrinsic_instr *high, void *data)
{
   const unsigned bytes = num_components * bit_size / 8;
   const bool global = low->intrinsic == nir_intrinsic_load_global ||
                       low->intrinsic == nir_intrinsic_load_global_constant ||
                       low->intrinsic == nir_intrinsic_store_global;
   if (global && hole_size <= 0 && nir_combined_align(align_mul, align_offset) < 4 &&
       !(nir_intrinsic_access(low) & (ACCESS_SMEM_AMD | ACCESS_VOLATILE)) &&
       !(nir_intrinsic_access(high) & ACCESS_VOLATILE) &&
       kiln_nir_unaligned_global_size_ok(bytes)) {
      align_mul = MIN2(bytes, 4);
      align_offset = 0;
   }
   return ac_nir_mem_vectorize_callback(align_mul, align_offset, bit_size, num_components,
                                        hole_size, low, high, data);
}

/* ACO addresses the shader's constant data (nir_opt_large_constants'
 * tables, libclc's among them) with a 32-bit buffer offset, as radeonsi's
 * 32-bit private pointers give it; kiln's derefs are 64-bit, so the offset
 * is narrowed here.  The constant data is far smaller than 4 GiB. */
static bool
narrow_constant_offset(nir_builder *b, nir_intrinsic_instr *intr, void *data)
{
   if (intr->intrinsic != nir_intrinsic_load_constant || intr->src[0].ssa->bit_size == 32)
      return false;
   b->cursor = nir_before_instr(&intr->instr);
   nir_src_rewrite(&intr->src[0], nir_u2u32(b, intr->src[0].ssa));
   return true;
}

/* A 64-bit sum over the wave (reduce, inclusive or exclusive scan) of a
 * value every lane shares, as the value times the number of lanes summed
 * (an exclusive or: times its parity; a reduce or inclusive scan by min,
 * max, and, or: the value).
 * ac_nir_optimize_uniform_atomics makes these for every atomic add of a
 * wave-uniform value (atom_add(p, 5)), as sub_group_reduce_add(x) does for
 * a uniform x; ACO multiplies only 32-bit ones and reduces 64-bit ones
 * lane by lane, some 20 DPP instructions each.  Needs divergence. */
static bool
uniform_add64_reduce(nir_builder *b, nir_intrinsic_instr *intr, void *data)
{
   if ((intr->intrinsic != nir_intrinsic_reduce &&
        intr->intrinsic != nir_intrinsic_inclusive_scan &&
        intr->intrinsic != nir_intrinsic_exclusive_scan) ||
       intr->def.bit_size != 64 || nir_src_is_divergent(&intr->src[0]))
      return false;

   const nir_op op = nir_intrinsic_reduction_op(intr);
   switch (op) {
   case nir_op_iadd:
   case nir_op_ixor:
      break;
   case nir_op_imin:
   case nir_op_umin:
   case nir_op_imax:
   case nir_op_umax:
   case nir_op_iand:
   case nir_op_ior:
      /* Idempotent: the value itself, but for the exclusive scan's first
       * lane, which gets the identity. */
      if (intr->intrinsic == nir_intrinsic_exclusive_scan)
         return false;
      nir_def_replace(&intr->def, intr->src[0].ssa);
      return true;
   default:
      return false;
   }

   /* After nir_lower_subgroups (lower_to_scalar): one 64-bit value. */
   assert(intr->src[0].ssa->bit_size == 64 && intr->src[0].ssa->num_components == 1);
   b->cursor = nir_before_instr(&intr->instr);
   nir_def *ballot = nir_ballot(
      b, 1, b->shader->info.subgroup_size == SUBGROUP_SIZE_REQUIRE_32 ? 32 : 64, nir_imm_true(b));
   nir_def *lanes;
   if (intr->intrinsic == nir_intrinsic_reduce) {
      lanes = nir_bit_count(b, ballot);
   } else {
      lanes = nir_mbcnt_amd(b, ballot, nir_imm_int(b, 0));
      if (intr->intrinsic == nir_intrinsic_inclusive_scan)
         lanes = nir_iadd_imm(b, lanes, 1);
   }
   if (op == nir_op_ixor)
      lanes = nir_iand_imm(b, lanes, 1); /* x ^ x cancels in pairs */
   nir_def_replace(&intr->def, nir_imul(b, nir_u2u64(b, lanes), intr->src[0].ssa));
   return true;
}

/* Whether the kernel reads its sub-group's index, the number of
 * sub-groups or its flat local index: ac_nir_lower_intrinsics_to_args
 * computes all three from the TG_SIZE SGPR when a work-group may have
 * more than one wave. */
static bool
reads_tg_size(nir_shader *nir)
{
   nir_foreach_function_impl (impl, nir) {
      nir_foreach_block (block, impl) {
         nir_foreach_instr (instr, block) {
            if (instr->type != nir_instr_type_intrinsic)
               continue;
            switch (nir_instr_as_intrinsic(instr)->intrinsic) {
            case nir_intrinsic_load_subgroup_id:
            case nir_intrinsic_load_num_subgroups:
            case nir_intrinsic_load_local_invocation_index:
               return true;
            default:
               break;
            }
         }
      }
   }
   return false;
}

/* What radeonsi does between its own ABI lowering and ACO, for a kernel. */
static void
lower_for_aco(nir_shader *nir, const struct kiln_amd_target_info *t, unsigned wave_size,
              unsigned implicit_offset, const struct kiln_amd_args *args)
{
   const enum amd_gfx_level gfx_level = t->info.gfx_level;
   assert(wave_size == 32 || wave_size == 64);
   assert(gl_shader_stage_is_compute(nir->info.stage));

   const nir_shader_compiler_options *o = nir->options;
   unsigned lower_flrp =
      (o->lower_flrp16 ? 16 : 0) | (o->lower_flrp32 ? 32 : 0) | (o->lower_flrp64 ? 64 : 0);
   NIR_PASS(_, nir, nir_lower_flrp, lower_flrp, false);
   /* ACO converts to and from half at 32 bits only: a double goes through
    * float without rounding twice. */
   NIR_PASS(_, nir, kiln_nir_lower_f16_f64_casts);
   NIR_PASS(_, nir, nir_shader_intrinsics_pass, narrow_constant_offset, nir_metadata_control_flow,
            NULL);

   kiln_amd_lower_images(nir, gfx_level);

   /* First, so that the 64-bit and sub-dword ALU it creates is lowered by
    * the passes below like the kernel's own. */
   struct kiln_nir_kernel_abi_options abi = {
      .kernarg_ptr_arg = args->kernarg_ptr.arg_index,
      .implicit_offset = implicit_offset,
   };
   NIR_PASS(_, nir, kiln_nir_lower_kernel_abi, &abi);

   const struct nir_lower_subgroups_options subgroups = {
      .subgroup_size = wave_size,
      .ballot_bit_size = wave_size,
      .ballot_components = 1,
      .lower_to_scalar = true,
      .lower_subgroup_masks = true,
      .lower_relative_shuffle = true,
      .lower_shuffle_to_32bit = true,
      .lower_vote_eq = true,
      .lower_vote_bool_eq = true,
      .lower_quad_broadcast_dynamic = true,
      .lower_shuffle_to_swizzle_amd = true,
      .lower_ballot_bit_count_to_mbcnt_amd = true,
      .lower_boolean_reduce = true,
      .lower_boolean_shuffle = true,
   };
   NIR_PASS(_, nir, nir_lower_subgroups, &subgroups);
   NIR_PASS(_, nir, nir_lower_pack);
   NIR_PASS(_, nir, nir_opt_idiv_const, 8);
   NIR_PASS(_, nir, nir_lower_idiv, &(nir_lower_idiv_options){ .allow_fp16 = true });

   nir_divergence_analysis(nir); /* ac_nir_flag_smem_for_loads reads it */
   NIR_PASS(_, nir, ac_nir_flag_smem_for_loads, gfx_level, false, true);
   NIR_PASS(_, nir, nir_lower_io_to_scalar,
            nir_var_mem_ssbo | nir_var_mem_shared | nir_var_mem_global,
            ac_nir_scalarize_overfetching_loads_callback, &gfx_level);
   opt_loop(nir);

   NIR_PASS(
      _, nir, nir_opt_load_store_vectorize,
      &(nir_load_store_vectorize_options){
         .modes = nir_var_mem_ssbo | nir_var_mem_shared | nir_var_mem_global | nir_var_shader_temp,
         .callback = mem_vectorize_callback,
         .cb_data = &(struct ac_nir_config){ gfx_level, true },
         .has_shared2_amd = true,
      });
   NIR_PASS(_, nir, kiln_nir_opt_unaligned_global);
   NIR_PASS(_, nir, kiln_nir_lower_unaligned_stores);
   NIR_PASS(_, nir, ac_nir_lower_mem_access_bit_sizes, gfx_level, false);
   /* Buffers are smaller than 4 GiB (see the pass). */
   NIR_PASS(_, nir, kiln_nir_opt_global_offset_32);
   NIR_PASS(_, nir, ac_nir_lower_global_access);

   if (nir->info.bit_sizes_int & (8 | 16)) {
      nir_divergence_analysis(nir);
      NIR_PASS(_, nir, nir_lower_bit_size, ac_nir_lower_bit_size_callback, (void *)&gfx_level);
   }
   ac_nir_optimize_uniform_atomics(nir);
   nir_divergence_analysis(nir);
   NIR_PASS(_, nir, nir_shader_intrinsics_pass, uniform_add64_reduce, nir_metadata_control_flow,
            NULL);
   NIR_PASS(_, nir, kiln_nir_lower_divmod64);
   NIR_PASS(_, nir, nir_lower_int64);

   NIR_PASS(
      _, nir, ac_nir_lower_intrinsics_to_args, gfx_level, false, AC_HW_COMPUTE_SHADER, wave_size,
      nir->info.workgroup_size_variable
         ? 1024
         : nir->info.workgroup_size[0] * nir->info.workgroup_size[1] * nir->info.workgroup_size[2],
      &args->ac);
   opt_loop(nir);

   static const nir_opt_offsets_options offset_options = {
      .uniform_max = 0,
      .buffer_max = ~0,
      .shared_max = ~0,
   };
   NIR_PASS(_, nir, nir_opt_offsets, &offset_options);
   late_opts(nir);
   NIR_PASS(_, nir, nir_opt_sink,
            nir_move_const_undef | nir_move_copies | nir_move_alu | nir_move_comparisons);
   NIR_PASS(_, nir, nir_opt_move,
            nir_move_const_undef | nir_move_copies | nir_move_alu | nir_move_comparisons);
   NIR_PASS(_, nir, nir_opt_move, nir_move_comparisons);
   NIR_PASS(_, nir, nir_lower_load_const_to_scalar);
   /* radeonsi stops here, leaving the vecN that nir_lower_load_const_to_scalar
    * builds.  A vector of 8-bit constants wider than a dword (an int8
    * vector plus a splat constant, e.g. char16 v + 1) then reaches ACO as a
    * packed SGPR vector whose byte extracts ACO 25.0 miscompiles: the
    * code it emits copies the vector's upper dwords from SGPRs that were
    * never written (for char16 v + 1 the adds read the kernel's pointer
    * arguments).  Copy propagation feeds each use its scalar constant and
    * removes the vecN. */
   NIR_PASS(_, nir, nir_copy_prop);
   NIR_PASS(_, nir, nir_opt_dce);
}

struct aco_result {
   bool ok;
   bool had_error;
   struct kiln_log *log;
   struct ac_shader_config config;
   uint32_t *code;
   unsigned code_dw;
   unsigned exec_size;
   char *disasm;
   unsigned instructions;
   unsigned sgprs_used; /* demand; config.num_sgprs is the allocation */
};

static void
build_binary(void **data, const struct ac_shader_config *config, const char *llvm_ir_str,
             unsigned llvm_ir_size, const char *disasm_str, unsigned disasm_size,
             uint32_t *statistics, uint32_t stats_size, uint32_t exec_size, const uint32_t *code,
             uint32_t code_dw, const struct aco_symbol *symbols, unsigned num_symbols,
             const struct ac_shader_debug_info *debug_info, unsigned debug_info_count)
{
   struct aco_result *r = (struct aco_result *)data;

   r->config = *config;
   r->exec_size = exec_size;
   r->code_dw = code_dw;
   r->code = malloc(code_dw * 4);
   if (r->code)
      memcpy(r->code, code, code_dw * 4);
   if (disasm_size) {
      r->disasm = malloc(disasm_size + 1);
      if (r->disasm) {
         memcpy(r->disasm, disasm_str, disasm_size);
         r->disasm[disasm_size] = '\0';
      }
   }
   for (unsigned i = 0; statistics && i < stats_size / sizeof(uint32_t); i++) {
      if (!strcmp(aco_statistic_infos[i].name, "Instructions"))
         r->instructions = statistics[i];
      else if (!strcmp(aco_statistic_infos[i].name, "Pre-Sched SGPRs"))
         r->sgprs_used = statistics[i];
   }
   r->ok = r->code != NULL;
   (void)symbols;
   (void)num_symbols;
   (void)llvm_ir_str;
   (void)llvm_ir_size;
   (void)debug_info;
   (void)debug_info_count;
}

static void
aco_debug_message(void *priv, enum aco_compiler_debug_level level, const char *message)
{
   struct aco_result *r = priv;
   kiln_log_append(r->log, "%s: ACO: %s\n",
                   level == ACO_COMPILER_DEBUG_LEVEL_ERROR ? "error" : "warning", message);
   if (level == ACO_COMPILER_DEBUG_LEVEL_ERROR)
      r->had_error = true;
}

/* The registers the code references, read from ACO's disassembly: the
 * highest VGPR and SGPR number + 1, and 2 more SGPRs when VCC is used (as
 * LLVM counts .sgpr_count).  config.num_vgprs is the allocation, rounded
 * up to the granule. */
static void
count_registers(const char *disasm, unsigned *vgprs, unsigned *sgprs)
{
   unsigned v = 0, s = 0;
   bool vcc = false;
   for (const char *p = disasm; *p; p++) {
      if (*p == ';') { /* the encoding comment, to the end of the line */
         while (p[1] && p[1] != '\n')
            p++;
         continue;
      }
      if (p > disasm && (isalnum(p[-1]) || p[-1] == '_'))
         continue;
      if (!strncmp(p, "vcc", 3)) {
         vcc = true;
         continue;
      }
      if (*p != 'v' && *p != 's')
         continue;
      char *end;
      unsigned last;
      if (isdigit(p[1])) {
         last = strtoul(p + 1, &end, 10);
         if (isalnum(*end) || *end == '_')
            continue;
      } else if (p[1] == '[' && isdigit(p[2])) {
         strtoul(p + 2, &end, 10);
         if (*end != ':')
            continue;
         last = strtoul(end + 1, &end, 10);
         if (*end != ']')
            continue;
      } else {
         continue;
      }
      if (*p == 'v')
         v = MAX2(v, last + 1);
      else
         s = MAX2(s, last + 1);
   }
   *vgprs = v;
   *sgprs = s + (vcc ? 2 : 0);
}

/* COMPUTE_PGM_RSRC1/2/3 as radeonsi's si_create_compute_state builds them,
 * with kiln's fixed user-SGPR count and TGID enables. */
static void
fill_rsrc(const struct kiln_amd_target_info *t, unsigned wave_size,
          const struct ac_shader_config *config, bool tg_size, struct kiln_kernel *k)
{
   const enum amd_gfx_level gfx_level = t->info.gfx_level;
   unsigned vgpr_granule = wave_size == 32 ? 8 : 4;
   /* ACO's allocation, in the ranges of RSRC1's fields. */
   assert(config->num_vgprs >= 1 && config->num_vgprs <= 256 &&
          config->num_vgprs % vgpr_granule == 0);
   assert(gfx_level >= GFX10 || (config->num_sgprs >= 1 && (config->num_sgprs - 1) / 8 <= 15));
   assert(config->num_shared_vgprs % 8 == 0);

   k->amd.rsrc1 = S_00B848_VGPRS((config->num_vgprs - 1) / vgpr_granule) | S_00B848_DX10_CLAMP(1) |
                  S_00B848_FLOAT_MODE(config->float_mode);
   if (gfx_level >= GFX10)
      k->amd.rsrc1 |= S_00B848_MEM_ORDERED(1) | S_00B848_WGP_MODE(0);
   else
      k->amd.rsrc1 |= S_00B848_SGPRS((config->num_sgprs - 1) / 8);

   unsigned lds_blocks = DIV_ROUND_UP(k->lds_bytes, 512);
   k->amd.rsrc2 = S_00B84C_USER_SGPR(KILN_ABI_NUM_USER_SGPRS) |
                  S_00B84C_SCRATCH_EN(config->scratch_bytes_per_wave > 0) | S_00B84C_TGID_X_EN(1) |
                  S_00B84C_TGID_Y_EN(1) | S_00B84C_TGID_Z_EN(1) | S_00B84C_TG_SIZE_EN(tg_size) |
                  S_00B84C_TIDIG_COMP_CNT(2) | S_00B84C_LDS_SIZE(lds_blocks);
   k->amd.rsrc3 = gfx_level >= GFX10 ? S_00B8A0_SHARED_VGPR_CNT(config->num_shared_vgprs / 8) : 0;
}

enum kiln_compile_status
kiln_amd_compile_kernel(nir_shader *nir, enum kiln_target target, unsigned wave_size,
                        uint32_t debug, struct kiln_kernel *k, struct kiln_log *log)
{
   const struct kiln_amd_target_info *t = kiln_amd_target(target);
   int64_t start = os_time_get_nano();
   /* kiln_backend_choose refused any other size. */
   assert(kiln_amd_supports_wave_size(target, wave_size));

   nir->info.use_aco_amd = true;
   k->lds_bytes = nir->info.shared_size;
   kiln_amd_lower_image_bindings(nir, k);
   k->implicit_offset = KILN_KERNARG_IMPLICIT_OFFSET(k->kernarg_size);
   k->kernarg_alloc_size = k->implicit_offset + KILN_IMPLICIT_SIZE;

   /* Whether scratch is needed is known only after register allocation
    * (ACO may spill), so the scratch-offset SGPR is always declared; RSRC2
    * enables it only when ACO reports scratch. */
   struct kiln_amd_args args;
   const bool tg_size = reads_tg_size(nir);
   declare_args(&args, t->info.gfx_level, tg_size);
   lower_for_aco(nir, t, wave_size, k->implicit_offset, &args);

   if (debug & KILN_DEBUG_NIR_FINAL) {
      fprintf(stderr, "kiln: NIR for %s entering ACO:\n", k->name);
      nir_print_shader(nir, stderr);
   }

   char refusal[1024];
   if (!kiln_amd_check_nir(nir, k->name, refusal, sizeof(refusal))) {
      kiln_log_append(log, "%s", refusal);
      return KILN_COMPILE_ERROR_UNSUPPORTED;
   }

   struct aco_result result = { .log = log };
   struct aco_compiler_options options = {
      .record_asm = true,
      .record_stats = true,
      .load_grid_size_from_user_sgpr = false,
      .family = t->info.family,
      .gfx_level = t->info.gfx_level,
      .address32_hi = t->info.address32_hi,
      .debug = { aco_debug_message, &result },
   };
   struct aco_shader_info info = {
      .hw_stage = AC_HW_COMPUTE_SHADER,
      .wave_size = wave_size,
      .workgroup_size = nir->info.workgroup_size_variable
                           ? 1024
                           : nir->info.workgroup_size[0] * nir->info.workgroup_size[1] *
                                nir->info.workgroup_size[2],
   };

   aco_compile_shader(&options, &info, 1, &nir, &args.ac, build_binary, (void **)&result);
   if (!result.ok || result.had_error) {
      free(result.code);
      free(result.disasm);
      return KILN_COMPILE_ERROR_BACKEND;
   }

   /* The instructions, then the constant data. */
   assert(result.exec_size <= result.code_dw * 4 && result.exec_size % 4 == 0);
   assert(result.config.scratch_bytes_per_wave % wave_size == 0);
   k->code = result.code;
   /* ACO appends the shader's constant data (program-scope __constant
    * arrays) after the instructions; it is uploaded with them. */
   k->code_size = result.code_dw * 4;
   k->disasm = result.disasm;
   k->wave_size = wave_size;
   k->amd.num_user_sgprs = KILN_ABI_NUM_USER_SGPRS;
   k->scratch_bytes_per_lane = result.config.scratch_bytes_per_wave / wave_size;
   fill_rsrc(t, wave_size, &result.config, tg_size, k);

   unsigned vgprs_used = result.config.num_vgprs, sgprs_used = result.sgprs_used;
   if (result.disasm)
      count_registers(result.disasm, &vgprs_used, &sgprs_used);
   k->stats = (struct kiln_kernel_stats){
      .instructions = result.instructions,
      .code_bytes = result.exec_size,
      .vgprs = vgprs_used,
      .sgprs = sgprs_used,
      .lds_bytes = k->lds_bytes,
      .scratch_bytes = k->scratch_bytes_per_lane,
      .wave_size = wave_size,
      .compile_ms = (os_time_get_nano() - start) / 1e6,
   };
   return KILN_COMPILE_OK;
}

const struct kiln_backend kiln_backend_amd = {
   .name = "AMD",
   .supports_device_enqueue = true,
   .nir_options = kiln_amd_nir_options,
   .generic_options = kiln_amd_generic_options,
   .default_wave_size = kiln_amd_default_wave_size,
   .supports_wave_size = kiln_amd_supports_wave_size,
   .compile_kernel = kiln_amd_compile_kernel,
};
