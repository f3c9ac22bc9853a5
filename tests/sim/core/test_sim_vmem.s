// Vector memory test programs: 32 lanes (one wave32) unless noted.
// s[0:1] = buffer 0 (results), s[2:3] = buffer 1 (inputs),
// s[4:5] = buffer 2, s6 = scratch wave offset when scratch is enabled.
// Result k of lane i goes to buffer 0 + k*128 + i*4 (ROUT).

.macro ROUT reg, k
  global_store_dword v2, \reg, s[0:1] offset:\k*128
.endm

// @prog global_loads
v_lshlrev_b32 v2, 2, v0            // v2 = id * 4
v_lshlrev_b32 v10, 3, v0           // v10 = id * 8
v_lshlrev_b32 v11, 4, v0           // v11 = id * 16
global_load_ubyte v3, v2, s[2:3] offset:1
global_load_sbyte v4, v2, s[2:3] offset:3
global_load_ushort v5, v2, s[2:3] offset:2
global_load_sshort v6, v2, s[2:3] offset:2
global_load_dword v7, v2, s[2:3]
global_load_dwordx2 v[12:13], v10, s[2:3]
global_load_dwordx3 v[14:16], v11, s[2:3]
v_add_nc_u32 v17, 16, v11
global_load_dwordx4 v[20:23], v17, s[2:3] offset:-16
v_mov_b32 v24, 0x12345678
global_load_short_d16_hi v24, v2, s[2:3]
v_mov_b32 v25, 0xaaaabbbb
global_load_ubyte_d16 v25, v2, s[2:3] offset:3
v_mov_b32 v26, 0xaaaabbbb
global_load_sbyte_d16_hi v26, v2, s[2:3] offset:3
v_mov_b32 v30, s2
v_mov_b32 v31, s3
global_load_dword v27, v[30:31], off offset:8
s_waitcnt vmcnt(0)
ROUT v3, 0
ROUT v4, 1
ROUT v5, 2
ROUT v6, 3
ROUT v7, 4
ROUT v12, 5
ROUT v13, 6
ROUT v14, 7
ROUT v15, 8
ROUT v16, 9
ROUT v20, 10
ROUT v23, 11
ROUT v24, 12
ROUT v25, 13
ROUT v26, 14
ROUT v27, 15
s_endpgm

// @prog global_stores
v_lshlrev_b32 v2, 2, v0            // v2 = id * 4
v_lshlrev_b32 v11, 4, v0           // v11 = id * 16
v_mov_b32 v3, 0x11223344
v_mov_b32 v4, 0x55667788
v_mov_b32 v5, 0x99aabbcc
v_mov_b32 v6, 0xddeeff00
global_store_byte v2, v3, s[0:1]
global_store_byte_d16_hi v2, v3, s[0:1] offset:129
global_store_short v2, v4, s[0:1] offset:258
global_store_short_d16_hi v2, v4, s[0:1] offset:384
global_store_dwordx4 v11, v[3:6], s[0:1] offset:512
global_store_dwordx3 v11, v[4:6], s[0:1] offset:1024
s_add_u32 s0, s0, 2048
s_addc_u32 s1, s1, 0
global_store_dwordx2 v11, v[5:6], s[0:1]
s_endpgm

// @prog global_atomics
v_lshlrev_b32 v2, 2, v0            // v2 = id * 4
v_lshlrev_b32 v10, 3, v0           // v10 = id * 8
v_mov_b32 v3, 1
v_mov_b32 v9, 0
global_atomic_add v4, v9, v3, s[2:3] glc          // all lanes on in[0]
v_add_nc_u32 v5, v0, v0
v_add_nc_u32 v5, v5, v0                            // v5 = 3 * id
v_mov_b32 v6, 7
v_and_b32 v7, 1, v0
v_xor_b32 v7, 1, v7                                // v7 = 1 if id even
v_mov_b32 v12, 0
// cmpswap data: v[14] = new = 100 + id, v[15] = cmp = even ? 3*id : 7
v_add_nc_u32 v14, 100, v0
v_mov_b32 v15, v5
s_mov_b32 s20, exec_lo
s_mov_b32 exec_lo, 0xaaaaaaaa
v_mov_b32 v15, 7
s_mov_b32 exec_lo, s20
global_atomic_cmpswap v16, v2, v[14:15], s[2:3] offset:256 glc
global_atomic_smin v17, v2, v6, s[2:3] offset:512 glc
global_atomic_umax v18, v2, v6, s[2:3] offset:768 glc
global_atomic_sub v19, v2, v6, s[2:3] offset:1024 glc
global_atomic_inc v20, v2, v6, s[2:3] offset:1280 glc
global_atomic_dec v21, v2, v6, s[2:3] offset:1536 glc
global_atomic_xor v2, v6, s[2:3] offset:1792
s_add_u32 s2, s2, 2048
s_addc_u32 s3, s3, 0
v_mov_b32 v22, 1
v_mov_b32 v23, 0
global_atomic_add_x2 v[24:25], v10, v[22:23], s[2:3] glc
v_mov_b32 v26, -1
v_mov_b32 v27, -1
v_mov_b32 v28, 5
v_mov_b32 v29, 0
global_atomic_cmpswap_x2 v[30:31], v10, v[26:29], s[2:3] offset:256 glc
global_atomic_swap v32, v2, v6, s[2:3] offset:512 glc
s_waitcnt vmcnt(0)
ROUT v4, 0
ROUT v16, 1
ROUT v17, 2
ROUT v18, 3
ROUT v19, 4
ROUT v20, 5
ROUT v21, 6
ROUT v24, 7
ROUT v25, 8
ROUT v30, 9
ROUT v31, 10
ROUT v32, 11
s_endpgm

// @prog scratch
// ACO's gfx10.3 scratch set-up: FLAT_SCRATCH = s[4:5] + wave offset s6
s_add_u32 s4, s4, s6
s_addc_u32 s5, s5, 0
s_setreg_b32 hwreg(HW_REG_FLAT_SCR_LO), s4
s_setreg_b32 hwreg(HW_REG_FLAT_SCR_HI), s5
v_lshlrev_b32 v2, 2, v0            // v2 = id * 4
v_add_nc_u32 v3, 0x1000, v0        // value = 0x1000 + id
v_add_nc_u32 v4, 0x2000, v0
v_mov_b32 v5, 8
scratch_store_dword v5, v3, off               // per-lane offset 8
s_mov_b32 s7, 12
scratch_store_dword off, v4, s7 offset:12     // offset 24
v_mov_b32 v6, 0xabcd
scratch_store_short v5, v6, off offset:64
scratch_store_byte v5, v6, off offset:67
scratch_load_dword v7, v5, off
scratch_load_dword v8, off, s7 offset:12
scratch_load_dword v9, v5, off offset:56
scratch_load_dwordx2 v[10:11], v5, off offset:64
s_waitcnt vmcnt(0)
ROUT v7, 0
ROUT v8, 1
ROUT v9, 2
ROUT v10, 3
ROUT v11, 4
s_endpgm

// @prog flat
// generic pointers: global, LDS aperture and private aperture
s_add_u32 s4, s4, s6
s_addc_u32 s5, s5, 0
s_setreg_b32 hwreg(HW_REG_FLAT_SCR_LO), s4
s_setreg_b32 hwreg(HW_REG_FLAT_SCR_HI), s5
v_lshlrev_b32 v2, 2, v0
v_add_nc_u32 v20, s2, v2
v_mov_b32 v21, s3                  // in + id*4 (no carry: buffer base is 4 KiB aligned)
flat_load_dword v3, v[20:21]
s_mov_b64 s[10:11], src_shared_base
v_mov_b32 v22, v2
v_mov_b32 v23, s11                 // LDS address id*4
v_add_nc_u32 v4, 0x300, v0
flat_store_dword v[22:23], v4
ds_read_b32 v5, v2
s_mov_b64 s[12:13], src_private_base
v_mov_b32 v24, 16
v_mov_b32 v25, s13                 // private address 16
flat_store_dword v[24:25], v4 offset:4
s_mov_b32 s14, 0
scratch_load_dword v6, off, s14 offset:20
s_waitcnt vmcnt(0) lgkmcnt(0)
ROUT v3, 0
ROUT v5, 1
ROUT v6, 2
s_endpgm

// @prog buffer
// V# for buffer 1: raw (OOB_SELECT 3), num_records = 64 bytes
s_mov_b32 s8, s2
s_and_b32 s9, s3, 0xffff
s_mov_b32 s10, 64
s_mov_b32 s11, 0x30000000
v_lshlrev_b32 v2, 2, v0
buffer_load_dword v3, v2, s[8:11], 0 offen
buffer_load_dword v4, v2, s[8:11], 0 offen offset:8
v_mov_b32 v5, 1
buffer_atomic_add v5, v2, s[8:11], 0 offen offset:128 glc
v_add_nc_u32 v6, 0x500, v0
buffer_store_dword v6, v2, s[8:11], 0 offen offset:32
// structured V#: stride 16, 8 records, index = id, OOB_SELECT 1
s_or_b32 s9, s9, 0x100000
s_mov_b32 s10, 8
s_mov_b32 s11, 0x10000000
buffer_load_dword v7, v0, s[8:11], 0 idxen offset:4
s_movk_i32 s12, 0x8
buffer_load_ushort v8, v0, s[8:11], s12 idxen offset:2
s_waitcnt vmcnt(0)
ROUT v3, 0
ROUT v4, 1
ROUT v5, 2
ROUT v7, 3
ROUT v8, 4
s_endpgm

// @prog buffer_format
// s[8:11]: buffer 1, raw, identity dst_sel; s[12:15]: buffer 1 + 2048,
// 8_8_8_8_UNORM with dst_sel (Z, Y, X, 1); s[16:19]: buffer 1 + 3072,
// 16_16_FLOAT, identity.
v_lshlrev_b32 v2, 2, v0
v_lshlrev_b32 v10, 3, v0
s_mov_b32 s8, s2
s_and_b32 s9, s3, 0xffff
s_movk_i32 s10, 0x1000
s_mov_b32 s11, 0x30000fac
tbuffer_load_format_xy v[3:4], v10, s[8:11], 0 format:[BUF_FMT_32_32_FLOAT] offen
v_add_nc_u32 v11, 0x10005, v0
tbuffer_store_format_x v11, v2, s[8:11], 0 format:[BUF_FMT_16_UINT] offen offset:1024
s_add_u32 s12, s2, 2048
s_addc_u32 s13, s3, 0
s_and_b32 s13, s13, 0xffff
s_movk_i32 s14, 0x400
s_mov_b32 s15, 0x3003832e
buffer_load_format_xyzw v[5:8], v2, s[12:15], 0 offen
s_add_u32 s16, s2, 3072
s_addc_u32 s17, s3, 0
s_and_b32 s17, s17, 0xffff
s_movk_i32 s18, 0x400
s_mov_b32 s19, 0x3001dfac
v_mov_b32 v9, 0
buffer_load_format_d16_xy v9, v2, s[16:19], 0 offen
s_waitcnt vmcnt(0)
ROUT v3, 0
ROUT v4, 1
ROUT v5, 2
ROUT v6, 3
ROUT v7, 4
ROUT v8, 5
ROUT v9, 6
s_endpgm

// @prog scratch64
// wave64: the swizzle interleaves 64 lanes; results at k*256 + id*4
s_add_u32 s4, s4, s6
s_addc_u32 s5, s5, 0
s_setreg_b32 hwreg(HW_REG_FLAT_SCR_LO), s4
s_setreg_b32 hwreg(HW_REG_FLAT_SCR_HI), s5
v_lshlrev_b32 v2, 2, v0
v_add_nc_u32 v3, 0x1000, v0
v_mov_b32 v5, 4
scratch_store_dwordx2 v5, v[2:3], off
scratch_load_dword v7, v5, off offset:4
scratch_load_dword v8, v5, off
s_waitcnt vmcnt(0)
global_store_dword v2, v7, s[0:1]
global_store_dword v2, v8, s[0:1] offset:256
s_endpgm

// @prog buffer_scratch
// scratch through a swizzled V#, as clang's code addresses it: base =
// buffer 2, SWIZZLE_ENABLE, ADD_TID_ENABLE, INDEX_STRIDE 32 (wave32), raw
// bounds with num_records = -1; soffset = the wave offset (s6)
s_mov_b32 s8, s4
s_and_b32 s9, s5, 0xffff
s_or_b32 s9, s9, 0x80000000
s_mov_b32 s10, -1
s_mov_b32 s11, 0x30d00000 | (2 << 21) | (1 << 23)
v_lshlrev_b32 v2, 2, v0
v_add_nc_u32 v1, 0x7000, v0
v_add_nc_u32 v3, 0x8000, v0
v_add_nc_u32 v4, 0x9000, v0
v_mov_b32 v5, 4
buffer_store_dword v1, off, s[8:11], s6 offset:4
buffer_store_dwordx2 v[3:4], v5, s[8:11], s6 offen offset:8
buffer_load_dword v6, off, s[8:11], s6 offset:4
buffer_load_dword v7, v5, s[8:11], s6 offen offset:12
s_waitcnt vmcnt(0)
ROUT v6, 0
ROUT v7, 1
s_endpgm

// @prog buffer_overlap
// buffer_load_dwordx2 whose destination overlaps its address register:
// both dwords are addressed from the old v4 (ISA: VADDR is read before
// VDATA is written).
s_mov_b32 s8, s2
s_and_b32 s9, s3, 0xffff
s_mov_b32 s10, 1024
s_mov_b32 s11, 0x30000000
v_lshlrev_b32 v2, 2, v0
v_lshlrev_b32 v4, 3, v0
buffer_load_dwordx2 v[4:5], v4, s[8:11], 0 offen
s_waitcnt vmcnt(0)
ROUT v4, 0
ROUT v5, 1
s_endpgm

// @prog scratch_st
// GFX10.3's ST addressing mode: SADDR 0x7f turns VADDR off too, so each
// lane's address is the offset alone (swizzled per lane).
s_add_u32 s4, s4, s6
s_addc_u32 s5, s5, 0
s_setreg_b32 hwreg(HW_REG_FLAT_SCR_LO), s4
s_setreg_b32 hwreg(HW_REG_FLAT_SCR_HI), s5
v_lshlrev_b32 v2, 2, v0
v_add_nc_u32 v4, 0x4000, v0
v_mov_b32 v5, 0x7fffffff          // must not be used as an address
scratch_store_dword off, v4, off offset:32
scratch_load_dword v6, off, off offset:32
v_mov_b32 v7, 32
scratch_load_dword v8, v7, off
s_waitcnt vmcnt(0)
ROUT v6, 0
ROUT v8, 1
s_endpgm
