#!/usr/bin/env bash
# Sets up (ci/setup.sh) and builds kiln's own targets and the parts of Mesa
# they link. Re-running with nothing changed is a no-op build.
#
# KILN_CHECKED=1 builds the checked configuration the tests use (Mesa's and
# kiln's assertions and NIR validation on) in build-checked/; otherwise the
# optimised NDEBUG build in build/. KILN_BUILD_DIR overrides the directory.
# KILN_OPENCL=1 adds Mesa's Rusticl (-Dopencl=true; ci/setup.sh installs
# the Rust toolchain, ci/native-rust.ini names it) to a new build directory.
# The compiler's output goes to $build/../<dir>.log; a failure prints its end.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
source ci/lib.sh
kiln_on_error build

bash ci/setup.sh

# Mesa's generators must run under Debian's python3 (ci/native.ini), and
# meson itself is Debian's; keep another interpreter from shadowing them.
export PATH=/usr/bin:/bin:$PATH
if [ "${KILN_CHECKED:-0}" = 1 ]; then
   build=${KILN_BUILD_DIR:-build-checked}
   setup_args=(-Dchecked=true)
else
   build=${KILN_BUILD_DIR:-build}
   setup_args=()
fi
if [ "${KILN_OPENCL:-0}" = 1 ]; then
   setup_args+=(--native-file ci/native-rust.ini -Dopencl=true)
fi
log=$top/${build%/}.log

# A changed wrap or patch set means the extracted Mesa tree is stale.
shopt -s nullglob
stamp=$(cat subprojects/mesa.wrap subprojects/packagefiles/* | sha256sum | cut -c1-16)
if [ -d subprojects/mesa-25.0.7 ] && [ "$(cat subprojects/.mesa-stamp 2>/dev/null)" != "$stamp" ]; then
   kiln_step "the Mesa wrap or its patches changed: extracting Mesa again"
   rm -rf subprojects/mesa-25.0.7 build build-checked
fi


: > "$log"
if [ ! -f "$build/build.ninja" ]; then
   kiln_step "configuring $build (meson setup ${setup_args[*]})"
   kiln_logged "$log" meson setup "$build" --native-file ci/native.ini "${setup_args[@]}"
   kiln_step "first build of $build: Mesa's compiler libraries and kiln, about 10 minutes on 2 cores"
elif [ "${KILN_OPENCL:-0}" = 1 ] && ! grep -qx 'opencl = true' "$build/meson-private/cmd_line.txt"; then
   # Native files are read at setup only: Rust cannot be added afterwards.
   kiln_die "$build was configured without -Dopencl=true" \
            "remove $build, or name a new directory with KILN_BUILD_DIR, and rerun with KILN_OPENCL=1"
fi
echo "$stamp" > subprojects/.mesa-stamp

# Only kiln's targets (and what they link): not every Mesa default target.
kiln_logged "$log" ninja -C "$build" kiln
kiln_step "$build is up to date"
