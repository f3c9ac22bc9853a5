# Copyright © 2026 kiln contributors
# SPDX-License-Identifier: MIT
"""The check harness of kiln's Python tests, as kiln_test.h is the C
tests': check() prints `ok   NAME` or `FAIL NAME: DETAIL` and counts,
finish() prints "N passed, N failed" and exits with the status, and run()
runs a kiln tool on the emulated device (unless the environment's
KILN_DEVICE, or the caller's env, names another) and returns its exit
status, stdout and stderr."""
import os
import subprocess
import sys

_counts = {'passed': 0, 'failed': 0}


def check(name, cond, detail=''):
    if cond:
        _counts['passed'] += 1
        print(f'ok   {name}')
    else:
        _counts['failed'] += 1
        print(f'FAIL {name}: {detail}')
    return bool(cond)


def failures():
    return _counts['failed']


def run(argv, env=None, timeout=300):
    environment = dict(os.environ)
    environment.setdefault('KILN_DEVICE', 'sim')
    environment.update(env or {})
    p = subprocess.run(list(argv), capture_output=True, text=True, env=environment,
                       timeout=timeout)
    return p.returncode, p.stdout, p.stderr


def finish():
    print(f"{_counts['passed']} passed, {_counts['failed']} failed")
    sys.exit(1 if _counts['failed'] else 0)
