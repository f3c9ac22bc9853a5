// Benchmark kernels for the emulated gfx1030 shader engine.
// s[0:1] = output, s[2:3] = input, s4 = loop count, s5 = copy's step;
// TGID_X in s6.

// @prog alu
// ALU-bound: 16 VALU + 3 SALU instructions per iteration
v_mov_b32 v1, v0
v_cvt_f32_u32 v2, v0
v_mov_b32 v3, 1.0
s_mov_b32 s10, 0
loop:
v_add_nc_u32 v1, v1, v0
v_xor_b32 v4, v1, 0x5a5a
v_lshlrev_b32 v5, 3, v4
v_and_b32 v6, v5, v1
v_or_b32 v1, v6, v4
v_sub_nc_u32 v7, v1, v0
v_mul_lo_u32 v8, v7, 3
v_add_nc_u32 v1, v8, v1
v_fma_f32 v2, v2, 0.5, v3
v_mul_f32 v9, v2, v2
v_add_f32 v3, v9, 1.0
v_max_f32 v2, v2, v3
v_min_u32 v10, v1, v8
v_bfe_u32 v11, v10, 4, 8
v_add_nc_u32 v1, v11, v1
v_cndmask_b32 v12, v1, v2, vcc_lo
s_add_u32 s10, s10, 1
s_cmp_lt_u32 s10, s4
s_cbranch_scc1 loop
s_lshl_b32 s11, s6, 10
v_lshlrev_b32 v13, 2, v0
v_add_nc_u32 v13, s11, v13
global_store_dword v13, v1, s[0:1]
global_store_dword v13, v3, s[0:1] offset:4
s_endpgm

// @prog copy
// memory-bound: each thread copies s4 x 16 bytes, strided by the group,
// s5 bytes from one block to the next
s_lshl_b32 s11, s6, 12               // group * 256 threads * 16 bytes
v_lshlrev_b32 v1, 4, v0
v_add_nc_u32 v1, s11, v1
s_mov_b32 s10, 0
loop2:
global_load_dwordx4 v[4:7], v1, s[2:3]
s_waitcnt vmcnt(0)
global_store_dwordx4 v1, v[4:7], s[0:1]
v_add_nc_u32 v1, s5, v1              // the next block
s_add_u32 s10, s10, 1
s_cmp_lt_u32 s10, s4
s_cbranch_scc1 loop2
s_endpgm
