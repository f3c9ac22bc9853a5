#!/usr/bin/env bash
# kiln's C is kept as its .clang-format writes it. The version is pinned:
# clang-format's output drifts between releases (ACO's tree shows it), so
# only Debian 12's clang-format-14 judges; a newer one would disagree on
# lines nobody changed. Prints every file that drifts and how to mend it.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
cf=$(command -v clang-format-14) || { echo "clang-format-14 is not installed (ci/test.sh installs it)"; exit 77; }
[ -d .git ] || { echo "not a git checkout: nothing to list"; exit 77; }
files=()
for f in $(git ls-files '*.c' '*.h' | grep -v '^subprojects/'); do
   [ -f "$f" ] && files+=("$f")
done
# One clang-format run over every file is quick; only when it finds drift
# is each file asked again, to name them.
bad=()
if ! "$cf" --style=file --dry-run --Werror "${files[@]}" >/dev/null 2>&1; then
   for f in "${files[@]}"; do
      "$cf" --style=file --dry-run --Werror "$f" >/dev/null 2>&1 || bad+=("$f")
   done
fi
if [ ${#bad[@]} -gt 0 ]; then
   printf 'not as .clang-format writes it: %s\n' "${bad[@]}"
   echo "to fix: clang-format-14 -i ${bad[*]}"
   exit 1
fi
echo "${#files[@]} files as .clang-format writes them"
