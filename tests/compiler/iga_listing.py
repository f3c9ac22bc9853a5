# Copyright © 2026 kiln contributors
# SPDX-License-Identifier: MIT
"""What an instruction is in Intel's disassembler's listing (`iga64 -d`,
Debian's libigc-tools), for compile_corpus_intel.py's check of brw's
encoding and bench/compile's Intel table, so that both count the same
thing: the lines iga64 decodes, less labels and the sync.nop and nop
scoreboard waits that do no work."""
import re


def iga_instruction_lines(text):
    """The instruction lines of iga64's disassembly, comments stripped,
    less labels and sync.nop and nop."""
    for line in text.splitlines():
        line = line.split("//")[0].strip()
        if not line or re.match(r"^[A-Za-z_][\w.]*:$", line):
            continue
        # an optional predicate, then the mnemonic
        words = line.split()
        mnemonic = words[1] if words[0].startswith("(") and len(words) > 1 else words[0]
        if mnemonic in ("sync.nop", "nop"):
            continue
        yield line
