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
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from corpus_manifest import compile_units  # noqa: E402

IGA_PLATFORM = {"tgl": "12p1", "dg2": "12p71"}
# What kiln's Intel backend refuses, by design, with a message naming the
# kernel: double (neither GPU has a 64-bit float unit), images (no surface
# states for Intel yet).
REFUSALS = {"has no 64-bit floating point": "double",
            "device-side enqueue (OpenCL C 2.0 6.13.17) is not supported on": "enqueue",
            "uses images, which kiln's Intel backend does not support yet": "images"}


def refusal(line):
    return next((why for text, why in REFUSALS.items() if text in line), None)


def iga_instructions(text):
    """The instruction lines of iga64's disassembly, less labels and sync/nop."""
    count = 0
    for line in text.splitlines():
        line = line.split("//")[0].strip()
        if not line or re.match(r"^[A-Za-z_][\w.]*:$", line):
            continue
        # an optional predicate, then the mnemonic
        words = line.split()
        mnemonic = words[1] if words[0].startswith("(") and len(words) > 1 else words[0]
        if mnemonic in ("sync.nop", "nop"):
            continue
        count += 1
    return count


def check(kilnc, iga64, target, path, kernels, opts, simd):
    """Returns (failures, refused kernel names)."""
    failures = []
    with tempfile.TemporaryDirectory() as out:
        cmd = [kilnc, "--target", target, "--stats-json", "-o", out]
        if simd:
            cmd += ["--simd", str(simd)]
        cmd += [path, "--"] + shlex.split(opts)
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
        if r.returncode != 0:
            errors = [l for l in r.stderr.splitlines() if l.startswith("error:")]
            if errors and all(refusal(l) for l in errors):
                why = "/".join(sorted({refusal(l) for l in errors}))
                return [], [f"{os.path.basename(path)}:{k} ({opts}) [{why}]" for k in kernels]
            return [f"{path} ({opts}): kilnc exited {r.returncode}:\n{r.stderr[-2000:]}"], []
        stats = {k["name"]: k for k in json.loads(r.stdout)}
        for kernel in kernels:
            s = stats.get(kernel)
            if s is None:
                failures.append(f"{path}: kernel {kernel} missing from --stats-json")
                continue
            if (s["instructions"] <= 0 or s["code_bytes"] <= 0 or s["code_bytes"] % 8 or
                    s["vgprs"] <= 0 or s["sgprs"] != 0 or
                    (s["spills"] > 0 and s["scratch_bytes"] == 0)):
                failures.append(f"{path}:{kernel}: implausible stats {s}")
            if s["wave_size"] != (simd or 16):
                failures.append(f"{path}:{kernel}: SIMD width {s['wave_size']}")
            with open(os.path.join(out, kernel + ".json")) as f:
                meta = json.load(f)
            intel = meta["intel"]
            if intel["push_bytes"] < meta["kernarg_alloc_size"] or intel["push_bytes"] % 32:
                failures.append(f"{path}:{kernel}: push constants {intel['push_bytes']} bytes "
                                f"for {meta['kernarg_alloc_size']} kernarg bytes")
            binary = os.path.join(out, kernel + ".bin")
            with open(binary, "rb") as f:
                code = f.read()[: s["code_bytes"]]
            isa = binary + ".isa"
            with open(isa, "wb") as f:
                f.write(code)
            d = subprocess.run([iga64, "-d", "-p=" + IGA_PLATFORM[target], isa],
                               capture_output=True, text=True, timeout=120)
            if d.returncode != 0 or "error" in d.stderr:
                failures.append(f"{path}:{kernel} ({opts}): iga64 exited {d.returncode}: "
                                f"{d.stderr.strip()[:400]}")
                continue
            n = iga_instructions(d.stdout)
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
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        results = list(pool.map(lambda j: check(kilnc, iga64, target, j[0], j[1], j[2], simd),
                                jobs))
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
