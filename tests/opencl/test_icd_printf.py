#!/usr/bin/env python3
# Copyright © 2026 kiln contributors
# SPDX-License-Identifier: MIT
"""printf through kiln's ICD when a kernel's output overflows the printf
buffer Rusticl gives it (CL_DEVICE_PRINTF_BUFFER_SIZE, 1 MiB): the calls
that find it full print nothing and return -1 (OpenCL C 2.0 §6.13.13),
those before them print in order, stderr says the buffer was too small,
and the application goes on (Rusticl 25.0.7 panicked here:
mesa-rusticl-printf-overflow.patch).  One work-item's 8-byte records (a
4-byte format id and an int) after the buffer's 4-byte count: at most
(1048576 - 4) / 8 of them fit."""
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'common'))
from kiln_check import check, finish, run as run_tool  # noqa: E402

RUNNER, KERNEL = sys.argv[1], sys.argv[2]
CALLS = 131100
FIT_MAX = (1048576 - 4) // 8




p = subprocess.run([RUNNER, '--platform', 'kiln', KERNEL, '-k', 'flood', '-g', '1',
                    f'buf:int[{CALLS}]', f'int:{CALLS}'],
                   capture_output=True, text=True, timeout=600)
lines = [l for l in p.stdout.splitlines() if not l.startswith('arg')]
ret = next(([int(v) for v in l.split()[1:]] for l in p.stdout.splitlines()
            if l.startswith('arg0: ')), [])
fit = ret.count(0)
check('the application survives the overflow', p.returncode == 0, p.stderr[-2000:])
check('the calls that fit return 0, the others -1, in call order',
      len(ret) == CALLS and ret == [0] * fit + [-1] * (CALLS - fit) and
      FIT_MAX - 4 <= fit <= FIT_MAX, f'{fit} returned 0 of {len(ret)}')
check('exactly the calls that returned 0 print, in order',
      lines == [f'line {i}' for i in range(fit)], f'{len(lines)} lines')
check('stderr says the buffer was too small',
      'printf buffer' in p.stderr and 'returned -1' in p.stderr, p.stderr[-2000:])
finish()
