// SPDX-License-Identifier: MIT
// Matrix multiply C = A * B (M x K times K x N, row-major) with 8x8 tiles
// staged in local memory, launched as -g N,M -l 8,8. Small integer values
// keep every partial sum exact, so the summation order does not matter.
#define TILE 8

kernel void
matmul(global const float *A, global const float *B, global float *C, int M,
       int N, int K)
{
   local float As[TILE][TILE], Bs[TILE][TILE];
   int col = get_global_id(0), row = get_global_id(1);
   int lx = get_local_id(0), ly = get_local_id(1);
   float acc = 0.0f;
   for (int t = 0; t < K; t += TILE) {
      As[ly][lx] = A[row * K + t + lx];
      Bs[ly][lx] = B[(t + ly) * N + col];
      barrier(CLK_LOCAL_MEM_FENCE);
      for (int k = 0; k < TILE; k++)
         acc += As[ly][k] * Bs[k][lx];
      barrier(CLK_LOCAL_MEM_FENCE);
   }
   if (row < M && col < N)
      C[row * N + col] = acc;
}
