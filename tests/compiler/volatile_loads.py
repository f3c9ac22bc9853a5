#!/usr/bin/python3
# Copyright © 2026 kiln contributors
# SPDX-License-Identifier: MIT
"""A volatile access is a side effect: a loop that waits on a volatile
load keeps the load, inside the loop, in the machine code.

usage: volatile_loads.py KILNC

Each kernel below spins until another agent changes a volatile location
(C11 5.1.2.3, inherited by OpenCL C). kilnc compiles it for gfx1030 with
--dump asm; in the kernel's machine code some backward branch (the loop)
must enclose the volatile load: a global_load with glc (volatile loads
bypass the cache) or a ds_read. Once the loop was deleted as dead and the
kernel was a bare s_endpgm. Two volatile loads of one address also stay
two loads.
"""
import os
import re
import subprocess
import sys
import tempfile

kilnc = sys.argv[1]
failures = []
passed = 0

SOURCE = r"""
kernel void spin(volatile global int *p)
{
   while (p[0] == 0) {}
}

/* The wait in a function the front end inlines. */
__attribute__((noinline)) static void wait_for(volatile global uint *f)
{
   do {} while (f[1] != 7);
}
kernel void spin_call(volatile global uint *f)
{
   wait_for(f);
}

/* A volatile pointer stored in a struct argument's pointee. */
typedef struct { int ready; int value; } mailbox;
kernel void spin_struct(volatile global mailbox *m, global int *out)
{
   while (!m->ready) {}
   out[0] = m->value;
}

/* __local memory written by another work-item of the group. */
kernel void spin_local(volatile local int *l, global int *o)
{
   if (get_local_id(0) == 0) {
      while (l[0] == 0) {}
   } else {
      l[0] = 1;
   }
   o[0] = 1;
}

kernel void twice(volatile global int *p, global int *o)
{
   o[0] = p[0] + p[0];
}
"""

GLOBAL_LOAD = r"global_load_\w+ .*\bglc\b"
LOCAL_LOAD = r"ds_read_\w+ "


def kernels(disasm):
    """kernel name -> list of instruction/label lines."""
    out = {}
    name = None
    for line in disasm.splitlines():
        m = re.match(r"; kernel (\w+) ", line)
        if m:
            name = m.group(1)
            out[name] = []
        elif name is not None and line.strip():
            out[name].append(line.strip())
    return out


def loops(lines):
    """(first, last) line indices of every backward branch's range."""
    labels = {}
    for i, line in enumerate(lines):
        m = re.match(r"(BB\d+):$", line)
        if m:
            labels[m.group(1)] = i
    found = []
    for i, line in enumerate(lines):
        m = re.match(r"s_(?:cbranch_\w+|branch) (BB\d+)", line)
        if m and m.group(1) in labels and labels[m.group(1)] < i:
            found.append((labels[m.group(1)], i))
    return found


def check(name, ok, detail):
    global passed
    if ok:
        passed += 1
    else:
        failures.append(f"{name}: {detail}")


with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, "volatile.cl")
    with open(path, "w") as f:
        f.write(SOURCE)
    r = subprocess.run([kilnc, "--target", "gfx1030", "--dump", "asm", path],
                       capture_output=True, text=True, timeout=300)
    if r.returncode != 0:
        print(f"FAIL kilnc exited {r.returncode}:\n{r.stderr[-2000:]}")
        sys.exit(1)
    code = kernels(r.stdout + r.stderr)

for name, load in [("spin", GLOBAL_LOAD), ("spin_call", GLOBAL_LOAD),
                   ("spin_struct", GLOBAL_LOAD), ("spin_local", LOCAL_LOAD)]:
    lines = code.get(name, [])
    inside = [(a, b) for a, b in loops(lines)
              if any(re.search(load, l) for l in lines[a:b + 1])]
    check(f"{name}: the volatile load is inside a loop", bool(inside),
          "machine code:\n    " + "\n    ".join(lines))

lines = code.get("twice", [])
n = sum(bool(re.search(GLOBAL_LOAD, l)) for l in lines)
check("twice: two volatile loads stay two loads", n == 2,
      f"{n} volatile loads in:\n    " + "\n    ".join(lines))

for f in failures:
    print("FAIL", f)
print(f"{passed} passed, {len(failures)} failed")
sys.exit(1 if failures else 0)
