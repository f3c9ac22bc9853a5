#!/usr/bin/env python3
# Copyright © 2026 kiln contributors
# SPDX-License-Identifier: MIT
"""Dispatch profiles through kiln's OpenCL ICD: an application that knows
nothing of kiln (the corpus's pocl_run, through the ICD loader) gets one
profile per dispatch from KILN_PROFILE_JSON and KILN_DEBUG=profile.  The
expected values come from the launch and tests/kernels/apps/saxpy.cl
(y[i] = a * x[i] + y[i]): 256 work-items, 8 wave32 waves; each work-item
loads two floats and stores one, so vector memory reads 2048 bytes and
writes 1024, in 8 + 8 reads and 8 writes of one 128-byte line per wave.
Launched twice (--launches 2): two profiles.

usage: test_icd_profile.py POCL_RUN KERNELS_DIR (OCL_ICD_VENDORS naming kiln)"""
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'common'))
from kiln_check import check, finish, run as run_tool  # noqa: E402

POCL_RUN, KERNELS = sys.argv[1], sys.argv[2]




with tempfile.TemporaryDirectory() as tmp:
    jpath = os.path.join(tmp, 'p.jsonl')
    env = dict(os.environ, KILN_DEVICE='sim', KILN_DEBUG='profile', KILN_PROFILE_JSON=jpath)
    p = subprocess.run([POCL_RUN, '--platform', 'kiln', os.path.join(KERNELS, 'saxpy.cl'),
                        '-k', 'saxpy', '-g', '256', '-l', '256', '--launches', '2', 'float:2.5',
                        'buf:float[256]=rand:1:-100:100', 'buf:float[256]=rand:2:-100:100'],
                       capture_output=True, text=True, env=env, timeout=300)
    check('pocl_run --platform kiln exits 0', p.returncode == 0, p.stderr[-800:])
    check('KILN_DEBUG=profile: a report per dispatch on stderr',
          p.stderr.count('profile of the dispatch') == 2, p.stderr[:400])
    lines = open(jpath).read().splitlines() if os.path.exists(jpath) else []
    check('KILN_PROFILE_JSON: a line per dispatch', len(lines) == 2, len(lines))
    for n, line in enumerate(lines):
        d = json.loads(line)
        check(f'dispatch {n}: work-items', d['work_items'] == 256, d['work_items'])
        check(f'dispatch {n}: waves', d['waves'] == 8, d['waves'])
        vmem = [i for i in d['insts'] if i['class'] == 'VMEM']
        read = sum(i['bytes_read'] for i in vmem)
        written = sum(i['bytes_written'] for i in vmem)
        lines_touched = sum(i['lines'] for i in vmem)
        check(f'dispatch {n}: VMEM bytes read', read == 2048, read)
        check(f'dispatch {n}: VMEM bytes written', written == 1024, written)
        check(f'dispatch {n}: VMEM cache lines', lines_touched == 24, lines_touched)

finish()
