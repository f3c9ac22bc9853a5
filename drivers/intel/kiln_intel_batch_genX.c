/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * One dispatch's batch for a GFX version, packed with Mesa's genxml
 * headers as iris does (iris_upload_gpgpu_walker on Gen12,
 * iris_upload_compute_walker on Gen12.5): compiled once per version with
 * GFX_VERx10 set.  Addresses are plain 64-bit GPU addresses: every buffer
 * is softpinned, so nothing is relocated.
 */
#include "kiln_intel_private.h"

#include <string.h>

#define __gen_address_type uint64_t
#define __gen_user_data    void

static inline uint64_t
__gen_combine_address(void *data, void *location, uint64_t address, uint32_t delta)
{
   return address + delta;
}

#include "genxml/gen_macros.h"
#include "genxml/genX_pack.h"
#include "common/intel_compute_slm.h"

#define EMIT(cmd, name)                                                                            \
   for (struct GENX(cmd) name = { GENX(cmd##_header) }, *_once = &name; _once;                     \
        GENX(cmd##_pack)(NULL, dw, &name), dw += GENX(cmd##_length), _once = NULL)

/* A context starts in the 3D pipeline; the walker runs in GPGPU.  The
 * Tiger Lake PRM (PIPELINE_SELECT) asks for the render, depth and HDC
 * caches to be flushed by a stalling PIPE_CONTROL before the switch, and
 * Wa_16013063087 for a state cache invalidate with it (iris's
 * emit_pipeline_select). */
static uint32_t *
emit_pipeline_select(uint32_t *dw)
{
   EMIT(PIPE_CONTROL, pc)
   {
      pc.CommandStreamerStallEnable = true;
      pc.HDCPipelineFlushEnable = true;
      pc.RenderTargetCacheFlushEnable = true;
      pc.DepthCacheFlushEnable = true;
      pc.StateCacheInvalidationEnable = true;
   }
   EMIT(PIPELINE_SELECT, ps)
   {
      ps.MaskBits = 0x13; /* the fields below: selection and clock gating */
      ps.MediaSamplerDOPClockGateEnable = true;
      ps.PipelineSelection = GPGPU;
   }
   return dw;
}

/* Pages of a state buffer, as STATE_BASE_ADDRESS counts them. */
static uint32_t
pages(uint32_t bytes)
{
   return (bytes + 4095) / 4096;
}

static uint32_t *
emit_flush(uint32_t *dw)
{
   EMIT(PIPE_CONTROL, pc)
   {
      pc.CommandStreamerStallEnable = true;
      pc.DCFlushEnable = true;
      pc.HDCPipelineFlushEnable = true;
      pc.StateCacheInvalidationEnable = true;
      pc.ConstantCacheInvalidationEnable = true;
      pc.InstructionCacheInvalidateEnable = true;
   }
   return dw;
}

static uint32_t *
emit_state_base_address(uint32_t *dw, const struct kiln_intel_batch_input *in)
{
   EMIT(STATE_BASE_ADDRESS, sba)
   {
      sba.GeneralStateMOCS = in->mocs;
      sba.StatelessDataPortAccessMOCS = in->mocs;
      sba.SurfaceStateMOCS = in->mocs;
      sba.DynamicStateMOCS = in->mocs;
      sba.IndirectObjectMOCS = in->mocs;
      sba.InstructionMOCS = in->mocs;
      sba.BindlessSurfaceStateMOCS = in->mocs;
      sba.BindlessSamplerStateMOCS = in->mocs;
      /* Gen12.5 reads the walker's indirect data (push constants) from
       * general state; Gen12 its descriptor and CURBE from dynamic state.
       * The one state buffer is both. */
#if GFX_VERx10 >= 125
      sba.GeneralStateBaseAddress = in->state_base;
      sba.GeneralStateBufferSize = pages(in->state_size);
#else
      /* Gen12 reads only scratch through general state: its base is 0
       * and MEDIA_VFE_STATE's scratch pointer the buffer's address, as
       * iris has it. */
      sba.GeneralStateBaseAddress = 0;
      sba.GeneralStateBufferSize = 0xfffff;
#endif
      sba.GeneralStateBaseAddressModifyEnable = true;
      sba.GeneralStateBufferSizeModifyEnable = true;
      sba.DynamicStateBaseAddress = in->state_base;
      sba.DynamicStateBaseAddressModifyEnable = true;
      sba.DynamicStateBufferSize = pages(in->state_size);
      sba.DynamicStateBufferSizeModifyEnable = true;
      sba.InstructionBaseAddress = in->instruction_base;
      sba.InstructionBaseAddressModifyEnable = true;
      sba.InstructionBufferSize = pages(in->instruction_size);
      sba.InstructionBuffersizeModifyEnable = true;
      /* No surfaces, samplers or indirect objects: kiln addresses memory
       * with 64-bit pointers only, but for Gen12.5's scratch surface,
       * whose offset CFE_STATE gives from the surface state base. */
#if GFX_VERx10 >= 125
      sba.SurfaceStateBaseAddress = in->per_thread_scratch ? in->state_base : 0;
#endif
      sba.SurfaceStateBaseAddressModifyEnable = true;
      sba.IndirectObjectBaseAddressModifyEnable = true;
      sba.IndirectObjectBufferSize = 0xfffff;
      sba.IndirectObjectBufferSizeModifyEnable = true;
      sba.BindlessSurfaceStateBaseAddressModifyEnable = true;
      sba.BindlessSamplerStateBaseAddressModifyEnable = true;
#if GFX_VERx10 >= 125
      sba.L1CacheControl = L1CC_WB;
#endif
   }
   return dw;
}

static uint32_t *
emit_fence(uint32_t *dw, const struct kiln_intel_batch_input *in)
{
   EMIT(PIPE_CONTROL, pc)
   {
      pc.CommandStreamerStallEnable = true;
      pc.DCFlushEnable = true;
      pc.HDCPipelineFlushEnable = true;
      pc.PostSyncOperation = WriteImmediateData;
      pc.Address = in->fence_address;
      pc.ImmediateData = 1;
   }
   EMIT(MI_BATCH_BUFFER_END, end);
   return dw;
}

/* This GFX version's INTERFACE_DESCRIPTOR_DATA. */
typedef struct GENX(INTERFACE_DESCRIPTOR_DATA) interface_descriptor;

/* A walker's interface descriptor: Gen12.5 embeds it in COMPUTE_WALKER,
 * Gen12 loads it from the state buffer with the CURBE's read lengths. */
static interface_descriptor
walker_idd(const struct kiln_intel_batch_input *in, const struct kiln_intel_walker *w)
{
   interface_descriptor idd = {
      .KernelStartPointer = 0,
      .NumberofThreadsinGPGPUThreadGroup = w->threads,
      .SharedLocalMemorySize = intel_compute_slm_encode_size(GFX_VER, in->slm_bytes),
      .BarrierEnable = in->uses_barrier,
   };
#if GFX_VERx10 >= 125
   idd.NumberOfBarriers = in->uses_barrier;
#else
   idd.ConstantURBEntryReadLength = in->per_thread_regs;
   idd.CrossThreadConstantDataReadLength = in->cross_thread_regs;
#endif
   return idd;
}

unsigned
genX(kiln_intel_emit_batch)(const struct intel_device_info *info,
                            const struct kiln_intel_batch_input *in, uint32_t *batch)
{
   uint32_t *dw = batch;
   dw = emit_pipeline_select(dw);
   dw = emit_flush(dw);
   dw = emit_state_base_address(dw, in);
   dw = emit_flush(dw);

#if GFX_VERx10 >= 125
   EMIT(CFE_STATE, cfe)
   {
      cfe.MaximumNumberofThreads = info->max_cs_threads * info->subslice_total;
      /* The scratch surface state's offset, in the unit iris's and anv's
       * SCRATCH_SPACE_BUFFER_SHIFT gives it on Gen12.5 (brw builds its
       * scratch messages' extended descriptor from it). */
      cfe.ScratchSpaceBuffer = in->scratch_surface_offset >> 4;
   }

   for (unsigned i = 0; i < in->num_walkers; i++) {
      const struct kiln_intel_walker *w = &in->walkers[i];
      const interface_descriptor idd = walker_idd(in, w);
      EMIT(COMPUTE_WALKER, cw)
      {
         cw.body = (struct GENX(COMPUTE_WALKER_BODY)){
            .SIMDSize = in->simd_width / 16,
            .MessageSIMD = in->simd_width / 16,
            .IndirectDataStartAddress = in->push_offset,
            .IndirectDataLength = in->push_size,
            .LocalXMaximum = w->local_size[0] - 1,
            .LocalYMaximum = w->local_size[1] - 1,
            .LocalZMaximum = w->local_size[2] - 1,
            .ThreadGroupIDStartingX = w->start[0],
            .ThreadGroupIDStartingY = w->start[1],
            .ThreadGroupIDStartingZ = w->start[2],
            .ThreadGroupIDXDimension = w->end[0],
            .ThreadGroupIDYDimension = w->end[1],
            .ThreadGroupIDZDimension = w->end[2],
            .ExecutionMask = w->right_mask,
            .InterfaceDescriptor = idd,
            .PostSync.MOCS = in->mocs,
         };
      }
   }
#else
   EMIT(MEDIA_VFE_STATE, vfe)
   {
      vfe.MaximumNumberofThreads = info->max_cs_threads * info->subslice_total - 1;
      vfe.NumberofURBEntries = 2;
      vfe.URBEntryAllocationSize = 2;
      vfe.CURBEAllocationSize =
         ALIGN(in->per_thread_regs * in->max_threads + in->cross_thread_regs, 2);
      if (in->per_thread_scratch) {
         /* Powers of two from 1 KiB: 0 is 1 KiB (iris's encoding). */
         vfe.PerThreadScratchSpace = ffs(in->per_thread_scratch) - 11;
         vfe.ScratchSpaceBasePointer = in->scratch_address;
      }
   }
   /* One CURBE for every walker: a smaller group's threads read a prefix
    * of the per-thread data. */
   EMIT(MEDIA_CURBE_LOAD, curbe)
   {
      curbe.CURBETotalDataLength = ALIGN(in->push_size, 64);
      curbe.CURBEDataStartAddress = in->push_offset;
   }

   /* Each walker's interface descriptor, loaded before it, as iris loads
    * one per dispatch. */
   const unsigned idd_bytes = GENX(INTERFACE_DESCRIPTOR_DATA_length) * 4;
   for (unsigned i = 0; i < in->num_walkers; i++) {
      const struct kiln_intel_walker *w = &in->walkers[i];
      const interface_descriptor idd = walker_idd(in, w);
      const uint32_t offset = in->idd_offset + i * idd_bytes;
      GENX(INTERFACE_DESCRIPTOR_DATA_pack)(NULL, (uint8_t *)in->state_map + offset, &idd);
      EMIT(MEDIA_INTERFACE_DESCRIPTOR_LOAD, load)
      {
         load.InterfaceDescriptorTotalLength = idd_bytes;
         load.InterfaceDescriptorDataStartAddress = offset;
      }
      EMIT(GPGPU_WALKER, ggw)
      {
         ggw.SIMDSize = in->simd_width / 16;
         ggw.ThreadWidthCounterMaximum = w->threads - 1;
         ggw.ThreadGroupIDStartingX = w->start[0];
         ggw.ThreadGroupIDStartingY = w->start[1];
         ggw.ThreadGroupIDStartingResumeZ = w->start[2];
         ggw.ThreadGroupIDXDimension = w->end[0];
         ggw.ThreadGroupIDYDimension = w->end[1];
         ggw.ThreadGroupIDZDimension = w->end[2];
         ggw.RightExecutionMask = w->right_mask;
         ggw.BottomExecutionMask = 0xffffffff;
      }
      EMIT(MEDIA_STATE_FLUSH, msf);
   }
#endif

   dw = emit_fence(dw, in);
   if ((dw - batch) % 2)
      EMIT(MI_NOOP, noop);
   return dw - batch;
}
