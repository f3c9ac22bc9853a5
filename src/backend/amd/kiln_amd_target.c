/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Compile-only descriptions of kiln's AMD targets: the radeon_info fields
 * ACO and ac_nir read, set as Mesa's null winsys does for the same chips
 * (RADV's radv_null_winsys.c), and the compute NIR options ac_nir derives.
 */
#include "kiln_amd_target.h"
#include "kiln_amd_abi.h"
#include "kiln_amd_backend.h"

#include "ac_nir.h"
#include "llvm/ac_llvm_util.h"
#include "util/macros.h"
#include "util/u_call_once.h"

static const struct {
   enum radeon_family family;
   enum amd_gfx_level gfx_level;
   bool has_dot_product;
   unsigned default_wave_size;
} target_chips[] = {
   [KILN_TARGET_GFX900] = { CHIP_VEGA10, GFX9, false, 64 },
   [KILN_TARGET_GFX1030] = { CHIP_NAVI21, GFX10_3, true, 32 },
   [KILN_TARGET_GFX1100] = { CHIP_NAVI31, GFX11, true, 32 },
};

static struct kiln_amd_target_info targets[ARRAY_SIZE(target_chips)];
static util_once_flag targets_once = UTIL_ONCE_FLAG_INIT;

static void
fill_target(struct kiln_amd_target_info *t, unsigned i)
{
   struct radeon_info *info = &t->info;

   info->family = target_chips[i].family;
   info->gfx_level = target_chips[i].gfx_level;
   info->name = ac_get_family_name(info->family);
   info->address32_hi = info->gfx_level >= GFX9 ? 0xffff8000u : 0;
   info->has_accelerated_dot_product = target_chips[i].has_dot_product;
   info->has_packed_math_16bit = info->gfx_level >= GFX9;
   info->max_waves_per_simd = info->gfx_level >= GFX10_3 ? 16 : info->gfx_level >= GFX10 ? 20 : 10;
   info->num_physical_sgprs_per_simd =
      info->gfx_level >= GFX10 ? 128 * info->max_waves_per_simd : 800;
   info->num_physical_wave64_vgprs_per_simd = info->family == CHIP_NAVI31 ? 768 : 512;
   info->num_simd_per_compute_unit = info->gfx_level >= GFX10 ? 2 : 4;
   info->min_sgpr_alloc = info->gfx_level >= GFX10 ? 128 : 16;
   info->max_sgpr_alloc = info->gfx_level >= GFX10 ? 128 : 104;
   info->sgpr_alloc_granularity = info->gfx_level >= GFX10 ? 128 : 16;
   info->min_wave64_vgpr_alloc = 4;
   info->max_vgpr_alloc = 256;
   info->wave64_vgpr_alloc_granularity = 4;
   info->lds_size_per_workgroup = 64 * 1024;
   info->lds_alloc_granularity = 512;

   ac_nir_set_options(info, false, &t->nir_options);
}

static void
fill_targets(void)
{
   /* ACO disassembles through LLVM's MC, whose targets need registering. */
   ac_init_llvm_once();
   for (unsigned i = 0; i < ARRAY_SIZE(targets); i++)
      fill_target(&targets[i], i);
}

const struct kiln_amd_target_info *
kiln_amd_target(enum kiln_target target)
{
   util_call_once(&targets_once, fill_targets);
   if ((unsigned)target >= ARRAY_SIZE(targets))
      unreachable("invalid kiln_target");
   return &targets[target];
}

const nir_shader_compiler_options *
kiln_amd_nir_options(enum kiln_target target)
{
   return &kiln_amd_target(target)->nir_options;
}

unsigned
kiln_amd_default_wave_size(enum kiln_target target)
{
   assert((unsigned)target < ARRAY_SIZE(target_chips) && target_chips[target].default_wave_size);
   return target_chips[target].default_wave_size;
}

bool
kiln_amd_supports_wave_size(enum kiln_target target, unsigned wave_size)
{
   assert((unsigned)target < ARRAY_SIZE(target_chips) && target_chips[target].default_wave_size);
   return wave_size == 64 || (wave_size == 32 && target_chips[target].gfx_level >= GFX10);
}

struct kiln_nir_generic_options
kiln_amd_generic_options(enum kiln_target target)
{
   (void)target; /* the same from GFX9 to GFX12 */
   return (struct kiln_nir_generic_options){
      .shared_aperture_hi = KILN_AMD_SHARED_APERTURE >> 32,
      .private_aperture_hi = KILN_AMD_PRIVATE_APERTURE >> 32,
   };
}
