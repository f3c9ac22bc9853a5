#!/usr/bin/env bash
# kiln's main job: build, then compile a sample kernel and show its machine code and statistics.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
bash ci/build.sh >/dev/null
build=${KILN_BUILD_DIR:-build}
"$build/src/tools/kilnc" --dump asm --stats-json tests/kernels/sample/vadd.cl
