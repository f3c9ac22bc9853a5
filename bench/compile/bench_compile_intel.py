#!/usr/bin/python3
# Copyright © 2026 kiln contributors
# SPDX-License-Identifier: MIT
"""Intel compile benchmark: kiln (Mesa's brw) against Intel's IGC.

Every corpus kernel is compiled for a Gen12 target by kiln (`kilnc
--target tgl|dg2`, a kiln built with -Dintel=true) and by IGC through
`ocloc compile` (Debian's intel-opencl-icd), Intel's own OpenCL compiler.
IGC picks each kernel's SIMD width itself; kiln is asked for the same
width (`--simd`), so the two programs do the same work per thread.  For
each kernel the table gives the SIMD width, machine instructions, GRFs,
spills, and the end-to-end wall-clock compile time (OpenCL C to machine
code, one process, best of N) of both, then totals and kiln/IGC ratios.
`-o FILE` also writes the raw numbers as JSON.

Both programs are measured the same way, from Intel's own disassembler
(`iga64 -d`, Debian's libigc-tools): instructions are the instructions
iga64 decodes less sync.nop and nop (scoreboard waits that do no work),
GRFs the registers the instructions name (the code's footprint; both
compilers spread values over the whole file, so the highest says little),
the end-of-thread send's payload aside (both place it in r112-r127).  IGC's code comes from its shader dump (IGC_ShaderDumpEnable:
the kernel's `.dat` machine code, its SIMD width in the file name, spills
from the `.asm` header); kiln's from `kilnc -o` and brw's spill count.
Compile time is per source file, shown on its first kernel, counted once.

Only the Python standard library is used.
"""

import argparse
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
from bench_compile import fmt, read_manifest, timed_run  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'tests',
                                'compiler'))
from iga_listing import iga_instruction_lines  # noqa: E402

OCLOC_DEVICE = {'tgl': 'tgllp', 'dg2': 'dg2-g10'}
IGA_PLATFORM = {'tgl': '12p1', 'dg2': '12p71'}


def iga_measure(iga64, platform, code):
    """(instructions, GRFs) of machine code, from iga64's disassembly; None
    when iga64 cannot decode it."""
    with tempfile.NamedTemporaryFile(suffix='.isa') as f:
        f.write(code)
        f.flush()
        d = subprocess.run([iga64, '-d', '-p=' + platform, f.name],
                           capture_output=True, text=True)
    if d.returncode != 0:
        return None
    instructions, used, eot = 0, set(), set()
    for line in iga_instruction_lines(d.stdout):
        instructions += 1
        regs = {int(m.group(1)) for m in re.finditer(r'(?<![\w.])r(\d+)(?=[.<:\s]|$)', line)}
        (eot if 'EOT' in line else used).update(regs)
    return instructions, len(used - eot)


def bench_igc(args, source, options, tmp):
    dump = os.path.join(tmp, 'igc')
    shutil.rmtree(dump, ignore_errors=True)
    env = dict(os.environ, IGC_ShaderDumpEnable='1', IGC_DumpToCustomDir=dump)
    std = [] if any(o.startswith('-cl-std=') for o in options) else ['-cl-std=CL2.0']
    cmd = [args.ocloc, 'compile', '-q', '-file', source, '-device', OCLOC_DEVICE[args.target],
           '-output', os.path.join(tmp, 'igc-out'), '-options', ' '.join(std + list(options))]
    ms, res = timed_run(cmd, args.repeat, env)
    if ms is None:
        lines = (res.stderr + res.stdout).strip().splitlines()
        return {'error': lines[-1:] or ['exit %d' % res.returncode]}
    kernels = {}
    for asm in glob.glob(os.path.join(dump, '*_simd*_entry_*.asm')):
        simd = int(re.search(r'_simd(\d+)_', asm).group(1))
        text = open(asm, errors='replace').read()
        name = re.search(r'^//\.kernel (\S+)', text, re.M)
        dat = asm[:-4] + '.dat'
        if not name or not os.path.exists(dat):
            continue
        spill = re.search(r'^//\.spill size (\d+)', text, re.M)
        prev = kernels.get(name.group(1))
        if prev and prev['simd'] >= simd:
            continue
        with open(dat, 'rb') as f:
            code = f.read()
        measured = iga_measure(args.iga64, IGA_PLATFORM[args.target], code)
        kernels[name.group(1)] = {
            'simd': simd,
            'instructions': measured[0] if measured else None,
            'grfs': measured[1] if measured else None,
            'spill_bytes': int(spill.group(1)) if spill else 0,
        }
    return {'ms': ms, 'kernels': kernels}


def bench_kiln(args, source, options, simd, tmp):
    out = os.path.join(tmp, 'kiln-%d' % simd)
    shutil.rmtree(out, ignore_errors=True)
    cmd = [args.kilnc, '--stats-json', '--target', args.target, '--simd', str(simd),
           '-o', out, source]
    if options:
        cmd += ['--'] + list(options)
    ms, res = timed_run(cmd, args.repeat)
    if ms is None:
        lines = [l for l in (res.stderr or res.stdout).strip().splitlines()
                 if l.startswith('error')]
        return {'error': lines[-1:] or ['exit %d' % res.returncode]}
    kernels = {}
    for k in json.loads(res.stdout):
        with open(os.path.join(out, k['name'] + '.bin'), 'rb') as f:
            code = f.read()[:k['code_bytes']]
        measured = iga_measure(args.iga64, IGA_PLATFORM[args.target], code)
        kernels[k['name']] = {
            'simd': k['wave_size'],
            'instructions': measured[0] if measured else None,
            'grfs': measured[1] if measured else None,
            'spills': k.get('spills'),
            'brw_instructions': k['instructions'],
        }
    return {'ms': ms, 'kernels': kernels}


def main():
    root = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
    p = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    p.add_argument('--kilnc', required=True, help='kilnc of a kiln built with -Dintel=true')
    p.add_argument('--ocloc', default='ocloc')
    p.add_argument('--iga64', default='iga64')
    p.add_argument('--target', default='tgl', choices=sorted(OCLOC_DEVICE))
    p.add_argument('--manifest', default=os.path.join(root, 'tests', 'corpus', 'kernels.txt'))
    p.add_argument('--repeat', type=int, default=1,
                   help='compiles per file and compiler; the best counts')
    p.add_argument('-o', '--output', help='write raw numbers as JSON')
    args = p.parse_args()
    for tool in ('ocloc', 'iga64', 'kilnc'):
        if not shutil.which(getattr(args, tool)):
            print('bench-compile-intel: %s not found (Debian: intel-opencl-icd, '
                  'libigc-tools)' % getattr(args, tool), file=sys.stderr)
            return 1

    rows = []
    files_both = 0
    with tempfile.TemporaryDirectory(prefix='kiln-bench-intel-') as tmp:
        for source, options, wanted in read_manifest(root, args.manifest):
            rel = os.path.relpath(source, os.path.join(root, 'tests', 'kernels'))
            igc = bench_igc(args, source, options, tmp)
            widths = sorted({k['simd'] for k in igc.get('kernels', {}).values()}) or [16]
            kiln = {w: bench_kiln(args, source, options, w, tmp) for w in widths}
            for who, r in [('IGC', igc)] + [('kiln simd%d' % w, r) for w, r in kiln.items()]:
                if r.get('error'):
                    print('bench-compile-intel: %s: %s failed: %s'
                          % (rel, who, ' '.join(r['error'])), file=sys.stderr)
            label_opts = ' '.join(o for o in options if o.startswith('-D'))
            for i, name in enumerate(wanted):
                ik = igc.get('kernels', {}).get(name, {})
                kr = kiln[ik.get('simd', widths[0])]
                kk = kr.get('kernels', {}).get(name, {})
                rows.append({
                    'file': rel, 'options': list(options), 'kernel': name,
                    'label': (name + ' ' + label_opts).strip(), 'first_in_file': i == 0,
                    'kiln': dict(kk, file_ms=kr.get('ms'), error=kr.get('error')),
                    'igc': dict(ik, file_ms=igc.get('ms'), error=igc.get('error')),
                })

    W = 40
    cols = [('kernel', W), ('SIMD', 4), ('kiln instr', 10), ('IGC instr', 9),
            ('kiln GRF', 8), ('IGC GRF', 7), ('kiln spill', 10), ('IGC spill B', 11),
            ('kiln ms', 8), ('IGC ms', 8)]
    print(' | '.join(n.ljust(w) if i == 0 else n.rjust(w) for i, (n, w) in enumerate(cols)))
    print('-+-'.join('-' * w for _, w in cols))
    tot = {'ki': 0, 'ii': 0, 'kg': 0, 'ig': 0, 'ks': 0, 'is': 0, 'kms': 0.0, 'ims': 0.0}
    both = 0
    for r in rows:
        k, g = r['kiln'], r['igc']
        label = r['label'] if len(r['label']) <= W else r['label'][:W - 1] + '~'
        km = k['file_ms'] if r['first_in_file'] else None
        gm = g['file_ms'] if r['first_in_file'] else None
        print(' | '.join([label.ljust(W), fmt(g.get('simd') or k.get('simd'), 4),
                          fmt(k.get('instructions'), 10), fmt(g.get('instructions'), 9),
                          fmt(k.get('grfs'), 8), fmt(g.get('grfs'), 7),
                          fmt(k.get('spills'), 10), fmt(g.get('spill_bytes'), 11),
                          fmt(km, 8), fmt(gm, 8)]))
        if k.get('instructions') is not None and g.get('instructions') is not None:
            both += 1
            tot['ki'] += k['instructions']
            tot['ii'] += g['instructions']
            tot['kg'] += k['grfs']
            tot['ig'] += g['grfs']
            tot['ks'] += k.get('spills') or 0
            tot['is'] += g.get('spill_bytes') or 0
        if r['first_in_file'] and km is not None and gm is not None:
            files_both += 1
            tot['kms'] += km
            tot['ims'] += gm
    print('-+-'.join('-' * w for _, w in cols))
    print(' | '.join([('total (%d kernels, %d files)' % (both, files_both)).ljust(W), ''.rjust(4),
                      fmt(tot['ki'], 10), fmt(tot['ii'], 9), fmt(tot['kg'], 8),
                      fmt(tot['ig'], 7), fmt(tot['ks'], 10), fmt(tot['is'], 11),
                      fmt(tot['kms'], 8), fmt(tot['ims'], 8)]))

    def ratio(a, b):
        return ('%.2f' % (a / b)) if a and b else '-'
    print(' | '.join(['kiln/IGC'.ljust(W), ''.rjust(4), ratio(tot['ki'], tot['ii']).rjust(10),
                      ''.rjust(9), ratio(tot['kg'], tot['ig']).rjust(8), ''.rjust(7),
                      ''.rjust(10), ''.rjust(11), ratio(tot['kms'], tot['ims']).rjust(8),
                      ''.rjust(8)]))
    failed_k = sum(1 for r in rows if r['kiln'].get('error'))
    failed_g = sum(1 for r in rows if r['igc'].get('error'))
    print('%s: %d kernels; IGC failed on %d, kiln on %d; instructions and GRFs from '
          'iga64 -d of each program; kiln spills in registers, IGC in bytes; ms = wall '
          'clock OpenCL C to machine code, best of %d'
          % (args.target, len(rows), failed_g, failed_k, args.repeat))
    if args.output:
        with open(args.output, 'w') as f:
            json.dump({'target': args.target, 'repeat': args.repeat, 'kernels': rows,
                       'totals': tot, 'kernels_compared': both}, f, indent=1)
    return 0


if __name__ == '__main__':
    sys.exit(main())
