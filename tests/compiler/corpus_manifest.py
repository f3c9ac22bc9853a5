# Copyright © 2026 kiln contributors
# SPDX-License-Identifier: MIT
"""The corpus manifest (tests/corpus/kernels.txt: lines of
`FILE.cl KERNEL ['BUILD OPTIONS']`, '#' comments) as the compile tests
read it: one job per distinct (file, options), with that unit's kernels
in manifest order."""
import os
import shlex


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
