// SPDX-License-Identifier: MIT
// shuffle / shuffle2 (OpenCL C 2.0 §6.13.12) for one gentype T (built with
// -DT=<type> -DUT=<unsigned type of the same size>, -DFP64 for double), every
// input size m in {2,4,8,16} and every mask size n in {2,4,8,16}.
// Rule tested: result[k] = x[mask[k] & (m-1)] for shuffle and element
// (mask[k] & (2m-1)) of the concatenation x,y for shuffle2 -- only the low
// ilogb(2m-1) (+1) bits of each mask element count, the others are ignored,
// so the masks given by the cases have high bits set.
#ifdef FP64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif

// Output layout: for m = 2,4,8,16 (30 slots each), n = 2,4,8,16 at 0,2,6,14.
#define SH1(m, n, base, off) \
   vstore##n(shuffle(vload##m(0, x), vload##n(0, mask)), 0, out + (base) + (off))
#define SH2(m, n, base, off)                                                   \
   vstore##n(shuffle2(vload##m(0, x), vload##m(0, x + 16), vload##n(0, mask)), \
             0, out + (base) + (off))
#define ALL_N(SH, m, base) \
   SH(m, 2, base, 0);      \
   SH(m, 4, base, 2);      \
   SH(m, 8, base, 6);      \
   SH(m, 16, base, 14)

// x: 16 elements, mask: 16 elements, out: 120 elements
kernel void
shuffle_all(global const T *x, global const UT *mask, global T *out)
{
   ALL_N(SH1, 2, 0);
   ALL_N(SH1, 4, 30);
   ALL_N(SH1, 8, 60);
   ALL_N(SH1, 16, 90);
}

// x: 32 elements (x = first 16, y = next 16), mask: 16, out: 120
kernel void
shuffle2_all(global const T *x, global const UT *mask, global T *out)
{
   ALL_N(SH2, 2, 0);
   ALL_N(SH2, 4, 30);
   ALL_N(SH2, 8, 60);
   ALL_N(SH2, 16, 90);
}
