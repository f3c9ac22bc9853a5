#!/usr/bin/env python3
# Copyright © 2026 kiln contributors
# SPDX-License-Identifier: MIT
"""`kiln run`'s choice of device and its Intel launch path, under noop
render nodes: Mesa's Intel drm-shim (an i915 node that runs nothing,
INTEL_STUB_GPU_PLATFORM naming the GPU), tests/drivers' xe node (which can
also hang, ban the queue or fail binds: KILN_XE_SHIM_FAULT), Mesa's radeon
drm-shim (a node of a driver kiln does not drive) and kiln's emulator
behind a drm-shim amdgpu node.  Only this script's kiln processes get a
shim preloaded.

Checked: with KILN_DEVICE unset the Intel node is chosen and named (-v and
`kiln run --help`), with its GFX version's target (tgl, dg2); KILN_DEVICE
naming the node chooses it; an xe node is driven too, and its hang, ban
and failed bind end kiln run with status 2, 2 and 3 and a message;
KILN_DEVICE=sim still runs on the emulator
with results computed here; an amdgpu node is preferred and driven; a node
of another driver, or no DRM node at all, is refused naming it; what the
Intel path lacks is refused naming the feature, with nothing printed as
if it had run, and what it has (a global offset, printf, __global
variables, scratch memory, partial work-groups) is launched, on the i915
node as Tiger Lake and on the xe node as DG2; `kiln profile` never
chooses Intel.

The noop i915 node executes no batch, so on Intel the results cannot be
checked: the buffers printed must be exactly the values given on the
command line, which shows they went into the i915 buffer objects and came
back unchanged, and that the emulator did not run the kernel (its results,
checked alongside, differ).

usage: test_kiln_run_intel.py KILN KERNELS I915_SHIM XE_SHIM RADEON_SHIM [SIM_SHIM]"""
import os
import struct
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'common'))
from kiln_check import check, finish  # noqa: E402

KILN, KERNELS, INTEL_SHIM, XE_SHIM, RADEON_SHIM = sys.argv[1:6]
SIM_SHIM = sys.argv[6] if len(sys.argv) > 6 else None
KERNEL = os.path.join(KERNELS, 'run_intel.cl')
NODE = '/dev/dri/renderD128'  # drm-shim's node when the machine has none


def run(*args, device=None, shim=None, platform='tgl', tool='run', fault=None):
    """kiln TOOL ARGS with KILN_DEVICE=device (unset when None), shim
    preloaded and, on the xe node, fault injected."""
    env = {k: v for k, v in os.environ.items()
           if k not in ('KILN_DEVICE', 'LD_PRELOAD', 'KILN_XE_SHIM_FAULT')}
    if device is not None:
        env['KILN_DEVICE'] = device
    if fault:
        env['KILN_XE_SHIM_FAULT'] = fault
    if shim:
        env['LD_PRELOAD'] = shim
        env['INTEL_STUB_GPU_PLATFORM'] = platform
    p = subprocess.run([KILN, tool] + list(args), capture_output=True, text=True, env=env,
                       timeout=120)
    return p.returncode, p.stdout, p.stderr


def device_line(text):
    lines = [line for line in text.splitlines() if 'device: ' in line]
    return lines[0] if lines else ''


def f32(x):
    return struct.unpack('<f', struct.pack('<f', x))[0]


def fmt(values):
    return ' '.join('%.9g' % v for v in values)


# axpy: y = a * x + y, on 8 work-items.
x = [0.5 * i - 1 for i in range(8)]
y = [3.0 - i for i in range(8)]
a = 2.5
axpy_args = ['-k', 'axpy', '-g', '8', 'buf:float[8]=' + ','.join(map(repr, x)),
             'buf:float[8]=' + ','.join(map(repr, y)), 'float:%r' % a]
as_given = f'arg0: {fmt(x)}\narg1: {fmt(y)}\n'
computed = f'arg0: {fmt(x)}\narg1: {fmt([f32(f32(a * x[i]) + y[i]) for i in range(8)])}\n'
check('the emulator\'s axpy differs from its input', computed != as_given)

# KILN_DEVICE unset: the Intel node, on each GFX version kiln supports.
for platform, target, gen in (('tgl', 'tgl', 'Gen12,'), ('dg2', 'dg2', 'Gen12.5')):
    rc, out, err = run('-v', KERNEL, *axpy_args, shim=INTEL_SHIM, platform=platform)
    line = device_line(err)
    check(f'{platform}: unset KILN_DEVICE runs on Intel', rc == 0, err)
    check(f'{platform}: -v names the i915 node and its target',
          line.startswith('kiln run: device: ') and 'i915 kernel driver' in line and
          gen in line and line.endswith(f'target {target})'), line)
    check(f'{platform}: buffers come back as given (the noop GPU ran nothing)',
          out == as_given, f'\n got {out!r}\nwant {as_given!r}')

rc, out, err = run('--help', shim=INTEL_SHIM)
last = out.splitlines()[-1] if out else ''
check('kiln run --help names the Intel device it would use',
      rc == 0 and last.startswith('device: ') and 'i915 kernel driver' in last and
      last.endswith('target tgl)'), out[-300:] + err)

# KILN_DEVICE naming the node.
rc, out, err = run('-v', KERNEL, *axpy_args, device=NODE, shim=INTEL_SHIM)
check('KILN_DEVICE=<i915 node> runs on it',
      rc == 0 and device_line(err).startswith(f'kiln run: device: {NODE} (i915 kernel driver')
      and out == as_given, err + out)

# The xe kernel driver, and how its failures end kiln run.
rc, out, err = run('-v', KERNEL, *axpy_args, shim=XE_SHIM, platform='dg2')
check('unset KILN_DEVICE runs on the xe node',
      rc == 0 and 'xe kernel driver' in device_line(err) and
      device_line(err).endswith('target dg2)') and out == as_given, err + out)
for fault, status, message in (
        ('hang', 2, "kiln run: kernel 'axpy': the dispatch did not finish in"),
        ('ban', 2, "kiln run: kernel 'axpy': GPU hang: xe banned the exec queue"),
        ('fail-binds', 3, "kiln run: argument 0 ('x'): a buffer of 32 bytes")):
    rc, out, err = run(KERNEL, *axpy_args, shim=XE_SHIM, platform='dg2', fault=fault)
    check(f'xe {fault}: exit {status} with a message',
          rc == status and message in err and out == '', f'{rc} {err}{out}')

# KILN_DEVICE=sim with the Intel node present: the emulator, right results.
rc, out, err = run('-v', KERNEL, *axpy_args, device='sim', shim=INTEL_SHIM)
check('KILN_DEVICE=sim runs on the emulator',
      rc == 0 and device_line(err).startswith('kiln run: device: sim ('), err)
check('KILN_DEVICE=sim: axpy computed', out == computed, f'\n got {out!r}\nwant {computed!r}')

# Two kernels in turn, twice, with a __local argument: on the emulator the
# groups of 4 are reversed, then each element gains its group id.
v = [10 * i + 1 for i in range(8)]
seq_args = ['-k', 'reverse_in_group', '-k', 'add_group_id', '-g', '8', '-l', '4',
            '--launches', '2', 'buf:int[8]=' + ','.join(map(str, v)), 'local:16']
want = list(v)
for _ in range(2):
    want = [want[(i // 4) * 4 + 3 - i % 4] for i in range(8)]
    want = [want[i] + i // 4 for i in range(8)]
rc, out, err = run(KERNEL, *seq_args, device='sim', shim=INTEL_SHIM)
check('sim: two kernels, two launches, __local argument',
      rc == 0 and out == 'arg0: %s\n' % ' '.join(map(str, want)), err + out)
rc, out, err = run(KERNEL, *seq_args, shim=INTEL_SHIM)
check('Intel: two kernels, two launches, __local argument are launched',
      rc == 0 and out == 'arg0: %s\n' % ' '.join(map(str, v)), err + out)

# What the Intel path lacks: refused, naming the feature; nothing printed.
refusals = [
    ('a printf buffer too small',
     [KERNEL, '-k', 'says', '-g', '4', '--printf-buffer-size', '8', 'buf:int[4]'],
     "--printf-buffer-size 8: kernel 'says' needs between"),
    ('images', [os.path.join(KERNELS, 'run_intel_image.cl'), '-k', 'copy_texels', '-g', '2,2',
                'image2d:RGBA,FLOAT[2,2]', 'buf:float4[4]'],
     'uses images, which kiln\'s Intel backend does not support'),
    ('device-side enqueue',
     [os.path.join(KERNELS, 'run_intel_enqueue.cl'), '-b', '-cl-std=CL2.0', '-k', 'spawns',
      '-g', '1', 'buf:int[1]'],
     'device-side enqueue (OpenCL C 2.0 6.13.17) is not supported on Intel'),
    ('code for another target', [KERNEL, '--target', 'gfx1030', *axpy_args],
     'code for gfx1030 cannot run on'),
]
for name, args, message in refusals:
    rc, out, err = run(*args, shim=INTEL_SHIM)
    check(f'Intel refuses {name}', rc == 1 and message in err and out == '', f'{rc} {err}{out}')

# A global offset, printf, a program's __global variables, scratch memory
# and partial work-groups: computed on the emulator, launched on Intel
# (whose printf buffer the noop GPU leaves empty: no output).
globals_cl = os.path.join(KERNELS, 'run_intel_globals.cl')
launched = [
    ('a global offset', [KERNEL, '-k', 'ids', '-g', '4', '-o', '3', 'buf:uint[4]=9,9,9,9'],
     'arg0: 3 4 5 6\n', 'arg0: 9 9 9 9\n'),
    ('printf', [KERNEL, '-k', 'says', '-g', '4', 'buf:int[4]=7,7,7,7'],
     ''.join(f'work-item {i}\n' for i in range(4)) + 'arg0: 1 1 1 1\n', 'arg0: 7 7 7 7\n'),
    ('__global variables over 3 launches',
     [globals_cl, '-b', '-cl-std=CL2.0', '-k', 'counts', '-g', '1', '--launches', '3',
      'buf:int[1]=5'],
     'arg0: 3\n', 'arg0: 5\n'),
    ('scratch memory (a private array indexed at run time)',
     [KERNEL, '-k', 'private_table', '-g', '4', 'buf:int[4]=1,1,1,1', 'int:3'],
     'arg0: %s\n' % ' '.join(str((g * 7 + 3) % 256 * 3) for g in range(4)), 'arg0: 1 1 1 1\n'),
    ('partial work-groups (10 work-items in groups of 4)',
     [KERNEL, '-k', 'ids', '-g', '10', '-l', '4', 'buf:uint[10]=' + ','.join(['9'] * 10)],
     'arg0: %s\n' % ' '.join(str(i) for i in range(10)), 'arg0: %s\n' % ' '.join(['9'] * 10)),
]
for name, args, on_sim, on_intel in launched:
    rc, out, err = run(*args, device='sim')
    # work-items' printf calls reach the buffer in any order
    check(f'sim: {name}', rc == 0 and sorted(out.splitlines()) == sorted(on_sim.splitlines()),
          f'{rc} {err}\n got {out!r}\nwant {on_sim!r}')
    rc, out, err = run(*args, shim=INTEL_SHIM)
    check(f'Intel launches {name}', rc == 0 and out == on_intel, f'{rc} {err}{out}')
    rc, out, err = run(*args, shim=XE_SHIM, platform='dg2')
    check(f'Intel (xe, dg2) launches {name}', rc == 0 and out == on_intel, f'{rc} {err}{out}')

# Nodes kiln cannot drive.
rc, out, err = run(KERNEL, *axpy_args, device=NODE, shim=RADEON_SHIM)
check('a radeon node is refused naming the node and its driver',
      rc == 3 and f'KILN_DEVICE={NODE}' in err and 'radeon kernel driver' in err, err)
rc, out, err = run(KERNEL, *axpy_args, device='/dev/null')
check('a file that is no DRM node is refused naming it',
      rc == 3 and 'KILN_DEVICE=/dev/null: not a DRM device' in err, err)
rc, out, err = run(KERNEL, *axpy_args, device='/nonexistent/renderD300')
check('a missing node is refused naming it',
      rc == 3 and 'KILN_DEVICE=/nonexistent/renderD300: No such file' in err, err)

# kiln profile reads the emulator's counters: never Intel.
rc, out, err = run(KERNEL, *axpy_args, shim=INTEL_SHIM, tool='profile')
check('kiln profile does not choose the Intel node', rc == 0 and 'profile of kernel axpy' in out,
      err[-500:])

# An amdgpu node (the emulator behind drm-shim): chosen when KILN_DEVICE is
# unset, and driven when named.
if SIM_SHIM:
    for device in (None, NODE):
        rc, out, err = run('-v', KERNEL, *axpy_args, device=device, shim=SIM_SHIM)
        check(f'amdgpu node ({"unset" if device is None else "named"}) runs axpy',
              rc == 0 and device_line(err).startswith(f'kiln run: device: {NODE} (amdgpu '
                                                      'kernel driver') and out == computed,
              err + out)

finish()
