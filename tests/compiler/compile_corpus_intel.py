#!/usr/bin/python3
# Copyright © 2026 kiln contributors
# SPDX-License-Identifier: MIT
"""Every corpus kernel compiles for an Intel target through brw, and every
instruction kiln emits decodes under Intel's own disassembler, iga64 (from
IGC, Debian's libigc-tools): an independent check of brw's encoding, as
llvm-mc is for AMD (compile_corpus.py).

usage: compile_corpus_intel.py KILNC IGA64 TARGET KERNELS_TXT KERNELS_DIR [--simd N]

For each line "file kernel 'build options'" of KERNELS_TXT, kilnc compiles
the file with -o; the kernel must appear in --stats-json with sane numbers
(instructions, the SIMD width asked for, register pressure, scratch where
brw spilled);
iga64 -d of its instruction bytes must succeed, and the instructions iga64
decodes, less sync.nop and nop (no work), must be exactly those brw's own
disassembler lists (kilnc's count): two decoders agree on every
instruction's boundary.

A file whose only errors are kiln's refusals (64-bit floating point:
neither Gen12 nor DG2 has a double unit and kiln carries no emulation;
images: kiln builds no Intel surface states yet; device-side enqueue: no
Intel device queue) counts its kernels as
refused, listed by name; any other failure fails.
"""
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from corpus_manifest import (check_units, compile_units, compiled_kernels,  # noqa: E402
                             kilnc_compile)
from iga_listing import iga_instruction_lines  # noqa: E402

IGA_PLATFORM = {"tgl": "12p1", "dg2": "12p71"}
# What kiln's Intel backend refuses, by design, with a message naming the
# kernel: double (neither GPU has a 64-bit float unit), images (no surface
# states for Intel yet).
REFUSALS = {"has no 64-bit floating point": "double",
            "device-side enqueue (OpenCL C 2.0 6.13.17) is not supported on": "enqueue",
            "uses images, which kiln's Intel backend does not support yet": "images"}


def refusal(line):
    return next((why for text, why in REFUSALS.items() if text in line), None)


def check(kilnc, iga64, target, path, kernels, opts, simd):
    """Returns (failures, refused kernel names)."""
    failures = []
    with tempfile.TemporaryDirectory() as out:
        r, stats = kilnc_compile(kilnc, target, path, opts, out,
                                 ["--simd", str(simd)] if simd else [])
        if stats is None:
            errors = [l for l in r.stderr.splitlines() if l.startswith("error:")]
            if errors and all(refusal(l) for l in errors):
                why = "/".join(sorted({refusal(l) for l in errors}))
                return [], [f"{os.path.basename(path)}:{k} ({opts}) [{why}]" for k in kernels]
            return [f"{path} ({opts}): kilnc exited {r.returncode}:\n{r.stderr[-2000:]}"], []
        for kernel, s, meta, code in compiled_kernels(path, kernels, stats, out, failures):
            if (s["instructions"] <= 0 or s["code_bytes"] <= 0 or s["code_bytes"] % 8 or
                    s["vgprs"] <= 0 or s["sgprs"] != 0 or
                    (s["spills"] > 0 and s["scratch_bytes"] == 0)):
                failures.append(f"{path}:{kernel}: implausible stats {s}")
            if s["wave_size"] != (simd or 16):
                failures.append(f"{path}:{kernel}: SIMD width {s['wave_size']}")
            intel = meta["intel"]
            if intel["push_bytes"] < meta["kernarg_alloc_size"] or intel["push_bytes"] % 32:
                failures.append(f"{path}:{kernel}: push constants {intel['push_bytes']} bytes "
                                f"for {meta['kernarg_alloc_size']} kernarg bytes")
            isa = os.path.join(out, kernel + ".bin.isa")
            with open(isa, "wb") as f:
                f.write(code)
            d = subprocess.run([iga64, "-d", "-p=" + IGA_PLATFORM[target], isa],
                               capture_output=True, text=True, timeout=120)
            if d.returncode != 0 or "error" in d.stderr:
                failures.append(f"{path}:{kernel} ({opts}): iga64 exited {d.returncode}: "
                                f"{d.stderr.strip()[:400]}")
                continue
            n = sum(1 for _ in iga_instruction_lines(d.stdout))
            if n != s["instructions"]:
                failures.append(f"{path}:{kernel} ({opts}): iga64 decodes {n} instructions, "
                                f"brw counted {s['instructions']}")
    return failures, []


def main():
    args = sys.argv[1:]
    simd = 0
    if "--simd" in args:
        i = args.index("--simd")
        simd = int(args[i + 1])
        del args[i:i + 2]
    kilnc, iga64, target, kernels_txt, kernels_dir = args
    jobs, n = compile_units(kernels_txt, kernels_dir)
    results = check_units(jobs, lambda path, kernels, opts:
                          check(kilnc, iga64, target, path, kernels, opts, simd))
    failures = [f for r in results for f in r[0]]
    refused = [k for r in results for k in r[1]]
    for f in failures:
        print("FAIL", f)
    for k in refused:
        print("refused:", k)
    label = f"{target}{f' simd{simd}' if simd else ''}"
    print(f"{label}: {n - len(refused) - len(failures)} of {n} kernels compiled and decoded "
          f"under iga64, {len(refused)} in files kiln refuses for Intel (double, images, enqueue)")
    sys.exit(1 if failures else 0)


main()
