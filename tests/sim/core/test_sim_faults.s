// Fault test programs: each stops the dispatch in a way the engine must
// report (VM fault, hang, unsupported or illegal instruction).

// @prog store_oob
// byte 0: v_mov_b32 with literal (2 dwords); byte 8: the faulting store
v_mov_b32 v1, 0x1234
global_store_dword v0, v1, s[8:9] offset:16
s_endpgm

// @prog load_oob
s_mov_b32 s10, 0
s_mov_b32 s11, 0x7f
global_load_dword v1, v0, s[10:11]
s_waitcnt vmcnt(0)
s_endpgm

// @prog ok_store
v_mov_b32 v1, 0x600d
global_store_dword v0, v1, s[0:1]
s_endpgm

// @prog spin
loop:
s_branch loop

// @prog image
image_gather4_lz v[0:3], v[0:1], s[0:7], s[8:11] dmask:0x1 dim:SQ_RSRC_IMG_2D
s_endpgm

// @prog illegal
s_nop 0
.long 0xffffffff
s_endpgm

// @prog jump_unmapped
s_mov_b32 s10, 0
s_mov_b32 s11, 0x40
s_setpc_b64 s[10:11]

// @prog oob_one_group
// only workgroup 5 stores out of bounds; the others store in bounds
s_cmp_eq_u32 s6, 5
s_cbranch_scc0 fine
s_mov_b32 s0, 0
s_mov_b32 s1, 0x7000
fine:
v_mov_b32 v1, 1
global_store_dword v0, v1, s[0:1]
s_endpgm

// @prog barrier_spin
// every wave loops through a barrier forever
loop2:
s_barrier
s_branch loop2

// @prog wrap_load
// a load from buffer 0 (its mapping is then the wave's cached one), then
// one at 2^64 - 2, whose end wraps past zero into that mapping's range
global_load_dword v1, v0, s[0:1]
s_mov_b32 s10, -2
s_mov_b32 s11, -1
global_load_dword v2, v0, s[10:11]
s_waitcnt vmcnt(0)
s_endpgm
