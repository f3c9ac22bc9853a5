/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Buffers (OpenCL 3.0 API §5.2): every way bytes get into and out of a
 * buffer — write and read, map, copy, fill, sub-buffers, host pointers —
 * checked against the same bytes moved on the CPU.
 */
#include "cl_test.h"

#include <stdlib.h>
#include <string.h>

#define SIZE 4096

static bool
buffer_write_then_read_round_trips(struct clt *t)
{
   unsigned char in[SIZE], out[SIZE];
   clt_fill_random(in, SIZE, 1);
   cl_mem b = clt_buffer(t, CL_MEM_READ_WRITE, SIZE, NULL);
   if (!b)
      return false;
   CLT_OK(clEnqueueWriteBuffer(t->queue, b, CL_TRUE, 0, SIZE, in, 0, NULL, NULL));
   memset(out, 0, SIZE);
   CLT_OK(clEnqueueReadBuffer(t->queue, b, CL_TRUE, 0, SIZE, out, 0, NULL, NULL));
   CLT_REQUIRE(!memcmp(in, out, SIZE), "the bytes read differ from the bytes written");
   /* A part, at an odd offset, in both directions. */
   unsigned char part[100];
   clt_fill_random(part, sizeof(part), 2);
   CLT_OK(clEnqueueWriteBuffer(t->queue, b, CL_TRUE, 333, sizeof(part), part, 0, NULL, NULL));
   memcpy(in + 333, part, sizeof(part));
   CLT_OK(clEnqueueReadBuffer(t->queue, b, CL_TRUE, 301, 200, out, 0, NULL, NULL));
   CLT_REQUIRE(!memcmp(in + 301, out, 200), "a read at offset 301 differs after a write at 333");
   return true;
}

static bool
buffer_map_reads_and_writes(struct clt *t)
{
   unsigned char in[SIZE], out[SIZE];
   cl_int err;
   clt_fill_random(in, SIZE, 3);
   cl_mem b = clt_buffer(t, CL_MEM_READ_WRITE, SIZE, NULL);
   if (!b)
      return false;
   CLT_OK(clEnqueueWriteBuffer(t->queue, b, CL_TRUE, 0, SIZE, in, 0, NULL, NULL));
   unsigned char *p =
      clEnqueueMapBuffer(t->queue, b, CL_TRUE, CL_MAP_READ, 128, 1024, 0, NULL, NULL, &err);
   CLT_REQUIRE(p, "clEnqueueMapBuffer(CL_MAP_READ) returned %s", clt_error_name(err));
   bool same = !memcmp(p, in + 128, 1024);
   CLT_OK(clEnqueueUnmapMemObject(t->queue, b, p, 0, NULL, NULL));
   CLT_REQUIRE(same, "a read mapping at offset 128 does not show the buffer's bytes");

   p = clEnqueueMapBuffer(t->queue, b, CL_TRUE, CL_MAP_WRITE_INVALIDATE_REGION, 1000, 500, 0, NULL,
                          NULL, &err);
   CLT_REQUIRE(p, "clEnqueueMapBuffer(CL_MAP_WRITE_INVALIDATE_REGION) returned %s",
               clt_error_name(err));
   for (unsigned i = 0; i < 500; i++)
      p[i] = in[1000 + i] = (unsigned char)(i * 7);
   CLT_OK(clEnqueueUnmapMemObject(t->queue, b, p, 0, NULL, NULL));
   CLT_OK(clEnqueueReadBuffer(t->queue, b, CL_TRUE, 0, SIZE, out, 0, NULL, NULL));
   CLT_REQUIRE(!memcmp(in, out, SIZE), "bytes written through a mapping are not in the buffer");
   return true;
}

static bool
buffer_copy_moves_the_bytes(struct clt *t)
{
   unsigned char in[SIZE], out[SIZE], want[SIZE];
   clt_fill_random(in, SIZE, 4);
   clt_fill_random(want, SIZE, 5);
   cl_mem a = clt_buffer(t, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, SIZE, in);
   cl_mem b = clt_buffer(t, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, SIZE, want);
   if (!a || !b)
      return false;
   CLT_OK(clEnqueueCopyBuffer(t->queue, a, b, 17, 1029, 2000, 0, NULL, NULL));
   memcpy(want + 1029, in + 17, 2000);
   CLT_OK(clEnqueueReadBuffer(t->queue, b, CL_TRUE, 0, SIZE, out, 0, NULL, NULL));
   CLT_REQUIRE(!memcmp(want, out, SIZE), "clEnqueueCopyBuffer(src 17, dst 1029, 2000 bytes) "
                                         "did not copy exactly those bytes");
   /* Within one buffer, regions that do not overlap. */
   CLT_OK(clEnqueueCopyBuffer(t->queue, b, b, 0, 2048, 1024, 0, NULL, NULL));
   memcpy(want + 2048, want, 1024);
   CLT_OK(clEnqueueReadBuffer(t->queue, b, CL_TRUE, 0, SIZE, out, 0, NULL, NULL));
   CLT_REQUIRE(!memcmp(want, out, SIZE), "a copy within one buffer went wrong");
   return true;
}

/* §5.2.4: the pattern repeats from `offset`; offset and size are multiples of it. */
static bool
buffer_fill_matches_a_cpu_fill(struct clt *t)
{
   static const size_t sizes[] = { 1, 2, 4, 16, 128 };
   unsigned char init[SIZE], want[SIZE], out[SIZE], pattern[128];
   clt_fill_random(init, SIZE, 6);
   for (unsigned i = 0; i < CLT_ARRAY_SIZE(sizes); i++) {
      size_t ps = sizes[i];
      clt_fill_random(pattern, ps, 100 + (unsigned)ps);
      cl_mem b = clt_buffer(t, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, SIZE, init);
      if (!b)
         return false;
      size_t offset = ps * 3, size = ps * (ps == 128 ? 20 : 157);
      CLT_OK(clEnqueueFillBuffer(t->queue, b, pattern, ps, offset, size, 0, NULL, NULL));
      memcpy(want, init, SIZE);
      for (size_t o = 0; o < size; o += ps)
         memcpy(want + offset + o, pattern, ps);
      CLT_OK(clEnqueueReadBuffer(t->queue, b, CL_TRUE, 0, SIZE, out, 0, NULL, NULL));
      for (size_t j = 0; j < SIZE; j++)
         CLT_REQUIRE(out[j] == want[j],
                     "%zu-byte pattern at offset %zu, %zu bytes: byte %zu is "
                     "0x%02x, a CPU fill gives 0x%02x",
                     ps, offset, size, j, out[j], want[j]);
   }
   return true;
}

/* §5.2.1: a sub-buffer is a window on the parent's bytes, both ways. */
static bool
sub_buffer_is_a_window_on_the_parent(struct clt *t)
{
   unsigned char in[SIZE], out[SIZE];
   cl_uint align_bits = 0;
   cl_int err;
   CLT_OK(clGetDeviceInfo(t->device, CL_DEVICE_MEM_BASE_ADDR_ALIGN, sizeof(align_bits), &align_bits,
                          NULL));
   size_t align = align_bits / 8 ? align_bits / 8 : 1;
   CLT_REQUIRE(align * 2 <= SIZE, "CL_DEVICE_MEM_BASE_ADDR_ALIGN %u bits is too large to test",
               align_bits);
   clt_fill_random(in, SIZE, 7);
   cl_mem parent = clt_buffer(t, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, SIZE, in);
   if (!parent)
      return false;
   cl_buffer_region region = { align, SIZE - align - 64 };
   cl_mem sub = clt_defer(
      t, CLT_MEM,
      clCreateSubBuffer(parent, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, &region, &err));
   CLT_REQUIRE(sub, "clCreateSubBuffer(origin %zu) returned %s", align, clt_error_name(err));
   CLT_OK(clEnqueueReadBuffer(t->queue, sub, CL_TRUE, 0, region.size, out, 0, NULL, NULL));
   CLT_REQUIRE(!memcmp(out, in + align, region.size),
               "reading the sub-buffer does not give the parent's bytes from origin %zu", align);
   unsigned char part[64];
   clt_fill_random(part, sizeof(part), 8);
   CLT_OK(clEnqueueWriteBuffer(t->queue, sub, CL_TRUE, 10, sizeof(part), part, 0, NULL, NULL));
   CLT_OK(clEnqueueReadBuffer(t->queue, parent, CL_TRUE, 0, SIZE, out, 0, NULL, NULL));
   memcpy(in + align + 10, part, sizeof(part));
   CLT_REQUIRE(!memcmp(out, in, SIZE), "a write through the sub-buffer is not in the parent");

   cl_mem assoc = NULL;
   size_t offset = 0;
   CLT_OK(clGetMemObjectInfo(sub, CL_MEM_ASSOCIATED_MEMOBJECT, sizeof(assoc), &assoc, NULL));
   CLT_OK(clGetMemObjectInfo(sub, CL_MEM_OFFSET, sizeof(offset), &offset, NULL));
   CLT_REQUIRE(assoc == parent && offset == align,
               "CL_MEM_ASSOCIATED_MEMOBJECT / CL_MEM_OFFSET do not name the parent and origin");

   return true;
}

/* §5.2.1: an origin off the device's base alignment is refused by name. */
static bool
sub_buffer_misaligned_origin_is_refused(struct clt *t)
{
   cl_uint align_bits = 0;
   cl_int err;
   CLT_OK(clGetDeviceInfo(t->device, CL_DEVICE_MEM_BASE_ADDR_ALIGN, sizeof(align_bits), &align_bits,
                          NULL));
   if (align_bits <= 8)
      return true; /* every origin is aligned */
   cl_mem parent = clt_buffer(t, CL_MEM_READ_WRITE, SIZE, NULL);
   if (!parent)
      return false;
   cl_buffer_region odd = { 1, 64 };
   cl_mem bad = clt_defer(
      t, CLT_MEM,
      clCreateSubBuffer(parent, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, &odd, &err));
   CLT_REQUIRE(!bad && err == CL_MISALIGNED_SUB_BUFFER_OFFSET,
               "a sub-buffer at origin 1 (alignment %u bytes) gave %s, the spec says "
               "CL_MISALIGNED_SUB_BUFFER_OFFSET",
               align_bits / 8, clt_error_name(err));
   return true;
}

/* §5.2.1: with CL_MEM_USE_HOST_PTR the host memory is the buffer's storage. */
static bool
use_host_ptr_buffer_uses_the_host_memory(struct clt *t)
{
   cl_int err;
   unsigned char *host = clt_defer(t, CLT_HOST, aligned_alloc(4096, SIZE));
   unsigned char want[SIZE], out[SIZE];
   clt_fill_random(host, SIZE, 9);
   memcpy(want, host, SIZE);
   cl_mem b = clt_buffer(t, CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, SIZE, host);
   if (!b)
      return false;
   void *got = NULL;
   CLT_OK(clGetMemObjectInfo(b, CL_MEM_HOST_PTR, sizeof(got), &got, NULL));
   CLT_REQUIRE(got == host, "CL_MEM_HOST_PTR is not the host_ptr given");
   CLT_OK(clEnqueueReadBuffer(t->queue, b, CL_TRUE, 0, SIZE, out, 0, NULL, NULL));
   CLT_REQUIRE(!memcmp(out, want, SIZE), "the buffer does not start with the host memory's bytes");
   unsigned char part[256];
   clt_fill_random(part, sizeof(part), 10);
   CLT_OK(clEnqueueWriteBuffer(t->queue, b, CL_TRUE, 512, sizeof(part), part, 0, NULL, NULL));
   memcpy(want + 512, part, sizeof(part));
   /* §5.4.2: a mapping of a USE_HOST_PTR buffer is derived from host_ptr. */
   unsigned char *p =
      clEnqueueMapBuffer(t->queue, b, CL_TRUE, CL_MAP_READ, 256, 1024, 0, NULL, NULL, &err);
   CLT_REQUIRE(p, "clEnqueueMapBuffer returned %s", clt_error_name(err));
   bool derived = p == host + 256;
   bool same = !memcmp(host, want, SIZE);
   CLT_OK(clEnqueueUnmapMemObject(t->queue, b, p, 0, NULL, NULL));
   CLT_OK(clFinish(t->queue));
   CLT_REQUIRE(derived, "the mapping at offset 256 is %p, not host_ptr + 256 (%p)", (void *)p,
               (void *)(host + 256));
   CLT_REQUIRE(same, "after a write and a map, the host memory does not hold the buffer's bytes");
   return true;
}

/* §5.2.1: CL_MEM_COPY_HOST_PTR copies at creation, and only then. */
static bool
copy_host_ptr_buffer_copies_once(struct clt *t)
{
   unsigned char host[SIZE], want[SIZE], out[SIZE];
   clt_fill_random(host, SIZE, 11);
   memcpy(want, host, SIZE);
   cl_mem b = clt_buffer(t, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, SIZE, host);
   if (!b)
      return false;
   memset(host, 0xa5, SIZE);
   CLT_OK(clEnqueueReadBuffer(t->queue, b, CL_TRUE, 0, SIZE, out, 0, NULL, NULL));
   CLT_REQUIRE(!memcmp(out, want, SIZE), "the buffer does not hold the bytes host_ptr had at "
                                         "creation (or follows later changes)");
   size_t size = 0;
   cl_mem_flags flags = 0;
   CLT_OK(clGetMemObjectInfo(b, CL_MEM_SIZE, sizeof(size), &size, NULL));
   CLT_OK(clGetMemObjectInfo(b, CL_MEM_FLAGS, sizeof(flags), &flags, NULL));
   CLT_REQUIRE(size == SIZE, "CL_MEM_SIZE is %zu, not %d", size, SIZE);
   CLT_REQUIRE(flags == (CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR),
               "CL_MEM_FLAGS is 0x%llx, not the flags given", (unsigned long long)flags);
   return true;
}

const struct clt_check clt_buffer_checks[] = {
   { "buffer.write-then-read-round-trips", buffer_write_then_read_round_trips },
   { "buffer.map-reads-and-writes", buffer_map_reads_and_writes },
   { "buffer.copy-moves-the-bytes", buffer_copy_moves_the_bytes },
   { "buffer.fill-matches-a-cpu-fill", buffer_fill_matches_a_cpu_fill },
   { "buffer.sub-buffer-is-a-window-on-the-parent", sub_buffer_is_a_window_on_the_parent },
   { "buffer.sub-buffer-misaligned-origin-is-refused", sub_buffer_misaligned_origin_is_refused },
   { "buffer.use-host-ptr-uses-the-host-memory", use_host_ptr_buffer_uses_the_host_memory },
   { "buffer.copy-host-ptr-copies-once", copy_host_ptr_buffer_copies_once },
   { NULL, NULL },
};
