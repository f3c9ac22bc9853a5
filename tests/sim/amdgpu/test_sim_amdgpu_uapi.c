/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The emulated amdgpu node through kiln_sim_amdgpu_ioctl(), as a driver
 * sees it: each test states a rule of the kernel interface (errno for bad
 * handles and addresses, fences, guilty contexts) or of the hardware
 * (what a dispatch computes) and checks it.  Device facts are checked
 * against independent sources: AMD's addrlib family/revision ranges for a
 * Navi 21, the register and packet macros of Mesa's sid.h/amdgfxregs.h.
 * The kernel is llvm-mc's encoding of a small gfx1030 program (below).
 */
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <time.h>
#include <unistd.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>

#include <amdgpu_drm.h>
#include <xf86drm.h>

#include "addrlib/src/amdgpu_asic_addr.h"
#include "kiln_sim_amdgpu.h"
#include "kiln_test.h"
#include "sid.h"
#include "util/macros.h"
#include "util/os_time.h"

static struct kiln_sim_amdgpu *dev;

/* 0 or -errno, like drmCommandWriteRead(). */
static int
dio(unsigned long request, void *arg)
{
   return kiln_sim_amdgpu_ioctl(dev, request, arg) ? -errno : 0;
}

static int
query(uint32_t id, void *out, uint32_t size)
{
   struct drm_amdgpu_info info = {
      .return_pointer = (uintptr_t)out,
      .return_size = size,
      .query = id,
   };
   return dio(DRM_IOCTL_AMDGPU_INFO, &info);
}

static uint32_t
gem_create(uint64_t size, uint32_t domains, uint64_t flags)
{
   union drm_amdgpu_gem_create args = {
      .in = { .bo_size = size, .alignment = 4096, .domains = domains, .domain_flags = flags },
   };
   int r = dio(DRM_IOCTL_AMDGPU_GEM_CREATE, &args);
   return r ? 0 : args.out.handle;
}

static void *
gem_map(uint32_t handle, uint64_t size)
{
   union drm_amdgpu_gem_mmap args = { .in.handle = handle };
   if (dio(DRM_IOCTL_AMDGPU_GEM_MMAP, &args))
      return NULL;
   return kiln_sim_amdgpu_mmap(dev, args.out.addr_ptr, size);
}

static int
gem_close(uint32_t handle)
{
   struct drm_gem_close args = { .handle = handle };
   return dio(DRM_IOCTL_GEM_CLOSE, &args);
}

static int
va_op(uint32_t op, uint32_t handle, uint64_t va, uint64_t offset, uint64_t size)
{
   struct drm_amdgpu_gem_va args = {
      .handle = handle,
      .operation = op,
      .flags = AMDGPU_VM_PAGE_READABLE | AMDGPU_VM_PAGE_WRITEABLE | AMDGPU_VM_PAGE_EXECUTABLE,
      .va_address = va,
      .offset_in_bo = offset,
      .map_size = size,
   };
   return dio(DRM_IOCTL_AMDGPU_GEM_VA, &args);
}

static uint32_t
ctx_create(void)
{
   union drm_amdgpu_ctx args = { .in.op = AMDGPU_CTX_OP_ALLOC_CTX };
   return dio(DRM_IOCTL_AMDGPU_CTX, &args) ? 0 : args.out.alloc.ctx_id;
}

static uint64_t
ctx_query2(uint32_t id)
{
   union drm_amdgpu_ctx args = { .in.op = AMDGPU_CTX_OP_QUERY_STATE2, .in.ctx_id = id };
   int r = dio(DRM_IOCTL_AMDGPU_CTX, &args);
   return r ? ~0ull : args.out.state.flags;
}

/* A BO mapped at va with a CPU pointer. */
struct buf {
   uint32_t handle;
   uint64_t va;
   uint32_t *map;
};

static struct buf
buf_create(uint64_t va, uint64_t size, uint32_t domain)
{
   struct buf b = { .va = va };
   b.handle = gem_create(size, domain, 0);
   b.map = gem_map(b.handle, size);
   int r = va_op(AMDGPU_VA_OP_MAP, b.handle, va, 0, size);
   if (!b.handle || !b.map || r)
      printf("buf_create at 0x%" PRIx64 " failed (%d)\n", va, r);
   return b;
}

struct submit {
   uint32_t ctx;
   uint64_t ib_va;
   uint32_t ib_dw;
   uint32_t ip, ring;
   uint32_t fence_handle, fence_offset; /* user fence, if handle */
   uint32_t syncobj_out, syncobj_in;
};

static int
cs_submit(const struct submit *s, uint64_t *seq)
{
   struct drm_amdgpu_cs_chunk_ib ib = {
      .va_start = s->ib_va,
      .ib_bytes = s->ib_dw * 4,
      .ip_type = s->ip,
      .ring = s->ring,
   };
   struct drm_amdgpu_cs_chunk_fence fence = { s->fence_handle, s->fence_offset };
   struct drm_amdgpu_cs_chunk_sem sem_out = { s->syncobj_out }, sem_in = { s->syncobj_in };
   struct drm_amdgpu_cs_chunk chunks[4];
   uint64_t ptrs[4];
   unsigned n = 0;

   if (s->ib_dw)
      chunks[n++] =
         (struct drm_amdgpu_cs_chunk){ AMDGPU_CHUNK_ID_IB, sizeof(ib) / 4, (uintptr_t)&ib };
   if (s->fence_handle)
      chunks[n++] = (struct drm_amdgpu_cs_chunk){ AMDGPU_CHUNK_ID_FENCE, sizeof(fence) / 4,
                                                  (uintptr_t)&fence };
   if (s->syncobj_out)
      chunks[n++] =
         (struct drm_amdgpu_cs_chunk){ AMDGPU_CHUNK_ID_SYNCOBJ_OUT, 1, (uintptr_t)&sem_out };
   if (s->syncobj_in)
      chunks[n++] =
         (struct drm_amdgpu_cs_chunk){ AMDGPU_CHUNK_ID_SYNCOBJ_IN, 1, (uintptr_t)&sem_in };
   for (unsigned i = 0; i < n; i++)
      ptrs[i] = (uintptr_t)&chunks[i];

   union drm_amdgpu_cs cs = {
      .in = { .ctx_id = s->ctx, .num_chunks = n, .chunks = (uintptr_t)ptrs },
   };
   int r = dio(DRM_IOCTL_AMDGPU_CS, &cs);
   if (!r && seq)
      *seq = cs.out.handle;
   return r;
}

static int
wait_cs(uint32_t ctx, uint32_t ip, uint32_t ring, uint64_t seq, uint64_t *status)
{
   union drm_amdgpu_wait_cs w = {
      .in = { .handle = seq, .timeout = ~0ull, .ip_type = ip, .ring = ring, .ctx_id = ctx },
   };
   int r = dio(DRM_IOCTL_AMDGPU_WAIT_CS, &w);
   if (!r && status)
      *status = w.out.status;
   return r;
}

/* ---- tests ---- */

static void
test_version(void)
{
   char name[16] = { 0 };
   struct drm_version v = { .name = name, .name_len = sizeof(name) - 1 };
   int r = dio(DRM_IOCTL_VERSION, &v);
   CHECK(r == 0 && !strcmp(name, "amdgpu") && v.name_len == 6, "r=%d name '%s'", r, name);
   CHECK(v.version_major == 3, "major %d (libdrm_amdgpu requires 3)", v.version_major);
}

static void
test_info_is_navi21(void)
{
   uint32_t accel = 0;
   CHECK(query(AMDGPU_INFO_ACCEL_WORKING, &accel, 4) == 0 && accel == 1, "accel %u", accel);

   struct drm_amdgpu_info_device di = { 0 };
   CHECK(query(AMDGPU_INFO_DEV_INFO, &di, sizeof(di)) == 0, "DEV_INFO");
   CHECK(di.family == FAMILY_NV, "family %u, want FAMILY_NV %u", di.family, FAMILY_NV);
   CHECK(ASICREV_IS(di.external_rev, NAVI21), "external_rev 0x%x is not a Navi 21",
         di.external_rev);
   CHECK(di.num_shader_engines == 4, "%u shader engines (Navi 21 has 4)", di.num_shader_engines);
   CHECK(di.virtual_address_max > di.virtual_address_offset &&
            di.high_va_offset == 0xffff800000000000ull,
         "VA range 0x%" PRIx64 "-0x%" PRIx64 ", high 0x%" PRIx64,
         (uint64_t)di.virtual_address_offset, (uint64_t)di.virtual_address_max,
         (uint64_t)di.high_va_offset);

   /* The kernel copies at most return_size bytes. */
   uint8_t small[16];
   memset(small, 0xcd, sizeof(small));
   CHECK(query(AMDGPU_INFO_DEV_INFO, small, 8) == 0 && small[8] == 0xcd && small[15] == 0xcd,
         "DEV_INFO with return_size 8 wrote past it");

   struct drm_amdgpu_info_hw_ip ip = { 0 };
   struct drm_amdgpu_info info = {
      .return_pointer = (uintptr_t)&ip,
      .return_size = sizeof(ip),
      .query = AMDGPU_INFO_HW_IP_INFO,
      .query_hw_ip.type = AMDGPU_HW_IP_COMPUTE,
   };
   CHECK(
      dio(DRM_IOCTL_AMDGPU_INFO, &info) == 0 && ip.available_rings && ip.hw_ip_version_major == 10,
      "compute rings 0x%x version %u", ip.available_rings, ip.hw_ip_version_major);
   uint32_t count = 0;
   info = (struct drm_amdgpu_info){
      .return_pointer = (uintptr_t)&count,
      .return_size = 4,
      .query = AMDGPU_INFO_HW_IP_COUNT,
      .query_hw_ip.type = AMDGPU_HW_IP_GFX,
   };
   CHECK(dio(DRM_IOCTL_AMDGPU_INFO, &info) == 0 && count == 1, "gfx count %u", count);
   info.query_hw_ip.type = AMDGPU_HW_IP_NUM;
   CHECK(dio(DRM_IOCTL_AMDGPU_INFO, &info) == -EINVAL, "HW_IP_COUNT of an unknown IP");

   /* GB_ADDR_CONFIG, the one register ac_gpu_info reads on gfx10.3 */
   uint32_t regs[2];
   info = (struct drm_amdgpu_info){
      .return_pointer = (uintptr_t)regs,
      .return_size = 4,
      .query = AMDGPU_INFO_READ_MMR_REG,
      .read_mmr_reg = { .dword_offset = 0x263e, .count = 1, .instance = 0xffffffff },
   };
   CHECK(dio(DRM_IOCTL_AMDGPU_INFO, &info) == 0, "GB_ADDR_CONFIG");
   info.read_mmr_reg.dword_offset = 0x1234;
   CHECK(dio(DRM_IOCTL_AMDGPU_INFO, &info) == -EFAULT, "register off the allow list");
   info.read_mmr_reg.dword_offset = 0x263e;
   info.read_mmr_reg.count = 129;
   CHECK(dio(DRM_IOCTL_AMDGPU_INFO, &info) == -EINVAL, "more than 128 registers");

   struct drm_amdgpu_info_firmware fw = { 0 };
   info = (struct drm_amdgpu_info){
      .return_pointer = (uintptr_t)&fw,
      .return_size = sizeof(fw),
      .query = AMDGPU_INFO_FW_VERSION,
      .query_fw = { .fw_type = AMDGPU_INFO_FW_GFX_MEC },
   };
   CHECK(dio(DRM_IOCTL_AMDGPU_INFO, &info) == 0 && fw.ver, "MEC firmware %u", fw.ver);
   info.query_fw.ip_instance = 1;
   CHECK(dio(DRM_IOCTL_AMDGPU_INFO, &info) == -EINVAL, "firmware of instance 1");
   info.query_fw = (struct drm_amdgpu_query_fw){ .fw_type = 0xff };
   CHECK(dio(DRM_IOCTL_AMDGPU_INFO, &info) == -EINVAL, "unknown firmware");

   struct drm_amdgpu_memory_info mem = { 0 };
   CHECK(
      query(AMDGPU_INFO_MEMORY, &mem, sizeof(mem)) == 0 && mem.vram.total_heap_size > (15ull << 30),
      "VRAM %" PRIu64 " bytes (Navi 21 boards have 16 GiB)", (uint64_t)mem.vram.total_heap_size);

   CHECK(query(0x7f, &accel, 4) == -EINVAL, "unknown query");
   CHECK(query(AMDGPU_INFO_ACCEL_WORKING, &accel, 0) == -EINVAL, "return_size 0");

   struct drm_amdgpu_info_gpuvm_fault vmf = { .status = 1 };
   CHECK(query(AMDGPU_INFO_GPUVM_FAULT, &vmf, sizeof(vmf)) == 0 && vmf.status == 0,
         "no fault yet, status %u", vmf.status);
}

static void
test_gem(void)
{
   uint64_t before = 0, after = 0;
   query(AMDGPU_INFO_VRAM_USAGE, &before, 8);

   uint32_t a = gem_create(65536, AMDGPU_GEM_DOMAIN_VRAM, 0);
   uint32_t b = gem_create(4096, AMDGPU_GEM_DOMAIN_GTT, 0);
   CHECK(a && b && a != b, "handles %u %u", a, b);
   query(AMDGPU_INFO_VRAM_USAGE, &after, 8);
   CHECK(after - before >= 65536, "VRAM usage grew by %" PRIu64, after - before);

   uint32_t *p = gem_map(a, 65536);
   CHECK(p && p[0] == 0 && p[16383] == 0, "new BO is not zeroed");
   if (p)
      p[100] = 0x12345678;
   uint32_t *again = gem_map(a, 65536);
   CHECK(again && again[100] == 0x12345678, "second mapping does not alias the first");
   CHECK(!gem_map(a, 65536 + 4096), "mmap larger than the BO");

   union drm_amdgpu_gem_mmap mm = { .in.handle = 999 };
   CHECK(dio(DRM_IOCTL_AMDGPU_GEM_MMAP, &mm) == -ENOENT, "mmap of a bad handle");
   uint32_t nocpu = gem_create(4096, AMDGPU_GEM_DOMAIN_VRAM, AMDGPU_GEM_CREATE_NO_CPU_ACCESS);
   mm.in.handle = nocpu;
   CHECK(nocpu && dio(DRM_IOCTL_AMDGPU_GEM_MMAP, &mm) == -EPERM, "mmap of NO_CPU_ACCESS");

   union drm_amdgpu_gem_create bad = { .in = { .bo_size = 4096, .domains = 0x80 } };
   CHECK(dio(DRM_IOCTL_AMDGPU_GEM_CREATE, &bad) == -EINVAL, "unknown domain");
   bad.in.domains = AMDGPU_GEM_DOMAIN_GTT;
   bad.in.domain_flags = AMDGPU_GEM_CREATE_ENCRYPTED;
   CHECK(dio(DRM_IOCTL_AMDGPU_GEM_CREATE, &bad) == -EINVAL, "TMZ without TMZ");
   bad.in.domain_flags = 0;
   bad.in.bo_size = 0;
   CHECK(dio(DRM_IOCTL_AMDGPU_GEM_CREATE, &bad) == -EINVAL, "zero size");

   /* Handles are reused lowest first, as the kernel's idr does. */
   CHECK(gem_close(a) == 0, "close");
   CHECK(gem_close(a) == -EINVAL, "double close");
   uint32_t c = gem_create(4096, AMDGPU_GEM_DOMAIN_GTT, 0);
   CHECK(c == a, "new handle %u, freed %u", c, a);

   struct drm_amdgpu_gem_metadata md = { .handle = c, .op = AMDGPU_GEM_METADATA_OP_SET_METADATA };
   md.data.tiling_info = 0x1234;
   md.data.data_size_bytes = 8;
   md.data.data[1] = 77;
   CHECK(dio(DRM_IOCTL_AMDGPU_GEM_METADATA, &md) == 0, "set metadata");
   memset(&md.data, 0, sizeof(md.data));
   md.op = AMDGPU_GEM_METADATA_OP_GET_METADATA;
   CHECK(dio(DRM_IOCTL_AMDGPU_GEM_METADATA, &md) == 0 && md.data.tiling_info == 0x1234 &&
            md.data.data[1] == 77 && md.data.data_size_bytes == 8,
         "metadata round trip");

   union drm_amdgpu_gem_wait_idle wi = { .in = { .handle = c } };
   CHECK(dio(DRM_IOCTL_AMDGPU_GEM_WAIT_IDLE, &wi) == 0 && wi.out.status == 0, "idle");
   wi.in.handle = 999;
   CHECK(dio(DRM_IOCTL_AMDGPU_GEM_WAIT_IDLE, &wi) == -ENOENT, "wait on a bad handle");

   gem_close(b);
   gem_close(c);
   gem_close(nocpu);
}

static void
test_va(void)
{
   uint32_t bo = gem_create(65536, AMDGPU_GEM_DOMAIN_VRAM, 0);
   const uint64_t va = 0x40000000;

   CHECK(va_op(AMDGPU_VA_OP_MAP, bo, 0x100000, 0, 4096) == -EINVAL, "map below the reserved 2 MiB");
   CHECK(va_op(AMDGPU_VA_OP_MAP, bo, va + 0x800, 0, 4096) == -EINVAL, "unaligned address");
   CHECK(va_op(AMDGPU_VA_OP_MAP, bo, va, 0, 4000) == -EINVAL, "unaligned size");
   CHECK(va_op(AMDGPU_VA_OP_MAP, bo, va, 0x800, 4096) == -EINVAL, "unaligned offset");
   CHECK(va_op(AMDGPU_VA_OP_MAP, bo, 0x0000900000000000ull, 0, 4096) == -EINVAL,
         "address in the hole");
   CHECK(va_op(AMDGPU_VA_OP_MAP, bo, va, 0, 65536 + 4096) == -EINVAL, "past the BO end");
   CHECK(va_op(AMDGPU_VA_OP_MAP, bo, va, 0, 0) == -EINVAL, "zero size");
   CHECK(va_op(AMDGPU_VA_OP_MAP, 999, va, 0, 4096) == -ENOENT, "bad handle");
   CHECK(va_op(7, bo, va, 0, 4096) == -EINVAL, "bad operation");

   CHECK(va_op(AMDGPU_VA_OP_MAP, bo, va, 0, 65536) == 0, "map");
   CHECK(va_op(AMDGPU_VA_OP_MAP, bo, va + 4096, 0, 4096) == -EINVAL, "overlap");
   CHECK(va_op(AMDGPU_VA_OP_MAP, bo, 0xffff800000400000ull, 0, 8192) == 0, "high half");
   CHECK(va_op(AMDGPU_VA_OP_UNMAP, bo, va + 4096, 0, 4096) == -ENOENT,
         "unmap not at a mapping start");
   CHECK(va_op(AMDGPU_VA_OP_UNMAP, bo, va, 0, 65536) == 0, "unmap");
   CHECK(va_op(AMDGPU_VA_OP_UNMAP, bo, va, 0, 65536) == -ENOENT, "unmap twice");
   CHECK(va_op(AMDGPU_VA_OP_UNMAP, bo, 0xffff800000400000ull, 0, 8192) == 0, "unmap high");

   /* CLEAR punches a hole that a new MAP can use; the rest stays mapped. */
   CHECK(va_op(AMDGPU_VA_OP_MAP, bo, va, 0, 65536) == 0, "remap");
   CHECK(va_op(AMDGPU_VA_OP_CLEAR, 0, va + 8192, 0, 8192) == 0, "clear");
   CHECK(va_op(AMDGPU_VA_OP_MAP, bo, va + 8192, 0, 8192) == 0, "map into the cleared hole");
   CHECK(va_op(AMDGPU_VA_OP_MAP, bo, va + 16384, 0, 4096) == -EINVAL,
         "the tail after the hole is still mapped");
   CHECK(va_op(AMDGPU_VA_OP_REPLACE, bo, va, 0, 65536) == 0, "replace");
   CHECK(va_op(AMDGPU_VA_OP_UNMAP, bo, va, 0, 65536) == 0, "unmap the replacement");
   CHECK(va_op(AMDGPU_VA_OP_MAP, bo, va + 8192, 0, 4096) == 0,
         "replace removed the pieces it covered");
   gem_close(bo); /* closing the BO drops its mappings */
   uint32_t bo2 = gem_create(4096, AMDGPU_GEM_DOMAIN_GTT, 0);
   CHECK(va_op(AMDGPU_VA_OP_MAP, bo2, va + 8192, 0, 4096) == 0, "GEM_CLOSE left a mapping behind");
   gem_close(bo2);
}

static void
test_ctx(void)
{
   uint32_t a = ctx_create(), b = ctx_create();
   CHECK(a && b && a != b, "contexts %u %u", a, b);
   CHECK(ctx_query2(a) == 0, "fresh context flags 0x%" PRIx64, ctx_query2(a));
   union drm_amdgpu_ctx args = { .in.op = AMDGPU_CTX_OP_QUERY_STATE, .in.ctx_id = a };
   CHECK(
      dio(DRM_IOCTL_AMDGPU_CTX, &args) == 0 && args.out.state.reset_status == AMDGPU_CTX_NO_RESET,
      "reset status %u", args.out.state.reset_status);
   args = (union drm_amdgpu_ctx){ .in.op = AMDGPU_CTX_OP_FREE_CTX, .in.ctx_id = a };
   CHECK(dio(DRM_IOCTL_AMDGPU_CTX, &args) == 0, "free");
   CHECK(dio(DRM_IOCTL_AMDGPU_CTX, &args) == -EINVAL, "free twice");
   args = (union drm_amdgpu_ctx){ .in.op = AMDGPU_CTX_OP_QUERY_STATE2, .in.ctx_id = a };
   CHECK(dio(DRM_IOCTL_AMDGPU_CTX, &args) == -EINVAL, "query of a freed context");
   args = (union drm_amdgpu_ctx){ .in.op = 99 };
   CHECK(dio(DRM_IOCTL_AMDGPU_CTX, &args) == -EINVAL, "unknown op");
   args = (union drm_amdgpu_ctx){ .in.op = AMDGPU_CTX_OP_FREE_CTX, .in.ctx_id = b };
   dio(DRM_IOCTL_AMDGPU_CTX, &args);
}

#define IB_VA   0x10000000ull
#define DATA_VA 0x20000000ull

static unsigned
emit_write_and_fence(uint32_t *ib, uint64_t dst, uint32_t value, uint64_t fence_va,
                     uint64_t fence_value)
{
   unsigned n = 0;
   ib[n++] = PKT3(PKT3_WRITE_DATA, 3, 0);
   ib[n++] = S_370_DST_SEL(V_370_MEM) | S_370_WR_CONFIRM(1);
   ib[n++] = (uint32_t)dst;
   ib[n++] = (uint32_t)(dst >> 32);
   ib[n++] = value;
   ib[n++] = PKT3(PKT3_RELEASE_MEM, 6, 0);
   ib[n++] = S_490_EVENT_TYPE(V_028A90_BOTTOM_OF_PIPE_TS) | S_490_EVENT_INDEX(5);
   ib[n++] = EOP_DST_SEL(EOP_DST_SEL_MEM) | EOP_DATA_SEL(EOP_DATA_SEL_VALUE_64BIT);
   ib[n++] = (uint32_t)fence_va;
   ib[n++] = (uint32_t)(fence_va >> 32);
   ib[n++] = (uint32_t)fence_value;
   ib[n++] = (uint32_t)(fence_value >> 32);
   ib[n++] = 0;
   return n;
}

static void
test_cs_write_data_fence(void)
{
   struct buf ib = buf_create(IB_VA, 65536, AMDGPU_GEM_DOMAIN_GTT);
   struct buf data = buf_create(DATA_VA, 65536, AMDGPU_GEM_DOMAIN_VRAM);
   uint32_t ctx = ctx_create();
   uint64_t seq = 0, status = 1;

   struct drm_syncobj_create sc = { 0 };
   CHECK(dio(DRM_IOCTL_SYNCOBJ_CREATE, &sc) == 0 && sc.handle, "syncobj create");

   unsigned n = emit_write_and_fence(ib.map, DATA_VA + 0x100, 0xfeedf00d, DATA_VA + 0x200,
                                     0x0123456789abcdefull);
   struct submit s = {
      .ctx = ctx,
      .ib_va = IB_VA,
      .ib_dw = n,
      .ip = AMDGPU_HW_IP_COMPUTE,
      .fence_handle = data.handle,
      .fence_offset = 0x300,
      .syncobj_out = sc.handle,
   };
   int r = cs_submit(&s, &seq);
   CHECK(r == 0 && seq == 1, "CS r=%d seq %" PRIu64, r, seq);
   CHECK(data.map[0x100 / 4] == 0xfeedf00d, "WRITE_DATA wrote 0x%x", data.map[0x100 / 4]);
   uint64_t fence;
   memcpy(&fence, &data.map[0x200 / 4], 8);
   CHECK(fence == 0x0123456789abcdefull, "RELEASE_MEM wrote 0x%" PRIx64, fence);
   uint64_t user_fence;
   memcpy(&user_fence, &data.map[0x300 / 4], 8);
   CHECK(user_fence == seq, "user fence %" PRIu64 ", seq %" PRIu64, user_fence, seq);

   CHECK(wait_cs(ctx, AMDGPU_HW_IP_COMPUTE, 0, seq, &status) == 0 && status == 0,
         "WAIT_CS status %" PRIu64, status);
   CHECK(wait_cs(ctx, AMDGPU_HW_IP_COMPUTE, 0, seq + 1, NULL) == -EINVAL,
         "WAIT_CS on a sequence number not yet submitted");
   CHECK(wait_cs(ctx, AMDGPU_HW_IP_COMPUTE, 1, seq, NULL) == -EINVAL,
         "WAIT_CS on another ring's sequence number");

   uint32_t handles[1] = { sc.handle };
   struct drm_syncobj_wait sw = {
      .handles = (uintptr_t)handles,
      .count_handles = 1,
      .timeout_nsec = 0,
      .flags = DRM_SYNCOBJ_WAIT_FLAGS_WAIT_ALL,
   };
   CHECK(dio(DRM_IOCTL_SYNCOBJ_WAIT, &sw) == 0, "syncobj signaled by the CS");

   struct drm_amdgpu_fence f = { .ctx_id = ctx, .ip_type = AMDGPU_HW_IP_COMPUTE, .seq_no = seq };
   union drm_amdgpu_wait_fences wf = {
      .in = { .fences = (uintptr_t)&f, .fence_count = 1, .wait_all = 1, .timeout_ns = 0 },
   };
   CHECK(dio(DRM_IOCTL_AMDGPU_WAIT_FENCES, &wf) == 0 && wf.out.status == 1, "WAIT_FENCES status %u",
         wf.out.status);

   /* A second CS on the gfx ring gets its own sequence, also from 1; it
    * waits for the first through the syncobj. */
   n = emit_write_and_fence(ib.map, DATA_VA + 0x104, 2, DATA_VA + 0x208, 2);
   s = (struct submit){ .ctx = ctx,
                        .ib_va = IB_VA,
                        .ib_dw = n,
                        .ip = AMDGPU_HW_IP_GFX,
                        .syncobj_in = sc.handle };
   r = cs_submit(&s, &seq);
   CHECK(r == 0 && seq == 1 && data.map[0x104 / 4] == 2, "gfx CS r=%d seq %" PRIu64, r, seq);

   /* errno of malformed submissions */
   s = (struct submit){ .ctx = 99, .ib_va = IB_VA, .ib_dw = n, .ip = AMDGPU_HW_IP_COMPUTE };
   CHECK(cs_submit(&s, NULL) == -EINVAL, "CS on a bad context");
   s.ctx = ctx;
   s.ib_dw = 0;
   s.fence_handle = data.handle;
   CHECK(cs_submit(&s, NULL) == -EINVAL, "CS without an IB");
   s = (struct submit){ .ctx = ctx,
                        .ib_va = IB_VA,
                        .ib_dw = n,
                        .ip = AMDGPU_HW_IP_COMPUTE,
                        .ring = 9 };
   CHECK(cs_submit(&s, NULL) == -EINVAL, "CS to a ring that does not exist");
   s.ring = 0;
   s.ip = AMDGPU_HW_IP_DMA;
   CHECK(cs_submit(&s, NULL) == -EINVAL, "CS to an engine that is not emulated");
   s.ip = AMDGPU_HW_IP_COMPUTE;
   s.fence_handle = 999;
   CHECK(cs_submit(&s, NULL) == -EINVAL, "user fence in a bad BO");
   s.fence_handle = 0;
   struct drm_syncobj_create empty = { 0 };
   dio(DRM_IOCTL_SYNCOBJ_CREATE, &empty);
   s.syncobj_in = empty.handle;
   CHECK(cs_submit(&s, NULL) == -EINVAL, "wait on a syncobj with no fence");
   s.syncobj_in = 999;
   CHECK(cs_submit(&s, NULL) == -ENOENT, "wait on a syncobj that does not exist");
   sw.handles = (uintptr_t)&empty.handle;
   CHECK(dio(DRM_IOCTL_SYNCOBJ_WAIT, &sw) == -EINVAL, "wait for an unsubmitted fence");
   sw.flags |= DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT;
   CHECK(dio(DRM_IOCTL_SYNCOBJ_WAIT, &sw) == -ETIME, "WAIT_FOR_SUBMIT times out");

   gem_close(ib.handle);
   gem_close(data.handle);
}

/* An unknown packet hangs the CP: the CS itself succeeds, the fence
 * reports the hang, the context is guilty and refuses more work, and a
 * new context works. */
static void
test_guilty_context(void)
{
   struct buf ib = buf_create(IB_VA, 65536, AMDGPU_GEM_DOMAIN_GTT);
   struct buf data = buf_create(DATA_VA, 65536, AMDGPU_GEM_DOMAIN_VRAM);
   uint32_t bystander = ctx_create();
   uint32_t ctx = ctx_create();
   uint64_t seq = 0;

   unsigned n = 0;
   ib.map[n++] = PKT3(PKT3_DRAW_INDEX_AUTO, 1, 0);
   ib.map[n++] = 3;
   ib.map[n++] = 0;
   struct submit s = { .ctx = ctx, .ib_va = IB_VA, .ib_dw = n, .ip = AMDGPU_HW_IP_COMPUTE };
   CHECK(cs_submit(&s, &seq) == 0, "the faulting CS is accepted");
   CHECK(wait_cs(ctx, AMDGPU_HW_IP_COMPUTE, 0, seq, NULL) == -ETIME, "its fence reports the hang");
   uint64_t flags = ctx_query2(ctx);
   CHECK(flags == (AMDGPU_CTX_QUERY2_FLAGS_GUILTY | AMDGPU_CTX_QUERY2_FLAGS_RESET),
         "flags 0x%" PRIx64, flags);
   flags = ctx_query2(bystander);
   CHECK(flags == AMDGPU_CTX_QUERY2_FLAGS_RESET, "bystander flags 0x%" PRIx64, flags);

   struct kiln_sim_fault fault;
   char opcode[8];
   snprintf(opcode, sizeof(opcode), "0x%02x", PKT3_DRAW_INDEX_AUTO);
   CHECK(kiln_sim_amdgpu_last_fault(dev, &fault) == 0 && strstr(fault.message, opcode),
         "last fault does not name opcode %s: %s", opcode, fault.message);
   struct kiln_sim_fault via_info = { 0 };
   CHECK(query(KILN_SIM_AMDGPU_INFO_LAST_FAULT, &via_info, sizeof(via_info)) == 0 &&
            !strcmp(via_info.message, fault.message),
         "INFO_LAST_FAULT: %s", via_info.message);

   n = emit_write_and_fence(ib.map, DATA_VA, 5, DATA_VA + 8, 5);
   s.ib_dw = n;
   CHECK(cs_submit(&s, NULL) == -ECANCELED, "CS on the guilty context");
   CHECK(data.map[0] == 0, "the refused CS ran");

   s.ctx = ctx_create();
   CHECK(cs_submit(&s, &seq) == 0 && data.map[0] == 5, "a new context works");
   CHECK(ctx_query2(s.ctx) == 0, "new context flags 0x%" PRIx64, ctx_query2(s.ctx));

   gem_close(ib.handle);
   gem_close(data.handle);
}

/* A VM fault of the command processor is reported as a GPUVM fault. */
static void
test_cp_vm_fault(void)
{
   struct buf ib = buf_create(IB_VA, 65536, AMDGPU_GEM_DOMAIN_GTT);
   uint32_t ctx = ctx_create();
   const uint64_t bad = 0x7654321000ull + 0x48;

   unsigned n = emit_write_and_fence(ib.map, bad, 1, bad + 8, 1);
   struct submit s = { .ctx = ctx, .ib_va = IB_VA, .ib_dw = n, .ip = AMDGPU_HW_IP_COMPUTE };
   CHECK(cs_submit(&s, NULL) == 0, "CS");
   struct drm_amdgpu_info_gpuvm_fault vmf = { 0 };
   CHECK(query(AMDGPU_INFO_GPUVM_FAULT, &vmf, sizeof(vmf)) == 0, "GPUVM_FAULT");
   CHECK(vmf.addr == (bad & ~0xfffull), "fault page 0x%" PRIx64 ", wrote 0x%" PRIx64,
         (uint64_t)vmf.addr, bad);
   CHECK(G_00A130_MAPPING_ERROR(vmf.status) && G_00A130_RW(vmf.status),
         "status 0x%x: want a mapping error on a write", vmf.status);
   CHECK(ctx_query2(ctx) & AMDGPU_CTX_QUERY2_FLAGS_GUILTY, "context not guilty");
   gem_close(ib.handle);
}

/* out[i] = 3 * i + 7 for every global id i, by a kernel that takes the
 * output pointer in s[0:1] and its group id in s2.  Encodings from
 *   llvm-mc-15 -arch=amdgcn -mcpu=gfx1030 -show-encoding
 * of:
 *   s_lshl_b32 s2, s2, 6
 *   v_add_nc_u32 v1, s2, v0
 *   v_mul_u32_u24 v2, 3, v1
 *   v_add_nc_u32 v2, 7, v2
 *   v_lshlrev_b32 v3, 2, v1
 *   global_store_dword v3, v2, s[0:1]
 *   s_endpgm
 */
static const uint32_t kernel_3i_plus_7[] = {
   0x8f028602, 0x4a020002, 0x16040283, 0x4a040487, 0x34060282, 0xdc708000, 0x00000203, 0xbf810000,
};
#define KERNEL_STORE_OFFSET 20 /* byte offset of global_store_dword */

static unsigned
emit_kernel_dispatch(uint32_t *ib, uint64_t code_va, uint64_t out_va, uint32_t threads)
{
   unsigned n = 0;
   ib[n++] = PKT3(PKT3_SET_SH_REG, 2, 0);
   ib[n++] = (R_00B830_COMPUTE_PGM_LO - SI_SH_REG_OFFSET) >> 2;
   ib[n++] = code_va >> 8;
   ib[n++] = S_00B834_DATA(code_va >> 40);
   ib[n++] = PKT3(PKT3_SET_SH_REG, 2, 0);
   ib[n++] = (R_00B848_COMPUTE_PGM_RSRC1 - SI_SH_REG_OFFSET) >> 2;
   ib[n++] = S_00B848_VGPRS(0) | S_00B848_FLOAT_MODE(0xc0);
   ib[n++] = S_00B84C_USER_SGPR(2) | S_00B84C_TGID_X_EN(1) | S_00B84C_TIDIG_COMP_CNT(0);
   ib[n++] = PKT3(PKT3_SET_SH_REG, 1, 0);
   ib[n++] = (R_00B8A0_COMPUTE_PGM_RSRC3 - SI_SH_REG_OFFSET) >> 2;
   ib[n++] = 0;
   ib[n++] = PKT3(PKT3_SET_SH_REG, 3, 0);
   ib[n++] = (R_00B81C_COMPUTE_NUM_THREAD_X - SI_SH_REG_OFFSET) >> 2;
   ib[n++] = S_00B81C_NUM_THREAD_FULL_GFX6(64);
   ib[n++] = S_00B820_NUM_THREAD_FULL_GFX6(1);
   ib[n++] = S_00B824_NUM_THREAD_FULL(1);
   ib[n++] = PKT3(PKT3_SET_SH_REG, 2, 0);
   ib[n++] = (R_00B900_COMPUTE_USER_DATA_0 - SI_SH_REG_OFFSET) >> 2;
   ib[n++] = (uint32_t)out_va;
   ib[n++] = (uint32_t)(out_va >> 32);
   ib[n++] = PKT3(PKT3_DISPATCH_DIRECT, 3, 0) | PKT3_SHADER_TYPE_S(1);
   ib[n++] = threads;
   ib[n++] = 1;
   ib[n++] = 1;
   ib[n++] = S_00B800_COMPUTE_SHADER_EN(1) | S_00B800_FORCE_START_AT_000(1) |
             S_00B800_USE_THREAD_DIMENSIONS(1);
   return n;
}

static void
test_dispatch_kernel(void)
{
   struct buf ib = buf_create(IB_VA, 65536, AMDGPU_GEM_DOMAIN_GTT);
   struct buf data = buf_create(DATA_VA, 65536, AMDGPU_GEM_DOMAIN_VRAM);
   const uint64_t code_va = 0xffff800000100000ull; /* as radeonsi allocates: high half */
   struct buf code = buf_create(code_va, 4096, AMDGPU_GEM_DOMAIN_VRAM);
   uint32_t ctx = ctx_create();
   uint64_t seq;

   memcpy(code.map, kernel_3i_plus_7, sizeof(kernel_3i_plus_7));
   for (unsigned i = 0; i < 256; i++)
      data.map[i] = 0xdeaddead;

   /* 100 threads in groups of 64: a full group and a partial one of 36. */
   unsigned n = emit_kernel_dispatch(ib.map, code_va, DATA_VA, 100);
   struct submit s = { .ctx = ctx, .ib_va = IB_VA, .ib_dw = n, .ip = AMDGPU_HW_IP_COMPUTE };
   CHECK(cs_submit(&s, &seq) == 0, "CS");
   CHECK(wait_cs(ctx, AMDGPU_HW_IP_COMPUTE, 0, seq, NULL) == 0, "dispatch fence: %s",
         kiln_sim_amdgpu_last_fault(dev, &(struct kiln_sim_fault){ 0 }) == 0 ? "faulted" : "");
   unsigned bad = 0;
   for (unsigned i = 0; i < 100; i++)
      bad += data.map[i] != 3 * i + 7;
   CHECK(!bad, "%u of 100 results wrong (out[0]=0x%x out[99]=0x%x)", bad, data.map[0],
         data.map[99]);
   CHECK(data.map[100] == 0xdeaddead && data.map[127] == 0xdeaddead,
         "threads past the grid ran: out[100]=0x%x out[127]=0x%x", data.map[100], data.map[127]);

   /* The same kernel storing to an unmapped address faults at the store. */
   const uint64_t unmapped = 0x7000000000ull;
   n = emit_kernel_dispatch(ib.map, code_va, unmapped, 64);
   s.ib_dw = n;
   CHECK(cs_submit(&s, &seq) == 0, "faulting CS");
   CHECK(wait_cs(ctx, AMDGPU_HW_IP_COMPUTE, 0, seq, NULL) == -ETIME, "fence error");
   struct kiln_sim_fault fault = { 0 };
   CHECK(kiln_sim_amdgpu_last_fault(dev, &fault) == 0 && fault.kind == KILN_SIM_FAULT_VM,
         "fault kind %d", fault.kind);
   CHECK(fault.pc == code_va + KERNEL_STORE_OFFSET, "fault PC 0x%" PRIx64 ", want 0x%" PRIx64,
         fault.pc, code_va + KERNEL_STORE_OFFSET);
   CHECK(strstr(fault.instruction, "global_store"), "instruction '%s'", fault.instruction);
   struct drm_amdgpu_info_gpuvm_fault vmf = { 0 };
   query(AMDGPU_INFO_GPUVM_FAULT, &vmf, sizeof(vmf));
   CHECK(vmf.addr == unmapped && G_00A130_RW(vmf.status), "GPUVM fault 0x%" PRIx64 " 0x%x",
         (uint64_t)vmf.addr, vmf.status);
   CHECK(ctx_query2(ctx) & AMDGPU_CTX_QUERY2_FLAGS_GUILTY, "context not guilty");

   s.ctx = ctx_create();
   for (unsigned i = 0; i < 256; i++)
      data.map[i] = 0;
   n = emit_kernel_dispatch(ib.map, code_va, DATA_VA, 64);
   s.ib_dw = n;
   CHECK(cs_submit(&s, &seq) == 0 && data.map[63] == 3 * 63 + 7,
         "a new context dispatches again (out[63]=%u)", data.map[63]);

   gem_close(ib.handle);
   gem_close(data.handle);
   gem_close(code.handle);
}

/* GEM_USERPTR: host memory the GPU writes directly; read-only user memory
 * is a permission fault for the GPU. */
static void
test_userptr_and_bo_list(void)
{
   struct buf ib = buf_create(IB_VA, 65536, AMDGPU_GEM_DOMAIN_GTT);
   void *host = NULL, *ro_host = NULL;
   posix_memalign(&host, 4096, 8192);
   posix_memalign(&ro_host, 4096, 4096);
   memset(host, 0, 8192);
   memset(ro_host, 0, 4096);

   struct drm_amdgpu_gem_userptr up = {
      .addr = (uintptr_t)host,
      .size = 8192,
      .flags = AMDGPU_GEM_USERPTR_REGISTER | AMDGPU_GEM_USERPTR_VALIDATE,
   };
   CHECK(dio(DRM_IOCTL_AMDGPU_GEM_USERPTR, &up) == 0 && up.handle, "userptr");
   struct drm_amdgpu_gem_userptr bad = up;
   bad.addr += 8;
   CHECK(dio(DRM_IOCTL_AMDGPU_GEM_USERPTR, &bad) == -EINVAL, "unaligned userptr");
   bad = up;
   bad.flags = 0;
   CHECK(dio(DRM_IOCTL_AMDGPU_GEM_USERPTR, &bad) == -EACCES, "writable userptr without REGISTER");
   union drm_amdgpu_gem_mmap mm = { .in.handle = up.handle };
   CHECK(dio(DRM_IOCTL_AMDGPU_GEM_MMAP, &mm) == -EPERM, "mmap of a userptr BO");
   CHECK(va_op(AMDGPU_VA_OP_MAP, up.handle, DATA_VA, 0, 8192) == 0, "map userptr");

   struct drm_amdgpu_gem_userptr ro = {
      .addr = (uintptr_t)ro_host,
      .size = 4096,
      .flags = AMDGPU_GEM_USERPTR_READONLY,
   };
   CHECK(dio(DRM_IOCTL_AMDGPU_GEM_USERPTR, &ro) == 0, "read-only userptr");
   CHECK(va_op(AMDGPU_VA_OP_MAP, ro.handle, DATA_VA + 0x100000, 0, 4096) == 0,
         "map read-only userptr");

   /* BO lists name existing BOs only. */
   struct drm_amdgpu_bo_list_entry entries[2] = { { ib.handle, 0 }, { up.handle, 0 } };
   union drm_amdgpu_bo_list bl = {
      .in = { .operation = AMDGPU_BO_LIST_OP_CREATE,
              .bo_number = 2,
              .bo_info_size = sizeof(entries[0]),
              .bo_info_ptr = (uintptr_t)entries },
   };
   CHECK(dio(DRM_IOCTL_AMDGPU_BO_LIST, &bl) == 0 && bl.out.list_handle, "BO list");
   uint32_t list = bl.out.list_handle;
   entries[1].bo_handle = 999;
   bl = (union drm_amdgpu_bo_list){
      .in = { .operation = AMDGPU_BO_LIST_OP_CREATE,
              .bo_number = 2,
              .bo_info_size = sizeof(entries[0]),
              .bo_info_ptr = (uintptr_t)entries },
   };
   CHECK(dio(DRM_IOCTL_AMDGPU_BO_LIST, &bl) == -ENOENT, "BO list with a bad BO");

   uint32_t ctx = ctx_create();
   unsigned n = emit_write_and_fence(ib.map, DATA_VA + 0x1004, 0x5a5a, DATA_VA + 0x1008, 7);
   struct drm_amdgpu_cs_chunk_ib chunk_ib = {
      .va_start = IB_VA,
      .ib_bytes = n * 4,
      .ip_type = AMDGPU_HW_IP_COMPUTE,
   };
   struct drm_amdgpu_cs_chunk chunk = { AMDGPU_CHUNK_ID_IB, sizeof(chunk_ib) / 4,
                                        (uintptr_t)&chunk_ib };
   uint64_t ptr = (uintptr_t)&chunk;
   union drm_amdgpu_cs cs = {
      .in = { .ctx_id = ctx, .bo_list_handle = 77, .num_chunks = 1, .chunks = (uintptr_t)&ptr },
   };
   CHECK(dio(DRM_IOCTL_AMDGPU_CS, &cs) == -ENOENT, "CS with a bad BO list");
   cs.in.bo_list_handle = list;
   CHECK(dio(DRM_IOCTL_AMDGPU_CS, &cs) == 0, "CS with a BO list");
   uint32_t *words = host;
   CHECK(words[0x1004 / 4] == 0x5a5a && words[0x1008 / 4] == 7,
         "GPU wrote 0x%x, fence %u into user memory", words[0x1004 / 4], words[0x1008 / 4]);

   /* The read-only page: the CP's write is a permission fault. */
   n = emit_write_and_fence(ib.map, DATA_VA + 0x100010, 1, DATA_VA + 0x1010, 1);
   chunk_ib.ib_bytes = n * 4;
   cs = (union drm_amdgpu_cs){
      .in = { .ctx_id = ctx, .num_chunks = 1, .chunks = (uintptr_t)&ptr },
   };
   CHECK(dio(DRM_IOCTL_AMDGPU_CS, &cs) == 0, "CS writing read-only memory");
   struct drm_amdgpu_info_gpuvm_fault vmf = { 0 };
   query(AMDGPU_INFO_GPUVM_FAULT, &vmf, sizeof(vmf));
   CHECK(vmf.addr == DATA_VA + 0x100000 && G_00A130_PERMISSION_FAULTS(vmf.status) &&
            !G_00A130_MAPPING_ERROR(vmf.status) && G_00A130_RW(vmf.status),
         "fault 0x%" PRIx64 " status 0x%x", (uint64_t)vmf.addr, vmf.status);
   CHECK(((uint32_t *)ro_host)[4] == 0, "read-only user memory was written");

   bl = (union drm_amdgpu_bo_list){ .in = { .operation = AMDGPU_BO_LIST_OP_DESTROY,
                                            .list_handle = list } };
   CHECK(dio(DRM_IOCTL_AMDGPU_BO_LIST, &bl) == 0, "destroy BO list");
   gem_close(ib.handle);
   gem_close(up.handle);
   gem_close(ro.handle);
   free(host);
   free(ro_host);
}

static void
test_syncobj_export_and_timeline(void)
{
   struct drm_syncobj_create sc = { .flags = DRM_SYNCOBJ_CREATE_SIGNALED };
   CHECK(dio(DRM_IOCTL_SYNCOBJ_CREATE, &sc) == 0, "create signaled");

   /* A syncobj fd imported on another open of the device is the same
    * syncobj: a reset through one handle is seen through the other. */
   struct drm_syncobj_handle h = { .handle = sc.handle };
   CHECK(dio(DRM_IOCTL_SYNCOBJ_HANDLE_TO_FD, &h) == 0 && h.fd >= 0, "export");
   struct kiln_sim_amdgpu *self = dev;
   struct kiln_sim_amdgpu *other = kiln_sim_amdgpu_open();
   dev = other;
   struct drm_syncobj_handle imp = { .fd = h.fd };
   CHECK(dio(DRM_IOCTL_SYNCOBJ_FD_TO_HANDLE, &imp) == 0 && imp.handle, "import");
   struct drm_syncobj_array arr = { .handles = (uintptr_t)&imp.handle, .count_handles = 1 };
   CHECK(dio(DRM_IOCTL_SYNCOBJ_RESET, &arr) == 0, "reset on the other device");
   dev = self;
   uint32_t handle = sc.handle;
   struct drm_syncobj_wait sw = { .handles = (uintptr_t)&handle, .count_handles = 1 };
   CHECK(dio(DRM_IOCTL_SYNCOBJ_WAIT, &sw) == -EINVAL, "reset not shared");
   close(h.fd);

   /* A sync file of a signaled fence polls readable. */
   CHECK(dio(DRM_IOCTL_SYNCOBJ_SIGNAL,
             &(struct drm_syncobj_array){ .handles = (uintptr_t)&handle, .count_handles = 1 }) == 0,
         "signal");
   h = (struct drm_syncobj_handle){ .handle = handle,
                                    .flags = DRM_SYNCOBJ_HANDLE_TO_FD_FLAGS_EXPORT_SYNC_FILE };
   CHECK(dio(DRM_IOCTL_SYNCOBJ_HANDLE_TO_FD, &h) == 0, "export sync file");
   struct pollfd pfd = { .fd = h.fd, .events = POLLIN };
   CHECK(poll(&pfd, 1, 0) == 1 && (pfd.revents & POLLIN), "sync file not signaled");
   close(h.fd);
   h.handle = 999;
   CHECK(dio(DRM_IOCTL_SYNCOBJ_HANDLE_TO_FD, &h) == -EINVAL, "export of a bad handle");

   /* Timeline points: signaled up to the highest point signaled. */
   struct drm_syncobj_create tl = { 0 };
   dio(DRM_IOCTL_SYNCOBJ_CREATE, &tl);
   uint64_t point = 5;
   struct drm_syncobj_timeline_array ta = { .handles = (uintptr_t)&tl.handle,
                                            .points = (uintptr_t)&point,
                                            .count_handles = 1 };
   CHECK(dio(DRM_IOCTL_SYNCOBJ_TIMELINE_SIGNAL, &ta) == 0, "timeline signal 5");
   point = 0;
   CHECK(dio(DRM_IOCTL_SYNCOBJ_QUERY, &ta) == 0 && point == 5, "query %" PRIu64, point);
   uint64_t want = 4;
   struct drm_syncobj_timeline_wait tw = { .handles = (uintptr_t)&tl.handle,
                                           .points = (uintptr_t)&want,
                                           .count_handles = 1 };
   CHECK(dio(DRM_IOCTL_SYNCOBJ_TIMELINE_WAIT, &tw) == 0, "point 4 is signaled");
   want = 6;
   CHECK(dio(DRM_IOCTL_SYNCOBJ_TIMELINE_WAIT, &tw) == -EINVAL, "point 6 is not submitted");
   tw.flags = DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT;
   tw.timeout_nsec = os_time_get_nano() + 1000000;
   CHECK(dio(DRM_IOCTL_SYNCOBJ_TIMELINE_WAIT, &tw) == -ETIME, "point 6 times out");

   dev = other;
   kiln_sim_amdgpu_close(other);
   dev = self;
}

struct waiter {
   uint32_t handle;
   int result;
};

static void *
wait_for_submit(void *arg)
{
   struct waiter *w = arg;
   struct drm_syncobj_wait sw = {
      .handles = (uintptr_t)&w->handle,
      .count_handles = 1,
      .flags = DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT,
      .timeout_nsec = os_time_get_nano() + 5000000000ll,
   };
   w->result = dio(DRM_IOCTL_SYNCOBJ_WAIT, &sw);
   return NULL;
}

/* A WAIT_FOR_SUBMIT wait sleeps without holding up the device: another
 * thread's CS goes through and wakes it. */
static void
test_wait_for_submit_thread(void)
{
   struct buf ib = buf_create(IB_VA, 65536, AMDGPU_GEM_DOMAIN_GTT);
   struct buf data = buf_create(DATA_VA, 65536, AMDGPU_GEM_DOMAIN_VRAM);
   struct drm_syncobj_create sc = { 0 };
   dio(DRM_IOCTL_SYNCOBJ_CREATE, &sc);
   struct waiter w = { .handle = sc.handle, .result = 1 };
   pthread_t thread;
   pthread_create(&thread, NULL, wait_for_submit, &w);
   usleep(20000);

   unsigned n = emit_write_and_fence(ib.map, DATA_VA, 9, DATA_VA + 8, 9);
   struct submit s = { .ctx = ctx_create(),
                       .ib_va = IB_VA,
                       .ib_dw = n,
                       .ip = AMDGPU_HW_IP_COMPUTE,
                       .syncobj_out = sc.handle };
   int64_t start = os_time_get_nano();
   CHECK(cs_submit(&s, NULL) == 0, "CS while another thread waits");
   pthread_join(thread, NULL);
   CHECK(w.result == 0, "waiter returned %d", w.result);
   CHECK(os_time_get_nano() - start < 2000000000ll, "waiter took %lld ms",
         (long long)(os_time_get_nano() - start) / 1000000);
   CHECK(data.map[0] == 9, "CS result %u", data.map[0]);

   union drm_amdgpu_fence_to_handle fth = {
      .in = { .fence = { .ctx_id = s.ctx, .ip_type = AMDGPU_HW_IP_COMPUTE, .seq_no = 1 },
              .what = AMDGPU_FENCE_TO_HANDLE_GET_SYNCOBJ },
   };
   CHECK(dio(DRM_IOCTL_AMDGPU_FENCE_TO_HANDLE, &fth) == 0 && fth.out.handle, "fence to syncobj");
   struct drm_syncobj_wait sw = { .handles = (uintptr_t)&fth.out.handle, .count_handles = 1 };
   CHECK(dio(DRM_IOCTL_SYNCOBJ_WAIT, &sw) == 0, "the fence's syncobj is signaled");
   fth.in.fence.seq_no = 2;
   CHECK(dio(DRM_IOCTL_AMDGPU_FENCE_TO_HANDLE, &fth) == -EINVAL, "unsubmitted fence");

   gem_close(ib.handle);
   gem_close(data.handle);
}

struct worker {
   unsigned index;
   int errors;
   uint32_t last;
};

/* Each thread owns a context, an IB and a data BO at its own addresses,
 * and allocates and frees a scratch BO per iteration. */
static void *
submit_loop(void *arg)
{
   struct worker *w = arg;
   uint64_t ib_va = 0x100000000ull + w->index * 0x1000000ull;
   struct buf ib = buf_create(ib_va, 4096, AMDGPU_GEM_DOMAIN_GTT);
   struct buf data = buf_create(ib_va + 0x100000, 4096, AMDGPU_GEM_DOMAIN_VRAM);
   uint32_t ctx = ctx_create();

   for (uint32_t i = 1; i <= 100; i++) {
      uint32_t scratch = gem_create(8192, AMDGPU_GEM_DOMAIN_GTT, 0);
      unsigned n = emit_write_and_fence(ib.map, data.va, i, data.va + 8, i);
      struct submit s = { .ctx = ctx,
                          .ib_va = ib.va,
                          .ib_dw = n,
                          .ip = AMDGPU_HW_IP_COMPUTE,
                          .ring = w->index % 4 };
      uint64_t seq = 0;
      if (!scratch || cs_submit(&s, &seq) || seq != i || data.map[0] != i)
         w->errors++;
      gem_close(scratch);
   }
   w->last = data.map[0];
   gem_close(ib.handle);
   gem_close(data.handle);
   return NULL;
}

static void
test_concurrent_submissions(void)
{
   struct worker workers[4];
   pthread_t threads[4];

   for (unsigned i = 0; i < 4; i++) {
      workers[i] = (struct worker){ .index = i };
      pthread_create(&threads[i], NULL, submit_loop, &workers[i]);
   }
   for (unsigned i = 0; i < 4; i++) {
      pthread_join(threads[i], NULL);
      CHECK(workers[i].errors == 0 && workers[i].last == 100, "thread %u: %d errors, last value %u",
            i, workers[i].errors, workers[i].last);
   }
}

int
main(void)
{
   dev = kiln_sim_amdgpu_open();
   if (!dev) {
      printf("FAIL: kiln_sim_amdgpu_open\n");
      return 1;
   }
   test_version();
   test_info_is_navi21();
   test_gem();
   test_va();
   test_ctx();
   test_cs_write_data_fence();
   test_syncobj_export_and_timeline();
   test_wait_for_submit_thread();
   test_guilty_context();
   test_cp_vm_fault();
   test_userptr_and_bo_list();
   test_dispatch_kernel();
   test_concurrent_submissions();
   kiln_sim_amdgpu_close(dev);

   /* Closing frees everything: a second device starts clean. */
   dev = kiln_sim_amdgpu_open();
   struct kiln_sim_fault f;
   CHECK(kiln_sim_amdgpu_last_fault(dev, &f) == -ENOENT, "new device has a fault");
   CHECK(gem_close(1) == -EINVAL, "new device has handle 1");
   kiln_sim_amdgpu_close(dev);

   return kiln_test_summary();
}
