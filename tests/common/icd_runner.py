# Copyright © 2026 kiln contributors
# SPDX-License-Identifier: MIT
"""What the runners of outside OpenCL test suites share (piglit's profile in
tests/piglit/run_piglit.py, the Khronos CTS in tests/cts/run_cts.py): a
vendors directory that makes Debian's ICD loader (ocl-icd) see only the ICD
libraries given, the platform a name means, one test program run with a
time limit that kills its whole process group, and the expectations files
both keep (one line per test that does not pass: `name  result  # cause`).
"""

import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

OUTPUT_KEEP = 3000   # characters of each test's stdout/stderr kept, at each end


def clip(text, keep=OUTPUT_KEEP):
    """The start (where tests say what they check) and the end (the verdict)."""
    if len(text) <= 2 * keep:
        return text
    return text[:keep] + '\n[...]\n' + text[-keep:]


def make_vendors_dir(icds, who):
    """A directory of .icd files naming each library, for OCL_ICD_VENDORS.

    Each library is copied into the directory first, so that the whole run
    loads one build of it: a relink in the build directory during a run of
    minutes would otherwise leave tests finding no platform (a skip).
    """
    d = tempfile.mkdtemp(prefix='kiln-icd-')
    for i, lib in enumerate(icds):
        path = os.path.abspath(lib)
        if not os.path.exists(path):
            shutil.rmtree(d, ignore_errors=True)
            sys.exit(f'{who}: ICD library {path} does not exist')
        copy = os.path.join(d, f'{i}-{os.path.basename(path)}')
        shutil.copy2(path, copy)
        with open(copy + '.icd', 'w') as f:
            f.write(copy + '\n')
    return d


def list_platforms(env):
    """The CL_PLATFORM_NAMEs the loader offers under env, in its order
    (clinfo -l), or None without clinfo."""
    clinfo = shutil.which('clinfo')
    if not clinfo:
        return None
    out = subprocess.run([clinfo, '-l'], env=env, capture_output=True, text=True).stdout
    return re.findall(r'^Platform #\d+: (.*)$', out, re.M)


def resolve_platform(want, env, who):
    """(index, full CL_PLATFORM_NAME) of the first platform whose name
    contains `want` (any case); (None, want) without clinfo."""
    names = list_platforms(env)
    if names is None:
        return None, want
    for i, n in enumerate(names):
        if want.lower() in n.lower():
            return i, n
    sys.exit(f'{who}: no OpenCL platform matches "{want}" (found: {", ".join(names) or "none"})')


def run_process(argv, env, cwd, timeout, merge_stderr=False):
    """Runs argv in a session of its own; after `timeout` seconds the whole
    process group is killed. Returns a dict: returncode (None on timeout),
    timed_out, out, err (decoded, undecodable bytes replaced; with
    merge_stderr, err is empty and out holds both in the order written),
    decoded (False when they were not UTF-8) and time in seconds."""
    start = time.monotonic()
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT if merge_stderr else subprocess.PIPE,
                            stdin=subprocess.DEVNULL, cwd=cwd, env=env,
                            start_new_session=True)
    try:
        out, err = proc.communicate(timeout=timeout)
        timed_out = False
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
        timed_out = True
    elapsed = time.monotonic() - start
    try:
        out_s, err_s = out.decode(), (err or b'').decode()
        decoded = True
    except UnicodeDecodeError:
        out_s = out.decode(errors='replace')
        err_s = (err or b'').decode(errors='replace')
        decoded = False
    return {'returncode': None if timed_out else proc.returncode, 'timed_out': timed_out,
            'out': out_s, 'err': err_s, 'decoded': decoded, 'time': elapsed}


def select(items, list_path, pattern, who, what):
    """items, tuples whose first member is a name, narrowed to the names
    the file list_path gives (one a line, '#' comments) when it is given,
    then to those the regular expression pattern finds when it is given.
    A name the file gives that no item has ends the run with
    `WHO: LIST names WHAT lacks: NAMES`."""
    if list_path:
        with open(list_path) as f:
            want = [line.split('#')[0].strip() for line in f]
        want = [w for w in want if w]
        names = {item[0] for item in items}
        missing = [w for w in want if w not in names]
        if missing:
            sys.exit(f'{who}: {list_path} names {what} lacks: {", ".join(missing)}')
        wanted = set(want)
        items = [item for item in items if item[0] in wanted]
    if pattern:
        rx = re.compile(pattern)
        items = [item for item in items if rx.search(item[0])]
    return items


def read_expectations(path, results):
    """{name: (result, cause)} from `name  result  # cause` lines; `results`
    are the results a line may give. A name may contain spaces."""
    expected = {}
    with open(path) as f:
        for lineno, line in enumerate(f, 1):
            body, _, cause = line.partition(' #')
            if line.lstrip().startswith('#'):
                continue
            body = body.strip()
            if not body:
                continue
            name, _, result = body.rpartition(' ')
            name = name.strip()
            if result not in results or not name:
                sys.exit(f'{path}:{lineno}: expected "name  result  # cause", '
                         f'result one of {", ".join(results)}')
            if name in expected:
                sys.exit(f'{path}:{lineno}: {name} is listed twice')
            expected[name] = (result, cause.strip())
    return expected


def report_comparison(path, worse, unlisted, better, stale, stale_where):
    """Prints what a run's comparison with the expectations file at path
    found; returns how many of them fail the run (worse and unlisted)."""
    for title, lines in ((f'Worse than {path} says', worse),
                         (f'Not passing and not in {path}', unlisted),
                         (f'Better than {path} says; update the file', better),
                         (f'Listed in {path} but {stale_where}',
                          ['  ' + n for n in sorted(stale)])):
        if lines:
            print(f'\n{title} ({len(lines)}):')
            print('\n'.join(lines))
    return len(worse) + len(unlisted)


def write_expectations(path, header, lines):
    """Writes the expectations file at path: header, then a
    `name  result  # cause` line for each (name, result, cause) of lines."""
    with open(path, 'w') as f:
        f.write(header)
        for name, result, cause in lines:
            f.write(f'{name}  {result}  # {cause}\n')
    print(f'expectations written: {path}')


def expectations_status(path, bad, what):
    """The exit status of a run compared with the expectations file at
    path, which found bad of its `what` (results, tests) worse: 1 then."""
    if bad:
        print(f'\nFAIL: {bad} {what} differ from {path} for the worse')
        return 1
    print(f'\nOK: every result is as {path} expects, or better')
    return 0
