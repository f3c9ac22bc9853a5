#!/usr/bin/env bash
# Sets up (ci/setup.sh) and builds kiln's own targets and the parts of Mesa
# they link. Re-running with nothing changed is a no-op build.
#
# KILN_CHECKED=1 builds the checked configuration the tests use (Mesa's and
# kiln's assertions and NIR validation on) in build-checked/; otherwise the
# optimised NDEBUG build in build/. KILN_BUILD_DIR overrides the directory.
# KILN_OPENCL=1 (what ci/main.sh and ci/test.sh set unless KILN_OPENCL=0)
# adds kiln's OpenCL ICD: Mesa's Rusticl, kiln's Gallium driver and
# libKilnOpenCL.so (-Dopencl=true; ci/setup.sh installs the Rust toolchain,
# ci/native-rust.ini names it). A directory configured without it is
# configured again.
# The compiler's output goes to $build/../<dir>.log; a failure prints its end.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
source ci/lib.sh
kiln_on_error build

bash ci/setup.sh

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

# A changed wrap or patch set means the extracted Mesa tree is stale: it
# is extracted again, and this build directory configured again.  Other
# build directories are left alone (they may be someone else's); their
# next build finds Mesa's sources changed under them.
stamp=$(kiln_mesa_stamp)
if [ -d "$kiln_mesa_src" ] && [ "$(cat subprojects/.mesa-stamp 2>/dev/null)" != "$stamp" ]; then
   kiln_step "the Mesa wrap or its patches changed: extracting Mesa again, configuring $build again"
   rm -rf "$kiln_mesa_src" "$build"
fi

: > "$log"
if [ ! -f "$build/build.ninja" ]; then
   kiln_step "configuring $build (meson setup ${setup_args[*]})"
   kiln_logged "$log" meson setup "$build" --native-file ci/native.ini "${setup_args[@]}"
   kiln_step "first build of $build: Mesa's compiler libraries and kiln, about 10 minutes on 2 cores"
elif [ "${KILN_OPENCL:-0}" = 1 ] && ! grep -qx 'opencl = true' "$build/meson-private/cmd_line.txt"; then
   # Native files are read at setup only: Rust cannot be added to a
   # configured directory, so it is configured again from scratch.
   kiln_step "$build was configured without the OpenCL ICD: configuring it again (meson setup ${setup_args[*]})"
   rm -rf "$build"
   kiln_logged "$log" meson setup "$build" --native-file ci/native.ini "${setup_args[@]}"
   kiln_step "first build of $build with Rusticl: about 25 minutes on 2 cores"
elif [ "$kiln_packages_stamp" -nt "$build/build.ninja" ]; then
   kiln_step "Debian packages were installed since $build was configured: configuring it again"
   kiln_logged "$log" meson setup --reconfigure "$build"
fi
echo "$stamp" > subprojects/.mesa-stamp

# Only kiln's targets (and what they link): not every Mesa default target.
kiln_logged "$log" ninja -C "$build" kiln
kiln_step "$build is up to date"
