s_load_dwordx2 s[2:3], s[0:1], 0x24
s_load_dword s5, s[0:1], s7 offset:0x8
s_buffer_load_dwordx4 s[4:7], s[8:11], 0x10
s_add_u32 s0, s1, 0x1234
s_sub_i32 s0, -1, s3
s_mov_b64 s[2:3], exec
s_mov_b32 vcc_lo, 0.5
s_and_saveexec_b32 s4, vcc_lo
s_cmp_lg_u32 s2, 3
s_bitcmp1_b64 s[4:5], 63
s_movk_i32 s7, 0x1234
s_cbranch_scc1 5
s_branch -3
s_waitcnt vmcnt(0) lgkmcnt(0)
s_waitcnt lgkmcnt(1)
s_getreg_b32 s3, hwreg(HW_REG_MODE, 0, 8)
s_setreg_b32 hwreg(HW_REG_FLAT_SCR_LO), s4
s_barrier
s_endpgm
global_load_dword v1, v[2:3], off offset:-8
global_load_ubyte v1, v0, s[2:3]
global_store_dwordx2 v0, v[2:3], s[4:5] offset:16
global_atomic_add v1, v0, v2, s[4:5] glc
global_atomic_cmpswap_x2 v[0:1], v[2:3], v[4:7], off glc
scratch_load_dword v1, v2, off offset:4
scratch_store_dword off, v2, s3 offset:8
flat_store_dword v[0:1], v2
flat_load_dwordx4 v[0:3], v[4:5]
ds_read2_b32 v[0:1], v2 offset0:1 offset1:2
ds_write_b32 v1, v2 offset:16
ds_write2st64_b64 v1, v[2:3], v[4:5] offset0:1 offset1:2
ds_add_rtn_u32 v0, v1, v2
ds_cmpst_rtn_b32 v0, v1, v2, v3
buffer_load_dword v1, v2, s[4:7], 0 offen offset:8
buffer_store_dwordx2 v[1:2], v3, s[8:11], s2 idxen
image_load v[4:7], v[8:9], s[8:15] dmask:0xf dim:SQ_RSRC_IMG_2D unorm
image_load v[4:8], v[8:9], s[8:15] dmask:0xf dim:SQ_RSRC_IMG_2D unorm glc slc dlc tfe lwe
image_load v[4:6], v8, s[8:15] dmask:0xf dim:SQ_RSRC_IMG_2D unorm a16 tfe d16
image_load_mip v[4:7], v[8:11], s[8:15] dmask:0xf dim:SQ_RSRC_IMG_2D_ARRAY unorm
image_store v[12:15], v[8:10], s[8:15] dmask:0xf dim:SQ_RSRC_IMG_3D unorm
image_atomic_cmpswap v[4:5], v[8:9], s[8:15] dmask:0x3 dim:SQ_RSRC_IMG_1D_ARRAY unorm glc
image_get_resinfo v[4:7], v8, s[8:15] dmask:0xf dim:SQ_RSRC_IMG_2D unorm
image_sample_lz v[4:7], [v8, v20, v23], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_3D
image_sample_l v[4:5], v[8:10], s[8:15], s[16:19] dmask:0x3 dim:SQ_RSRC_IMG_1D_ARRAY
