#!/usr/bin/env bash
# Copyright © 2026 kiln contributors
# SPDX-License-Identifier: MIT
#
# bench_sim at two commits, side by side: what a change to the shader
# engine costs (or saves) in emulated lane-instructions per second.  Each
# commit's sim/ and bench/sim/ are compiled with the flags BUILD compiles
# sim/core with (its compile_commands.json) and linked with BUILD's Mesa
# util, so the two binaries differ only by the commits; they then run
# interleaved RUNS times, and the table gives the median per-core rate
# (CPU time, which stays honest on a shared machine) of every row of each,
# and B over A.  KILN_PROFILE_JSON=/dev/null in the environment measures
# the engine with its profile on instead.
#
# usage: bench/sim/compare_commits.sh BUILD COMMIT_A COMMIT_B [RUNS]
set -euo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "$1" && pwd)
a=$2 b=$3 runs=${4:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

flags=$(python3 - "$build/compile_commands.json" <<'PY'
import json, shlex, sys
for c in json.load(open(sys.argv[1])):
    if c['file'].endswith('sim/core/sim_dispatch.c'):
        args, keep, skip = shlex.split(c['command'])[1:], [], False
        for x in args:
            if skip:
                skip = False
            elif x in ('-o', '-MQ', '-MF', '-c'):
                skip = True
            elif not (x.startswith('-I') or x == '-MD' or x.startswith('-fdiagnostics')):
                keep.append(x)
        print(' '.join(shlex.quote(k) for k in keep))
        break
PY
)
# Mesa's tree, as ci/lib.sh names it from the wrap.
source "$top/ci/lib.sh"
mesa=$top/$kiln_mesa_src
util=$build/$kiln_mesa_src/src

build_at() {
   local commit=$1 out=$work/$1
   mkdir -p "$out/src"
   git -C "$top" archive "$commit" sim bench/sim tests/sim/core/sim_asm_gen.py | tar -x -C "$out/src"
   python3 "$out/src/sim/core/sim_opcodes_gen.py" "$mesa/src/amd/compiler/aco_opcodes.py" \
      "$out/sim_opcodes.h" "$out/sim_opcodes.c"
   python3 "$out/src/tests/sim/core/sim_asm_gen.py" "$(command -v llvm-mc-15 || command -v llvm-mc)" \
      "$(command -v llvm-objcopy-15 || command -v llvm-objcopy)" \
      "$out/src/bench/sim/bench_sim_kernels.s" "$out/bench_sim_kernels.h"
   local inc="-I$out/src/sim/core -I$out/src/sim/include -I$out -I$mesa/include -I$mesa/src
              -I$util -I$util/amd/common -I$mesa/src/amd/common"
   local objs=()
   for f in "$out"/src/sim/core/*.c "$out"/src/sim/core/valu/*.c "$out/sim_opcodes.c" \
            "$out/src/bench/sim/bench_sim.c"; do
      eval nice cc "$flags" $inc -c "$f" -o "$out/$(basename "$f").o"
      objs+=("$out/$(basename "$f").o")
   done
   cc -o "$out/bench_sim" "${objs[@]}" -Wl,--start-group "$util/util/libmesa_util.a" \
      "$util/util/libmesa_util_sse41.a" "$util/util/blake3/libblake3.a" \
      "$util/c11/impl/libmesa_util_c11.a" -Wl,--end-group -pthread -lm -lz -lzstd
}

build_at "$a"
build_at "$b"
for i in $(seq "$runs"); do
   "$work/$a/bench_sim" >>"$work/a.txt" 2>/dev/null
   "$work/$b/bench_sim" >>"$work/b.txt" 2>/dev/null
done
python3 - "$work/a.txt" "$work/b.txt" "$a" "$b" <<'PY'
import statistics, sys
def rows(path):
    out = {}
    for line in open(path):
        c = [x.strip() for x in line.split('|')[1:-1]]
        if len(c) >= 8 and c[1].isdigit():
            out.setdefault((c[0], c[1]), []).append(float(c[7]))
    return {k: statistics.median(v) for k, v in out.items()}
ra, rb = rows(sys.argv[1]), rows(sys.argv[2])
print('| kernel  | threads | %-14s | %-14s | B / A |' % (sys.argv[3][:14], sys.argv[4][:14]))
print('|---------|---------|----------------|----------------|-------|')
for k in ra:
    print('| %-7s | %7s | %9.1f M/s  | %9.1f M/s  | %5.3f |' % (k[0], k[1], ra[k], rb[k], rb[k] / ra[k]))
PY
