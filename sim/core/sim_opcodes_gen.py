# Copyright © 2026 kiln contributors
# SPDX-License-Identifier: MIT
#
# Generates the emulator's gfx1030 opcode tables from Mesa ACO's own opcode
# data (src/amd/compiler/aco_opcodes.py), so that no opcode number is typed
# by hand: for every instruction with a GFX10 encoding it emits its name,
# encoding family and opcode number, plus per-family lookup arrays from
# opcode number to SIM_OP_*.  Semantics are bound to these by name in the
# family files (sim_sop.c, sim_mem_*.c, valu/...).
#
# The facts the emulator needs beyond ACO's (register counts of scalar
# operands, memory element sizes and sign extension, d16 halves, atomic
# operations, DS pair strides, operand layouts) are worked out here from
# the opcode names, once, at build time, the way aco_opcodes.py derives
# operand sizes: the emulator reads them as data and never looks at a name.
#
# usage: sim_opcodes_gen.py <path to aco_opcodes.py> <out.h> <out.c>

import os
import re
import sys

aco_path = sys.argv[1]
sys.path.insert(0, os.path.dirname(os.path.abspath(aco_path)))
import aco_opcodes as aco  # noqa: E402

F = aco.Format

# Encoding families the emulator decodes, with the size of their opcode
# space on GFX10 (bits of the opcode field).
FAMILIES = [
    ('SOP1', F.SOP1, 256), ('SOP2', F.SOP2, 128), ('SOPK', F.SOPK, 32),
    ('SOPP', F.SOPP, 128), ('SOPC', F.SOPC, 128), ('SMEM', F.SMEM, 256),
    ('DS', F.DS, 256), ('MTBUF', F.MTBUF, 16), ('MUBUF', F.MUBUF, 256),
    ('MIMG', F.MIMG, 256), ('EXP', F.EXP, 1), ('FLAT', F.FLAT, 128),
    ('GLOBAL', F.GLOBAL, 128), ('SCRATCH', F.SCRATCH, 128),
    ('VINTRP', F.VINTRP, 4), ('VOP1', F.VOP1, 256), ('VOP2', F.VOP2, 64),
    ('VOPC', F.VOPC, 256), ('VOP3', F.VOP3, 1024), ('VOP3P', F.VOP3P, 128),
]

fam_of = {fmt: name for name, fmt, _ in FAMILIES}

ops = []
for ins in aco.instructions.values():
    if ins.format not in fam_of:
        continue
    num = ins.op.gfx10
    if num < 0:
        continue
    ops.append(ins)

ops.sort(key=lambda i: ([f[1] for f in FAMILIES].index(i.format), i.op.gfx10, i.name))

lookup = {name: [-1] * size for name, _, size in FAMILIES}
for idx, ins in enumerate(ops):
    fam = fam_of[ins.format]
    table = lookup[fam]
    num = ins.op.gfx10
    assert num < len(table), (ins.name, num)
    # GFX10.3 replaced the legacy mad/mac with fma/fmac at the same opcode:
    # keep the GFX10.3 one.
    if table[num] != -1:
        prev = ops[table[num]].name
        if prev in ('v_fma_legacy_f32', 'v_fmac_legacy_f32'):
            continue
    table[num] = idx

# ---------------------------------------------------------------------------
# Facts derived from the names.

# Operand-layout flags (enum sim_op_flag), with what each says.
FLAGS = [
    ('BRANCH', 'SOPP: SIMM16 is a signed branch offset in dwords'),
    ('VSHARP', 'SMEM: SBASE holds a buffer descriptor, not an address'),
    ('STORE', 'memory: writes memory from the data registers'),
    ('CMPSWAP', 'atomic compare-and-swap: the data holds the value and the compare value'),
    ('D16', 'memory: 16-bit data in half of each register'),
    ('FORMAT', 'MUBUF/MTBUF: converts through a buffer format (data_dwords components)'),
    ('DS_PAIR', 'DS: two addresses, OFFSET0 and OFFSET1'),
    ('SAMPLER', 'MIMG: takes a sampler (SSAMP)'),
    ('LITERAL', 'VOP1/VOP2/VOPC: a literal constant always follows (madmk, fmaak ...)'),
]

MEM_KINDS = ['NONE', 'LOAD', 'STORE', 'ATOMIC']

ATOMICS = ['SWAP', 'CMPSWAP', 'ADD', 'SUB', 'RSUB', 'SMIN', 'UMIN', 'SMAX', 'UMAX', 'AND',
           'OR', 'XOR', 'INC', 'DEC', 'FMIN', 'FMAX', 'FADD', 'FCMPSWAP', 'MSKOR', 'CSUB']

# The operation word of an atomic's name (after the segment prefix).
ATOMIC_WORDS = {
    'swap': 'SWAP', 'wrxchg': 'SWAP', 'cmpswap': 'CMPSWAP', 'cmpst': 'CMPSWAP',
    'fcmpswap': 'FCMPSWAP', 'add': 'ADD', 'sub': 'SUB', 'rsub': 'RSUB', 'csub': 'CSUB',
    'smin': 'SMIN', 'umin': 'UMIN', 'smax': 'SMAX', 'umax': 'UMAX', 'and': 'AND',
    'or': 'OR', 'xor': 'XOR', 'inc': 'INC', 'dec': 'DEC', 'fmin': 'FMIN', 'fmax': 'FMAX',
    'mskor': 'MSKOR',
}

# Name fragments that give the dwords of data a memory opcode moves per lane
# (or per element of a DS pair, or of SDATA for SMEM): the first that occurs
# wins; none means one dword.
DWORD_FRAGMENTS = [
    ('dwordx16', 16), ('dwordx8', 8), ('dwordx4', 4), ('dwordx3', 3),
    ('cmpswap_x2', 4), ('dwordx2', 2), ('xyzw', 4), ('xyz', 3), ('_xy', 2), ('b128', 4),
    ('b96', 3), ('b64', 2), ('_x2', 2), ('cmpswap', 2),
]


def data_dwords(name):
    for frag, dwords in DWORD_FRAGMENTS:
        if frag in name:
            return dwords
    return 1


def scalar_regs(name):
    """SGPRs of a scalar op's destination and of each source, from the type
    suffixes: s_mov_b64 -> 2, 2; s_bcnt1_i32_b64 -> 1, 2."""
    last = name.rfind('_')
    prev = name.rfind('_', 0, last)
    src = 2 if '64' in name[last:] else 1
    prev_is_type = prev >= 0 and name[prev + 1] in 'biu' and name[prev + 2].isdigit()
    if not prev_is_type:
        return src, src
    return (2 if name[prev + 2:prev + 4] == '64' else 1), src


class MemOp:
    """What one lane's access does: struct sim_mem_op."""

    def __init__(self):
        self.kind = 'NONE'
        self.bytes = 0
        self.dwords = 0
        self.atomic = 'SWAP'
        self.sext = self.d16 = self.hi = self.rtn = False
        self.pair_stride = 0


def vmem_op(n):
    """FLAT, GLOBAL, SCRATCH and MUBUF names after the segment prefix:
    load_ubyte[_d16[_hi]], store_short_d16_hi, atomic_add_x2 ..."""
    m = MemOp()
    if 'format' in n or 'addtid' in n or 'inv' in n:
        return m
    m.d16 = '_d16' in n
    m.hi = '_hi' in n
    if n.startswith('load_') or n.startswith('store_'):
        m.kind = 'LOAD' if n.startswith('load_') else 'STORE'
        t = n.split('_', 1)[1]
        m.dwords = 1
        if 'byte' in t:
            m.bytes = 1
        elif 'short' in t:
            m.bytes = 2
        else:
            m.bytes = 4
            m.dwords = data_dwords(t)
        m.sext = t[0] == 's' and m.bytes < 4
        return m
    if n.startswith('atomic_'):
        t = n[len('atomic_'):]
        word = t.split('_')[0]
        if word in ATOMIC_WORDS:
            m.kind = 'ATOMIC'
            m.atomic = ATOMIC_WORDS[word]
            m.bytes = 4
            m.dwords = 2 if '_x2' in t else 1
            return m
    return MemOp()


def ds_op(name):
    """DS names: ds_read_b32, ds_read_u8_d16_hi, ds_write2st64_b64,
    ds_add_rtn_u32, ds_cmpst_b64 ...  Swizzles, permutes, append/consume
    and the GWS operations have their own semantics and no descriptor."""
    m = MemOp()
    n = name[len('ds_'):]
    if 'src2' in n or 'addtid' in n or '_' not in n:
        return m
    m.d16 = '_d16' in n
    m.hi = '_hi' in n
    # The element type: the last word, or for d16 forms the 8- or 16-bit one.
    if m.d16:
        typ = next((t for t in ('u8', 'i8', 'b8') if '_' + t in n), 'u16')
    else:
        typ = n.rsplit('_', 1)[1]
    digits = re.match(r'[0-9]*', typ[1:]).group()
    bits = int(digits) if digits else 0
    m.bytes = 1 if bits == 8 else 2 if bits == 16 else 4
    m.dwords = 1 if bits <= 32 else bits // 32
    m.sext = typ[0] == 'i' and bits < 32
    word = n.split('_')[0]
    if n.startswith('read2') or n.startswith('write2'):
        m.kind = 'LOAD' if n[0] == 'r' else 'STORE'
        m.pair_stride = m.dwords * 4 * (64 if 'st64' in n else 1)
    elif n.startswith('read_'):
        m.kind = 'LOAD'
    elif n.startswith('write_'):
        m.kind = 'STORE'
    elif word in ATOMIC_WORDS:
        m.kind = 'ATOMIC'
        m.atomic = ATOMIC_WORDS[word]
        m.rtn = '_rtn' in n
        if m.atomic == 'ADD' and typ[0] == 'f':
            m.atomic = 'FADD'
        if m.atomic == 'CMPSWAP' and typ[0] == 'f':
            m.atomic = 'FCMPSWAP'
    elif word in ('min', 'max'):
        m.kind = 'ATOMIC'
        m.rtn = '_rtn' in n
        sign = 'F' if typ[0] == 'f' else 'S' if typ[0] == 'i' else 'U'
        m.atomic = sign + word.upper()
    else:
        return MemOp()
    if m.kind == 'NONE':
        return MemOp()
    return m


def ds_operands(name, dwords, pair):
    """The registers of VDST (0: none) and the number of data operands
    (DATA0, DATA1) of a DS instruction."""
    if 'read' in name or 'swizzle' in name or 'permute' in name:
        return (2 * dwords if pair else dwords), (1 if 'permute' in name else 0)
    if 'write2' in name:
        return 0, 2
    if '_rtn_' in name:
        return dwords, (2 if 'cmpst' in name or 'mskor' in name else 1)
    return 0, 1


def mimg_addr(name):
    """The address components of an image opcode besides its coordinates,
    in the ISA's order (struct sim_opcode.mimg_addr): before them the
    offset (_o), bias (_b) and compare value (_c), and the derivatives
    (_d, _cd); after them the LOD (_l), clamp (_cl) or mip level (_mip).
    image_get_resinfo takes a mip level and no coordinates."""
    words = name.split('_')[1:]
    if words[0] in ('sample', 'gather4'):
        mods = words[1:]
        pre = sum(m in mods for m in ('o', 'b', 'c'))
        post = sum(m in mods for m in ('l', 'cl'))
        deriv = 'd' in mods or 'cd' in mods
    else:
        pre, post, deriv = 0, int('mip' in words), False
    no_coords = words[:2] == ['get', 'resinfo']
    if no_coords:
        post = 1
    return pre | post << 2 | deriv << 4 | no_coords << 5


PREFIX = {'GLOBAL': 'global_', 'FLAT': 'flat_', 'SCRATCH': 'scratch_', 'MUBUF': 'buffer_'}


class Facts:
    def __init__(self, ins):
        fam = fam_of[ins.format]
        name = ins.name
        self.flags = []
        self.data_dwords = data_dwords(name)
        self.dst_regs = self.src_regs = self.data_srcs = 0
        self.mem = MemOp()
        self.mimg_addr = mimg_addr(name) if fam == 'MIMG' else 0

        if fam in ('SOP1', 'SOP2', 'SOPK', 'SOPC'):
            self.dst_regs, self.src_regs = scalar_regs(name)
        if fam == 'SOPP' and (name.startswith('s_branch') or name.startswith('s_cbranch')):
            self.flags.append('BRANCH')
        if fam == 'SMEM' and 'buffer' in name:
            self.flags.append('VSHARP')
        if 'store' in name:
            self.flags.append('STORE')
        if 'cmpswap' in name:
            self.flags.append('CMPSWAP')
        if 'd16' in name:
            self.flags.append('D16')
        if fam in ('MUBUF', 'MTBUF') and '_format_' in name and 'd16_hi' not in name:
            # the components are the x/xy/xyz/xyzw suffix
            assert len(name.rsplit('_', 1)[1]) == self.data_dwords, name
            self.flags.append('FORMAT')
        if fam == 'MIMG' and ('sample' in name or 'gather' in name):
            self.flags.append('SAMPLER')
        if fam in ('VOP1', 'VOP2', 'VOPC') and ('mk_' in name or 'ak_' in name):
            self.flags.append('LITERAL')

        if fam in PREFIX:
            self.mem = vmem_op(name[len(PREFIX[fam]):])
        if fam == 'MIMG' and name.startswith('image_atomic_'):
            self.mem = vmem_op(name[len('image_'):])
        if fam in ('FLAT', 'GLOBAL', 'SCRATCH') and 'STORE' not in self.flags:
            # VGPRs returned to VDST: a compare-and-swap returns the old
            # value, half its data.
            cmpswap = ins.is_atomic == '1' and 'CMPSWAP' in self.flags
            self.dst_regs = self.data_dwords // 2 if cmpswap else self.data_dwords
        if fam == 'DS':
            self.mem = ds_op(name)
            if 'read2' in name or 'write2' in name or '2st64' in name:
                self.flags.append('DS_PAIR')
            self.dst_regs, self.data_srcs = ds_operands(name, self.data_dwords,
                                                        'DS_PAIR' in self.flags)


facts = [Facts(ins) for ins in ops]

# ---------------------------------------------------------------------------
# Output.


def c_bool(v):
    return 'true' if v else 'false'


def c_flags(names):
    return ' | '.join('SIM_OPF_' + f for f in names) if names else '0'


with open(sys.argv[2], 'w') as h:
    h.write('/* Generated by sim_opcodes_gen.py from Mesa aco_opcodes.py. */\n')
    h.write('#ifndef SIM_OPCODES_H\n#define SIM_OPCODES_H\n\n#include <stdint.h>\n#include <stdbool.h>\n\n')
    h.write('enum sim_format {\n')
    for name, _, _ in FAMILIES:
        h.write('   SIM_FMT_%s,\n' % name)
    h.write('   SIM_FMT_COUNT,\n};\n\n')
    h.write('enum sim_op {\n')
    for ins in ops:
        h.write('   SIM_OP_%s,\n' % ins.name)
    h.write('   SIM_OP_COUNT,\n};\n\n')
    h.write('/* Operand layouts, for decoding and disassembly. */\nenum sim_op_flag {\n')
    for i, (name, what) in enumerate(FLAGS):
        h.write('   SIM_OPF_%s = 1 << %d, /* %s */\n' % (name, i, what))
    h.write('};\n\n')
    h.write('''/* One GFX10 opcode: its ACO name (which kiln_sim_disasm prints), encoding
 * family and opcode number within it, ACO's notion of its operand size
 * (the width inline constants take: 16, 32 or 64; 0 = mixed), and the
 * register counts of its operands. */
struct sim_opcode {
   const char *name;
   uint8_t format;       /* enum sim_format */
   uint8_t operand_size;
   uint16_t opcode;
   bool input_mod, output_mod, is_atomic;
   uint8_t data_dwords;  /* memory: dwords of data per lane (per element of
                            a DS pair; SMEM: of SDATA; formats: components) */
   uint8_t dst_regs;     /* SOP1/2/K/C: SGPRs of SDST; FLAT/GLOBAL/SCRATCH:
                            VGPRs an atomic or load returns; DS: VGPRs of
                            VDST, 0 when it has none */
   uint8_t src_regs;     /* SOP1/2/K/C: SGPRs of each source */
   uint8_t data_srcs;    /* DS: data operands it reads (DATA0, DATA1) */
   uint16_t flags;       /* enum sim_op_flag */
   uint8_t mimg_addr;    /* MIMG: SIM_MIMG_ADDR_* */
};

/* The address components of an image opcode besides the coordinates its
 * DIM names: how many come before them (offset, bias, compare) and after
 * them (LOD, clamp or mip level), whether derivatives come before them,
 * and whether it takes no coordinates at all (image_get_resinfo). */
#define SIM_MIMG_ADDR_PRE(a) ((a) & 3)
#define SIM_MIMG_ADDR_POST(a) (((a) >> 2) & 3)
#define SIM_MIMG_ADDR_DERIV(a) (((a) >> 4) & 1)
#define SIM_MIMG_ADDR_NO_COORDS(a) (((a) >> 5) & 1)

extern const struct sim_opcode sim_opcodes[SIM_OP_COUNT];

''')
    h.write('enum sim_mem_kind {\n')
    for k in MEM_KINDS:
        h.write('   SIM_MEM_%s,\n' % k)
    h.write('};\n\nenum sim_atomic {\n')
    for a in ATOMICS:
        h.write('   SIM_AT_%s,\n' % a)
    h.write('};\n\n')
    h.write('''/* What a vector memory opcode does per lane (FLAT, GLOBAL, SCRATCH,
 * MUBUF without format conversion, DS reads, writes and atomics); kind is
 * SIM_MEM_NONE for every other opcode. */
struct sim_mem_op {
   uint8_t kind;         /* enum sim_mem_kind */
   uint8_t bytes;        /* element bytes: 1, 2, or 4 (then dwords of them) */
   uint8_t dwords;       /* dwords moved per lane (value dwords for atomics) */
   uint8_t atomic;       /* enum sim_atomic */
   bool sext, d16, hi;   /* sign-extend; d16 half-register; its high half */
   bool rtn;             /* DS atomics: returns the old value */
   uint16_t pair_stride; /* DS read2/write2: bytes per OFFSET0/OFFSET1 unit
                            (x 64 for st64); 0 for one address */
};

extern const struct sim_mem_op sim_mem_ops[SIM_OP_COUNT];

/* Per family: opcode number -> enum sim_op, or -1 where GFX10 has none. */
extern const int16_t *const sim_op_lookup[SIM_FMT_COUNT];
extern const uint16_t sim_op_lookup_size[SIM_FMT_COUNT];
extern const char *const sim_format_names[SIM_FMT_COUNT];

static inline int
sim_op_find(enum sim_format fmt, unsigned opcode)
{
   return opcode < sim_op_lookup_size[fmt] ? sim_op_lookup[fmt][opcode] : -1;
}

#endif
''')

with open(sys.argv[3], 'w') as c:
    c.write('/* Generated by sim_opcodes_gen.py from Mesa aco_opcodes.py. */\n')
    c.write('#include "sim_opcodes.h"\n\n')
    c.write('const struct sim_opcode sim_opcodes[SIM_OP_COUNT] = {\n')
    for ins, f in zip(ops, facts):
        c.write('   [SIM_OP_%s] = {"%s", SIM_FMT_%s, %d, 0x%x, %s, %s, %s, %d, %d, %d, %d, %s, %d},\n' % (
            ins.name, ins.name, fam_of[ins.format], ins.operand_size, ins.op.gfx10,
            c_bool(ins.input_mod == '1'), c_bool(ins.output_mod == '1'),
            c_bool(ins.is_atomic == '1'), f.data_dwords, f.dst_regs, f.src_regs,
            f.data_srcs, c_flags(f.flags), f.mimg_addr))
    c.write('};\n\n')
    c.write('const struct sim_mem_op sim_mem_ops[SIM_OP_COUNT] = {\n')
    for ins, f in zip(ops, facts):
        m = f.mem
        if m.kind == 'NONE':
            continue
        c.write('   [SIM_OP_%s] = {SIM_MEM_%s, %d, %d, SIM_AT_%s, %s, %s, %s, %s, %d},\n' % (
            ins.name, m.kind, m.bytes, m.dwords, m.atomic, c_bool(m.sext), c_bool(m.d16),
            c_bool(m.hi), c_bool(m.rtn), m.pair_stride))
    c.write('};\n\n')
    for name, _, size in FAMILIES:
        c.write('static const int16_t lookup_%s[%d] = {' % (name.lower(), size))
        for i, v in enumerate(lookup[name]):
            if i % 16 == 0:
                c.write('\n  ')
            c.write(' %d,' % v)
        c.write('\n};\n\n')
    c.write('const int16_t *const sim_op_lookup[SIM_FMT_COUNT] = {\n')
    for name, _, _ in FAMILIES:
        c.write('   [SIM_FMT_%s] = lookup_%s,\n' % (name, name.lower()))
    c.write('};\n\nconst uint16_t sim_op_lookup_size[SIM_FMT_COUNT] = {\n')
    for name, _, size in FAMILIES:
        c.write('   [SIM_FMT_%s] = %d,\n' % (name, size))
    c.write('};\n\nconst char *const sim_format_names[SIM_FMT_COUNT] = {\n')
    for name, _, _ in FAMILIES:
        c.write('   [SIM_FMT_%s] = "%s",\n' % (name, name))
    c.write('};\n')
