# Copyright © 2026 kiln contributors
# SPDX-License-Identifier: MIT
"""The corpus manifest (tests/corpus/kernels.txt: lines of
`FILE.cl KERNEL ['BUILD OPTIONS']`, '#' comments) as the compile tests
read it: one job per distinct (file, options), with that unit's kernels
in manifest order; the jobs checked in parallel, each compiled once by
kilnc, and the kernels kilnc wrote."""
import json
import os
import shlex
import subprocess
from concurrent.futures import ThreadPoolExecutor


def compile_units(kernels_txt, kernels_dir):
    """Returns ([(path, [kernels], options)], number of kernels)."""
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
    return jobs, sum(len(ks) for ks in files.values())


def check_units(jobs, check):
    """check(path, kernels, options) of every job, run in parallel; the
    results in job order."""
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        return list(pool.map(lambda j: check(*j), jobs))


def kilnc_compile(kilnc, target, path, opts, out, flags):
    """`kilnc --target TARGET --stats-json -o OUT FLAGS PATH -- OPTS`: the
    finished process, and its --stats-json entries by kernel name (None
    when kilnc failed)."""
    cmd = [kilnc, "--target", target, "--stats-json", "-o", out] + flags
    cmd += [path, "--"] + shlex.split(opts)
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    if r.returncode != 0:
        return r, None
    return r, {k["name"]: k for k in json.loads(r.stdout)}


def compiled_kernels(path, kernels, stats, out, failures):
    """(kernel, its --stats-json entry, its KERNEL.json metadata, its code
    bytes) for each of kernels kilnc wrote to out; a kernel missing from
    stats is appended to failures and skipped."""
    for kernel in kernels:
        s = stats.get(kernel)
        if s is None:
            failures.append(f"{path}: kernel {kernel} missing from --stats-json")
            continue
        with open(os.path.join(out, kernel + ".json")) as f:
            meta = json.load(f)
        with open(os.path.join(out, kernel + ".bin"), "rb") as f:
            code = f.read()[: s["code_bytes"]]
        yield kernel, s, meta, code
