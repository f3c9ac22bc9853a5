#!/usr/bin/env python3
# Copyright © 2026 kiln contributors
# SPDX-License-Identifier: MIT
"""Runs the Khronos OpenCL CTS's csv lists through any ICD and compares with a list.

The CTS's own run_conformance.py runs one entry after the other with no time
limit, on whatever platform comes first. This runner reads the same csv
lists (`suite name, command line`, or `device type, name, command line` for
entries the list runs on that device type only), runs each entry from its
binary's folder in build-cts/ (tests/cts/build_cts.sh builds them) through
the ICD libraries given by path (copied into a vendors directory of its own,
set as OCL_ICD_VENDORS) on the platform named (CL_PLATFORM_INDEX), with a
time limit per entry that kills the entry's whole process group, several
entries at a time.

Each entry's result is pass, fail, skip (every sub-test skipped, or the
harness skipped it whole), timeout or crash (a signal); its sub-tests'
results come from the harness's results file (CL_CONFORMANCE_RESULTS_FILENAME)
or, when the entry did not finish, from its output ("NAME..." then "NAME
passed", "NAME FAILED", "NAME test not supported"): the sub-test running when
an entry times out or crashes gets that result.

It writes the results as JSON, prints a table (entry, result, sub-tests
passed/failed/skipped, time) and compares the results with an expectations
file: one line per entry or `entry/sub-test` that does not pass,
`name  result  # cause` (an entry's line covers all its sub-tests). A result
worse than the one listed, or a non-pass not listed, fails the run; a listed
one doing better is reported so that the file stays honest.

  run_cts.py --icd build-checked/src/opencl/libKilnOpenCL.so --list quick \\
             --expectations tests/cts/expectations-kiln.txt --results kiln.json
  run_cts.py --platform Portable --list quick --results pocl.json
  run_cts.py --compare kiln.json pocl.json
"""

import argparse
import concurrent.futures
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

sys.dont_write_bytecode = True   # no __pycache__ in the source tree
HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.normpath(os.path.join(HERE, '..', '..'))
sys.path.insert(0, os.path.join(HERE, '..', 'common'))
from icd_runner import (clip, expectations_status, list_platforms,  # noqa: E402
                        make_vendors_dir, read_expectations, report_comparison,
                        resolve_platform, run_process, select, write_expectations)

WHO = 'run_cts'
# How bad a result is, best to worst.
SEVERITY = {'pass': 0, 'skip': 1, 'fail': 2, 'timeout': 3, 'crash': 4}
RESULTS = list(SEVERITY)
DEFAULT_SRC = os.path.normpath(os.path.join(TOP, '..', 'shared', 'opencl-cts'))
DEFAULT_BUILD = os.path.join(TOP, 'build-cts')

# The harness's lines about one sub-test (test_common/harness/testHarness.cpp).
SUB_START = re.compile(r'^([A-Za-z0-9_][\w.-]*)\.\.\.$')
SUB_VERDICT = [
    (re.compile(r'^([A-Za-z0-9_][\w.-]*) passed$'), 'pass'),
    (re.compile(r'^([A-Za-z0-9_][\w.-]*) FAILED$'), 'fail'),
    (re.compile(r'^([A-Za-z0-9_][\w.-]*) test not supported$'), 'skip'),
    (re.compile(r'^([A-Za-z0-9_][\w.-]*) test currently not implemented$'), 'skip'),
    (re.compile(r'^([A-Za-z0-9_][\w.-]*) skipped \(requires'), 'skip'),
    (re.compile(r'^Subtest ([A-Za-z0-9_][\w.-]*) tests is not supported'), 'skip'),
]
# A line that says why: the first such line of a sub-test's output is its cause.
CAUSE_RX = re.compile(r'ERROR|[Ee]rror|FAIL|[Ff]ail|[Ee]xpected|[Uu]nable|[Nn]ot supported|'
                      r'[Ss]kip|[Mm]ismatch|[Ii]nvalid|Assert|[Ww]rong|does not|doesn\'t|'
                      r'[Uu]nsupported|abort|Segmentation')


def csv_path(src, name):
    if name in ('quick', 'full'):
        return os.path.join(src, 'cts', 'test_conformance', f'opencl_conformance_tests_{name}.csv')
    return name


def read_csv(path):
    """[(name, device_type or None, argv)] in the list's order."""
    entries = []
    try:
        f = open(path)
    except OSError as e:
        sys.exit(f'{WHO}: cannot read the csv list {path}: {e.strerror}')
    with f:
        for lineno, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith('#'):
                continue
            fields = [x.strip() for x in line.split(',')]
            if len(fields) == 2:
                dtype, name, cmd = None, fields[0], fields[1]
            elif len(fields) == 3:
                dtype, name, cmd = fields
            else:
                sys.exit(f'{path}:{lineno}: expected "name,command" or "device type,name,command"')
            if not name or not cmd:
                sys.exit(f'{path}:{lineno}: empty name or command')
            entries.append((name, dtype, shlex.split(cmd)))
    return entries


def device_type_of(env, index):
    """CL_DEVICE_TYPE_GPU/CPU/... of the first device of platform `index`
    (clinfo --raw prints its lines as [PLATFORM/DEVICE] ...)."""
    clinfo = shutil.which('clinfo')
    if not clinfo:
        return None
    out = subprocess.run([clinfo, '--raw'], env=env, capture_output=True, text=True).stdout
    platforms = []
    for m in re.finditer(r'^\[([^/\]]+)/(\S+)\]\s+(\S+)\s+(.*)$', out, re.M):
        if m.group(1) not in platforms:
            platforms.append(m.group(1))
        if (m.group(3) == 'CL_DEVICE_TYPE' and m.group(2) == '0'
                and platforms.index(m.group(1)) == (index or 0)):
            return m.group(4).split()[0].strip()
    return None


def parse_subtests(out):
    """({sub-test: result}, the sub-test still running at the end or None,
    {sub-test: its output lines}) from the harness's output."""
    subtests, lines_of = {}, {}
    running = None
    for line in out.split('\n'):
        s = line.strip()
        m = SUB_START.match(s)
        if m:
            running = m.group(1)
            lines_of.setdefault(running, [])
            continue
        for rx, result in SUB_VERDICT:
            m = rx.match(s)
            if m:
                name = m.group(1)
                # A skip reported before "NAME..." (a version check) counts too,
                # and its line is the cause when nothing before says more.
                subtests[name] = result
                if result == 'skip':
                    lines_of.setdefault(name, []).append(s)
                if name == running:
                    running = None
                break
        else:
            if running is not None:
                lines_of[running].append(s)
    return subtests, running, lines_of


def read_results_file(path):
    """{sub-test: pass/fail/skip} from the harness's JSON results file."""
    try:
        with open(path, errors='replace') as f:
            text = f.read()
    except OSError:
        return {}
    try:
        data = json.loads(text)
    except ValueError:
        # The harness writes names and arguments unescaped.
        return {m.group(1): m.group(2) for m in
                re.finditer(r'"([^"\\]+)"\s*:\s*"(pass|fail|skip)"', text.split('"results"', 1)[-1])}
    res = data.get('results', {})
    return {k: v for k, v in res.items() if v in ('pass', 'fail', 'skip')}


def first_cause(lines):
    lines = [' '.join(l.split()) for l in lines if l.strip()]
    for l in lines:
        if CAUSE_RX.search(l):
            return l[:200]
    return lines[-1][:200] if lines else ''


def run_entry(name, argv, cts_dir, env, timeout, log_dir):
    exe = os.path.join(cts_dir, 'test_conformance', argv[0])
    cwd = os.path.dirname(exe)
    fd, results_file = tempfile.mkstemp(prefix='kiln-cts-', suffix='.json')
    os.close(fd)
    os.unlink(results_file)
    env = dict(env, CL_CONFORMANCE_RESULTS_FILENAME=results_file)
    p = run_process([exe] + argv[1:], env, cwd, timeout, merge_stderr=True)
    out = p['out']
    subtests, running, lines_of = parse_subtests(out)
    subtests.update(read_results_file(results_file))
    if os.path.exists(results_file):
        os.unlink(results_file)
    rc = p['returncode']
    if p['timed_out']:
        result = 'timeout'
    elif rc is not None and rc < 0:
        result = 'crash'
    elif rc == 0 and not any(v == 'fail' for v in subtests.values()):
        skipped_whole = re.search(r'^Test skipped while initialization', out, re.M)
        all_skip = subtests and all(v == 'skip' for v in subtests.values())
        result = 'skip' if skipped_whole or all_skip else 'pass'
    else:
        result = 'fail'
    if result in ('timeout', 'crash') and running:
        subtests[running] = result
    # Why each non-pass happened, as far as the output says.
    causes = {}
    for sub, r in subtests.items():
        if r == 'pass':
            continue
        if r == 'timeout':
            causes[sub] = f'still running after {timeout:.0f} s'
        elif r == 'crash':
            causes[sub] = f'signal {-rc}' + (f': {first_cause(lines_of.get(sub, []))}'
                                            if lines_of.get(sub) else '')
        else:
            causes[sub] = first_cause(lines_of.get(sub, [])) or r
    if result == 'timeout':
        entry_cause = f'still running after {timeout:.0f} s' + (f' (in {running})' if running else '')
    elif result == 'crash':
        entry_cause = f'signal {-rc}' + (f' (in {running})' if running else '')
    else:
        entry_cause = first_cause(out.split('\n')[-40:]) if result != 'pass' else ''
        if result == 'skip':
            m = re.search(r'^.*(?:not supported|[Ss]kip).*$', out, re.M)
            entry_cause = ' '.join(m.group(0).split())[:200] if m else entry_cause
    if log_dir:
        safe = re.sub(r'[^\w.-]+', '_', name).strip('_')
        with open(os.path.join(log_dir, safe + '.log'), 'w') as f:
            f.write(f'# {" ".join(argv)}\n# in {cwd}\n# result {result}, exit {rc}\n{out}')
    return name, {
        'result': result,
        'returncode': rc,
        'time': round(p['time'], 1),
        'command': ' '.join(argv),
        'subtests': dict(sorted(subtests.items())),
        'running': running if result in ('timeout', 'crash') else None,
        'cause': entry_cause,
        'causes': dict(sorted(causes.items())),
        'out': clip(out),
    }


def counts(r):
    c = dict.fromkeys(RESULTS, 0)
    for v in r.get('subtests', {}).values():
        c[v] = c.get(v, 0) + 1
    return c


def items_of(name, r):
    """The (item, result, cause) an entry's result is judged by: its non-pass
    sub-tests as `entry/sub-test`, and the entry itself when its result is
    not explained by them (or when every sub-test skipped: one line then)."""
    subs = r.get('subtests', {})
    if r['result'] == 'skip' or not subs:
        return [(name, r['result'], r.get('cause', ''))] if r['result'] != 'pass' else []
    items = [(f'{name}/{s}', v, r.get('causes', {}).get(s, ''))
             for s, v in subs.items() if v != 'pass']
    worst = max([SEVERITY[v] for v in subs.values()], default=0)
    if SEVERITY[r['result']] > worst:
        items.append((name, r['result'], r.get('cause', '')))
    return items


def compare(results, expected, path, known_entries):
    """Prints the differences; returns the number that fail the run."""
    worse, unlisted, better = [], [], []
    for name, r in sorted(results.items()):
        for item, got, _ in items_of(name, r):
            key = item if item in expected else name if name in expected else None
            if key is None:
                unlisted.append(f'  {item}  {got}')
            elif SEVERITY[got] > SEVERITY[expected[key][0]]:
                worse.append(f'  {item}  {got} (expected {expected[key][0]}, as {key})')
        # Listed lines that do better now.
        if name in expected and SEVERITY[r['result']] < SEVERITY[expected[name][0]]:
            better.append(f'  {name}  {r["result"]} (listed as {expected[name][0]})')
        for s, v in r.get('subtests', {}).items():
            key = f'{name}/{s}'
            if key in expected and SEVERITY[v] < SEVERITY[expected[key][0]]:
                better.append(f'  {key}  {v} (listed as {expected[key][0]})')
    stale = [n for n in expected
             if n not in known_entries and n.rsplit('/', 1)[0] not in known_entries]
    return report_comparison(path, worse, unlisted, better, stale, 'no such entry in the csv lists')


def expectation_lines(results):
    """(entry or entry/sub-test, result, cause) for every result that does
    not pass, as the expectations file lists them."""
    for name, r in results.items():
        for item, got, cause in items_of(name, r):
            yield item, got, cause or '(no output)'


def fmt_time(t):
    return f'{t:.0f} s' if t < 600 else f'{t / 60:.0f} min'


def print_table(results, order, title):
    rows = [n for n in order if n in results]
    w = max([len(n) for n in rows] + [5])
    print(f'\n{title}')
    print(f'{"entry":<{w}}  {"result":<7} {"sub pass":>8} {"fail":>5} {"skip":>5} {"time":>7}')
    total = dict.fromkeys(RESULTS, 0)
    for n in rows:
        r = results[n]
        c = counts(r)
        total[r['result']] += 1
        print(f'{n:<{w}}  {r["result"]:<7} {c["pass"]:>8} {c["fail"] + c["timeout"] + c["crash"]:>5} '
              f'{c["skip"]:>5} {fmt_time(r["time"]):>7}')
    print('entries: ' + ', '.join(f'{total[k]} {k}' for k in RESULTS))
    return total


def compare_runs(paths):
    """Prints several runs' results side by side, entry by entry."""
    runs = []
    for p in paths:
        with open(p) as f:
            runs.append(json.load(f))
    order = []
    for run in runs:
        for n in run.get('order', run['entries']):
            if n not in order:
                order.append(n)
    w = max([len(n) for n in order] + [5])
    heads = [(r.get('platform') or os.path.basename(p))[:28] for r, p in zip(runs, paths)]
    cell = 30
    print(f'{"entry":<{w}}  ' + '  '.join(f'{h:<{cell}}' for h in heads))
    print(f'{"":<{w}}  ' + '  '.join(f'{"result  sub p/f/s   time":<{cell}}' for _ in heads))
    for n in order:
        cells = []
        for run in runs:
            r = run['entries'].get(n)
            if r is None:
                cells.append(f'{"-":<{cell}}')
                continue
            c = counts(r)
            sub = f'{c["pass"]}/{c["fail"] + c["timeout"] + c["crash"]}/{c["skip"]}'
            cells.append(f'{r["result"]:<7} {sub:>11} {fmt_time(r["time"]):>8}  ')
        print(f'{n:<{w}}  ' + '  '.join(f'{c:<{cell}}' for c in cells))
    for h, run in zip(heads, runs):
        t = dict.fromkeys(RESULTS, 0)
        for r in run['entries'].values():
            t[r['result']] += 1
        print(f'{h}: ' + ', '.join(f'{t[k]} {k}' for k in RESULTS)
              + f'; {fmt_time(run.get("elapsed", 0))} in all')
    return 0


def build(src, build_dir, csv_files):
    env = dict(os.environ, KILN_CTS_SRC=src, KILN_CTS_BUILD=build_dir)
    p = subprocess.run(['bash', os.path.join(HERE, 'build_cts.sh')] + csv_files, env=env)
    if p.returncode == 2:
        return 77   # no sources or no cmake: nothing to run, a skip for meson
    if p.returncode != 0:
        sys.exit(f'{WHO}: building the CTS failed')
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--list', default='quick',
                    help='quick, full or a csv file in the CTS\'s format (default: quick)')
    ap.add_argument('--entries', metavar='FILE',
                    help='run only the entries named in this file, one a line (# comments)')
    ap.add_argument('--filter', metavar='REGEX', help='run the entries whose name matches')
    ap.add_argument('--shard', metavar='N/M',
                    help='run every M-th entry from the N-th (1 <= N <= M), after --entries and --filter')
    ap.add_argument('--icd', action='append', default=[],
                    help='an OpenCL ICD library by path (repeatable); default: the system ICDs')
    ap.add_argument('--platform', help='run on the platform whose name contains this (any case)')
    ap.add_argument('--device-type', help='the device type the csv\'s device-only entries are '
                    'matched with (default: the platform\'s first device\'s, from clinfo)')
    ap.add_argument('-j', '--jobs', type=int, default=1)
    ap.add_argument('--timeout', type=float, default=300, help='seconds per entry (default 300)')
    ap.add_argument('--cts-src', default=os.environ.get('KILN_CTS_SRC', DEFAULT_SRC),
                    help='the CTS sources (cts/, headers/, spirv-headers/)')
    ap.add_argument('--cts-build', default=os.environ.get('KILN_CTS_BUILD', DEFAULT_BUILD),
                    help='where build_cts.sh builds the CTS (default: build-cts/)')
    ap.add_argument('--build', action='store_true',
                    help='build the binaries the chosen entries need first (build_cts.sh)')
    ap.add_argument('--results', help='write the results here as JSON (after each entry, so an '
                    'interrupted run keeps what finished)')
    ap.add_argument('--resume', metavar='JSON',
                    help='take the entries an earlier run\'s JSON holds from it, run the others')
    ap.add_argument('--logs', metavar='DIR', help='write each entry\'s whole output into DIR')
    ap.add_argument('--expectations', help='the non-passes: `entry[/sub-test]  result  # cause`')
    ap.add_argument('--write-expectations', metavar='FILE',
                    help='write an expectations file from this run (every non-pass)')
    ap.add_argument('--from-results', metavar='JSON',
                    help='take the results from an earlier run\'s JSON instead of running')
    ap.add_argument('--compare', nargs='+', metavar='JSON',
                    help='print these runs\' results side by side and exit')
    ap.add_argument('-v', '--verbose', action='store_true', help='print every result as it comes')
    args = ap.parse_args()

    if args.compare:
        return compare_runs(args.compare)

    csv = csv_path(args.cts_src, args.list)
    known_entries = set()
    for other in ('quick', 'full'):
        p = csv_path(args.cts_src, other)
        if os.path.exists(p):
            known_entries.update(n for n, _, _ in read_csv(p))

    if args.from_results:
        with open(args.from_results) as f:
            saved = json.load(f)
        known_entries.update(saved['entries'])
        return report(args, saved['entries'], saved.get('order', list(saved['entries'])),
                      saved.get('platform'), saved.get('elapsed', 0), known_entries)

    entries = read_csv(csv)
    known_entries.update(n for n, _, _ in entries)
    entries = select(entries, args.entries, args.filter, WHO, f'entries {csv}')
    if args.shard:
        m = re.fullmatch(r'(\d+)/(\d+)', args.shard)
        if not m or not 1 <= int(m.group(1)) <= int(m.group(2)):
            sys.exit(f'{WHO}: --shard wants N/M with 1 <= N <= M, not "{args.shard}"')
        n, mm = int(m.group(1)), int(m.group(2))
        entries = [e for i, e in enumerate(entries) if i % mm == n - 1]
    if not entries:
        sys.exit(f'{WHO}: no entries of {csv} selected')

    cts_dir = os.path.join(args.cts_build, 'cts')
    if args.build:
        with tempfile.NamedTemporaryFile('w', suffix='.csv', prefix='kiln-cts-', delete=False) as t:
            for name, _, argv in entries:
                t.write(f'{name},{argv[0]}\n')
        try:
            if build(args.cts_src, args.cts_build, [t.name]) == 77:
                return 77
        finally:
            os.unlink(t.name)

    env = dict(os.environ)
    vendors = None
    if args.icd:
        vendors = make_vendors_dir(args.icd, WHO)
        env['OCL_ICD_VENDORS'] = vendors
    try:
        index, platform = 0, None
        if args.platform:
            index, platform = resolve_platform(args.platform, env, WHO)
        else:
            names = list_platforms(env)
            platform = names[0] if names else None
        if platform is None:
            print(f'{WHO}: no OpenCL platform found', file=sys.stderr)
        env['CL_PLATFORM_INDEX'] = str(index or 0)
        dtype = args.device_type or device_type_of(env, index)
        print(f'cts {os.path.basename(csv)}: {len(entries)} entries, {args.jobs} at a time, '
              f'{args.timeout:.0f} s each, platform {platform or "(none)"} (index {index or 0}, '
              f'{dtype or "device type unknown"}), ICDs {", ".join(args.icd) or "(system)"}',
              flush=True)
        if args.logs:
            os.makedirs(args.logs, exist_ok=True)

        results, earlier_time = {}, 0
        if args.resume:
            with open(args.resume) as f:
                saved = json.load(f)
            earlier, earlier_time = saved['entries'], saved.get('elapsed', 0)
            results.update({n: earlier[n] for n, _, _ in entries if n in earlier})
            print(f'{len(results)} entries taken from {args.resume}')
        order = [n for n, _, _ in entries]
        meta = {'list': args.list, 'platform': platform, 'icds': args.icd}
        to_run = []
        for name, need, argv in entries:
            exe = os.path.join(cts_dir, 'test_conformance', argv[0])
            if name in results:
                continue
            if need and dtype and need != dtype:
                results[name] = {'result': 'skip', 'returncode': None, 'time': 0,
                                 'command': ' '.join(argv), 'subtests': {},
                                 'cause': f'the list runs it on {need} devices only', 'out': ''}
            elif not os.path.exists(exe):
                results[name] = {'result': 'skip', 'returncode': None, 'time': 0,
                                 'command': ' '.join(argv), 'subtests': {},
                                 'cause': f'{argv[0]} is not built (tests/cts/build_cts.sh)',
                                 'out': ''}
            else:
                to_run.append((name, argv))
        start = time.monotonic() - earlier_time
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            futures = [pool.submit(run_entry, n, a, cts_dir, env, args.timeout, args.logs)
                       for n, a in to_run]
            for i, fut in enumerate(concurrent.futures.as_completed(futures), 1):
                name, r = fut.result()
                results[name] = r
                c = counts(r)
                print(f'[{i}/{len(to_run)}] {r["result"]}: {name} ({c["pass"]} passed, '
                      f'{c["fail"] + c["timeout"] + c["crash"]} failed, {c["skip"]} skipped, '
                      f'{fmt_time(r["time"])})', flush=True)
                if args.results:
                    save_results(args.results, meta, results, order,
                                 time.monotonic() - start, complete=False)
    finally:
        if vendors:
            shutil.rmtree(vendors, ignore_errors=True)
    elapsed = time.monotonic() - start
    return report(args, results, order, platform, elapsed, known_entries)


def save_results(path, meta, results, order, elapsed, complete):
    total = dict.fromkeys(RESULTS, 0)
    for r in results.values():
        total[r['result']] += 1
    tmp = path + '.tmp'
    with open(tmp, 'w') as f:
        json.dump(dict(meta, elapsed=round(elapsed, 1), complete=complete, totals=total,
                       order=order, entries={n: results[n] for n in order if n in results}),
                  f, indent=1)
    os.replace(tmp, path)


def report(args, results, order, platform, elapsed, known_entries):
    """The table, the JSON, the expectations written or compared; the exit status."""
    title = (f'OpenCL CTS on {platform or "the ICDs given"}: {len(results)} entries in '
             f'{fmt_time(elapsed)}')
    total = print_table(results, order, title)
    if args.results and not args.from_results:
        save_results(args.results, {'list': args.list, 'platform': platform, 'icds': args.icd},
                     results, order, elapsed, complete=True)
        print(f'results: {args.results}')
    if args.write_expectations:
        header = (f'# OpenCL CTS entries and sub-tests that do not pass on '
                  f'{platform or "the ICDs given"}, written by\n'
                  f'# run_cts.py --write-expectations and checked by hand. '
                  f'One a line: entry[/sub-test]  result  # cause\n'
                  f'# entries pass/skip/fail/timeout/crash: ' +
                  ' '.join(f'{total.get(c, 0)}' for c in RESULTS) + '\n')
        write_expectations(args.write_expectations, header,
                           expectation_lines({n: results[n] for n in order if n in results}))
    if args.expectations:
        bad = compare(results, read_expectations(args.expectations, SEVERITY),
                      args.expectations, known_entries)
        return expectations_status(args.expectations, bad, 'results')
    return 0


if __name__ == '__main__':
    sys.exit(main())
