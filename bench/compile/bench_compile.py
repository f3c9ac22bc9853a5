#!/usr/bin/python3
# Copyright © 2026 kiln contributors
# SPDX-License-Identifier: MIT
"""Compile benchmark: kiln against clang-15's AMDGPU backend.

Every corpus kernel is compiled twice for gfx1030: by kiln (`kilnc
--stats-json`) and by clang-15 with the ROCm device libraries, the peer
that AMD's own OpenCL stack is built on.  For each kernel the table gives
the machine instruction count, VGPRs, SGPRs and the end-to-end wall-clock
compile time (OpenCL C to machine code, one process, best of N) of both,
then totals and kiln/clang ratios.  `-o FILE` also writes the raw numbers
as JSON.

Clang's numbers come from its own outputs: instructions are counted in
`llvm-objdump -d` per kernel symbol (the s_code_end padding after the last
function excluded), registers from the code object's NT_AMDGPU_METADATA
note (`.vgpr_count`, `.sgpr_count`) as `llvm-readobj --notes` prints it.
Compile time is per source file; when one file holds several kernels the
time is shown on its first kernel only and the totals count it once.

Only the Python standard library is used.
"""

import argparse
import glob
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

DEVICE_LIB_DIRS = [
    '/usr/lib/x86_64-linux-gnu/amdgcn/bitcode',
    '/usr/lib/amdgcn/bitcode',
    '/opt/rocm/amdgcn/bitcode',
]


def find_device_libs(explicit):
    """The directory that holds ocml.bc/ockl.bc/opencl.bc."""
    candidates = [explicit] if explicit else list(DEVICE_LIB_DIRS)
    if not explicit:
        try:
            out = subprocess.run(['dpkg', '-L', 'rocm-device-libs'],
                                 capture_output=True, text=True).stdout
            candidates += sorted({os.path.dirname(p) for p in out.split()
                                  if p.endswith('/ocml.bc')})
        except OSError:
            pass
    for d in candidates:
        if d and os.path.exists(os.path.join(d, 'ocml.bc')) and \
           os.path.exists(os.path.join(d, 'opencl.bc')):
            return d
    return None


def clang_command(clang, device_libs, source, output, target, options):
    """clang-15 OpenCL C to an HSA code object.  With --rocm-device-lib-path
    the driver links opencl/ocml/ockl and the oclc_* control libraries that
    match -mcpu and the build options (daz, finite-only, unsafe-math,
    correctly rounded sqrt, wave size, ABI version) itself."""
    return ([clang, '-x', 'cl', '-cl-std=CL2.0', '-target', 'amdgcn-amd-amdhsa',
             '-mcpu=' + target, '-O3',
             '--rocm-device-lib-path=' + device_libs]
            + options + [source, '-o', output])


def read_manifest(root, manifest):
    """Compile units from tests/corpus/kernels.txt: lines of
    `FILE.cl KERNEL 'BUILD OPTIONS'` (FILE relative to tests/kernels/),
    '#' comments.  Returns [(path, options, [kernels])], one entry per
    distinct (file, options), kernels in manifest order."""
    units = {}
    with open(manifest) as f:
        for line in f:
            line = line.split('#', 1)[0].strip()
            if not line:
                continue
            try:
                fields = shlex.split(line)
            except ValueError:
                fields = line.split()
            if not fields or not fields[0].endswith('.cl'):
                continue
            src = fields[0]
            kernel = fields[1] if len(fields) > 1 else None
            opts = tuple(shlex.split(fields[2])) if len(fields) > 2 else ()
            for base in (os.path.join(root, 'tests', 'kernels'),
                         os.path.dirname(manifest), root):
                path = os.path.normpath(os.path.join(base, src))
                if os.path.exists(path):
                    break
            else:
                print('bench-compile: %s: %s not found' % (manifest, src),
                      file=sys.stderr)
                continue
            kernels = units.setdefault((path, opts), [])
            if kernel and kernel not in kernels:
                kernels.append(kernel)
    return [(p, o, k) for (p, o), k in units.items()]


def corpus(root, manifest, kernels_dir, explicit):
    """[(path, options, kernels or [] for all)]."""
    if explicit:
        return [(os.path.abspath(p), (), []) for p in explicit]
    if manifest and os.path.exists(manifest):
        return read_manifest(root, manifest)
    return [(p, (), []) for p in
            sorted(glob.glob(os.path.join(kernels_dir, '**', '*.cl'),
                             recursive=True))]


def timed_run(cmd, repeat, env=None):
    """Best wall-clock time in ms of `repeat` runs (in env, the process's
    own when None), and the last result."""
    best = None
    result = None
    for _ in range(repeat):
        t0 = time.perf_counter()
        result = subprocess.run(cmd, capture_output=True, text=True, env=env)
        ms = (time.perf_counter() - t0) * 1000.0
        if result.returncode != 0:
            return None, result
        best = ms if best is None else min(best, ms)
    return best, result


INSN_RE = re.compile(r'^\s+([a-z_][a-z0-9_]*)\b.*//\s*[0-9A-Fa-f]+:')
SYMBOL_RE = re.compile(r'^[0-9a-fA-F]+ <([^>]+)>:$')


def count_instructions(disasm):
    """{symbol: instruction count} from llvm-objdump -d output; s_code_end
    (the padding after the last function) is not counted."""
    counts = {}
    current = None
    for line in disasm.splitlines():
        m = SYMBOL_RE.match(line)
        if m:
            current = m.group(1)
            counts.setdefault(current, 0)
            continue
        m = INSN_RE.match(line)
        if m and current is not None and m.group(1) != 's_code_end':
            counts[current] += 1
    return counts


def parse_metadata(readobj):
    """Per-kernel {name: {vgprs, sgprs, lds, scratch, ...}} from the YAML
    rendering of NT_AMDGPU_METADATA in `llvm-readobj --notes`."""
    kernels = {}
    cur = None
    in_kernels = False
    for line in readobj.splitlines():
        s = line.strip()
        if s.startswith('amdhsa.kernels:'):
            in_kernels = True
            continue
        if in_kernels and re.match(r'^amdhsa\.', s):
            in_kernels = False
        if not in_kernels:
            continue
        # Kernel-level keys sit at four spaces; .args entries deeper.
        m = re.match(r'^(  - |    )(\.[a-z_]+):\s*(.*)$', line)
        if not m:
            continue
        if m.group(1) == '  - ':
            cur = {}
            kernels.setdefault('\0pending', []).append(cur)
        if cur is None:
            continue
        cur[m.group(2)] = m.group(3).strip()
    out = {}
    for k in kernels.get('\0pending', []):
        name = k.get('.name')
        if not name:
            continue
        out[name] = {
            'vgprs': int(k.get('.vgpr_count', 0)),
            'sgprs': int(k.get('.sgpr_count', 0)),
            'lds_bytes': int(k.get('.group_segment_fixed_size', 0)),
            'scratch_bytes': int(k.get('.private_segment_fixed_size', 0)),
            'wave_size': int(k.get('.wavefront_size', 0)),
            'symbol': k.get('.symbol', name + '.kd'),
        }
    return out


def bench_clang(args, source, options, tmp):
    out = os.path.join(tmp, 'clang.co')
    cmd = clang_command(args.clang, args.device_libs, source, out,
                        args.target, list(options))
    ms, res = timed_run(cmd, args.repeat)
    if ms is None:
        return {'error': (res.stderr or res.stdout).strip().splitlines()[-1:]}
    dis = subprocess.run([args.objdump, '-d', '--mcpu=' + args.target, out],
                         capture_output=True, text=True).stdout
    notes = subprocess.run([args.readobj, '--notes', out],
                           capture_output=True, text=True).stdout
    counts = count_instructions(dis)
    meta = parse_metadata(notes)
    kernels = {}
    for name, m in meta.items():
        kernels[name] = dict(m, instructions=counts.get(name, 0))
    # Functions that were not inlined are code the kernels call.
    callees = {k: v for k, v in counts.items() if k not in meta}
    return {'ms': ms, 'kernels': kernels, 'callees': callees,
            'code_bytes': os.path.getsize(out)}


def bench_kiln(args, source, options):
    cmd = [args.kilnc, '--stats-json', '--target', args.target, source]
    if options:
        cmd += ['--'] + list(options)
    ms, res = timed_run(cmd, args.repeat)
    if ms is None:
        msg = (res.stderr or res.stdout).strip().splitlines()
        return {'error': msg[-1:] if msg else ['exit %d' % res.returncode]}
    try:
        stats = json.loads(res.stdout)
    except json.JSONDecodeError as e:
        return {'error': ['kilnc --stats-json: bad JSON: %s' % e]}
    if isinstance(stats, dict):
        stats = stats.get('kernels', [stats])
    return {'ms': ms, 'kernels': {k['name']: k for k in stats}}


def fmt(v, width):
    if v is None:
        return '-'.rjust(width)
    if isinstance(v, float):
        return ('%.1f' % v).rjust(width)
    return str(v).rjust(width)


def ratio(a, b):
    return None if not a or not b else a / b


def main():
    root = os.path.normpath(os.path.join(os.path.dirname(
        os.path.abspath(__file__)), '..', '..'))
    p = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    p.add_argument('--kilnc', help='kilnc executable (default: '
                   'build/src/tools/kilnc if built; kiln columns are left '
                   'empty without it)')
    p.add_argument('--clang', default='clang-15')
    p.add_argument('--objdump', default='llvm-objdump-15')
    p.add_argument('--readobj', default='llvm-readobj-15')
    p.add_argument('--device-libs', help='ROCm device library bitcode dir')
    p.add_argument('--target', default='gfx1030')
    p.add_argument('--manifest',
                   default=os.path.join(root, 'tests', 'corpus', 'kernels.txt'))
    p.add_argument('--kernels-dir',
                   default=os.path.join(root, 'tests', 'kernels'))
    p.add_argument('--repeat', type=int, default=3,
                   help='compiles per kernel and compiler; the best counts')
    p.add_argument('-o', '--output', help='write raw numbers as JSON')
    p.add_argument('sources', nargs='*', help='.cl files (default: corpus)')
    args = p.parse_args()

    args.device_libs = find_device_libs(args.device_libs)
    if not args.device_libs:
        print('bench-compile: ROCm device libraries (ocml.bc, opencl.bc) not '
              'found; install rocm-device-libs or pass --device-libs',
              file=sys.stderr)
        return 1
    for tool in ('clang', 'objdump', 'readobj'):
        if not shutil.which(getattr(args, tool)):
            print('bench-compile: %s not found' % getattr(args, tool),
                  file=sys.stderr)
            return 1
    if args.kilnc is None:
        default = os.path.join(root, 'build', 'src', 'tools', 'kilnc')
        if os.access(default, os.X_OK):
            args.kilnc = default
    if args.kilnc and not (os.path.exists(args.kilnc) or
                           shutil.which(args.kilnc)):
        print('bench-compile: %s not found; kiln columns left empty'
              % args.kilnc, file=sys.stderr)
        args.kilnc = None

    sources = corpus(root, args.manifest, args.kernels_dir, args.sources)
    if not sources:
        print('bench-compile: no kernels (looked for %s and %s/**/*.cl)'
              % (args.manifest, args.kernels_dir), file=sys.stderr)
        return 1

    rows = []
    W = 40
    with tempfile.TemporaryDirectory(prefix='kiln-bench-compile-') as tmp:
        for source, options, wanted in sources:
            rel = os.path.relpath(source, root)
            c = bench_clang(args, source, options, tmp)
            k = bench_kiln(args, source, options) if args.kilnc else {}
            for e, who in ((c.get('error'), 'clang'), (k.get('error'), 'kiln')):
                if e:
                    print('bench-compile: %s: %s failed: %s'
                          % (rel, who, ' '.join(e)), file=sys.stderr)
            names = list(c.get('kernels', {}))
            names += [n for n in k.get('kernels', {}) if n not in names]
            if wanted:
                names = list(wanted)
            if not names:
                names = [os.path.splitext(os.path.basename(source))[0]]
            label_opts = ' '.join(o for o in options if o.startswith('-D'))
            for i, name in enumerate(names):
                ck = c.get('kernels', {}).get(name, {})
                kk = k.get('kernels', {}).get(name, {})
                rows.append({
                    'file': rel,
                    'options': list(options),
                    'kernel': name,
                    'label': (name + ' ' + label_opts).strip(),
                    'first_in_file': i == 0,
                    'kiln': {
                        'instructions': kk.get('instructions'),
                        'vgprs': kk.get('vgprs'),
                        'sgprs': kk.get('sgprs'),
                        'code_bytes': kk.get('code_bytes'),
                        'lds_bytes': kk.get('lds_bytes'),
                        'scratch_bytes': kk.get('scratch_bytes'),
                        'internal_compile_ms': kk.get('compile_ms'),
                        'file_ms': k.get('ms'),
                        'error': k.get('error'),
                    },
                    'clang': {
                        'instructions': ck.get('instructions'),
                        'vgprs': ck.get('vgprs'),
                        'sgprs': ck.get('sgprs'),
                        'lds_bytes': ck.get('lds_bytes'),
                        'scratch_bytes': ck.get('scratch_bytes'),
                        'callee_instructions': c.get('callees') or None,
                        'file_ms': c.get('ms'),
                        'error': c.get('error'),
                    },
                })

    cols = [('kernel', W), ('kiln instr', 10), ('clang instr', 11),
            ('kiln VGPR', 9), ('clang VGPR', 10), ('kiln SGPR', 9),
            ('clang SGPR', 10), ('kiln ms', 8), ('clang ms', 8)]
    print(' | '.join(n.ljust(w) if i == 0 else n.rjust(w)
                     for i, (n, w) in enumerate(cols)))
    print('-+-'.join('-' * w for _, w in cols))
    keys = ['instructions', 'vgprs', 'sgprs']
    totals = {(who, key): 0 for who in ('kiln', 'clang') for key in keys}
    totals.update({('kiln', 'ms'): 0.0, ('clang', 'ms'): 0.0})
    both = 0
    for r in rows:
        kk, ck = r['kiln'], r['clang']
        label = r['label'] if len(r['label']) <= W else r['label'][:W - 1] + '~'
        cells = [label.ljust(W)]
        for key in keys:
            cells += [fmt(kk[key], 10 if key == 'instructions' else 9),
                      fmt(ck[key], 11 if key == 'instructions' else 10)]
        # Compile time is per file: shown once, on its first kernel.
        km = kk['file_ms'] if r['first_in_file'] else None
        cm = ck['file_ms'] if r['first_in_file'] else None
        cells += [fmt(km, 8), fmt(cm, 8)]
        print(' | '.join(cells))
        # Totals and ratios only over kernels both compilers produced (or
        # clang's alone when kilnc was not given).
        if all(ck[x] is not None and (kk[x] is not None or not args.kilnc)
               for x in keys):
            both += 1
            for key in keys:
                totals[('kiln', key)] += kk[key] or 0
                totals[('clang', key)] += ck[key]
        if r['first_in_file'] and cm is not None and \
           (km is not None or not args.kilnc):
            totals[('kiln', 'ms')] += km or 0
            totals[('clang', 'ms')] += cm
    print('-+-'.join('-' * w for _, w in cols))
    tot = ['total (%d kernels)' % both]
    rat = ['kiln/clang']
    for key, w in (('instructions', (10, 11)), ('vgprs', (9, 10)),
                   ('sgprs', (9, 10)), ('ms', (8, 8))):
        a, b = totals[('kiln', key)], totals[('clang', key)]
        tot += [fmt(a if both and args.kilnc else None, w[0]),
                fmt(b if both else None, w[1])]
        rv = ratio(a, b)
        rat += [('%.2f' % rv).rjust(w[0]) if rv is not None else '-'.rjust(w[0]),
                ''.rjust(w[1])]
    print(' | '.join([tot[0].ljust(W)] + tot[1:]))
    print(' | '.join([rat[0].ljust(W)] + rat[1:]))
    failed_clang = sum(1 for r in rows if r['clang']['error'])
    failed_kiln = sum(1 for r in rows if r['kiln']['error'])
    print('%d kernels in %d files; clang failed on %d, kiln on %d%s; '
          'ms = wall clock OpenCL C to machine code, best of %d'
          % (len(rows), len(sources), failed_clang, failed_kiln,
             '' if args.kilnc else ' (kilnc not given)', args.repeat))

    if args.output:
        with open(args.output, 'w') as f:
            json.dump({'target': args.target, 'repeat': args.repeat,
                       'device_libs': args.device_libs,
                       'kilnc': args.kilnc, 'kernels': rows,
                       'totals': {'%s_%s' % k: v for k, v in totals.items()},
                       'kernels_compared': both}, f, indent=1)
    return 0


if __name__ == '__main__':
    sys.exit(main())
