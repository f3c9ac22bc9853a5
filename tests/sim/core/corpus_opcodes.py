#!/usr/bin/env python3
# Copyright © 2026 kiln contributors
# SPDX-License-Identifier: MIT
#
# Writes corpus_opcodes.txt: one instance of every instruction encoding
# (family and opcode) that ACO emits for the kernels of kiln's corpus
# (tests/corpus/kernels.txt), as the machine words kilnc printed.  The
# opcode coverage test decodes each one on the emulator and fails when one
# has no semantics, so the file records what the corpus needs from the
# emulator without the sim tests depending on the compiler.  Regenerate it
# when the compiler or the corpus changes:
#
#   tests/sim/core/corpus_opcodes.py build/src/tools/kilnc > tests/sim/core/corpus_opcodes.txt

import os
import re
import shlex
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, '..', '..', '..'))
LINE = re.compile(r'^\s+(\S+).*;((?: [0-9a-f]{8})+)\s*$')


def family_key(words):
    """The encoding family and opcode bits of the first dword (and of the
    second for the families whose opcode spills into it): instructions
    that differ only in operands are one entry."""
    w0 = words[0]
    top6 = w0 >> 26
    if w0 >> 31 == 0:                          # VOP1, VOP2, VOPC
        if w0 >> 25 == 0x3f:
            return ('VOP1', (w0 >> 9) & 0xff)
        if w0 >> 25 == 0x3e:
            return ('VOPC', (w0 >> 17) & 0xff)
        return ('VOP2', w0 >> 25)
    if top6 in (0x35, 0x33):                   # VOP3, VOP3P
        return ('VOP3' if top6 == 0x35 else 'VOP3P', (w0 >> 16) & 0x3ff)
    if w0 >> 30 == 2:                          # scalar ALU and control
        for prefix, name, shift, mask in ((0x17d, 'SOP1', 8, 0xff), (0x17e, 'SOPC', 16, 0x7f),
                                           (0x17f, 'SOPP', 16, 0x7f)):
            if w0 >> 23 == prefix:
                return (name, (w0 >> shift) & mask)
        if w0 >> 28 == 0xb:
            return ('SOPK', (w0 >> 23) & 0x1f)
        return ('SOP2', (w0 >> 23) & 0x7f)
    if top6 == 0x3a:                           # MTBUF: opcode bit 3 in dword 1
        return ('MTBUF', ((w0 >> 16) & 7) | ((words[1] >> 21) & 1) << 3)
    if top6 == 0x37:                           # FLAT, SCRATCH, GLOBAL
        return ('FLAT%u' % ((w0 >> 14) & 3), (w0 >> 18) & 0x7f)
    return ('%x' % top6, (w0 >> 18) & 0xff)


def main():
    kilnc = sys.argv[1]
    builds = set()
    with open(os.path.join(ROOT, 'tests', 'corpus', 'kernels.txt')) as f:
        for line in f:
            if line.startswith('#') or not line.strip():
                continue
            path, _kernel, opts = shlex.split(line)
            builds.add((path, opts))

    seen = {}
    for path, opts in sorted(builds):
        cmd = [kilnc, '--dump', 'asm', os.path.join(ROOT, 'tests', 'kernels', path)]
        if opts:
            cmd += ['--'] + shlex.split(opts)
        run = subprocess.run(cmd, capture_output=True, text=True)
        if run.returncode != 0:
            sys.exit('corpus_opcodes.py: %s failed:\n%s' % (' '.join(cmd), run.stderr))
        out = run.stdout
        for asm in out.splitlines():
            m = LINE.match(asm)
            if not m:
                continue
            words = [int(x, 16) for x in m.group(2).split()]
            key = family_key(words)
            seen.setdefault(key, (m.group(1), words))

    print('# Copyright © 2026 kiln contributors')
    print('# SPDX-License-Identifier: MIT')
    print('#')
    print('# One instance of each instruction encoding ACO emits for the kernels of')
    print('# the kiln corpus (tests/corpus/kernels.txt), for the opcode coverage')
    print('# test, which requires each to have semantics on the emulator.  Written')
    print('# by corpus_opcodes.py: the mnemonic as LLVM prints it, then the words.')
    for key in sorted(seen, key=lambda k: (seen[k][0], k)):
        name, words = seen[key]
        print('%-28s %s' % (name, ' '.join('%08x' % w for w in words)))


if __name__ == '__main__':
    main()
