#!/usr/bin/env python3
# Copyright © 2026 kiln contributors
# SPDX-License-Identifier: MIT
"""KILN_DEBUG, one comma list read once by every layer (include/kiln_debug.h),
through `kiln run` on the emulated device: KILN_DEBUG=help lists every flag
the README documents; a flag's name is a whole item, so nir-final prints
the NIR entering the backend and not the NIR leaving spirv_to_nir; driver
reports drivers/amdgpu's open and dispatch; all turns on every flag but
simtrace, which prints every instruction and must be named, and simtrace
named does trace.  Each run still computes c = a + b, checked here."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'common'))
from kiln_check import check, finish, run as run_tool  # noqa: E402

KILN, KERNELS = sys.argv[1], sys.argv[2]
vadd = os.path.join(KERNELS, 'run_vadd.cl')
a = [1.0, 2.0, 3.0, 4.0]
b = [0.5, 0.25, 8.0, 16.0]
want = 'arg2: ' + ' '.join('%g' % (x + y) for x, y in zip(a, b))

# The flags README.md's KILN_DEBUG paragraph names.
flags = ['spirv', 'nir', 'nir-final', 'asm', 'stats', 'driver', 'sim', 'simtrace', 'profile']


def run(debug):
    return run_tool([KILN, 'run', vadd, '-k', 'vadd', '-g', '4',
                     'buf:float[4]=' + ','.join(map(str, a)),
                     'buf:float[4]=' + ','.join(map(str, b)), 'buf:float[4]', 'int:4'],
                    env={'KILN_DEBUG': debug}, timeout=120)


def computed(name, rc, out, err):
    check(f'{name}: kiln run exits 0', rc == 0, err[-400:])
    check(f'{name}: c = a + b', want in out.splitlines(), f'\n got {out!r}\nwant {want!r}')


rc, out, err = run('help')
computed('help', rc, out, err)
listed = [line.split()[1] for line in err.splitlines() if line.startswith('|')]
for f in flags:
    check(f'help lists {f}', f in listed, f'listed: {listed}')
check('help lists no flag the README does not name', set(listed) <= set(flags), f'{listed}')

rc, out, err = run('nir-final')
computed('nir-final', rc, out, err)
check('nir-final prints the NIR entering the backend', 'entering ACO' in err, err[-400:])
check('nir-final is not nir: no NIR from spirv_to_nir', 'from spirv_to_nir' not in err,
      err[:400])

rc, out, err = run('driver')
computed('driver', rc, out, err)
check('driver reports the device drivers/amdgpu opened', 'kiln amdgpu: opened sim' in err,
      err[-400:])
check("driver reports the dispatch of 'vadd'", "kiln amdgpu: dispatch 'vadd'" in err, err[-400:])
check('driver alone prints no SPIR-V or NIR', 'from spirv_to_nir' not in err and
      'entering ACO' not in err, err[:400])

rc, out, err = run('all')
computed('all', rc, out, err)
check('all prints the NIR from spirv_to_nir', 'from spirv_to_nir' in err, err[:400])
check('all reports the driver', "kiln amdgpu: dispatch 'vadd'" in err, err[-400:])
check('all does not trace every instruction (simtrace must be named)',
      'sim: wg(' not in err, err[-400:])

rc, out, err = run('simtrace')
computed('simtrace', rc, out, err)
check('simtrace traces the instructions the emulator runs', 'sim: wg(0,0,0) wave 0' in err,
      err[:400])
check('simtrace traces the end of the program', 's_endpgm' in err, err[-400:])

finish()
