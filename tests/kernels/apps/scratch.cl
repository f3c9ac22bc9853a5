// SPDX-License-Identifier: MIT
// A private array indexed with run-time values, too large and too
// dynamically addressed to live in registers: compilers place it in
// private (scratch) memory. out[i] = sum over j of arr[idx[(i + j) % 64]]
// where arr[k] = in[i] * k + j-independent salt.
kernel void
scratch(global const int *in, global const uchar *idx, global int *out)
{
   int arr[64];
   size_t i = get_global_id(0);
   for (int k = 0; k < 64; k++)
      arr[k] = in[i] * k + (k ^ 0x15);
   // scatter writes with data-dependent indices
   for (int k = 0; k < 8; k++)
      arr[idx[(i + k) % 64] % 64] += k;
   int sum = 0;
   for (int j = 0; j < 64; j++)
      sum += arr[idx[(i + j) % 64] % 64] * (j & 3);
   out[i] = sum;
}
