#!/usr/bin/env bash
# Copyright © 2026 kiln contributors
# SPDX-License-Identifier: MIT
#
# Sets up (ci/setup.sh) and builds kiln's fuzzing configuration in
# build-fuzz/: clang-15, libFuzzer's coverage instrumentation over kiln and
# Mesa alike (malformed SPIR-V crashes in vtn, NIR and ACO, so they must be
# instrumented too), ASan and UBSan, with Mesa's assertions on. It lives
# apart from the gcc builds in build/ and build-checked/, and only the fuzz
# targets and what they link are built. Rerunning with nothing changed is a
# no-op build.
#
#    ci/fuzz.sh              configure (once) and build
#    ci/fuzz.sh --test       then run the fuzz suite (a minute of fuzzing
#                            from the corpus kernels, and the regressions)
#    ci/fuzz.sh --minutes N  then fuzz kiln_compile() with SPIR-V for N
#                            minutes, going on past crashes, and print the
#                            executions, coverage (libFuzzer's cov: and ft:)
#                            and crashes; crash inputs are kept in
#                            build-fuzz/tests/fuzz/crashes/
#
# KILN_FUZZ_BUILD_DIR overrides the directory, KILN_FUZZ_JOBS ninja's -j
# (default: the number of cores). The compiler's output goes
# to build-fuzz.log beside it; a failure prints its end.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
source ci/lib.sh
kiln_on_error fuzz

minutes=
run_tests=0
while [ $# -gt 0 ]; do
   case $1 in
   --minutes)
      [ $# -ge 2 ] && [[ $2 =~ ^[0-9]+$ ]] && [ "$2" -gt 0 ] ||
         kiln_die "--minutes needs a whole number of minutes" "e.g. ci/fuzz.sh --minutes 30"
      minutes=$2
      shift 2
      ;;
   --test)
      run_tests=1
      shift
      ;;
   *)
      kiln_die "unknown argument '$1'" "ci/fuzz.sh [--test] [--minutes N]"
      ;;
   esac
done

bash ci/setup.sh

build=${KILN_FUZZ_BUILD_DIR:-build-fuzz}
log=$top/${build%/}.log
# Build-time tools (Mesa's generators) are instrumented too; what they
# leak at exit is no finding of ours.
export ASAN_OPTIONS=detect_leaks=0

# ci/build.sh extracts Mesa again when its wrap or patches change; this
# build follows it rather than racing it for the tree.
stamp=$(kiln_mesa_stamp)
if [ -d "$kiln_mesa_src" ] && [ -f subprojects/.mesa-stamp ] &&
   [ "$(cat subprojects/.mesa-stamp)" != "$stamp" ]; then
   kiln_die "the Mesa wrap or its patches changed since Mesa was extracted" \
            "run ci/build.sh first (it extracts Mesa again), then rerun"
fi
if [ -f "$build/build.ninja" ] && [ "$(cat "$build/.kiln-mesa-stamp" 2>/dev/null)" != "$stamp" ]; then
   kiln_step "Mesa changed since $build was configured: configuring it again"
   rm -rf "$build"
fi


: > "$log"
if [ ! -f "$build/build.ninja" ]; then
   kiln_step "configuring $build (clang-15, -Dfuzz=true, ASan and UBSan)"
   # b_lundef=false: the sanitizer runtimes are linked into executables
   # only, so Mesa's shared libraries have undefined references to them.
   kiln_logged "$log" env CC=clang-15 CXX=clang++-15 meson setup "$build" --native-file ci/native.ini \
      -Dfuzz=true -Dchecked=true -Db_sanitize=address,undefined -Db_lundef=false
   echo "$stamp" > "$build/.kiln-mesa-stamp"
   kiln_step "first build of $build: Mesa's compiler libraries and kiln instrumented," \
             "about 30 minutes on 2 cores"
fi

# The fuzzer and kilnc (for the seed corpus), and what they link.
kiln_logged "$log" ninja -C "$build" -j "${KILN_FUZZ_JOBS:-$(nproc)}" fuzz
kiln_step "$build is up to date"

unset ASAN_OPTIONS
if [ "$run_tests" = 1 ]; then
   kiln_step "running the fuzz suite in $build"
   meson test -C "$build" --no-rebuild --print-errorlogs --suite fuzz
fi
if [ -n "$minutes" ]; then
   kiln_step "fuzzing kiln_compile() with SPIR-V for $minutes minutes"
   /usr/bin/python3 tests/fuzz/run_fuzz.py \
      --fuzzer "$build/tests/fuzz/fuzz_compile_spirv" --kilnc "$build/src/tools/kilnc" \
      --kernels-list tests/corpus/kernels.txt --kernels-dir tests/kernels \
      --work "$build/tests/fuzz" --seconds $(( minutes * 60 )) --keep-going
fi
