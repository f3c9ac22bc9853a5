#!/usr/bin/env bash
# Builds kiln's checked configuration (assertions and NIR validation on, in
# build-checked/) and runs every test; the last line is
# "N passed, N failed, N skipped". Arguments go to meson test.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
source ci/lib.sh
export KILN_CHECKED=1
# The OpenCL API, corpus-through-the-ICD and piglit tests need kiln's ICD.
export KILN_OPENCL=${KILN_OPENCL:-1}
bash ci/build.sh || { echo "0 passed, 1 failed, 0 skipped"; exit 1; }
build=${KILN_BUILD_DIR:-build-checked}

kiln_step "running the tests in $build"
meson test -C "$build" --no-rebuild --print-errorlogs --num-processes "$(nproc)" "$@"
status=$?

# meson's summary counts become the closing line CI reads.
log=$build/meson-logs/testlog.txt
count() { sed -n "s/^$1: *\([0-9]*\) *\$/\1/p" "$log" | tail -n1; }
ok=$(count Ok); expfail=$(count 'Expected Fail')
fail=$(count Fail); unexpass=$(count 'Unexpected Pass'); timeout=$(count Timeout)
skip=$(count Skipped)
passed=$(( ${ok:-0} + ${expfail:-0} ))
failed=$(( ${fail:-0} + ${unexpass:-0} + ${timeout:-0} ))
[ $status -eq 0 ] || [ "$failed" -gt 0 ] || failed=1
echo "$passed passed, $failed failed, ${skip:-0} skipped"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
