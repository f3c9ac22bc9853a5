// SPDX-License-Identifier: MIT
// Arguments declared through typedefs: the argument metadata names the
// typedef (kernel_arg_type "myuint", "vec_t*"), and `kiln run` must check
// the arguments against the types underneath: a uint, a float4 by value
// and through a pointer, an int typedef named like a vector ("i32"), a
// struct, and a pointer typedef.
typedef uint myuint;
typedef float4 vec_t;
typedef int i32;
typedef struct { int a; float b; } pair;
typedef global float *fptr;

kernel void
typed(global vec_t *out, myuint n, vec_t scale, i32 k, fptr extra, global pair *pairs)
{
   size_t i = get_global_id(0);
   out[i] = scale * (float)(n + k) + extra[i];
   pairs[i].a = k * (int)i;
   pairs[i].b = 0.5f;
}

// Copies n ints: for buffers given as a file or a seeded fill.
kernel void
copy(global const int *src, global int *dst)
{
   size_t i = get_global_id(0);
   dst[i] = src[i];
}
