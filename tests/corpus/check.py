#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""Run corpus cases on a kernel runner and compare with the CPU references.

Each case of tests/corpus/cases.txt names a reference, a tolerance and a
runner command line (see tests/corpus/README.md). For every selected case
this runs `RUNNER FILE.cl ...` and `corpus_ref REF FILE.cl ...` with the
same arguments, compares every printed buffer value (integers exactly,
floats within the case's ULP bound) and the kernel's printf output (every
other line, exactly), prints one line per case and a summary, and exits
non-zero if any case failed. Standard library only.
"""

import argparse
import concurrent.futures
import math
import os
import re
import shlex
import struct
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
VALUE_OPTS = {'-k', '-g', '-l', '-o', '-b', '--platform', '--launches'}
INT_TYPES = {'char', 'uchar', 'short', 'ushort', 'int', 'uint', 'long',
             'ulong'}


PRINTF_ORDERS = ('launch', 'work-item')


class Case:
    def __init__(self, cid, ref, tol, xfail, args, line, printf_order='launch'):
        self.id = cid
        self.ref = ref
        self.tol = tol
        self.xfail = xfail      # runner name -> reason
        self.args = args        # runner arguments, file first (relative)
        self.line = line
        self.printf_order = printf_order

    @property
    def file(self):
        return self.args[0]

    @property
    def group(self):
        return self.file.split('/')[0]

    def option(self, name, default=''):
        for i, a in enumerate(self.args[:-1]):
            if a == name:
                return self.args[i + 1]
        return default

    def options(self, name):
        return [self.args[i + 1] for i, a in enumerate(self.args[:-1]) if a == name]


# --- value generators, expanded before both runner and reference see them --

def _lcg(seed):
    state = (seed * 6364136223846793005 + 1442695040888963407) % 2**64
    while True:
        state = (state * 6364136223846793005 + 1442695040888963407) % 2**64
        yield state >> 33


def _f32(x):
    return struct.unpack('<f', struct.pack('<f', x))[0]


def _gen(spec):
    """{lin:N:start:step} {rep:N:v} {rand:N:seed:lo:hi} (integers in [lo,hi])
    {randf:N:seed:lo:hi[:q]} (floats, multiples of 1/q when q is given)."""
    parts = spec.split(':')
    kind, n = parts[0], int(parts[1])
    if kind == 'lin':
        start, step = (_num(p) for p in parts[2:4])
        return ','.join(_fmt(start + i * step) for i in range(n))
    if kind == 'rep':
        return ','.join([parts[2]] * n)
    if kind == 'rand':
        rng = _lcg(int(parts[2]))
        lo, hi = int(parts[3], 0), int(parts[4], 0)
        return ','.join(str(lo + next(rng) % (hi - lo + 1)) for _ in range(n))
    if kind == 'randnz':
        rng = _lcg(int(parts[2]))
        lo, hi = int(parts[3], 0), int(parts[4], 0)
        vals = []
        while len(vals) < n:
            v = lo + next(rng) % (hi - lo + 1)
            if v:
                vals.append(str(v))
        return ','.join(vals)
    if kind == 'randf':
        rng = _lcg(int(parts[2]))
        lo, hi = float(parts[3]), float(parts[4])
        q = int(parts[5]) if len(parts) > 5 else 0
        out = []
        for _ in range(n):
            v = lo + (hi - lo) * (next(rng) / 2**31)
            v = round(v * q) / q if q else _f32(v)
            out.append('%.9g' % v)
        return ','.join(out)
    raise ValueError('unknown generator {%s}' % spec)


def _num(text):
    try:
        return int(text, 0)
    except ValueError:
        return float(text)


def _fmt(v):
    return '%.9g' % v if isinstance(v, float) else str(v)


def expand(arg):
    return re.sub(r'\{([a-z]+:[^}]*)\}', lambda m: _gen(m.group(1)), arg)


# --- manifest ----------------------------------------------------------------

def load_cases(path):
    cases = []
    with open(path) as f:
        for lineno, raw in enumerate(f, 1):
            line = raw.strip()
            if not line or line.startswith('#'):
                continue
            words = shlex.split(line)
            if '--' not in words:
                raise SystemExit('%s:%d: no "--" before the runner arguments'
                                 % (path, lineno))
            sep = words.index('--')
            head, args = words[:sep], words[sep + 1:]
            if len(head) < 3:
                raise SystemExit('%s:%d: need ID REF TOLERANCE' % (path, lineno))
            xfail = {}
            printf_order = 'launch'
            for w in head[3:]:
                m = re.match(r'xfail-([a-z0-9_-]+)=(.*)', w, re.S)
                if m:
                    xfail[m.group(1)] = m.group(2)
                elif (w.startswith('printf-order=') and
                      w.split('=', 1)[1] in PRINTF_ORDERS):
                    printf_order = w.split('=', 1)[1]
                else:
                    raise SystemExit('%s:%d: bad flag %r' % (path, lineno, w))
            if not re.match(r'exact$|ulp:\d+$', head[2]):
                raise SystemExit('%s:%d: bad tolerance %r' % (path, lineno, head[2]))
            cases.append(Case(head[0], head[1], head[2], xfail,
                              [expand(a) for a in args], lineno, printf_order))
    ids = [c.id for c in cases]
    dup = {i for i in ids if ids.count(i) > 1}
    if dup:
        raise SystemExit('duplicate case ids: %s' % ', '.join(sorted(dup)))
    return cases


def buffer_types(args):
    """Kernel argument index -> element type name of each buf: argument."""
    types = {}
    index = 0
    skip = False
    for a in args[1:]:
        if skip:
            skip = False
            continue
        if a in VALUE_OPTS:
            skip = True
            continue
        m = re.match(r'buf:([a-z]+)(\d*)\[', a)
        if m:
            types[index] = m.group(1)
        # An image's values: floats of the HALF_FLOAT and FLOAT types
        # (compared at their precision), the stored integers otherwise.
        m = re.match(r'image[a-z0-9_]*:[A-Z]+,([A-Z0-9_]+)\[', a)
        if m:
            types[index] = {'HALF_FLOAT': 'half', 'FLOAT': 'float'}.get(m.group(1), 'int')
        index += 1
    return types


# --- comparison ----------------------------------------------------------------

def parse_output(text):
    out = {}
    for line in text.splitlines():
        m = re.match(r'arg(\d+):(.*)$', line)
        if m:
            out[int(m.group(1))] = m.group(2).split()
    return out


def printf_lines(text):
    """The kernel's printf output: every line but the argI: ones."""
    return [line for line in text.splitlines()
            if not re.match(r'arg\d+:', line)]


def compare_printf(case, got_text, want_text):
    """None if the printf output matches, else a reason.  In launch order
    the lines must match one for one; in work-item order the lines with
    the same first word (the work-item's id) must, each work-item's in the
    order of its calls (OpenCL C 2.0 6.13.13.1 leaves the order between
    work-items open)."""
    got, want = printf_lines(got_text), printf_lines(want_text)
    if case.printf_order == 'work-item':
        def by_item(lines):
            items = {}
            for line in lines:
                items.setdefault(line.split(' ', 1)[0], []).append(line)
            return items
        got_items, want_items = by_item(got), by_item(want)
        for key in sorted(set(got_items) | set(want_items)):
            if got_items.get(key) != want_items.get(key):
                return 'printf output of work-item %r: %r, reference %r' % (
                    key, got_items.get(key, [])[:4], want_items.get(key, [])[:4])
        return None
    for i in range(max(len(got), len(want))):
        g = got[i] if i < len(got) else '(nothing)'
        w = want[i] if i < len(want) else '(nothing)'
        if g != w:
            return 'printf output line %d: %r, reference %r' % (i + 1, g, w)
    return None


def ulp_distance(a, b, scalar):
    if scalar == 'half':
        ba = struct.unpack('<H', struct.pack('<e', a))[0]
        bb = struct.unpack('<H', struct.pack('<e', b))[0]
        width = 16
    elif scalar == 'float':
        ba = struct.unpack('<I', struct.pack('<f', a))[0]
        bb = struct.unpack('<I', struct.pack('<f', b))[0]
        width = 32
    else:
        ba = struct.unpack('<Q', struct.pack('<d', a))[0]
        bb = struct.unpack('<Q', struct.pack('<d', b))[0]
        width = 64
    # Map sign-magnitude to a monotonic integer line (-0 and +0 adjacent).
    def line(bits):
        if bits >> (width - 1):
            return -(bits & ((1 << (width - 1)) - 1))
        return bits
    return abs(line(ba) - line(bb))


def compare_value(got, want, scalar, tol):
    """None if equal within tolerance, else a reason."""
    if scalar in INT_TYPES:
        try:
            return None if int(got) == int(want) else ''
        except ValueError:
            return 'unparsable'
    try:
        g, w = float(got), float(want)
    except ValueError:
        return 'unparsable'
    if math.isnan(w) or math.isnan(g):
        return None if math.isnan(w) and math.isnan(g) else ''
    if tol == 'exact':
        if g == w and math.copysign(1, g) == math.copysign(1, w):
            return None
        return ''
    bound = int(tol.split(':')[1])
    if math.isinf(w) or math.isinf(g):
        return None if g == w else ''
    d = ulp_distance(g, w, scalar)
    return None if d <= bound else '(%d ulp > %d)' % (d, bound)


def compare(case, got_text, want_text):
    why = compare_printf(case, got_text, want_text)
    if why:
        return why
    got, want = parse_output(got_text), parse_output(want_text)
    types = buffer_types(case.args)
    if sorted(got) != sorted(want):
        return 'runner printed args %s, reference %s' % (sorted(got), sorted(want))
    for idx in sorted(want):
        g, w = got[idx], want[idx]
        if len(g) != len(w):
            return 'arg%d: %d values, reference %d' % (idx, len(g), len(w))
        bad = []
        for i, (gv, wv) in enumerate(zip(g, w)):
            why = compare_value(gv, wv, types.get(idx, 'int'), case.tol)
            if why is not None:
                bad.append('arg%d[%d]=%s want %s%s' % (idx, i, gv, wv,
                                                        ' ' + why if why else ''))
        if bad:
            more = ' (+%d more)' % (len(bad) - 3) if len(bad) > 3 else ''
            return '; '.join(bad[:3]) + more
    return None


# --- running -----------------------------------------------------------------

def run(cmd, timeout):
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=timeout, text=True)
    except subprocess.TimeoutExpired:
        return None, 'timed out after %ds' % timeout
    except OSError as e:
        return None, str(e)
    if p.returncode != 0:
        # The whole diagnostic (a peer's build log included), indented
        # under the case; only a runaway log is cut, from its start.
        err = p.stderr.strip().splitlines()
        if len(err) > 60:
            err = ['... (%d lines before)' % (len(err) - 60)] + err[-60:]
        return None, 'exit %d:%s' % (p.returncode,
                                     ''.join('\n    ' + line for line in err))
    return p.stdout, None


def check_case(case, opts):
    args = [os.path.join(opts.kernels, case.file)] + case.args[1:]
    want, err = run([opts.ref, case.ref] + args, opts.timeout)
    if err:
        return 'ERROR', 'reference %s: %s' % (case.ref, err)
    got, err = run(shlex.split(opts.runner) + args, opts.timeout)
    why = 'runner ' + err if err else compare(case, got, want)
    xfail = case.xfail.get(opts.name)
    if why is None:
        return ('XPASS', 'expected to fail: %s' % xfail) if xfail else ('PASS', '')
    if xfail is not None:
        return 'XFAIL', xfail
    if opts.verbose:
        why += '\n  runner: %s\n  got:  %s\n  want: %s' % (
            ' '.join(shlex.quote(a) for a in shlex.split(opts.runner) + args),
            (got or '').strip().replace('\n', '\n        '),
            want.strip().replace('\n', '\n        '))
    return 'FAIL', why


def kernel_list(cases):
    seen = []
    for c in cases:
        if 'kiln' in c.xfail:
            continue  # kiln cannot build it: nothing to compile or measure
        for kernel in c.options('-k'):
            entry = (c.file, kernel, c.option('-b'))
            if entry not in seen:
                seen.append(entry)
    lines = ['# file kernel build-options: every kernel of tests/kernels/ that',
             '# the corpus runs (generated by check.py --list-kernels).']
    for f, k, b in seen:
        lines.append('%s %s %s' % (f, k, shlex.quote(b) if b else "''"))
    return '\n'.join(lines) + '\n'


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--runner', help='runner command, e.g. "kiln run"')
    ap.add_argument('--name', default='runner',
                    help='runner name matched by xfail-NAME= case flags')
    ap.add_argument('--ref', help='corpus_ref program')
    ap.add_argument('--cases', default=os.path.join(HERE, 'cases.txt'))
    ap.add_argument('--kernels', default=os.path.join(HERE, '..', 'kernels'))
    ap.add_argument('--group', action='append', help='only cases of this group')
    ap.add_argument('--case', action='append', help='only cases matching regex')
    ap.add_argument('--jobs', '-j', type=int, default=2)
    ap.add_argument('--timeout', type=int, default=120)
    ap.add_argument('--verbose', '-v', action='store_true')
    ap.add_argument('--list-kernels', action='store_true',
                    help='print the kernels.txt list and exit')
    ap.add_argument('--check-kernels-list', metavar='FILE',
                    help='fail if FILE differs from --list-kernels')
    opts = ap.parse_args()
    cases = load_cases(opts.cases)

    if opts.list_kernels:
        sys.stdout.write(kernel_list(cases))
        return 0
    if opts.check_kernels_list:
        with open(opts.check_kernels_list) as f:
            if f.read() != kernel_list(cases):
                print('%s is stale: regenerate with check.py --list-kernels'
                      % opts.check_kernels_list)
                return 1
        print('kernels list: %d kernels, up to date' % len(kernel_list(cases).splitlines()[2:]))
        return 0
    if not opts.runner or not opts.ref:
        ap.error('--runner and --ref are needed')

    if opts.group:
        cases = [c for c in cases if c.group in opts.group]
    if opts.case:
        cases = [c for c in cases if any(re.search(p, c.id) for p in opts.case)]
    if not cases:
        print('no cases selected')
        return 1

    counts = {}
    with concurrent.futures.ThreadPoolExecutor(max(1, opts.jobs)) as pool:
        results = pool.map(lambda c: (c, check_case(c, opts)), cases)
        for case, (status, why) in results:
            counts[status] = counts.get(status, 0) + 1
            print('%-5s %s%s' % (status, case.id, ': ' + why if why else ''),
                  flush=True)
    passed = counts.get('PASS', 0)
    failed = counts.get('FAIL', 0) + counts.get('ERROR', 0) + counts.get('XPASS', 0)
    print('%s: %d cases, %d expected failures (xfail-%s), %d unexpected passes'
          % (opts.name, len(cases), counts.get('XFAIL', 0), opts.name,
             counts.get('XPASS', 0)))
    print('summary: %d passed, %d failed, %d skipped'
          % (passed, failed, counts.get('XFAIL', 0)))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
