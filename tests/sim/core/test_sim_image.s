// Texture unit test programs (wave32).  s[2:3] = buffer 1: the T# at 0,
// the S# at 32; s[4:5] = buffer 2: per lane, the address components at
// lane*16 (v[8:11]) and the data at 2048 + lane*16 (v[12:15]); results
// v[4:7] go to buffer 0 at lane*16.

.macro SETUP
  s_load_dwordx8 s[8:15], s[2:3], 0x0
  s_load_dwordx4 s[16:19], s[2:3], 0x20
  v_lshlrev_b32 v1, 4, v0
  v_add_nc_u32 v2, 0x800, v1
  global_load_dwordx4 v[8:11], v1, s[4:5]
  global_load_dwordx4 v[12:15], v2, s[4:5]
  v_mov_b32 v4, 0xdeadbeef
  v_mov_b32 v5, 0xdeadbeef
  v_mov_b32 v6, 0xdeadbeef
  v_mov_b32 v7, 0xdeadbeef
  s_waitcnt vmcnt(0) lgkmcnt(0)
.endm

.macro OUT
  s_waitcnt vmcnt(0)
  global_store_dwordx4 v1, v[4:7], s[0:1]
  s_endpgm
.endm

// @prog load_1d
SETUP
image_load v[4:7], v8, s[8:15] dmask:0xf dim:SQ_RSRC_IMG_1D unorm
OUT

// @prog store_1d
SETUP
image_store v[12:15], v8, s[8:15] dmask:0xf dim:SQ_RSRC_IMG_1D unorm
OUT

// @prog sample_1d
SETUP
image_sample_lz v[4:7], v8, s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_1D
OUT

// @prog load_2d
SETUP
image_load v[4:7], v[8:9], s[8:15] dmask:0xf dim:SQ_RSRC_IMG_2D unorm
OUT

// @prog store_2d
SETUP
image_store v[12:15], v[8:9], s[8:15] dmask:0xf dim:SQ_RSRC_IMG_2D unorm
OUT

// @prog sample_2d
SETUP
image_sample_lz v[4:7], v[8:9], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_2D
OUT

// @prog load_3d
SETUP
image_load v[4:7], v[8:10], s[8:15] dmask:0xf dim:SQ_RSRC_IMG_3D unorm
OUT

// @prog store_3d
SETUP
image_store v[12:15], v[8:10], s[8:15] dmask:0xf dim:SQ_RSRC_IMG_3D unorm
OUT

// @prog sample_3d
SETUP
image_sample_lz v[4:7], v[8:10], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_3D
OUT

// @prog load_1da
SETUP
image_load v[4:7], v[8:9], s[8:15] dmask:0xf dim:SQ_RSRC_IMG_1D_ARRAY unorm
OUT

// @prog store_1da
SETUP
image_store v[12:15], v[8:9], s[8:15] dmask:0xf dim:SQ_RSRC_IMG_1D_ARRAY unorm
OUT

// @prog sample_1da
SETUP
image_sample_lz v[4:7], v[8:9], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_1D_ARRAY
OUT

// @prog load_2da
SETUP
image_load v[4:7], v[8:10], s[8:15] dmask:0xf dim:SQ_RSRC_IMG_2D_ARRAY unorm
OUT

// @prog store_2da
SETUP
image_store v[12:15], v[8:10], s[8:15] dmask:0xf dim:SQ_RSRC_IMG_2D_ARRAY unorm
OUT

// @prog sample_2da
SETUP
image_sample_lz v[4:7], v[8:10], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_2D_ARRAY
OUT

// @prog sample_l_2d
SETUP
image_sample_l v[4:7], v[8:10], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_2D
OUT

// @prog sample_nsa_3d
SETUP
v_mov_b32 v20, v9
v_mov_b32 v23, v10
image_sample_lz v[4:7], [v8, v20, v23], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_3D
OUT

// @prog sample_unorm_2d
SETUP
image_sample_lz v[4:7], v[8:9], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_2D unorm
OUT

// @prog sample_dmask_2d
SETUP
image_sample_lz v[4:5], v[8:9], s[8:15], s[16:19] dmask:0xa dim:SQ_RSRC_IMG_2D
OUT

// @prog load_d16_2d
SETUP
image_load v[4:5], v[8:9], s[8:15] dmask:0xf dim:SQ_RSRC_IMG_2D unorm d16
OUT

// @prog store_d16_2d
SETUP
image_store v[12:13], v[8:9], s[8:15] dmask:0xf dim:SQ_RSRC_IMG_2D unorm d16
OUT

// @prog load_a16_2d
SETUP
image_load v[4:7], v8, s[8:15] dmask:0xf dim:SQ_RSRC_IMG_2D unorm a16
OUT

// @prog load_tfe_2d
SETUP
image_load v[4:5], v[8:9], s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_2D unorm tfe
OUT

// @prog load_mip_2d
SETUP
image_load_mip v[4:7], v[8:10], s[8:15] dmask:0xf dim:SQ_RSRC_IMG_2D unorm
OUT

// @prog store_mip_2d
SETUP
image_store_mip v[12:15], v[8:10], s[8:15] dmask:0xf dim:SQ_RSRC_IMG_2D unorm
OUT

// @prog resinfo
SETUP
image_get_resinfo v[4:7], v11, s[8:15] dmask:0xf dim:SQ_RSRC_IMG_2D unorm
OUT

// @prog atomic_swap
SETUP
image_atomic_swap v12, v[8:9], s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_2D unorm glc
s_waitcnt vmcnt(0)
v_mov_b32 v4, v12
OUT

// @prog atomic_add
SETUP
image_atomic_add v12, v[8:9], s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_2D unorm glc
s_waitcnt vmcnt(0)
v_mov_b32 v4, v12
OUT

// @prog atomic_sub
SETUP
image_atomic_sub v12, v[8:9], s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_2D unorm glc
s_waitcnt vmcnt(0)
v_mov_b32 v4, v12
OUT

// @prog atomic_smin
SETUP
image_atomic_smin v12, v[8:9], s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_2D unorm glc
s_waitcnt vmcnt(0)
v_mov_b32 v4, v12
OUT

// @prog atomic_umin
SETUP
image_atomic_umin v12, v[8:9], s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_2D unorm glc
s_waitcnt vmcnt(0)
v_mov_b32 v4, v12
OUT

// @prog atomic_smax
SETUP
image_atomic_smax v12, v[8:9], s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_2D unorm glc
s_waitcnt vmcnt(0)
v_mov_b32 v4, v12
OUT

// @prog atomic_umax
SETUP
image_atomic_umax v12, v[8:9], s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_2D unorm glc
s_waitcnt vmcnt(0)
v_mov_b32 v4, v12
OUT

// @prog atomic_and
SETUP
image_atomic_and v12, v[8:9], s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_2D unorm glc
s_waitcnt vmcnt(0)
v_mov_b32 v4, v12
OUT

// @prog atomic_or
SETUP
image_atomic_or v12, v[8:9], s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_2D unorm glc
s_waitcnt vmcnt(0)
v_mov_b32 v4, v12
OUT

// @prog atomic_xor
SETUP
image_atomic_xor v12, v[8:9], s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_2D unorm glc
s_waitcnt vmcnt(0)
v_mov_b32 v4, v12
OUT

// @prog atomic_inc
SETUP
image_atomic_inc v12, v[8:9], s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_2D unorm glc
s_waitcnt vmcnt(0)
v_mov_b32 v4, v12
OUT

// @prog atomic_dec
SETUP
image_atomic_dec v12, v[8:9], s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_2D unorm glc
s_waitcnt vmcnt(0)
v_mov_b32 v4, v12
OUT

// @prog atomic_cmpswap
SETUP
image_atomic_cmpswap v[12:13], v[8:9], s[8:15] dmask:0x3 dim:SQ_RSRC_IMG_2D unorm glc
s_waitcnt vmcnt(0)
v_mov_b32 v4, v12
OUT

// @prog atomic_add_nortn
SETUP
image_atomic_add v12, v[8:9], s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_2D unorm
OUT

// image1d_buffer as ACO accesses it: a V# (the first four dwords of the
// descriptor slot), the element index in v8.
// @prog bufimg_load
SETUP
buffer_load_format_xyzw v[4:7], v8, s[8:11], 0 idxen
OUT

// @prog bufimg_store
SETUP
buffer_store_format_xyzw v[12:15], v8, s[8:11], 0 idxen
OUT

// @prog load_mip_2da
SETUP
image_load_mip v[4:7], v[8:11], s[8:15] dmask:0xf dim:SQ_RSRC_IMG_2D_ARRAY unorm
OUT

// @prog load_mip_3d
SETUP
image_load_mip v[4:7], v[8:11], s[8:15] dmask:0xf dim:SQ_RSRC_IMG_3D unorm
OUT

