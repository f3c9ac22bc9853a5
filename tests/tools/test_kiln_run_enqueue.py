#!/usr/bin/env python3
# Copyright © 2026 kiln contributors
# SPDX-License-Identifier: MIT
"""`kiln run`'s drain of the device queue (device-side enqueue, OpenCL C 2.0
§6.13.17) on the emulated device: the rounds it takes follow from the
dependencies (a nested chain of n levels needs n - 1 rounds after the
parent, each of one dispatch; 4096 independent children one round; a
binary tree one round a level), a
wait that can never be met is an error naming the record and the event
instead of a hang, a child that faults is reported as the GPU fault it
is, naming the block's kernel, and printf works in blocks."""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'common'))
from kiln_check import check, finish, run as run_tool  # noqa: E402

KILN, KERNELS = sys.argv[1], sys.argv[2]
CORPUS = os.path.join(KERNELS, '..', '..', 'kernels', 'enqueue')


def run(*args, debug=False):
    return run_tool([KILN, 'run'] + list(args), env={'KILN_DEBUG': 'driver'} if debug else None,
                    timeout=120)


def drain_summary(err):
    m = re.search(r'device queue: (\d+) rounds, (\d+) dispatches', err)
    return (int(m.group(1)), int(m.group(2))) if m else None


rc, out, err = run(os.path.join(CORPUS, 'recursion.cl'), '-k', 'nested', '-g', '1',
                   '-b', '-cl-std=CL2.0', 'buf:int[28]', 'int:28', debug=True)
check('a chain 28 deep runs', rc == 0, err[-500:])
check('a chain 28 deep takes 27 rounds of one dispatch', drain_summary(err) == (27, 27),
      str(drain_summary(err)))

rc, out, err = run(os.path.join(CORPUS, 'recursion.cl'), '-k', 'fan_out', '-g', '4096', '-l',
                   '256', '-b', '-cl-std=CL2.0', 'buf:int[8192]', 'buf:int[4096]', debug=True)
check('4096 independent children run', rc == 0, err[-500:])
check('4096 independent children take one round', drain_summary(err) == (1, 4096),
      str(drain_summary(err)))

# A binary tree 12 levels deep: each level runs in the round after its
# parents', all of a level in one round.
rc, out, err = run(os.path.join(CORPUS, 'recursion.cl'), '-k', 'tree', '-g', '1', '-b',
                   '-cl-std=CL2.0', 'buf:int[4095]', 'int:12', debug=True)
check('a tree 12 deep runs', rc == 0, err[-500:])
check('a tree 12 deep takes 12 rounds, 4095 dispatches', drain_summary(err) == (12, 4095),
      str(drain_summary(err)))

KERNEL = os.path.join(KERNELS, 'run_enqueue.cl')
rc, out, err = run(KERNEL, '-k', 'never_set', '-g', '1', '-b', '-cl-std=CL2.0', 'buf:int[2]')
check('a wait never met fails', rc != 0 and not out, f'exit {rc}, stdout {out!r}')
check('a wait never met names the record and the event',
      'record 0' in err and 'event 1' in err and "host's launch" in err, err)

rc, out, err = run(KERNEL, '-k', 'child_faults', '-g', '1', '-b', '-cl-std=CL2.0',
                   'buf:int[1]', 'ulong:0x10')
check('a faulting child is a GPU fault (exit 2)', rc == 2, f'exit {rc}: {err}')
check('the fault names the block kernel and the address',
      '__child_faults_block_invoke_kernel' in err and '0x10' in err, err)

# printf in blocks: each call's line once (OpenCL C 2.0 §6.13.13), the
# parent's before its children's, which run after it.
rc, out, err = run(KERNEL, '-k', 'prints', '-g', '2', '-b', '-cl-std=CL2.0', 'buf:int[2]')
lines = [l for l in out.splitlines() if not l.startswith('arg')]
check('printf in blocks runs', rc == 0 and 'kiln run' not in err, f'exit {rc}: {err}')
check('printf in blocks prints every line once, the parent first',
      sorted(lines[:2]) == ['parent 0', 'parent 1'] and
      sorted(lines[2:]) == [f'child of {i}: {j} (x)' for i in range(2) for j in range(2)],
      str(lines))

finish()
