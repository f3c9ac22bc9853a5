/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Test harness for the shader engine (see sim_test.h).
 */
#include <stdlib.h>

#include "sim_test.h"

#define CODE_SIZE (64 * 1024)

void
st_init(struct sim_test *t)
{
   memset(t, 0, sizeof(*t));
   t->vm = kiln_sim_vm_create();
   t->code = aligned_alloc(4096, CODE_SIZE);
   memset(t->code, 0, CODE_SIZE);
   kiln_sim_vm_map(t->vm, ST_CODE_VA, t->code, CODE_SIZE, KILN_SIM_MAP_READ | KILN_SIM_MAP_EXEC);
}

void *
st_buffer(struct sim_test *t, unsigned i, size_t size)
{
   if (t->buf[i]) {
      kiln_sim_vm_unmap(t->vm, ST_BUF_VA(i));
      free(t->buf[i]);
   }
   size = (size + 4095) & ~(size_t)4095;
   t->buf[i] = aligned_alloc(4096, size);
   memset(t->buf[i], 0, size);
   t->buf_size[i] = size;
   kiln_sim_vm_map(t->vm, ST_BUF_VA(i), t->buf[i], size, KILN_SIM_MAP_READ | KILN_SIM_MAP_WRITE);
   return t->buf[i];
}

void
st_fini(struct sim_test *t)
{
   for (unsigned i = 0; i < ST_MAX_BUFS; i++)
      free(t->buf[i]);
   kiln_sim_vm_destroy(t->vm);
   free(t->code);
}

struct kiln_sim_dispatch
st_dispatch(unsigned threads, unsigned wave_size)
{
   struct kiln_sim_dispatch d = {
      .pgm_va = ST_CODE_VA,
      .rsrc1 = 63,     /* all VGPRs */
      .rsrc2 = 6 << 1, /* 6 user SGPRs */
      .group_size = { threads, 1, 1 },
      .group_count = { 1, 1, 1 },
      .wave_size = wave_size,
   };
   for (unsigned i = 0; i < 3; i++) {
      d.user_data[2 * i] = (uint32_t)ST_BUF_VA(i);
      d.user_data[2 * i + 1] = (uint32_t)(ST_BUF_VA(i) >> 32);
   }
   return d;
}

int
st_run(struct sim_test *t, const uint32_t *prog, size_t bytes, struct kiln_sim_dispatch *d,
       struct kiln_sim_fault *fault, struct kiln_sim_stats *stats)
{
   memset(t->code, 0, CODE_SIZE);
   memcpy(t->code, prog, bytes);
   d->pgm_va = ST_CODE_VA;
   struct kiln_sim_run_options opts = {
      .trace = getenv("KILN_SIM_TRACE") != NULL,
   };
   return kiln_sim_dispatch(t->vm, d, &opts, fault, stats);
}

bool
st_run_ok(struct sim_test *t, const char *what, const uint32_t *prog, size_t bytes,
          struct kiln_sim_dispatch *d)
{
   struct kiln_sim_fault f;
   int ret = st_run(t, prog, bytes, d, &f, NULL);
   CHECK(ret == 0, "%s: dispatch returned %d: %s", what, ret, f.message);
   return ret == 0;
}

int
st_finish(struct sim_test *t)
{
   st_fini(t);
   return kiln_test_summary();
}
