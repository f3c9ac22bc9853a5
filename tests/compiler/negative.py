#!/usr/bin/python3
# Copyright © 2026 kiln contributors
# SPDX-License-Identifier: MIT
"""Bad input to kilnc is a clear error with its location, never a crash.

usage: negative.py KILNC SPIRV_AS
Each case writes an input, runs kilnc, and checks the exit status (1 for a
rejected input, 2 for a bad command line; a signal is always a failure) and
that stderr names what is wrong and where. Every build option of the
OpenCL API either compiles or is refused by name.
"""
import os
import re
import struct
import subprocess
import sys
import tempfile

kilnc, spirv_as = sys.argv[1], sys.argv[2]
tmp = tempfile.mkdtemp()
failures = []
passed = 0


def write(name, data):
    path = os.path.join(tmp, name)
    with open(path, "wb" if isinstance(data, bytes) else "w") as f:
        f.write(data)
    return path


def case(name, args, status, patterns):
    global passed
    r = subprocess.run([kilnc] + args, capture_output=True, text=True, timeout=120)
    problems = []
    if r.returncode != status:
        problems.append(f"exit status {r.returncode}, expected {status}")
    for p in patterns:
        if not re.search(p, r.stderr):
            problems.append(f"stderr lacks /{p}/")
    if problems:
        failures.append(f"{name}: {'; '.join(problems)}\n--- stderr:\n{r.stderr[-1500:]}")
    else:
        passed += 1


# Syntax error: clang's diagnostic with file:line:col.
bad = write("syntax.cl", "__kernel void k(__global int *p)\n{\n   p[0] = 1 +;\n}\n")
case("syntax error", [bad], 1, [r"syntax\.cl:3:\d+: error"])

undeclared = write("undeclared.cl", "__kernel void k(__global int *p)\n{\n  p[0] = q;\n}\n")
case("undeclared identifier", [undeclared], 1, [r"undeclared\.cl:3:\d+: error: .*'q'"])

# A build option that makes valid code invalid, passed through to clang.
opt = write("opt.cl", "__kernel void k(__global int *p) { p[0] = VALUE; }\n")
case("missing -D", [opt], 1, [r"opt\.cl:1:\d+: error"])
case("with -D", [opt, "--", "-DVALUE=3"], 0, [])
case("unterminated quote in build options", [opt, "--", "-DX='1"], 1, [r"build options"])

# Every build option of the OpenCL 2.0 API (5.8.4) compiles, with its
# effect where the preprocessor shows one, or is refused with a message
# that names it; none leaves clang without a command line.
inc_dir = os.path.join(tmp, "include dir")
os.makedirs(inc_dir)
write(os.path.join("include dir", "inc.h"), "#define FROM_HEADER 5\n")
inc_dir2 = os.path.join(tmp, "inc2")
os.makedirs(inc_dir2)
write(os.path.join("inc2", "inc2.h"), "#define FROM_HEADER2 6\n")
opts_cl = write("options.cl", """
#if defined(WANT_NAME) && !defined(NAME)
#error -D NAME did not define NAME
#endif
#if defined(WANT_VALUE) && VALUE != 2
#error -D VALUE=2 did not define VALUE as 2
#endif
#ifdef WANT_HEADER
#include "inc.h"
#endif
#ifdef WANT_HEADER2
#include <inc2.h>
#endif
#if defined(WANT_FAST) && !defined(__FAST_RELAXED_MATH__)
#error -cl-fast-relaxed-math did not define __FAST_RELAXED_MATH__
#endif
#if defined(WANT_VERSION) && __OPENCL_C_VERSION__ != WANT_VERSION
#error wrong __OPENCL_C_VERSION__
#endif
#ifdef WANT_WARNING
#warning a warning from the source
#endif
__kernel void k(__global float *p) { p[0] = p[1] / p[2] + sqrt(p[3]) * 0.1; }
""")
accepted = [
    ["-D", "NAME", "-DWANT_NAME"], ["-DNAME", "-DWANT_NAME"],
    ["-DVALUE=2", "-DWANT_VALUE"], ["-D", "VALUE=2", "-DWANT_VALUE"],
    ["-I", inc_dir, "-DWANT_HEADER"], ["-I" + inc_dir2, "-DWANT_HEADER2"],
    ["-cl-single-precision-constant"], ["-cl-denorms-are-zero"],
    ["-cl-fp32-correctly-rounded-divide-sqrt"], ["-cl-opt-disable"], ["-cl-mad-enable"],
    ["-cl-no-signed-zeros"], ["-cl-unsafe-math-optimizations"], ["-cl-finite-math-only"],
    ["-cl-fast-relaxed-math", "-DWANT_FAST"], ["-cl-strict-aliasing"],
    ["-cl-uniform-work-group-size", "-cl-std=CL2.0"], ["-cl-kernel-arg-info"],
    ["-cl-no-subgroup-ifp"], ["-w"], ["-Werror"],
    ["-cl-std=CL1.1", "-DWANT_VERSION=110"], ["-cl-std=CL1.2", "-DWANT_VERSION=120"],
    ["-cl-std=CL2.0", "-DWANT_VERSION=200"], ["-cl-std=CL3.0", "-DWANT_VERSION=300"],
    ["-cl-std=cl2.0", "-DWANT_VERSION=200"],
    ["-cl-denorms-are-zero", "-cl-no-subgroup-ifp", "-cl-fast-relaxed-math", "-w",
     "-cl-std=CL3.0"],
]
# kilnc passes each word after "--" as one build-option word.
for words in accepted:
    case(f"build options {words}", [opts_cl, "--"] + words, 0, [])
case("build option -g: compiles, with a warning that it is ignored",
     [opts_cl, "--", "-g"], 0, [r"warning: build option -g: .*ignored"])
# (Mesa 25.0's clc keeps clang's warnings out of a successful build's log,
# so -w has nothing to show; -Werror does.)
case("-Werror makes warnings errors", [opts_cl, "--", "-Werror", "-DWANT_WARNING"], 1,
     [r"error: a warning"])
for words, pattern in [
        (["-create-library"], r"-create-library is an option of clLinkProgram"),
        (["-enable-link-options"], r"-enable-link-options is an option of clLinkProgram"),
        (["-cl-std=CLC++"], r"-cl-std=CLC\+\+: C\+\+ for OpenCL .* not supported"),
        (["-cl-std=CL4.0"], r"-cl-std=CL4\.0: not an OpenCL C version"),
        (["-cl-std"], r"-cl-std needs a version"),
        (["-DX=1", "-D"], r"build option -D needs a macro name"),
        (["-I"], r"build option -I needs a directory"),
        (["-bogus-option"], r"clang does not take -bogus-option")]:
    case(f"build options {words} refused", [opts_cl, "--"] + words, 1, [pattern])

# SPIR-V that is not SPIR-V, or is invalid.
case("SPIR-V of 7 bytes", ["--spirv", write("short.spv", b"\x03\x02\x23\x07abc")], 1,
     [r"SPIR-V: 7 bytes is not a SPIR-V module"])
# A header spirv_to_nir cannot take (version 0x03020100, schema not 0) is
# refused before it crashes it; a good header followed by garbage is
# SPIRV-Tools' to reject.
case("SPIR-V with a bad header",
     ["--spirv", write("badheader.spv", bytes.fromhex("03022307") + bytes(range(64)))], 1,
     [r"SPIR-V: header: version 0x03020100, schema \d+; SPIR-V 1\.0 or later"])
case("SPIR-V header then garbage",
     ["--spirv", write("garbage.spv", struct.pack("<5I", 0x07230203, 0x00010000, 0, 16, 0) +
                       bytes(range(64)))], 1,
     [r"SPIR-V: invalid module at word \d+"])
# Valid syntax, invalid module: an OpIAdd whose operands are floats.
asm = write("invalid.spvasm", """
OpCapability Addresses
OpCapability Kernel
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %k "k"
%void = OpTypeVoid
%float = OpTypeFloat 32
%fn = OpTypeFunction %void
%one = OpConstant %float 1
%k = OpFunction %void None %fn
%l = OpLabel
%sum = OpIAdd %float %one %one
OpReturn
OpFunctionEnd
""")
spv = os.path.join(tmp, "invalid.spv")
subprocess.run([spirv_as, "--target-env", "spv1.0", asm, "-o", spv], check=True)
case("SPIR-V with an invalid instruction", ["--spirv", spv], 1,
     [r"SPIR-V: invalid module at word \d+: .*IAdd"])

# Features kiln once lacked compile now; those it lacks name the feature
# and the kernel.
img = write("image.cl", "__kernel void blit(read_only image2d_t src, __global float4 *dst)\n"
                        "{ dst[0] = read_imagef(src, (int2)(0, 0)); }\n")
case("image argument", [img], 0, [])

enq = write("enqueue.cl", "__kernel void parent(__global int *p)\n{\n"
                         "   enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_NO_WAIT,\n"
                         "                  ndrange_1D(1), ^{ p[0] = 1; });\n}\n")
case("device-side enqueue", [enq, "--", "-cl-std=CL2.0"], 0, [])
enq5 = write("enqueue5.cl", "__kernel void parent(__global int *p)\n{\n"
                           "   enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_NO_WAIT,\n"
                           "                  ndrange_1D(1), ^(local void *a, local void *b,\n"
                           "                  local void *c, local void *d, local void *e)\n"
                           "                  { p[0] = 1; }, 4u, 4u, 4u, 4u, 4u);\n}\n")
case("device-side enqueue of a block with five __local arguments",
     [enq5, "--", "-cl-std=CL2.0"], 1,
     [r"enqueue5.cl: device-side enqueue: a block with more __local pointer arguments "
      r"than kiln takes \(4\)"])

# A pointer that may be local or global (the generic address space) was
# addressed as global memory, and to_global() reached ACO, which aborted the
# process.  Both are lowered to flat addresses now and compile (the corpus's
# generic group runs them).
gen = write("generic.cl", "__kernel void pick(__global int *g, __local int *l, int c)\n{\n"
                          "   int *p = c ? (int *)g : (int *)l;\n   l[0] = 1;\n   *p = 7;\n"
                          "   g[1] = l[0];\n}\n")
case("generic pointer to local or global", [gen, "--", "-cl-std=CL2.0"], 0, [])
to_global = write("to_global.cl", "__kernel void conv(__global int *g, __local int *l, int c)\n"
                                  "{\n   int *p = c ? (int *)g : (int *)l;\n"
                                  "   global int *q = to_global(p);\n   if (q) *q = 1;\n}\n")
case("to_global of a generic pointer", [to_global, "--", "-cl-std=CL2.0"], 0, [])

# Structs passed by value to and returned from functions kept out of line
# (piglit's calls-struct.cl) crashed nir_lower_vec3_to_vec4.
calls = write("calls_struct.cl", """#define NOINLINE __attribute__((noinline))
typedef struct S { char c; int a[4]; } S;
NOINLINE S make(global int *in, int id)
{ S st; st.c = 15; st.a[0] = 14; st.a[1] = -8; st.a[2] = in[id]; st.a[3] = 900; return st; }
NOINLINE int sum(S st) { st.a[0] += 100; int s = 0; for (int i = 0; i < 4; ++i) s += st.a[i]; return s + st.c; }
NOINLINE S bump(S st) { st.c += 15; st.a[0] += 14; st.a[3] += 18; return st; }
__kernel void k(global int *out, global int *in)
{ int id = get_global_id(0); S st = make(in, id); out[id] = sum(st); }
__kernel void v(global int *out, global int *in)
{
   volatile S st0;
   st0.c = -20; st0.a[0] = 14; st0.a[1] = -8; st0.a[2] = in[get_global_id(0)]; st0.a[3] = 100;
   S st1 = bump(st0);
   out[get_global_id(0)] = st0.a[2] + st1.a[0] + st1.c;
}
""")
case("structs by value through noinline functions", [calls], 0, [])

# printf compiles (the corpus's printf group checks its output).
pf = write("printf.cl", "__kernel void k(__global int *p) { p[0] = printf(\"x\"); }\n")
case("printf", [pf], 0, [])

# Program-scope __global variables kiln cannot place: declared extern and
# defined nowhere; initialised with the address of __constant data, which
# each kernel carries in its own code.
ext = write("extern.cl", "extern global int x;\n"
            "kernel void k(global int *p) { p[0] = x; }\n")
case("extern __global variable", [ext, "--", "-cl-std=CL2.0"], 1,
     [r"__global variable 'x': a variable declared extern"])
cst = write("const_address.cl", "constant int c = 3;\nglobal ulong where = (ulong)&c;\n"
            "kernel void k(global ulong *p) { p[0] = where; }\n")
case("__global initialised with a __constant address", [cst, "--", "-cl-std=CL2.0"], 1,
     [r"__global variable 'where': an initialiser holds the address of a __constant"])

# Command-line mistakes.
case("unknown target", ["--target", "gfx9999", opt], 2, [r"unknown target 'gfx9999'"])
case("missing file", [os.path.join(tmp, "nope.cl")], 1, [r"nope\.cl: No such file"])
case("gfx900 compiles with its wave64 default", ["--target", "gfx900", opt, "--", "-DVALUE=1"], 0, [])

for f in failures:
    print("FAIL", f)
print(f"{passed} passed, {len(failures)} failed")
sys.exit(1 if failures else 0)
