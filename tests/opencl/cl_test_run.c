/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Running kernels (OpenCL 3.0 API §5.10, OpenCL C §6.15.1, §6.15.8): each
 * kernel's output is compared with the same computation on the CPU —
 * element-wise addition, a work-group reduction through a local-memory
 * argument and barriers, the work-item functions in two dimensions, and a
 * global offset.
 */
#include "cl_test.h"

#include <stdlib.h>

static bool
run_vector_add_matches_the_cpu(struct clt *t)
{
   enum { N = 1000 }; /* not a multiple of any work-group size the device picks */
   cl_float a[N], b[N], c[N];
   for (int i = 0; i < N; i++) {
      a[i] = (cl_float)i * 0.5f;
      b[i] = 1000.0f - (cl_float)i * 0.25f;
   }
   cl_program p = clt_build(t,
                            "kernel void vadd(global const float *a, global const float *b,\n"
                            "                 global float *c)\n"
                            "{ size_t i = get_global_id(0); c[i] = a[i] + b[i]; }\n",
                            "");
   cl_kernel k = p ? clt_kernel(t, p, "vadd") : NULL;
   cl_mem ba = clt_buffer(t, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof(a), a);
   cl_mem bb = clt_buffer(t, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof(b), b);
   cl_mem bc = clt_buffer(t, CL_MEM_WRITE_ONLY, sizeof(c), NULL);
   if (!k || !ba || !bb || !bc)
      return false;
   size_t global = N;
   CLT_OK(clSetKernelArg(k, 0, sizeof(ba), &ba));
   CLT_OK(clSetKernelArg(k, 1, sizeof(bb), &bb));
   CLT_OK(clSetKernelArg(k, 2, sizeof(bc), &bc));
   CLT_OK(clEnqueueNDRangeKernel(t->queue, k, 1, NULL, &global, NULL, 0, NULL, NULL));
   CLT_OK(clEnqueueReadBuffer(t->queue, bc, CL_TRUE, 0, sizeof(c), c, 0, NULL, NULL));
   /* Float addition is correctly rounded (§7.4): the results are exact. */
   for (int i = 0; i < N; i++)
      CLT_REQUIRE(c[i] == a[i] + b[i], "c[%d] is %g, the CPU gives %g", i, c[i], a[i] + b[i]);
   return true;
}

/* A tree reduction in a local buffer given as an argument, with barriers. */
static const char reduce_src[] =
   "kernel void reduce(global const int *in, global int *out, local int *tmp)\n"
   "{\n"
   "   size_t l = get_local_id(0), n = get_local_size(0);\n"
   "   tmp[l] = in[get_global_id(0)];\n"
   "   barrier(CLK_LOCAL_MEM_FENCE);\n"
   "   for (size_t s = n / 2; s > 0; s /= 2) {\n"
   "      if (l < s)\n"
   "         tmp[l] += tmp[l + s];\n"
   "      barrier(CLK_LOCAL_MEM_FENCE);\n"
   "   }\n"
   "   if (l == 0)\n"
   "      out[get_group_id(0)] = tmp[0];\n"
   "}\n";

static bool
run_local_memory_reduction_matches_the_cpu(struct clt *t)
{
   enum { GROUPS = 16 };
   cl_program p = clt_build(t, reduce_src, "");
   cl_kernel k = p ? clt_kernel(t, p, "reduce") : NULL;
   if (!k)
      return false;
   size_t kmax = 0;
   CLT_OK(
      clGetKernelWorkGroupInfo(k, t->device, CL_KERNEL_WORK_GROUP_SIZE, sizeof(kmax), &kmax, NULL));
   size_t local = 64;
   while (local > kmax)
      local /= 2;
   size_t global = local * GROUPS;
   cl_int *in = clt_defer(t, CLT_HOST, malloc(global * sizeof(cl_int)));
   cl_int out[GROUPS], want[GROUPS] = { 0 };
   for (size_t i = 0; i < global; i++) {
      in[i] = (cl_int)((i * 2654435761u) % 2001) - 1000;
      want[i / local] += in[i];
   }
   cl_mem bin = clt_buffer(t, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, global * sizeof(cl_int), in);
   cl_mem bout = clt_buffer(t, CL_MEM_WRITE_ONLY, sizeof(out), NULL);
   if (!bin || !bout)
      return false;
   CLT_OK(clSetKernelArg(k, 0, sizeof(bin), &bin));
   CLT_OK(clSetKernelArg(k, 1, sizeof(bout), &bout));
   CLT_OK(clSetKernelArg(k, 2, local * sizeof(cl_int), NULL));
   CLT_OK(clEnqueueNDRangeKernel(t->queue, k, 1, NULL, &global, &local, 0, NULL, NULL));
   CLT_OK(clEnqueueReadBuffer(t->queue, bout, CL_TRUE, 0, sizeof(out), out, 0, NULL, NULL));
   for (int g = 0; g < GROUPS; g++)
      CLT_REQUIRE(out[g] == want[g], "group %d of %zu work-items summed to %d, the CPU gives %d", g,
                  local, out[g], want[g]);
   return true;
}

/* §6.15.1: global id = group id * local size + local id, per dimension. */
static bool
run_work_item_ids_in_two_dimensions(struct clt *t)
{
   enum { W = 16, H = 6, LW = 4, LH = 2 };
   cl_program p = clt_build(t,
                            "kernel void ids(global uint4 *out)\n"
                            "{\n"
                            "   size_t x = get_global_id(0), y = get_global_id(1);\n"
                            "   out[y * get_global_size(0) + x] = (uint4)(\n"
                            "      get_group_id(0) * get_local_size(0) + get_local_id(0),\n"
                            "      get_group_id(1) * get_local_size(1) + get_local_id(1),\n"
                            "      get_num_groups(0) * 100 + get_num_groups(1), get_work_dim());\n"
                            "}\n",
                            "");
   cl_kernel k = p ? clt_kernel(t, p, "ids") : NULL;
   cl_mem b = clt_buffer(t, CL_MEM_WRITE_ONLY, W * H * sizeof(cl_uint4), NULL);
   if (!k || !b)
      return false;
   size_t global[2] = { W, H }, local[2] = { LW, LH };
   cl_uint4 out[W * H];
   CLT_OK(clSetKernelArg(k, 0, sizeof(b), &b));
   CLT_OK(clEnqueueNDRangeKernel(t->queue, k, 2, NULL, global, local, 0, NULL, NULL));
   CLT_OK(clEnqueueReadBuffer(t->queue, b, CL_TRUE, 0, sizeof(out), out, 0, NULL, NULL));
   for (unsigned y = 0; y < H; y++) {
      for (unsigned x = 0; x < W; x++) {
         cl_uint4 v = out[y * W + x];
         CLT_REQUIRE(v.s[0] == x && v.s[1] == y && v.s[2] == (W / LW) * 100 + H / LH && v.s[3] == 2,
                     "work-item (%u, %u) saw ids (%u, %u), groups %u, dims %u; "
                     "expected (%u, %u), %u, 2",
                     x, y, v.s[0], v.s[1], v.s[2], v.s[3], x, y, (W / LW) * 100 + H / LH);
      }
   }
   return true;
}

/* §5.10: a global offset shifts get_global_id, not get_local_id or the group. */
static bool
run_global_offset_shifts_the_ids(struct clt *t)
{
   enum { N = 64, OFFSET = 1000 };
   cl_program p =
      clt_build(t,
                "kernel void off(global uint *out)\n"
                "{ out[get_global_id(0) - get_global_offset(0)] = get_global_id(0); }\n",
                "");
   cl_kernel k = p ? clt_kernel(t, p, "off") : NULL;
   cl_mem b = clt_buffer(t, CL_MEM_WRITE_ONLY, N * sizeof(cl_uint), NULL);
   if (!k || !b)
      return false;
   size_t offset = OFFSET, global = N;
   cl_uint out[N];
   CLT_OK(clSetKernelArg(k, 0, sizeof(b), &b));
   CLT_OK(clEnqueueNDRangeKernel(t->queue, k, 1, &offset, &global, NULL, 0, NULL, NULL));
   CLT_OK(clEnqueueReadBuffer(t->queue, b, CL_TRUE, 0, sizeof(out), out, 0, NULL, NULL));
   for (unsigned i = 0; i < N; i++)
      CLT_REQUIRE(out[i] == OFFSET + i, "with offset %d, work-item %u saw global id %u", OFFSET, i,
                  out[i]);
   return true;
}

const struct clt_check clt_run_checks[] = {
   { "run.vector-add-matches-the-cpu", run_vector_add_matches_the_cpu },
   { "run.local-memory-reduction-matches-the-cpu", run_local_memory_reduction_matches_the_cpu },
   { "run.work-item-ids-in-two-dimensions", run_work_item_ids_in_two_dimensions },
   { "run.global-offset-shifts-the-ids", run_global_offset_shifts_the_ids },
   { NULL, NULL },
};
