#!/usr/bin/env python3
# Copyright © 2026 kiln contributors
# SPDX-License-Identifier: MIT
"""Runs piglit's OpenCL profile through any ICD and compares with a list.

piglit's own runner needs its framework installed and runs CL tests one at a
time on a machine without a render node; this one needs only the programs
ci/piglit.sh unpacks. It reads the "cl" profile (tests/cl.xml.gz: each
test's command line), runs the tests in parallel with a timeout each, through
the ICD libraries given by path (copied into a vendors directory of its own,
set as OCL_ICD_VENDORS) on the platform named, and classifies every result as
piglit does: the "PIGLIT: {...}" lines the test prints, the worst subtest,
a signal is a crash, a non-zero exit turns pass into warn and anything else
into fail, the timeout is "timeout".

It writes the results as JSON, prints a summary table and compares the
results with an expectations file: one line per test that does not pass,
`name  result  # cause`. A result worse than the one listed, or a test that
does not pass and is not listed, fails the run; a listed test doing better
is reported so that the file stays honest.

  run_piglit.py --platform Portable --expectations tests/piglit/expectations-pocl.txt
  run_piglit.py --icd build/src/opencl/libKilnOpenCL.so --platform kiln \\
                --subset tests/piglit/subset-quick.txt --expectations ...
"""

import argparse
import concurrent.futures
import gzip
import json
import os
import re
import shutil
import subprocess
import sys
import time
import xml.etree.ElementTree as ET

sys.dont_write_bytecode = True   # no __pycache__ in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'common'))
from icd_runner import (clip, expectations_status, make_vendors_dir,  # noqa: E402
                        read_expectations, report_comparison, resolve_platform,
                        run_process, select, write_expectations)

# piglit's order, best to worst (framework/status.py): skip and notrun do
# not count; among the others the larger is worse.
COUNTED = ['pass', 'warn', 'fail', 'timeout', 'crash']
# For the expectations: how bad a result is.
SEVERITY = {'pass': 0, 'skip': 1, 'notrun': 1, 'warn': 2, 'fail': 3,
            'timeout': 4, 'crash': 5}
COLUMNS = ['pass', 'fail', 'skip', 'crash', 'timeout', 'warn', 'notrun']


def status_key(s):
    counted = s in COUNTED
    return (1 if counted else 0, COUNTED.index(s) if counted else 0)


def read_profile(piglit_dir):
    """[(name, argv)] from tests/cl.xml.gz, as framework/profile.py builds them."""
    tree = ET.parse(gzip.open(os.path.join(piglit_dir, 'tests', 'cl.xml.gz')))
    tests = []
    for t in tree.getroot().iter('Test'):
        opts = {o.get('name'): o.get('value') for o in t.findall('option')}
        # The profile stores Python literals: a list of strings, or a string.
        if t.get('type') == 'cl':
            argv = [a for a in re.findall(r"'((?:[^'\\]|\\.)*)'", opts['command'])]
            argv[0] = os.path.join(piglit_dir, 'bin', argv[0])
        elif t.get('type') == 'cl_prog':
            filename = opts['filename'].strip('\'"')
            argv = [os.path.join(piglit_dir, 'bin', 'cl-program-tester'),
                    os.path.join(piglit_dir, filename)]
        else:
            continue
        tests.append((t.get('name'), argv))
    return tests


def interpret(returncode, out):
    """piglit's PiglitBaseTest.interpret_result and Test.interpret_result."""
    raw = 'notrun'
    subtests = {}
    for line in out.split('\n'):
        if not line.startswith('PIGLIT:'):
            continue
        try:
            d = json.loads(line[8:])
        except ValueError:
            continue
        if 'enumerate subtests' in d:
            for n in d['enumerate subtests']:
                subtests[n] = 'notrun'
        elif 'result' in d:
            raw = d['result']
        elif 'subtest' in d:
            subtests.update(d['subtest'])
    if raw == 'skip' and subtests:
        subtests = {k: ('skip' if v == 'notrun' else v) for k, v in subtests.items()}

    def effective():
        if subtests and raw != 'crash':
            return max(subtests.values(), key=status_key)
        return raw

    if returncode < 0:
        raw = 'crash'
    elif returncode != 0:
        raw = 'warn' if effective() == 'pass' else 'fail'
    return effective(), subtests


def run_one(name, argv, env, cwd, timeout):
    p = run_process(argv, env, cwd, timeout)
    subtests = {}
    if p['timed_out']:
        result = 'timeout'
    elif not p['decoded']:
        result = 'crash'   # piglit: "UnicodeDecodeError" is a crash
    else:
        result, subtests = interpret(p['returncode'], p['out'])
    return name, {
        'result': result,
        'returncode': p['returncode'],
        'time': round(p['time'], 3),
        'command': ' '.join(argv),
        'subtests': subtests,
        'out': clip(p['out']),
        'err': clip(p['err']),
    }


def compare(results, expected, path):
    """Prints the differences; returns the number that fail the run."""
    worse, unlisted, better = [], [], []
    for name, r in sorted(results.items()):
        got = r['result']
        if name not in expected:
            if got != 'pass':
                unlisted.append(f'  {name}  {got}')
            continue
        want = expected[name][0]
        if SEVERITY.get(got, 3) > SEVERITY[want]:
            worse.append(f'  {name}  {got} (expected {want})')
        elif SEVERITY.get(got, 3) < SEVERITY[want]:
            better.append(f'  {name}  {got} (listed as {want})')
    stale = [n for n in expected if n not in results and n not in ALL_NAMES]
    return report_comparison(path, worse, unlisted, better, stale, 'not in the profile')


CAUSE_RX = re.compile(r'requires|Skipping|not supported|[Ee]rror|[Ff]ail|Expect|Could not|'
                      r'[Uu]nsupported|timeout|exceeded|Assertion|Segmentation')


# piglit's own framing lines, never a cause.
FRAMING_RX = re.compile(r'^(Test:|Result:|Running on:|Platform:|Device:|OpenCL version:)')


def cause_of(r):
    """A one-line cause for an expectations file, from the test's output."""
    if r['result'] == 'timeout':
        return 'timeout'
    lines = [l.strip().lstrip('#').strip() for l in (r['out'] + '\n' + r['err']).split('\n')]
    lines = [l for l in lines
             if l and not l.startswith(('PIGLIT:', '>>')) and not FRAMING_RX.match(l)]
    at = next((i for i, l in enumerate(lines) if CAUSE_RX.search(l)), len(lines) - 1)
    pick = lines[at] if lines else ''
    # piglit's error checks print what came, then what the test wanted.
    if at + 1 < len(lines) and lines[at + 1].startswith('Expected CL error'):
        pick = f'{pick}; {lines[at + 1]}'
    if r['result'] == 'crash' and r.get('returncode') is not None and r['returncode'] < 0:
        pick = f'signal {-r["returncode"]}' + (f': {pick}' if pick else '')
    return ' '.join(pick.split())[:140] or '(no output)'


def expectation_lines(results):
    """(name, result, cause) for every test that does not pass, by name, as
    the expectations file lists them."""
    for name, r in sorted(results.items()):
        if r['result'] != 'pass':
            yield name, r['result'], cause_of(r)


def group_of(name):
    parts = name.split('@')
    if parts[0] == 'program' and len(parts) > 2:
        return '@'.join(parts[:2])
    return parts[0]


def print_summary(results, title):
    groups = {}
    for name, r in results.items():
        g = groups.setdefault(group_of(name), dict.fromkeys(COLUMNS, 0))
        g[r['result']] = g.get(r['result'], 0) + 1
    total = dict.fromkeys(COLUMNS, 0)
    for g in groups.values():
        for c in COLUMNS:
            total[c] += g.get(c, 0)
    w = max([len(g) for g in groups] + [len('total')])
    print(f'\n{title}')
    print(f'{"group":<{w}} ' + ' '.join(f'{c:>7}' for c in COLUMNS) + f' {"total":>7}')
    for name in sorted(groups) + ['total']:
        g = total if name == 'total' else groups[name]
        print(f'{name:<{w}} ' + ' '.join(f'{g.get(c, 0):>7}' for c in COLUMNS)
              + f' {sum(g.values()):>7}')
    return total


ALL_NAMES = set()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--piglit-dir', help='piglit directory (default: ci/piglit.sh fetches it)')
    ap.add_argument('--icd', action='append', default=[],
                    help='an OpenCL ICD library by path (repeatable); default: the system ICDs')
    ap.add_argument('--platform', help='run on the platform whose name contains this (any case)')
    ap.add_argument('-j', '--jobs', type=int, default=os.cpu_count() or 1)
    ap.add_argument('--timeout', type=float, default=60, help='seconds per test (piglit: 60)')
    ap.add_argument('--filter', help='run the tests whose name matches this regex')
    ap.add_argument('--subset', help='run the tests named in this file, one a line')
    ap.add_argument('--results', help='write the results here as JSON')
    ap.add_argument('--expectations', help='the tests that do not pass: `name  result  # cause`')
    ap.add_argument('--write-expectations', metavar='FILE',
                    help='write an expectations file from this run (every test that does not pass)')
    ap.add_argument('--from-results', metavar='JSON',
                    help='take the results from an earlier run\'s JSON instead of running')
    ap.add_argument('-v', '--verbose', action='store_true', help='print every result as it comes')
    args = ap.parse_args()

    if args.from_results:
        with open(args.from_results) as f:
            saved = json.load(f)
        return report(args, saved['tests'], saved.get('platform'), saved.get('elapsed', 0),
                      saved.get('all_names'))

    piglit_dir = args.piglit_dir
    if not piglit_dir:
        fetch = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'ci', 'piglit.sh')
        piglit_dir = subprocess.run(['bash', fetch], check=True, stdout=subprocess.PIPE,
                                    text=True).stdout.strip().splitlines()[-1]

    tests = read_profile(piglit_dir)
    ALL_NAMES.update(n for n, _ in tests)
    tests = select(tests, args.subset, args.filter, 'run_piglit', 'tests the profile')

    env = dict(os.environ)
    vendors = None
    if args.icd:
        vendors = make_vendors_dir(args.icd, 'run_piglit')
        env['OCL_ICD_VENDORS'] = vendors
    # The unpacked package's libraries first; its RUNPATH names /usr/lib.
    env['LD_LIBRARY_PATH'] = ':'.join(
        [os.path.join(piglit_dir, 'lib'), os.path.dirname(os.path.abspath(piglit_dir))]
        + ([env['LD_LIBRARY_PATH']] if env.get('LD_LIBRARY_PATH') else []))
    platform = None
    if args.platform:
        _, platform = resolve_platform(args.platform, env, 'run_piglit')
        env['PIGLIT_CL_PLATFORM'] = platform

    print(f'piglit cl: {len(tests)} tests, {args.jobs} at a time, platform '
          f'{platform or "(all)"}, ICDs {", ".join(args.icd) or "(system)"}', flush=True)
    results = {}
    start = time.monotonic()
    try:
        with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
            futures = [pool.submit(run_one, n, a, env, piglit_dir, args.timeout) for n, a in tests]
            for i, fut in enumerate(concurrent.futures.as_completed(futures), 1):
                name, r = fut.result()
                results[name] = r
                if args.verbose or r['result'] != 'pass':
                    print(f'[{i}/{len(tests)}] {r["result"]}: {name}', flush=True)
                elif i % 50 == 0:
                    print(f'[{i}/{len(tests)}]', flush=True)
    finally:
        if vendors:
            shutil.rmtree(vendors, ignore_errors=True)
    elapsed = time.monotonic() - start
    return report(args, results, platform, elapsed, sorted(ALL_NAMES))


def report(args, results, platform, elapsed, all_names):
    """The summary, the JSON, the expectations written or compared; the exit status."""
    if all_names:
        ALL_NAMES.update(all_names)
    title = f'piglit cl on {platform or "all platforms"}: {len(results)} tests in {elapsed:.0f} s'
    total = print_summary(results, title)
    if args.results and not args.from_results:
        with open(args.results, 'w') as f:
            json.dump({'platform': platform, 'icds': args.icd, 'elapsed': round(elapsed, 1),
                       'totals': total, 'all_names': sorted(ALL_NAMES),
                       'tests': dict(sorted(results.items()))}, f, indent=1)
        print(f'results: {args.results}')
    if args.write_expectations:
        header = (f'# piglit cl tests that do not pass on {platform or "the ICDs given"}, '
                  f'written by run_piglit.py --write-expectations\n'
                  f'# and checked by hand. One a line: name  result  # cause\n'
                  f'# pass/fail/skip/crash/timeout/warn/notrun: ' +
                  ' '.join(f'{total.get(c, 0)}' for c in COLUMNS) + '\n')
        write_expectations(args.write_expectations, header, expectation_lines(results))
    if args.expectations:
        bad = compare(results, read_expectations(args.expectations, SEVERITY), args.expectations)
        return expectations_status(args.expectations, bad, 'tests')
    return 0


if __name__ == '__main__':
    sys.exit(main())
