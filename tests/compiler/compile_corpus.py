#!/usr/bin/python3
# Copyright © 2026 kiln contributors
# SPDX-License-Identifier: MIT
"""Every corpus kernel compiles for a target, and every instruction word
kiln emits decodes under LLVM's independent AMDGPU disassembler.

usage: compile_corpus.py KILNC LLVM_MC TARGET KERNELS_TXT KERNELS_DIR ACO_OPCODES_PY [--wave64]

For each line "file kernel 'build options'" of KERNELS_TXT, kilnc compiles
the file with -o; the kernel must appear in --stats-json with sane numbers,
and llvm-mc --disassemble of its executable bytes must decode every word
(it prints "invalid instruction encoding" for words it cannot decode).

LLVM 15 predates some GFX11 instructions ACO emits (true16 VOP1 forms).
A word llvm-mc-15 cannot decode on gfx1100 is accepted only when Mesa's
ACO opcode table (an independent source) names it as one of those; they
are counted and reported.
"""
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from corpus_manifest import (check_units, compile_units, compiled_kernels,  # noqa: E402
                             kilnc_compile)


# GFX11 VOP1 instructions LLVM 15's disassembler does not know.
LLVM15_MISSING_GFX11_VOP1 = ["v_mov_b16"]
gfx11_vop1_known = {}
llvm15_unknown_words = 0


def load_gfx11_vop1(aco_opcodes_py):
    text = open(aco_opcodes_py).read()
    for name in LLVM15_MISSING_GFX11_VOP1:
        m = re.search(r'\("%s",[^\n]*op\([^)]*gfx11=(0x[0-9a-fA-F]+)' % name, text)
        if m:
            gfx11_vop1_known[int(m.group(1), 16)] = name


def undecodable(stderr, code, target):
    """Words llvm-mc could not decode, less the GFX11 ones it is too old for."""
    global llvm15_unknown_words
    bad = []
    literals = set()  # the 32-bit literal after such an instruction (src0 = 255)
    for line in stderr.splitlines():
        if "invalid instruction encoding" not in line:
            continue
        col = int(line.split(":")[2])
        offset = (col - 1) // 5  # input is "0xNN " per byte
        word = int.from_bytes(code[offset:offset + 4], "little")
        if offset in literals:
            continue
        if target == "gfx1100" and word >> 25 == 0x3f and (word >> 9) & 0xff in gfx11_vop1_known:
            llvm15_unknown_words += 1
            if word & 0x1ff == 0xff:
                literals.add(offset + 4)
            continue
        bad.append(f"0x{word:08x} at byte {offset}")
    return bad


def check(kilnc, llvm_mc, target, path, kernels, opts, wave64):
    failures = []
    with tempfile.TemporaryDirectory() as out:
        r, stats = kilnc_compile(kilnc, target, path, opts, out, ["--wave64"] if wave64 else [])
        if stats is None:
            return [f"{path} ({opts}): kilnc exited {r.returncode}:\n{r.stderr[-2000:]}"]
        for kernel, s, meta, code in compiled_kernels(path, kernels, stats, out, failures):
            if s["instructions"] <= 0 or s["code_bytes"] <= 0 or s["code_bytes"] % 4:
                failures.append(f"{path}:{kernel}: implausible stats {s}")
            if s["wave_size"] != (64 if wave64 or target == "gfx900" else 32):
                failures.append(f"{path}:{kernel}: wave size {s['wave_size']}")
            words = " ".join(f"0x{b:02x}" for b in code)
            d = subprocess.run([llvm_mc, "--disassemble", "-arch=amdgcn", f"-mcpu={target}"],
                               input=words, capture_output=True, text=True, timeout=120)
            bad = undecodable(d.stderr, code, target)
            if d.returncode != 0 or bad:
                failures.append(f"{path}:{kernel} ({opts}): {len(bad)} undecodable words "
                                f"(llvm-mc exit {d.returncode}): {', '.join(bad[:4])}")
            if not meta["rsrc1"] or not meta["rsrc2"]:
                failures.append(f"{path}:{kernel}: empty RSRC registers in {meta}")
    return failures


def main():
    args = [a for a in sys.argv[1:] if a != "--wave64"]
    wave64 = "--wave64" in sys.argv
    kilnc, llvm_mc, target, kernels_txt, kernels_dir, aco_opcodes = args
    load_gfx11_vop1(aco_opcodes)
    jobs, n = compile_units(kernels_txt, kernels_dir)
    results = check_units(jobs, lambda path, kernels, opts:
                          check(kilnc, llvm_mc, target, path, kernels, opts, wave64))
    failures = [f for r in results for f in r]
    for f in failures:
        print("FAIL", f)
    print(f"{target}{' wave64' if wave64 else ''}: {n - len(failures)} of {n} kernels "
          f"compiled and decoded")
    if llvm15_unknown_words:
        names = ", ".join(f"{n} (VOP1 0x{op:x})" for op, n in gfx11_vop1_known.items())
        print(f"{llvm15_unknown_words} words are GFX11 instructions llvm-mc-15 predates, "
              f"named by ACO's opcode table: {names}")
    sys.exit(1 if failures else 0)


main()
