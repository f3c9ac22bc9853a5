// LDS test programs. s[0:1] = buffer 0 (results); result k of lane i at
// buffer 0 + k*128 + i*4 (wave32 lanes 0..31).

.macro ROUT reg, k
  global_store_dword v2, \reg, s[0:1] offset:\k*128
.endm

// @prog ds_basic
v_lshlrev_b32 v2, 2, v0                 // v2 = id * 4
v_add_nc_u32 v3, 0x100, v0
ds_write_b32 v2, v3                      // lds[id] = 0x100 + id
ds_write_b32 v2, v3 offset:256           // lds[64 + id]
s_waitcnt lgkmcnt(0)
v_xor_b32 v4, 4, v2                      // neighbour lane's address
ds_read_b32 v5, v4
ds_read_b32 v6, v2 offset:256
ds_read2_b32 v[7:8], v2 offset0:1 offset1:64
v_lshlrev_b32 v9, 3, v0                  // id * 8
v_mov_b32 v10, 0x11
v_mov_b32 v11, 0x22
ds_write2st64_b32 v2, v10, v11 offset0:2 offset1:3   // at id*4 + 512, + 768
ds_read2st64_b32 v[12:13], v2 offset0:2 offset1:3
ds_write_b64 v9, v[10:11] offset:1024
ds_read_b64 v[14:15], v9 offset:1024
v_mov_b32 v16, 0xfedcba98
ds_write_b32 v2, v16 offset:1536
ds_read_u8 v17, v2 offset:1537
ds_read_i8 v18, v2 offset:1539
ds_read_u16 v19, v2 offset:1538
ds_read_i16 v20, v2 offset:1538
v_mov_b32 v21, 0x55555555
ds_read_u16_d16_hi v21, v2 offset:1536
ds_write_b8 v2, v10 offset:1536
ds_write_b16_d16_hi v2, v16 offset:1538
ds_read_b32 v22, v2 offset:1536
// out of range: LDS is 2 KiB here; reads give 0, writes are dropped
v_mov_b32 v23, 0x10000
ds_write_b32 v23, v3
ds_read_b32 v24, v23
s_waitcnt lgkmcnt(0)
ROUT v5, 0
ROUT v6, 1
ROUT v7, 2
ROUT v8, 3
ROUT v12, 4
ROUT v13, 5
ROUT v14, 6
ROUT v15, 7
ROUT v17, 8
ROUT v18, 9
ROUT v19, 10
ROUT v20, 11
ROUT v21, 12
ROUT v22, 13
ROUT v24, 14
s_endpgm

// @prog ds_atomics
v_lshlrev_b32 v2, 2, v0
v_mov_b32 v3, 0
v_mov_b32 v4, 1
ds_write_b32 v3, v3                      // lds[0] = 0
ds_add_rtn_u32 v5, v3, v4                // every lane adds 1 to lds[0]
ds_write_b32 v2, v0 offset:256           // lds[64 + id] = id
v_mov_b32 v6, 5
v_mov_b32 v7, 0x77
ds_cmpst_rtn_b32 v8, v2, v6, v7 offset:256   // if lds == 5: 0x77
ds_max_rtn_u32 v9, v2, v6 offset:256
ds_read_b32 v10, v2 offset:256
ds_read_b32 v11, v3
ds_swizzle_b32 v12, v0 offset:swizzle(SWAP,1)
ds_swizzle_b32 v13, v0 offset:swizzle(QUAD_PERM,3,2,1,0)
v_xor_b32 v14, 0x7c, v2                  // lane (31 - id) * 4
ds_bpermute_b32 v15, v14, v0
ds_permute_b32 v16, v14, v0
s_waitcnt lgkmcnt(0)
ROUT v5, 0
ROUT v8, 1
ROUT v9, 2
ROUT v10, 3
ROUT v11, 4
ROUT v12, 5
ROUT v13, 6
ROUT v15, 7
ROUT v16, 8
s_endpgm

// @prog barrier
// 256 threads in 8 wave32s: each thread writes its id to lds[id], the
// group meets at a barrier, and each reads lds[id ^ 128] (another wave's).
v_lshlrev_b32 v2, 2, v0
ds_write_b32 v2, v0
s_waitcnt lgkmcnt(0)
s_barrier
v_xor_b32 v3, 0x200, v2
ds_read_b32 v4, v3
s_waitcnt lgkmcnt(0)
s_barrier
// second phase: overwrite with id + 1000 and exchange again
v_add_nc_u32 v5, 1000, v0
ds_write_b32 v2, v5
s_waitcnt lgkmcnt(0)
s_barrier
ds_read_b32 v6, v3
s_waitcnt lgkmcnt(0)
global_store_dword v2, v4, s[0:1]
global_store_dword v2, v6, s[0:1] offset:1024
s_endpgm

// @prog spin_wait
// wave 0 waits, without a barrier, for a flag wave 1 sets in LDS: the
// engine must switch waves for wave 0 to see it. TG_SIZE is in s6.
s_bfe_u32 s10, s6, 0x60006              // wave id in the group
v_mov_b32 v1, 0
s_cmp_eq_u32 s10, 0
s_cbranch_scc0 setter
wait:
ds_read_b32 v2, v1 offset:64
s_waitcnt lgkmcnt(0)
v_readfirstlane_b32 s11, v2
s_cmp_eq_u32 s11, 0
s_cbranch_scc1 wait
v_mov_b32 v3, 0x600d
global_store_dword v1, v3, s[0:1]
s_endpgm
setter:
v_mov_b32 v2, 1
ds_write_b32 v1, v2 offset:64
s_endpgm

// @prog append
// ds_append / ds_consume on the dword at M0 + offset: 32 lanes, then 5
v_lshlrev_b32 v2, 2, v0
v_mov_b32 v1, 100
v_mov_b32 v3, 0
ds_write_b32 v3, v1 offset:256
s_mov_b32 m0, 0x100
ds_append v5
s_mov_b32 exec_lo, 0x1f
ds_consume v6
s_mov_b32 exec_lo, -1
ds_read_b32 v7, v3 offset:256
s_waitcnt lgkmcnt(0)
ROUT v5, 0
ROUT v6, 1
ROUT v7, 2
s_endpgm
