/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * AMDGPU_INFO for the emulated Navi 21.  The device description (device
 * info, IP versions and rings, firmware versions, GB_ADDR_CONFIG, memory
 * sizes) is the "navi21" entry of Mesa's src/amd/drm-shim/amdgpu_devices.c,
 * captured from a real RX 6800/6900 and shared with Mesa's no-op shim;
 * what it does not record (usage counters, GDS sizes, the last VM fault)
 * is answered here.  Each query copies min(return_size, sizeof(result))
 * bytes and fails with the kernel's errno (amdgpu_kms.c).
 */
#include <errno.h>
#include <string.h>

#include "sim_amdgpu_priv.h"
#include "amd/drm-shim/amdgpu_devices.h"
#include "util/macros.h"

const struct amdgpu_device *
sim_amdgpu_navi21(void)
{
   static const struct amdgpu_device *dev;
   if (!dev) {
      for (size_t i = 0; i < num_amdgpu_devices; i++)
         if (!strcmp(amdgpu_devices[i].name, "navi21"))
            dev = &amdgpu_devices[i];
   }
   return dev;
}

static int
copy_out(const struct drm_amdgpu_info *info, const void *data, size_t size)
{
   memcpy((void *)(uintptr_t)info->return_pointer, data, MIN2((size_t)info->return_size, size));
   return 0;
}

static int
copy_u32(const struct drm_amdgpu_info *info, uint32_t v)
{
   return copy_out(info, &v, sizeof(v));
}

static int
copy_u64(const struct drm_amdgpu_info *info, uint64_t v)
{
   return copy_out(info, &v, sizeof(v));
}

static int
info_hw_ip(const struct drm_amdgpu_info *info, bool count)
{
   const struct amdgpu_device *d = sim_amdgpu_navi21();
   uint32_t type = info->query_hw_ip.type;
   struct drm_amdgpu_info_hw_ip ip = { 0 };

   if (type >= AMDGPU_HW_IP_NUM)
      return -EINVAL;
   if (count)
      return copy_u32(info, type == AMDGPU_HW_IP_GFX || type == AMDGPU_HW_IP_COMPUTE);
   if (info->query_hw_ip.ip_instance != 0)
      return -EINVAL;
   /* Only the graphics and compute rings are emulated; the other engines
    * report no rings, as on a board where they are harvested. */
   if (type == AMDGPU_HW_IP_GFX)
      ip = d->hw_ip_gfx;
   else if (type == AMDGPU_HW_IP_COMPUTE)
      ip = d->hw_ip_compute;
   return copy_out(info, &ip, sizeof(ip));
}

static int
info_fw_version(const struct drm_amdgpu_info *info)
{
   const struct amdgpu_device *d = sim_amdgpu_navi21();
   struct drm_amdgpu_info_firmware fw = { 0 };

   if (info->query_fw.ip_instance != 0)
      return -EINVAL;
   switch (info->query_fw.fw_type) {
   case AMDGPU_INFO_FW_GFX_ME:
      fw = d->fw_gfx_me;
      break;
   case AMDGPU_INFO_FW_GFX_PFP:
      fw = d->fw_gfx_pfp;
      break;
   case AMDGPU_INFO_FW_GFX_MEC:
      /* index 0 is MEC1, 1 is MEC2 (same image on gfx10) */
      if (info->query_fw.index > 1)
         return -EINVAL;
      fw = d->fw_gfx_mec;
      break;
   case AMDGPU_INFO_FW_VCE:
   case AMDGPU_INFO_FW_UVD:
   case AMDGPU_INFO_FW_GMC:
   case AMDGPU_INFO_FW_GFX_CE:
   case AMDGPU_INFO_FW_GFX_RLC:
   case AMDGPU_INFO_FW_SMC:
   case AMDGPU_INFO_FW_SDMA:
   case AMDGPU_INFO_FW_SOS:
   case AMDGPU_INFO_FW_ASD:
   case AMDGPU_INFO_FW_VCN:
   case AMDGPU_INFO_FW_GFX_RLC_RESTORE_LIST_CNTL:
   case AMDGPU_INFO_FW_GFX_RLC_RESTORE_LIST_GPM_MEM:
   case AMDGPU_INFO_FW_GFX_RLC_RESTORE_LIST_SRM_MEM:
   case AMDGPU_INFO_FW_DMCU:
   case AMDGPU_INFO_FW_TA:
   case AMDGPU_INFO_FW_DMCUB:
   case AMDGPU_INFO_FW_TOC:
      break; /* no such firmware in the emulator: version 0 */
   default:
      return -EINVAL;
   }
   return copy_out(info, &fw, sizeof(fw));
}

static int
info_read_mmr_reg(const struct drm_amdgpu_info *info)
{
   const struct amdgpu_device *d = sim_amdgpu_navi21();
   uint32_t instance = info->read_mmr_reg.instance;
   uint32_t se = (instance >> AMDGPU_INFO_MMR_SE_INDEX_SHIFT) & AMDGPU_INFO_MMR_SE_INDEX_MASK;
   uint32_t sh = (instance >> AMDGPU_INFO_MMR_SH_INDEX_SHIFT) & AMDGPU_INFO_MMR_SH_INDEX_MASK;
   uint32_t count = info->read_mmr_reg.count;
   uint32_t regs[128];

   if (se != AMDGPU_INFO_MMR_SE_INDEX_MASK && se >= d->dev.num_shader_engines)
      return -EINVAL;
   if (sh != AMDGPU_INFO_MMR_SH_INDEX_MASK && sh >= d->dev.num_shader_arrays_per_engine)
      return -EINVAL;
   if (count > ARRAY_SIZE(regs))
      return -EINVAL;

   for (uint32_t i = 0; i < count; i++) {
      uint32_t reg = info->read_mmr_reg.dword_offset + i;
      bool found = false;
      for (uint32_t j = 0; j < d->mmr_reg_count && !found; j++) {
         const uint32_t *t = &d->mmr_regs[j * 3];
         if (t[0] == reg && (t[1] == 0xffffffff || t[1] == instance)) {
            regs[i] = t[2];
            found = true;
         }
      }
      /* The kernel only reads registers on its allow list. */
      if (!found)
         return -EFAULT;
   }
   return copy_out(info, regs, count * sizeof(uint32_t));
}

static int
info_memory(const struct drm_amdgpu_info *info)
{
   const struct amdgpu_device *d = sim_amdgpu_navi21();
   struct drm_amdgpu_memory_info mem = d->mem;

   mem.vram.heap_usage = sim_bo_vram_usage();
   mem.cpu_accessible_vram.heap_usage =
      MIN2(sim_bo_vram_usage(), mem.cpu_accessible_vram.usable_heap_size);
   mem.gtt.heap_usage = sim_bo_gtt_usage();
   return copy_out(info, &mem, sizeof(mem));
}

static int
info_vram_gtt(const struct drm_amdgpu_info *info)
{
   const struct amdgpu_device *d = sim_amdgpu_navi21();
   struct drm_amdgpu_info_vram_gtt v = {
      .vram_size = d->mem.vram.usable_heap_size,
      .vram_cpu_accessible_size =
         MIN2(d->mem.cpu_accessible_vram.usable_heap_size, d->mem.vram.usable_heap_size),
      .gtt_size = d->mem.gtt.usable_heap_size,
   };
   return copy_out(info, &v, sizeof(v));
}

static int
info_gds(const struct drm_amdgpu_info *info)
{
   /* gfx10: 64 KiB of GDS, 64 GWS and 16 OA entries (gfx_v10_0.c). */
   struct drm_amdgpu_info_gds gds = {
      .gds_gfx_partition_size = 0x10000,
      .compute_partition_size = 0x10000,
      .gds_total_size = 0x10000,
      .gws_per_gfx_partition = 64,
      .gws_per_compute_partition = 64,
      .oa_per_gfx_partition = 16,
      .oa_per_compute_partition = 16,
   };
   return copy_out(info, &gds, sizeof(gds));
}

static int
info_video_caps(const struct drm_amdgpu_info *info)
{
   struct drm_amdgpu_info_video_caps caps = { 0 };

   switch (info->video_cap.type) {
   case AMDGPU_INFO_VIDEO_CAPS_DECODE:
   case AMDGPU_INFO_VIDEO_CAPS_ENCODE:
      return copy_out(info, &caps, sizeof(caps)); /* no codecs */
   default:
      return -EINVAL;
   }
}

static int
info_max_ibs(const struct drm_amdgpu_info *info)
{
   /* What ac_gpu_info assumes for kernels without the query. */
   uint32_t max_ibs[AMDGPU_HW_IP_NUM] = {
      [AMDGPU_HW_IP_GFX] = 192,
      [AMDGPU_HW_IP_COMPUTE] = 124,
   };
   return copy_out(info, max_ibs, sizeof(max_ibs));
}

int
sim_ioctl_info(struct kiln_sim_amdgpu *dev, void *arg)
{
   const struct drm_amdgpu_info *info = arg;
   const struct amdgpu_device *d = sim_amdgpu_navi21();

   if (!info->return_size || !info->return_pointer)
      return -EINVAL;

   switch (info->query) {
   case AMDGPU_INFO_ACCEL_WORKING:
      return copy_u32(info, 1);
   case AMDGPU_INFO_HW_IP_INFO:
      return info_hw_ip(info, false);
   case AMDGPU_INFO_HW_IP_COUNT:
      return info_hw_ip(info, true);
   case AMDGPU_INFO_TIMESTAMP:
      return copy_u64(info, sim_amdgpu_timestamp());
   case AMDGPU_INFO_FW_VERSION:
      return info_fw_version(info);
   case AMDGPU_INFO_NUM_BYTES_MOVED:
   case AMDGPU_INFO_NUM_EVICTIONS:
   case AMDGPU_INFO_NUM_VRAM_CPU_PAGE_FAULTS:
   case AMDGPU_INFO_RAS_ENABLED_FEATURES:
      return copy_u64(info, 0);
   case AMDGPU_INFO_VRAM_USAGE:
      return copy_u64(info, sim_bo_vram_usage());
   case AMDGPU_INFO_VIS_VRAM_USAGE:
      return copy_u64(info, MIN2(sim_bo_vram_usage(), d->mem.cpu_accessible_vram.usable_heap_size));
   case AMDGPU_INFO_GTT_USAGE:
      return copy_u64(info, sim_bo_gtt_usage());
   case AMDGPU_INFO_GDS_CONFIG:
      return info_gds(info);
   case AMDGPU_INFO_VRAM_GTT:
      return info_vram_gtt(info);
   case AMDGPU_INFO_MEMORY:
      return info_memory(info);
   case AMDGPU_INFO_READ_MMR_REG:
      return info_read_mmr_reg(info);
   case AMDGPU_INFO_DEV_INFO:
      return copy_out(info, &d->dev, sizeof(d->dev));
   case AMDGPU_INFO_VRAM_LOST_COUNTER:
      return copy_u32(info, 0);
   case AMDGPU_INFO_SENSOR:
      return -ENOENT; /* no power management to ask */
   case AMDGPU_INFO_VIDEO_CAPS:
      return info_video_caps(info);
   case AMDGPU_INFO_MAX_IBS:
      return info_max_ibs(info);
   case AMDGPU_INFO_GPUVM_FAULT: {
      struct drm_amdgpu_info_gpuvm_fault f = {
         .addr = dev->gpuvm_fault_addr,
         .status = dev->gpuvm_fault_status,
         .vmhub = AMDGPU_VMHUB_TYPE_GFX,
      };
      return copy_out(info, &f, sizeof(f));
   }
   case KILN_SIM_AMDGPU_INFO_LAST_FAULT:
      if (!dev->has_fault)
         return -ENOENT;
      return copy_out(info, &dev->last_fault, sizeof(dev->last_fault));
   default:
      return -EINVAL;
   }
}
