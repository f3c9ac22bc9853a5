// SPDX-License-Identifier: MIT
// Image queries (OpenCL C 2.0 6.13.14.5): out = { width, height, depth,
// array size, channel data type, channel order, get_image_dim() }, as far
// as the image type has them, the rest 0.
kernel void query_1d(read_only image1d_t img, global int *out)
{
   out[0] = get_image_width(img);
   out[4] = get_image_channel_data_type(img);
   out[5] = get_image_channel_order(img);
}

kernel void query_1d_buffer(read_only image1d_buffer_t img, global int *out)
{
   out[0] = get_image_width(img);
   out[4] = get_image_channel_data_type(img);
   out[5] = get_image_channel_order(img);
}

kernel void query_1d_array(write_only image1d_array_t img, global int *out)
{
   out[0] = get_image_width(img);
   out[3] = get_image_array_size(img);
   out[4] = get_image_channel_data_type(img);
   out[5] = get_image_channel_order(img);
}

kernel void query_2d(read_write image2d_t img, global int *out)
{
   out[0] = get_image_width(img);
   out[1] = get_image_height(img);
   out[4] = get_image_channel_data_type(img);
   out[5] = get_image_channel_order(img);
   int2 d = get_image_dim(img);
   out[6] = d.x;
   out[7] = d.y;
}

kernel void query_2d_array(read_only image2d_array_t img, global int *out)
{
   out[0] = get_image_width(img);
   out[1] = get_image_height(img);
   out[3] = get_image_array_size(img);
   out[4] = get_image_channel_data_type(img);
   out[5] = get_image_channel_order(img);
   int2 d = get_image_dim(img);
   out[6] = d.x;
   out[7] = d.y;
}

kernel void query_3d(read_only image3d_t img, global int *out)
{
   out[0] = get_image_width(img);
   out[1] = get_image_height(img);
   out[2] = get_image_depth(img);
   out[4] = get_image_channel_data_type(img);
   out[5] = get_image_channel_order(img);
   int4 d = get_image_dim(img);
   out[6] = d.x;
   out[7] = d.y;
   out[8] = d.z;
}
