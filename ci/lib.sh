# Shared by the ci/ scripts: progress lines and an ERR trap that says which
# command failed, where, and what to do, so no script ends silently.

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
