#!/usr/bin/env python3
# Copyright © 2026 kiln contributors
# SPDX-License-Identifier: MIT
"""`kiln run`'s printf buffer (--printf-buffer-size) on the emulated device:
calls that find it full print nothing and return -1 (OpenCL C 2.0
§6.13.13), the output of those before them is printed in full, stderr says
the buffer was full, and a size too small or unparsable is refused.
The buffer's layout (nir_lower_printf's, kiln_amd_abi.h) fixes how many
records of one work-item fit: a 4-byte counter, then records of a 4-byte
format id and 4-byte-padded arguments, each written only while 4 bytes
more would fit."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'common'))
from kiln_check import check, finish, run as run_tool  # noqa: E402

KILN, KERNELS = sys.argv[1], sys.argv[2]
KERNEL = os.path.join(KERNELS, 'run_printf.cl')


def run(*args):
    return run_tool([KILN, 'run'] + list(args))


def returns(out, arg):
    for line in out.splitlines():
        if line.startswith(f'arg{arg}: '):
            return [int(v) for v in line.split()[1:]]
    return []


# 1000 calls of one work-item, 8-byte records, in 4096 bytes: the calls at
# offsets 4 + 8k with 4 + 8k + 8 + 4 < 4096 write, k < 510.
rc, out, err = run(KERNEL, '-k', 'flood', '-g', '1', '--printf-buffer-size', '4096',
                   'buf:int[1000]', 'int:1000')
lines = [l for l in out.splitlines() if not l.startswith('arg')]
ret = returns(out, 0)
check('overflow runs', rc == 0, err)
check('overflow keeps the calls before it, in order',
      lines == [f'line {i}' for i in range(510)], f'{len(lines)} lines: {lines[:3]}...')
check('overflow returns 0 then -1', ret == [0] * 510 + [-1] * 490, str(ret[505:515]))
check('overflow is reported', "kernel 'flood'" in err and 'was full' in err and
      '3920 more bytes' in err and '--printf-buffer-size' in err, err)

# The default buffer (1 MiB) holds them all, and says nothing.
rc, out, err = run(KERNEL, '-k', 'flood', '-g', '1', 'buf:int[1000]', 'int:1000')
lines = [l for l in out.splitlines() if not l.startswith('arg')]
check('default buffer holds 1000 calls',
      rc == 0 and lines == [f'line {i}' for i in range(1000)] and err == '', err)

# Many work-items in a small buffer: exactly the calls that returned 0
# printed, each once.
rc, out, err = run(KERNEL, '-k', 'crowd', '-g', '2048', '-l', '256',
                   '--printf-buffer-size', '8192', 'buf:int[2048]')
lines = [l for l in out.splitlines() if not l.startswith('arg')]
ret = returns(out, 0)
printed = sorted(int(l.split()[1]) for l in lines)
check('crowd runs', rc == 0 and 'was full' in err, err)
check('crowd prints exactly the calls that returned 0',
      printed == [g for g in range(2048) if ret[g] == 0] and len(set(printed)) == len(printed)
      and 0 < len(printed) < 2048 and all(r in (0, -1) for r in ret),
      f'{len(printed)} printed, {ret.count(0)} returned 0')

# The buffer must hold the largest record: 4 + 16 * 8 bytes, 4 more, and the
# counter.
rc, out, err = run(KERNEL, '-k', 'wide', '-g', '1', '--printf-buffer-size', '140',
                   'buf:long16[1]')
check('too small a buffer is refused', rc == 1 and "'wide' needs" in err and '141' in err, err)
rc, out, err = run(KERNEL, '-k', 'wide', '-g', '1', '--printf-buffer-size', '141',
                   'buf:long16[1]=' + ','.join(str(i) for i in range(-8, 8)))
check('the smallest buffer holds the record',
      rc == 0 and out.splitlines()[0] == ','.join(str(i) for i in range(-8, 8)), err or out)
rc, out, err = run(KERNEL, '-k', 'wide', '-g', '1', '--printf-buffer-size', 'lots',
                   'buf:long16[1]')
check('an unparsable size is refused', rc == 1 and "'lots'" in err, err)

finish()
