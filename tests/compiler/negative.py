#!/usr/bin/python3
# Copyright © 2026 kiln contributors
# SPDX-License-Identifier: MIT
"""Bad input to kilnc is a clear error with its location, never a crash.

usage: negative.py KILNC SPIRV_AS
Each case writes an input, runs kilnc, and checks the exit status (1 for a
rejected input, 2 for a bad command line; a signal is always a failure) and
that stderr names what is wrong and where.
"""
import os
import re
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

# SPIR-V that is not SPIR-V, or is invalid.
case("SPIR-V of 7 bytes", ["--spirv", write("short.spv", b"\x03\x02\x23\x07abc")], 1,
     [r"SPIR-V: 7 bytes is not a SPIR-V module"])
case("SPIR-V header then garbage",
     ["--spirv", write("garbage.spv", bytes.fromhex("03022307") + bytes(range(64)))], 1,
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

# Features kiln does not have yet name the feature and the kernel.
img = write("image.cl", "__kernel void blit(read_only image2d_t src, __global float4 *dst)\n"
                        "{ dst[0] = read_imagef(src, (int2)(0, 0)); }\n")
case("image argument", [img], 1, [r"kernel blit: argument 0 'src' is an image"])

enq = write("enqueue.cl", "__kernel void parent(__global int *p)\n{\n"
                         "   enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_NO_WAIT,\n"
                         "                  ndrange_1D(1), ^{ p[0] = 1; });\n}\n")
case("device-side enqueue", [enq, "--", "-cl-std=CL2.0"], 1,
     [r"kernel parent: device-side enqueue .* is not supported yet"])

# A pointer that may be local or global (the generic address space) was
# addressed as global memory, and to_global() reached ACO, which aborted the
# process: both are an error naming the kernel and the feature until the
# generic address space is lowered.
gen = write("generic.cl", "__kernel void pick(__global int *g, __local int *l, int c)\n{\n"
                          "   int *p = c ? (int *)g : (int *)l;\n   l[0] = 1;\n   *p = 7;\n"
                          "   g[1] = l[0];\n}\n")
case("generic pointer to local or global", [gen, "--", "-cl-std=CL2.0"], 1,
     [r"kernel pick: the generic address space .* is not supported yet"])
to_global = write("to_global.cl", "__kernel void conv(__global int *g, __local int *l, int c)\n"
                                  "{\n   int *p = c ? (int *)g : (int *)l;\n"
                                  "   global int *q = to_global(p);\n   if (q) *q = 1;\n}\n")
case("to_global of a generic pointer", [to_global, "--", "-cl-std=CL2.0"], 1,
     [r"kernel conv: the generic address space .* is not supported yet"])

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

# printf compiles, with a warning that it has no output yet.
pf = write("printf.cl", "__kernel void k(__global int *p) { p[0] = printf(\"x\"); }\n")
case("printf", [pf], 0, [r"warning: kernel k: printf output is not supported"])

# Command-line mistakes.
case("unknown target", ["--target", "gfx9999", opt], 2, [r"unknown target 'gfx9999'"])
case("missing file", [os.path.join(tmp, "nope.cl")], 1, [r"nope\.cl: No such file"])
case("gfx900 compiles with its wave64 default", ["--target", "gfx900", opt, "--", "-DVALUE=1"], 0, [])

for f in failures:
    print("FAIL", f)
print(f"{passed} passed, {len(failures)} failed")
sys.exit(1 if failures else 0)
