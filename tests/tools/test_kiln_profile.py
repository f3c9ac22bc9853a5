#!/usr/bin/env python3
# Copyright © 2026 kiln contributors
# SPDX-License-Identifier: MIT
"""`kiln profile` on the corpus's matrix multiply (tests/kernels/apps/matmul.cl,
C = A * B with 8x8 tiles in local memory, -g 24,16 -l 8,8, K = 32), with
expected values from the launch and the kernel's source: 384 work-items in
6 groups of 64, 12 wave32 waves; every work-item passes barrier() twice per
tile, K / 8 = 4 tiles, so 12 waves x 8 = 96 barrier waits; it loads one
float of A and one of B per tile (384 x 4 x 2 x 4 = 12288 bytes by vector
memory) and stores one float (1536 bytes); per tile it writes those two
floats to local memory (384 x 4 x 8 = 12288 bytes) and reads 8 of A's tile
and 8 of B's (384 x 4 x 16 x 4 = 98304 bytes).  The text report has the
totals and the listing; the HTML page, rendered by headless Chromium
(skipped when it is absent), shows the listing and the same totals.  KILN_DEBUG=profile and KILN_PROFILE_JSON
give one profile per dispatch for a plain `kiln run`."""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'common'))
from kiln_check import check, finish, run as run_tool  # noqa: E402

KILN, KERNELS = sys.argv[1], sys.argv[2]
MATMUL = [os.path.join(KERNELS, 'matmul.cl'), '-k', 'matmul', '-g', '24,16', '-l', '8,8',
          'buf:float[512]=rand:703:-8:8', 'buf:float[768]=rand:704:-8:8', 'buf:float[384]',
          'int:16', 'int:24', 'int:32']


def run(cmd, env_extra=None):
    # Only the emulated device counts.
    return run_tool([KILN] + cmd, env=dict(KILN_DEVICE='sim', **(env_extra or {})))


def check_totals(prefix, p):
    check(f'{prefix}: work-items', p['work_items'] == 384, p['work_items'])
    check(f'{prefix}: waves', p['waves'] == 12, p['waves'])
    check(f'{prefix}: barrier waits', p['barrier_waits'] == 96, p['barrier_waits'])
    vmem_read = sum(i['bytes_read'] for i in p['insts'] if i['class'] == 'VMEM')
    check(f'{prefix}: bytes loaded by VMEM', vmem_read == 12288, vmem_read)
    check(f'{prefix}: bytes written', p['bytes_written'] == 1536, p['bytes_written'])
    check(f'{prefix}: LDS bytes written', p['lds_bytes_written'] == 12288,
          p['lds_bytes_written'])
    check(f'{prefix}: LDS bytes read', p['lds_bytes_read'] == 98304, p['lds_bytes_read'])
    execs = sum(i['executions'] for i in p['insts'])
    check(f'{prefix}: the listing accounts for every instruction',
          execs == p['wave_instructions'], f'{execs} vs {p["wave_instructions"]}')
    classes = sum(c['instructions'] for c in p['classes'].values())
    check(f'{prefix}: the classes account for every instruction',
          classes == p['wave_instructions'], f'{classes} vs {p["wave_instructions"]}')


# --json: one object per dispatch
rc, out, err = run(['profile'] + MATMUL + ['--json'])
check('profile --json exits 0', rc == 0, err)
profiles = [json.loads(line) for line in out.splitlines() if line.strip()] if rc == 0 else []
check('one profile', len(profiles) == 1, len(profiles))
if profiles:
    p = profiles[0]
    check('titled by the kernel', p['title'] == 'kernel matmul', p['title'])
    check_totals('json', p)

with tempfile.TemporaryDirectory() as tmp:
    page = os.path.join(tmp, 'matmul.html')
    rc, out, err = run(['profile'] + MATMUL + ['--html', page])
    check('profile --html exits 0', rc == 0, err)
    check('text: the totals', re.search(r'barrier waits: 96\b', out) is not None, out[:400])
    check('text: the hottest instructions', 'hottest instructions:' in out, out[:400])
    check('text: the listing, by block', re.search(r'^  block 0: 12 executions$', out, re.M)
          is not None, out[:2000])
    check('text: s_endpgm runs once per wave',
          re.search(r'^  [0-9a-f]{6} +12 +100\.0%.*s_endpgm', out, re.M) is not None, out)
    check('text: no buffers printed', re.search(r'^arg\d+:', out, re.M) is None, out[-300:])

    chromium = shutil.which('chromium') or shutil.which('chromium-browser')
    if not chromium:
        print('skip the page: no chromium (ci/setup.sh installs it)')
    elif profiles and os.path.exists(page):
        r = subprocess.run([chromium, '--headless', '--no-sandbox', '--disable-gpu',
                            '--dump-dom', 'file://' + page],
                           capture_output=True, text=True, timeout=120)
        dom = r.stdout
        check('chromium renders the page', r.returncode == 0 and '<table' in dom,
              r.stderr[-500:])
        want = profiles[0]['wave_instructions']
        check('page: the totals', re.search(r'id="wave-instructions">%d<' % want, dom)
              is not None, want)
        check('page: the barrier waits', '<th>barrier waits</th><td>96</td>' in dom)
        rows = len(re.findall(r'<tr class="inst"', dom))
        check('page: the whole listing', rows == len(profiles[0]['insts']),
              f'{rows} rows, {len(profiles[0]["insts"])} instructions')
        check('page: the instructions\' text', 's_endpgm' in dom and 'ds_' in dom)

    # any program: one profile per dispatch, through the environment
    jpath = os.path.join(tmp, 'p.jsonl')
    rc, out, err = run(['run'] + MATMUL + ['--launches', '2'],
                       {'KILN_DEBUG': 'profile', 'KILN_PROFILE_JSON': jpath})
    check('KILN_DEBUG=profile: kiln run exits 0', rc == 0, err)
    check('KILN_DEBUG=profile: the buffers still print', 'arg2:' in out, out[-200:])
    check('KILN_DEBUG=profile: a report per dispatch on stderr',
          err.count('profile of the dispatch') == 2, err[:300])
    lines = open(jpath).read().splitlines() if os.path.exists(jpath) else []
    check('KILN_PROFILE_JSON: a line per dispatch', len(lines) == 2, len(lines))
    if lines:
        check_totals('env', json.loads(lines[1]))

rc, out, err = run(['profile'] + MATMUL + ['--peer', 'clang'])
check('--peer clang points at bench/profile', rc == 1 and 'bench/profile' in err, err)

finish()
