#!/usr/bin/python3
# Copyright © 2026 kiln contributors
# SPDX-License-Identifier: MIT
"""tests/clang/hsa's loader against LLVM's own view of the same code object.

Each source is compiled by clang-15 twice, to a code object and to
assembly.  hsa_inspect prints what tests/clang/hsa read from the code object; the
expected values come from elsewhere:
  - clang's assembly: the `.amdhsa_*` directives the kernel descriptor was
    assembled from, turned into COMPUTE_PGM_RSRC1/2/3 and
    kernel_code_properties bits with the field layout of LLVM's AMDGPUUsage
    ("Kernel Descriptor", "compute_pgm_rsrc1/2/3 for GFX6-GFX11"),
  - `llvm-readobj --notes`: the argument metadata (offset, size, kind),
  - `llvm-readobj --symbols`: where KERNEL and KERNEL.kd are,
  - `llvm-readobj -r`: the dynamic relocations (a relocated pointer must
    read load VA + addend),
and the dispatch state from `--prepare` must put the user SGPRs where
AMDGPUUsage's "Initial Kernel Execution State" order puts them.
Exits non-zero and names every mismatch.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

LOAD_VA = 0x40000000

# AMDGPUUsage "Kernel Descriptor": kernel_code_properties bits.
PROPERTY_BITS = {
    'user_sgpr_private_segment_buffer': 0,
    'user_sgpr_dispatch_ptr': 1,
    'user_sgpr_queue_ptr': 2,
    'user_sgpr_kernarg_segment_ptr': 3,
    'user_sgpr_dispatch_id': 4,
    'user_sgpr_flat_scratch_init': 5,
    'user_sgpr_private_segment_size': 6,
    'wavefront_size32': 10,
    'uses_dynamic_stack': 11,
}
# "Initial Kernel Execution State": user SGPRs in order, with sizes.
USER_SGPR_ORDER = [
    ('user_sgpr_private_segment_buffer', 4),
    ('user_sgpr_dispatch_ptr', 2),
    ('user_sgpr_queue_ptr', 2),
    ('user_sgpr_kernarg_segment_ptr', 2),
    ('user_sgpr_dispatch_id', 2),
    ('user_sgpr_flat_scratch_init', 2),
    ('user_sgpr_private_segment_size', 1),
]
# compute_pgm_rsrc2 fields (bit, width).
RSRC2_FIELDS = {
    'system_sgpr_private_segment_wavefront_offset': (0, 1),
    'user_sgpr_count': (1, 5),
    'system_sgpr_workgroup_id_x': (7, 1),
    'system_sgpr_workgroup_id_y': (8, 1),
    'system_sgpr_workgroup_id_z': (9, 1),
    'system_sgpr_workgroup_info': (10, 1),
    'system_vgpr_workitem_id': (11, 2),
    'exception_fp_ieee_invalid_op': (24, 1),
    'exception_fp_denorm_src': (25, 1),
    'exception_fp_ieee_div_zero': (26, 1),
    'exception_fp_ieee_overflow': (27, 1),
    'exception_fp_ieee_underflow': (28, 1),
    'exception_fp_ieee_inexact': (29, 1),
    'exception_int_div_zero': (30, 1),
}
# compute_pgm_rsrc1 fields (bit, width), GFX10.
RSRC1_FIELDS = {
    'float_round_mode_32': (12, 2),
    'float_round_mode_16_64': (14, 2),
    'float_denorm_mode_32': (16, 2),
    'float_denorm_mode_16_64': (18, 2),
    'dx10_clamp': (21, 1),
    'ieee_mode': (23, 1),
    'fp16_overflow': (26, 1),
    'workgroup_processor_mode': (29, 1),
    'memory_ordered': (30, 1),
    'forward_progress': (31, 1),
}

failures = []


def check(what, got, want):
    if got != want:
        failures.append('%s: got %r, expected %r' % (what, got, want))


def field(word, bit, width):
    return (word >> bit) & ((1 << width) - 1)


def run(cmd):
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit('check_hsa_loader: %s failed:\n%s' % (' '.join(cmd), r.stderr))
    return r.stdout


def parse_asm(text):
    """{kernel: {directive without .amdhsa_: int}} from .amdhsa_kernel blocks."""
    kernels, cur = {}, None
    for line in text.splitlines():
        s = line.strip()
        m = re.match(r'^\.amdhsa_kernel\s+(\S+)', s)
        if m:
            cur = kernels.setdefault(m.group(1), {})
            continue
        if s.startswith('.end_amdhsa_kernel'):
            cur = None
            continue
        m = re.match(r'^\.amdhsa_(\w+)\s+(-?\d+)$', s)
        if cur is not None and m:
            cur[m.group(1)] = int(m.group(2))
    return kernels


def parse_notes(text):
    """{kernel: {'args': [(kind, offset, size)], 'kernarg_segment_size': n}}
    from llvm-readobj's YAML rendering of the metadata."""
    kernels, cur, arg = {}, None, None
    in_args = False
    for line in text.splitlines():
        m = re.match(r'^  - \.args:', line)
        if m:
            cur = {'args': []}
            in_args = True
            continue
        if cur is None:
            continue
        m = re.match(r'^      - (\.\w+):\s*(.*)$', line)
        if in_args and m:
            arg = {}
            cur['args'].append(arg)
            arg[m.group(1)] = m.group(2).strip()
            continue
        m = re.match(r'^        (\.\w+):\s*(.*)$', line)
        if in_args and m and arg is not None:
            arg[m.group(1)] = m.group(2).strip()
            continue
        m = re.match(r'^    (\.\w+):\s*(.*)$', line)
        if m:
            in_args = False
            cur[m.group(1)] = m.group(2).strip()
            if m.group(1) == '.name':
                kernels[m.group(2).strip()] = cur
    return kernels


def parse_symbols(text):
    syms, name = {}, None
    for line in text.splitlines():
        m = re.match(r'^\s+Name: (\S+) \(\d+\)', line)
        if m:
            name = m.group(1)
            continue
        m = re.match(r'^\s+Value: 0x([0-9A-Fa-f]+)', line)
        if m and name:
            syms[name] = int(m.group(1), 16)
            name = None
    return syms


def parse_relocs(text):
    """[(offset, type, addend)] from llvm-readobj -r."""
    out = []
    for line in text.splitlines():
        m = re.match(r'^\s+0x([0-9A-Fa-f]+) (R_AMDGPU_\w+) \S+ 0x([0-9A-Fa-f]+)',
                     line)
        if m:
            out.append((int(m.group(1), 16), m.group(2), int(m.group(3), 16)))
    return out


def check_kernel(src, k, asm, notes, syms):
    name = k['name']
    tag = '%s: %s' % (os.path.basename(src), name)
    a = asm.get(name)
    n = notes.get(name)
    if a is None or n is None:
        failures.append('%s: not in the assembly or the metadata' % tag)
        return
    check(tag + ' descriptor_va', k['descriptor_va'], LOAD_VA + syms[name + '.kd'])
    check(tag + ' code_va', k['code_va'], LOAD_VA + syms[name])
    check(tag + ' group_segment_fixed_size', k['group_segment_fixed_size'],
          a['group_segment_fixed_size'])
    check(tag + ' private_segment_fixed_size', k['private_segment_fixed_size'],
          a['private_segment_fixed_size'])
    check(tag + ' kernarg_size', k['kernarg_size'], a['kernarg_size'])
    for d, bit in PROPERTY_BITS.items():
        if d in a:
            check('%s kernel_code_properties.%s' % (tag, d),
                  field(k['kernel_code_properties'], bit, 1), a[d])
    for d, (bit, width) in RSRC2_FIELDS.items():
        if d in a:
            check('%s rsrc2.%s' % (tag, d), field(k['rsrc2'], bit, width), a[d])
    for d, (bit, width) in RSRC1_FIELDS.items():
        if d in a:
            check('%s rsrc1.%s' % (tag, d), field(k['rsrc1'], bit, width), a[d])
    # VGPR granules: 8 registers each in wave32, 4 in wave64 (GFX10).
    granule = 8 if a.get('wavefront_size32') else 4
    check(tag + ' rsrc1.granulated_workitem_vgpr_count', field(k['rsrc1'], 0, 6),
          (max(a['next_free_vgpr'], 1) + granule - 1) // granule - 1)
    check(tag + ' rsrc3.shared_vgpr_count', field(k['rsrc3'], 0, 4),
          a.get('shared_vgpr_count', 0))

    check(tag + ' kernarg_segment_size', k['kernarg_segment_size'],
          int(n['.kernarg_segment_size']))
    check(tag + ' wavefront_size', k['wavefront_size'], int(n['.wavefront_size']))
    check(tag + ' sgpr_count', k['sgpr_count'], int(n['.sgpr_count']))
    check(tag + ' vgpr_count', k['vgpr_count'], int(n['.vgpr_count']))
    check(tag + ' max_flat_workgroup_size', k['max_flat_workgroup_size'],
          int(n['.max_flat_workgroup_size']))
    want_args = [(x['.value_kind'], int(x['.offset']), int(x['.size']))
                 for x in n['args']]
    got_args = [(x['value_kind'], x['offset'], x['size']) for x in k['args']]
    check(tag + ' args', got_args, want_args)

    d = k.get('dispatch')
    if d is None:
        failures.append('%s: prepare failed: %s' % (tag, k.get('prepare_error')))
        return
    check(tag + ' dispatch pgm_va', d['pgm_va'], k['code_va'])
    check(tag + ' dispatch wave_size', d['wave_size'],
          32 if a.get('wavefront_size32') else 64)
    check(tag + ' dispatch group_size', d['group_size'], [32, 2, 1])
    check(tag + ' dispatch group_count', d['group_count'], [2, 1, 2])
    check(tag + ' dispatch rsrc2 without LDS_SIZE/SCRATCH_EN',
          d['rsrc2'] & ~(0x1ff << 15) & ~1, k['rsrc2'] & ~(0x1ff << 15) & ~1)
    # LDS: the static size plus 64 bytes per local pointer argument (what
    # hsa_inspect --prepare asks for), each 16-byte aligned, in 512-byte
    # granules.
    lds = a['group_segment_fixed_size']
    for kind, _, _ in want_args:
        if kind == 'dynamic_shared_pointer':
            lds = (lds + 15) // 16 * 16 + 64
    check(tag + ' dispatch rsrc2.lds_size', field(d['rsrc2'], 15, 9),
          (lds + 511) // 512)
    private = a['private_segment_fixed_size']
    check(tag + ' dispatch rsrc2.scratch_en', field(d['rsrc2'], 0, 1),
          1 if private else 0)
    if private:
        wave = d['wave_size']
        check(tag + ' tmpring wave size covers the private segment',
              field(d['tmpring_size'], 12, 18) * 1024 >= private * wave, True)
        check(tag + ' tmpring waves cover a work-group',
              field(d['tmpring_size'], 0, 12) >= 64 * 2 // wave, True)
    # User SGPRs in the documented order.
    pos, where = 0, {}
    for flag, size in USER_SGPR_ORDER:
        if a.get(flag):
            where[flag] = pos
            pos += size
    check(tag + ' user SGPRs enabled', pos, a['user_sgpr_count'])
    ud = d['user_data']

    def pair(flag):
        i = where[flag]
        return ud[i] | ud[i + 1] << 32

    if 'user_sgpr_kernarg_segment_ptr' in where:
        ka = pair('user_sgpr_kernarg_segment_ptr')
        check(tag + ' kernarg segment pointer is 64-byte aligned in the heap',
              ka % 64 == 0 and ka >= LOAD_VA + 0x1000, True)
    if 'user_sgpr_dispatch_ptr' in where:
        dp = pair('user_sgpr_dispatch_ptr')
        check(tag + ' dispatch pointer is 64-byte aligned in the heap',
              dp % 64 == 0 and dp >= LOAD_VA + 0x1000, True)
    if 'user_sgpr_private_segment_buffer' in where:
        i = where['user_sgpr_private_segment_buffer']
        check(tag + ' private segment buffer base',
              ud[i] | (ud[i + 1] & 0xffff) << 32, d['scratch_va'])
        check(tag + ' private segment buffer swizzled, ADD_TID',
              (ud[i + 1] >> 31, (ud[i + 3] >> 23) & 1), (1, 1))
    if 'user_sgpr_flat_scratch_init' in where:
        check(tag + ' flat scratch init', pair('user_sgpr_flat_scratch_init'),
              d['scratch_va'])


def check_corrupt(inspect, co, tmp):
    """Damaged code objects are refused with a message, never a crash."""
    data = open(co, 'rb').read()
    cases = [('truncated to %d bytes' % n, data[:n])
             for n in (0, 16, 63, 64, 200, len(data) // 2, len(data) - 1)]
    bad_machine = bytearray(data)
    bad_machine[18:20] = (62).to_bytes(2, 'little')  # EM_X86_64
    cases.append(('e_machine EM_X86_64', bytes(bad_machine)))
    bad_class = bytearray(data)
    bad_class[4] = 1  # ELFCLASS32
    cases.append(('ELFCLASS32', bytes(bad_class)))
    bad_phoff = bytearray(data)
    bad_phoff[32:40] = (len(data) - 8).to_bytes(8, 'little')
    cases.append(('e_phoff past the end', bytes(bad_phoff)))
    path = os.path.join(tmp, 'bad.co')
    for what, blob in cases:
        with open(path, 'wb') as f:
            f.write(blob)
        r = subprocess.run([inspect, path, hex(LOAD_VA)], capture_output=True,
                           text=True)
        check('%s is refused with a message' % what,
              (r.returncode, 'hsa_inspect: ' in r.stderr), (1, True))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--inspect', required=True)
    ap.add_argument('--clang', default='clang-15')
    ap.add_argument('--readobj', default='llvm-readobj-15')
    ap.add_argument('--device-libs', required=True)
    ap.add_argument('sources', nargs='+')
    args = ap.parse_args()

    total = 0
    with tempfile.TemporaryDirectory(prefix='kiln-hsa-loader-') as tmp:
        for src in args.sources:
            base = [args.clang, '-x', 'cl', '-cl-std=CL2.0', '-target',
                    'amdgcn-amd-amdhsa', '-mcpu=gfx1030', '-O3',
                    '--rocm-device-lib-path=' + args.device_libs, src]
            co = os.path.join(tmp, 'k.co')
            run(base + ['-o', co])
            asm = parse_asm(run(base + ['-S', '-o', '-']))
            notes = parse_notes(run([args.readobj, '--notes', co]))
            syms = parse_symbols(run([args.readobj, '--symbols', co]))
            relocs = parse_relocs(run([args.readobj, '-r', co]))
            cmd = [args.inspect, co, hex(LOAD_VA), '--prepare']
            for off, _, _ in relocs:
                cmd += ['--peek', str(off)]
            got = json.loads(run(cmd))
            check('%s kernels' % src, sorted(k['name'] for k in got['kernels']),
                  sorted(asm))
            check('%s code object version' % src, got['code_object_version'], 4)
            for off, rtype, addend in relocs:
                if rtype == 'R_AMDGPU_RELATIVE64':
                    check('%s %s at 0x%x' % (src, rtype, off),
                          got['peek'][str(off)], LOAD_VA + addend)
            for k in got['kernels']:
                check_kernel(src, k, asm, notes, syms)
                total += 1
            check_corrupt(args.inspect, co, tmp)
            print('%s: %d kernels, %d relocations checked'
                  % (os.path.basename(src), len(got['kernels']), len(relocs)))
    for f in failures:
        print('FAIL ' + f)
    print('%d kernels, %d failures' % (total, len(failures)))
    return 1 if failures or total == 0 else 0


if __name__ == '__main__':
    sys.exit(main())
