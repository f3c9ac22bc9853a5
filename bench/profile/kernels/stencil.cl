// SPDX-License-Identifier: MIT
// One Jacobi step of the 2D Laplace equation: every interior point becomes
// the mean of its four neighbours; the boundary is copied.
kernel void
stencil(global const float *in, global float *out, int w, int h)
{
   int x = get_global_id(0), y = get_global_id(1);
   int i = y * w + x;
   if (x == 0 || y == 0 || x == w - 1 || y == h - 1)
      out[i] = in[i];
   else
      out[i] = 0.25f * (in[i - 1] + in[i + 1] + in[i - w] + in[i + w]);
}
