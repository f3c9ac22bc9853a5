// SPDX-License-Identifier: MIT
// A loop with a data-dependent trip count and data-dependent branches
// (divergent control flow within a wavefront): the number of Collatz steps
// from start[i] to 1 (capped at 1000), and the largest value reached.
kernel void
collatz(global const uint *start, global uint *steps, global uint *peak)
{
   size_t i = get_global_id(0);
   uint v = start[i], n = 0, top = v;
   while (v != 1 && n < 1000) {
      if (v & 1)
         v = 3 * v + 1;
      else
         v >>= 1;
      if (v > top)
         top = v;
      n++;
   }
   steps[i] = n;
   peak[i] = top;
}
