#!/usr/bin/python3
# Copyright © 2026 kiln contributors
# SPDX-License-Identifier: MIT
"""Every corpus kernel compiles for a target, and every instruction word
kiln emits decodes under LLVM's independent AMDGPU disassembler.

usage: compile_corpus.py KILNC LLVM_MC TARGET KERNELS_TXT KERNELS_DIR [--wave64]

For each line "file kernel 'build options'" of KERNELS_TXT, kilnc compiles
the file with -o; the kernel must appear in --stats-json with sane numbers,
and llvm-mc --disassemble of its executable bytes must decode every word
(it prints "invalid instruction encoding" for words it cannot decode).
"""
import json
import os
import shlex
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor


def check(kilnc, llvm_mc, target, path, kernels, opts, wave64):
    failures = []
    with tempfile.TemporaryDirectory() as out:
        cmd = [kilnc, "--target", target, "--stats-json", "-o", out]
        if wave64:
            cmd.append("--wave64")
        cmd += [path, "--"] + shlex.split(opts)
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
        if r.returncode != 0:
            return [f"{path}: kilnc exited {r.returncode}:\n{r.stderr[-2000:]}"]
        stats = {k["name"]: k for k in json.loads(r.stdout)}
        for kernel in kernels:
            s = stats.get(kernel)
            if s is None:
                failures.append(f"{path}: kernel {kernel} missing from --stats-json")
                continue
            if s["instructions"] <= 0 or s["code_bytes"] <= 0 or s["code_bytes"] % 4:
                failures.append(f"{path}:{kernel}: implausible stats {s}")
            if s["wave_size"] != (64 if wave64 or target == "gfx900" else 32):
                failures.append(f"{path}:{kernel}: wave size {s['wave_size']}")
            with open(os.path.join(out, kernel + ".json")) as f:
                meta = json.load(f)
            with open(os.path.join(out, kernel + ".bin"), "rb") as f:
                code = f.read()[: s["code_bytes"]]
            words = " ".join(f"0x{b:02x}" for b in code)
            d = subprocess.run([llvm_mc, "--disassemble", "-arch=amdgcn", f"-mcpu={target}"],
                               input=words, capture_output=True, text=True, timeout=120)
            bad = [l for l in d.stderr.splitlines() if "invalid instruction encoding" in l]
            if d.returncode != 0 or bad:
                failures.append(f"{path}:{kernel}: {len(bad)} undecodable words "
                                f"(llvm-mc exit {d.returncode}): {d.stderr[:600]}")
            if not meta["rsrc1"] or not meta["rsrc2"]:
                failures.append(f"{path}:{kernel}: empty RSRC registers in {meta}")
    return failures


def main():
    args = [a for a in sys.argv[1:] if a != "--wave64"]
    wave64 = "--wave64" in sys.argv
    kilnc, llvm_mc, target, kernels_txt, kernels_dir = args
    files = {}
    with open(kernels_txt) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            parts = shlex.split(line)
            path, kernel = parts[0], parts[1]
            opts = parts[2] if len(parts) > 2 else ""
            files.setdefault((path, opts), []).append(kernel)

    jobs = [(os.path.join(kernels_dir, p), ks, o) for (p, o), ks in files.items()]
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        results = list(pool.map(lambda j: check(kilnc, llvm_mc, target, j[0], j[1], j[2],
                                                wave64), jobs))
    failures = [f for r in results for f in r]
    n = sum(len(ks) for ks in files.values())
    for f in failures:
        print("FAIL", f)
    print(f"{target}{' wave64' if wave64 else ''}: {n - len(failures)} of {n} kernels "
          f"compiled and decoded")
    sys.exit(1 if failures else 0)


main()
