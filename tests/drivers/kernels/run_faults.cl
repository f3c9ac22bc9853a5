// SPDX-License-Identifier: MIT
// A store 1 GiB past the end of a small buffer: a GPU VM fault.
kernel void far_store(global uint *p)
{
   p[get_global_id(0) + (1u << 28)] = 1;
}

// Spins until a flag the host never sets: a hang.
kernel void spin(volatile global uint *flag)
{
   while (flag[0] == 0)
      ;
}
