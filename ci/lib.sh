# Shared by the ci/ scripts: progress lines and an ERR trap that says which
# command failed, where, and what to do, so no script ends silently; the
# job a script runs for; where Mesa's source is; and the Debian packages
# unpacked (never installed) for bindgen's crates and piglit.

kiln_top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# Each script is named after its file (build, setup, ...).  The job is the
# script the user ran, inherited by the scripts it runs: ci/setup.sh
# installs what `main` runs, and the peers and test tools only for `test`
# (and `fuzz`, whose build needs libFuzzer).
kiln_script=$(basename "$0" .sh)
export KILN_JOB=${KILN_JOB:-$kiln_script}

# Mesa's generators must run under Debian's python3 (ci/native.ini), and
# meson, rustc and cargo are Debian's: keep another interpreter or
# toolchain earlier on PATH (pyenv's, rustup's) from shadowing them.
export PATH=/usr/bin:/bin:$PATH

# Where the Mesa subproject is extracted: the wrap's directory, so the
# release is named in subprojects/mesa.wrap alone.
kiln_mesa_src=subprojects/$(sed -n 's/^directory *= *//p' "$kiln_top/subprojects/mesa.wrap")

# The Mesa wrap and its patches, as one hash: when it changes, the
# extracted tree is stale (ci/build.sh extracts it again).
kiln_mesa_stamp() {
   (
      shopt -s nullglob
      cat "$kiln_top/subprojects/mesa.wrap" "$kiln_top"/subprojects/packagefiles/* | sha256sum | cut -c1-16
   )
}

# Touched by ci/setup.sh whenever it installs Debian packages: a build
# directory configured before that may have missed an optional dependency
# (the ICD loader's development files turn on tests/opencl), so
# ci/build.sh configures it again.
kiln_packages_stamp=subprojects/.packages-installed

kiln_step() { echo "[$kiln_script] $*" >&2; }

kiln_die() {
   echo "[$kiln_script] error: $1" >&2
   [ $# -lt 2 ] || echo "[$kiln_script] to fix: $2" >&2
   exit 1
}

kiln_on_error() {
   set -E # the trap fires inside functions too
   kiln_script=$1
   trap 'kiln_report_error $? "$BASH_COMMAND" "${BASH_SOURCE[0]}" "$LINENO"' ERR
}

kiln_report_error() {
   echo "[$kiln_script] error: '$2' failed with status $1 at $3:$4" >&2
   echo "[$kiln_script] to fix: read the output above; rerunning after the fix resumes where this stopped" >&2
}

# Runs a build step (meson, ninja) with its output appended to the log
# $1, printing progress from ninja's [done/total] lines every tenth, and on
# failure the log's errors and end.
kiln_logged() {
   local log=$1
   shift
   local status
   # PIPESTATUS is read before anything else runs; "|| :" keeps errexit
   # and the ERR trap out of a failure this function reports itself.
   { "$@" 2>&1 | tee -a "$log" | awk -v who="$kiln_script" '
         match($0, /^\[[0-9]+\/[0-9]+\]/) {
            split(substr($0, 2, RLENGTH - 2), n, "/"); p = int(10 * n[1] / n[2])
            if (p > last) { last = p; printf "[%s] %d%% (%s)\n", who, 10 * p, substr($0, 1, RLENGTH) > "/dev/stderr" }
         }'; status=${PIPESTATUS[0]}; } || :
   [ "$status" -ne 0 ] || return 0
   echo "[$kiln_script] error: '$*' failed with status $status; the end of $log:" >&2
   grep -E '^FAILED:|^ERROR:|(error|Error):' "$log" | grep -v 'supports arguments' | tail -n 20 >&2 || true
   tail -n 30 "$log" >&2
   kiln_die "'$*' failed" "fix the error above (full output in $log) and rerun"
}

# The .deb of PACKAGE[=VERSION] in DIR, if it was downloaded.
kiln_deb_file() {
   local dir=$1 name=${2%%=*} ver=
   [[ $2 != *=* ]] || ver=${2#*=}
   compgen -G "$dir/${name}_${ver:+${ver//:/%3a}_}*.deb" | head -n1 || :
}

# Downloads the Debian packages PACKAGE[=VERSION]... that DIR lacks into
# DIR (apt-get download), then unpacks each into ROOT (dpkg -x): files to
# use without installing the package.  As root, apt downloads as root,
# since its sandbox user may not write to DIR.  Fails naming the first
# package that did not come.
kiln_unpack_debs() {
   local dir=$1 root=$2 p want=()
   shift 2
   mkdir -p "$dir" "$root"
   for p in "$@"; do
      [ -n "$(kiln_deb_file "$dir" "$p")" ] || want+=("$p")
   done
   if [ ${#want[@]} -gt 0 ]; then
      kiln_step "apt-get download: ${#want[@]} of $# packages into $dir"
      local sandbox=()
      [ "$(id -u)" -ne 0 ] || sandbox=(-o APT::Sandbox::User=root)
      (cd "$dir" && apt-get download -qq "${sandbox[@]}" "${want[@]}") || true
   fi
   for p in "$@"; do
      local deb
      deb=$(kiln_deb_file "$dir" "$p")
      [ -n "$deb" ] || { kiln_step "apt-get download gave no .deb for $p"; return 1; }
      dpkg -x "$deb" "$root"
   done
}
