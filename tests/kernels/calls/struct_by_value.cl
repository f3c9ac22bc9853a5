// SPDX-License-Identifier: MIT
// Structs passed to and returned from functions kept out of line, by value
// (OpenCL C 2.0 §6.1 follows C99 §6.5.2.2: the callee gets a copy, so its
// changes never reach the caller's object), including a copy of a volatile
// struct. Per work-item four ints: the sum make() and sum_pair() compute,
// the sum of bump()'s result, the volatile original's sum after the call,
// and make()'s a[0] after sum_pair() changed its own copy.
#define NOINLINE __attribute__((noinline))

typedef struct Pair {
   char c;
   int a[4];
} Pair;

NOINLINE Pair
make(global const int *in, int id)
{
   Pair p;
   p.c = 15;
   p.a[0] = 14;
   p.a[1] = -8;
   p.a[2] = in[id];
   p.a[3] = 900;
   return p;
}

NOINLINE int
sum_pair(Pair p)
{
   p.a[0] += 100;
   int s = p.c;
   for (int i = 0; i < 4; i++)
      s += p.a[i];
   return s;
}

NOINLINE Pair
bump(Pair p)
{
   p.c += 15;
   p.a[0] += 14;
   p.a[1] -= 8;
   p.a[2] += 9;
   p.a[3] += 18;
   return p;
}

kernel void
struct_by_value(global int *out, global const int *in)
{
   int id = get_global_id(0);
   volatile Pair v;
   v.c = -20;
   v.a[0] = 14;
   v.a[1] = -8;
   v.a[2] = in[id];
   v.a[3] = 100;

   Pair m = make(in, id);
   Pair b = bump(v);
   out[4 * id + 0] = sum_pair(m);
   out[4 * id + 1] = b.c + b.a[0] + b.a[1] + b.a[2] + b.a[3];
   out[4 * id + 2] = v.c + v.a[0] + v.a[1] + v.a[2] + v.a[3];
   out[4 * id + 3] = m.a[0];
}
