#!/usr/bin/env python3
# Copyright © 2026 kiln contributors
# SPDX-License-Identifier: MIT
#
# bench/profile: what kiln's code does when it runs, next to clang-15's
# AMDGPU backend, on the same emulated gfx1030.  For the corpus's `apps`
# kernels and bench/profile's larger ones (tiled matrix multiply,
# reduction, scan, histogram, n-body, stencil), each kernel runs once under
# `kiln run` and once under tests/clang's `clang_run` with the emulator's
# profile on (KILN_PROFILE_JSON: one JSON line per dispatch, see
# sim/include/kiln_sim_profile.h); the table gives the dynamic
# instructions per work-item, the VALU lane utilisation and the estimated
# cycles of each, with kiln's instructions over clang's.  The two outputs
# are compared too, so a difference in counts is never a difference in
# the work done.
#
# The side by side lives here rather than in `kiln profile --peer clang`:
# clang's code objects load through a helper only tests may use
# (tests/clang/hsa), which the kiln tool may not depend on.
#
# usage: bench_profile.py --kiln BUILD/src/tools/kiln/kiln
#            --clang-run BUILD/tests/clang/clang_run [--json FILE] [--filter REGEX]

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

top = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(top, 'tests', 'corpus'))
import check  # noqa: E402  (the corpus's case format and argument generators)

HERE = os.path.dirname(os.path.abspath(__file__))


def cases():
    """(id, file path, runner arguments) of the apps cases and ours."""
    out = []
    for c in check.load_cases(os.path.join(top, 'tests', 'corpus', 'cases.txt')):
        if c.args[0].startswith('apps/'):
            out.append((c.id, os.path.join(top, 'tests', 'kernels', c.args[0]), c.args[1:]))
    for c in check.load_cases(os.path.join(HERE, 'cases.txt')):
        out.append((c.id, os.path.join(HERE, 'kernels', c.args[0]), c.args[1:]))
    return out


def profile(runner, path, args, timeout):
    """Runs one launch with profiles on; (summed totals, stdout) or (None, error)."""
    with tempfile.TemporaryDirectory() as tmp:
        jpath = os.path.join(tmp, 'profile.jsonl')
        env = dict(os.environ, KILN_PROFILE_JSON=jpath, KILN_DEVICE='sim')
        try:
            p = subprocess.run(runner + [path] + args, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, env=env, timeout=timeout)
        except subprocess.TimeoutExpired:
            return None, 'timed out'
        except OSError as e:
            return None, '%s: %s' % (runner[0], e)
        if p.returncode != 0:
            return None, 'exit %d: %s' % (p.returncode, p.stderr.strip().splitlines()[-1:])
        if not os.path.exists(jpath):
            return None, 'no profile written'
        with open(jpath) as f:
            dispatches = [json.loads(line) for line in f if line.strip()]
    total = {'dispatches': len(dispatches), 'wave_instructions': 0, 'lane_instructions': 0,
             'work_items': 0, 'valu': 0, 'valu_lanes': 0, 'est_cycles': 0, 'wave_size': 0,
             'lines': 0, 'classes': {}}
    for d in dispatches:
        for name, c in d['classes'].items():
            total['classes'][name] = total['classes'].get(name, 0) + c['instructions']
        total['wave_instructions'] += d['wave_instructions']
        total['lane_instructions'] += d['lane_instructions']
        total['work_items'] += d['work_items']
        total['valu'] += d['classes']['VALU']['instructions']
        total['valu_lanes'] += d['classes']['VALU']['lanes']
        total['est_cycles'] += d['est_cycles']
        total['lines'] += d['lines']
        total['wave_size'] = d['wave_size']
    return total, p.stdout


def same_output(a, b):
    """The argI lines agree: exactly for integers, to 1e-5 relative for floats
    (the two compilers may contract or order float operations differently)."""
    la, lb = check.parse_output(a), check.parse_output(b)
    if la.keys() != lb.keys():
        return False
    for k in la:
        if len(la[k]) != len(lb[k]):
            return False
        for x, y in zip(la[k], lb[k]):
            if x == y:
                continue
            try:
                fx, fy = float(x), float(y)
            except ValueError:
                return False
            if abs(fx - fy) > 1e-5 * max(abs(fx), abs(fy), 1e-30):
                return False
    return True


def per_item(t):
    return t['wave_instructions'] * t['wave_size'] / t['work_items'] if t['work_items'] else 0


def util(t):
    return 100.0 * t['valu_lanes'] / (t['valu'] * t['wave_size']) if t['valu'] else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument('--kiln', required=True, help='the kiln tool')
    ap.add_argument('--clang-run', required=True, help="tests/clang's clang_run")
    ap.add_argument('--json', help='also write the numbers here')
    ap.add_argument('--filter', default='', help='only cases whose id matches')
    ap.add_argument('--timeout', type=int, default=300)
    opts = ap.parse_args()

    rows, failures = [], []
    for cid, path, args in cases():
        if not re.search(opts.filter, cid):
            continue
        k, kout = profile([opts.kiln, 'run'], path, args, opts.timeout)
        c, cout = profile([opts.clang_run], path, args, opts.timeout)
        if k is None or c is None:
            failures.append('%s: %s' % (cid, kout if k is None else cout))
            continue
        rows.append({'id': cid, 'kiln': k, 'clang': c, 'same': same_output(kout, cout)})

    hdr = ('%-20s %9s %9s %6s  %6s %6s  %10s %10s  %s' %
           ('kernel', 'kiln/WI', 'clang/WI', 'ratio', 'kVALU%', 'cVALU%', 'kiln cyc',
            'clang cyc', 'where kiln executes more (per work-item, by class)'))
    print('dynamic instructions per work-item (wave-instructions x wave size / work-items),')
    print('VALU lane utilisation and estimated wave-cycles (cost model of')
    print('sim/include/kiln_sim_profile.h: an estimate), kiln vs clang-15 AMDGPU -O3, gfx1030')
    print(hdr)
    print('-' * len(hdr))
    kt = ct = kc = cc = 0
    worse = []
    for r in rows:
        k, c = r['kiln'], r['clang']
        ratio = k['wave_instructions'] / c['wave_instructions'] if c['wave_instructions'] else 0
        note = []
        if ratio > 1.0:
            # where: the classes kiln executes most more of, per work-item
            extra = sorted(((k['classes'][n] - c['classes'].get(n, 0), n) for n in k['classes']),
                           reverse=True)
            note.append('more ' + ', '.join('%s +%.1f' % (n, e * k['wave_size'] / k['work_items'])
                                            for e, n in extra[:2] if e > 0))
            worse.append(r['id'])
        if not r['same']:
            note.append('OUTPUTS DIFFER')
        print('%-20s %9.1f %9.1f %6.2f  %6.1f %6.1f  %10d %10d  %s' %
              (r['id'], per_item(k), per_item(c), ratio, util(k), util(c), k['est_cycles'],
               c['est_cycles'], ', '.join(note)))
        kt += k['wave_instructions']
        ct += c['wave_instructions']
        kc += k['est_cycles']
        cc += c['est_cycles']
    print('-' * len(hdr))
    if ct:
        print('total wave-instructions: kiln %d, clang %d, ratio %.3f' % (kt, ct, kt / ct))
        print('total estimated wave-cycles: kiln %d, clang %d, ratio %.3f' % (kc, cc, kc / cc))
    print('kiln executes more instructions than clang on: %s' %
          (', '.join(worse) if worse else 'none'))
    for f in failures:
        print('FAILED %s' % f)
    if opts.json:
        with open(opts.json, 'w') as f:
            json.dump({'rows': rows, 'failures': failures}, f, indent=1)
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
