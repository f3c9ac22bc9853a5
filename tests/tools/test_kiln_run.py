#!/usr/bin/env python3
# Copyright © 2026 kiln contributors
# SPDX-License-Identifier: MIT
"""`kiln run` end to end on the emulated device: results computed here in
Python from the kernels' source (float32 arithmetic through struct
packing), typedef'd arguments, buffers larger than one command-line word
(from a file, from a seeded fill), a volatile wait that another wave
releases, no stderr output for a clean compile, exit status and messages for every error the CLI promises
(argument count and type mismatches, unparsable values, a faulting
kernel, a hang)."""
import os
import struct
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'common'))
from kiln_check import check, finish, run as run_tool  # noqa: E402

KILN, KERNELS = sys.argv[1], sys.argv[2]


def f32(x):
    return struct.unpack('<f', struct.pack('<f', x))[0]


def run(*args):
    return run_tool([KILN, 'run'] + list(args), timeout=120)


vadd = os.path.join(KERNELS, 'run_vadd.cl')
faults = os.path.join(KERNELS, 'run_faults.cl')

# vadd over 37 items with 40-element buffers and a partial work-group.
a = [i * 0.25 - 3 for i in range(40)]
b = [1.0 / (i + 1) for i in range(40)]
rc, out, err = run(vadd, '-k', 'vadd', '-g', '37', '-l', '16',
                   'buf:float[40]=' + ','.join(repr(x) for x in a),
                   'buf:float[40]=' + ','.join(repr(x) for x in b),
                   'buf:float[40]', 'int:37')
want_c = [f32(f32(a[i]) + f32(b[i])) if i < 37 else 0.0 for i in range(40)]
want = 'arg2: ' + ' '.join('%.9g' % x for x in want_c)
check('vadd runs', rc == 0, err)
check('vadd result', want in out.splitlines(), f'\n got {out}\nwant {want}')
check('vadd prints every buffer', out.startswith('arg0: ') and '\narg1: ' in out, out)

# A kernel that compiles cleanly prints nothing on stderr at the SPIR-V
# translator's default log level (the test setup raises it to errors only).
quiet = subprocess.run([KILN, 'run', vadd, '-k', 'vadd', '-g', '4', 'buf:float[4]',
                        'buf:float[4]', 'buf:float[4]', 'int:4'],
                       capture_output=True, text=True, timeout=120,
                       env={k: v for k, v in os.environ.items() if k != 'MESA_SPIRV_LOG_LEVEL'})
check('a clean compile is silent on stderr', quiet.returncode == 0 and quiet.stderr == '',
      f'rc {quiet.returncode}: {quiet.stderr}')

# float3 buffer (3 of 4 slots printed), a by-value float, a __local pointer,
# and a global offset.
rc, out, err = run(vadd, '-k', 'scale3', '-g', '4', '-o', '2', 'local:64',
                   'buf:float3[6]=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18',
                   'float:2', 'local:64')
check('scale3 argument count', rc == 1 and 'takes 3 arguments, 4 given' in err, err)
rc, out, err = run(vadd, '-k', 'scale3', '-g', '4', '-o', '2',
                   'buf:float3[6]=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18',
                   'float:2', 'local:64')
vals = [float(i + 1) for i in range(18)]
for i in range(2, 6):
    vals[3 * i] = vals[3 * i] * 2 + 2
    vals[3 * i + 1] *= 2
    vals[3 * i + 2] *= 2
want = 'arg0: ' + ' '.join('%.9g' % x for x in vals)
check('scale3 runs', rc == 0, err)
check('scale3 result', out.strip() == want, f'\n got {out}\nwant {want}')

# Mismatched types name the argument.
rc, out, err = run(vadd, '-k', 'vadd', '-g', '4', 'buf:int[4]', 'buf:float[4]',
                   'buf:float[4]', 'int:4')
check('buffer element type mismatch', rc == 1 and 'argument 0' in err, err)
rc, out, err = run(vadd, '-k', 'vadd', '-g', '4', 'buf:float[4]', 'buf:float[4]',
                   'buf:float[4]', 'float:4')
check('value type mismatch', rc == 1 and 'argument 3' in err, err)
rc, out, err = run(vadd, '-k', 'vadd', '-g', '4', 'buf:float[4]', 'buf:float[4]',
                   'int:4', 'int:4')
check('value for a pointer', rc == 1 and 'argument 2' in err and 'pointer' in err, err)
rc, out, err = run(vadd, '-k', 'vadd', '-g', '4', 'buf:float[4]=1,x', 'buf:float[4]',
                   'buf:float[4]', 'int:4')
check('unparsable value', rc == 1 and 'argument 0' in err and "'x'" in err, err)
rc, out, err = run(vadd, '-k', 'nosuch', '-g', '4')
check('unknown kernel', rc == 1 and 'vadd' in err and 'scale3' in err, err)
rc, out, err = run(vadd, '-k', 'vadd', '-g', '4294967296', 'buf:float[4]', 'buf:float[4]',
                   'buf:float[4]', 'int:4')
check('launch over the 32-bit ABI limit', rc == 1 and '32-bit' in err, err)

# Typedef'd arguments are checked by the type underneath; an integer
# typedef takes either sign.
typed = os.path.join(KERNELS, 'run_typedef.cl')
rc, out, err = run(typed, '-k', 'typed', '-g', '2', 'buf:float4[2]', 'uint:3',
                   'float4:1,2,3,4', 'int:-1', 'buf:float[2]=10,20', 'buf:int[4]')
check('typedef arguments run', rc == 0, err)
check('typedef arguments result',
      out.splitlines() == ['arg0: 12 14 16 18 22 24 26 28', 'arg4: 10 20',
                           'arg5: 0 1056964608 -1 1056964608'], out)
rc, out, err = run(typed, '-k', 'typed', '-g', '2', 'buf:float4[2]', 'int:3',
                   'float4:1,2,3,4', 'uint:1', 'buf:float[2]', 'buf:int[4]')
check('typedef integers take either sign', rc == 0, err)
rc, out, err = run(typed, '-k', 'typed', '-g', '2', 'buf:float4[2]', 'float:3',
                   'float4:1,2,3,4', 'int:1', 'buf:float[2]', 'buf:int[4]')
check('typedef integer refuses a float',
      rc == 1 and "argument 1 ('myuint n')" in err and 'uint or int' in err, err)
rc, out, err = run(typed, '-k', 'typed', '-g', '2', 'buf:float2[4]', 'uint:3',
                   'float4:1,2,3,4', 'int:1', 'buf:float[2]', 'buf:int[4]')
check('typedef vector pointee checked', rc == 1 and 'argument 0' in err and 'float4' in err,
      err)

# A buffer over Linux's 128 KiB limit for one argument word, from a file
# and from a seeded fill.
with tempfile.TemporaryDirectory() as tmp:
    n = 50000
    values = [(i * 2654435761) % 2**32 - 2**31 for i in range(n)]
    path = os.path.join(tmp, 'in.bin')
    with open(path, 'wb') as f:
        f.write(struct.pack(f'<{n}i', *values))
    rc, out, err = run(typed, '-k', 'copy', '-g', str(n), f'buf:int[{n}]=@{path}',
                       f'buf:int[{n}]')
    lines = out.splitlines()
    want = ' '.join(str(v) for v in values)
    check('buffer from a file', rc == 0 and lines == ['arg0: ' + want, 'arg1: ' + want],
          err or out[:200])
    rc, out, err = run(typed, '-k', 'copy', '-g', '4', f'buf:int[5]=@{path}', 'buf:int[5]')
    check('file of the wrong size', rc == 1 and 'argument 0' in err and
          f'holds {4 * n} bytes' in err, err)
rc, out, err = run(typed, '-k', 'copy', '-g', str(n), f'buf:int[{n}]=rand:9:-1000:1000',
                   f'buf:int[{n}]')
lines = out.splitlines()
check('seeded fill', rc == 0 and len(lines) == 2 and lines[0][6:] == lines[1][6:] and
      len(lines[0].split()) == n + 1 and
      all(-1000 <= int(v) <= 1000 for v in lines[0].split()[1:]), err or out[:200])

# A volatile wait released by another wave of the group (run_volatile.cl):
# the waiter must see the value published before the release.
volatile = os.path.join(KERNELS, 'run_volatile.cl')
rc, out, err = run(volatile, '-k', 'release', '-g', '128', '-l', '128', 'buf:uint[3]',
                   'buf:uint[1]', 'uint:100000')
check('volatile wait runs', rc == 0, err)
check('volatile wait waits', out.splitlines() == ['arg0: 1 42 99999', 'arg1: 42'], out)

# A VM fault: exit 2, the report names kernel, address and instruction.
rc, out, err = run(faults, '-k', 'far_store', '-g', '1', 'buf:uint[4]')
check('VM fault exit status', rc == 2, f'rc {rc}: {err}')
check('VM fault report', 'far_store' in err and 'fault' in err and '0x' in err
      and 'pc 0x' in err, err)

# A hang: exit 2 with a hang report.
rc, out, err = run(faults, '-k', 'spin', '-g', '1', 'buf:uint[2]=0')
check('hang exit status', rc == 2, f'rc {rc}: {err}')
check('hang report', 'spin' in err and 'hang' in err, err)

finish()
