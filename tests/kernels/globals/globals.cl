// SPDX-License-Identifier: MIT
// Program-scope and static __global variables (OpenCL C 2.0 §6.5.1, with
// -cl-std=CL2.0): storage of the program, initialised once when the
// program is loaded, only with constant expressions, which may be the
// addresses of other such variables; the values persist between launches
// of any of the program's kernels.

global int counter;                 // no initialiser: zero
global int base = 100;
global long wide = -5000000000;
global short halves[5] = {-1, 2, -3, 4, -5};
global float4 vec = (float4)(0.5f, -1.5f, 2.5f, -3.5f);
global uchar3 rgb = (uchar3)(7, 8, 9);
typedef struct {
   char tag;
   double value;
   int list[3];
} record_t;
global record_t record = {'r', 2.25, {10, 20, 30}};
global record_t records[2] = {{'a', -1.0, {1, 2, 3}}, {'b', 1e300, {4, 5, 6}}};

// Addresses of other variables: whole, of an element, of a member, held
// in a struct and in an array.
global int *to_base = &base;
global short *to_third_half = &halves[2];
global int *to_member = &record.list[1];
typedef struct {
   global int *p;
   int n;
} link_t;
global link_t link = {&counter, 42};
global int *table[3] = {&base, &records[1].list[2], 0};
global record_t *to_record = &records[1];
// An address converted to an integer (uintptr_t is 64 bits wide).
global ulong third_half_address = (ulong)&halves[2];

// Work-item 0 reads every value as the launch finds it; then every
// work-item of the (single) work-group counts itself in counter and
// work-item 0 adds one to base, for the next launch to find.
kernel void
read_globals(global long *out)
{
   size_t g = get_global_id(0);
   if (g == 0) {
      out[0] = counter;
      out[1] = base;
      out[2] = wide;
      for (int i = 0; i < 5; i++)
         out[3 + i] = halves[i];
      out[8] = (long)(vec.x * 2) + (long)(vec.y * 2) * 10 + (long)(vec.z * 2) * 100 +
               (long)(vec.w * 2) * 1000;
      out[9] = rgb.x + rgb.y * 10 + rgb.z * 100;
      out[10] = record.tag;
      out[11] = (long)(record.value * 4);
      out[12] = record.list[0] + record.list[1] + record.list[2];
      out[13] = records[0].tag + records[1].tag * 1000;
      out[14] = records[1].value == 1e300;
      out[15] = *to_base;
      out[16] = *to_third_half;
      out[17] = *to_member;
      out[18] = *link.p;
      out[19] = link.n;
      out[20] = *table[0] + *table[1] * 1000 + (table[2] == 0);
      out[21] = to_record->list[0];
      out[22] = to_base == &base && to_third_half == &halves[2] &&
                to_member == &record.list[1] && link.p == &counter &&
                table[1] == &records[1].list[2] && to_record == &records[1];
      out[23] = third_half_address == (ulong)&halves[2];
   }
   barrier(CLK_GLOBAL_MEM_FENCE);
   atomic_inc(&counter);
   if (g == 0)
      base += 1;
}

// A static variable of a function keeps its value across calls and
// launches, and two functions' statics of one name are two variables.
static int
next_ticket(void)
{
   static global int ticket = 1000;
   return atomic_add(&ticket, 1);
}

static int
next_step(void)
{
   static global int ticket = 5;
   return atomic_add(&ticket, 10);
}

// Each ticket is drawn once over all launches: slot t - 1000 counts it.
kernel void
tickets(global int *seen, global int *steps)
{
   int t = next_ticket();
   seen[t - 1000] += 1;
   if (get_global_id(0) == 0)
      steps[0] = next_step();
}

// Two kernels of one program share its variables: put reads scale and
// fills stash, take reads stash and changes scale for the next put.
global int scale = 1;
global int stash[64];

kernel void
put(global int *io)
{
   size_t g = get_global_id(0);
   stash[g] = io[g] + scale;
}

kernel void
take(global int *io)
{
   size_t g = get_global_id(0);
   io[g] = stash[g] * 2;
   if (g == 0)
      scale += 10;
}
