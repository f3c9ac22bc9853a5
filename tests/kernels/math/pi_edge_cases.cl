// SPDX-License-Identifier: MIT
// The edge cases OpenCL C 2.0 §7.5.1 prescribes for sinpi, cospi, tanpi
// and atanpi (-DFN=...), for T = float, half or double (-DT=..., -DU= the
// unsigned integer of T's size).  §7.5 requires exactly the value given,
// its sign included, so each result is stored as its bits; a NaN (to
// which the spec gives no sign or payload) as the quiet NaN of positive
// sign, NANBITS.
#ifdef USE_HALF
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#define NANBITS 0x7e00
#define AS_U as_ushort
#elif defined(USE_DOUBLE)
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#define NANBITS 0x7ff8000000000000ul
#define AS_U as_ulong
#else
#define NANBITS 0x7fc00000u
#define AS_U as_uint
#endif

// out[i] = FN(in[i]), as bits.
kernel void
pi_edge_cases(global U *out, global const T *in)
{
   size_t i = get_global_id(0);
   T r = FN(in[i]);
   out[i] = isnan(r) ? (U)NANBITS : AS_U(r);
}
