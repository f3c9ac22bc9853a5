// Prologue and epilogue of the differential tests' random programs
// (test_sim_jit.c puts a random body between them).  s[0:1] = output + 2048,
// s[2:3] = input + 2048 (the offsets are signed 12-bit); v0 = lane id (one wave per group); v255 = lane id * 4.
// The body uses v1..v13, s4..s26 (s27 counts its loops), VCC and EXEC.

// @prog prologue
v_lshlrev_b32 v255, 2, v0
global_load_dword v1, v255, s[2:3] offset:-2048
global_load_dword v2, v255, s[2:3] offset:-1792
global_load_dword v3, v255, s[2:3] offset:-1536
global_load_dword v4, v255, s[2:3] offset:-1280
global_load_dword v5, v255, s[2:3] offset:-1024
global_load_dword v6, v255, s[2:3] offset:-768
global_load_dword v7, v255, s[2:3] offset:-512
global_load_dword v8, v255, s[2:3] offset:-256
global_load_dword v9, v255, s[2:3] offset:0
global_load_dword v10, v255, s[2:3] offset:256
global_load_dword v11, v255, s[2:3] offset:512
global_load_dword v12, v255, s[2:3] offset:768
global_load_dword v13, v255, s[2:3] offset:1024
s_waitcnt vmcnt(0)

// @prog epilogue
// SCC and EXEC first, into s102 and s[100:101]; then every lane on.
s_cselect_b32 s102, 1, 0
s_mov_b64 s[100:101], exec
s_mov_b64 exec, -1
global_store_dword v255, v1, s[0:1] offset:-2048
global_store_dword v255, v2, s[0:1] offset:-1792
global_store_dword v255, v3, s[0:1] offset:-1536
global_store_dword v255, v4, s[0:1] offset:-1280
global_store_dword v255, v5, s[0:1] offset:-1024
global_store_dword v255, v6, s[0:1] offset:-768
global_store_dword v255, v7, s[0:1] offset:-512
global_store_dword v255, v8, s[0:1] offset:-256
global_store_dword v255, v9, s[0:1] offset:0
global_store_dword v255, v10, s[0:1] offset:256
global_store_dword v255, v11, s[0:1] offset:512
global_store_dword v255, v12, s[0:1] offset:768
global_store_dword v255, v13, s[0:1] offset:1024
v_writelane_b32 v254, s4, 0
v_writelane_b32 v254, s5, 1
v_writelane_b32 v254, s6, 2
v_writelane_b32 v254, s7, 3
v_writelane_b32 v254, s8, 4
v_writelane_b32 v254, s9, 5
v_writelane_b32 v254, s10, 6
v_writelane_b32 v254, s11, 7
v_writelane_b32 v254, s12, 8
v_writelane_b32 v254, s13, 9
v_writelane_b32 v254, s14, 10
v_writelane_b32 v254, s15, 11
v_writelane_b32 v254, s16, 12
v_writelane_b32 v254, s17, 13
v_writelane_b32 v254, s18, 14
v_writelane_b32 v254, s19, 15
v_writelane_b32 v254, s20, 16
v_writelane_b32 v254, s21, 17
v_writelane_b32 v254, s22, 18
v_writelane_b32 v254, s23, 19
v_writelane_b32 v254, s24, 20
v_writelane_b32 v254, s25, 21
v_writelane_b32 v254, s26, 22
v_writelane_b32 v254, s27, 23
v_writelane_b32 v254, vcc_lo, 24
v_writelane_b32 v254, vcc_hi, 25
v_writelane_b32 v254, s100, 26
v_writelane_b32 v254, s101, 27
v_writelane_b32 v254, s102, 28
global_store_dword v255, v254, s[0:1] offset:1280
s_endpgm

// @prog hang
// Never ends: two waves share the host thread in time slices until the
// watchdog stops one; the engines switch waves at most one pass of the
// loop apart (test_sim_jit.c's hang check).
hang_loop:
v_add_f32 v1, v1, v2
v_mul_f32 v3, v1, v1
s_branch hang_loop
