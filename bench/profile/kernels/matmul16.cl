// SPDX-License-Identifier: MIT
// Matrix multiply C = A * B (N x N, row-major) with 16x16 tiles in local
// memory, launched as -g N,N -l 16,16: the classic tiled SGEMM inner loop.
#define TILE 16

kernel void
matmul16(global const float *A, global const float *B, global float *C, int N)
{
   local float As[TILE][TILE + 1], Bs[TILE][TILE + 1];
   int col = get_global_id(0), row = get_global_id(1);
   int lx = get_local_id(0), ly = get_local_id(1);
   float acc = 0.0f;
   for (int t = 0; t < N; t += TILE) {
      As[ly][lx] = A[row * N + t + lx];
      Bs[ly][lx] = B[(t + ly) * N + col];
      barrier(CLK_LOCAL_MEM_FENCE);
      for (int k = 0; k < TILE; k++)
         acc = fma(As[ly][k], Bs[k][lx], acc);
      barrier(CLK_LOCAL_MEM_FENCE);
   }
   C[row * N + col] = acc;
}
