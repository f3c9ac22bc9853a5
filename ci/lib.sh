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
