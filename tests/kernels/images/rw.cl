// SPDX-License-Identifier: MIT
// read_write images (OpenCL C 2.0 6.13.14): each work-item reads its
// pixel and writes it back as v * 0.5f + 0.25f.
kernel void rw_2d(read_write image2d_t img)
{
   int2 p = (int2)(get_global_id(0), get_global_id(1));
   write_imagef(img, p, read_imagef(img, p) * 0.5f + 0.25f);
}

kernel void rw_3d(read_write image3d_t img)
{
   int4 p = (int4)(get_global_id(0), get_global_id(1), get_global_id(2), 0);
   write_imagef(img, p, read_imagef(img, p) * 0.5f + 0.25f);
}
