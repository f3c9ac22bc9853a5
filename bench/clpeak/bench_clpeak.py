#!/usr/bin/env python3
# Copyright © 2026 kiln contributors
# SPDX-License-Identifier: MIT
"""clpeak (Debian's) through kiln's ICD and a peer's, side by side.

clpeak measures an OpenCL device's global memory bandwidth, its peak
single-, double-precision and integer compute and its kernel launch
latency.  Each of its tests runs here as a process of its own, through a
vendors directory that shows the ICD loader only one implementation, with
a time limit, so a test that does not finish is reported as such and the
others still run.  The table has a row per figure, a column per
implementation and kiln's figure as a share of the peer's (for latency,
the peer's as a share of kiln's), so that 100% is parity and 50% is the
factor of two the translating emulator is held to.

clpeak sizes each test's work by the device's compute units: kiln's
emulated gfx1030 reports its Navi 21's 60, a CPU implementation the
host's cores (2 here), so a kiln run does many times the work of PoCL's
for the same figure, and its wider compute widths may reach the time
limit where the peer's finish in seconds.

  bench_clpeak.py --kiln LIBRARY [--peer pocl] [--timeout S] [--tests T,...]

--kiln is kiln's ICD library (build/src/opencl/libKilnOpenCL.so); --peer
names an .icd file of /etc/OpenCL/vendors (PoCL's by default).
"""

import argparse
import os
import re
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..',
                                'tests', 'common'))
import icd_runner  # noqa: E402

WHO = 'bench_clpeak'
TESTS = ['global-bandwidth', 'compute-sp', 'compute-dp', 'compute-integer', 'kernel-latency']
SYSTEM_VENDORS = '/etc/OpenCL/vendors'


def peer_vendors_dir(name):
    """A vendors directory holding only the system's NAME.icd."""
    src = os.path.join(SYSTEM_VENDORS, name + '.icd')
    if not os.path.exists(src):
        sys.exit(f'{WHO}: no {src} (install the peer, e.g. pocl-opencl-icd)')
    d = tempfile.mkdtemp(prefix='kiln-icd-')
    shutil.copy(src, d)
    return d


def parse(out):
    """clpeak's figures: {(section, item): (value, unit)}.  A section is a
    heading such as 'Global memory bandwidth (GBPS)' followed by 'item :
    value' lines; the launch latency is one line of its own."""
    figures, section, unit = {}, None, None
    for line in out.splitlines():
        s = line.strip()
        m = re.match(r'^(.*\S)\s+\((\w+)\)$', s)
        if m:
            section, unit = m.group(1), m.group(2)
            continue
        m = re.match(r'^Kernel launch latency\s*:\s*([0-9.]+)\s*us$', s)
        if m:
            figures[('Kernel launch latency', '')] = (float(m.group(1)), 'us')
            continue
        m = re.match(r'^(\w+)\s*:\s*([0-9.]+)$', s)
        if m and section:
            figures[(section, m.group(1))] = (float(m.group(2)), unit)
    return figures


def run(vendors, test, timeout):
    env = dict(os.environ, OCL_ICD_VENDORS=vendors)
    r = icd_runner.run_process(['clpeak', '--' + test], env, None, timeout, merge_stderr=True)
    figures = parse(r['out'])
    if r['timed_out']:
        status = f'not finished in {timeout:.0f} s'
    elif r['returncode'] != 0 or not figures:
        last = [l for l in r['out'].splitlines() if l.strip()][-1:] or ['no output']
        status = f'failed: {last[0].strip()[:60]}'
    else:
        status = None
    return figures, status, r['time']


def share(test, kiln, peer):
    if kiln is None or peer is None or kiln == 0 or peer == 0:
        return '-'
    return f'{100 * (peer / kiln if test == "kernel-latency" else kiln / peer):.0f}%'


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--kiln', required=True, help="kiln's ICD library")
    ap.add_argument('--peer', default='pocl', help='the peer .icd in ' + SYSTEM_VENDORS)
    ap.add_argument('--timeout', type=float, default=300, help='seconds per clpeak test')
    ap.add_argument('--tests', default=','.join(TESTS))
    args = ap.parse_args()
    if not shutil.which('clpeak'):
        sys.exit(f'{WHO}: clpeak is not installed (Debian package clpeak)')
    tests = args.tests.split(',')
    unknown = [t for t in tests if t not in TESTS]
    if unknown:
        sys.exit(f'{WHO}: unknown test {unknown[0]} (known: {", ".join(TESTS)})')

    impls = [(args.peer, peer_vendors_dir(args.peer)),
             ('kiln', icd_runner.make_vendors_dir([args.kiln], WHO))]
    rows = []
    for test in tests:
        results = {name: run(d, test, args.timeout) for name, d in impls}
        keys = []
        for figures, _, _ in results.values():
            keys += [k for k in figures if k not in keys]
        for key in keys:
            vals = [results[name][0].get(key) for name, _ in impls]
            unit = next(v[1] for v in vals if v)
            label = f'{key[0]} {key[1]}'.strip() + f' ({unit})'
            nums = [v[0] if v else None for v in vals]
            rows.append([label] + [f'{n:.2f}' if n is not None else '-' for n in nums] +
                        [share(test, nums[1], nums[0])])
        for name, _ in impls:
            _, status, secs = results[name]
            if status:
                rows.append([f'clpeak --{test}: {name}', status, '', ''])
        rows.append([f'clpeak --{test}: wall time (s)'] +
                    [f'{results[name][2]:.1f}' for name, _ in impls] + [''])
    for _, d in impls:
        shutil.rmtree(d, ignore_errors=True)

    head = ['figure', args.peer, 'kiln', 'kiln / ' + args.peer]
    widths = [max(len(r[i]) for r in rows + [head]) for i in range(len(head))]
    for r in [head, ['-' * w for w in widths]] + rows:
        print('  '.join(c.ljust(w) if i == 0 else c.rjust(w)
                        for i, (c, w) in enumerate(zip(r, widths))).rstrip())


if __name__ == '__main__':
    main()
