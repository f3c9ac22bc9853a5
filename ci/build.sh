#!/usr/bin/env bash
# Sets up (ci/setup.sh) and builds kiln's own targets and the parts of Mesa
# they link. Re-running with nothing changed is a no-op build.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"

bash ci/setup.sh

# Mesa's generators must run under Debian's python3 (ci/native.ini), and
# meson itself is Debian's; keep another interpreter from shadowing them.
export PATH=/usr/bin:/bin:$PATH
build=${KILN_BUILD_DIR:-build}

# A changed wrap or patch set means the extracted Mesa tree is stale.
shopt -s nullglob
stamp=$(cat subprojects/mesa.wrap subprojects/packagefiles/* | sha256sum | cut -c1-16)
if [ -d subprojects/mesa-25.0.7 ] && [ "$(cat subprojects/.mesa-stamp 2>/dev/null)" != "$stamp" ]; then
   rm -rf subprojects/mesa-25.0.7 "$build"
fi

if [ ! -f "$build/build.ninja" ]; then
   meson setup "$build" --native-file ci/native.ini
fi
echo "$stamp" > subprojects/.mesa-stamp

# Only kiln's targets (and what they link): not every Mesa default target.
ninja -C "$build" kiln
