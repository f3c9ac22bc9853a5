// SPDX-License-Identifier: MIT
// A store 1 GiB past the end of a small buffer: a GPU VM fault.
kernel void far_store(global uint *p)
{
   p[get_global_id(0) + (1u << 28)] = 1;
}

// Counts in flag[1] until a flag the host never sets: a hang.  (The
// stores keep the loop from being assumed to terminate, C11 6.8.5p6.)
kernel void spin(global uint *flag)
{
   uint i = 0;
   while (flag[0] == 0)
      flag[1] = ++i;
}
