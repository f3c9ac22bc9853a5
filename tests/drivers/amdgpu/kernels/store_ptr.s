// SPDX-License-Identifier: MIT
// kernel void store_ptr(global uint *p) { *p = 0x12345678; }
// Given an unmapped p, the store is a GPU VM fault at exactly p.
.text
.globl store_ptr
store_ptr:
  s_load_dwordx2 s[8:9], s[2:3], 0x0
  v_mov_b32 v1, 0
  v_mov_b32 v2, 0x12345678
  s_waitcnt lgkmcnt(0)
  global_store_dword v1, v2, s[8:9]
  s_endpgm
