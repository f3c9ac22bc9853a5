// SPDX-License-Identifier: MIT
// Tiled matrix transpose through local memory (OpenCL C 2.0 §6.5.2,
// §6.13.8): each 8x8 work-group loads a tile, synchronises, and writes it
// transposed; the tile row is padded to 9 to spread banks. out[x][y] =
// in[y][x] for an H x W matrix, W = get_global_size(0).
kernel void
transpose(global const float *in, global float *out)
{
   local float tile[8][9];
   size_t w = get_global_size(0), h = get_global_size(1);
   size_t lx = get_local_id(0), ly = get_local_id(1);
   tile[ly][lx] = in[get_global_id(1) * w + get_global_id(0)];
   barrier(CLK_LOCAL_MEM_FENCE);
   size_t ox = get_group_id(1) * 8 + lx; // column in out (a row of in)
   size_t oy = get_group_id(0) * 8 + ly;
   out[oy * h + ox] = tile[lx][ly];
}
