#!/usr/bin/env bash
# Sets up (ci/setup.sh) and builds kiln's own targets and the parts of Mesa
# they link. Re-running with nothing changed is a no-op build.
#
# KILN_CHECKED=1 builds the checked configuration the tests use (Mesa's and
# kiln's assertions and NIR validation on) in build-checked/; otherwise the
# optimised NDEBUG build in build/. KILN_BUILD_DIR overrides the directory.
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
log=$top/${build%/}.log

# A changed wrap or patch set means the extracted Mesa tree is stale.
shopt -s nullglob
stamp=$(cat subprojects/mesa.wrap subprojects/packagefiles/* | sha256sum | cut -c1-16)
if [ -d subprojects/mesa-25.0.7 ] && [ "$(cat subprojects/.mesa-stamp 2>/dev/null)" != "$stamp" ]; then
   kiln_step "the Mesa wrap or its patches changed: extracting Mesa again"
   rm -rf subprojects/mesa-25.0.7 build build-checked
fi

# Runs a build step with its output in the log, printing progress from
# ninja's [done/total] lines every tenth, and the log's end if it fails.
logged() {
   if "$@" 2>&1 | tee -a "$log" | awk '
         match($0, /^\[[0-9]+\/[0-9]+\]/) {
            split(substr($0, 2, RLENGTH - 2), n, "/"); p = int(10 * n[1] / n[2])
            if (p > last) { last = p; printf "[build] %d%% (%s)\n", 10 * p, substr($0, 1, RLENGTH) > "/dev/stderr" }
         }'; then
      return 0
   fi
   echo "[build] error: '$*' failed; the end of $log:" >&2
   grep -E '^FAILED:|^ERROR:|(error|Error):' "$log" | grep -v 'supports arguments' | tail -n 20 >&2 || true
   tail -n 30 "$log" >&2
   kiln_die "the build in $build failed" "fix the error above (full output in $log) and rerun"
}

: > "$log"
if [ ! -f "$build/build.ninja" ]; then
   kiln_step "configuring $build (meson setup ${setup_args[*]})"
   logged meson setup "$build" --native-file ci/native.ini "${setup_args[@]}"
   kiln_step "first build of $build: Mesa's compiler libraries and kiln, about 10 minutes on 2 cores"
fi
echo "$stamp" > subprojects/.mesa-stamp

# Only kiln's targets (and what they link): not every Mesa default target.
logged ninja -C "$build" kiln
kiln_step "$build is up to date"
